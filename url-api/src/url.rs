//! The `URL` interface (spec 6.1): constructors, statics and getters.

use alloc::string::String;
use alloc::vec::Vec;
use core::convert::identity;

use url_core::{
    HostKind, HostRef, Origin, ParseError, PathSegments, ReportedError, SchemeType, Utf8,
    ValidationSink,
};

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
    /// `new URL(url, base)` (spec 6.1): the API URL parser. `base`, when given, is parsed
    /// first; if it fails, so does this. Then `input` is parsed against it.
    ///
    /// ```
    /// use whatwg_url::Url;
    ///
    /// let url = Url::parse("../c?x#y", Some("https://example.org/a/b"))?;
    /// assert_eq!(url.href(), "https://example.org/c?x#y");
    /// assert!(Url::parse("/relative", None).is_err());
    /// assert!(Url::parse("a", Some("not a base")).is_err());
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn parse(input: &str, base: Option<&str>) -> Result<Url, ParseError> {
        // Each record is made in its `Url` (`Url::parse_as`), not moved into one.
        match base {
            Some(base) => {
                let base = Url::parse_record(base, None)?;
                Url::parse_record(input, Some(&base))
            }
            None => Url::parse_record(input, None),
        }
    }

    /// `URL.canParse(url, base)` (spec 6.1): whether [`Url::parse`] would succeed.
    ///
    /// ```
    /// use whatwg_url::Url;
    ///
    /// assert!(Url::can_parse("https://example.org", None));
    /// assert!(Url::can_parse("path", Some("https://example.org/")));
    /// assert!(!Url::can_parse("https://exa mple.org", None));
    /// ```
    pub fn can_parse(input: &str, base: Option<&str>) -> bool {
        // url-core's can_parse recognizes already-normal URLs without building a record;
        // the base, when given, must be parsed in full since it is used.
        match base {
            None => url_core::UrlRecord::can_parse(input, None),
            Some(base) => Url::parse_record(base, None)
                .is_ok_and(|base| url_core::UrlRecord::can_parse(input, Some(&base.inner))),
        }
    }

    /// [`Url::parse`] that also returns every validation error (spec 1.1) the basic URL
    /// parser met in `input`, each with its spec name ([`ReportedError::name`]) and its byte
    /// offset in `input` ([`ReportedError::offset`]). Validation errors are reported even
    /// when the parse succeeds (most are not failures); on failure the last one is the cause.
    ///
    /// Errors in `base` are not listed: if `base` fails to parse, the result is that failure
    /// (its offset is in `base`) and the list is empty.
    ///
    /// ```
    /// use whatwg_url::Url;
    ///
    /// let (result, errors) = Url::parse_with_validation("https:\\\\example.org\\a b", None);
    /// assert_eq!(result?.href(), "https://example.org/a%20b");
    /// let names: Vec<&str> = errors.iter().map(|e| e.name()).collect();
    /// assert!(names.contains(&"invalid-reverse-solidus"));
    /// assert!(names.contains(&"invalid-URL-unit"));
    /// assert_eq!(errors[0].offset(), 6);
    ///
    /// let (result, errors) = Url::parse_with_validation("https://example.org:99999", None);
    /// assert!(result.is_err());
    /// assert_eq!(errors.last().map(|e| e.name()), Some("port-out-of-range"));
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    // `#[inline]`: compiled in the crate that calls it, so that a program that never asks for
    // validation errors does not build the reporting copy of the host parser and the
    // listener's record (a sixth of this crate's generated code) with `whatwg-url`.
    #[inline]
    pub fn parse_with_validation(
        input: &str,
        base: Option<&str>,
    ) -> (Result<Url, ParseError>, Vec<ReportedError>) {
        Url::parse_reporting(input, base)
    }

    /// [`Url::parse_with_validation`]'s steps. Out of line, returning the pair itself with the
    /// `Url` made in it (`UrlRecord::parse_with_as`): the record is written where the caller's
    /// pair keeps it, not moved there from a `Result` of its own (a copy right after the
    /// parser's stores, which waits for them: see `Url::parse_as`). Generic over the
    /// sink (only ever `Vec<ReportedError>`) so that, like its caller, it is compiled in the
    /// crate that asks for validation errors: a program that never does builds no reporting
    /// copy of the host parser (whatwg-url's largest function) with `whatwg-url`.
    #[inline(never)]
    fn parse_reporting<S: ValidationSink + Default>(
        input: &str,
        base: Option<&str>,
    ) -> (Result<Url, ParseError>, S) {
        let mut errors = S::default();
        let base = match base.map(|base| Url::parse_record(base, None)) {
            Some(Err(error)) => return (Err(error), errors),
            Some(Ok(base)) => Some(base),
            None => None,
        };
        let base = base.as_ref().map(|base| &base.inner);
        let result = url_core::UrlRecord::parse_with_as(
            input,
            base,
            &Utf8,
            &mut errors,
            Url::from,
            identity,
        );
        (result, errors)
    }

    /// Parses `input` relative to this URL (the basic URL parser with this URL as base).
    ///
    /// ```
    /// use whatwg_url::Url;
    ///
    /// let base = Url::parse("https://example.org/docs/guide/index.html", None)?;
    /// assert_eq!(base.join("../api/")?.href(), "https://example.org/docs/api/");
    /// assert_eq!(base.join("//cdn.example/x.js")?.href(), "https://cdn.example/x.js");
    /// assert_eq!(base.join("?page=2")?.href(), "https://example.org/docs/guide/index.html?page=2");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn join(&self, input: &str) -> Result<Url, ParseError> {
        Url::parse_record(input, Some(self))
    }

    /// [`Url::parse`] against a parsed `base` ([`Url::join`] with one), with the `Url` handed
    /// to `wrap` where the parser makes it and a failure to `fail`: for a type that wraps a
    /// `Url` (the `url` facade's `Url`, with its own error type), whose `Result` is then
    /// written in place.
    ///
    /// Wrapping the `Result` of [`Url::parse`] instead (`.map(Wrapper)`, or a `match`) moves
    /// the 64-byte URL out of it right after the parser has stored it field by field, and the
    /// move's wide loads wait for those stores: that took a fifth more time than the parse
    /// alone on a web URL (`url-profile facade parse` against `ours parse`, kasztp). Mapping
    /// the error after the call moves it just the same. Each `T` (with its `wrap` and `fail`)
    /// is a compiled copy of the parser's fast path: pass the same functions at every call.
    /// `fail` is called only for a parse that fails, and then maybe twice (see
    /// `url_core::UrlRecord::parse_as`): it should convert the error and do nothing else.
    ///
    /// ```
    /// use whatwg_url::{ParseError, Url};
    ///
    /// struct Link(Url);
    /// /// Where the link failed to parse.
    /// #[derive(Debug, PartialEq)]
    /// struct BadLink(Option<usize>);
    /// fn bad_link(error: ParseError) -> BadLink {
    ///     BadLink(error.offset())
    /// }
    ///
    /// let base = Url::parse("https://example.org/docs/", None)?;
    /// let link = Url::parse_as("guide.html", Some(&base), Link, bad_link);
    /// assert_eq!(link.map(|link| link.0.href().len()), Ok(35));
    /// let link = Url::parse_as("//exa mple", Some(&base), Link, bad_link);
    /// assert_eq!(link.err(), Some(BadLink(Some(2))));
    /// # Ok::<(), ParseError>(())
    /// ```
    pub fn parse_as<T, F>(
        input: &str,
        base: Option<&Url>,
        wrap: impl FnOnce(Url) -> T + Copy,
        fail: impl FnOnce(ParseError) -> F + Copy,
    ) -> Result<T, F> {
        let wrap = move |inner| wrap(Url { inner });
        url_core::UrlRecord::parse_as(input, base.map(|base| &base.inner), wrap, fail)
    }

    /// The URL parser on `input` against a parsed `base`: [`Url::parse_as`] with no wrapper,
    /// the one compiled copy of the parser that this crate's own parses use.
    pub(crate) fn parse_record(input: &str, base: Option<&Url>) -> Result<Url, ParseError> {
        Url::parse_as(input, base, identity, identity)
    }

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
