//! The fast path's three block scans, [`BlockMarks`]: which bytes of a block of sixteen the
//! host scan stops at and the path, query and fragment pass looks up, defined byte by byte by
//! three predicates, and done either by vector comparisons (`simd.rs`, on x86_64: [`Native`])
//! or by one 256-entry table built from the predicates ([`ByTable`], on other targets and under
//! Miri). The tests (`simd_tests.rs`) check both against the predicates on every byte value at
//! every position.
//!
//! On x86_64 the table is used by the tests and the fuzz target only (hence the module's
//! `allow(dead_code)` there, set where it is declared).

use super::scan::{not_plain_host, not_plain_path, query_fragment_stops};
use super::simd::Lanes;
use percent::ByteTable;

/// The fast path's three block scans: the bytes of a block of sixteen (byte `k` in bit `k`)
/// that the host scan stops at ([`BlockMarks::host`]), that the path, query and fragment pass
/// looks up in the path state ([`BlockMarks::path`]) and in the query and fragment states
/// ([`BlockMarks::query_fragment`]). Each is defined byte by byte by a predicate below
/// ([`is_plain_host_byte`], [`is_plain_path_byte`], [`may_stop_query_or_fragment`]).
pub(super) trait BlockMarks {
    /// The bytes that are not [`is_plain_host_byte`].
    fn host(block: &[u8; 16]) -> u32;
    /// The bytes that are not [`is_plain_path_byte`].
    fn path(block: &[u8; 16]) -> u32;
    /// The bytes that [`may_stop_query_or_fragment`].
    fn query_fragment(block: &[u8; 16]) -> u32;
}

/// The block scans the parser uses: SSE2 comparisons on x86_64 (`simd.rs`).
#[cfg(all(target_arch = "x86_64", target_feature = "sse2", not(miri)))]
pub(super) type Native = super::simd::Sse2;

/// The block scans the parser uses: NEON comparisons on aarch64 (`simd.rs`).
#[cfg(all(target_arch = "aarch64", target_feature = "neon", not(miri)))]
pub(super) type Native = super::simd::Neon;

/// The block scans the parser uses: the table, on targets without vector code (and under Miri,
/// so that the parser's tests stay fast there; `simd_tests.rs` runs the vector code).
#[cfg(not(any(
    all(target_arch = "x86_64", target_feature = "sse2", not(miri)),
    all(target_arch = "aarch64", target_feature = "neon", not(miri))
)))]
pub(super) type Native = ByTable;

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
    fn query_fragment(block: &[u8; 16]) -> u32 {
        query_fragment_stops::<V>(block)
    }
}

/// The block scans by table: each byte's entry in [`MARKS`], sixteen loads a block (the
/// eight-byte scans before the vector code read the same per byte).
pub(super) struct ByTable;

impl ByTable {
    /// The bytes of `block` whose entry in [`MARKS`] holds `class`.
    #[inline(always)]
    fn marks(block: &[u8; 16], class: u8) -> u32 {
        block
            .iter()
            .rev()
            .fold(0, |m, &b| m << 1 | u32::from((MARKS.get(b) & class) != 0))
    }
}

impl BlockMarks for ByTable {
    #[inline(always)]
    fn host(block: &[u8; 16]) -> u32 {
        Self::marks(block, MARK_HOST)
    }

    #[inline(always)]
    fn path(block: &[u8; 16]) -> u32 {
        Self::marks(block, MARK_PATH)
    }

    #[inline(always)]
    fn query_fragment(block: &[u8; 16]) -> u32 {
        Self::marks(block, MARK_QUERY_FRAGMENT)
    }
}

/// Whether the host scan passes `b`: an ASCII lower-case letter, digit, `-` or `.`.
pub(super) const fn is_plain_host_byte(b: u8) -> bool {
    b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.'
}

/// Whether the path, query and fragment pass skips `b` in the path state: an ASCII letter,
/// digit, `/`, `-` or `_`.
pub(super) const fn is_plain_path_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'/' | b'-' | b'_')
}

/// Whether `b` may stop the query or the fragment state: a C0 control, U+0020 SPACE, U+007F
/// DELETE, a non-ASCII byte, or one of `"`, `#`, `'`, `<`, `>`, `` ` ``.
pub(super) const fn may_stop_query_or_fragment(b: u8) -> bool {
    !matches!(b, 0x21..=0x7E) || matches!(b, b'"' | b'#' | b'\'' | b'<' | b'>' | b'`')
}

/// [`MARKS`]' classes: the block scans that mark a byte.
const MARK_HOST: u8 = 1;
const MARK_PATH: u8 = 2;
const MARK_QUERY_FRAGMENT: u8 = 4;

/// `MARKS.get(b)`: the block scans ([`MARK_HOST`], [`MARK_PATH`], [`MARK_QUERY_FRAGMENT`]) that
/// mark byte `b`, from the three predicates.
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
        if b == u8::MAX {
            break table;
        }
        b += 1;
    }
};
