//! The URL record (spec 4.1): one serialization plus the offsets of its components. The
//! section 4 algorithms on it live beside it (`parser/`, `setters.rs`, `splice.rs`,
//! `origin.rs`); the `URL` interface of section 6 that wraps it is `whatwg_url::Url`.

use crate::path::PathSegments;
use crate::scheme::SchemeType;
use alloc::string::String;
use core::fmt;
use core::hash;
use core::num::NonZeroU32;
use host::{HostKind, HostRef};

/// A URL record (spec 4.1), stored as its serialization (spec 4.5).
///
/// The standard's record, not its `URL` interface: the API crate's `whatwg_url::Url` wraps
/// one and adds the setter steps of spec 6.1. The methods here are section 4's
/// algorithms: [`UrlRecord::parse`] is the URL parser with a parsed base, and the setters
/// ([`UrlRecord::set_username`], [`UrlRecord::basic_parse_override`], …) change the record without the
/// API's checks, leaving it unchanged where it cannot take the change.
///
/// The record is the URL serializer's output in one `String` plus `u32` offsets of the
/// component boundaries and a few flags. Every getter is a slice of that string, and
/// [`UrlRecord::as_str`] is free. `size_of::<UrlRecord>()` is 64 bytes on 64-bit targets (a test asserts
/// it).
///
/// The serialization is laid out as
///
/// ```text
/// scheme ":" [ "//" [ username [ ":" password ] "@" ] host [ ":" port ] ] [ "/." ] path [ "?" query ] [ "#" fragment ]
/// ```
///
/// where `"/."` is the serializer's guard (spec 4.5, step 3) for a URL without a host whose
/// path starts with an empty segment.
///
/// The blob URL entry of spec 4.1 is not part of this record: blob URL stores belong to the
/// embedder, so [`UrlRecord::parse`] never resolves one.
#[derive(Clone)]
pub struct UrlRecord {
    /// The URL serializer's output (spec 4.5).
    pub(crate) serialization: String,
    /// Index of the `:` that ends the scheme.
    pub(crate) scheme_end: u32,
    /// End of the username (equal to `scheme_end + 1` when the host is null, and to
    /// `scheme_end + 3` when the username is empty).
    pub(crate) username_end: u32,
    /// Start of the host (after `@` when the URL includes credentials).
    pub(crate) host_start: u32,
    /// End of the host.
    pub(crate) host_end: u32,
    /// Start of the path (after the `"/."` guard, if any).
    pub(crate) path_start: u32,
    /// Index of the `?` that starts the query, if the query is non-null.
    pub(crate) query_start: Option<NonZeroU32>,
    /// Index of the `#` that starts the fragment, if the fragment is non-null.
    pub(crate) fragment_start: Option<NonZeroU32>,
    /// The port (spec 4.1); never the scheme's default port.
    pub(crate) port: Option<u16>,
    /// The host's kind; `None` when the host is null.
    pub(crate) host: Option<HostKind>,
    /// The scheme, classified.
    pub(crate) scheme_type: SchemeType,
    /// Whether the path is an opaque path (a single URL path segment, spec 4.1).
    pub(crate) opaque_path: bool,
}

/// A record's boundaries and flags, as byte offsets into its serialization (the fields of
/// [`UrlRecord`] but the serialization, before they are narrowed to `u32`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bounds {
    pub(crate) scheme_end: usize,
    pub(crate) username_end: usize,
    pub(crate) host_start: usize,
    pub(crate) host_end: usize,
    pub(crate) path_start: usize,
    pub(crate) query_start: Option<usize>,
    pub(crate) fragment_start: Option<usize>,
    pub(crate) port: Option<u16>,
    pub(crate) host: Option<HostKind>,
    pub(crate) scheme_type: SchemeType,
    pub(crate) opaque_path: bool,
}

impl Bounds {
    /// Where a parse starts: every boundary at 0, no query, fragment, port or host, a
    /// non-special scheme, a path that is a list.
    pub(crate) const START: Bounds = Bounds {
        scheme_end: 0,
        username_end: 0,
        host_start: 0,
        host_end: 0,
        path_start: 0,
        query_start: None,
        fragment_start: None,
        port: None,
        host: None,
        scheme_type: SchemeType::NotSpecial,
        opaque_path: false,
    };
}

