//! The `URL` interface (spec 6.1): the `Url` type and its getters (the constructors and
//! statics are in `parse.rs`).

use alloc::string::String;

use url_core::{HostKind, HostRef, Origin, PathSegments, SchemeType};

use crate::search_params::UrlSearchParams;

/// A parsed URL with the getters and setters of the `URL` interface (spec 6.1).
///
/// A `Url` is a [`url_core::UrlRecord`] record (its serialization plus offsets, so [`href`] is
/// free and every getter is a slice). Two `Url`s are equal, hash and order by their
/// serialization ([`href`]).
///
/// The URL's `searchParams` (the spec's query object) is read with [`search_params`] and
/// changed through [`search_params_mut`], whose changes run the spec's update steps at once;
/// setting [`search`](Url::set_search) or [`href`](Url::set_href) is seen by the next read.
///
/// ```
/// use whatwg_url::Url;
///
/// let url = Url::parse("https://user:pw@EXAMPLE.com:8080/a/./b?q=1#top", None)?;
/// assert_eq!(url.href(), "https://user:pw@example.com:8080/a/b?q=1#top");
/// assert_eq!(url.protocol(), "https:");
/// assert_eq!(url.host(), "example.com:8080");
/// assert_eq!(url.pathname(), "/a/b");
/// assert_eq!(url.search(), "?q=1");
/// assert_eq!(url.hash(), "#top");
/// # Ok::<(), whatwg_url::ParseError>(())
/// ```
///
/// [`href`]: Url::href
/// [`search_params`]: Url::search_params
/// [`search_params_mut`]: Url::search_params_mut
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Url {
    pub(crate) inner: url_core::UrlRecord,
}

