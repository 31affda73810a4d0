//! The basic URL parser with a state override (spec 4.4), all of it: the entry
//! ([`UrlRecord::basic_parse_override`] and its variants), what the state machine takes from
//! the url before it runs (`Parser::load`) and splices back after (`Parser::commit`), and the
//! shortcuts for setter values the state would append code point by code point. The API's
//! setters (spec 6.1, `whatwg-url`'s `setters.rs`) call the entry; nothing else does.
//!
//! The shortcuts take a value as it is, or UTF-8 percent-encoded with the component's
//! percent-encode set. Each names the steps it replaces (section and step of the standard), is
//! named in turn at each state whose steps it replaces (`parser/states_*.rs`, "Shortcuts:"), and
//! takes only inputs for which that state's output is provably the input percent-encoded with
//! that set: no tab or newline (the basic URL parser removes them first, step 3, where the set
//! would encode them) and the conditions below. On anything else it returns `None` and
//! [`UrlRecord::basic_parse_override`] runs the general state machine. Each edits the record
//! through [`UrlRecord::splice`](crate::splice). The setters fuzz target (through whatwg-url's
//! own setter steps) and `tests/override_shortcuts.rs` check every shortcut against the general
//! path (`UrlRecord::basic_parse_override_without_shortcuts`, feature `testing`).

use super::fast::classify::{
    FRAGMENT_STOP, HOST_STOP, QUERY_STOP, SPECIAL_PATH_STOP, SPECIAL_QUERY_STOP, scan,
};
use super::fast::dot_segment_candidate;
use super::input::prepare;
use super::report::Listener;
use super::tables::{is_double_dot, is_single_dot, is_windows_drive_letter};
use super::{Flow, Parser, State, StateOverride};
use crate::error::{Overridden, OverrideError, ParseError};
use crate::scheme::SchemeType;
use crate::splice::Edit;
use crate::url::UrlRecord;
use alloc::borrow::Cow;
use alloc::string::String;
use host::{HostKind, NoSink, ValidationSink};
use percent::{AsciiSet, Encoder, FRAGMENT, PATH, QUERY, SPECIAL_QUERY, Utf8};

/// The scan of [`UrlRecord::replace_path_shortcut`]: `None` where its input needs the general
/// steps (a `\`, a tab or newline, a single- or double-dot segment after a `/`), else whether a
/// code point of it is to be percent-encoded with the path percent-encode set.
fn special_path_scan(bytes: &[u8]) -> Option<bool> {
    let mut i = 0;
    let mut to_encode = false;
    loop {
        i = scan(bytes, i, SPECIAL_PATH_STOP);
        match bytes.get(i) {
            None => return Some(to_encode),
            Some(b'.' | b'%') => {
                if bytes.get(i.wrapping_sub(1)) == Some(&b'/') {
                    let segment = dot_segment_candidate(bytes, i);
                    if is_single_dot(segment) || is_double_dot(segment) {
                        return None;
                    }
                }
                i += 1;
            }
            Some(b'\\' | b'\t' | b'\n' | b'\r') => return None,
            // A byte of the path percent-encode set (the scan's other stops).
            Some(_) => {
                to_encode = true;
                i += 1;
            }
        }
    }
}

/// Whether the path start state and the path state (spec 4.4), run with a state override on
/// a special URL other than `file` whose path is empty (the `pathname` setter's steps, spec
/// 6.1), give the path `path` back exactly: `path` starts with `/` and has no `\`, no tab or
/// newline, no single- or double-dot segment and no code point of the path percent-encode set.
/// The setters fuzz target checks it against the setter.
///
/// ```
/// use url_core::is_canonical_special_path;
/// assert!(is_canonical_special_path("/repos/a%2Fb/issues"));
/// assert!(!is_canonical_special_path("/a/../b"));
/// assert!(!is_canonical_special_path("/caf\u{e9}"));
/// assert!(!is_canonical_special_path("a/b"));
/// ```
pub fn is_canonical_special_path(path: &str) -> bool {
    path.starts_with('/') && special_path_scan(path.as_bytes()) == Some(false)
}

impl UrlRecord {
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
        // A value the state would append as it is (the shortcuts below). The shortcuts take
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
        let mut parser = Parser::new(
            &prepared,
            map,
            None,
            encoding,
            sink.reborrow(),
            Some(state),
            String::new(),
        );
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

