//! [`Url::make_relative`]: the shortest relative reference we find from one URL to another,
//! checked against the parser before it is returned.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::Url;

impl Url {
    /// A relative reference that [`join`](Url::join)s with `self` to give `url` exactly
    /// (rust-url's `make_relative`).
    ///
    /// `None`, as in rust-url, when the two URLs differ in scheme, username, password, host or
    /// port, or when `self` has an opaque path. Otherwise the reference is built from the
    /// paths' common directory (`../` for each directory of `self` left, then `url`'s
    /// segments, then its query and fragment), and then *checked*: `self.join(reference)` is
    /// parsed and compared with `url`. Where the short form does not give `url` back (a
    /// Windows drive letter that `..` cannot pop, a segment that reads as a scheme, …) a
    /// path-absolute reference is tried, and the full href last, so that for every `Some(r)`,
    /// `self.join(&r) == Ok(url)` holds.
    ///
    /// ```
    /// use whatwg_url::Url;
    ///
    /// let base = Url::parse("https://example.com/docs/guide/intro.html", None)?;
    /// let url = Url::parse("https://example.com/docs/api/index.html?x#top", None)?;
    /// assert_eq!(base.make_relative(&url).as_deref(), Some("../api/index.html?x#top"));
    /// let other = Url::parse("https://example.org/", None)?;
    /// assert_eq!(base.make_relative(&other), None);
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn make_relative(&self, url: &Url) -> Option<String> {
        if self.has_opaque_path()
            || self.scheme() != url.scheme()
            || self.username() != url.username()
            || self.password() != url.password()
            || self.host_kind() != url.host_kind()
            || self.host() != url.host()
            || self.has_opaque_path() != url.has_opaque_path()
        {
            return None;
        }
        // The query and fragment, with their `?` and `#`.
        let tail = url
            .path_onward()
            .get(url.pathname().len()..)
            .unwrap_or_default();
        let candidates = [
            relative_path(self, url).map(|path| format!("{path}{tail}")),
            Some(String::from(url.path_onward())),
            Some(String::from(url.href())),
        ];
        candidates
            .into_iter()
            .flatten()
            .find(|reference| self.join(reference).is_ok_and(|joined| joined == *url))
    }
}

/// The path part of the short reference: `../` per directory of `base` that `url` does not
/// share, then `url`'s segments after the shared ones; empty when the query alone says the
/// rest. `None` when a path is opaque.
fn relative_path(base: &Url, url: &Url) -> Option<String> {
    // Same path: the query (or nothing) says the rest; "" keeps base's query, which `url` then
    // has too.
    if base.pathname() == url.pathname() && (url.query().is_some() || base.query().is_none()) {
        return Some(String::new());
    }
    let base_segments: Vec<&str> = base.path_segments()?.collect();
    let segments: Vec<&str> = url.path_segments()?.collect();
    // The directories of each: every segment but the last (its "file").
    let directories = |s: &'_ [&'_ str]| s.len().saturating_sub(1);
    let (base_dirs, url_dirs) = (directories(&base_segments), directories(&segments));
    let shared = base_segments
        .iter()
        .zip(&segments)
        .take(base_dirs.min(url_dirs))
        .take_while(|(a, b)| a == b)
        .count();
    let mut path = String::new();
    for _ in shared..base_dirs {
        path.push_str("../");
    }
    // `url`'s segments after the shared ones, joined by `/`.
    for (i, segment) in segments
        .get(shared..)
        .unwrap_or_default()
        .iter()
        .enumerate()
    {
        if i > 0 {
            path.push('/');
        }
        path.push_str(segment);
    }
    if path.is_empty() {
        // `url` is the directory of base.
        path.push_str("./");
    }
    // A first segment with `:` would read as a scheme, and an empty one as an authority or
    // an absolute path: `./` keeps it a path.
    let first = path.split('/').next().unwrap_or_default();
    if first.contains(':') || path.starts_with('/') {
        path.insert_str(0, "./");
    }
    Some(path)
}
