//! The fast path's byte classification: every answer to "which bytes stop this scan" that the
//! fast paths (absolute, relative, the setters' shortcuts) ask, in one place.
//!
//! # Contract
//!
//! - Each class is built from the standard's own sets as the lower layers define them
//!   (`percent`'s percent-encode sets and URL code points, `host`'s forbidden host and domain
//!   code points), never written out by hand: a byte stops a scan exactly when the state that
//!   scan replaces could do anything but append it (the tests in `fast/tests.rs` check members
//!   and non-members of each table).
//! - Three kinds of lookup, one meaning: the stop tables here ([`STOP`], [`UNITS_STOP`],
//!   [`UPPER_HOST`], the tail pass's [`TAIL`]) read a byte at a time (`percent::scan`); the
//!   block scans ([`BlockMarks`], `marks.rs`) answer for sixteen bytes at once, by vector
//!   comparisons where the target has them (`simd.rs`: SSE2 on x86_64, NEON on aarch64) or by
//!   one 256-entry table in safe code ([`marks::ByTable`]) elsewhere and under Miri. Each block
//!   scan is defined byte by byte by a predicate in `marks.rs`, and every implementation gives
//!   that predicate's answer.
//! - `simd.rs` is the crate's one module of `unsafe` code: `core::arch` calls behind the safe
//!   [`simd::Lanes`] trait, each `unsafe` block with its `SAFETY` comment, and a scalar twin
//!   (`simd::Scalar`, tests and fuzzing only) of every operation. `simd_tests.rs` compares the
//!   vector code, the twin, the table and the predicates on every byte value at every position
//!   (also under Miri: `cargo xtask simd`); the fuzz target `simd` compares them on arbitrary
//!   input through `simd_testing.rs`.
//!
//! The stop table itself: one `ByteTable` whose entries are bit sets of the scans a byte stops
//! (so one table serves the host, path, query, fragment and opaque scans), scanned with
//! `percent::scan`.

use host::{FORBIDDEN_DOMAIN_CODE_POINTS, FORBIDDEN_HOST_CODE_POINTS};
use percent::classes::is_url_code_point;
use percent::{ByteTable, C0_CONTROL, FRAGMENT, PATH, QUERY, SPECIAL_QUERY};

pub(super) use marks::{BlockMarks, Native};

// On x86_64 and aarch64 the parser uses the vector scans; the table serves the tests and
// fuzzing there.
#[cfg_attr(
    all(
        any(
            all(target_arch = "x86_64", target_feature = "sse2"),
            all(target_arch = "aarch64", target_feature = "neon")
        ),
        not(miri),
        not(any(test, feature = "testing"))
    ),
    allow(dead_code)
)]
mod marks;
// The crate's one exception to `deny(unsafe_code)`: `core::arch` calls behind a safe API.
#[allow(unsafe_code)]
mod simd;
#[cfg(feature = "testing")]
pub mod simd_testing;
#[cfg(test)]
mod simd_tests;

/// A set of scans, as bits: `STOP.contains(b, class)` when byte `b` stops scan `class`.
pub(in crate::parser) type Class = u8;

/// The scan of a special URL's host stops here: a forbidden domain code point (spec 3.2,
/// which holds every authority terminator and `@`, `:`, `[`, `%`), an ASCII upper-case letter
/// (lowercased) and any non-ASCII byte.
pub(in crate::parser) const HOST_STOP: Class = 1;
/// [`HOST_STOP`] without the upper-case letters, once the host is known to need lowercasing
/// (a table of its own: [`UPPER_HOST`]).
pub(in crate::parser) const UPPER_HOST_STOP: Class = 1;
/// The scan of a special URL's path stops here: a byte of the path percent-encode set (which
/// holds `?` and `#`), `\`, and `.` and `%` (the bytes of a single- or double-dot segment).
pub(in crate::parser) const SPECIAL_PATH_STOP: Class = 2;
/// The same for a URL that is not special (`\` is an ordinary byte there).
pub(in crate::parser) const PATH_STOP: Class = 4;
/// The special-query percent-encode set (spec 1.3), which holds `#`.
pub(in crate::parser) const SPECIAL_QUERY_STOP: Class = 8;
/// The query percent-encode set, which holds `#`.
pub(in crate::parser) const QUERY_STOP: Class = 16;
/// The fragment percent-encode set.
pub(in crate::parser) const FRAGMENT_STOP: Class = 32;
/// The opaque path state's stops: `?`, `#`, U+0020 SPACE and the C0 control percent-encode set.
pub(in crate::parser) const OPAQUE_PATH_STOP: Class = 64;
/// The opaque-host parser's concerns: a forbidden host code point (which holds every
/// authority terminator and `@`, `:`, `[`), and a byte the C0 control percent-encode set
/// encodes.
pub(in crate::parser) const OPAQUE_HOST_STOP: Class = 128;

