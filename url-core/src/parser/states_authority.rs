//! 4.4: special authority slashes, special authority ignore slashes, authority, host,
//! hostname and port states.

use super::fast::classify::authority_stop;
use super::tables::{
    self, AUTHORITY, AUTHORITY_SPECIAL, COLON_OR_BRACKET, END, END_SPECIAL, HOST, HOST_SPECIAL,
};
use super::{Flow, Parser, State, StateOverride, Step, encode_into};
use crate::error::ParseError;
use crate::parts::push_port;
use crate::scheme::SchemeType;
use host::{HostKind, ValidationError};
use percent::USERINFO;

impl Parser<'_> {
    /// 4.4 special authority slashes state.
    ///
    /// Shortcuts: absolute `fast::special` (step 1); relative `fast::parse_relative_normal` on
    /// `//` (through the absolute fast path); override: none.
    pub(crate) fn special_authority_slashes_state(&mut self, pointer: usize) -> Step {
        if self.rest(pointer).starts_with(b"//") {
            // Step 1.
            Ok(Flow::Next(
                State::SpecialAuthorityIgnoreSlashes,
                pointer + 2,
            ))
        } else {
            // Step 2.
            self.error(
                ValidationError::SpecialSchemeMissingFollowingSolidus,
                pointer,
            );
            Ok(Flow::Next(State::SpecialAuthorityIgnoreSlashes, pointer))
        }
    }

    /// 4.4 special authority ignore slashes state: skips every further `/` and `\`.
    ///
    /// Shortcuts: absolute `fast::special` (step 1, no further slash; step 2 is the general
    /// path's); relative `fast::parse_relative_normal` on `//` (the same); override: none.
    pub(crate) fn special_authority_ignore_slashes_state(&mut self, mut pointer: usize) -> Step {
        // Step 2: each "/" or "\" is a validation error, and is skipped.
        while let Some(b'/' | b'\\') = self.byte(pointer) {
            self.error(
                ValidationError::SpecialSchemeMissingFollowingSolidus,
                pointer,
            );
            pointer += 1;
        }
        // Step 1.
        Ok(Flow::Next(State::Authority, pointer))
    }

    /// 4.4 authority state. The buffer runs to the end of the authority (step 2's
    /// terminators); everything before its last `@` is the userinfo.
    ///
    /// The fast path (`fast::special`, `fast::not_special_authority`) takes this state early only
    /// for an authority without `@` (no credentials) and without `[`; the rest comes here.
    ///
    /// Shortcuts: absolute as above (step 2, an authority without `@`); relative
    /// `fast::parse_relative_normal` on `//` (the same); override: none (no setter starts here).
    pub(crate) fn authority_state(&mut self, pointer: usize) -> Step {
        // The host is non-null from here on: the serialization gets its "//".
        self.out.push_str("//");
        let (ends, plain_set) = if self.special() {
            (&END_SPECIAL, &AUTHORITY_SPECIAL)
        } else {
            (&END, &AUTHORITY)
        };
        // One scan finds the end of the common authority, which has no "@", ":" or "[":
        // then there is no userinfo, and the host state has nothing left to look for.
        let rest = self.rest(pointer);
        // Step 2's scan, sixteen bytes at a time where the input is that long: no byte before
        // `skip` is a stop of either set (nor `\\`); the byte at `skip` may be one.
        let skip = authority_stop(rest);
        let first = match rest.get(skip) {
            Some(&b) if plain_set.contains(b) => Some(skip),
            _ => tables::find(rest.get(skip..).unwrap_or_default(), plain_set).map(|i| skip + i),
        };
        let (end, plain) = match first {
            None => (pointer + rest.len(), true),
            Some(i) if rest.get(i).is_some_and(|&b| ends.contains(b)) => (pointer + i, true),
            Some(i) => {
                let tail = rest.get(i..).unwrap_or_default();
                (
                    pointer + i + tables::find(tail, ends).unwrap_or(tail.len()),
                    false,
                )
            }
        };
        self.authority_end = Some((end, plain));
        let authority = self.rest(pointer).get(..end - pointer).unwrap_or_default();
        let last_at = if plain {
            None
        } else {
            authority.iter().rposition(|&b| b == b'@')
        };
        if self.sink.enabled() {
            // Step 1.1: every "@" is an invalid-credentials validation error.
            for (i, &b) in authority.iter().enumerate() {
                if b == b'@' {
                    self.error(ValidationError::InvalidCredentials, pointer + i);
                }
            }
        }
        let host_from = match last_at {
            Some(at) => {
                // Step 2.1: "@" seen and the buffer after it empty: no host.
                if pointer + at + 1 == end {
                    return Err(self.failure(ValidationError::HostMissing, end));
                }
                // Step 1.2 to 1.4: the buffer before each "@" (earlier ones as "%40") goes to
                // the username up to the first ":", to the password after it, UTF-8
                // percent-encoded with the userinfo set (which encodes "@" as "%40").
                let userinfo = self.slice(pointer, pointer + at);
                let (username, password) = userinfo.split_once(':').unwrap_or((userinfo, ""));
                encode_into(username, USERINFO, &mut self.out);
                self.bounds.username_end = self.out.len();
                if !password.is_empty() {
                    self.out.push(':');
                    encode_into(password, USERINFO, &mut self.out);
                }
                if !username.is_empty() || !password.is_empty() {
                    self.out.push('@');
                }
                pointer + at + 1
            }
            None => {
                self.bounds.username_end = self.out.len();
                pointer
            }
        };
        self.bounds.host_start = self.out.len();
        // Step 2.2: back to the buffer's start, in the host state.
        Ok(Flow::Next(State::Host, host_from))
    }

    /// 4.4 host state and hostname state.
    ///
    /// The fast path decides this state early for an ASCII domain without `%` (lowercased, as the
    /// host parser's steps 4 to 8 give it), an IPv4 address already in the serializer's form
    /// (`fast::is_serialized_ipv4`), and an opaque host with nothing to encode.
    ///
    /// Shortcuts: absolute as above (step 3.3 to 3.5, and step 2 before a port); relative
    /// `fast::parse_relative_normal` on `//` (the same) and its relative state step 5.1 (the
    /// base's host); override `UrlRecord::hostname_shortcut` (`overrides.rs`: step 3.3 to 3.6
    /// with the hostname state as override, a special URL and an ASCII domain that domain to
    /// ASCII keeps).
    pub(crate) fn host_state(&mut self, pointer: usize) -> Step {
        // Step 1: a state override on a file URL goes to the file host state.
        if self.state_override.is_some() && self.bounds.scheme_type == SchemeType::File {
            return Ok(Flow::Next(State::FileHost, pointer));
        }
        let special = self.special();
        let end = match self.authority_end.filter(|a| a.0 >= pointer) {
            // After a plain authority, the buffer is the whole authority.
            Some((end, true)) => end,
            known => self.host_end_from(pointer, special, known.map(|a| a.0)),
        };
        let buffer_empty = end == pointer;
        if self.byte(end) == Some(b':') {
            // Step 2: ":" outside brackets.
            if buffer_empty {
                // Step 2.1.
                return Err(self.failure(ValidationError::HostMissing, end));
            }
            // Step 2.2.
            if self.state_override == Some(StateOverride::Hostname) {
                return Err(ParseError::OverrideFailure);
            }
            // Steps 2.3 to 2.5.
            self.set_host(pointer, end)?;
            Ok(Flow::Next(State::Port, end + 1))
        } else {
            // Step 3: a terminator; the pointer is decreased (stays at `end`).
            if special && buffer_empty {
                // Step 3.1.
                return Err(self.failure(ValidationError::HostMissing, end));
            }
            if self.state_override.is_some()
                && buffer_empty
                && (self.includes_credentials || self.bounds.port.is_some())
            {
                // Step 3.2.
                return Err(ParseError::OverrideFailure);
            }
            // Steps 3.3 to 3.5.
            self.set_host(pointer, end)?;
            if self.state_override.is_some() {
                // Step 3.6.
                return Ok(Flow::Done);
            }
            // Step 3.5: on to the path start state.
            self.bounds.path_start = self.out.len();
            Ok(Flow::Next(State::PathStart, end))
        }
    }

    /// Finds the host state's buffer end from `pointer`: a ":" outside brackets, or a
    /// terminator (host state, steps 2 and 3). With the authority state's `known` end, only
    /// ":" and brackets are left to look for.
    fn host_end_from(&self, pointer: usize, special: bool, known: Option<usize>) -> usize {
        let (set, limit) = match known {
            Some(end) => (&COLON_OR_BRACKET, end),
            None if special => (&HOST_SPECIAL, self.input.len()),
            None => (&HOST, self.input.len()),
        };
        let mut inside_brackets = false;
        let mut i = pointer;
        loop {
            let rest = self.input.as_bytes().get(i..limit).unwrap_or_default();
            let Some(j) = tables::find(rest, set) else {
                return limit;
            };
            i += j;
            match self.byte(i) {
                Some(b'[') => inside_brackets = true,
                Some(b']') => inside_brackets = false,
                Some(b':') if inside_brackets => {}
                _ => return i,
            }
            i += 1;
        }
    }

    /// Host-parses the buffer `from..to` and sets url's host to the result.
    fn set_host(&mut self, from: usize, to: usize) -> Result<(), ParseError> {
        let kind = if from == to {
            // The opaque-host parser gives the empty host for an empty buffer (only URLs that
            // are not special get here with one).
            HostKind::Empty
        } else {
            self.parse_host(from, to)?
        };
        self.bounds.host = Some(kind);
        self.bounds.host_end = self.out.len();
        self.host_set = true;
        Ok(())
    }

    /// 4.4 port state.
    ///
    /// The fast path (`fast::port`) takes this state early for one to five digits without a
    /// leading zero, at most 65535, storing a scheme's default port as null (step 2.1.3).
    ///
    /// Shortcuts: absolute as above (step 2); relative: through the absolute fast path on `//`;
    /// override: none (the port setter always comes here).
    pub(crate) fn port_state(&mut self, pointer: usize) -> Step {
        // Step 1: ASCII digits go to the buffer.
        let rest = self.rest(pointer);
        let digits = rest
            .iter()
            .position(|b| !b.is_ascii_digit())
            .unwrap_or(rest.len());
        let end = pointer + digits;
        let c = self.byte(end);
        let ends = match c {
            None | Some(b'/' | b'?' | b'#') => true,
            Some(b'\\') if self.special() => true,
            Some(_) => self.state_override.is_some(),
        };
        if !ends {
            // Step 3.
            return Err(self.failure(ValidationError::PortInvalid, end));
        }
        // Step 2.
        if digits > 0 {
            // Step 2.1.1: the value, in radix 10; step 2.1.2: it must fit in 16 bits.
            let mut port: u32 = 0;
            for &d in rest.get(..digits).unwrap_or_default() {
                port = port * 10 + u32::from(d - b'0');
                if port > u32::from(u16::MAX) {
                    return Err(self.failure(ValidationError::PortOutOfRange, pointer));
                }
            }
            let port = u16::try_from(port).unwrap_or(u16::MAX);
            // Step 2.1.3: the scheme's default port is stored as null.
            self.bounds.port = if Some(port) == self.bounds.scheme_type.default_port() {
                None
            } else {
                Some(port)
            };
            self.port_set = true;
            if self.state_override.is_some() {
                // Step 2.1.5.
                return Ok(Flow::Done);
            }
            if let Some(port) = self.bounds.port {
                self.out.push(':');
                push_port(port, &mut self.out);
            }
        } else if self.state_override.is_some() {
            // Step 2.2.
            return Err(ParseError::OverrideFailure);
        }
        // Step 2.3.
        self.bounds.path_start = self.out.len();
        Ok(Flow::Next(State::PathStart, end))
    }
}
