//! A fast path for URLs that are already normal (spec 4.4, the basic URL parser, for inputs
//! whose serialization is the input itself, up to a few well-known edits).
//!
//! Most URLs met in practice are absolute and already serialized: a lowercase scheme, `//`, a
//! host that the host parser would return unchanged (or only lowercased), no credentials, a
//! path without dot segments and without bytes to percent-encode, a query and a fragment with
//! nothing to encode. For such an input the basic URL parser's output is the input, except
//! that a special URL with an empty path gets `/`, a scheme's default port is dropped, and an
//! ASCII domain is lowercased.
//!
//! [`parse_normal`] recognizes these inputs in one forward scan (table lookups, eight bytes
//! per branch): the scheme as one word, the host as sixteen-byte blocks of lower-case letters,
//! digits, `-` and `.` (`classify/`, `plain_host_end`: vector comparisons where the target has
//! them; the first 32 bytes as one window) and with [`scan_in`] past them, then the path, query
//! and fragment as one pass of a three-state automaton (`tail.rs`) that stops only at component
//! boundaries, bytes to encode and possible dot segments. It builds the record with one
//! exact-size allocation and one copy of the input (three when a default port is dropped or a
//! `/` inserted).
//! On anything else it returns `None` and the caller runs the general state machine: it never
//! decides a failure. The module's tests (`fast/tests.rs`: the scanner, the recognizers and each
//! early decision) and `tests/fast_path.rs` check it against the general path
//! (`UrlRecord::parse_without_fast_path`, feature `testing`) on every WPT input, the datasets
//! and generated inputs.
//!
//! Nothing here depends on a base URL: with a scheme followed by `//` (or, for a URL that is
//! not special, any scheme), the basic URL parser never looks at the base.

use super::reuse;
use super::tables::is_windows_drive_letter;
use crate::scheme::{SchemeType, special_scheme_and_slashes};
use crate::url::{Bounds, UrlRecord};
use alloc::string::String;
use classify::{
    HOST_STOP, OPAQUE_HOST_STOP, OPAQUE_PATH_STOP, STOP, UNITS_STOP, UNITS_UPPER_HOST, UPPER_HOST,
    UPPER_HOST_STOP, label_marks, plain_host_end, scan, scan_in, strict_ldh_window,
};
use host::HostKind;

pub(super) mod classify;
mod quiet;
mod relative;
#[cfg(feature = "testing")]
pub use classify::simd_testing;
#[cfg(feature = "testing")]
pub use quiet::GENERAL_PATH_REPORTS;
mod tail;

pub(crate) use quiet::parse_normal_quiet;
pub(crate) use relative::{Relative, parse_relative_normal};
pub(super) use tail::dot_segment_candidate;
use tail::{State, Tail, fragment, path_query_fragment, query_fragment, tail_at};

/// Whether `host` is what the IPv4 serializer (spec 3.6) writes: four decimal numbers from 0
/// to 255 without leading zeros, joined by `.`. The IPv4 parser then gives the address it
/// reads, and serializing it gives `host` again.
#[inline]
fn is_serialized_ipv4(host: &[u8]) -> bool {
    let mut parts = 0;
    for part in host.split(|&b| b == b'.') {
        parts += 1;
        let value = match part {
            [a @ b'0'..=b'9'] => u32::from(a - b'0'),
            [a @ b'1'..=b'9', b @ b'0'..=b'9'] => u32::from(a - b'0') * 10 + u32::from(b - b'0'),
            [a @ b'1'..=b'9', b @ b'0'..=b'9', c @ b'0'..=b'9'] => {
                u32::from(a - b'0') * 100 + u32::from(b - b'0') * 10 + u32::from(c - b'0')
            }
            _ => return false,
        };
        if value > 255 || parts > 4 {
            return false;
        }
    }
    parts == 4
}

/// The port after the `:` at `colon`, when the port state keeps its digits as written (one to
/// five digits, no leading zero, at most 65535): its value and the index where it ends.
#[inline(always)]
fn port(bytes: &[u8], colon: usize) -> Option<(u16, usize)> {
    let from = colon + 1;
    let digits = bytes
        .get(from..)
        .unwrap_or_default()
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    let end = from + digits;
    // A leading zero is dropped by the serializer, five digits may overflow, none is dropped:
    // all left to the general path.
    if !(1..=5).contains(&digits) || (digits > 1 && bytes.get(from) == Some(&b'0')) {
        return None;
    }
    let value = bytes
        .get(from..end)
        .unwrap_or_default()
        .iter()
        .fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'));
    Some((u16::try_from(value).ok()?, end))
}