/// `STOP.get(b)`: the scans that byte `b` stops, as a bit set of the constants above.
pub(in crate::parser) static STOP: ByteTable = STOP_TABLE;

/// [`STOP`] for a parser that listens for validation errors (`quiet.rs`): the path, query and
/// fragment scans of a special URL also stop at every ASCII byte that is not a URL code point
/// (`%` included, which must start a percent-encoded byte): spec 4.3's URL units, for which the
/// general path reports invalid-URL-unit.
///
/// Its host scan also stops at every ASCII byte that is not a letter, digit, hyphen or dot,
/// which strict domain to ASCII (spec 3.3, step 1, UseSTD3ASCIIRules) refuses; the checks on
/// the labels follow the scan (`special` in `mod.rs`).
pub(in crate::parser) static UNITS_STOP: ByteTable = UNITS_STOP_TABLE;

const UNITS_STOP_TABLE: ByteTable = {
    let mut table = STOP_TABLE;
    let mut b = 0u8;
    while b < 0x80 {
        if !is_url_code_point(b as char) {
            table = table.with(b, SPECIAL_PATH_STOP | SPECIAL_QUERY_STOP | FRAGMENT_STOP);
        }
        if !(b.is_ascii_alphanumeric() || b == b'-' || b == b'.') {
            table = table.with(b, HOST_STOP);
        }
        b += 1;
    }
    table
};

/// [`UPPER_HOST`] for [`UNITS_STOP`]'s host scan.
pub(in crate::parser) static UNITS_UPPER_HOST: ByteTable =
    without_upper(ByteTable::EMPTY.with_class_of(&UNITS_STOP_TABLE, HOST_STOP, UPPER_HOST_STOP));

/// `table` without the ASCII upper-case letters in [`UPPER_HOST_STOP`].
const fn without_upper(mut table: ByteTable) -> ByteTable {
    let mut b = b'A';
    while b <= b'Z' {
        table = table.without(b, UPPER_HOST_STOP);
        b += 1;
    }
    table
}

const STOP_TABLE: ByteTable = {
    let mut table = ByteTable::EMPTY;
    let mut b = 0u8;
    loop {
        let mut bits = 0;
        if b >= 0x80 || FORBIDDEN_DOMAIN_CODE_POINTS.contains(b) || b.is_ascii_uppercase() {
            bits |= HOST_STOP;
        }
        if PATH.should_percent_encode(b) || b == b'.' || b == b'%' {
            bits |= PATH_STOP | SPECIAL_PATH_STOP;
        }
        if b == b'\\' {
            bits |= SPECIAL_PATH_STOP;
        }
        if SPECIAL_QUERY.should_percent_encode(b) {
            bits |= SPECIAL_QUERY_STOP;
        }
        if QUERY.should_percent_encode(b) {
            bits |= QUERY_STOP;
        }
        if FRAGMENT.should_percent_encode(b) {
            bits |= FRAGMENT_STOP;
        }
        if C0_CONTROL.should_percent_encode(b) || matches!(b, b'?' | b'#' | b' ') {
            bits |= OPAQUE_PATH_STOP;
        }
        if C0_CONTROL.should_percent_encode(b) || FORBIDDEN_HOST_CODE_POINTS.contains(b) {
            bits |= OPAQUE_HOST_STOP;
        }
        table = table.with(b, bits);
        if b == u8::MAX {
            break table;
        }
        b += 1;
    }
};