impl UrlRecord {
    /// How the parsers make a record: the parser's end (`Parser::finish`), the fast paths'
    /// `build` and `Parts::build` (the invariant check's re-derivation) all end here (the one
    /// record made otherwise is [`UrlRecord::about_blank`], which cannot fail); the one way one
    /// is edited is [`UrlRecord::splice`](crate::splice). `None` when the serialization is
    /// longer than `u32` offsets can address. Debug builds assert every offset relation and
    /// spec 4.1's rules on the result ([`UrlRecord::check_record`]).
    #[inline]
    pub(crate) fn from_parts(serialization: String, bounds: Bounds) -> Option<UrlRecord> {
        // The one length check. Every offset is a boundary inside the serialization, at most its
        // length (debug-asserted here, and by `check_record` below), so once the length fits
        // in a `u32` each offset does too and `as u32` is exact: no saturating conversion
        // per offset.
        u32::try_from(serialization.len()).ok()?;
        #[cfg(debug_assertions)]
        {
            let len = serialization.len();
            let last = [bounds.query_start, bounds.fragment_start];
            debug_assert!(
                [
                    bounds.scheme_end,
                    bounds.username_end,
                    bounds.host_start,
                    bounds.host_end
                ]
                .into_iter()
                .chain([bounds.path_start])
                .chain(last.into_iter().flatten())
                .all(|o| o <= len),
                "{bounds:?} outside {len} bytes"
            );
        }
        let nz = |o: Option<usize>| o.and_then(|o| NonZeroU32::new(o as u32));
        let url = UrlRecord {
            serialization,
            scheme_end: bounds.scheme_end as u32,
            username_end: bounds.username_end as u32,
            host_start: bounds.host_start as u32,
            host_end: bounds.host_end as u32,
            path_start: bounds.path_start as u32,
            query_start: nz(bounds.query_start),
            fragment_start: nz(bounds.fragment_start),
            port: bounds.port,
            host: bounds.host,
            scheme_type: bounds.scheme_type,
            opaque_path: bounds.opaque_path,
        };
        #[cfg(debug_assertions)]
        {
            let checked = url.check_record();
            debug_assert!(checked.is_ok(), "{checked:?}");
        }
        Some(url)
    }
}

impl Default for UrlRecord {
    /// `about:blank`, the record [`UrlRecord::parse_into`] leaves on failure: a starting
    /// point for it that allocates nothing.
    ///
    /// ```
    /// let mut url = url_core::UrlRecord::default();
    /// assert_eq!(url.as_str(), "about:blank");
    /// url.parse_into("https://example.com", None)?;
    /// assert_eq!(url.as_str(), "https://example.com/");
    /// # Ok::<(), url_core::ParseError>(())
    /// ```
    fn default() -> UrlRecord {
        UrlRecord::about_blank(String::new())
    }
}

impl UrlRecord {
    /// The record of `about:blank`, written into `buffer`'s allocation: what
    /// [`UrlRecord::parse_into`] leaves on failure. Built field by field, as
    /// [`UrlRecord::from_parts`] would from these bounds, because it cannot fail (eleven bytes);
    /// a test compares it with the parser's record.
    pub(crate) fn about_blank(mut buffer: String) -> UrlRecord {
        buffer.clear();
        buffer.push_str("about:blank");
        let url = UrlRecord {
            serialization: buffer,
            scheme_end: 5,
            username_end: 6,
            host_start: 6,
            host_end: 6,
            path_start: 6,
            query_start: None,
            fragment_start: None,
            port: None,
            host: None,
            scheme_type: SchemeType::NotSpecial,
            opaque_path: true,
        };
        #[cfg(debug_assertions)]
        {
            let checked = url.check_record();
            debug_assert!(checked.is_ok(), "{checked:?}");
        }
        url
    }
}

