//! The block scans, [`BlockMarks`]: which bytes of a block of sixteen the fast path's host scan
//! stops at, the path, query and fragment pass looks up, the authority state's first scan may
//! stop at and the input's preparation removes. Each is defined byte by byte by a predicate,
//! and done either by vector comparisons (`simd.rs`, on x86_64: [`Native`]) or by one
//! 256-entry table built from the predicates ([`ByTable`], on other targets and under Miri).
//! The tests (`simd_tests.rs`) check both against the predicates on every byte value at every
//! position.
//!
//! On x86_64 the table is used by the tests and the fuzz target only (hence the module's
//! `allow(dead_code)` there, set where it is declared).

use super::simd::Lanes;
use percent::ByteTable;

/// The block scans: the bytes of a block of sixteen (byte `k` in bit `k`)
/// that the host scan stops at ([`BlockMarks::host`]), that the path, query and fragment pass
/// looks up in the path state ([`BlockMarks::path`]) and in the query and fragment states
/// ([`BlockMarks::query_fragment`]), that the authority state's first scan may stop at
/// ([`BlockMarks::authority`]) and that the basic URL parser's step 3 removes
/// ([`BlockMarks::tabs_and_newlines`]). Each is defined byte by byte by a predicate
/// ([`is_plain_host_byte`], [`is_plain_path_byte`] with [`is_plain_dot`],
/// [`may_stop_query_or_fragment`], [`may_end_authority`],
/// [`percent::classes::is_ascii_tab_or_newline`]).
pub(in crate::parser::fast) trait BlockMarks {
    /// The bytes that are not [`is_plain_host_byte`].
    fn host(block: &[u8; 16]) -> u32;
    /// The bytes that are not [`is_plain_path_byte`], but for a `.` that is [`is_plain_dot`]
    /// after the byte before it in the block.
    fn path(block: &[u8; 16]) -> u32;
    /// The bytes that are not [`is_plain_path_byte`], every `.` among them: a superset of
    /// [`BlockMarks::path`] without its two comparisons and mask arithmetic for
    /// [`is_plain_dot`]. The tail pass asks it first of a block after its window, and
    /// [`BlockMarks::path`] only where it marks a byte (most blocks of a long path are plain).
    fn path_every_dot(block: &[u8; 16]) -> u32;
    /// The bytes that [`may_stop_query_or_fragment`].
    fn query_fragment(block: &[u8; 16]) -> u32;
    /// The `-` bytes: with [`BlockMarks::dots`], strict domain to ASCII's checks on a host's
    /// labels in one decision (`label_marks` and `strict_ldh_window` in `classify/mod.rs`).
    fn hyphens(block: &[u8; 16]) -> u32;
    /// The `.` bytes.
    fn dots(block: &[u8; 16]) -> u32;
    /// The bytes that [`may_end_authority`].
    fn authority(block: &[u8; 16]) -> u32;
    /// The ASCII tabs and newlines ([`percent::classes::is_ascii_tab_or_newline`]).
    fn tabs_and_newlines(block: &[u8; 16]) -> u32;
}

/// The block scans the parser uses: SSE2 comparisons on x86_64 (`simd.rs`).
#[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(miri)))]
pub(in crate::parser::fast) type Native = super::simd::Sse2;

/// The block scans the parser uses: NEON comparisons on aarch64 (`simd.rs`).
#[cfg(all(target_arch = "aarch64", target_feature = "neon", not(miri)))]
pub(in crate::parser::fast) type Native = super::simd::Neon;

/// The block scans the parser uses: the table, on targets without vector code (and under Miri,
/// so that the parser's tests stay fast there; `simd_tests.rs` runs the vector code).
#[cfg(not(any(
    all(target_arch = "x86_64", target_feature = "sse2", not(miri)),
    all(target_arch = "aarch64", target_feature = "neon", not(miri))
)))]
pub(in crate::parser::fast) type Native = ByTable;

