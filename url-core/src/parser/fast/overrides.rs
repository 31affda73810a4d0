//! Shortcuts of the basic URL parser with a state override (spec 4.4), for setter values that
//! need nothing done to them: the state would append the value as it is.
//!
//! Each shortcut is named at the state it replaces and takes only inputs for which that
//! state's output is provably the input: no byte of the component's percent-encode set, no
//! tab or newline (C0 controls are in every set), and the conditions below. On anything else
//! it returns `None` and [`Url::basic_parse_override`] runs the general state machine. The
//! setters fuzz target and `tests/override_shortcuts.rs` check every shortcut against the
//! general path ([`Url::basic_parse_override_without_shortcuts`]).

use super::scan::{
    FRAGMENT_STOP, HOST_STOP, QUERY_STOP, SPECIAL_PATH_STOP, SPECIAL_QUERY_STOP, scan,
};
use super::{dot_segment_candidate, is_double_dot, is_single_dot};
use crate::error::Overridden;
use crate::parser::StateOverride;
use crate::scheme::SchemeType;
use crate::url::{Url, to_u32};
use alloc::string::String;
use core::num::NonZeroU32;
use host::HostKind;

impl Url {
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
    /// percent-encode set; with none to encode, the query grows by the input.
    fn query_shortcut(&mut self, bytes: &[u8], input: &str) -> Option<Overridden> {
        let class = if self.scheme_type.is_special() {
            SPECIAL_QUERY_STOP
        } else {
            QUERY_STOP
        };
        if scan(bytes, 0, class) != bytes.len() {
            return None;
        }
        match self.query() {
            // A null query is the general path's to decide.
            None => return None,
            // The setter's case: the query was set to "" first.
            Some("") => self.splice_query(Some(input)).ok()?,
            Some(query) => {
                let mut query = String::from(query);
                query.push_str(input);
                self.splice_query(Some(&query)).ok()?;
            }
        }
        Some(Overridden::Changed)
    }

    /// Fragment state: the same with the fragment percent-encode set.
    fn fragment_shortcut(&mut self, bytes: &[u8], input: &str) -> Option<Overridden> {
        if scan(bytes, 0, FRAGMENT_STOP) != bytes.len() {
            return None;
        }
        match self.fragment() {
            None => return None,
            Some("") => self.splice_fragment(Some(input)).ok()?,
            Some(fragment) => {
                let mut fragment = String::from(fragment);
                fragment.push_str(input);
                self.splice_fragment(Some(&fragment)).ok()?;
            }
        }
        Some(Overridden::Changed)
    }

    /// Path start state, then path state, on a special URL other than `file` (which has a
    /// host, so no `/.` guard, and no Windows drive letter quirks) whose path is empty: an
    /// input that starts with `/` and holds no byte of the path percent-encode set (which holds
    /// `?` and `#`), no `\` and no single- or double-dot segment becomes the path as it is.
    fn path_shortcut(&mut self, bytes: &[u8], input: &str) -> Option<Overridden> {
        let path_start = self.path_start as usize;
        let path_end = self.path_end() as usize;
        if !self.special_not_file()
            || self.opaque_path
            || path_start != path_end
            || bytes.first() != Some(&b'/')
        {
            return None;
        }
        let mut i = 0;
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
                Some(_) => return None,
            }
        }
        self.serialization.insert_str(path_start, input);
        self.shift_after_path_start(input.len());
        Some(Overridden::Changed)
    }

    /// Hostname state on a special URL other than `file`: an input of ASCII bytes that are
    /// neither upper-case letters nor forbidden domain code points (so no `:`, `/`, `?`, `#`,
    /// `\`, `@`, `%`), with no empty label and a last label that does not start with a digit
    /// (so it does not end in a number), is a domain that domain to ASCII returns as it is
    /// (spec 3.3, an ASCII domain is lowercased whatever ToASCII says): the host becomes it.
    fn hostname_shortcut(&mut self, bytes: &[u8], input: &str) -> Option<Overridden> {
        if !self.special_not_file() || self.host.is_none() || bytes.is_empty() {
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
        let (start, end) = (self.host_start as usize, self.host_end as usize);
        self.serialization.replace_range(start..end, input);
        let grown = input.len() as i64 - (end - start) as i64;
        self.host_end = to_u32(start + input.len());
        self.path_start = shift(self.path_start, grown);
        self.query_start = self.query_start.map(|q| shift_nonzero(q, grown));
        self.fragment_start = self.fragment_start.map(|f| shift_nonzero(f, grown));
        self.host = Some(HostKind::Domain);
        Some(Overridden::Changed)
    }

    /// A special scheme other than `file`: a host is never null, and no Windows drive letter
    /// quirk applies.
    fn special_not_file(&self) -> bool {
        self.scheme_type.is_special() && self.scheme_type != SchemeType::File
    }

    /// The query and fragment moved by `added` bytes inserted at the path's start.
    fn shift_after_path_start(&mut self, added: usize) {
        let added = added as i64;
        self.query_start = self.query_start.map(|q| shift_nonzero(q, added));
        self.fragment_start = self.fragment_start.map(|f| shift_nonzero(f, added));
    }
}

fn shift(offset: u32, by: i64) -> u32 {
    to_u32((i64::from(offset) + by) as usize)
}

fn shift_nonzero(offset: NonZeroU32, by: i64) -> NonZeroU32 {
    NonZeroU32::new(shift(offset.get(), by)).unwrap_or(offset)
}
