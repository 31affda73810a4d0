//! The entry points of the basic URL parser (spec 4.4) without url and state override, and the
//! URL parser and API parser wrappers. With a url and a state override: `overrides.rs`.

use super::fast::Relative;
use super::input::prepare;
use super::report::Listener;
use super::{Flow, Parser, State};
use crate::error::ParseError;
use crate::url::UrlRecord;
use alloc::string::String;
use core::convert::identity;
use host::{NoSink, ValidationSink};
use percent::{Encoder, Utf8};

impl UrlRecord {
    /// The URL parser (spec 4.4) on `input` with an optional `base`, UTF-8 encoding, and no
    /// validation error reporting. (The blob URL entry step is left out: see the crate docs.)
    ///
    /// ```
    /// let url = url_core::UrlRecord::parse("HTTP://EXAMPLE.com:80/./a/../b", None)?;
    /// assert_eq!(url.as_str(), "http://example.com/b");
    /// # Ok::<(), url_core::ParseError>(())
    /// ```
    pub fn parse(input: &str, base: Option<&UrlRecord>) -> Result<UrlRecord, ParseError> {
        UrlRecord::parse_as(input, base, identity, identity)
    }

    /// [`UrlRecord::parse`], with the record handed to `wrap` where the parser makes it, and a
    /// failure to `fail`: for a type that wraps a record (the API's `whatwg_url::Url`, and the
    /// types that wrap that one), whose `Result` is then written in place.
    ///
    /// Wrapping the `Result` that [`UrlRecord::parse`] returns moves the record out of it, a
    /// 64-byte copy right after the parser has stored the record field by field; the copy's
    /// wide loads wait for those narrower stores to reach the cache. That was a tenth of the
    /// time of `whatwg_url::Url::parse` on a web URL (about 4 ns of 40: `url-profile ours
    /// parse` against `url-profile core parse`, kasztp). Each `T` is a compiled copy of the
    /// parser's fast path: a program that calls both this and [`UrlRecord::parse`] holds two.
    /// (Mapping the error after the call would move the record just the same.) `fail` is
    /// called only for a parse that fails, and then maybe twice (a scheme-relative reference
    /// is first tried as the absolute URL it stands for, and on failure parsed again for the
    /// error's offset in `input`): it should convert the error and do nothing else.
    ///
    /// ```
    /// struct Wrapper(url_core::UrlRecord);
    /// /// Where the input failed to parse.
    /// #[derive(Debug, PartialEq)]
    /// struct Failure(Option<usize>);
    ///
    /// let fail = |error: url_core::ParseError| Failure(error.offset());
    /// let url = url_core::UrlRecord::parse_as("HTTPS://EXAMPLE.com", None, Wrapper, fail);
    /// assert_eq!(url.map(|url| url.0.as_str().len()), Ok(20));
    /// let url = url_core::UrlRecord::parse_as("https://exa mple.com", None, Wrapper, fail);
    /// assert_eq!(url.err(), Some(Failure(Some(8))));
    /// ```
    // Out of line: a caller that wraps more than one parse (`whatwg_url::Url::parse`, with its
    // base) holds one copy, not one inlined at each call.
    #[inline(never)]
    pub fn parse_as<T, F>(
        input: &str,
        base: Option<&UrlRecord>,
        wrap: impl FnOnce(UrlRecord) -> T + Copy,
        fail: impl FnOnce(ParseError) -> F + Copy,
    ) -> Result<T, F> {
        UrlRecord::parse_with_inlined(input, base, &Utf8, &mut NoSink, None, wrap, fail)
    }

    /// [`UrlRecord::parse`] into this record: on success `self` is the record
    /// [`UrlRecord::parse`] returns, its serialization written into `self`'s buffer, so that a
    /// loop that parses one URL after another into the same record allocates only while the
    /// buffer grows to the longest serialization. On failure `self` is `about:blank` (its
    /// buffer kept for the next call) and the error is the one [`UrlRecord::parse`] returns.
    ///
    /// ```
    /// let mut url = url_core::UrlRecord::parse("https://example.com/", None)?;
    /// url.parse_into("HTTP://EXAMPLE.org/./a", None)?;
    /// assert_eq!(url.as_str(), "http://example.org/a");
    /// assert!(url.parse_into("https://exa mple.org/", None).is_err());
    /// assert_eq!(url.as_str(), "about:blank");
    /// # Ok::<(), url_core::ParseError>(())
    /// ```
    pub fn parse_into(&mut self, input: &str, base: Option<&UrlRecord>) -> Result<(), ParseError> {
        // `self` is written whole below, on either outcome: its fields are not read meanwhile
        // (`base` cannot be `self`).
        let mut buffer = core::mem::take(&mut self.serialization);
        let parsed = UrlRecord::parse_with_inlined(
            input,
            base,
            &Utf8,
            &mut NoSink,
            Some(&mut buffer),
            identity,
            identity,
        );
        match parsed {
            Ok(url) => {
                *self = url;
                Ok(())
            }
            Err(error) => {
                *self = UrlRecord::about_blank(buffer);
                Err(error)
            }
        }
    }