/// The classes of the path, query and fragment pass (`tail.rs`), a table of their own: `/`,
/// placed so that a `/` bit shifted one byte (eight bits) and one bit on lands on the next
/// byte's [`T_DOT`] bit.
pub(in crate::parser) const T_SLASH: Class = 1;
/// `.` and `%`: the bytes a single- or double-dot segment starts with.
pub(in crate::parser) const T_DOT: Class = T_SLASH << 1;
/// [`SPECIAL_PATH_STOP`] without `.` and `%`.
pub(in crate::parser) const T_SPECIAL_PATH: Class = 4;
/// [`PATH_STOP`] without `.` and `%`.
pub(in crate::parser) const T_PATH: Class = 8;
/// [`SPECIAL_QUERY_STOP`] in [`TAIL`].
pub(in crate::parser) const T_SPECIAL_QUERY: Class = 16;
/// [`QUERY_STOP`] in [`TAIL`].
pub(in crate::parser) const T_QUERY: Class = 32;
/// [`FRAGMENT_STOP`] in [`TAIL`].
pub(in crate::parser) const T_FRAGMENT: Class = 64;

/// `TAIL.get(b)`: the classes of byte `b` in the path, query and fragment pass.
pub(in crate::parser) static TAIL: ByteTable = TAIL_TABLE;

/// [`TAIL`] for a parser that listens for validation errors (`quiet.rs`): a special URL's
/// path, query and fragment also stop at every ASCII byte that is not a URL code point (`%`
/// included, which must start a percent-encoded byte): spec 4.3's URL units. These are
/// [`UNITS_STOP`]'s fragment stops (the fragment percent-encode set is such bytes, and
/// non-ASCII bytes, which every stop class of [`TAIL`] holds already).
pub(in crate::parser) static UNITS_TAIL: ByteTable = TAIL_TABLE.with_class_of(
    &UNITS_STOP_TABLE,
    FRAGMENT_STOP,
    T_SPECIAL_PATH | T_SPECIAL_QUERY | T_FRAGMENT,
);

/// [`STOP`]'s path, query and fragment classes, but for the dot-segment bytes `.` and `%`,
/// which the pass finds after a `/` only ([`T_DOT`], [`T_SLASH`]).
const TAIL_TABLE: ByteTable = ByteTable::EMPTY
    .with_class_of(&STOP_TABLE, SPECIAL_PATH_STOP, T_SPECIAL_PATH)
    .with_class_of(&STOP_TABLE, PATH_STOP, T_PATH)
    .with_class_of(&STOP_TABLE, SPECIAL_QUERY_STOP, T_SPECIAL_QUERY)
    .with_class_of(&STOP_TABLE, QUERY_STOP, T_QUERY)
    .with_class_of(&STOP_TABLE, FRAGMENT_STOP, T_FRAGMENT)
    .without(b'.', T_PATH | T_SPECIAL_PATH)
    .without(b'%', T_PATH | T_SPECIAL_PATH)
    .with(b'/', T_SLASH)
    .with(b'.', T_DOT)
    .with(b'%', T_DOT);

/// `UPPER_HOST.get(b)`: [`UPPER_HOST_STOP`] when `b` stops the scan of a host being lowercased
/// (a host stop that is not an upper-case letter).
pub(in crate::parser) static UPPER_HOST: ByteTable =
    without_upper(ByteTable::EMPTY.with_class_of(&STOP_TABLE, HOST_STOP, UPPER_HOST_STOP));

/// [`scan_in`] on [`STOP`].
#[inline(always)]
pub(in crate::parser) fn scan(bytes: &[u8], from: usize, class: Class) -> usize {
    percent::scan(&STOP, bytes, from, class)
}

/// `percent`'s scanner on a table of the fast path's.
#[inline(always)]
pub(in crate::parser) fn scan_in(
    table: &ByteTable,
    bytes: &[u8],
    from: usize,
    class: Class,
) -> usize {
    percent::scan(table, bytes, from, class)
}

/// The index of the first byte from `from` on that is not an ASCII lower-case letter, digit,
/// `-` or `.`, looked for sixteen bytes at a time ([`BlockMarks::host`]; see [`first_marked`]),
/// or the input's length; for input shorter than sixteen bytes, `from`. No byte before it
/// stops the host scan, whichever of its tables; a `/`, `?`, `#` or `:` there is where the
/// host ends.
#[inline(always)]
pub(in crate::parser) fn plain_host_end(bytes: &[u8], from: usize) -> usize {
    first_marked::<true>(bytes, from, Native::host)
}

