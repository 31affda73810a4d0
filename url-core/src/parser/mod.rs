//! The basic URL parser (spec 4.4).
//!
//! One [`Parser`] runs the spec's state machine. Each state of the spec is one method named
//! after it (in `states_*.rs`, in the spec's order). A method handles a whole run of input
//! that stays in its state (a scheme, an authority, a path segment, a query) instead of one
//! code point at a time, and appends the serialization straight to the output buffer; the
//! record's boundaries are kept as offsets into that buffer.

mod entry;
mod fast;
mod input;
mod overrides;
mod report;
mod states_authority;
mod states_file;
mod states_path;
mod states_scheme;
mod tables;

use crate::error::ParseError;
pub(crate) use crate::state_override::StateOverride;
use crate::url::{Bounds, UrlRecord};
use alloc::string::String;
use host::{HostKind, ReportedError, ValidationError};
use percent::{AsciiSet, Encoder};
use report::{HostInput, InputMap, Listener, Report};

#[cfg(feature = "testing")]
pub use fast::{GENERAL_PATH_REPORTS, simd_testing};
pub use overrides::is_canonical_special_path;

/// Appends `s` to `out`, UTF-8 percent-encoding the bytes `set` names (spec 1.3): the one
/// encoder of the workspace, in `percent`.
#[inline]
pub(crate) fn encode_into(s: &str, set: &AsciiSet, out: &mut String) {
    percent::utf8_percent_encode_into(s, set, out);
}

/// The buffer a record's serialization is written to, with room for `len` more bytes: the
/// allocation of `buffer` (a URL being parsed into again, [`UrlRecord::parse_into`]) emptied,
/// or a new one where there is none. `buffer` is left empty. `None` (`UrlRecord::parse`,
/// known where the fast path is compiled) leaves that path as it was without reuse: no
/// buffer to check, to carry or to drop.
#[inline(always)]
pub(crate) fn reuse(buffer: Option<&mut String>, len: usize) -> String {
    match buffer {
        Some(buffer) if buffer.capacity() != 0 => {
            let mut out = core::mem::take(buffer);
            out.clear();
            out.reserve(len);
            out
        }
        // One exact-size allocation (`with_capacity` skips the growth path of `reserve`).
        _ => String::with_capacity(len),
    }
}

/// The states of the basic URL parser (spec 4.4), in the spec's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum State {
    SchemeStart,
    Scheme,
    NoScheme,
    SpecialRelativeOrAuthority,
    PathOrAuthority,
    Relative,
    RelativeSlash,
    SpecialAuthoritySlashes,
    SpecialAuthorityIgnoreSlashes,
    Authority,
    Host,
    Hostname,
    Port,
    File,
    FileSlash,
    FileHost,
    PathStart,
    Path,
    OpaquePath,
    Query,
    Fragment,
}

impl From<StateOverride> for State {
    fn from(s: StateOverride) -> State {
        match s {
            StateOverride::SchemeStart => State::SchemeStart,
            StateOverride::Host => State::Host,
            StateOverride::Hostname => State::Hostname,
            StateOverride::Port => State::Port,
            StateOverride::PathStart => State::PathStart,
            StateOverride::Query => State::Query,
            StateOverride::Fragment => State::Fragment,
        }
    }
}

/// What a state tells the machine: go on in a state at a pointer, or stop.
pub(crate) enum Flow {
    /// Switch to this state with the pointer at this byte offset. ("Decrease pointer by 1"
    /// in the spec is a `Next` at the current offset; the spec's implicit increase is `+ 1`.)
    Next(State, usize),
    /// "Return url" / "return" after a change: done.
    Done,
    /// With a state override: the spec says "return" before changing anything.
    Unchanged,
}

pub(crate) type Step = Result<Flow, ParseError>;