    /// The basic URL parser (spec 4.4) with every argument but url and state override:
    /// `encoding` is used for the query of special URLs other than `ws`/`wss` (UTF-8 is
    /// [`Utf8`]); every validation error goes to `sink` with its byte offset in `input` as
    /// given (before the leading/trailing C0 control or space and the tabs and newlines are
    /// removed). A failure is also reported to `sink` before it is returned.
    pub fn parse_with<E: Encoder + ?Sized, S: ValidationSink>(
        input: &str,
        base: Option<&UrlRecord>,
        encoding: &E,
        sink: &mut S,
    ) -> Result<UrlRecord, ParseError> {
        UrlRecord::parse_with_as(input, base, encoding, sink, identity, identity)
    }

    /// [`UrlRecord::parse_with`], with the record handed to `wrap` where the parser makes it,
    /// and a failure to `fail` (see [`UrlRecord::parse_as`]).
    pub fn parse_with_as<E: Encoder + ?Sized, S: ValidationSink, T, F>(
        input: &str,
        base: Option<&UrlRecord>,
        encoding: &E,
        sink: &mut S,
        wrap: impl FnOnce(UrlRecord) -> T + Copy,
        fail: impl FnOnce(ParseError) -> F + Copy,
    ) -> Result<T, F> {
        UrlRecord::parse_with_inlined(input, base, encoding, sink, None, wrap, fail)
    }

    /// [`UrlRecord::parse_with`]'s steps, always inlined: [`UrlRecord::parse_as`] holds them
    /// itself, so that its copy of the fast path is optimized once, in it, and not first as a
    /// `parse_with::<Utf8, NoSink>` of its own. The serialization is written into `buffer`'s
    /// allocation, if it has one (see `reuse`); on failure `buffer` holds an allocation again
    /// (the general path's), or none. The record goes through `wrap`, a failure through `fail`
    /// (see [`UrlRecord::parse_as`]).
    #[inline(always)]
    fn parse_with_inlined<E: Encoder + ?Sized, S: ValidationSink, T, F>(
        input: &str,
        base: Option<&UrlRecord>,
        encoding: &E,
        sink: &mut S,
        mut buffer: Option<&mut String>,
        wrap: impl FnOnce(UrlRecord) -> T + Copy,
        fail: impl FnOnce(ParseError) -> F + Copy,
    ) -> Result<T, F> {
        if u32::try_from(input.len()).is_err() {
            return Err(fail(ParseError::TooLong));
        }
        // An input that is already a normal absolute URL is its own serialization, or nearly:
        // see `fast/`. With a listener, only when the general path would report nothing
        // (`fast/quiet.rs`).
        if !S::ENABLED {
            if let Some(url) = super::fast::parse_normal(input, buffer.as_deref_mut()) {
                return Ok(wrap(url));
            }
            // A normal query, fragment or directory-relative path against a special base, or
            // a scheme-relative one (`fast/relative.rs`).
            match base.and_then(|base| {
                super::fast::parse_relative_normal(input, base, buffer.as_deref_mut())
            }) {
                Some(Relative::Record(url)) => return Ok(wrap(url)),
                // The URL parser (with its fast path) on the absolute URL. Where it fails, the
                // general path on `input` below, whose error is at `input`'s offsets. With
                // another encoding than UTF-8, the general path, which encodes the query of a
                // special URL with it.
                Some(Relative::Absolute(absolute)) if encoding.is_utf8() => {
                    if let Ok(url) = UrlRecord::parse_as(&absolute, None, wrap, fail) {
                        return Ok(url);
                    }
                }
                Some(Relative::Absolute(_)) | None => {}
            }
        } else if let Some(url) = super::fast::parse_normal_quiet(input, buffer.as_deref_mut()) {
            return Ok(wrap(url));
        }
        UrlRecord::parse_general(input, base, encoding, sink, buffer)
            .map(wrap)
            .map_err(fail)
    }

    /// [`UrlRecord::parse_with`] (UTF-8) without the fast paths: the state machine alone, reporting
    /// to `sink`. For tests and fuzzing, which check that both give the same record and the
    /// same validation errors.
    #[doc(hidden)]
    #[cfg(feature = "testing")]
    pub fn parse_with_without_fast_path<S: ValidationSink>(
        input: &str,
        base: Option<&UrlRecord>,
        sink: &mut S,
    ) -> Result<UrlRecord, ParseError> {
        if u32::try_from(input.len()).is_err() {
            return Err(ParseError::TooLong);
        }
        UrlRecord::parse_general(input, base, &Utf8, sink, None)
    }

