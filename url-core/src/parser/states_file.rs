//! 4.4: file, file slash and file host states.

use super::tables::{self, is_normalized_windows_drive_letter, starts_with_windows_drive_letter};
use super::{Flow, Parser, State, Step};
use crate::scheme::SchemeType;
use crate::url::UrlRecord;
use host::{HostKind, ValidationError};

impl Parser<'_> {
    /// 4.4 file state.
    ///
    /// Shortcuts: absolute `fast::special` (step 3, `//` after `file:`); relative: none (a `file`
    /// base is not taken); override: none.
    pub(crate) fn file_state(&mut self, pointer: usize) -> Step {
        // Step 1: url's scheme is "file" (already written when it came from the scheme
        // state).
        if self.out.is_empty() {
            self.out.push_str("file");
            self.bounds.scheme_end = self.out.len();
            self.out.push(':');
        }
        self.bounds.scheme_type = SchemeType::File;
        // Step 2: url's host is the empty string.
        self.out.push_str("//");
        self.bounds.username_end = self.out.len();
        self.bounds.host_start = self.out.len();
        self.bounds.host_end = self.out.len();
        self.bounds.host = Some(HostKind::Empty);
        let c = self.byte(pointer);
        match (c, self.base) {
            // Step 3.
            (Some(c @ (b'/' | b'\\')), _) => {
                if c == b'\\' {
                    self.error(ValidationError::InvalidReverseSolidus, pointer);
                }
                Ok(Flow::Next(State::FileSlash, pointer + 1))
            }
            // Step 4: a file base.
            (_, Some(base)) if base.scheme_type() == SchemeType::File => {
                // Step 4.1: url's host, path and query are base's.
                self.copy_base_host(base);
                self.bounds.path_start = self.out.len();
                match c {
                    // Step 4.2.
                    Some(b'?') => {
                        self.out.push_str(base.path());
                        self.start_query();
                        Ok(Flow::Next(State::Query, pointer + 1))
                    }
                    // Step 4.3.
                    Some(b'#') => {
                        self.out.push_str(base.path());
                        self.copy_base_query(base);
                        self.start_fragment();
                        Ok(Flow::Next(State::Fragment, pointer + 1))
                    }
                    // Step 4.4: query null, and the path is shortened, or emptied by the
                    // Windows drive letter quirk.
                    Some(_) => {
                        if !starts_with_windows_drive_letter(self.rest(pointer)) {
                            self.out.push_str(base.path());
                            self.shorten_path();
                        } else {
                            self.error(ValidationError::FileInvalidWindowsDriveLetter, pointer);
                        }
                        Ok(Flow::Next(State::Path, pointer))
                    }
                    None => {
                        self.out.push_str(base.path());
                        self.copy_base_query(base);
                        Ok(Flow::Done)
                    }
                }
            }
            // Step 5.
            _ => {
                self.bounds.path_start = self.out.len();
                Ok(Flow::Next(State::Path, pointer))
            }
        }
    }

    /// 4.4 file slash state.
    ///
    /// Shortcuts: absolute `fast::special` (step 1, `/` then the file host state); relative: none;
    /// override: none.
    pub(crate) fn file_slash_state(&mut self, pointer: usize) -> Step {
        match self.byte(pointer) {
            // Step 1.
            Some(c @ (b'/' | b'\\')) => {
                if c == b'\\' {
                    self.error(ValidationError::InvalidReverseSolidus, pointer);
                }
                Ok(Flow::Next(State::FileHost, pointer + 1))
            }
            _ => {
                // Step 2.1: a file base lends its host, and its drive letter.
                let base = self.base.filter(|b| b.scheme_type() == SchemeType::File);
                if let Some(base) = base {
                    self.copy_base_host(base);
                }
                self.bounds.path_start = self.out.len();
                if let Some(base) = base {
                    let first = base.path_segments().and_then(|mut s| s.next());
                    if !starts_with_windows_drive_letter(self.rest(pointer))
                        && first.is_some_and(|f| is_normalized_windows_drive_letter(f.as_bytes()))
                    {
                        // Step 2.1.2: append base's path[0].
                        self.out.push('/');
                        self.out.push_str(first.unwrap_or_default());
                    }
                }
                // Step 2.2.
                Ok(Flow::Next(State::Path, pointer))
            }
        }
    }

    /// 4.4 file host state.
    ///
    /// The fast path takes this state early for `file:///` (the empty host) and a host it would
    /// keep; `localhost` and a Windows drive letter after the slashes come here.
    ///
    /// Shortcuts: absolute as above (step 1.3 for a host the fast path keeps, and the empty host);
    /// relative: none; override `UrlRecord::hostname_shortcut` (`overrides.rs`: step 1.3 with a
    /// state override, not `localhost`, and its input holds no Windows drive letter).
    pub(crate) fn file_host_state(&mut self, pointer: usize) -> Step {
        // Step 1: the buffer runs to EOF, "/", "\", "?" or "#".
        let rest = self.rest(pointer);
        let end = pointer + tables::find(rest, &tables::END_SPECIAL).unwrap_or(rest.len());
        let buffer = self.rest(pointer).get(..end - pointer).unwrap_or_default();
        if self.state_override.is_none() && tables::is_windows_drive_letter(buffer) {
            // Step 1.1: the buffer is not reset; the path state takes it as its own.
            self.error(ValidationError::FileInvalidWindowsDriveLetterHost, pointer);
            self.bounds.path_start = self.out.len();
            self.checked_until = end;
            return Ok(Flow::Next(State::Path, pointer));
        }
        if buffer.is_empty() {
            // Step 1.2: the empty host.
            self.bounds.host = Some(HostKind::Empty);
            self.bounds.host_end = self.bounds.host_start.max(self.out.len());
            self.host_set = true;
            if self.state_override.is_some() {
                return Ok(Flow::Done);
            }
        } else {
            // Step 1.3: host-parse the buffer; "localhost" is the empty host.
            let start = self.out.len();
            let mut kind = self.parse_host(pointer, end)?;
            if self.out.get(start..) == Some("localhost") {
                self.out.truncate(start);
                kind = HostKind::Empty;
            }
            self.bounds.host = Some(kind);
            self.bounds.host_end = self.out.len();
            self.host_set = true;
            if self.state_override.is_some() {
                return Ok(Flow::Done);
            }
        }
        self.bounds.path_start = self.out.len();
        Ok(Flow::Next(State::PathStart, end))
    }

    /// url's host := base's host (a file URL: no credentials, no port).
    fn copy_base_host(&mut self, base: &UrlRecord) {
        self.out.push_str(base.host_str().unwrap_or_default());
        self.bounds.host_end = self.out.len();
        self.bounds.host = base.host_kind();
    }
}