impl Url {
    /// The `href` getter (spec 6.1): the URL serializer's output (spec 4.5).
    ///
    /// ```
    /// let url = whatwg_url::Url::parse("HTTP://example.com:80/?a b", None)?;
    /// assert_eq!(url.href(), "http://example.com/?a%20b");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn href(&self) -> &str {
        self.inner.as_str()
    }

    /// `toJSON()` (spec 6.1): the same as [`href`](Url::href).
    ///
    /// ```
    /// let url = whatwg_url::Url::parse("https://example.com", None)?;
    /// assert_eq!(url.to_json(), "https://example.com/");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn to_json(&self) -> &str {
        self.inner.as_str()
    }

    /// The `origin` getter (spec 6.1): the ASCII serialization of the URL's origin (spec 4.7,
    /// HTML), `"null"` when it is opaque.
    ///
    /// ```
    /// use whatwg_url::Url;
    ///
    /// assert_eq!(Url::parse("https://example.com:443/x", None)?.origin(), "https://example.com");
    /// assert_eq!(Url::parse("data:text/plain,hi", None)?.origin(), "null");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn origin(&self) -> String {
        let mut origin = String::new();
        // Writing to a String never fails.
        let _ = self.write_origin(&mut origin);
        origin
    }

    /// The URL's origin (spec 4.7) as a value, for same-origin checks.
    ///
    /// ```
    /// use whatwg_url::Url;
    ///
    /// let a = Url::parse("https://example.com/a", None)?;
    /// let b = Url::parse("https://example.com:443/b", None)?;
    /// assert!(a.origin_record().same_origin(&b.origin_record()));
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn origin_record(&self) -> Origin {
        self.inner.origin()
    }

    /// The `protocol` getter (spec 6.1): the scheme followed by `:`.
    ///
    /// ```
    /// assert_eq!(whatwg_url::Url::parse("wss://example.com", None)?.protocol(), "wss:");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn protocol(&self) -> &str {
        // The serialization starts with the scheme and its ':'.
        let end = self.inner.scheme().len() + 1;
        self.href().get(..end).unwrap_or_default()
    }

    /// The `username` getter (spec 6.1): the URL's username (percent-encoded).
    ///
    /// ```
    /// assert_eq!(whatwg_url::Url::parse("ftp://me:secret@host/", None)?.username(), "me");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn username(&self) -> &str {
        self.inner.username()
    }

    /// The `password` getter (spec 6.1): the URL's password (percent-encoded).
    ///
    /// ```
    /// assert_eq!(whatwg_url::Url::parse("ftp://me:secret@host/", None)?.password(), "secret");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn password(&self) -> &str {
        self.inner.password()
    }

    /// The `host` getter (spec 6.1): the empty string when the host is null, else the host
    /// serialized, followed by `:` and the port when the port is not null.
    ///
    /// ```
    /// use whatwg_url::Url;
    ///
    /// assert_eq!(Url::parse("http://[::1]:8080/", None)?.host(), "[::1]:8080");
    /// assert_eq!(Url::parse("http://example.com:80/", None)?.host(), "example.com");
    /// assert_eq!(Url::parse("mailto:me@example.com", None)?.host(), "");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn host(&self) -> &str {
        let Some(host) = self.inner.host_str() else {
            return "";
        };
        let Some(port) = self.inner.port_str() else {
            return host;
        };
        let len = host.len() + 1 + port.len();
        // In the serialization the host is followed by ":" port, then the path (a URL with a
        // host has no "/." guard), the query and the fragment.
        let end = self
            .href()
            .len()
            .saturating_sub(self.path_query_fragment_len());
        end.checked_sub(len)
            .and_then(|start| self.href().get(start..end))
            .unwrap_or(host)
    }

    /// The `hostname` getter (spec 6.1): the host serialized (IPv6 in brackets), or the
    /// empty string when the host is null.
    ///
    /// ```
    /// assert_eq!(whatwg_url::Url::parse("http://[::1]:8080/", None)?.hostname(), "[::1]");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn hostname(&self) -> &str {
        self.inner.host_str().unwrap_or_default()
    }

    /// The `port` getter (spec 6.1): the port in decimal, or the empty string when the port
    /// is null (the scheme's default port is stored as null).
    ///
    /// ```
    /// use whatwg_url::Url;
    ///
    /// assert_eq!(Url::parse("https://example.com:8443", None)?.port(), "8443");
    /// assert_eq!(Url::parse("https://example.com:443", None)?.port(), "");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn port(&self) -> &str {
        self.inner.port_str().unwrap_or_default()
    }

    /// The `pathname` getter (spec 6.1): the URL path serializer's output (spec 4.5).
    ///
    /// ```
    /// use whatwg_url::Url;
    ///
    /// assert_eq!(Url::parse("https://example.com/a/../b c", None)?.pathname(), "/b%20c");
    /// assert_eq!(Url::parse("mailto:me@example.com", None)?.pathname(), "me@example.com");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn pathname(&self) -> &str {
        self.inner.path()
    }

    /// The `search` getter (spec 6.1): the empty string when the query is null or empty,
    /// else `?` followed by the query.
    ///
    /// ```
    /// use whatwg_url::Url;
    ///
    /// assert_eq!(Url::parse("https://example.com/?a=1", None)?.search(), "?a=1");
    /// assert_eq!(Url::parse("https://example.com/?", None)?.search(), "");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn search(&self) -> &str {
        match self.inner.query() {
            None | Some("") => "",
            Some(query) => {
                // "?" query, then the fragment part.
                let end = self.href().len().saturating_sub(self.fragment_len());
                end.checked_sub(query.len() + 1)
                    .and_then(|start| self.href().get(start..end))
                    .unwrap_or_default()
            }
        }
    }

    /// The `hash` getter (spec 6.1): the empty string when the fragment is null or empty,
    /// else `#` followed by the fragment.
    ///
    /// ```
    /// use whatwg_url::Url;
    ///
    /// assert_eq!(Url::parse("https://example.com/#top", None)?.hash(), "#top");
    /// assert_eq!(Url::parse("https://example.com/#", None)?.hash(), "");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn hash(&self) -> &str {
        match self.inner.fragment() {
            None | Some("") => "",
            Some(fragment) => {
                // "#" fragment ends the serialization.
                let href = self.href();
                href.len()
                    .checked_sub(fragment.len() + 1)
                    .and_then(|start| href.get(start..))
                    .unwrap_or_default()
            }
        }
    }

    /// The `searchParams` getter (spec 6.1), read-only: the URL's query parsed as
    /// application/x-www-form-urlencoded (empty when the query is null). Use
    /// [`search_params_mut`](Url::search_params_mut) to change it.
    ///
    /// The spec's query object always holds the parse of the URL's current query (it is set
    /// from the query on construction and by the `href` and `search` setters, and its own
    /// changes write the query back), so it is computed from the query here.
    ///
    /// ```
    /// let url = whatwg_url::Url::parse("https://example.com/?q=a+b&lang=en", None)?;
    /// let params = url.search_params();
    /// assert_eq!(params.get("q"), Some("a b"));
    /// assert_eq!(params.size(), 2);
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn search_params(&self) -> UrlSearchParams {
        match self.inner.query() {
            Some(query) => UrlSearchParams::parse_without_question_mark(query),
            None => UrlSearchParams::new(),
        }
    }

    /// Length of the serialized fragment part (`"#" fragment`), 0 when null.
    fn fragment_len(&self) -> usize {
        self.inner.fragment().map_or(0, |f| f.len() + 1)
    }

    /// Length of the serialized path, query (`"?" query`) and fragment parts.
    fn path_query_fragment_len(&self) -> usize {
        self.inner.path().len()
            + self.inner.query().map_or(0, |q| q.len() + 1)
            + self.fragment_len()
    }

    // Typed accessors, forwarded from the record (spec 4.1).

    /// The URL's scheme (spec 4.1), ASCII lowercase, without the `:`.
    ///
    /// ```
    /// assert_eq!(whatwg_url::Url::parse("HTTPS://example.com", None)?.scheme(), "https");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn scheme(&self) -> &str {
        self.inner.scheme()
    }

    /// The scheme, classified as one of the special schemes or not special (spec 4.2).
    ///
    /// ```
    /// use whatwg_url::{SchemeType, Url};
    ///
    /// assert_eq!(Url::parse("ws://h", None)?.scheme_type(), SchemeType::Ws);
    /// assert_eq!(Url::parse("web+x:y", None)?.scheme_type(), SchemeType::NotSpecial);
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn scheme_type(&self) -> SchemeType {
        self.inner.scheme_type()
    }

    /// Whether the URL is special (spec 4.2).
    ///
    /// ```
    /// assert!(whatwg_url::Url::parse("file:///tmp", None)?.is_special());
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn is_special(&self) -> bool {
        self.inner.is_special()
    }

    /// The URL's host (spec 4.1) as a typed value, `None` when the host is null.
    ///
    /// ```
    /// use std::net::Ipv4Addr;
    /// use whatwg_url::{HostRef, Url};
    ///
    /// let url = Url::parse("http://192.168.0.1/", None)?;
    /// assert_eq!(url.host_ref(), Some(HostRef::Ipv4(Ipv4Addr::new(192, 168, 0, 1))));
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn host_ref(&self) -> Option<HostRef<'_>> {
        self.inner.host()
    }

    /// The kind of the URL's host, `None` when the host is null.
    ///
    /// ```
    /// use whatwg_url::{HostKind, Url};
    ///
    /// assert_eq!(Url::parse("http://[::1]/", None)?.host_kind(), Some(HostKind::Ipv6));
    /// assert_eq!(Url::parse("file:///x", None)?.host_kind(), Some(HostKind::Empty));
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn host_kind(&self) -> Option<HostKind> {
        self.inner.host_kind()
    }

    /// The URL's port as a number (spec 4.1), `None` when null. A scheme's default port is
    /// always stored as null.
    ///
    /// ```
    /// use whatwg_url::Url;
    ///
    /// assert_eq!(Url::parse("http://h:8080", None)?.port_number(), Some(8080));
    /// assert_eq!(Url::parse("http://h:80", None)?.port_number(), None);
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn port_number(&self) -> Option<u16> {
        self.inner.port()
    }

    /// The port, or the scheme's default port (spec 4.2) when the port is null.
    ///
    /// ```
    /// use whatwg_url::Url;
    ///
    /// assert_eq!(Url::parse("https://h/", None)?.port_or_known_default(), Some(443));
    /// assert_eq!(Url::parse("foo://h/", None)?.port_or_known_default(), None);
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn port_or_known_default(&self) -> Option<u16> {
        self.inner.port_or_default()
    }

    /// Whether the URL has an opaque path (spec 4.2).
    ///
    /// ```
    /// assert!(whatwg_url::Url::parse("mailto:me@example.com", None)?.has_opaque_path());
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn has_opaque_path(&self) -> bool {
        self.inner.has_opaque_path()
    }

    /// The path's segments (spec 4.1), `None` when the path is opaque.
    ///
    /// ```
    /// let url = whatwg_url::Url::parse("https://h/a/b%20c/", None)?;
    /// let segments: Vec<&str> = url.path_segments().into_iter().flatten().collect();
    /// assert_eq!(segments, ["a", "b%20c", ""]);
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn path_segments(&self) -> Option<PathSegments<'_>> {
        self.inner.path_segments()
    }

    /// The URL's query (spec 4.1) without `?`, `None` when null (unlike
    /// [`search`](Url::search), an empty query is `Some("")`).
    ///
    /// ```
    /// use whatwg_url::Url;
    ///
    /// assert_eq!(Url::parse("https://h/?", None)?.query(), Some(""));
    /// assert_eq!(Url::parse("https://h/", None)?.query(), None);
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn query(&self) -> Option<&str> {
        self.inner.query()
    }

    /// The URL's fragment (spec 4.1) without `#`, `None` when null.
    ///
    /// ```
    /// assert_eq!(whatwg_url::Url::parse("https://h/#", None)?.fragment(), Some(""));
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn fragment(&self) -> Option<&str> {
        self.inner.fragment()
    }

    /// The href from the path on: the path, then the query and fragment with their `?` and
    /// `#` (which [`search`](Url::search) and [`hash`](Url::hash) leave out when empty).
    pub(crate) fn path_onward(&self) -> &str {
        let href = self.href();
        let after_path =
            self.query().map_or(0, |q| 1 + q.len()) + self.fragment().map_or(0, |f| 1 + f.len());
        href.get(href.len() - after_path - self.pathname().len()..)
            .unwrap_or_default()
    }

    /// The URL record this wraps.
    ///
    /// ```
    /// let url = whatwg_url::Url::parse("https://h/p", None)?;
    /// assert_eq!(url.as_core().path(), "/p");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn as_core(&self) -> &url_core::UrlRecord {
        &self.inner
    }

    /// Unwraps the URL record.
    ///
    /// ```
    /// let record = whatwg_url::Url::parse("https://h/p", None)?.into_core();
    /// assert_eq!(record.as_str(), "https://h/p");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn into_core(self) -> url_core::UrlRecord {
        self.inner
    }

    /// The serialization, consuming the URL.
    ///
    /// ```
    /// let s: String = whatwg_url::Url::parse("https://h", None)?.into_string();
    /// assert_eq!(s, "https://h/");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn into_string(self) -> String {
        self.inner.into_string()
    }
}

impl From<url_core::UrlRecord> for Url {
    /// Wraps a URL record ("initialize a URL object", spec 6.1; the query object is derived
    /// from the record's query when read).
    ///
    /// ```
    /// let record = url_core::UrlRecord::parse("https://h/?a=1", None)?;
    /// let url = whatwg_url::Url::from(record);
    /// assert_eq!(url.search_params().get("a"), Some("1"));
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    fn from(inner: url_core::UrlRecord) -> Url {
        Url { inner }
    }
}

impl From<Url> for url_core::UrlRecord {
    /// Unwraps the URL record, as [`Url::into_core`] does.
    fn from(url: Url) -> url_core::UrlRecord {
        url.inner
    }
}