    /// The override's result when a shortcut applies (UTF-8, no validation error listener).
    pub(crate) fn override_shortcut(
        &mut self,
        input: &str,
        state: StateOverride,
    ) -> Option<Overridden> {
        // Nothing is scanned or encoded for a value the URL cannot take whole.
        if !self.may_take(input) {
            return None;
        }
        match state {
            StateOverride::Query => {
                // The query state appends to url's query; a null query is the general path's.
                let encoded = self.query_encoded(input)?;
                let whole = appended(self.query()?, &encoded);
                self.splice(Edit::Query(Some(&whole))).ok()
            }
            StateOverride::Fragment => {
                let encoded = fragment_encoded(input)?;
                let whole = appended(self.fragment()?, &encoded);
                self.splice(Edit::Fragment(Some(&whole))).ok()
            }
            StateOverride::PathStart if self.path_start == self.path_end() => {
                self.replace_path_shortcut(input)
            }
            StateOverride::Hostname => self.hostname_shortcut(input),
            _ => None,
        }?;
        Some(Overridden::Changed)
    }

    /// Whether the URL's offsets stay in `u32` with `input` added, checked before a shortcut
    /// scans or encodes it (its encoding may still not fit: the splice refuses that).
    fn may_take(&self, input: &str) -> bool {
        self.serialization
            .len()
            .checked_add(input.len())
            .is_some_and(|len| u32::try_from(len).is_ok())
    }

    /// Query state: every code point is appended, percent-encoded with the (special-)query
    /// percent-encode set (UTF-8, without a listener: no validation error matters). `input`
    /// encoded so, or `None` where the general steps are needed.
    ///
    /// Replaces 4.4 query state, step 1 (UTF-8 whatever the URL), steps 3.1 and 3.2 (each code
    /// point to the buffer) and steps 2.1 to 2.3 at EOF (percent-encode after encoding and
    /// append to url's query); with a state override `#` is a code point of the query.
    fn query_encoded<'a>(&self, input: &'a str) -> Option<Cow<'a, str>> {
        let (class, set) = if self.scheme_type.is_special() {
            (SPECIAL_QUERY_STOP, SPECIAL_QUERY)
        } else {
            (QUERY_STOP, QUERY)
        };
        encoded_unless_stripped(input, scan(input.as_bytes(), 0, class), set)
    }

    /// The `search` setter's steps 5 and 6 (spec 6.1) in one splice: the query set to the
    /// empty string, then `input` appended by the query state, where the query shortcut
    /// takes `input`.
    pub(crate) fn replace_query_shortcut(&mut self, input: &str) -> Option<()> {
        if !self.may_take(input) {
            return None;
        }
        let encoded = self.query_encoded(input)?;
        self.splice(Edit::Query(Some(&encoded))).ok()
    }

    /// The `hash` setter's steps 5 and 6 (spec 6.1) in one splice, as the search setter's.
    pub(crate) fn replace_fragment_shortcut(&mut self, input: &str) -> Option<()> {
        if !self.may_take(input) {
            return None;
        }
        let encoded = fragment_encoded(input)?;
        self.splice(Edit::Fragment(Some(&encoded))).ok()
    }

    /// Path start state, then path state, on a special URL (which has a host, so no `/.`
    /// guard) whose path is empty, or emptied by the `pathname` setter (spec 6.1, step 2,
    /// which this replaces too: the splice replaces the path): an input that starts with `/`
    /// and holds no `\`, no tab or newline and no single- or double-dot segment becomes the
    /// path, each code point UTF-8 percent-encoded with the path percent-encode set (path
    /// state, step 2.2: with a state override, `?` and `#` are code points of the path, and
    /// that set encodes them). For `file`, the path state's Windows drive letter quirk (step
    /// 1.2, on the first segment while the path is empty) must not apply: the first segment
    /// is not a Windows drive letter.
    ///
    /// Replaces 4.4 path start state, step 1 (a special URL: `/` is the path's own, on to the
    /// path state), and 4.4 path state, step 1 at each `/` and at EOF (1.4.2 append the
    /// buffer to url's path, 1.5 empty the buffer) and steps 2.1 and 2.2 (each other code
    /// point, percent-encoded, to the buffer).
    pub(crate) fn replace_path_shortcut(&mut self, input: &str) -> Option<()> {
        let bytes = input.as_bytes();
        if !self.may_take(input) {
            return None;
        }
        // A special URL never has an opaque path (spec 4.1), and the callers have refused an
        // opaque path already: no third check of it here.
        if !self.scheme_type.is_special() || bytes.first() != Some(&b'/') {
            return None;
        }
        if self.scheme_type == SchemeType::File {
            let first = bytes.get(1..).unwrap_or_default();
            let first = first.split(|&b| b == b'/').next().unwrap_or_default();
            if is_windows_drive_letter(first) {
                return None;
            }
        }
        let encoded = if special_path_scan(bytes)? {
            Cow::Owned(encode(input, PATH))
        } else {
            Cow::Borrowed(input)
        };
        self.splice(Edit::Path(&encoded)).ok()
    }

    /// Hostname state (file host state for `file`) on a special URL: an input of ASCII bytes
    /// that are neither upper-case letters nor forbidden domain code points (so no `:`, `/`,
    /// `?`, `#`, `\`, `@`, `%`), with no empty label and a last label that does not start with
    /// a digit (so it does not end in a number), is a domain that domain to ASCII returns as it
    /// is (spec 3.3, an ASCII domain is lowercased whatever ToASCII says): the host becomes it.
    /// The file host state turns `localhost` into the empty host (step 1.3.2): not here; and
    /// its Windows drive letter check needs a `:` or `|`, which the input cannot hold.
    ///
    /// Replaces 4.4 host state / hostname state, step 4 (each code point to the buffer), then
    /// at EOF steps 3.3 to 3.6 (3.3 host parse the buffer, whose domain to ASCII, spec 3.3,
    /// gives the buffer itself; 3.5 set url's host; 3.6 return); for `file`, 4.4 file host
    /// state, step 1.3, the same.
    fn hostname_shortcut(&mut self, input: &str) -> Option<()> {
        let bytes = input.as_bytes();
        if !self.scheme_type.is_special() || self.host.is_none() || bytes.is_empty() {
            return None;
        }
        if self.scheme_type == SchemeType::File && input == "localhost" {
            return None;
        }
        if scan(bytes, 0, HOST_STOP) != bytes.len()
            || bytes.split(|&b| b == b'.').any(<[u8]>::is_empty)
        {
            return None;
        }
        let last = bytes.rsplit(|&b| b == b'.').next()?;
        if last.first().is_none_or(u8::is_ascii_digit) {
            return None;
        }
        self.splice(Edit::Host(HostKind::Domain, input)).ok()
    }
}

