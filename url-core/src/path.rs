//! Iterating over a URL's path segments (spec 4.1, URL path).

/// The segments of a URL path that is a list (spec 4.1), from its serialization.
///
/// Made by [`UrlRecord::path_segments`](crate::UrlRecord::path_segments).
#[derive(Clone, Debug)]
pub struct PathSegments<'a> {
    /// The rest of the serialized path, each remaining segment preceded by `/`.
    rest: &'a str,
}

impl<'a> PathSegments<'a> {
    /// The segments of a serialized list path (`""` for the empty list, `"/a/b"` for
    /// « a, b »).
    pub(crate) fn new(serialized: &'a str) -> Self {
        PathSegments { rest: serialized }
    }
}

impl<'a> Iterator for PathSegments<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = self.rest.strip_prefix('/')?;
        match rest.find('/') {
            Some(i) => {
                let (segment, tail) = rest.split_at(i);
                self.rest = tail;
                Some(segment)
            }
            None => {
                self.rest = "";
                Some(rest)
            }
        }
    }
}

impl DoubleEndedIterator for PathSegments<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let i = self.rest.rfind('/')?;
        let (head, segment) = self.rest.split_at(i);
        self.rest = head;
        segment.get(1..)
    }
}

impl core::iter::FusedIterator for PathSegments<'_> {}
