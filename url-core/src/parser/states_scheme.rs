//! 4.4: scheme start, scheme, no scheme, special relative or authority, path or authority,
//! relative and relative slash states.

use super::tables::{self, SCHEME};
use super::{Flow, Parser, State, Step, reuse};
use crate::error::ParseError;
use crate::scheme::{SchemeType, special_scheme_and_slashes};
use crate::url::UrlRecord;
use host::{HostKind, ValidationError};

/// Room for what the parser adds to the input ("//", "/", ":", a few escapes) before the
/// buffer has to grow.
const SLACK: usize = 16;

impl Parser<'_> {
    /// 4.4 scheme start state.
    ///
    /// Shortcuts: absolute `fast::recognize` (step 1, an ASCII alpha first); relative
    /// `fast::parse_relative_normal` (step 2, for input `fast::relative::starts_with_scheme`
    /// rejects); override: none (the protocol setter always comes here).
    pub(crate) fn scheme_start_state(&mut self, pointer: usize) -> Step {
        match self.byte(pointer) {
            // Step 1: an ASCII alpha starts the scheme (the scheme state appends it).
            Some(c) if c.is_ascii_alphabetic() => Ok(Flow::Next(State::Scheme, pointer)),
            // Step 2: no scheme; the pointer stays.
            _ if self.state_override.is_none() => Ok(Flow::Next(State::NoScheme, pointer)),
            // Step 3: with a state override, failure (no validation error).
            _ => Err(ParseError::OverrideFailure),
        }
    }

    /// 4.4 scheme state. Scans the whole scheme run at once.
    ///
    /// The fast path (`fast::recognize`) takes this state early for a scheme followed by `//` (or any
    /// non-special scheme), lowercasing it as step 2 does; anything else comes here.
    ///
    /// Shortcuts: absolute `fast::recognize` (steps 1 and 2, below); relative
    /// `fast::parse_relative_normal` on `//` (step 2.7's special authority slashes state, as
    /// if this state had read the base's scheme); override: none.
    pub(crate) fn scheme_state(&mut self, pointer: usize) -> Step {
        // Step 1: ASCII alphanumeric, "+", "-" and "." go to the buffer. The common special
        // schemes followed by "://" are recognized from one word of input.
        let known = special_scheme_and_slashes(self.rest(pointer));
        let end = pointer
            + match known {
                Some((len, _, _)) => len,
                None => self
                    .rest(pointer)
                    .iter()
                    .position(|&b| !SCHEME.contains(b))
                    .unwrap_or(self.input.len().saturating_sub(pointer)),
            };
        if self.byte(end) != Some(b':') {
            // Step 3: not a scheme. Without a state override, start over in the no scheme
            // state; with one, failure.
            return match self.state_override {
                None => Ok(Flow::Next(State::NoScheme, 0)),
                Some(_) => Err(ParseError::OverrideFailure),
            };
        }
        // Step 2: c is ":". The buffer (lowercased) is the scheme.
        let buffer = self.slice(pointer, end);
        if self.state_override.is_none() {
            // The one allocation of an ordinary parse (`with_capacity` skips the growth
            // path that `reserve` takes), or none in a reused buffer (`reuse`).
            self.out = reuse(Some(&mut self.out), self.input.len() + SLACK);
        }
        let scheme_type = if let Some((_, scheme_type, false)) = known {
            self.out.push_str(buffer);
            scheme_type
        } else if buffer.bytes().any(|b| b.is_ascii_uppercase()) {
            let start = self.out.len();
            for b in buffer.bytes() {
                self.out.push(char::from(b.to_ascii_lowercase()));
            }
            SchemeType::from_scheme(self.out.get(start..).unwrap_or_default())
        } else {
            self.out.push_str(buffer);
            SchemeType::from_scheme(buffer)
        };
        if self.state_override.is_some() {
            // Step 2.1: the changes the protocol setter may not make.
            let file = scheme_type == SchemeType::File;
            if self.special() != scheme_type.is_special()
                || ((self.includes_credentials || self.bounds.port.is_some()) && file)
                || (self.bounds.scheme_type == SchemeType::File
                    && self.bounds.host == Some(HostKind::Empty))
            {
                return Ok(Flow::Unchanged);
            }
            // Steps 2.2 and 2.3: set the scheme (the port is nulled in `commit` if it is the
            // new default), and return.
            self.bounds.scheme_type = scheme_type;
            return Ok(Flow::Done);
        }
        // Step 2.2: set url's scheme to buffer.
        self.bounds.scheme_type = scheme_type;
        self.bounds.scheme_end = self.out.len();
        self.out.push(':');
        let after = end + 1;
        if scheme_type == SchemeType::File {
            // Step 2.5: file.
            if !self.rest(after).starts_with(b"//") {
                self.error(ValidationError::SpecialSchemeMissingFollowingSolidus, after);
            }
            Ok(Flow::Next(State::File, after))
        } else if scheme_type.is_special()
            && self
                .base
                .is_some_and(|base| Some(base.scheme()) == self.out.get(..self.bounds.scheme_end))
        {
            // Step 2.6: special, with a base of the same scheme.
            Ok(Flow::Next(State::SpecialRelativeOrAuthority, after))
        } else if scheme_type.is_special() {
            // Step 2.7.
            Ok(Flow::Next(State::SpecialAuthoritySlashes, after))
        } else if self.byte(after) == Some(b'/') {
            // Step 2.8: remaining starts with "/".
            Ok(Flow::Next(State::PathOrAuthority, after + 1))
        } else {
            // Step 2.9: url's path is the empty string (an opaque path).
            self.set_null_host();
            self.bounds.opaque_path = true;
            self.bounds.path_start = self.out.len();
            Ok(Flow::Next(State::OpaquePath, after))
        }
    }

    /// 4.4 no scheme state.
    ///
    /// Shortcuts: absolute: none (an absolute URL never comes here); relative
    /// `fast::parse_relative_normal` (step 3: a special base other than `file`); override: none.
    pub(crate) fn no_scheme_state(&mut self, pointer: usize) -> Step {
        let c = self.byte(pointer);
        let Some(base) = self.base else {
            // Step 1: no base.
            return Err(self.failure(ValidationError::MissingSchemeNonRelativeUrl, pointer));
        };
        if base.has_opaque_path() && c != Some(b'#') {
            // Step 1: a base with an opaque path takes only a fragment.
            return Err(self.failure(ValidationError::MissingSchemeNonRelativeUrl, pointer));
        }
        self.out = reuse(
            Some(&mut self.out),
            base.as_str().len() + self.input.len() + SLACK,
        );
        if base.has_opaque_path() {
            // Step 2: url's scheme, path and query are base's, fragment is the empty string.
            self.out.push_str(base.as_str_without_fragment());
            self.copy_base_offsets(base);
            self.bounds.opaque_path = true;
            self.bounds.path_start = base.path_start as usize;
            self.bounds.query_start = base.query_start.map(|q| q.get() as usize);
            self.start_fragment();
            Ok(Flow::Next(State::Fragment, pointer + 1))
        } else if base.scheme_type() != SchemeType::File {
            // Step 3.
            Ok(Flow::Next(State::Relative, pointer))
        } else {
            // Step 4.
            Ok(Flow::Next(State::File, pointer))
        }
    }

    /// 4.4 special relative or authority state.
    ///
    /// Shortcuts: absolute `fast::special` (step 1, `//` after a special scheme equal to the
    /// base's: the same as the special authority slashes state, and the fast path reads no
    /// base); relative: none; override: none.
    pub(crate) fn special_relative_or_authority_state(&mut self, pointer: usize) -> Step {
        if self.rest(pointer).starts_with(b"//") {
            // Step 1: c and remaining's first code point are "/".
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
            Ok(Flow::Next(State::Relative, pointer))
        }
    }

    /// 4.4 path or authority state.
    ///
    /// Shortcuts: absolute `fast::not_special_authority` (step 1) and
    /// `fast::not_special_without_host` (step 2); relative: none (the base is special); override:
    /// none.
    pub(crate) fn path_or_authority_state(&mut self, pointer: usize) -> Step {
        if self.byte(pointer) == Some(b'/') {
            // Step 1.
            Ok(Flow::Next(State::Authority, pointer + 1))
        } else {
            // Step 2: a path, and no host.
            self.set_null_host();
            self.bounds.path_start = self.out.len();
            Ok(Flow::Next(State::Path, pointer))
        }
    }

    /// 4.4 relative state.
    ///
    /// Shortcuts: absolute: none; relative `fast::parse_relative_normal` (step 3 on `//`, steps
    /// 5.1 and 5.2 on `?`, 5.1 and 5.3 on `#`, 5.1 and 5.4 on a directory-relative path);
    /// override: none.
    pub(crate) fn relative_state(&mut self, pointer: usize) -> Step {
        let Some(base) = self.base else {
            return Err(self.failure(ValidationError::MissingSchemeNonRelativeUrl, pointer));
        };
        // Step 1: assert: base's scheme is not "file" (the no scheme state sends a file base
        // to the file state).
        debug_assert!(
            base.scheme_type() != SchemeType::File,
            "relative to a file base"
        );
        // Step 2: url's scheme is base's scheme. (From the special relative or authority
        // state the scheme state has written it already, equal to base's.)
        if self.out.is_empty() {
            self.out.push_str(base.scheme());
            self.bounds.scheme_end = self.out.len();
            self.out.push(':');
        }
        self.bounds.scheme_type = base.scheme_type();
        let c = self.byte(pointer);
        match c {
            // Step 3.
            Some(b'/') => Ok(Flow::Next(State::RelativeSlash, pointer + 1)),
            // Step 4.
            Some(b'\\') if self.special() => {
                self.error(ValidationError::InvalidReverseSolidus, pointer);
                Ok(Flow::Next(State::RelativeSlash, pointer + 1))
            }
            _ => {
                // Step 5.1: url's username, password, host, port, path and query are base's.
                self.copy_base_authority(base);
                self.bounds.path_start = self.out.len();
                self.out.push_str(base.path());
                match c {
                    // Step 5.2: the query is replaced.
                    Some(b'?') => {
                        self.start_query();
                        Ok(Flow::Next(State::Query, pointer + 1))
                    }
                    // Step 5.3: the query stays, the fragment is replaced.
                    Some(b'#') => {
                        self.copy_base_query(base);
                        self.start_fragment();
                        Ok(Flow::Next(State::Fragment, pointer + 1))
                    }
                    // Step 5.4: query null, shorten the path, and on to the path state.
                    Some(_) => {
                        self.shorten_path();
                        Ok(Flow::Next(State::Path, pointer))
                    }
                    // EOF: base's query stays.
                    None => {
                        self.copy_base_query(base);
                        Ok(Flow::Done)
                    }
                }
            }
        }
    }

    /// 4.4 relative slash state.
    ///
    /// Shortcuts: absolute: none; relative `fast::parse_relative_normal` (step 1 on a second
    /// `/`, then the absolute fast path on the base's scheme); override: none.
    pub(crate) fn relative_slash_state(&mut self, pointer: usize) -> Step {
        match self.byte(pointer) {
            // Step 1: special and "/" or "\".
            Some(c @ (b'/' | b'\\')) if self.special() => {
                if c == b'\\' {
                    self.error(ValidationError::InvalidReverseSolidus, pointer);
                }
                Ok(Flow::Next(
                    State::SpecialAuthorityIgnoreSlashes,
                    pointer + 1,
                ))
            }
            // Step 2.
            Some(b'/') => Ok(Flow::Next(State::Authority, pointer + 1)),
            // Step 3: username, password, host and port are base's; on to the path state.
            _ => {
                if let Some(base) = self.base {
                    self.copy_base_authority(base);
                }
                self.bounds.path_start = self.out.len();
                Ok(Flow::Next(State::Path, pointer))
            }
        }
    }

    /// Records a null host: no authority in the serialization.
    pub(crate) fn set_null_host(&mut self) {
        let at = self.out.len();
        self.bounds.username_end = at;
        self.bounds.host_start = at;
        self.bounds.host_end = at;
        self.bounds.host = None;
    }

    /// Copies base's boundaries up to the host, for a buffer that holds base's
    /// serialization up to the same point.
    fn copy_base_offsets(&mut self, base: &UrlRecord) {
        self.bounds.scheme_end = base.scheme_end as usize;
        self.bounds.scheme_type = base.scheme_type();
        self.bounds.username_end = base.username_end as usize;
        self.bounds.host_start = base.host_start as usize;
        self.bounds.host_end = base.host_end as usize;
        self.bounds.host = base.host;
        self.bounds.port = base.port;
    }

    /// url's username, password, host and port := base's. The buffer holds url's scheme,
    /// which is base's, and ":".
    pub(crate) fn copy_base_authority(&mut self, base: &UrlRecord) {
        let scheme_end = base.scheme_end as usize;
        // With a host, the authority runs up to the path; without one it is empty (and any
        // "/." guard is left out: `finish` adds it again if needed).
        let authority_end = if base.host.is_some() {
            base.path_start as usize
        } else {
            scheme_end + 1
        };
        self.out.push_str(
            base.as_str()
                .get(scheme_end + 1..authority_end)
                .unwrap_or_default(),
        );
        self.copy_base_offsets(base);
    }

    /// url's query := base's query (appended after the path).
    pub(crate) fn copy_base_query(&mut self, base: &UrlRecord) {
        if let Some(query) = base.query() {
            self.bounds.query_start = Some(self.out.len());
            self.out.push('?');
            self.out.push_str(query);
        }
    }

    /// "Set url's query to the empty string".
    pub(crate) fn start_query(&mut self) {
        self.bounds.query_start = Some(self.out.len());
        self.out.push('?');
    }

    /// "Set url's fragment to the empty string".
    pub(crate) fn start_fragment(&mut self) {
        self.bounds.fragment_start = Some(self.out.len());
        self.out.push('#');
    }

    /// Shorten url's path (spec 4.2): remove the last segment, unless the path of a `file`
    /// URL is one normalized Windows drive letter. Cost: the length of the removed segment,
    /// so a run of `..` segments stays linear.
    pub(crate) fn shorten_path(&mut self) {
        // Step 1: assert: url does not have an opaque path.
        debug_assert!(!self.bounds.opaque_path, "shorten an opaque path");
        let path = self
            .out
            .get(self.bounds.path_start..)
            .unwrap_or_default()
            .as_bytes();
        if self.bounds.scheme_type == SchemeType::File
            && path.len() == 3
            && tables::is_normalized_windows_drive_letter(path.get(1..).unwrap_or_default())
        {
            return;
        }
        if let Some(i) = path.iter().rposition(|&b| b == b'/') {
            self.out.truncate(self.bounds.path_start + i);
        }
    }
}
