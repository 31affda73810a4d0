//! 4.4: path start, path, opaque path, query and fragment states.

use super::tables::{
    self, DotSegment, END, END_SPECIAL, OPAQUE_PATH_STOP, PATH_ENCODED_RUN_STOP,
    PATH_ENCODED_RUN_STOP_SPECIAL, PATH_OVERRIDE, PATH_OVERRIDE_SPECIAL, PATH_RUN_STOP,
    PATH_RUN_STOP_SPECIAL, PATH_STOP, PATH_STOP_SPECIAL,
};
use super::{Flow, Parser, State, Step, encode_into};
use crate::scheme::SchemeType;
use host::ValidationError;
use percent::{
    C0_CONTROL, FRAGMENT, PATH, QUERY, SPECIAL_QUERY, percent_encode_after_encoding,
    percent_encode_into,
};

impl Parser<'_> {
    /// 4.4 path start state.
    ///
    /// The fast path takes this state early: a special URL's empty path becomes `/` there too.
    ///
    /// Shortcuts: absolute as above (step 1); relative `fast::parse_relative_normal` (through
    /// the absolute fast path on `//`); override `UrlRecord::path_shortcut` (`overrides.rs`: step
    /// 1 on a special URL's emptied path and an input that starts with `/`).
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
                if self.state_override.is_some() && self.bounds.host.is_none() {
                    // Append the empty string to url's path.
                    self.out.push('/');
                }
                Ok(Flow::Done)
            }
        }
    }

    /// 4.4 path state. Takes one segment (the spec's buffer) per turn of the loop. One
    /// table scan finds the segment's end in the common case, where the segment needs no
    /// percent-encoding and is copied whole.
    ///
    /// The fast path (`fast::path_query_fragment`) takes this state early for a path with no byte
    /// to encode and no single- or double-dot segment (nor a Windows drive letter quirk); any
    /// other path comes here.
    ///
    /// Shortcuts: absolute as above (steps 1.4.2, 1.5 and 2.2 on segments with nothing to
    /// encode; 1.6 and 1.7); relative `fast::parse_relative_normal` (the same on a
    /// directory-relative path after the relative state's step 5.4, and step 1.2 for each
    /// leading `../`); override `UrlRecord::path_shortcut` (`overrides.rs`: steps 1.4.2 and 2.2
    /// with a state override, no dot segment and no Windows drive letter quirk: the input
    /// percent-encoded with the path percent-encode set).
    pub(crate) fn path_state(&mut self, mut pointer: usize) -> Step {
        let special = self.special();
        let ends = match (self.state_override.is_some(), special) {
            (false, false) => &END,
            (false, true) => &END_SPECIAL,
            (true, false) => &PATH_OVERRIDE,
            (true, true) => &PATH_OVERRIDE_SPECIAL,
        };
        let stop = if special {
            &PATH_STOP_SPECIAL
        } else {
            &PATH_STOP
        };
        let (run_stop, encoded_run_stop) = if special {
            (&PATH_RUN_STOP_SPECIAL, &PATH_ENCODED_RUN_STOP_SPECIAL)
        } else {
            (&PATH_RUN_STOP, &PATH_ENCODED_RUN_STOP)
        };
        loop {
            // Step 1's buffer when it is a single- or double-dot segment (spec 4.1), found
            // without the scans below: they would stop at the same end, for no byte of a dot
            // segment is in the path percent-encode set, and call it clean. Steps 1.2 and 1.3
            // then take it as any other buffer, so "../" and "%2e%2e/" pop without a scan.
            let leading = tables::leading_dot_segment(self.rest(pointer), ends);
            let (len, clean, dots) = if let Some((len, dots)) = leading {
                (len, true, Some(dots))
            } else {
                // Whole segments that hold no byte to encode, no "." and no "%" (so no dot
                // segment) and no "\\" come out as they went in: "/" and the run up to its last
                // "/". Not for the first segment of a file URL, which may be a drive letter.
                // `scanned`: how much of the next segment the run's scan has shown to hold no
                // byte of `stop` (the two sets differ only in "/").
                let mut scanned = 0;
                if !(self.bounds.scheme_type == SchemeType::File
                    && self.out.len() == self.bounds.path_start)
                {
                    let rest = self.rest(pointer);
                    let clean = tables::first_to_encode(rest, run_stop).unwrap_or(rest.len());
                    // Where the scan stopped at a byte to encode, the run goes on through
                    // segments that need encoding (and are no dot segments) to the next
                    // `encoded_run_stop`, and is encoded in one piece (step 1.4 for each).
                    let run_end = match rest.get(clean) {
                        Some(&b) if !encoded_run_stop.contains(b) => {
                            let tail = rest.get(clean..).unwrap_or_default();
                            clean + tables::find(tail, encoded_run_stop).unwrap_or(tail.len())
                        }
                        _ => clean,
                    };
                    let run = rest.get(..run_end).unwrap_or_default();
                    match run.iter().rposition(|&b| b == b'/') {
                        Some(last_slash) => {
                            // Step 2.1 for the run.
                            self.check_url_units(pointer, pointer + last_slash);
                            self.out.push('/');
                            let segments = self.slice(pointer, pointer + last_slash);
                            if last_slash < clean {
                                self.out.push_str(segments);
                            } else {
                                encode_into(segments, PATH, &mut self.out);
                            }
                            pointer += last_slash + 1;
                            scanned = clean.saturating_sub(last_slash + 1);
                            // The run stopped at the next segment's first byte: when that
                            // segment is a dot segment ("a/../"), the loop's first step takes
                            // it (steps 1.2 and 1.3), without the scan below.
                            if scanned == 0
                                && tables::leading_dot_segment(self.rest(pointer), ends).is_some()
                            {
                                continue;
                            }
                        }
                        None => scanned = clean,
                    }
                }
                let rest = self.rest(pointer);
                // The segment ends at the first byte of `ends`; it needs encoding when a byte of
                // the path percent-encode set comes first.
                let first_stop =
                    tables::first_to_encode(rest.get(scanned..).unwrap_or_default(), stop)
                        .map(|i| i + scanned);
                let (len, clean) = match first_stop {
                    None => (rest.len(), true),
                    Some(i) if rest.get(i).is_some_and(|&b| ends.contains(b)) => (i, true),
                    Some(i) => {
                        let tail = rest.get(i..).unwrap_or_default();
                        (i + tables::find(tail, ends).unwrap_or(tail.len()), false)
                    }
                };
                (
                    len,
                    clean,
                    tables::dot_segment(rest.get(..len).unwrap_or_default()),
                )
            };
            let end = pointer + len;
            // Step 2.1: invalid URL units in the buffer.
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
            match dots {
                Some(DotSegment::Double) => {
                    // Step 1.2: shorten the path, and keep a trailing empty segment unless a
                    // slash follows.
                    self.shorten_path();
                    if !slash {
                        self.out.push('/');
                    }
                }
                // Step 1.3.
                Some(DotSegment::Single) => {
                    if !slash {
                        self.out.push('/');
                    }
                }
                // Step 1.4: append the buffer (UTF-8 percent-encoded with the path set).
                None => self.append_segment(pointer, end, clean),
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

    /// 4.4 path state, step 1.4: appends buffer `from..to` (neither a single- nor a
    /// double-dot segment) to url's path, UTF-8 percent-encoded with the path percent-encode
    /// set unless `clean` (nothing in it to encode).
    #[inline]
    fn append_segment(&mut self, from: usize, to: usize, clean: bool) {
        let buffer = self.slice(from, to);
        let bytes = buffer.as_bytes();
        let path_empty = self.out.len() == self.bounds.path_start;
        self.out.push('/');
        if self.bounds.scheme_type == SchemeType::File
            && path_empty
            && tables::is_windows_drive_letter(bytes)
        {
            // Step 1.4.1: the Windows drive letter quirk ("C|" becomes "C:").
            if let Some(&letter) = bytes.first() {
                self.out.push(char::from(letter));
            }
            self.out.push(':');
        } else if clean {
            self.out.push_str(buffer);
        } else {
            encode_into(buffer, PATH, &mut self.out);
        }
    }

    /// 4.4 opaque path state.
    ///
    /// The fast path (`fast::not_special_without_host`) takes this state early for a path with
    /// nothing the C0 control percent-encode set encodes and no U+0020 SPACE.
    ///
    /// Shortcuts: absolute as above (step 3.2 on nothing to encode, steps 1 and 2 before a
    /// query or fragment); relative: none (the base is special); override: none (the pathname
    /// setter returns first on an opaque path).
    pub(crate) fn opaque_path_state(&mut self, mut pointer: usize) -> Step {
        loop {
            let rest = self.rest(pointer);
            let len = tables::first_to_encode(rest, &OPAQUE_PATH_STOP).unwrap_or(rest.len());
            let end = pointer + len;
            // Step 4: the run before "?", "#", " " or a byte to encode is copied whole.
            self.check_url_units(pointer, end);
            self.out.push_str(self.slice(pointer, end));
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
                // Step 4: a code point the C0 control percent-encode set encodes.
                Some(_) => {
                    let width = self
                        .input
                        .get(end..)
                        .and_then(|r| r.chars().next())
                        .map_or(1, char::len_utf8);
                    self.check_url_units(end, end + width);
                    percent_encode_into(
                        self.rest(end).get(..width).unwrap_or_default(),
                        C0_CONTROL,
                        &mut self.out,
                    );
                    pointer = end + width;
                }
                None => return Ok(Flow::Done),
            }
        }
    }

    /// 4.4 query state.
    ///
    /// The fast path (`fast::query_fragment`) takes this state early for a query with no byte of
    /// the (special-)query percent-encode set.
    ///
    /// Shortcuts: absolute as above (steps 2.2 and 3.2); relative `fast::parse_relative_normal`
    /// (the same after the relative state's step 5.2); override `UrlRecord::query_shortcut`
    /// (`overrides.rs`: steps 2.2 and 3.2 with a state override and UTF-8: the input
    /// percent-encoded with the (special-)query percent-encode set).
    pub(crate) fn query_state(&mut self, pointer: usize) -> Step {
        // Step 1: the encoding is used only for special URLs other than ws and wss.
        let utf8 = self.encoding.is_utf8()
            || !self.special()
            || matches!(self.bounds.scheme_type, SchemeType::Ws | SchemeType::Wss);
        // Step 2: the buffer runs to "#" (without state override) or EOF. "#" is in both
        // query percent-encode sets, so one scan finds it in the common case where nothing
        // before it needs encoding.
        let set = if self.special() { SPECIAL_QUERY } else { QUERY };
        let rest = self.rest(pointer);
        let first = tables::first_to_encode(rest, set);
        let (len, clean) = match first {
            None => (rest.len(), true),
            Some(i) if self.state_override.is_none() && rest.get(i) == Some(&b'#') => (i, true),
            Some(i) if self.state_override.is_none() => {
                let tail = rest.get(i..).unwrap_or_default();
                (
                    i + tail.iter().position(|&b| b == b'#').unwrap_or(tail.len()),
                    false,
                )
            }
            Some(_) => (rest.len(), false),
        };
        let end = pointer + len;
        // Step 3.1: invalid URL units.
        self.check_url_units(pointer, end);
        // Step 2.1 and 2.2: percent-encode after encoding, special-query set if special.
        if clean {
            // Only ASCII bytes outside the set: every output encoding of the Encoding
            // Standard (after "get an output encoding") writes ASCII as ASCII.
            self.out.push_str(self.slice(pointer, end));
        } else if utf8 {
            encode_into(self.slice(pointer, end), set, &mut self.out);
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
    ///
    /// The fast path (`fast::fragment`) takes this state early for a fragment with no byte of the
    /// fragment percent-encode set.
    ///
    /// Shortcuts: absolute as above (step 1.2 on nothing to encode); relative
    /// `fast::parse_relative_normal` (the same after the relative state's step 5.3); override
    /// `UrlRecord::fragment_shortcut` (`overrides.rs`: step 1.2 with a state override: the input
    /// percent-encoded with the fragment percent-encode set).
    pub(crate) fn fragment_state(&mut self, pointer: usize) -> Step {
        let end = self.input.len();
        self.check_url_units(pointer, end);
        encode_into(
            self.input.get(pointer..).unwrap_or_default(),
            FRAGMENT,
            &mut self.out,
        );
        Ok(Flow::Done)
    }
}