/// `old` with `encoded` appended: `encoded` itself when `old` is empty (the setters' case, which
/// set the component to the empty string first).
fn appended<'a>(old: &str, encoded: &'a str) -> Cow<'a, str> {
    if old.is_empty() {
        Cow::Borrowed(encoded)
    } else {
        let mut whole = String::with_capacity(old.len() + encoded.len());
        whole.push_str(old);
        whole.push_str(encoded);
        Cow::Owned(whole)
    }
}

/// Fragment state: the query shortcut's with the fragment percent-encode set.
///
/// Replaces 4.4 fragment state, steps 1.1 and 1.2 (UTF-8 percent-encode each code point with
/// the fragment percent-encode set and append it to url's fragment).
fn fragment_encoded(input: &str) -> Option<Cow<'_, str>> {
    encoded_unless_stripped(input, scan(input.as_bytes(), 0, FRAGMENT_STOP), FRAGMENT)
}

/// `input` UTF-8 percent-encoded with `set`, given `stop`, where the scan of `input` for the
/// bytes of `set` stopped; `None` when `input` holds a tab or newline, which the basic URL
/// parser removes (step 3) rather than encodes: the general path's business.
fn encoded_unless_stripped<'a>(
    input: &'a str,
    stop: usize,
    set: &AsciiSet,
) -> Option<Cow<'a, str>> {
    let rest = input.as_bytes().get(stop..)?;
    if rest.is_empty() {
        return Some(Cow::Borrowed(input));
    }
    if rest.iter().any(|b| matches!(b, b'\t' | b'\n' | b'\r')) {
        return None;
    }
    Some(Cow::Owned(encode(input, set)))
}

/// `input` UTF-8 percent-encoded with `set`, into a string with room for every byte to grow.
fn encode(input: &str, set: &AsciiSet) -> String {
    let mut out = String::with_capacity(input.len().saturating_mul(3));
    percent::utf8_percent_encode_into(input, set, &mut out);
    out
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
