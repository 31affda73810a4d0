//! The entry points of the basic URL parser (spec 4.4) without url and state override, and the
//! URL parser and API parser wrappers. With a url and a state override: `overrides.rs`.

use super::input::prepare;
use super::report::Listener;
use super::{Flow, Parser, State};
use crate::error::ParseError;
use crate::url::UrlRecord;
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
        UrlRecord::parse_with_inlined(input, base, &Utf8, &mut NoSink)
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
        UrlRecord::parse_with_inlined(input, base, encoding, sink)
    }

    /// [`UrlRecord::parse_with`]'s steps, always inlined: [`UrlRecord::parse`] holds them
    /// itself, so that its copy of the fast path is optimized once, in it, and not first as a
    /// `parse_with::<Utf8, NoSink>` of its own.
    #[inline(always)]
    fn parse_with_inlined<E: Encoder + ?Sized, S: ValidationSink>(
        input: &str,
        base: Option<&UrlRecord>,
        encoding: &E,
        sink: &mut S,
    ) -> Result<UrlRecord, ParseError> {
        if u32::try_from(input.len()).is_err() {
            return Err(ParseError::TooLong);
        }
        // An input that is already a normal absolute URL is its own serialization, or nearly:
        // see `fast/`. With a listener, only when the general path would report nothing
        // (`fast/quiet.rs`).
        if !S::ENABLED {
            if let Some(url) = super::fast::parse_normal(input) {
                return Ok(url);
            }
            // A normal query, fragment or directory-relative path against a special base
            // (`fast/relative.rs`).
            if let Some(url) = base.and_then(|base| super::fast::parse_relative_normal(input, base))
            {
                return Ok(url);
            }
        } else if let Some(url) = super::fast::parse_normal_quiet(input) {
            return Ok(url);
        }
        UrlRecord::parse_general(input, base, encoding, sink)
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
        UrlRecord::parse_general(input, base, &Utf8, sink)
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
        UrlRecord::parse_general(input, base, &Utf8, &mut NoSink)
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
        super::fast::parse_normal(input)
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
        super::fast::parse_relative_normal(input, base)
    }

    /// The basic URL parser's state machine (spec 4.4) on an input whose length fits in a
    /// `u32`.
    #[inline]
    pub(super) fn parse_general<E: Encoder + ?Sized, S: ValidationSink>(
        input: &str,
        base: Option<&UrlRecord>,
        encoding: &E,
        sink: &mut S,
    ) -> Result<UrlRecord, ParseError> {
        UrlRecord::basic_parse(input, base, &encoding, Listener::of(sink))
    }

    /// [`UrlRecord::parse_general`] with the encoder and the sink type-erased: the one compiled
    /// copy of the state machine.
    fn basic_parse(
        input: &str,
        base: Option<&UrlRecord>,
        encoding: &dyn Encoder,
        mut sink: Listener<'_>,
    ) -> Result<UrlRecord, ParseError> {
        // Steps 1 to 3.
        let (input, map) = prepare(input, true, &mut sink);
        // Step 5: "getting an output encoding" maps UTF-16BE/LE and replacement to UTF-8;
        // that is the encoder's business.
        let mut parser = Parser::new(&input, map, base, encoding, sink.reborrow(), None);
        match parser.run(State::SchemeStart)? {
            Flow::Done | Flow::Unchanged | Flow::Next(..) => parser.finish(),
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
            || UrlRecord::parse_general(input, base, &Utf8, &mut NoSink).is_ok()
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
