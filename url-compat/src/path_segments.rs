//! `PathSegmentsMut`: rust-url's path editor, on whatwg-url's (which follows the same rules:
//! `.` and `..` are skipped, the URL gets the new path when the editor is dropped).

use crate::Url;

/// Exposes methods to manipulate the path of an URL that is not cannot-be-base.
///
/// The path always starts with a `/` slash, and is made of slash-separated segments. There is
/// always at least one segment (which may be the empty string).
///
/// Examples:
///
/// ```rust
/// use url::Url;
///
/// let mut url = Url::parse("mailto:me@example.com")?;
/// assert!(url.path_segments_mut().is_err());
///
/// let mut url = Url::parse("http://example.net/foo/index.html")?;
/// url.path_segments_mut().map_err(|_| "cannot be base")?
///     .pop().push("img").push("2/100%.png");
/// assert_eq!(url.as_str(), "http://example.net/foo/img/2%2F100%25.png");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct PathSegmentsMut<'a> {
    inner: whatwg_url::PathSegmentsMut<'a>,
}

impl<'a> PathSegmentsMut<'a> {
    pub(crate) fn new(url: &'a mut Url) -> Result<Self, ()> {
        url.inner_mut()
            .path_segments_mut()
            .map(|inner| PathSegmentsMut { inner })
            .map_err(|_| ())
    }

    /// Remove all segments in the path, leaving the minimal `url.path() == "/"`.
    ///
    /// Returns `&mut Self` so that method calls can be chained.
    pub fn clear(&mut self) -> &mut Self {
        self.inner.clear();
        self
    }

    /// Remove the last segment of this URL's path if it is empty, except if these was only
    /// one segment to begin with.
    ///
    /// In other words, remove one path trailing slash, if any, unless it is also the initial
    /// slash (so this does nothing if `url.path() == "/")`.
    ///
    /// Returns `&mut Self` so that method calls can be chained.
    pub fn pop_if_empty(&mut self) -> &mut Self {
        self.inner.pop_if_empty();
        self
    }

    /// Remove the last segment of this URL's path.
    ///
    /// If the path only has one segment, make it empty such that `url.path() == "/"`.
    ///
    /// Returns `&mut Self` so that method calls can be chained.
    pub fn pop(&mut self) -> &mut Self {
        self.inner.pop();
        self
    }

    /// Append the given segment at the end of this URL's path, percent-encoded with the path
    /// segment set (`/` and `%` included). `.` and `..` are skipped.
    ///
    /// Returns `&mut Self` so that method calls can be chained.
    pub fn push(&mut self, segment: &str) -> &mut Self {
        self.inner.push(segment);
        self
    }

    /// Append each segment from the given iterator at the end of this URL's path, as
    /// [`PathSegmentsMut::push`] does.
    ///
    /// Returns `&mut Self` so that method calls can be chained.
    pub fn extend<I>(&mut self, segments: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        self.inner.extend(segments);
        self
    }
}