/// The basic URL parser at work: the prepared input, the arguments, and the record being
/// built (its serialization in `out`, boundaries as offsets into `out`). Not generic: one
/// compiled copy serves every encoder and every validation sink.
pub(crate) struct Parser<'a> {
    /// The input after steps 1 to 3 (stripped, no tabs or newlines).
    pub(crate) input: &'a str,
    /// Maps offsets in `input` back to the input as given, for validation errors.
    pub(crate) map: InputMap<'a>,
    pub(crate) base: Option<&'a UrlRecord>,
    pub(crate) encoding: &'a dyn Encoder,
    pub(crate) sink: Listener<'a>,
    pub(crate) state_override: Option<StateOverride>,
    /// The serialization being written. With a state override it holds only the component
    /// being changed (the url's own parts are read from the fields below).
    pub(crate) out: String,
    /// The record's boundaries in `out` and its flags, as the record will hold them.
    pub(crate) bounds: Bounds,
    /// With a state override: whether url includes credentials.
    pub(crate) includes_credentials: bool,
    /// With a state override: which of the url's components the run has set.
    pub(crate) host_set: bool,
    pub(crate) port_set: bool,
    /// The state that returned failure, when one did (the setters tell a port from a host).
    pub(crate) failed_in: Option<State>,
    /// Where the authority state found the authority's end (the host state's terminator),
    /// and whether the authority is plain (no `@`, `:` or `[` in it).
    pub(crate) authority_end: Option<(usize, bool)>,
    /// Input before this offset is already in the path state's buffer (the file host state's
    /// Windows drive letter quirk): not checked again for invalid URL units.
    pub(crate) checked_until: usize,
}

impl<'a> Parser<'a> {
    fn new(
        input: &'a str,
        map: InputMap<'a>,
        base: Option<&'a UrlRecord>,
        encoding: &'a dyn Encoder,
        sink: Listener<'a>,
        state_override: Option<StateOverride>,
        out: String,
    ) -> Self {
        Parser {
            input,
            map,
            base,
            encoding,
            sink,
            state_override,
            out,
            bounds: Bounds::START,
            includes_credentials: false,
            host_set: false,
            port_set: false,
            failed_in: None,
            checked_until: 0,
            authority_end: None,
        }
    }

    /// The byte at `i` of the prepared input; `None` is the spec's EOF code point.
    #[inline(always)]
    pub(crate) fn byte(&self, i: usize) -> Option<u8> {
        self.input.as_bytes().get(i).copied()
    }

