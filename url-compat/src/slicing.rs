//! `Position` and the `Index` impls: slices of the serialization between component
//! boundaries, as rust-url 2.5.8 defines them.

use crate::Url;
use core::ops::{Index, Range, RangeFrom, RangeFull, RangeTo};

/// Indicates a position within a URL based on its components.
///
/// A range of positions can be used for slicing `Url`:
///
/// ```rust
/// # use url::{Url, Position};
/// # fn something(some_url: Url) {
/// let serialization: &str = &some_url[..];
/// let serialization_without_fragment: &str = &some_url[..Position::AfterQuery];
/// let authority: &str = &some_url[Position::BeforeUsername..Position::AfterPort];
/// let data_url_payload: &str = &some_url[Position::BeforePath..];
/// let scheme_relative: &str = &some_url[Position::BeforeUsername..];
/// # }
/// ```
///
/// In a pseudo-grammar (where `[`…`]?` makes a sub-sequence optional),
/// URL components and delimiters that separate them are:
///
/// ```notrust
/// url =
///     scheme ":"
///     [ "//" [ username [ ":" password ]? "@" ]? host [ ":" port ]? ]?
///     path [ "?" query ]? [ "#" fragment ]?
/// ```
///
/// When a given component is not present,
/// its "before" and "after" position are the same
/// (so that `&some_url[BeforeFoo..AfterFoo]` is the empty string)
/// and component ordering is preserved
/// (so that a missing query "is between" a path and a fragment).
///
/// The end of a component and the start of the next are either the same or separate
/// by a delimiter.
/// (Note that the initial `/` of a path is considered part of the path here, not a delimiter.)
/// For example, `&url[..BeforeFragment]` would include a `#` delimiter (if present in `url`),
/// so `&url[..AfterQuery]` might be desired instead.
///
/// `BeforeScheme` and `AfterFragment` are always the start and end of the entire URL,
/// so `&url[BeforeScheme..X]` is the same as `&url[..X]`
/// and `&url[X..AfterFragment]` is the same as `&url[X..]`.
#[derive(Copy, Clone, Debug)]
pub enum Position {
    /// The start of the URL.
    BeforeScheme,
    /// The end of the scheme (before its `:`).
    AfterScheme,
    /// The start of the username (after `://`, or after `:` without an authority).
    BeforeUsername,
    /// The end of the username.
    AfterUsername,
    /// The start of the password (after its `:`).
    BeforePassword,
    /// The end of the password (before `@`).
    AfterPassword,
    /// The start of the host.
    BeforeHost,
    /// The end of the host.
    AfterHost,
    /// The start of the port (after its `:`).
    BeforePort,
    /// The end of the port.
    AfterPort,
    /// The start of the path.
    BeforePath,
    /// The end of the path.
    AfterPath,
    /// The start of the query (after `?`).
    BeforeQuery,
    /// The end of the query.
    AfterQuery,
    /// The start of the fragment (after `#`).
    BeforeFragment,
    /// The end of the URL.
    AfterFragment,
}

/// The component boundaries of a URL record's serialization, in rust-url's terms (its
/// `Url` fields). Computed from the standard's getters: each is a slice of the href (spec 4.5
/// writes the components in this order, each after its delimiter).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Offsets {
    pub(crate) scheme_end: usize,
    pub(crate) username_end: usize,
    pub(crate) host_start: usize,
    pub(crate) host_end: usize,
    pub(crate) port: Option<u16>,
    pub(crate) path_start: usize,
    pub(crate) query_start: Option<usize>,
    pub(crate) fragment_start: Option<usize>,
    pub(crate) len: usize,
    pub(crate) has_authority: bool,
}