/// Converts an offset that the parser or a setter has proven to fit.
#[inline]
pub(crate) fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl UrlRecord {
    #[inline]
    fn slice(&self, start: u32, end: u32) -> &str {
        // The offsets are the record's own (checked by `UrlRecord::from_parts` in debug builds).
        let span = self.serialization.get(start as usize..end as usize);
        debug_assert!(span.is_some(), "{start}..{end} of {:?}", self.serialization);
        span.unwrap_or_default()
    }

    #[inline]
    pub(crate) fn end(&self) -> u32 {
        to_u32(self.serialization.len())
    }

    /// End of the path: the query's `?`, else the fragment's `#`, else the end.
    #[inline]
    pub(crate) fn path_end(&self) -> u32 {
        match (self.query_start, self.fragment_start) {
            (Some(q), _) => q.get(),
            (None, Some(f)) => f.get(),
            (None, None) => self.end(),
        }
    }

    /// The URL serializer's output (spec 4.5), without copying. Same as `href` in the API.
    #[inline]
    pub fn as_str(&self) -> &str {
        &self.serialization
    }

    /// The serialization, consuming the URL.
    #[inline]
    pub fn into_string(self) -> String {
        self.serialization
    }

    /// The URL serializer with *exclude fragment* (spec 4.5): the serialization up to the
    /// fragment's `#`.
    #[inline]
    pub fn as_str_without_fragment(&self) -> &str {
        match self.fragment_start {
            Some(f) => self.slice(0, f.get()),
            None => &self.serialization,
        }
    }

    /// The URL serializer (spec 4.5) with an explicit *exclude fragment* flag.
    #[inline]
    pub fn serialize(&self, exclude_fragment: bool) -> &str {
        if exclude_fragment {
            self.as_str_without_fragment()
        } else {
            self.as_str()
        }
    }

    /// The URL's scheme (spec 4.1): ASCII lowercase, never empty.
    #[inline]
    pub fn scheme(&self) -> &str {
        self.slice(0, self.scheme_end)
    }

    /// The scheme, classified (special or not, spec 4.2).
    #[inline]
    pub fn scheme_type(&self) -> SchemeType {
        self.scheme_type
    }

    /// Whether the URL is special: its scheme is a special scheme (spec 4.2).
    #[inline]
    pub fn is_special(&self) -> bool {
        self.scheme_type.is_special()
    }

    /// The default port of the URL's scheme (spec 4.2).
    #[inline]
    pub fn default_port(&self) -> Option<u16> {
        self.scheme_type.default_port()
    }

    /// The URL's username (spec 4.1), percent-encoded; empty when there is none.
    #[inline]
    pub fn username(&self) -> &str {
        if self.host.is_some() {
            self.slice(self.scheme_end + 3, self.username_end)
        } else {
            ""
        }
    }

    /// The URL's password (spec 4.1), percent-encoded; empty when there is none.
    #[inline]
    pub fn password(&self) -> &str {
        if self.host.is_some() && self.username_end + 1 < self.host_start {
            // username ":" password "@"
            self.slice(self.username_end + 1, self.host_start - 1)
        } else {
            ""
        }
    }

    /// Whether the URL includes credentials: its username or password is not empty (spec 4.2).
    #[inline]
    pub fn includes_credentials(&self) -> bool {
        self.host.is_some() && self.host_start > self.scheme_end + 3
    }

    /// The kind of the URL's host, or `None` when the host is null (spec 4.1).
    #[inline]
    pub fn host_kind(&self) -> Option<HostKind> {
        self.host
    }

    /// The URL's host, serialized by the host serializer (spec 3.6; IPv6 in brackets), or
    /// `None` when the host is null. The empty host is `Some("")`.
    #[inline]
    pub fn host_str(&self) -> Option<&str> {
        self.host
            .map(|_| self.slice(self.host_start, self.host_end))
    }

    /// The URL's host (spec 4.1) as the host crate's borrowed view, or `None` when null.
    #[inline]
    pub fn host(&self) -> Option<HostRef<'_>> {
        let kind = self.host?;
        HostRef::from_serialized(kind, self.slice(self.host_start, self.host_end))
    }

    /// The URL's port (spec 4.1). Never the scheme's default port: the parser stores that as
    /// null.
    #[inline]
    pub fn port(&self) -> Option<u16> {
        self.port
    }

    /// The port, or the scheme's default port when the port is null.
    #[inline]
    pub fn port_or_default(&self) -> Option<u16> {
        self.port.or(self.default_port())
    }

    /// The port as written in the serialization (digits without leading zeros), or `None`.
    #[inline]
    pub fn port_str(&self) -> Option<&str> {
        // A port implies a host; the path follows the port directly (no "/." guard).
        self.port?;
        Some(self.slice(self.host_end + 1, self.path_start))
    }

    /// Whether the URL cannot have a username/password/port (spec 4.2): its host is null or
    /// empty, or its scheme is `file`.
    #[inline]
    pub fn cannot_have_username_password_port(&self) -> bool {
        matches!(self.host, None | Some(HostKind::Empty)) || self.scheme_type == SchemeType::File
    }

    /// Whether the URL has an opaque path (spec 4.2): its path is a single URL path segment,
    /// not a list. Never true for special URLs.
    #[inline]
    pub fn has_opaque_path(&self) -> bool {
        self.opaque_path
    }

    /// The URL path serializer's output (spec 4.5): the opaque path, or `/` followed by each
    /// segment joined by `/` (empty for an empty list). This is `pathname` in the API.
    #[inline]
    pub fn path(&self) -> &str {
        self.slice(self.path_start, self.path_end())
    }

    /// The opaque path (spec 4.1), or `None` when the path is a list.
    #[inline]
    pub fn opaque_path(&self) -> Option<&str> {
        if self.opaque_path {
            Some(self.path())
        } else {
            None
        }
    }

    /// The path's segments (spec 4.1), or `None` when the path is opaque. An empty list
    /// yields nothing; `/` yields one empty segment.
    #[inline]
    pub fn path_segments(&self) -> Option<PathSegments<'_>> {
        if self.opaque_path {
            None
        } else {
            Some(PathSegments::new(self.path()))
        }
    }

    /// The URL's query (spec 4.1) without its `?`, or `None` when null.
    #[inline]
    pub fn query(&self) -> Option<&str> {
        let q = self.query_start?.get();
        let end = self.fragment_start.map_or(self.end(), NonZeroU32::get);
        Some(self.slice(q + 1, end))
    }

    /// The URL's fragment (spec 4.1) without its `#`, or `None` when null.
    #[inline]
    pub fn fragment(&self) -> Option<&str> {
        let f = self.fragment_start?.get();
        Some(self.slice(f + 1, self.end()))
    }

    /// URL equivalence (spec 4.6): whether the serializations are equal, with the fragments
    /// excluded when `exclude_fragments` is set.
    #[inline]
    pub fn equals(&self, other: &UrlRecord, exclude_fragments: bool) -> bool {
        self.serialize(exclude_fragments) == other.serialize(exclude_fragments)
    }
}