/// The block scans as vector comparisons ([`not_plain_host`], [`not_plain_path`],
/// [`query_fragment_stops`]), for any implementation of the lanes.
impl<V: Lanes> BlockMarks for V {
    #[inline(always)]
    fn host(block: &[u8; 16]) -> u32 {
        not_plain_host::<V>(block)
    }

    #[inline(always)]
    fn path(block: &[u8; 16]) -> u32 {
        not_plain_path::<V>(block)
    }

    #[inline(always)]
    fn path_every_dot(block: &[u8; 16]) -> u32 {
        let v = V::load(block);
        (!u32::from(plain_path_or_dot(v).mask()) | u32::from(v.eq(b'.').mask())) & 0xFFFF
    }

    #[inline(always)]
    fn query_fragment(block: &[u8; 16]) -> u32 {
        query_fragment_stops::<V>(block)
    }

    #[inline(always)]
    fn hyphens(block: &[u8; 16]) -> u32 {
        u32::from(V::load(block).eq(b'-').mask())
    }

    #[inline(always)]
    fn dots(block: &[u8; 16]) -> u32 {
        u32::from(V::load(block).eq(b'.').mask())
    }

    #[inline(always)]
    fn authority(block: &[u8; 16]) -> u32 {
        let v = V::load(block);
        let stops = AUTHORITY_STOPS
            .into_iter()
            .fold(v.eq(b'/'), |m, b| m.or(v.eq(b)));
        u32::from(stops.mask())
    }

    #[inline(always)]
    fn tabs_and_newlines(block: &[u8; 16]) -> u32 {
        let v = V::load(block);
        u32::from(v.eq(b'\t').or(v.eq(b'\n')).or(v.eq(b'\r')).mask())
    }
}

/// The block scans by table: each byte's entry in [`MARKS`], sixteen loads a block (the
/// eight-byte scans before the vector code read the same per byte).
pub(in crate::parser::fast) struct ByTable;

impl ByTable {
    /// The bytes of `block` whose entry in [`MARKS`] holds `class`.
    #[inline(always)]
    fn marks(block: &[u8; 16], class: u8) -> u32 {
        block
            .iter()
            .rev()
            .fold(0, |m, &b| m << 1 | u32::from((MARKS.get(b) & class) != 0))
    }

    /// The bytes of `block` equal to `byte`.
    #[inline(always)]
    fn equal(block: &[u8; 16], byte: u8) -> u32 {
        block
            .iter()
            .rev()
            .fold(0, |m, &b| m << 1 | u32::from(b == byte))
    }
}

impl BlockMarks for ByTable {
    #[inline(always)]
    fn host(block: &[u8; 16]) -> u32 {
        Self::marks(block, MARK_HOST)
    }

    #[inline(always)]
    fn path(block: &[u8; 16]) -> u32 {
        let dots = Self::marks(block, MARK_DOT) & !after_slash(Self::marks(block, MARK_SLASH));
        Self::marks(block, MARK_PATH) & !dots
    }

    #[inline(always)]
    fn path_every_dot(block: &[u8; 16]) -> u32 {
        Self::marks(block, MARK_PATH)
    }

    #[inline(always)]
    fn query_fragment(block: &[u8; 16]) -> u32 {
        Self::marks(block, MARK_QUERY_FRAGMENT)
    }

    // Not in `MARKS`: a comparison a byte is what the table would cost.
    #[inline(always)]
    fn hyphens(block: &[u8; 16]) -> u32 {
        Self::equal(block, b'-')
    }

    #[inline(always)]
    fn dots(block: &[u8; 16]) -> u32 {
        Self::equal(block, b'.')
    }

    // The general path's scans: the authority state's (4.4 authority state, step 2)...
    #[inline(always)]
    fn authority(block: &[u8; 16]) -> u32 {
        Self::marks(block, MARK_AUTHORITY)
    }

    // ...and the input's preparation's (4.4 basic URL parser, steps 2 and 3), not in `MARKS`:
    // three comparisons a byte.
    #[inline(always)]
    fn tabs_and_newlines(block: &[u8; 16]) -> u32 {
        Self::equal(block, b'\t') | Self::equal(block, b'\n') | Self::equal(block, b'\r')
    }
}