/// The index of the first byte of `bytes` that the authority state's first scan may stop at
/// ([`BlockMarks::authority`], [`marks::may_end_authority`]: `/`, `?`, `#`, `\`, `@`, `:`,
/// `[`), looked for sixteen bytes at a time (see [`first_marked`]), or the input's length; 0
/// for input shorter than sixteen bytes. No byte before it is one of those. Out of line: the
/// general path's authority state is not the fast path's, and one copy of the scan will do.
#[inline(never)]
pub(in crate::parser) fn authority_stop(bytes: &[u8]) -> usize {
    first_marked::<false>(bytes, 0, Native::authority)
}

/// The index of the first ASCII tab or newline of `bytes` ([`BlockMarks::tabs_and_newlines`]),
/// looked for sixteen bytes at a time (see [`first_marked`]), or the input's length; 0 for
/// input shorter than sixteen bytes. Out of line: one copy for the one caller.
#[inline(never)]
pub(in crate::parser) fn tab_or_newline(bytes: &[u8]) -> usize {
    first_marked::<false>(bytes, 0, Native::tabs_and_newlines)
}

/// The block scan: the index of the first byte from `from` on that `marks` (one of the
/// [`BlockMarks`] scans) marks, sixteen bytes at a time (`WINDOWED`: the first [`WINDOW`]
/// bytes in one decision, [`window_marks`]; the input's last sixteen bytes for the rest), or
/// the input's length; for input shorter than sixteen bytes, `from` (nothing looked at).
#[inline(always)]
fn first_marked<const WINDOWED: bool>(
    bytes: &[u8],
    from: usize,
    marks: fn(&[u8; 16]) -> u32,
) -> usize {
    let mut i = from;
    // Most hosts end within the window: one decision, and none on where the input ends.
    if let Some(found) = window_marks(bytes, from, marks).filter(|_| WINDOWED) {
        if found != 0 {
            return from + found.trailing_zeros() as usize;
        }
        if bytes.len() - from <= WINDOW {
            return bytes.len();
        }
        i = from + WINDOW;
    }
    while let Some(block) = bytes
        .get(i..i + 16)
        .and_then(|c| <&[u8; 16]>::try_from(c).ok())
    {
        let found = marks(block);
        if found != 0 {
            return i + found.trailing_zeros() as usize;
        }
        i += 16;
    }
    let Some(last) = bytes.len().checked_sub(16) else {
        return i;
    };
    match bytes
        .get(last..)
        .and_then(|c| <&[u8; 16]>::try_from(c).ok())
    {
        // The bytes before `i` were looked at: shifted out.
        Some(block) if i < bytes.len() => {
            let found = marks(block) >> (i - last);
            if found != 0 {
                i + found.trailing_zeros() as usize
            } else {
                bytes.len()
            }
        }
        _ => i,
    }
}

/// The `-` and the `.` bytes ([`BlockMarks::hyphens`], [`BlockMarks::dots`]) of the host
/// `bytes[from..from + len]` found by the quiet host scan, for [`strict_ldh_window`]: those of
/// the block at `from` and those of the next block or, where that would pass the input's end,
/// of the input's last sixteen bytes, shifted into place. Byte `from + k` is in bit `k`; bits
/// past the host may hold the marks of bytes after it. `None` for a host longer than
/// [`WINDOW`], or input shorter than one block.
#[inline(always)]
pub(in crate::parser) fn label_marks(bytes: &[u8], from: usize, len: usize) -> Option<LabelMarks> {
    let block = |at: usize| {
        let block = bytes
            .get(at..at + 16)
            .and_then(|c| <&[u8; 16]>::try_from(c).ok())?;
        Some((Native::hyphens(block), Native::dots(block)))
    };
    let last = bytes.len().checked_sub(16)?;
    if from > last {
        // The host ends in the input's last sixteen bytes: theirs, the bytes before `from`
        // shifted out.
        let (hyphens, dots) = block(last)?;
        let shift = from - last;
        return Some(LabelMarks {
            hyphens: hyphens >> shift,
            dots: dots >> shift,
        });
    }
    if len > WINDOW {
        return None;
    }
    let (hyphens, dots) = block(from)?;
    // The next block is merged whatever the host's length: past a host of up to sixteen bytes
    // its marks are those of bytes after the host, which no caller reads. (Branching on the
    // length instead was mispredicted for two hosts in five on kasztp, callgrind's branch
    // simulation: more time than the block's few instructions.)
    let at = (from + 16).min(last);
    let (more_hyphens, more_dots) = block(at)?;
    let shift = at - from;
    Some(LabelMarks {
        hyphens: hyphens | more_hyphens << shift,
        dots: dots | more_dots << shift,
    })
}

