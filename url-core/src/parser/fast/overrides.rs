//! Shortcuts of the basic URL parser with a state override (spec 4.4), for setter values whose
//! state would append them code point by code point: as they are, or UTF-8 percent-encoded with
//! the component's percent-encode set.
//!
//! Each shortcut names the steps it replaces (section and step of the standard), is named in
//! turn at each state whose steps it replaces (`parser/states_*.rs`, "Shortcuts:"), and takes
//! only inputs for which that state's output is provably the input percent-encoded with that
//! set: no tab or newline (the basic URL parser removes them first, step 3, where the set
//! would encode them) and the conditions below. On anything else it returns `None` and
//! [`UrlRecord::basic_parse_override`] runs the general state machine. Each edits the record through
//! [`UrlRecord::splice`](crate::splice). The setters fuzz target (through whatwg-url's own setter
//! steps) and `tests/override_shortcuts.rs` check every shortcut against the general path
//! (`UrlRecord::basic_parse_override_without_shortcuts`, feature `testing`).

use super::classify::{
    FRAGMENT_STOP, HOST_STOP, QUERY_STOP, SPECIAL_PATH_STOP, SPECIAL_QUERY_STOP, scan,
};
use super::{dot_segment_candidate, is_double_dot, is_single_dot};
use crate::error::Overridden;
use crate::parser::StateOverride;
use crate::parser::tables::is_windows_drive_letter;
use crate::scheme::SchemeType;
use crate::splice::Edit;
use crate::url::UrlRecord;
use alloc::borrow::Cow;
use alloc::string::String;
use host::HostKind;
use percent::{AsciiSet, FRAGMENT, PATH, QUERY, SPECIAL_QUERY};

impl UrlRecord {
    /// The override's result when a shortcut applies (UTF-8, no validation error listener).
    pub(crate) fn override_shortcut(
        &mut self,
        input: &str,
        state: StateOverride,
    ) -> Option<Overridden> {
        if u32::try_from(self.serialization.len().checked_add(input.len())?).is_err() {
            return None;
        }
        let bytes = input.as_bytes();
        match state {
            StateOverride::Query => self.query_shortcut(bytes, input),
            StateOverride::Fragment => self.fragment_shortcut(bytes, input),
            StateOverride::PathStart => self.path_shortcut(bytes, input),
            StateOverride::Hostname => self.hostname_shortcut(bytes, input),
            _ => None,
        }
    }

    /// Query state: every code point is appended, percent-encoded with the (special-)query
    /// percent-encode set (UTF-8, without a listener: no validation error matters).
    ///
    /// Replaces 4.4 query state, step 1 (UTF-8 whatever the URL), steps 3.1 and 3.2 (each code
    /// point to the buffer) and steps 2.1 to 2.3 at EOF (percent-encode after encoding and
    /// append to url's query); with a state override `#` is a code point of the query.
    fn query_shortcut(&mut self, bytes: &[u8], input: &str) -> Option<Overridden> {
        let (class, set) = if self.scheme_type.is_special() {
            (SPECIAL_QUERY_STOP, SPECIAL_QUERY)
        } else {
            (QUERY_STOP, QUERY)
        };
        let encoded = encoded_unless_stripped(input, scan(bytes, 0, class), set)?;
        let input = encoded.as_ref();
        match self.query() {
            // A null query is the general path's to decide.
            None => return None,
            // The setter's case: the query was set to "" first.
            Some("") => self.splice(Edit::Query(Some(input))).ok()?,
            Some(query) => {
                let mut query = String::from(query);
                query.push_str(input);
                self.splice(Edit::Query(Some(&query))).ok()?;
            }
        }
        Some(Overridden::Changed)
    }

    /// Fragment state: the same with the fragment percent-encode set.
    ///
    /// Replaces 4.4 fragment state, steps 1.1 and 1.2 (UTF-8 percent-encode each code point
    /// with the fragment percent-encode set and append it to url's fragment).
    fn fragment_shortcut(&mut self, bytes: &[u8], input: &str) -> Option<Overridden> {
        let encoded = encoded_unless_stripped(input, scan(bytes, 0, FRAGMENT_STOP), FRAGMENT)?;
        let input = encoded.as_ref();
        match self.fragment() {
            None => return None,
            Some("") => self.splice(Edit::Fragment(Some(input))).ok()?,
            Some(fragment) => {
                let mut fragment = String::from(fragment);
                fragment.push_str(input);
                self.splice(Edit::Fragment(Some(&fragment))).ok()?;
            }
        }
        Some(Overridden::Changed)
    }

    /// Path start state, then path state, on a special URL (which has a host, so no `/.`
    /// guard) whose path is empty: an input that starts with `/` and holds no `\`, no tab or
    /// newline and no single- or double-dot segment becomes the path, each code point UTF-8
    /// percent-encoded with the path percent-encode set (path state, step 2.2: with a state
    /// override, `?` and `#` are code points of the path, and that set encodes them). For
    /// `file`, the path state's Windows drive letter quirk (step 1.2, on the first segment
    /// while the path is empty) must not apply: the first segment is not a Windows drive
    /// letter.
    ///
    /// Replaces 4.4 path start state, step 1 (a special URL: `/` is the path's own, on to the
    /// path state), and 4.4 path state, step 1 at each `/` and at EOF (1.4.2 append the
    /// buffer to url's path, 1.5 empty the buffer) and steps 2.1 and 2.2 (each other code
    /// point, percent-encoded, to the buffer).
    fn path_shortcut(&mut self, bytes: &[u8], input: &str) -> Option<Overridden> {
        // A special URL never has an opaque path (spec 4.1), and the entry has refused an
        // opaque path already: no third check of it here.
        if !self.scheme_type.is_special()
            || self.path_start != self.path_end()
            || bytes.first() != Some(&b'/')
        {
            return None;
        }
        if self.scheme_type == SchemeType::File {
            let first = bytes.get(1..).unwrap_or_default();
            let first = first.split(|&b| b == b'/').next().unwrap_or_default();
            if is_windows_drive_letter(first) {
                return None;
            }
        }
        let mut i = 0;
        let mut to_encode = false;
        loop {
            i = scan(bytes, i, SPECIAL_PATH_STOP);
            match bytes.get(i) {
                None => break,
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
        let encoded = if to_encode {
            Cow::Owned(encode(input, PATH))
        } else {
            Cow::Borrowed(input)
        };
        // The path is empty: the new one replaces nothing (the splice checks that the
        // encoded path still fits).
        self.splice(Edit::Path(&encoded)).ok()?;
        Some(Overridden::Changed)
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
    fn hostname_shortcut(&mut self, bytes: &[u8], input: &str) -> Option<Overridden> {
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
        self.splice(Edit::Host(HostKind::Domain, input)).ok()?;
        Some(Overridden::Changed)
    }
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
