//! The entry points of the basic URL parser (spec 4.4): without and with url and state
//! override, and the URL parser and API parser wrappers.

use super::input::{Listener, prepare};
use super::{Flow, Parser, State, StateOverride};
use crate::error::{Overridden, OverrideError, ParseError};
use crate::splice::Edit;
use crate::url::UrlRecord;
use host::{HostKind, NoSink, ValidationSink};
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

    /// The basic URL parser (spec 4.4) with this URL as *url* and `state` as *state
    /// override*, UTF-8, no validation errors. Modifies `self` in place.
    ///
    /// Where the spec says "return" without a change, and on failure, `self` is left
    /// byte-for-byte as it was, with one exception the spec makes: a [`StateOverride::Host`]
    /// run sets the host before it moves on to the port, so `"example.com:"` or
    /// `"example.com:99999"` change the host and then return failure.
    ///
    /// It says what happened: [`Overridden::Changed`], [`Overridden::Unchanged`] where the spec
    /// returns early without a change, or an [`OverrideError`] naming the failure and the state
    /// that returned it. The setters of spec 6.1 are built on exactly this.
    ///
    /// ```
    /// use url_core::{Overridden, ParseError, StateOverride, UrlRecord};
    /// let mut url = UrlRecord::parse("https://example.com:8080/p?q", None)?;
    /// assert_eq!(url.basic_parse_override("example.org", StateOverride::Hostname)?, Overridden::Changed);
    /// assert_eq!(url.as_str(), "https://example.org:8080/p?q");
    /// url.basic_parse_override("wss:", StateOverride::SchemeStart)?;
    /// assert_eq!(url.as_str(), "wss://example.org:8080/p?q");
    /// // Special to non-special: the scheme state returns without a change.
    /// assert_eq!(url.basic_parse_override("foo:", StateOverride::SchemeStart)?, Overridden::Unchanged);
    /// // The host state moves on to the port state, which fails: the host is set.
    /// let failed = url.basic_parse_override("example.net:x", StateOverride::Host).unwrap_err();
    /// assert_eq!((failed.state, failed.error), (StateOverride::Port, ParseError::OverrideFailure));
    /// assert_eq!(url.as_str(), "wss://example.net:8080/p?q");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn basic_parse_override(
        &mut self,
        input: &str,
        state: StateOverride,
    ) -> Result<Overridden, OverrideError> {
        // A value the state would append as it is (fast/overrides.rs). The shortcuts take
        // only a special URL for the states the entry may refuse (below), and a special URL
        // never has an opaque path nor lacks a port's host: no refusal to check first.
        if let Some(done) = self.override_shortcut(input, state) {
            return Ok(done);
        }
        self.basic_parse_override_with(input, state, &Utf8, &mut NoSink)
    }

    /// [`UrlRecord::basic_parse_override`] without its shortcuts for values that need nothing
    /// done: always the general state machine. For tests and the fuzz targets, which check
    /// that both give the same URL.
    #[doc(hidden)]
    #[cfg(feature = "testing")]
    pub fn basic_parse_override_without_shortcuts(
        &mut self,
        input: &str,
        state: StateOverride,
    ) -> Result<Overridden, OverrideError> {
        self.basic_parse_override_with(input, state, &Utf8, &mut NoSink)
    }

    /// [`UrlRecord::basic_parse_override`] with an encoding and a validation error sink.
    #[inline]
    pub fn basic_parse_override_with<E: Encoder + ?Sized, S: ValidationSink>(
        &mut self,
        input: &str,
        state: StateOverride,
        encoding: &E,
        sink: &mut S,
    ) -> Result<Overridden, OverrideError> {
        self.basic_parse_override_erased(input, state, &encoding, Listener::of(sink))
    }

    /// [`UrlRecord::basic_parse_override_with`] with the encoder and the sink type-erased: the one
    /// compiled copy of the state machine.
    fn basic_parse_override_erased(
        &mut self,
        input: &str,
        state: StateOverride,
        encoding: &dyn Encoder,
        mut sink: Listener<'_>,
    ) -> Result<Overridden, OverrideError> {
        let too_long = OverrideError {
            state,
            error: ParseError::TooLong,
        };
        if u32::try_from(input.len()).is_err() {
            return Err(too_long);
        }
        // What the setters check before they run the parser (spec 6.1), checked here too so
        // that a direct caller cannot build a record that breaks its invariants: the path
        // state cannot append segments to an opaque path (the pathname setter, step 2), a URL
        // with an opaque path takes no host (the host and hostname setters, step 1), and one
        // that cannot have a port takes none (the port setter, step 1).
        let refused = match state {
            StateOverride::PathStart | StateOverride::Host | StateOverride::Hostname => {
                self.opaque_path
            }
            StateOverride::Port => self.cannot_have_username_password_port(),
            _ => false,
        };
        if refused {
            return Ok(Overridden::Unchanged);
        }
        // Steps 2 and 3 (step 1 is only for a new url).
        let (prepared, map) = prepare(input, false, &mut sink);
        let mut parser = Parser::new(&prepared, map, None, encoding, sink.reborrow(), Some(state));
        parser.load(self, state);
        let result = parser.run(state.into());
        let changed = match result {
            Ok(Flow::Unchanged) => false,
            Ok(_) => true,
            // Only the host state sets anything before it can fail.
            Err(_) => parser.host_set,
        };
        if changed {
            // Each component this run set is spliced in place (`UrlRecord::splice`).
            parser
                .commit(self, state)
                .map_err(|error| OverrideError { state, error })?;
        }
        match result {
            Ok(Flow::Unchanged) => Ok(Overridden::Unchanged),
            Ok(_) => Ok(Overridden::Changed),
            Err(error) => Err(OverrideError {
                // Only the host state goes on to another state that can fail: the port state.
                state: match parser.failed_in {
                    Some(State::Port) => StateOverride::Port,
                    _ => state,
                },
                error,
            }),
        }
    }
}