impl Offsets {
    pub(crate) fn of(url: &whatwg_url::Url) -> Offsets {
        let len = url.href().len();
        let scheme_end = url.scheme().len();
        // From the end: "#" fragment, "?" query, then the path (after the "/." guard, if any).
        let fragment_start = url.fragment().map(|f| len - f.len() - 1);
        let after_query = fragment_start.unwrap_or(len);
        let query_start = url.query().map(|q| after_query - q.len() - 1);
        let path_end = query_start.unwrap_or(after_query);
        let path_start = path_end - url.pathname().len();
        let port = url.port_number();
        let has_authority = url.host_kind().is_some();
        let (username_end, host_start, host_end) = if has_authority {
            // "//" username [ ":" password ] "@" host
            let username_end = scheme_end + 3 + url.username().len();
            let password = url.password();
            let host_start = if password.is_empty() {
                if url.username().is_empty() {
                    username_end
                } else {
                    username_end + 1
                }
            } else {
                username_end + 1 + password.len() + 1
            };
            (username_end, host_start, host_start + url.hostname().len())
        } else {
            // No authority: every boundary up to the path sits right after the scheme's ":".
            (scheme_end + 1, scheme_end + 1, scheme_end + 1)
        };
        Offsets {
            scheme_end,
            username_end,
            host_start,
            host_end,
            port,
            path_start,
            query_start,
            fragment_start,
            len,
            has_authority,
        }
    }

    /// rust-url's `Url::index(Position)`.
    pub(crate) fn index(&self, position: Position) -> usize {
        let has_password = self.has_authority && self.username_end + 1 < self.host_start;
        let port_len = |p: u16| {
            if p >= 10000 {
                5
            } else if p >= 1000 {
                4
            } else if p >= 100 {
                3
            } else if p >= 10 {
                2
            } else {
                1
            }
        };
        match position {
            Position::BeforeScheme => 0,
            Position::AfterScheme => self.scheme_end,
            Position::BeforeUsername => {
                if self.has_authority {
                    self.scheme_end + "://".len()
                } else {
                    self.scheme_end + ":".len()
                }
            }
            Position::AfterUsername => self.username_end,
            Position::BeforePassword if has_password => self.username_end + ":".len(),
            Position::BeforePassword => self.username_end,
            Position::AfterPassword if has_password => self.host_start - "@".len(),
            // No password: an empty range where it would start (rust-url 2.5.8 gives
            // `host_start` here, so `[BeforePassword..AfterPassword]` of `https://u@h/` is
            // `"@"`, and its own debug assertion fails on such a URL).
            Position::AfterPassword => self.username_end,
            Position::BeforeHost => self.host_start,
            Position::AfterHost => self.host_end,
            Position::BeforePort => match self.port {
                Some(_) => self.host_end + ":".len(),
                None => self.host_end,
            },
            Position::AfterPort => match self.port {
                Some(port) => self.host_end + ":".len() + port_len(port),
                None => self.host_end,
            },
            Position::BeforePath => self.path_start,
            Position::AfterPath => self.query_start.or(self.fragment_start).unwrap_or(self.len),
            Position::BeforeQuery => match (self.query_start, self.fragment_start) {
                (Some(q), _) => q + "?".len(),
                (None, Some(f)) => f,
                (None, None) => self.len,
            },
            Position::AfterQuery => self.fragment_start.unwrap_or(self.len),
            Position::BeforeFragment => self.fragment_start.map_or(self.len, |f| f + "#".len()),
            Position::AfterFragment => self.len,
        }
    }
}

impl Url {
    fn slice_at(&self, start: Option<Position>, end: Option<Position>) -> &str {
        let offsets = self.offsets();
        let start = start.map_or(0, |p| offsets.index(p));
        let end = end.map_or(offsets.len, |p| offsets.index(p));
        // rust-url panics on a reversed range; an empty slice here.
        self.as_str().get(start..end).unwrap_or_default()
    }
}

impl Index<RangeFull> for Url {
    type Output = str;
    fn index(&self, _: RangeFull) -> &str {
        self.as_str()
    }
}

impl Index<RangeFrom<Position>> for Url {
    type Output = str;
    fn index(&self, range: RangeFrom<Position>) -> &str {
        self.slice_at(Some(range.start), None)
    }
}

impl Index<RangeTo<Position>> for Url {
    type Output = str;
    fn index(&self, range: RangeTo<Position>) -> &str {
        self.slice_at(None, Some(range.end))
    }
}

impl Index<Range<Position>> for Url {
    type Output = str;
    fn index(&self, range: Range<Position>) -> &str {
        self.slice_at(Some(range.start), Some(range.end))
    }
}
