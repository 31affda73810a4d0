//! Target `simd`: url-core's vector block operations (SSE2 on x86_64, NEON on aarch64, whichever
//! the target builds; its one module of `unsafe` code,
//! `parser/fast/classify/simd.rs`) against their scalar twin, and the fast path's block host scan
//! against a byte-by-byte model.
//!
//! Input: any bytes. Properties:
//! - for each 33-byte window of the input (the first 64; a shorter input padded with zeros):
//!   every vector operation on its first 16 bytes, its next 16 and the comparand its last byte,
//!   gives the scalar twin's masks (`url_core::simd_testing::block_ops`), and each block scan
//!   of the fast path on its first 16 bytes, by the vector code, the twin and the table (the
//!   parser's scans on other targets), gives the model's marks
//!   (`block_scans`: the bytes the host scan, and the path, query and fragment pass in the
//!   path state and in the query and fragment states, stop at, the path state's with every
//!   `.` marked, the `-` and `.` bytes, the authority state's stops `/?#\@:[`, and the
//!   ASCII tabs and newlines);
//! - the host scan from each of the first 64 positions (and the end) gives the index of the
//!   first byte that is not an ASCII lower-case letter, digit, `-` or `.`, or the input's length
//!   (for input shorter than one block, the position it starts from).

use url_core::simd_testing::{block_ops, block_scans, plain_host_end};

/// Whether the host scan passes `b`.
fn plain(b: u8) -> bool {
    b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.'
}

/// Whether the path, query and fragment pass skips `b` in the path state, after the byte
/// `before` in its block (`None` for the first): a `.` is skipped unless it may start a segment.
fn plain_in_path(before: Option<u8>, b: u8) -> bool {
    b.is_ascii_alphanumeric()
        || matches!(b, b'/' | b'-' | b'_')
        || (b == b'.' && before.is_some_and(|a| a != b'/'))
}

/// Checks one input (see the module docs).
pub fn check(data: &[u8]) {
    let mut padded = data.to_vec();
    padded.resize(data.len().max(33), 0);
    for window in padded.windows(33).take(64) {
        let (block, rest) = window.split_at(16);
        let (other, comparand) = rest.split_at(16);
        let block: &[u8; 16] = block.try_into().unwrap_or(&[0; 16]);
        let other: &[u8; 16] = other.try_into().unwrap_or(&[0; 16]);
        let b = comparand.first().copied().unwrap_or_default();
        let (vector, scalar) = block_ops(block, other, b);
        assert_eq!(vector, scalar, "{block:?} {other:?} {b}");
        let marks = |f: &dyn Fn(Option<u8>, u8) -> bool| {
            (0..16usize).fold(0u32, |m, k| {
                let before = k.checked_sub(1).map(|j| block[j]);
                m | u32::from(!f(before, block[k])) << k
            })
        };
        let in_query = |_, b: u8| (0x21..0x7F).contains(&b) && !b"\"#'<>`".contains(&b);
        let model = [
            marks(&|_, b| plain(b)),
            marks(&plain_in_path),
            marks(&in_query),
            marks(&|_, b| plain_in_path(Some(b'/'), b)),
            marks(&|_, b| b != b'-'),
            marks(&|_, b| b != b'.'),
            marks(&|_, b| !b"/?#\\@:[".contains(&b)),
            marks(&|_, b| !b"\t\n\r".contains(&b)),
        ];
        for scans in block_scans(block) {
            assert_eq!(scans, model, "{block:?}");
        }
    }
    for from in (0..=data.len()).take(65).chain([data.len()]) {
        let first = data
            .iter()
            .skip(from)
            .position(|&b| !plain(b))
            .map_or(data.len(), |k| from + k);
        let expected = if data.len() < 16 { from } else { first };
        assert_eq!(plain_host_end(data, from), expected, "{data:?} from {from}");
    }
}
