//! The fast path for the commonest relative references against a special base that is not
//! `file`: a query (`?q`), a fragment (`#f`), a path relative to the base's directory
//! (`page.html`, `a/b?q`, `../../a/b`) and a scheme-relative URL (`//host/path`), each already
//! normal. The basic URL parser (spec 4.4) gives for the first three the base's serialization
//! up to a point, followed by the input itself, and for the last the absolute URL of the
//! base's scheme:
//!
//! - the no scheme state (step 3) sends input that does not start with a scheme to the
//!   relative state (the base is special and not `file`, so its path is not opaque);
//! - relative state, `?` (steps 2, 5.1 and 5.2): the base's scheme, credentials, host, port and
//!   path, then the query state (steps 2.2 and 3.2 on nothing to encode): the base up to its
//!   path's end, then the input;
//! - relative state, `#` (steps 2, 5.1 and 5.3): the same and the base's query, then the
//!   fragment state (step 1.2 on nothing to encode): the base up to its fragment (or end),
//!   then the input;
//! - relative state, "otherwise" (steps 2, 5.1 and 5.4): the base's path shortened by its last
//!   segment, then the path state on the input (steps 1.4.2 and 2.2 on nothing to encode):
//!   the base up to and including its path's last `/`, then the input — when the input's
//!   segments need no encoding and none is a single- or double-dot segment (the checks of the
//!   absolute fast path, [`tail_at`]);
//! - the same on leading `../` segments (`../../a/b`): each shortens the base's directory once
//!   (path state, step 1.2: not below its root), then the rest's segments are appended, when
//!   the rest is normal as above and does not start with another dot segment or an empty one;
//! - relative state, `/` (step 3), and relative slash state, `/` (step 1): the special
//!   authority ignore slashes state, which an absolute URL of the base's scheme reaches
//!   through the special authority slashes state: the URL parser (and so its absolute fast
//!   path) on the base's scheme, `:` and the input, which the caller runs ([`Relative`]).
//!
//! Each state names this shortcut beside its own steps (`parser/states_*.rs`, "Shortcuts:").
//! Anything else is left to the general path, which `tests/fast_path.rs` and the parse fuzz
//! target (which parses against bases) compare with this one.

use super::super::reuse;
use super::{State, tail_at};
use crate::scheme::SchemeType;
use crate::url::{Bounds, UrlRecord};
use alloc::string::String;

/// What [`parse_relative_normal`] makes of a relative reference.
pub(crate) enum Relative {
    /// The URL parser's record.
    Record(UrlRecord),
    /// A scheme-relative reference (`//host/path`): the URL parser's record is its record on
    /// this absolute URL (the base's scheme, `:` and the input) without a base. The caller
    /// parses it, so that it gets its own kind of result, with its own encoding.
    Absolute(String),
}