impl Parser<'_> {
    /// With a state override: takes url's flags, and puts the component the override state
    /// appends to (path, query or fragment) in the buffer.
    fn load(&mut self, url: &UrlRecord, state: StateOverride) {
        self.bounds.scheme_type = url.scheme_type;
        self.bounds.host = url.host;
        self.bounds.port = url.port;
        self.bounds.opaque_path = url.opaque_path;
        self.includes_credentials = url.includes_credentials();
        let component = match state {
            StateOverride::PathStart => url.path(),
            StateOverride::Query => url.query().unwrap_or_default(),
            StateOverride::Fragment => url.fragment().unwrap_or_default(),
            _ => "",
        };
        self.out.push_str(component);
    }

    /// With a state override: splices the components this run set into url. On failure (too
    /// long) url may hold some of them: only the host state sets two, and it sets the host
    /// first, as the spec does.
    fn commit(&self, url: &mut UrlRecord, state: StateOverride) -> Result<(), ParseError> {
        let new = self.out.as_str();
        match state {
            StateOverride::SchemeStart => {
                // Scheme state, step 2.3.1: "If url's port is url's scheme's default port,
                // then set url's port to null." (First, so that the record never holds its
                // scheme's default port.)
                if url.port.is_some() && url.port == crate::scheme::default_port(new) {
                    url.splice(Edit::Port(None))?;
                }
                url.splice(Edit::Scheme(new))
            }
            StateOverride::Host | StateOverride::Hostname | StateOverride::Port => {
                if self.host_set {
                    let kind = self.bounds.host.unwrap_or(HostKind::Empty);
                    let host = new.get(..self.bounds.host_end).unwrap_or_default();
                    url.splice(Edit::Host(kind, host))?;
                }
                if self.port_set {
                    url.splice(Edit::Port(self.bounds.port))?;
                }
                Ok(())
            }
            StateOverride::PathStart => url.splice(Edit::Path(new)),
            // The query and fragment states wrote the whole new component (the old one was
            // loaded first).
            StateOverride::Query => url.splice(Edit::Query(Some(new))),
            StateOverride::Fragment => url.splice(Edit::Fragment(Some(new))),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Overridden, ParseError, StateOverride, UrlRecord};

    fn url(s: &str) -> UrlRecord {
        UrlRecord::parse(s, None).unwrap()
    }

    /// Each outcome of the override entry, and what it leaves in the record.
    #[test]
    fn override_outcomes() {
        /// The URL, the input, the override, the outcome (or the failing state), the URL after.
        type Case = (
            &'static str,
            &'static str,
            StateOverride,
            Result<Overridden, StateOverride>,
            &'static str,
        );
        let cases: [Case; 8] = [
            (
                "https://h/p",
                "x.org",
                StateOverride::Hostname,
                Ok(Overridden::Changed),
                "https://x.org/p",
            ),
            // Same value: still "changed" (the states ran), the record equal.
            (
                "https://h/p",
                "h",
                StateOverride::Hostname,
                Ok(Overridden::Changed),
                "https://h/p",
            ),
            (
                "https://h/p",
                "foo:",
                StateOverride::SchemeStart,
                Ok(Overridden::Unchanged),
                "https://h/p",
            ),
            (
                "file:///p",
                "http:",
                StateOverride::SchemeStart,
                Ok(Overridden::Unchanged),
                "file:///p",
            ),
            (
                "mailto:x",
                "/p",
                StateOverride::PathStart,
                Ok(Overridden::Unchanged),
                "mailto:x",
            ),
            (
                "https://h/p",
                "1x:",
                StateOverride::SchemeStart,
                Err(StateOverride::SchemeStart),
                "https://h/p",
            ),
            (
                "https://h:1/p",
                "x",
                StateOverride::Port,
                Err(StateOverride::Port),
                "https://h:1/p",
            ),
            // The host is set, then the port fails (spec 6.1 host setter).
            (
                "https://h/p",
                "g:x",
                StateOverride::Host,
                Err(StateOverride::Port),
                "https://g/p",
            ),
        ];
        for (start, input, state, expected, after) in cases {
            let mut u = url(start);
            let outcome = u.basic_parse_override(input, state).map_err(|e| e.state);
            assert_eq!(outcome, expected, "{input:?} as {state:?} on {start}");
            assert_eq!(u.as_str(), after, "{input:?} as {state:?} on {start}");
            assert_eq!(u.check_invariants(), Ok(()));
        }
    }

    /// A failure names its validation error where the spec names one.
    #[test]
    fn override_failures_say_why() {
        let mut u = url("https://h/");
        let failed = u
            .basic_parse_override("a b", StateOverride::Hostname)
            .unwrap_err();
        // U+0020 is a forbidden domain code point: the domain parser fails with
        // domain-to-ASCII, about the domain as a whole (July 2026 edition, spec 3.3).
        assert!(
            matches!(failed.error, ParseError::Invalid(e) if e.error == crate::ValidationError::DomainToAscii && e.offset == 0),
            "{failed:?}"
        );
        let failed = u
            .basic_parse_override("99999", StateOverride::Port)
            .unwrap_err();
        assert!(
            matches!(failed.error, ParseError::Invalid(e) if e.error == crate::ValidationError::PortOutOfRange)
        );
        assert_eq!(u.as_str(), "https://h/");
    }
}
