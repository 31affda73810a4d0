//! The `URL` interface's constructors and static methods (spec 6.1): the API URL parser,
//! `canParse`, the parse that reports validation errors, `join`, and the parse whose URL is
//! made in a wrapper's types.

use alloc::vec::Vec;
use core::convert::identity;

use url_core::{Encoder, ParseError, ReportedError, Utf8, ValidationSink};

use crate::url::Url;

impl Url {
    /// `new URL(url, base)` (spec 6.1): the API URL parser. `base`, when given, is parsed
    /// first; if it fails, so does this. Then `input` is parsed against it.
    ///
    /// The base string is parsed on every call. Where many inputs share a base, parse it once
    /// and [`Url::join`] each input to it: that took 0.5 to 0.7 of the time of this function
    /// with the base as a string (`cargo xtask bench`, the relative reference rows of
    /// docs/performance.md).
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
        // Each record is made in its `Url` (`Url::parse_as`), not moved into one. The base is
        // built even for an input that never reads it (an already normal absolute URL): to
        // recognize that input first and only check the base (`can_parse`) took 22% fewer
        // instructions there (`url-profile ours relative` on kasztp's absolute URLs, 1,019 to
        // 792 a URL), but 8% more for relative references, which then try the fast path twice,
        // and added a second copy of the fast path and `can_parse` (30 KB) to every program
        // that passes a base string.
        Url::with_base(base, |base| Url::parse_record(input, base), Err)
    }

    /// The API URL parser's first step (spec 6.1): `base`, when given, parsed on its own; then
    /// `then` with it, or `fail` with its failure. The base is read where it was made: moved
    /// out of its `Result` into an `Option<Url>`, it was copied at other offsets right after
    /// the parser's stores, a copy that waits for them: a sixth of the time of a relative
    /// reference parsed against a base string (`url-profile ours relative`, docs/performance.md).
    #[inline(always)]
    pub(crate) fn with_base<T>(
        base: Option<&str>,
        then: impl FnOnce(Option<&Url>) -> T,
        fail: impl FnOnce(ParseError) -> T,
    ) -> T {
        Url::with_base_parsed_by(base, |base| Url::parse_record(base, None), then, fail)
    }

    /// [`Url::with_base`] with the base parsed by `parse_base` (with an encoding, see
    /// `Url::parse_with_encoding`).
    #[inline(always)]
    pub(crate) fn with_base_parsed_by<T>(
        base: Option<&str>,
        parse_base: impl FnOnce(&str) -> Result<Url, ParseError>,
        then: impl FnOnce(Option<&Url>) -> T,
        fail: impl FnOnce(ParseError) -> T,
    ) -> T {
        match base {
            None => then(None),
            Some(base) => match &parse_base(base) {
                Ok(base) => then(Some(base)),
                Err(error) => fail(*error),
            },
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
        Url::with_base(
            base,
            |base| url_core::UrlRecord::can_parse(input, base.map(|base| &base.inner)),
            |_| false,
        )
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
        let result = Url::with_base(
            base,
            |base| Url::parse_with_sink(input, base, &Utf8, &mut errors),
            Err,
        );
        (result, errors)
    }

    /// The URL parser with an `encoding` and a listener (`sink`), the `Url` made where the
    /// caller keeps it (`UrlRecord::parse_with_as`): the parses that report validation errors
    /// or take an encoding.
    pub(crate) fn parse_with_sink<E: Encoder + ?Sized, S: ValidationSink>(
        input: &str,
        base: Option<&Url>,
        encoding: &E,
        sink: &mut S,
    ) -> Result<Url, ParseError> {
        let base = base.map(|base| &base.inner);
        url_core::UrlRecord::parse_with_as(input, base, encoding, sink, Url::from, identity)
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
}
