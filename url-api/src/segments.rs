//! [`PathSegmentsMut`]: rust-url's mutable path-segment builder, committed through the
//! `pathname` setter (spec 6.1) so that the result is exactly what the standard's parser makes
//! of it.

use alloc::string::String;

use crate::{SetterError, Url};
use percent::{AsciiSet, PATH};

/// The bytes a pushed segment has percent-encoded: the path percent-encode set (spec 1.3), and
/// `/` and `%`, so that the segment stays one segment and means what it says (`%2F` is not a
/// separator, `%41` is not `A`).
const SEGMENT: &AsciiSet = &PATH.add(b'/').add(b'%');
/// [`SEGMENT`] and `\`, a separator in the path of a special URL.
const SPECIAL_SEGMENT: &AsciiSet = &SEGMENT.add(b'\\');

/// A mutable view of a URL's path segments, from [`Url::path_segments_mut`]. The URL is
/// updated when this is dropped.
///
/// Like rust-url's: `push` appends after the last segment (a trailing empty segment stays:
/// `pop_if_empty` first to replace it), `.` and `..` are skipped by `push` and `extend` (no
/// percent-encoding can make a segment of them that the parser keeps), `pop` on the root does
/// nothing.
///
/// ```
/// use whatwg_url::Url;
///
/// let mut url = Url::parse("https://example.com/api/v1/", None)?;
/// url.path_segments_mut()
///     .unwrap()
///     .pop_if_empty()
///     .push("users")
///     .push("a/b c%")
///     .extend(["..", "x"]);
/// assert_eq!(url.href(), "https://example.com/api/v1/users/a%2Fb%20c%25/x");
/// # Ok::<(), whatwg_url::ParseError>(())
/// ```
#[derive(Debug)]
pub struct PathSegmentsMut<'a> {
    url: &'a mut Url,
    /// The path after its first `/`.
    after_first_slash: String,
    changed: bool,
}

impl Url {
    /// The path segments for editing (rust-url's `path_segments_mut`), or
    /// [`SetterError::HasOpaquePath`].
    ///
    /// ```
    /// use whatwg_url::{SetterError, Url};
    /// let mut mail = Url::parse("mailto:me@example.com", None)?;
    /// assert_eq!(mail.path_segments_mut().map(|_| ()), Err(SetterError::HasOpaquePath));
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn path_segments_mut(&mut self) -> Result<PathSegmentsMut<'_>, SetterError> {
        if self.has_opaque_path() {
            return Err(SetterError::HasOpaquePath);
        }
        let path = self.pathname();
        let after_first_slash = String::from(path.strip_prefix('/').unwrap_or(path));
        Ok(PathSegmentsMut {
            url: self,
            after_first_slash,
            changed: false,
        })
    }
}

impl PathSegmentsMut<'_> {
    /// Removes every segment: the path becomes `/`.
    ///
    /// ```
    /// let mut url = whatwg_url::Url::parse("https://h/a/b?q", None)?;
    /// url.path_segments_mut().unwrap().clear();
    /// assert_eq!(url.href(), "https://h/?q");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn clear(&mut self) -> &mut Self {
        self.after_first_slash.clear();
        self.changed = true;
        self
    }

    /// Removes the last segment if it is empty (the path ends with `/`).
    ///
    /// ```
    /// let mut url = whatwg_url::Url::parse("https://h/a/", None)?;
    /// url.path_segments_mut().unwrap().pop_if_empty().push("b");
    /// assert_eq!(url.href(), "https://h/a/b");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn pop_if_empty(&mut self) -> &mut Self {
        if self.after_first_slash.ends_with('/') {
            self.after_first_slash.pop();
            self.changed = true;
        }
        self
    }

    /// Removes the last segment, if there is one besides the root's.
    ///
    /// ```
    /// let mut url = whatwg_url::Url::parse("https://h/a/b", None)?;
    /// url.path_segments_mut().unwrap().pop().pop().pop();
    /// assert_eq!(url.href(), "https://h/");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn pop(&mut self) -> &mut Self {
        if !self.after_first_slash.is_empty() {
            let last_slash = self.after_first_slash.rfind('/').unwrap_or(0);
            self.after_first_slash.truncate(last_slash);
            self.changed = true;
        }
        self
    }

    /// Appends `segment`, percent-encoded (the path percent-encode set, `/`, `%`, and for a
    /// special URL `\`). `.` and `..` are skipped.
    ///
    /// ```
    /// let mut url = whatwg_url::Url::parse("thing://h", None)?;
    /// url.path_segments_mut().unwrap().push("a\\b").push("c?");
    /// assert_eq!(url.href(), "thing://h/a\\b/c%3F");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn push(&mut self, segment: &str) -> &mut Self {
        if matches!(segment, "." | "..") {
            return self;
        }
        let set = if self.url.is_special() {
            SPECIAL_SEGMENT
        } else {
            SEGMENT
        };
        if !self.after_first_slash.is_empty() {
            self.after_first_slash.push('/');
        }
        percent::utf8_percent_encode_into(segment, set, &mut self.after_first_slash);
        self.changed = true;
        self
    }

    /// [`push`](Self::push) for each segment, in order.
    pub fn extend<I>(&mut self, segments: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        for segment in segments {
            self.push(segment.as_ref());
        }
        self
    }
}

impl Drop for PathSegmentsMut<'_> {
    fn drop(&mut self) {
        if self.changed {
            let mut path = String::with_capacity(1 + self.after_first_slash.len());
            path.push('/');
            path.push_str(&self.after_first_slash);
            // Cannot fail: the path is not opaque (checked when this was made).
            let _ = self.url.try_set_pathname(&path);
        }
    }
}
