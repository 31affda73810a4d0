//! The fast path's scanner: one 256-entry table whose entries are bit sets of the scans a
//! byte stops (so one table serves the host, path, query, fragment and opaque scans), and a
//! loop that tests eight bytes per branch.

use host::{FORBIDDEN_DOMAIN_CODE_POINTS, FORBIDDEN_HOST_CODE_POINTS};
use percent::{AsciiSet, C0_CONTROL, FRAGMENT, PATH, QUERY, SPECIAL_QUERY};

/// A set of scans, as bits: `STOP[b] & class != 0` when byte `b` stops scan `class`.
pub(super) type Class = u8;

/// The scan of a special URL's host stops here: a forbidden domain code point (spec 3.2,
/// which holds every authority terminator and `@`, `:`, `[`, `%`), an ASCII upper-case letter
/// (lowercased) and any non-ASCII byte.
pub(super) const HOST_STOP: Class = 1;
/// [`HOST_STOP`] without the upper-case letters, once the host is known to need lowercasing
/// (a table of its own: [`UPPER_HOST`]).
pub(super) const UPPER_HOST_STOP: Class = 1;
/// The scan of a special URL's path stops here: a byte of the path percent-encode set (which
/// holds `?` and `#`), `\`, and `.` and `%` (the bytes of a single- or double-dot segment).
pub(super) const SPECIAL_PATH_STOP: Class = 2;
/// The same for a URL that is not special (`\` is an ordinary byte there).
pub(super) const PATH_STOP: Class = 4;
/// The special-query percent-encode set (spec 1.3), which holds `#`.
pub(super) const SPECIAL_QUERY_STOP: Class = 8;
/// The query percent-encode set, which holds `#`.
pub(super) const QUERY_STOP: Class = 16;
/// The fragment percent-encode set.
pub(super) const FRAGMENT_STOP: Class = 32;
/// The opaque path state's stops: `?`, `#`, U+0020 SPACE and the C0 control percent-encode set.
pub(super) const OPAQUE_PATH_STOP: Class = 64;
/// The opaque-host parser's concerns: a forbidden host code point (which holds every
/// authority terminator and `@`, `:`, `[`), and a byte the C0 control percent-encode set
/// encodes.
pub(super) const OPAQUE_HOST_STOP: Class = 128;

/// `STOP[b]`: the scans that byte `b` stops, as a bit set of the constants above.
// A `u8` index into a 256-entry table is always in range, and const loops are bounded by
// the array lengths they index (a panic there would be a compile error): no panic.
#[allow(clippy::indexing_slicing)]
pub(super) static STOP: [Class; 256] = {
    const fn member(set: &AsciiSet, b: u8) -> bool {
        set.should_percent_encode(b)
    }
    let mut table = [0; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        let mut bits = 0;
        if b >= 0x80 || FORBIDDEN_DOMAIN_CODE_POINTS.contains(b) {
            bits |= HOST_STOP;
        }
        if b.is_ascii_uppercase() {
            bits |= HOST_STOP;
        }
        if member(PATH, b) || b == b'.' || b == b'%' {
            bits |= PATH_STOP;
            bits |= SPECIAL_PATH_STOP;
        }
        if b == b'\\' {
            bits |= SPECIAL_PATH_STOP;
        }
        if member(SPECIAL_QUERY, b) {
            bits |= SPECIAL_QUERY_STOP;
        }
        if member(QUERY, b) {
            bits |= QUERY_STOP;
        }
        if member(FRAGMENT, b) {
            bits |= FRAGMENT_STOP;
        }
        if member(C0_CONTROL, b) || b == b'?' || b == b'#' || b == b' ' {
            bits |= OPAQUE_PATH_STOP;
        }
        if member(C0_CONTROL, b) || FORBIDDEN_HOST_CODE_POINTS.contains(b) {
            bits |= OPAQUE_HOST_STOP;
        }
        table[i] = bits;
        i += 1;
    }
    table
};