/// Where the record's pieces lie in the input, for [`build`].
struct Layout {
    scheme_end: usize,
    scheme_type: SchemeType,
    /// Whether the scheme holds ASCII upper-case letters (lowercased).
    upper_scheme: bool,
    /// The host's kind and its span in the input; `None` for the null host.
    host: Option<(HostKind, usize, usize)>,
    /// Whether the host holds ASCII upper-case letters (a domain: lowercased).
    upper_host: bool,
    port: Option<u16>,
    /// `input[..kept_until]` is copied first: scheme, authority and any port kept.
    kept_until: usize,
    /// `input[path_from..]` is copied last: the path, query and fragment.
    path_from: usize,
    /// A special URL with an empty path: the path is « "" », serialized as `/`.
    insert_slash: bool,
    opaque_path: bool,
    tail: Tail,
}

/// The URL parser on an already normal absolute URL without credentials: the record, or
/// `None` to run the general path (which is then the one to decide, including failures).
/// The input's length must fit in a `u32`. The serialization is written into `buffer`'s
/// allocation if it has one (`super::reuse`), which is left to the general path otherwise.
// `#[inline(always)]`: in `UrlRecord::parse`, whose record it then writes in place. Left to
// the inliner's heuristics, which unrelated code in the crate sways, it may be kept out of
// line: a call and a copy of the record more per URL.
#[inline(always)]
pub(crate) fn parse_normal(input: &str, buffer: Option<&mut String>) -> Option<UrlRecord> {
    recognize::<false>(input).and_then(|layout| build(input, layout, buffer))
}

/// Whether [`parse_normal`] takes `input`: then the URL parser succeeds on it, with any base.
#[inline]
pub(crate) fn is_normal(input: &str) -> bool {
    recognize::<false>(input).is_some()
}

/// Recognizes an already normal absolute URL: where its pieces lie, or `None`. With `UNITS`,
/// only a special URL whose path, query and fragment are URL units (spec 4.3) and whose domain
/// passes strict domain to ASCII's checks: the start of the quiet fast path (`quiet.rs`).
#[inline(always)]
fn recognize<const UNITS: bool>(input: &str) -> Option<Layout> {
    let bytes = input.as_bytes();
    let (scheme_end, scheme_type, upper_scheme, has_slashes) =
        match special_scheme_and_slashes(bytes) {
            Some((scheme_end, scheme_type, upper)) => (scheme_end, scheme_type, upper, true),
            None => {
                // Scheme start and scheme states: a lowercase ASCII alpha, then scheme bytes up
                // to ":". (An upper-case scheme, and input that starts with C0 control or space,
                // go the general way.)
                if !bytes.first()?.is_ascii_lowercase() {
                    return None;
                }
                let scheme_end = bytes.iter().position(|&b| {
                    !(b.is_ascii_lowercase()
                        || b.is_ascii_digit()
                        || matches!(b, b'+' | b'-' | b'.'))
                })?;
                if bytes.get(scheme_end) != Some(&b':') {
                    return None;
                }
                let scheme_type = SchemeType::from_scheme(input.get(..scheme_end)?);
                let after = scheme_end + 1;
                let has_slashes = bytes.get(after..after + 2) == Some(b"//");
                (scheme_end, scheme_type, false, has_slashes)
            }
        };
    let mut layout = if scheme_type.is_special() {
        if !has_slashes {
            return None;
        }
        special::<UNITS>(input, scheme_end, scheme_type)?
    } else if UNITS {
        return None;
    } else if has_slashes {
        not_special_authority(input, scheme_end, scheme_type)?
    } else {
        not_special_without_host(input, scheme_end, scheme_type)?
    };
    layout.upper_scheme = upper_scheme;
    Some(layout)
}