    /// [`UrlRecord::parse`] without the fast path for already normal URLs: the basic URL parser's
    /// state machine alone. For tests and fuzzing, which check that both give the same
    /// record.
    #[doc(hidden)]
    #[cfg(feature = "testing")]
    pub fn parse_without_fast_path(
        input: &str,
        base: Option<&UrlRecord>,
    ) -> Result<UrlRecord, ParseError> {
        if u32::try_from(input.len()).is_err() {
            return Err(ParseError::TooLong);
        }
        UrlRecord::parse_general(input, base, &Utf8, &mut NoSink, None)
    }

    /// The fast path of [`UrlRecord::parse`] alone: the record of an already normal absolute URL,
    /// or `None` where [`UrlRecord::parse`] runs the general path. For tests and fuzzing: where it
    /// gives a record, that record equals [`UrlRecord::parse_without_fast_path`]'s.
    #[doc(hidden)]
    #[cfg(feature = "testing")]
    pub fn parse_fast_path_only(input: &str) -> Option<UrlRecord> {
        if u32::try_from(input.len()).is_err() {
            return None;
        }
        super::fast::parse_normal(input, None)
    }

    /// The fast path of [`UrlRecord::parse`] for relative references alone (`fast/relative.rs`):
    /// the record of a normal query, fragment or directory-relative path against `base`, or
    /// `None`. For tests and fuzzing: where it gives a record, that record equals
    /// [`UrlRecord::parse_without_fast_path`]'s.
    #[doc(hidden)]
    #[cfg(feature = "testing")]
    pub fn parse_relative_fast_path_only(input: &str, base: &UrlRecord) -> Option<UrlRecord> {
        if u32::try_from(input.len()).is_err() {
            return None;
        }
        match super::fast::parse_relative_normal(input, base, None)? {
            Relative::Record(url) => Some(url),
            Relative::Absolute(absolute) => UrlRecord::parse(&absolute, None).ok(),
        }
    }

    /// The basic URL parser's state machine (spec 4.4) on an input whose length fits in a
    /// `u32`, writing into `buffer`'s allocation (see [`UrlRecord::parse_with_inlined`]).
    #[inline]
    pub(crate) fn parse_general<E: Encoder + ?Sized, S: ValidationSink>(
        input: &str,
        base: Option<&UrlRecord>,
        encoding: &E,
        sink: &mut S,
        buffer: Option<&mut String>,
    ) -> Result<UrlRecord, ParseError> {
        UrlRecord::basic_parse(input, base, &encoding, Listener::of(sink), buffer)
    }

    /// [`UrlRecord::parse_general`] with the encoder and the sink type-erased: the one compiled
    /// copy of the state machine.
    fn basic_parse(
        input: &str,
        base: Option<&UrlRecord>,
        encoding: &dyn Encoder,
        mut sink: Listener<'_>,
        buffer: Option<&mut String>,
    ) -> Result<UrlRecord, ParseError> {
        // Steps 1 to 3.
        let (input, map) = prepare(input, true, &mut sink);
        // Step 5: "getting an output encoding" maps UTF-16BE/LE and replacement to UTF-8;
        // that is the encoder's business.
        // The scheme and no scheme states size the buffer (`reuse`).
        let (out, buffer) = match buffer {
            Some(buffer) => (core::mem::take(buffer), Some(buffer)),
            None => (String::new(), None),
        };
        let mut parser = Parser::new(&input, map, base, encoding, sink.reborrow(), None, out);
        match parser.run(State::SchemeStart) {
            Ok(Flow::Done | Flow::Unchanged | Flow::Next(..)) => parser.finish(),
            Err(error) => {
                // The buffer goes back to the caller (a URL parsed into keeps it).
                if let Some(buffer) = buffer {
                    *buffer = parser.out;
                }
                Err(error)
            }
        }
    }

    /// Whether `input` parses against `base` (the `canParse()` steps, spec 6.1, with a parsed
    /// base).
    ///
    /// An already normal absolute URL is recognized by one scan, without building its
    /// record; any other input is parsed.
    pub fn can_parse(input: &str, base: Option<&UrlRecord>) -> bool {
        if u32::try_from(input.len()).is_err() {
            return false;
        }
        super::fast::is_normal(input)
            || UrlRecord::parse_general(input, base, &Utf8, &mut NoSink, None).is_ok()
    }

    /// The API URL parser (spec 6.1, "parse a URL" with strings): parse `base` first, if
    /// given, then `input` against it.
    pub fn parse_with_base_str(input: &str, base: Option<&str>) -> Result<UrlRecord, ParseError> {
        match base {
            Some(base) => {
                let base = UrlRecord::parse(base, None)?;
                UrlRecord::parse(input, Some(&base))
            }
            None => UrlRecord::parse(input, None),
        }
    }
}
