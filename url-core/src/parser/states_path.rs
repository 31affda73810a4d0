//! 4.4: path start, path, opaque path, query and fragment states.

use super::tables::{self, END, END_SPECIAL, OPAQUE_PATH, PATH_OVERRIDE, PATH_OVERRIDE_SPECIAL};
use super::{Flow, Parser, State, Step};
use crate::scheme::SchemeType;
use host::{ValidationError, ValidationSink};
use percent::{
    C0_CONTROL, Encoder, FRAGMENT, PATH, QUERY, SPECIAL_QUERY, percent_encode_after_encoding,
    percent_encode_into,
};

impl<E: Encoder + ?Sized, S: ValidationSink> Parser<'_, E, S> {
    /// 4.4 path start state.
    pub(crate) fn path_start_state(&mut self, pointer: usize) -> Step {
        let c = self.byte(pointer);
        if self.special() {
            // Step 1: a special URL's path always starts here; one "/" or "\" is its own.
            if c == Some(b'\\') {
                self.error(ValidationError::InvalidReverseSolidus, pointer);
            }
            let next = if matches!(c, Some(b'/' | b'\\')) {
                pointer + 1
            } else {
                pointer
            };
            return Ok(Flow::Next(State::Path, next));
        }
        match c {
            // Step 2.
            Some(b'?') if self.state_override.is_none() => {
                self.start_query();
                Ok(Flow::Next(State::Query, pointer + 1))
            }
            // Step 3.
            Some(b'#') if self.state_override.is_none() => {
                self.start_fragment();
                Ok(Flow::Next(State::Fragment, pointer + 1))
            }
            // Step 4.
            Some(c) => {
                let next = if c == b'/' { pointer + 1 } else { pointer };
                Ok(Flow::Next(State::Path, next))
            }
            // Step 5: EOF.
            None => {
                if self.state_override.is_some() && self.host.is_none() {
                    // Append the empty string to url's path.
                    self.out.push('/');
                }
                Ok(Flow::Done)
            }
        }
    }

    /// 4.4 path state. Takes one segment (the spec's buffer) per turn of the loop: finds its
    /// end by table lookup and copies it, percent-encoding only the bytes that need it.
    pub(crate) fn path_state(&mut self, mut pointer: usize) -> Step {
        let special = self.special();
        let ends = match (self.state_override.is_some(), special) {
            (false, false) => &END,
            (false, true) => &END_SPECIAL,
            (true, false) => &PATH_OVERRIDE,
            (true, true) => &PATH_OVERRIDE_SPECIAL,
        };
        loop {
            let rest = self.rest(pointer);
            let len = tables::find(rest, ends).unwrap_or(rest.len());
            let end = pointer + len;
            let buffer = rest.get(..len).unwrap_or_default();
            // Step 2: invalid URL units in the buffer.
            self.check_url_units(pointer, end);
            let c = self.byte(end);
            // Step 1: EOF, "/", special and "\", or (without state override) "?" or "#".
            let slash = match c {
                Some(b'/') => true,
                Some(b'\\') if special => {
                    // Step 1.1.
                    self.error(ValidationError::InvalidReverseSolidus, end);
                    true
                }
                _ => false,
            };
            if tables::is_double_dot(buffer) {
                // Step 1.2: shorten the path, and keep a trailing empty segment unless a
                // slash follows.
                self.shorten_path();
                if !slash {
                    self.out.push('/');
                }
            } else if tables::is_single_dot(buffer) {
                // Step 1.3.
                if !slash {
                    self.out.push('/');
                }
            } else {
                // Step 1.4: append the buffer (UTF-8 percent-encoded with the path set).
                let path_empty = self.out.len() == self.path_start;
                self.out.push('/');
                if self.scheme_type == SchemeType::File
                    && path_empty
                    && tables::is_windows_drive_letter(buffer)
                {
                    // Step 1.4.1: the Windows drive letter quirk ("C|" becomes "C:").
                    if let Some(&letter) = buffer.first() {
                        self.out.push(char::from(letter));
                    }
                    self.out.push(':');
                } else {
                    percent_encode_into(buffer, PATH, &mut self.out);
                }
            }
            // Steps 1.5 to 1.7.
            match c {
                _ if slash => pointer = end + 1,
                Some(b'?') => {
                    self.start_query();
                    return Ok(Flow::Next(State::Query, end + 1));
                }
                Some(b'#') => {
                    self.start_fragment();
                    return Ok(Flow::Next(State::Fragment, end + 1));
                }
                _ => return Ok(Flow::Done),
            }
        }
    }

    /// 4.4 opaque path state.
    pub(crate) fn opaque_path_state(&mut self, mut pointer: usize) -> Step {
        loop {
            let rest = self.rest(pointer);
            let len = tables::find(rest, &OPAQUE_PATH).unwrap_or(rest.len());
            let end = pointer + len;
            // Step 4: the run before "?", "#" or " " (UTF-8 percent-encoded with the C0
            // control set).
            self.check_url_units(pointer, end);
            percent_encode_into(
                rest.get(..len).unwrap_or_default(),
                C0_CONTROL,
                &mut self.out,
            );
            match self.byte(end) {
                // Step 1.
                Some(b'?') => {
                    self.start_query();
                    return Ok(Flow::Next(State::Query, end + 1));
                }
                // Step 2.
                Some(b'#') => {
                    self.start_fragment();
                    return Ok(Flow::Next(State::Fragment, end + 1));
                }
                // Step 3 (July 2026: a validation error): a space is kept, as "%20" when "?"
                // or "#" follows so that it cannot end the path.
                Some(b' ') => {
                    self.error(ValidationError::InvalidUrlUnit, end);
                    if matches!(self.byte(end + 1), Some(b'?' | b'#')) {
                        self.out.push_str("%20");
                    } else {
                        self.out.push(' ');
                    }
                    pointer = end + 1;
                }
                _ => return Ok(Flow::Done),
            }
        }
    }

    /// 4.4 query state.
    pub(crate) fn query_state(&mut self, pointer: usize) -> Step {
        // Step 1: the encoding is used only for special URLs other than ws and wss.
        let utf8 = self.encoding.is_utf8()
            || !self.special()
            || matches!(self.scheme_type, SchemeType::Ws | SchemeType::Wss);
        // Step 2: the buffer runs to "#" (without state override) or EOF.
        let rest = self.rest(pointer);
        let len = if self.state_override.is_none() {
            rest.iter().position(|&b| b == b'#').unwrap_or(rest.len())
        } else {
            rest.len()
        };
        let end = pointer + len;
        // Step 3: invalid URL units.
        self.check_url_units(pointer, end);
        // Step 2.1 and 2.2: percent-encode after encoding, special-query set if special.
        let set = if self.special() { SPECIAL_QUERY } else { QUERY };
        if utf8 {
            percent_encode_into(rest.get(..len).unwrap_or_default(), set, &mut self.out);
        } else {
            let buffer = self.slice(pointer, end);
            percent_encode_after_encoding(self.encoding, buffer, set, false, &mut self.out);
        }
        // Step 2.4.
        if self.byte(end) == Some(b'#') {
            self.start_fragment();
            return Ok(Flow::Next(State::Fragment, end + 1));
        }
        Ok(Flow::Done)
    }

    /// 4.4 fragment state: the rest of the input, UTF-8 percent-encoded with the fragment
    /// set.
    pub(crate) fn fragment_state(&mut self, pointer: usize) -> Step {
        let end = self.input.len();
        self.check_url_units(pointer, end);
        percent_encode_into(self.rest(pointer), FRAGMENT, &mut self.out);
        Ok(Flow::Done)
    }
}