/// A special URL with its two slashes (the special authority slashes state, then the
/// authority, host, port or file host, path, query and fragment states).
#[inline(always)]
fn special<const UNITS: bool>(
    input: &str,
    scheme_end: usize,
    scheme_type: SchemeType,
) -> Option<Layout> {
    let bytes = input.as_bytes();
    let host_start = scheme_end + 3;
    // The authority state's buffer holds no "@" and no "[", and the host parser's domain no
    // "%" and nothing non-ASCII: the scan stops at every forbidden domain code point (which
    // includes each of them and the terminators) and at non-ASCII bytes.
    let mut i = host_start;
    let mut upper = false;
    // With `UNITS`, the scan also stops at anything but an ASCII letter, digit, hyphen or dot:
    // UseSTD3ASCIIRules, which strict domain to ASCII (spec 3.3, step 1) would report.
    let (mut table, mut class) = (if UNITS { &UNITS_STOP } else { &STOP }, HOST_STOP);
    let host_end = if bytes.get(host_start) == Some(&b'/') {
        // The empty host of "file:///": nothing to scan.
        host_start
    } else {
        // Lower-case letters, digits, `-` and `.` stop none of the host scans (with `UNITS`
        // neither): passed without table loads, sixteen at a time.
        i = plain_host_end(bytes, i);
        // At each stop: the byte decides, then the scan goes on from the next one. A byte that
        // is no stop (in input shorter than the sixteen bytes `plain_host_end` looks at) is
        // only scanned past.
        loop {
            match bytes.get(i) {
                None | Some(b'/' | b'?' | b'#' | b':') => break i,
                Some(b) if b.is_ascii_uppercase() => {
                    // Lowercased when copied; the scan goes on past upper-case letters.
                    upper = true;
                    table = if UNITS {
                        &UNITS_UPPER_HOST
                    } else {
                        &UPPER_HOST
                    };
                    class = UPPER_HOST_STOP;
                    i += 1;
                }
                Some(&b) if table.contains(b, class) => return None,
                Some(_) => {}
            }
            i = scan_in(table, bytes, i, class);
        }
    };
    // The host's bytes are ASCII (the scan stops at every non-ASCII byte).
    let host = bytes.get(host_start..host_end)?;
    let file = scheme_type == SchemeType::File;
    let kind = if host.is_empty() {
        // The file host state's empty host. Other special URLs skip every further slash
        // (the special authority ignore slashes state) or fail: the general path's business.
        if !file {
            return None;
        }
        HostKind::Empty
    } else if host::ends_in_a_number_utf8(host) {
        // The host parser, step 7: an IPv4 address (or a failure). One already in the IPv4
        // serializer's form is kept as it is.
        if !is_serialized_ipv4(host) {
            return None;
        }
        HostKind::Ipv4
    } else {
        // The host parser, steps 4 to 8 on ASCII without "%": the domain ASCII-lowercased.
        // With `UNITS`: the rest of strict domain to ASCII's checks (spec 3.3, step 1), on the
        // labels (an `xn--` label, whose checks apply to its decoded form, is the general
        // path's). (An IPv4 host in serialized form passes them.) Most hosts are decided at
        // once from where their `-` and `.` bytes are (`strict_ldh_window`), the others label
        // by label.
        if UNITS
            && !label_marks(bytes, host_start, host.len())
                .is_some_and(|labels| strict_ldh_window(labels, host.len()))
            && host::strict_ldh_domain(host) != Some(true)
        {
            return None;
        }
        HostKind::Domain
    };
    // The port state (a file URL has none), with the default port stored as null. The host
    // ends at `:` or, as the path start state needs, at EOF, `/`, `?` or `#` (the loop above
    // breaks there only); so does a port.
    let (port, path_from) = if bytes.get(host_end) == Some(&b':') {
        if file {
            return None;
        }
        let (value, end) = port(bytes, host_end)?;
        if !matches!(bytes.get(end), None | Some(b'/' | b'?' | b'#')) {
            return None;
        }
        (Some(value), end)
    } else {
        (None, host_end)
    };
    if file
        && (host.eq_ignore_ascii_case(b"localhost")
            || bytes
                .get(path_from + 1..path_from + 3)
                .is_some_and(is_windows_drive_letter))
    {
        // The file host state's "localhost" (the empty host), and the path state's Windows
        // drive letter quirk.
        return None;
    }
    let tail = path_query_fragment(bytes, path_from, true, UNITS)?;
    let port = port.filter(|&p| Some(p) != scheme_type.default_port());
    Some(Layout {
        scheme_end,
        scheme_type,
        upper_scheme: false,
        host: Some((kind, host_start, host_end)),
        upper_host: upper,
        port,
        kept_until: if port.is_some() { path_from } else { host_end },
        path_from,
        // The path start state: a special URL's path is never empty.
        insert_slash: bytes.get(path_from) != Some(&b'/'),
        opaque_path: false,
        tail,
    })
}