/// `UPPER_HOST[b]`: [`UPPER_HOST_STOP`] when `b` stops the scan of a host being lowercased.
// A `u8` index into a 256-entry table is always in range, and const loops are bounded by
// the array lengths they index (a panic there would be a compile error): no panic.
#[allow(clippy::indexing_slicing)]
pub(super) static UPPER_HOST: [Class; 256] = {
    let mut table = [0; 256];
    let mut i = 0;
    while i < 256 {
        if STOP[i] & HOST_STOP != 0 && !(i as u8).is_ascii_uppercase() {
            table[i] = UPPER_HOST_STOP;
        }
        i += 1;
    }
    table
};

/// Whether a byte of `chunk` stops the scan `class`: eight table loads OR-ed, one branch.
// A `u8` index into a 256-entry table is always in range, and const loops are bounded by
// the array lengths they index (a panic there would be a compile error): no panic.
#[allow(clippy::indexing_slicing)]
#[inline(always)]
fn chunk_hits(table: &[Class; 256], chunk: &[u8; 8], class: Class) -> bool {
    chunk.iter().fold(0, |any, &b| any | table[usize::from(b)]) & class != 0
}

/// The index of the first byte of a `chunk` with a hit: the table values placed in the bytes
/// of a little-endian word, masked, and its trailing zeros counted. No branch per byte: where
/// the hit falls in the chunk is hard to predict, and mispredictions cost more than the
/// eight loads.
// A `u8` index into a 256-entry table is always in range, and const loops are bounded by
// the array lengths they index (a panic there would be a compile error): no panic.
#[allow(clippy::indexing_slicing)]
#[inline(always)]
fn first_hit_in_chunk(table: &[Class; 256], chunk: &[u8; 8], class: Class) -> usize {
    let mut word = 0u64;
    for (k, &b) in chunk.iter().enumerate() {
        word |= u64::from(table[usize::from(b)]) << (8 * k);
    }
    let hits = word & (u64::from(class) * 0x0101_0101_0101_0101);
    (hits.trailing_zeros() / 8) as usize
}

/// The index of the first byte of `chunk` that stops the scan `class`, or its length.
// A `u8` index into a 256-entry table is always in range, and const loops are bounded by
// the array lengths they index (a panic there would be a compile error): no panic.
#[allow(clippy::indexing_slicing)]
#[inline(always)]
fn first_hit(table: &[Class; 256], chunk: &[u8], class: Class) -> usize {
    chunk
        .iter()
        .position(|&b| table[usize::from(b)] & class != 0)
        .unwrap_or(chunk.len())
}

/// The index of the first byte of `bytes` from `from` on that stops the scan `class`, or
/// `bytes.len()`. Tests eight bytes per branch and looks for the exact position only in a
/// chunk with a hit. The last few bytes are tested as the input's last eight bytes, which
/// overlap bytes already known not to stop the scan, so no byte-by-byte tail loop runs
/// unless the input is shorter than eight bytes.
#[inline(always)]
pub(super) fn scan(bytes: &[u8], from: usize, class: Class) -> usize {
    scan_in(&STOP, bytes, from, class)
}

/// [`scan`] with a table of one's choice.
#[inline(always)]
pub(super) fn scan_in(table: &[Class; 256], bytes: &[u8], from: usize, class: Class) -> usize {
    let mut i = from;
    while let Some(chunk) = bytes
        .get(i..i + 8)
        .and_then(|c| <&[u8; 8]>::try_from(c).ok())
    {
        if chunk_hits(table, chunk, class) {
            return i + first_hit_in_chunk(table, chunk, class);
        }
        i += 8;
    }
    if i >= bytes.len() {
        return bytes.len();
    }
    match bytes.len().checked_sub(8) {
        // The last eight bytes: those from `from` to `i` do not stop the scan, so the first
        // hit is at `i` or after.
        Some(last) if last >= from => {
            match bytes.get(last..).and_then(|c| <&[u8; 8]>::try_from(c).ok()) {
                Some(chunk) if chunk_hits(table, chunk, class) => {
                    last + first_hit_in_chunk(table, chunk, class)
                }
                _ => bytes.len(),
            }
        }
        _ => i + first_hit(table, bytes.get(i..).unwrap_or_default(), class),
    }
}