/// Whether the host scan passes `b`: an ASCII lower-case letter, digit, `-` or `.`.
pub(in crate::parser::fast) const fn is_plain_host_byte(b: u8) -> bool {
    b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.'
}

/// Whether the path, query and fragment pass skips `b` in the path state: an ASCII letter,
/// digit, `/`, `-` or `_`.
pub(in crate::parser::fast) const fn is_plain_path_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'/' | b'-' | b'_')
}

/// Whether the pass may skip `b`, a byte that is not [`is_plain_path_byte`], after the byte
/// `before` in the same block (`None` for a block's first byte): a `.` after anything but `/`.
/// Only a segment's first byte can start a single- or double-dot segment (path state, steps
/// 1.2 to 1.4), and `.` is in no percent-encode set; a block's first `.` is marked whatever
/// comes before it (the pass looks at the byte before, `Pass::take`). Most paths' marks are
/// such dots (`.html`, `.php`): on the web URLs of the benchmark, 24,052 of 36,315 marks, and
/// of the 25,810 URLs with a mark, 18,723 have no other.
pub(in crate::parser::fast) const fn is_plain_dot(before: Option<u8>, b: u8) -> bool {
    b == b'.' && !matches!(before, None | Some(b'/'))
}

/// The bits of the bytes in a block that follow a `/`, from the bits of the `/`s, and the
/// block's first byte (whose predecessor the block does not hold): where a `.` stays marked.
#[inline(always)]
fn after_slash(slashes: u32) -> u32 {
    slashes << 1 | 1
}

/// Whether `b` may stop the query or the fragment state: a C0 control, U+0020 SPACE, U+007F
/// DELETE, a non-ASCII byte, or one of `"`, `#`, `'`, `<`, `>`, `` ` ``.
pub(in crate::parser::fast) const fn may_stop_query_or_fragment(b: u8) -> bool {
    !matches!(b, 0x21..=0x7E) || matches!(b, b'"' | b'#' | b'\'' | b'<' | b'>' | b'`')
}

/// The bytes but `/` that [`may_end_authority`]: `/` and these are [`BlockMarks::authority`]'s
/// comparisons.
const AUTHORITY_STOPS: [u8; 6] = [b'?', b'#', b'\\', b'@', b':', b'['];

/// Whether the authority state's first scan may stop at `b` (4.4 authority state, step 2):
/// one of a special URL's authority ends (`/`, `?`, `#`, `\`; a URL that is not special does
/// not end it at `\`), or `@`, `:` or `[`, which make the authority other than a plain host.
pub(in crate::parser) const fn may_end_authority(b: u8) -> bool {
    matches!(b, b'/' | b'?' | b'#' | b'\\' | b'@' | b':' | b'[')
}

/// [`MARKS`]' classes: the block scans that mark a byte.
const MARK_HOST: u8 = 1;
const MARK_PATH: u8 = 2;
const MARK_QUERY_FRAGMENT: u8 = 4;
const MARK_DOT: u8 = 8;
const MARK_SLASH: u8 = 16;
const MARK_AUTHORITY: u8 = 32;

/// `MARKS.get(b)`: the block scans ([`MARK_HOST`], [`MARK_PATH`], [`MARK_QUERY_FRAGMENT`]) that
/// mark byte `b`, from the three predicates, and `.` and `/` ([`MARK_DOT`], [`MARK_SLASH`]:
/// [`is_plain_dot`]).
static MARKS: ByteTable = {
    let mut table = ByteTable::EMPTY;
    let mut b = 0u8;
    loop {
        if !is_plain_host_byte(b) {
            table = table.with(b, MARK_HOST);
        }
        if !is_plain_path_byte(b) {
            table = table.with(b, MARK_PATH);
        }
        if may_stop_query_or_fragment(b) {
            table = table.with(b, MARK_QUERY_FRAGMENT);
        }
        // The bytes that `is_plain_dot` may skip, and those after which it does not.
        if is_plain_dot(Some(b'.'), b) {
            table = table.with(b, MARK_DOT);
        }
        if !is_plain_dot(Some(b), b'.') {
            table = table.with(b, MARK_SLASH);
        }
        if may_end_authority(b) {
            table = table.with(b, MARK_AUTHORITY);
        }
        if b == u8::MAX {
            break table;
        }
        b += 1;
    }
};