/// A URL that is not special, with `//` (the path or authority and authority states, then the
/// host, port, path start, path, query and fragment states).
#[inline(always)]
fn not_special_authority(
    input: &str,
    scheme_end: usize,
    scheme_type: SchemeType,
) -> Option<Layout> {
    let bytes = input.as_bytes();
    let host_start = scheme_end + 3;
    // The opaque-host parser keeps the host as it is when it has no forbidden host code point
    // (these include "@", "[" and the terminators) and nothing the C0 control percent-encode
    // set encodes.
    let host_end = scan(bytes, host_start, OPAQUE_HOST_STOP);
    let (port, path_from) = match bytes.get(host_end) {
        None | Some(b'/' | b'?' | b'#') => (None, host_end),
        // An empty host with a port fails: the general path's business.
        Some(b':') if host_end > host_start => {
            let (value, end) = port(bytes, host_end)?;
            (Some(value), end)
        }
        Some(_) => return None,
    };
    let tail = match bytes.get(path_from) {
        None | Some(b'/' | b'?' | b'#') => path_query_fragment(bytes, path_from, false, false)?,
        Some(_) => return None,
    };
    let kind = if host_end == host_start {
        HostKind::Empty
    } else {
        HostKind::Opaque
    };
    Some(Layout {
        scheme_end,
        scheme_type,
        upper_scheme: false,
        host: Some((kind, host_start, host_end)),
        upper_host: false,
        port,
        kept_until: path_from,
        path_from,
        insert_slash: false,
        opaque_path: false,
        tail,
    })
}

/// A URL that is not special, without `//`: a path after `/` (the path or authority state,
/// then the path state), or an opaque path (the opaque path state).
#[inline(always)]
fn not_special_without_host(
    input: &str,
    scheme_end: usize,
    scheme_type: SchemeType,
) -> Option<Layout> {
    let bytes = input.as_bytes();
    let after = scheme_end + 1;
    let opaque_path = bytes.get(after) != Some(&b'/');
    let tail = if opaque_path {
        let end = scan(bytes, after, OPAQUE_PATH_STOP);
        match bytes.get(end) {
            None => Tail {
                query: None,
                fragment: None,
            },
            Some(b'?') => query_fragment(bytes, end, false, false)?,
            Some(b'#') => Tail {
                query: None,
                fragment: Some(fragment(bytes, end, false)?),
            },
            // U+0020 SPACE, and bytes to encode.
            Some(_) => return None,
        }
    } else {
        path_query_fragment(bytes, after, false, false)?
    };
    Some(Layout {
        scheme_end,
        scheme_type,
        upper_scheme: false,
        host: None,
        upper_host: false,
        port: None,
        kept_until: after,
        path_from: after,
        insert_slash: false,
        opaque_path,
        tail,
    })
}

/// The record: the serialization in one exact-size buffer (or `buffer`'s allocation, see
/// `super::reuse`), and the boundaries.
#[inline(always)]
fn build(input: &str, layout: Layout, buffer: Option<&mut String>) -> Option<UrlRecord> {
    let slash = usize::from(layout.insert_slash);
    // The boundaries first, all `usize` offsets into the serialization: they are what lives
    // across the allocation, ready to be stored as they are.
    let path_start = layout.kept_until;
    let (username_end, host_start, host_end, host) = match layout.host {
        Some((kind, start, end)) => (start, start, end, Some(kind)),
        None => (path_start, path_start, path_start, None),
    };
    // Input offsets from `path_from` on move by this much.
    let moved = |i: usize| i - layout.path_from + path_start + slash;
    let bounds = Bounds {
        scheme_end: layout.scheme_end,
        username_end,
        host_start,
        host_end,
        path_start,
        query_start: layout.tail.query.map(moved),
        fragment_start: layout.tail.fragment.map(moved),
        port: layout.port,
        host,
        scheme_type: layout.scheme_type,
        opaque_path: layout.opaque_path,
    };
    // The serialization is the input with `input[kept_until..path_from]` (a default port)
    // dropped and a `/` inserted at `path_from` for an empty special path.
    let mut out = if layout.kept_until == layout.path_from && !layout.insert_slash {
        // Nothing dropped or inserted: one allocation (none when reused), one copy.
        let mut out = reuse(buffer, input.len());
        out.push_str(input);
        out
    } else {
        let head = input.get(..layout.kept_until)?;
        let rest = input.get(layout.path_from..)?;
        let mut out = reuse(buffer, head.len() + slash + rest.len());
        out.push_str(head);
        if layout.insert_slash {
            out.push('/');
        }
        out.push_str(rest);
        out
    };
    if layout.upper_scheme {
        if let Some(scheme) = out.get_mut(..layout.scheme_end) {
            scheme.make_ascii_lowercase();
        }
    }
    if layout.upper_host {
        if let Some(host) = out.get_mut(host_start..host_end) {
            host.make_ascii_lowercase();
        }
    }
    UrlRecord::from_parts(out, bounds)
}
#[cfg(test)]
mod tests;