/// The `-` and the `.` bytes among the [`WINDOW`] bytes at a host's start (byte `from + k` in
/// bit `k`), from [`label_marks`].
#[derive(Clone, Copy)]
pub(in crate::parser) struct LabelMarks {
    pub(in crate::parser) hyphens: u32,
    pub(in crate::parser) dots: u32,
}

/// Whether a host of `len` bytes (ASCII letters, digits, `-` and `.`, as the quiet host scan
/// leaves it) whose `-` and `.` bytes are `labels` passes strict domain to ASCII's checks on
/// its labels, for all labels at once: `true` when it is 1 to [`WINDOW`] bytes long, has no
/// empty label and none that CheckHyphens refuses or that may be Punycode. `false` decides
/// nothing: the caller asks `host::strict_ldh_domain`, the general step this replaces.
/// (UseSTD3ASCIIRules is already checked by the scan; VerifyDnsLength: no empty label, and a
/// label or domain of at most 32 bytes is under 63 and 253; CheckHyphens: no `-` first or last
/// in a label, none in its third and fourth place, which also leaves out `xn--`.) Bits at
/// `len` and above are not read. The parse fuzz target, `tests/fast_path.rs` and
/// `fast/tests.rs` compare it with the general path.
#[inline(always)]
pub(in crate::parser) fn strict_ldh_window(labels: LabelMarks, len: usize) -> bool {
    if !(1..=WINDOW).contains(&len) {
        return false;
    }
    // The host's byte `k` in bit `k + up`: its last byte in the top bit, the marks of the
    // bytes after it shifted out.
    let up = WINDOW - len;
    let (hyphens, dots) = (labels.hyphens << up, labels.dots << up);
    const LAST: u32 = 1 << (WINDOW - 1);
    // Most hosts have no `-`: then only an empty label is refused, a `.` first, last or after
    // another.
    if hyphens == 0 {
        return labels.dots & 1 | dots & (LAST | dots << 1) == 0;
    }
    // The host's first and last byte: no label may start or end with `.` (an empty label) or
    // `-` (CheckHyphens).
    let first = 1 << up;
    let edges = first | LAST;
    // A `-` or `.` next to a `.`: an empty label, or a `-` first or last in a label.
    let beside_dot = dots << 1 | dots >> 1;
    // `--` in a label's third and fourth place (after the host's start or a `.`).
    let third = (hyphens & hyphens >> 1) & (first << 2 | dots << 3);
    (hyphens | dots) & (edges | beside_dot) | third == 0
}

/// The length of [`window_marks`]' window.
pub(in crate::parser) const WINDOW: usize = 32;

/// The bytes that `marks` (one of the [`BlockMarks`] scans) marks among the [`WINDOW`] bytes
/// from `from` on, or up to the end of the input: byte `from + k` in bit `k`. It is two blocks,
/// the one at `from` and the next, each moved back to the input's last sixteen bytes where it
/// would pass the end (its marks shifted into place, those outside the window dropped), so
/// that nothing branches on where the input ends: a scan that ends within the window (most
/// hosts, and the path, query and fragment of most web URLs) takes one decision where it ends
/// instead of one per block. `None` for input shorter than one block, or `from` past its end.
#[inline(always)]
pub(in crate::parser) fn window_marks(
    bytes: &[u8],
    from: usize,
    marks: fn(&[u8; 16]) -> u32,
) -> Option<u32> {
    let last = bytes.len().checked_sub(16)?;
    if from > bytes.len() {
        return None;
    }
    // `from <= len` so both blocks start at most sixteen bytes before `from`: their marks,
    // placed sixteen bits up, never shift below bit 0. Nothing to mask: neither block passes
    // the input's end, so no bit stands for a byte past it, and the bytes before `from` and
    // past the window fall off the two ends of the shifts.
    let first_at = from.min(last);
    let second_at = (from + 16).min(last);
    let block = |at: usize| {
        bytes
            .get(at..at + 16)
            .and_then(|c| <&[u8; 16]>::try_from(c).ok())
    };
    let first = u64::from(marks(block(first_at)?)) << (first_at + 16 - from);
    let second = u64::from(marks(block(second_at)?)) << (second_at + 16 - from);
    Some(((first | second) >> 16) as u32)
}
