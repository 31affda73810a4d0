//! For the fuzz target `simd` (feature `testing`; not API, no stability promise): the vector
//! operations of `simd.rs` and the block scans of `marks.rs`, by the vector implementation and
//! by the scalar twin. A module of its own, so that `simd.rs` needs nothing of the scans.

use super::marks::{BlockMarks, ByTable};
use super::simd::{Scalar, Vector, all_ops};

/// Every vector operation on `block`, `other` and the comparand `b` (see the module's
/// `all_ops`), by the vector implementation and by the scalar twin: equal when they agree.
pub fn block_ops(block: &[u8; 16], other: &[u8; 16], b: u8) -> ([u16; 7], [u16; 7]) {
    (
        all_ops::<Vector>(block, other, b),
        all_ops::<Scalar>(block, other, b),
    )
}

/// The fast path's block scans on `block`, by the vector implementation, by the scalar twin
/// of its operations and by the table (`marks.rs`, the parser's scans on other targets): the
/// bytes (bit `k` for byte `k`) that are not an ASCII lower-case letter, digit, `-` or `.` (the
/// host scan's), those that are not an ASCII letter, digit, `/`, `-` or `_`, nor a `.` after a
/// byte of the block other than `/` (the path, query and fragment pass's in the path state),
/// those that may stop the query or the fragment state (the C0 controls, space, DEL,
/// non-ASCII, `"#'<>` and `` ` ``), and those that are not an ASCII letter, digit, `/`, `-` or
/// `_`, every `.` among them (the pass's in the path state after its first window), and the
/// `-` and the `.` bytes (the quiet fast path's strict domain checks), and the bytes `/`, `?`,
/// `#`, `\`, `@`, `:` and `[` (the authority state's first scan), and the ASCII tabs and
/// newlines (the input's preparation).
pub fn block_scans(block: &[u8; 16]) -> [[u32; 8]; 3] {
    fn scans<M: BlockMarks>(block: &[u8; 16]) -> [u32; 8] {
        [
            M::host(block),
            M::path(block),
            M::query_fragment(block),
            M::path_every_dot(block),
            M::hyphens(block),
            M::dots(block),
            M::authority(block),
            M::tabs_and_newlines(block),
        ]
    }
    [
        scans::<Vector>(block),
        scans::<Scalar>(block),
        scans::<ByTable>(block),
    ]
}

/// The fast path's host scan (`plain_host_end`): the index of the first byte from `from`
/// on that is not an ASCII lower-case letter, digit, `-` or `.`, or the input's length;
/// `from` for input shorter than sixteen bytes.
pub fn plain_host_end(bytes: &[u8], from: usize) -> usize {
    super::plain_host_end(bytes, from)
}