impl PartialEq for UrlRecord {
    /// URL equivalence (spec 4.6) without excluding fragments.
    fn eq(&self, other: &UrlRecord) -> bool {
        self.serialization == other.serialization
    }
}

impl Eq for UrlRecord {}

impl hash::Hash for UrlRecord {
    fn hash<H: hash::Hasher>(&self, state: &mut H) {
        self.serialization.hash(state)
    }
}

impl PartialOrd for UrlRecord {
    fn partial_cmp(&self, other: &UrlRecord) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for UrlRecord {
    /// Orders by serialization.
    fn cmp(&self, other: &UrlRecord) -> core::cmp::Ordering {
        self.serialization.cmp(&other.serialization)
    }
}

impl fmt::Display for UrlRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.serialization)
    }
}

impl fmt::Debug for UrlRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UrlRecord")
            .field("href", &self.serialization)
            .field("scheme", &self.scheme())
            .field("username", &self.username())
            .field("password", &self.password())
            .field("host", &self.host_str())
            .field("host_kind", &self.host)
            .field("port", &self.port)
            .field("path", &self.path())
            .field("opaque_path", &self.opaque_path)
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

impl AsRef<str> for UrlRecord {
    fn as_ref(&self) -> &str {
        &self.serialization
    }
}

impl From<UrlRecord> for String {
    fn from(url: UrlRecord) -> String {
        url.serialization
    }
}

#[cfg(test)]
mod tests {
    use super::UrlRecord;

    /// Spec 4.5: the serializer, with and without the fragment; the "/." guard of step 3; and
    /// 4.6 equivalence on top of it.
    #[test]
    fn serializer_and_equivalence() {
        let url = UrlRecord::parse("https://u:p@h:8080/a/b?q#f", None).unwrap();
        assert_eq!(url.serialize(false), "https://u:p@h:8080/a/b?q#f");
        assert_eq!(url.serialize(true), "https://u:p@h:8080/a/b?q");
        let guarded = UrlRecord::parse("web+x:/.//p", None).unwrap();
        assert_eq!(guarded.as_str(), "web+x:/.//p");
        assert_eq!(guarded.path(), "//p");
        let other = UrlRecord::parse("https://u:p@h:8080/a/b?q#g", None).unwrap();
        assert!(url.equals(&other, true) && !url.equals(&other, false));
        // An empty fragment is not a null one.
        let empty = UrlRecord::parse("https://h/#", None).unwrap();
        assert_eq!(
            (empty.fragment(), empty.serialize(true)),
            (Some(""), "https://h/")
        );
    }

    #[test]
    fn about_blank_is_the_parsers_record() {
        let parsed = UrlRecord::parse("about:blank", None).unwrap();
        let built =
            UrlRecord::about_blank(alloc::string::String::from("https://example.com/a?b#c"));
        assert_eq!(built, parsed);
        assert_eq!(
            (
                built.scheme_end,
                built.username_end,
                built.host_start,
                built.host_end
            ),
            (
                parsed.scheme_end,
                parsed.username_end,
                parsed.host_start,
                parsed.host_end
            )
        );
        assert_eq!(
            (
                built.path_start,
                built.host,
                built.scheme_type,
                built.opaque_path
            ),
            (
                parsed.path_start,
                parsed.host,
                parsed.scheme_type,
                parsed.opaque_path
            )
        );
        assert_eq!(
            (built.query_start, built.fragment_start, built.port),
            (parsed.query_start, parsed.fragment_start, parsed.port)
        );
    }

    #[test]
    fn from_parts_rebuilds_a_record_from_its_bounds() {
        let url = UrlRecord::parse("https://h/", None).unwrap();
        let bounds = super::Bounds {
            scheme_end: 5,
            username_end: 8,
            host_start: 8,
            host_end: 9,
            path_start: 9,
            host: url.host,
            scheme_type: url.scheme_type,
            ..super::Bounds::START
        };
        let rebuilt = UrlRecord::from_parts(url.as_str().into(), bounds).unwrap();
        assert_eq!(rebuilt, url);
    }
}