/// The bytes of `block` (byte `k` in bit `k`) that may stop the query or the fragment state in
/// `TAIL` (`T_QUERY`, `T_SPECIAL_QUERY`, `T_FRAGMENT`): the C0 controls, U+0020 SPACE,
/// U+007F DELETE, every non-ASCII byte (as `i8`, all below 0x21), and `"`, `#`, `'`, `<`, `>`,
/// `` ` ``. Bytes outside it stop neither state, so the pass looks up only these there.
#[inline(always)]
pub(in crate::parser::fast) fn query_fragment_stops<V: Lanes>(block: &[u8; 16]) -> u32 {
    let v = V::load(block);
    let stops = [b'"', b'#', b'\'', b'<', b'>', b'`']
        .into_iter()
        .fold(v.lt_signed(0x21).or(v.eq(0x7F)), |m, b| m.or(v.eq(b)));
    u32::from(stops.mask())
}

/// The bytes of `block` (byte `k` in bit `k`) that are not an ASCII lower-case letter, an
/// ASCII digit, `-` or `.`: bytes that are in no host class of `STOP` or `UPPER_HOST`
/// (neither forbidden domain code points nor upper case nor non-ASCII) are not in it. Two
/// ranges and a comparison (`Native`); no non-ASCII byte is in either range.
#[inline(always)]
pub(in crate::parser::fast) fn not_plain_host<V: Lanes>(block: &[u8; 16]) -> u32 {
    let v = V::load(block);
    let lower = v.in_range(b'a', b'z');
    // `-`, `.`, `/` and the digits.
    let dash_to_nine = v.in_range(b'-', b'9');
    let plain = u32::from(lower.or(dash_to_nine).mask()) & !u32::from(v.eq(b'/').mask());
    !plain & 0xFFFF
}

/// The bytes of `block` (byte `k` in bit `k`) that are not an ASCII letter, an ASCII digit,
/// `/`, `-` or `_`, but for a `.` after a byte other than `/` ([`is_plain_dot`]): the bytes
/// of the path, query and fragment pass (`tail.rs`) that are in no class of `TAIL` or
/// `UNITS_TAIL` but `T_SLASH` (neither a stop of any state nor `T_DOT`), and the `.`s that
/// cannot start a segment, are not in it, so that the pass looks up only the others.
#[inline(always)]
pub(in crate::parser::fast) fn not_plain_path<V: Lanes>(block: &[u8; 16]) -> u32 {
    let v = V::load(block);
    // The bytes that are neither plain nor `.`, and the `.`s after a `/` (or first).
    let dots_marked = u32::from(v.eq(b'.').mask()) & after_slash(u32::from(v.eq(b'/').mask()));
    (!u32::from(plain_path_or_dot(v).mask()) | dots_marked) & 0xFFFF
}

/// The lanes of `v` that are [`is_plain_path_byte`] (an ASCII letter, an ASCII digit, `/`,
/// `-` or `_`) or `.`, which sits between `-` and `/`: one range for the four. No non-ASCII
/// byte is in either range.
#[inline(always)]
fn plain_path_or_dot<V: Lanes>(v: V) -> V {
    // ASCII letters: with bit 5 set, the upper-case ones are lower-case (and nothing else
    // lands in `a..=z`: bit 5 set maps only `A..=Z` there, from `0x41..=0x5A`).
    let letter = v.or(V::splat(0x20)).in_range(b'a', b'z');
    // `-`, `.`, `/` and the digits.
    let dash_to_nine = v.in_range(b'-', b'9');
    letter.or(dash_to_nine).or(v.eq(b'_'))
}