/// The URL parser on `input` against `base`, for the relative references above, or `None` to
/// run the general path. Out of line: inlined into `UrlRecord::parse` it made the absolute
/// parse 2 instructions a URL dearer (callgrind, kasztp).
#[inline(never)]
pub(crate) fn parse_relative_normal(
    input: &str,
    base: &UrlRecord,
    buffer: Option<&mut String>,
) -> Option<Relative> {
    if !base.scheme_type.is_special() || base.scheme_type == SchemeType::File {
        return None;
    }
    let bytes = input.as_bytes();
    // `input[skip..]` follows `base.serialization[..keep]`; the pass starts at its beginning,
    // in `state` (at the `?` or `#` of a query or fragment state), and the offsets it finds
    // are in it. One call for every arm below: one inlined copy of the tail pass, not one for
    // each state.
    let (keep, skip, state) = match *bytes.first()? {
        // Relative state, `?`: the query state from the input's second code point.
        b'?' => (base.path_end() as usize, 0, State::Query),
        // Relative state, `#`: the base's query stays.
        b'#' => {
            let keep = base
                .fragment_start
                .map_or(base.serialization.len(), |f| f.get() as usize);
            (keep, 0, State::Fragment)
        }
        // Relative state, `/`, then the relative slash state on a second `/`: the special
        // authority ignore slashes state, as after the base's scheme and `:` in an absolute
        // URL of that scheme (scheme state, then the special authority slashes state). So the
        // record is the URL parser's on the base's scheme, `:` and the input, without a base,
        // whose fast path takes it if it is normal (the caller's compiled copy of it, not a
        // second one inlined here).
        b'/' if bytes.get(1) == Some(&b'/') => {
            let scheme = base.serialization.get(..=base.scheme_end as usize)?;
            let mut absolute = String::with_capacity(scheme.len() + input.len());
            absolute.push_str(scheme);
            absolute.push_str(input);
            return Some(Relative::Absolute(absolute));
        }
        // Relative state, "otherwise", on leading `../` segments: the path state shortens the
        // base's directory once for each, then appends the rest's segments.
        b'.' => {
            let ups = bytes.chunks(3).take_while(|c| *c == b"../").count();
            let skip = 3 * ups;
            // A first segment of the rest that may be a dot segment (which the tail pass
            // recognizes after a `/` only), or an empty one: general.
            if ups == 0 || matches!(bytes.get(skip), Some(b'.' | b'%' | b'/' | b'\\')) {
                return None;
            }
            let path = base.path().as_bytes();
            // The base's directory has one segment per `/` of its path but the first; after
            // the shortenings, `kept` of them remain, and the head ends at the `/` after them.
            let directory = path.iter().filter(|&&b| b == b'/').count() - 1;
            let kept = directory.saturating_sub(ups);
            let slash = path
                .iter()
                .enumerate()
                .filter(|&(_, &b)| b == b'/')
                .nth(kept)?
                .0;
            (base.path_start as usize + slash + 1, skip, State::Path)
        }
        // The relative slash state otherwise, and input whose first segment may be a dot
        // segment (see above): the general path's.
        b'/' | b'\\' | b'%' => return None,
        _ => {
            if starts_with_scheme(bytes) {
                return None;
            }
            // Relative state, "otherwise": shorten the base's path (no `file` quirk: the base is
            // not `file`), then the path state on the input.
            let path = base.path();
            let last_slash = path.rfind('/')?;
            (base.path_start as usize + last_slash + 1, 0, State::Path)
        }
    };
    let tail = tail_at(bytes.get(skip..)?, 0, state, true, false)?;
    let head = base.serialization.get(..keep)?;
    let rest = input.get(skip..)?;
    let mut out = reuse(buffer, head.len() + rest.len());
    out.push_str(head);
    out.push_str(rest);
    let query_start = match tail.query {
        Some(q) => Some(keep + q),
        // A fragment-only reference keeps the base's query, if the head holds it.
        None if bytes.first() == Some(&b'#') => base.query_start.map(|q| q.get() as usize),
        None => None,
    };
    let bounds = Bounds {
        scheme_end: base.scheme_end as usize,
        username_end: base.username_end as usize,
        host_start: base.host_start as usize,
        host_end: base.host_end as usize,
        path_start: base.path_start as usize,
        query_start,
        fragment_start: tail.fragment.map(|f| keep + f),
        port: base.port,
        host: base.host,
        scheme_type: base.scheme_type,
        opaque_path: false,
    };
    UrlRecord::from_parts(out, bounds).map(Relative::Record)
}

/// Whether the scheme start and scheme states read a scheme from `bytes`: an ASCII alpha, then
/// ASCII alphanumerics, `+`, `-` and `.`, then `:`. (Otherwise they hand the input, from its
/// start, to the no scheme state.)
fn starts_with_scheme(bytes: &[u8]) -> bool {
    match bytes.first() {
        Some(b) if b.is_ascii_alphabetic() => {}
        _ => return false,
    }
    bytes
        .iter()
        .find(|&&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))
        == Some(&b':')
}
