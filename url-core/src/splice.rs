//! The one edit of a record in place: a component's span of the serialization is replaced by
//! its new serialization (spec 4.5, the step of the URL serializer that writes it), the
//! boundaries after it move by the change in length, and debug builds check the record's
//! rules on the result ([`UrlRecord::check_record`], as [`UrlRecord::from_parts`] does for a new record).
//!
//! Every setter path (`setters.rs`), every state-override shortcut (`parser/overrides.rs`)
//! and the state override's commit (`parser/overrides.rs`) edit through [`UrlRecord::splice`]; none
//! serializes the whole record again.

use crate::error::ParseError;
use crate::parts::port_digits;
use crate::scheme::SchemeType;
use crate::url::{UrlRecord, to_u32};
use alloc::string::String;
use core::num::NonZeroU32;
use host::HostKind;

/// One component's new value, as the record holds it (already percent-encoded / serialized).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Edit<'a> {
    /// The scheme (spec 4.5, step 1), without its `:`. The scheme type follows it.
    Scheme(&'a str),
    /// The username and password (step 2.1) of a URL with a host.
    Userinfo {
        username: &'a str,
        password: &'a str,
    },
    /// The host (step 2.2), of a URL with or without one: a null host gains the `//`.
    Host(HostKind, &'a str),
    /// The port (step 2.3) of a URL with a host.
    Port(Option<u16>),
    /// The URL path serializer's output (step 4); the `/.` guard of step 3 follows it.
    Path(&'a str),
    /// The query (step 5) without its `?`, or null.
    Query(Option<&'a str>),
    /// The fragment (step 6) without its `#`, or null.
    Fragment(Option<&'a str>),
}

/// The boundaries of a record in serialization order: `UrlRecord::splice` moves those from one of
/// them on.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Boundary {
    UsernameEnd,
    HostStart,
    HostEnd,
    PathStart,
    QueryStart,
    FragmentStart,
    /// Nothing follows the fragment.
    End,
}

impl UrlRecord {
    /// Replaces the component that `edit` names with its new value, in place. On failure
    /// (the URL would be longer than `u32` offsets address, or a userinfo or port edit on a
    /// URL without a host) nothing changes.
    // Inlined: at each call the edit's kind is known, and the compiler keeps only its arm
    // (measured: out of line, the general arms cost a setter call about 200 instructions).
    #[inline(always)]
    pub(crate) fn splice(&mut self, edit: Edit<'_>) -> Result<(), ParseError> {
        let has_host = self.host.is_some();
        let mut digits = [0u8; 5];
        // Built only for a userinfo edit (an empty `String` does not allocate).
        let mut userinfo = String::new();
        // The span replaced, its new text as a delimiter (or guard) and a value, and the
        // first boundary after the span.
        let (start, end, prefix, text, moved) = match edit {
            Edit::Scheme(scheme) => (0, self.scheme_end, "", scheme, Boundary::UsernameEnd),
            Edit::Userinfo { username, password } if has_host => {
                userinfo.reserve_exact(username.len() + password.len() + 2);
                userinfo.push_str(username);
                if !password.is_empty() {
                    userinfo.push(':');
                    userinfo.push_str(password);
                }
                if !userinfo.is_empty() {
                    userinfo.push('@');
                }
                let start = self.scheme_end + 3;
                (
                    start,
                    self.host_start,
                    "",
                    userinfo.as_str(),
                    Boundary::HostStart,
                )
            }
            Edit::Host(_, host) if has_host => {
                (self.host_start, self.host_end, "", host, Boundary::HostEnd)
            }
            // A null host becomes non-null: "//" and the host replace the "/." guard, if any.
            Edit::Host(_, host) => (
                self.host_end,
                self.path_start,
                "//",
                host,
                Boundary::QueryStart,
            ),
            Edit::Port(port) if has_host => {
                let (colon, port) = match port {
                    Some(port) => (":", port_digits(port, &mut digits)),
                    None => ("", ""),
                };
                (
                    self.host_end,
                    self.path_start,
                    colon,
                    port,
                    Boundary::PathStart,
                )
            }
            Edit::Path(path) => {
                // Step 3: without a host, a list path that starts with an empty segment is
                // guarded by "/.", which belongs to the span.
                let guard = !has_host && !self.opaque_path && path.starts_with("//");
                let start = if has_host {
                    self.path_start
                } else {
                    self.host_end
                };
                let guard = if guard { "/." } else { "" };
                (start, self.path_end(), guard, path, Boundary::QueryStart)
            }
            Edit::Query(query) => {
                let end = self.fragment_start.map_or(self.end(), NonZeroU32::get);
                let (mark, query) = query.map_or(("", ""), |q| ("?", q));
                (self.path_end(), end, mark, query, Boundary::FragmentStart)
            }
            Edit::Fragment(fragment) => {
                let start = self.fragment_start.map_or(self.end(), NonZeroU32::get);
                let (mark, fragment) = fragment.map_or(("", ""), |f| ("#", f));
                (start, self.end(), mark, fragment, Boundary::End)
            }
            Edit::Userinfo { .. } | Edit::Port(_) => return Err(ParseError::OverrideFailure),
        };
        let (start, end) = (start as usize, end as usize);
        let added = prefix.len() + text.len();
        let new_len = (self.serialization.len() - (end - start)).checked_add(added);
        if new_len.is_none_or(|n| u32::try_from(n).is_err()) {
            return Err(ParseError::TooLong);
        }
        self.replace(start, end, prefix, text);
        self.shift(moved, added as i64 - (end - start) as i64);
        // The boundaries and flags inside the span.
        match edit {
            Edit::Scheme(scheme) => {
                self.scheme_end = to_u32(scheme.len());
                self.scheme_type = SchemeType::from_scheme(scheme);
            }
            Edit::Userinfo { username, .. } => self.username_end = to_u32(start + username.len()),
            Edit::Host(kind, _) if !has_host => {
                self.username_end = to_u32(start + prefix.len());
                self.host_start = self.username_end;
                self.host_end = to_u32(start + added);
                self.path_start = self.host_end;
                self.host = Some(kind);
            }
            Edit::Host(kind, _) => self.host = Some(kind),
            Edit::Port(port) => self.port = port,
            Edit::Path(_) => self.path_start = to_u32(start + prefix.len()),
            Edit::Query(query) => {
                self.query_start = query.and_then(|_| NonZeroU32::new(to_u32(start)));
            }
            Edit::Fragment(fragment) => {
                self.fragment_start = fragment.and_then(|_| NonZeroU32::new(to_u32(start)));
            }
        }
        #[cfg(debug_assertions)]
        {
            let checked = self.check_record();
            debug_assert!(checked.is_ok(), "after {edit:?}: {checked:?}");
        }
        Ok(())
    }

    /// Replaces `start..end` of the serialization by `prefix` and `text`. At the end of the
    /// serialization they are appended; elsewhere the text after the span moves once for
    /// each of them that is not empty (at most twice). (`String::replace_range` copies its replacement byte
    /// by byte: it is used only to overwrite a span that is not empty.)
    #[inline(always)]
    fn replace(&mut self, start: usize, end: usize, prefix: &str, text: &str) {
        let s = &mut self.serialization;
        if end == s.len() {
            s.truncate(start);
            // Amortized, as `insert_str` grows it elsewhere: the setters that follow
            // (pathname, search, hash) append again (measured: exact growth costs each of
            // them a reallocation).
            s.reserve(prefix.len() + text.len());
            s.push_str(prefix);
            s.push_str(text);
        } else if prefix.is_empty() || text.is_empty() {
            let piece = if prefix.is_empty() { text } else { prefix };
            if start == end {
                s.insert_str(start, piece);
            } else {
                s.replace_range(start..end, piece);
            }
        } else {
            s.replace_range(start..end, prefix);
            s.insert_str(start + prefix.len(), text);
        }
    }

    /// Moves `from` and every boundary after it by `by` bytes.
    #[inline(always)]
    fn shift(&mut self, from: Boundary, by: i64) {
        if by == 0 {
            return;
        }
        let moved = |o: u32| to_u32((i64::from(o) + by) as usize);
        let moved_nz = |o: NonZeroU32| NonZeroU32::new(moved(o.get())).unwrap_or(o);
        if from <= Boundary::UsernameEnd {
            self.username_end = moved(self.username_end);
        }
        if from <= Boundary::HostStart {
            self.host_start = moved(self.host_start);
        }
        if from <= Boundary::HostEnd {
            self.host_end = moved(self.host_end);
        }
        if from <= Boundary::PathStart {
            self.path_start = moved(self.path_start);
        }
        if from <= Boundary::QueryStart {
            self.query_start = self.query_start.map(moved_nz);
        }
        if from <= Boundary::FragmentStart {
            self.fragment_start = self.fragment_start.map(moved_nz);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Edit;
    use crate::UrlRecord;
    use alloc::format;
    use host::HostKind;

    /// Each edit, at the end and in the middle of the serialization, with and without a host
    /// (the `/.` guard), gives the record a parse of its result gives.
    #[test]
    fn each_edit_gives_the_parsed_record() {
        let cases: [(&str, Edit<'_>, &str); 14] = [
            ("http://h:8080/p", Edit::Scheme("https"), "https://h:8080/p"),
            (
                "https://h/p?q#f",
                Edit::Userinfo {
                    username: "u",
                    password: "",
                },
                "https://u@h/p?q#f",
            ),
            (
                "https://u:p@h/p",
                Edit::Userinfo {
                    username: "",
                    password: "pw",
                },
                "https://:pw@h/p",
            ),
            (
                "https://u:p@h/",
                Edit::Userinfo {
                    username: "",
                    password: "",
                },
                "https://h/",
            ),
            (
                "https://h/p#f",
                Edit::Host(HostKind::Domain, "example.org"),
                "https://example.org/p#f",
            ),
            (
                "sc:/.//p?q",
                Edit::Host(HostKind::Opaque, "h"),
                "sc://h//p?q",
            ),
            ("sc:/p", Edit::Host(HostKind::Empty, ""), "sc:///p"),
            (
                "https://h:1/p?q",
                Edit::Port(Some(65535)),
                "https://h:65535/p?q",
            ),
            ("https://h:1/p?q", Edit::Port(None), "https://h/p?q"),
            ("sc:/.//p?q", Edit::Path("/a"), "sc:/a?q"),
            ("sc:/a?q", Edit::Path("//b"), "sc:/.//b?q"),
            ("sc://h/a#f", Edit::Path("//b"), "sc://h//b#f"),
            (
                "https://h/p#f",
                Edit::Query(Some("a=b")),
                "https://h/p?a=b#f",
            ),
            ("https://h/p?q#f", Edit::Fragment(None), "https://h/p?q"),
        ];
        for (start, edit, after) in cases {
            let mut url = UrlRecord::parse(start, None).unwrap();
            url.splice(edit).unwrap();
            assert_eq!(url.as_str(), after, "{edit:?} on {start}");
            assert_eq!(url.check_invariants(), Ok(()), "{edit:?} on {start}");
            assert_eq!(
                format!("{url:?}"),
                format!("{:?}", UrlRecord::parse(after, None).unwrap())
            );
        }
        // No userinfo or port without a host; nothing changes.
        let mut url = UrlRecord::parse("sc:/p", None).unwrap();
        assert!(url.splice(Edit::Port(Some(1))).is_err());
        assert_eq!(url.as_str(), "sc:/p");
    }
}