    /// The prepared input from `from` to `to`. The states only ask for spans they have scanned
    /// (in bounds, on character boundaries): asserted in debug builds; an empty string rather
    /// than a panic otherwise.
    #[inline(always)]
    pub(crate) fn slice(&self, from: usize, to: usize) -> &'a str {
        let span = self.input.get(from..to);
        debug_assert!(span.is_some(), "span {from}..{to} of {:?}", self.input);
        span.unwrap_or_default()
    }

    /// The prepared input from `from` on ("remaining" is `rest(pointer + 1)`). `from` may be
    /// one past the end (the pointer after EOF): asserted in debug builds, empty after it.
    #[inline(always)]
    pub(crate) fn rest(&self, from: usize) -> &'a [u8] {
        debug_assert!(
            from <= self.input.len() + 1,
            "rest from {from} of {:?}",
            self.input
        );
        self.input.as_bytes().get(from..).unwrap_or_default()
    }

    /// Whether url is special.
    #[inline(always)]
    pub(crate) fn special(&self) -> bool {
        self.bounds.scheme_type.is_special()
    }

    /// Reports a validation error found at prepared-input offset `at`. Only the test whether
    /// someone listens is inlined at each of the states' call sites; the report itself (the
    /// offset mapping, with its loops) is compiled once, in [`report_at`].
    #[inline(always)]
    pub(crate) fn error(&mut self, error: ValidationError, at: usize) {
        if let Some(sink) = self.sink.sink() {
            report_at(sink, &self.map, error, at);
        }
    }

    /// Reports a validation error that makes the parser return failure, and returns that
    /// failure. Out of line, as [`report_at`] is: it runs at most once a parse, and inlined,
    /// each of the states' failures held a copy of the offset mapping.
    #[cold]
    #[inline(never)]
    pub(crate) fn failure(&mut self, error: ValidationError, at: usize) -> ParseError {
        let offset = self.map.original(at);
        self.sink.report(error, offset);
        ParseError::Invalid(ReportedError { error, offset })
    }

    /// The invalid-URL-unit checks of the path, opaque path, query and fragment states, run
    /// over `from..to` only when someone listens: "If c is not a URL code point and not
    /// U+0025 (%), invalid-URL-unit validation error. If c is U+0025 (%) and remaining does
    /// not start with two ASCII hex digits, invalid-URL-unit validation error."
    ///
    /// Only the test whether someone listens is inlined, as in [`Parser::error`]: the path
    /// state calls this once a segment, and a call that returns at once cost a sixth of a
    /// `%2e%2e/` segment's instructions.
    #[inline(always)]
    pub(crate) fn check_url_units(&mut self, from: usize, to: usize) {
        if self.sink.enabled() {
            self.report_url_units(from, to);
        }
    }

    /// [`Parser::check_url_units`]' checks, for a listener.
    #[inline(never)]
    fn report_url_units(&mut self, from: usize, to: usize) {
        let from = from.max(self.checked_until);
        let input = self.input;
        let all = input.as_bytes();
        for (i, c) in self.slice(from, to).char_indices() {
            let at = from + i;
            let bad = if c == '%' {
                !percent::is_percent_encoded_byte(all, at)
            } else {
                !percent::classes::is_url_code_point(c)
            };
            if bad {
                self.error(ValidationError::InvalidUrlUnit, at);
            }
        }
    }

    /// Host-parses `from..to` of the input (spec 3.5, with isOpaque = url is not special),
    /// appending the host's serialization to `out`.
    pub(crate) fn parse_host(&mut self, from: usize, to: usize) -> Result<HostKind, ParseError> {
        let buffer = self.slice(from, to);
        let is_opaque = !self.special();
        // Two copies of the host parser, not one per caller's sink: without a listener, the
        // one that skips work done only to report (compiled in `host`, not here); with one,
        // the reporting copy.
        let parsed = match self.sink.sink() {
            None => host::parse_host_into_unreported(buffer, is_opaque, &mut self.out),
            Some(sink) => {
                let input = HostInput {
                    buffer,
                    is_opaque,
                    map: &self.map,
                    base: from,
                };
                sink.parse_host_into(input, &mut self.out)
            }
        };
        match parsed {
            Ok(kind) => Ok(kind),
            Err(e) => Err(ParseError::Invalid(ReportedError {
                error: e.error,
                offset: self.map.original(from + e.offset),
            })),
        }
    }

    /// Runs the state machine from `state` at pointer 0 (spec 4.4, step 10).
    fn run(&mut self, mut state: State) -> Step {
        let mut pointer = 0;
        loop {
            let flow = match state {
                State::SchemeStart => self.scheme_start_state(pointer),
                State::Scheme => self.scheme_state(pointer),
                State::NoScheme => self.no_scheme_state(pointer),
                State::SpecialRelativeOrAuthority => {
                    self.special_relative_or_authority_state(pointer)
                }
                State::PathOrAuthority => self.path_or_authority_state(pointer),
                State::Relative => self.relative_state(pointer),
                State::RelativeSlash => self.relative_slash_state(pointer),
                State::SpecialAuthoritySlashes => self.special_authority_slashes_state(pointer),
                State::SpecialAuthorityIgnoreSlashes => {
                    self.special_authority_ignore_slashes_state(pointer)
                }
                State::Authority => self.authority_state(pointer),
                State::Host | State::Hostname => self.host_state(pointer),
                State::Port => self.port_state(pointer),
                State::File => self.file_state(pointer),
                State::FileSlash => self.file_slash_state(pointer),
                State::FileHost => self.file_host_state(pointer),
                State::PathStart => self.path_start_state(pointer),
                State::Path => self.path_state(pointer),
                State::OpaquePath => self.opaque_path_state(pointer),
                State::Query => self.query_state(pointer),
                State::Fragment => self.fragment_state(pointer),
            };
            let flow = match flow {
                Ok(flow) => flow,
                Err(e) => {
                    self.failed_in = Some(state);
                    return Err(e);
                }
            };
            match flow {
                Flow::Next(next, at) => {
                    state = next;
                    pointer = at;
                }
                done => return Ok(done),
            }
        }
    }

    /// Turns the finished buffer into a record: adds the serializer's `"/."` guard (spec 4.5,
    /// step 3) where needed and checks that every offset fits in a `u32`.
    fn finish(mut self) -> Result<UrlRecord, ParseError> {
        if self.bounds.host.is_none()
            && !self.bounds.opaque_path
            && self
                .out
                .get(self.bounds.path_start..)
                .is_some_and(|p| p.starts_with("//"))
        {
            // A URL without a host whose path starts with an empty segment: without the
            // guard, the serialization would read as an authority.
            self.out.insert_str(self.bounds.path_start, "/.");
            self.bounds.path_start += 2;
            self.bounds.query_start = self.bounds.query_start.map(|q| q + 2);
            self.bounds.fragment_start = self.bounds.fragment_start.map(|f| f + 2);
        }
        UrlRecord::from_parts(self.out, self.bounds).ok_or(ParseError::TooLong)
    }
}

/// [`Parser::error`]'s report: `error` at prepared-input offset `at`, mapped to the input as
/// given.
#[cold]
#[inline(never)]
fn report_at(sink: &mut dyn Report, map: &InputMap<'_>, error: ValidationError, at: usize) {
    sink.report(error, map.original(at));
}
