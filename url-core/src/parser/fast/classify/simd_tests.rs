//! The vector operations (`simd.rs`) against their scalar twin and against their definitions, and
//! the block scans built on them (`marks.rs`, `mod.rs`). These also run under Miri (`cargo +nightly
//! miri test -p whatwg-url-core simd_tests`), which then checks the SSE2 code's `unsafe` blocks;
//! Miri interprets each intrinsic and each lane of the twin, so there every byte value at every
//! position is tried with one comparand (in turn from the fast path's own and the edges of the
//! signed order) and one surrounding block, not with all of them.

use super::marks::{
    BlockMarks, ByTable, is_plain_dot, is_plain_host_byte, is_plain_path_byte, may_end_authority,
    may_stop_query_or_fragment,
};
use super::simd::{Lanes, Scalar, Vector, all_ops};
use alloc::vec::Vec;

/// The fast path's comparands and the edges of the signed order.
const EDGES: [u8; 9] = [
    0x00,
    b'-' - 1,
    b'/',
    b'9' + 1,
    b'a' - 1,
    b'z' + 1,
    0x7F,
    0x80,
    0xFF,
];

/// The comparands to try on the `n`-th block: every byte value, or under Miri one of [`EDGES`].
fn comparands(n: usize) -> Vec<u8> {
    if cfg!(miri) {
        EDGES.get(n % EDGES.len()).copied().into_iter().collect()
    } else {
        (0..=u8::MAX).collect()
    }
}

/// How many variants of a block to try: all, or under Miri the first.
fn variants<T>(all: &[T]) -> &[T] {
    if cfg!(miri) { &all[..1] } else { all }
}

/// A block of sixteen different bytes, spread over the whole range.
fn filler(seed: u8) -> [u8; 16] {
    core::array::from_fn(|k| seed.wrapping_add((k as u8).wrapping_mul(0x4B)))
}

/// `all_ops`, from the definitions of the operations.
fn model(block: &[u8; 16], other: &[u8; 16], b: u8) -> [u16; 7] {
    let mask = |f: &dyn Fn(usize) -> bool| (0..16).fold(0u16, |m, k| m | u16::from(f(k)) << k);
    [
        mask(&|k| block[k] == b),
        mask(&|k| (block[k] as i8) < (b as i8)),
        mask(&|k| (b..=b.saturating_add(25)).contains(&block[k])),
        mask(&|k| block[k] | other[k] >= 0x80),
        mask(&|k| block[k] | b >= 0x80),
        mask(&|k| block[k] >= 0x80),
        mask(&|k| other[k] >= 0x80),
    ]
}

/// The three agree on one input.
fn check(block: &[u8; 16], other: &[u8; 16], b: u8) {
    let expected = model(block, other, b);
    assert_eq!(
        all_ops::<Scalar>(block, other, b),
        expected,
        "{block:?} {other:?} {b}"
    );
    assert_eq!(
        all_ops::<Vector>(block, other, b),
        expected,
        "{block:?} {other:?} {b}"
    );
}

#[test]
fn every_operation_on_every_byte_value_at_every_position() {
    for at in 0..16 {
        for x in 0..=u8::MAX {
            let mut block = filler(x);
            block[at] = x;
            let other = filler(!x);
            for b in comparands(at * 256 + usize::from(x)) {
                check(&block, &other, b);
            }
        }
    }
}

/// `in_range` on every range it takes (all but the whole `0x00..=0xFF`; under Miri, the block
/// scans' own and the edges), every byte value in each.
#[test]
fn in_range_on_every_range() {
    let ranges: Vec<(u8, u8)> = if cfg!(miri) {
        [
            (b'a', b'z'),
            (b'-', b'9'),
            (b'/', b'9'),
            (0x00, 0xFE),
            (0x01, 0xFF),
            (0x80, 0x80),
        ]
        .into()
    } else {
        (0..=u8::MAX)
            .flat_map(|lo| (lo..=u8::MAX).map(move |hi| (lo, hi)))
            .filter(|&range| range != (0x00, 0xFF))
            .collect()
    };
    for (lo, hi) in ranges {
        for first in (0..=u8::MAX).step_by(16) {
            let block: [u8; 16] = core::array::from_fn(|k| first + k as u8);
            let expected = (0..16).fold(0u16, |m, k| {
                m | u16::from((lo..=hi).contains(&block[k])) << k
            });
            assert_eq!(Scalar::load(&block).in_range(lo, hi).mask(), expected);
            assert_eq!(Vector::load(&block).in_range(lo, hi).mask(), expected);
        }
    }
}

/// A xorshift generator: reproducible blocks without a dependency.
fn blocks(mut state: u64, n: usize) -> impl Iterator<Item = [u8; 16]> {
    core::iter::repeat_with(move || {
        core::array::from_fn(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 56) as u8
        })
    })
    .take(n)
}

#[test]
fn every_operation_on_pseudo_random_blocks() {
    let n = if cfg!(miri) { 64 } else { 20_000 };
    let others: Vec<_> = blocks(0x9E37_79B9_7F4A_7C15, n).collect();
    for (k, (block, other)) in blocks(0x2545_F491_4F6C_DD1D, n).zip(&others).enumerate() {
        check(&block, other, other[k % 16]);
    }
}

/// A block scan by the three implementations (the vector one, the scalar twin of its
/// operations, the table), against the model `plain` (the bytes it passes, after the byte
/// before them in the block, `None` for the first), on every byte value at every position of
/// `base`, with (in turn) each of `seconds` five bytes after it.
fn check_block_scan(
    scans: [fn(&[u8; 16]) -> u32; 3],
    plain: fn(Option<u8>, u8) -> bool,
    base: [u8; 16],
    seconds: &[Option<u8>],
) {
    for at in 0..16 {
        for x in 0..=u8::MAX {
            for &second in variants(seconds) {
                let mut block = base;
                block[at] = x;
                if let Some(s) = second {
                    block[(at + 5) % 16] = s;
                }
                let expected = (0..16usize).fold(0u32, |m, k| {
                    let before = k.checked_sub(1).map(|j| block[j]);
                    m | u32::from(!plain(before, block[k])) << k
                });
                for scan in scans {
                    assert_eq!(scan(&block), expected, "{block:?}");
                }
            }
        }
    }
}

#[test]
fn the_block_host_scan_on_every_byte_value_at_every_position() {
    let seconds = [None, Some(b'/'), Some(0xC3)];
    let scans = [Scalar::host, Vector::host, ByTable::host];
    let plain = |_, b| is_plain_host_byte(b);
    check_block_scan(scans, plain, *b"abcdefghij0123-.", &seconds);
}

#[test]
fn the_block_path_scan_on_every_byte_value_at_every_position() {
    // Dots after `/`, after other bytes and first; each replaced byte also comes before one.
    let seconds = [None, Some(b'.'), Some(b'/'), Some(0x80)];
    let scans = [Scalar::path, Vector::path, ByTable::path];
    let plain = |before, b| is_plain_path_byte(b) || is_plain_dot(before, b);
    check_block_scan(scans, plain, *b"./.z09-_a.AZ/.-.", &seconds);
}

#[test]
fn the_block_path_scan_with_every_dot_on_every_byte_value_at_every_position() {
    let seconds = [None, Some(b'.'), Some(b'/'), Some(0x80)];
    let scans = [
        Scalar::path_every_dot,
        Vector::path_every_dot,
        ByTable::path_every_dot,
    ];
    let plain = |_, b| is_plain_path_byte(b);
    check_block_scan(scans, plain, *b"./.z09-_a.AZ/.-.", &seconds);
}

#[test]
fn the_block_query_and_fragment_scan_on_every_byte_value_at_every_position() {
    let seconds = [None, Some(b'#'), Some(0xFF)];
    let scans = [
        Scalar::query_fragment,
        Vector::query_fragment,
        ByTable::query_fragment,
    ];
    let plain = |_, b| !may_stop_query_or_fragment(b);
    check_block_scan(scans, plain, *b"a=1&b=%20.~!$(*)", &seconds);
}

/// The general path's block scans: the authority state's stops and the input's tabs and
/// newlines.
#[test]
fn the_general_path_block_scans_on_every_byte_value_at_every_position() {
    type Scans = [fn(&[u8; 16]) -> u32; 3];
    let authority: Scans = [Scalar::authority, Vector::authority, ByTable::authority];
    let tabs: Scans = [
        Scalar::tabs_and_newlines,
        Vector::tabs_and_newlines,
        ByTable::tabs_and_newlines,
    ];
    check_block_scan(
        authority,
        |_, b| !may_end_authority(b),
        *b"user.example-09%",
        &[None, Some(b'@'), Some(0xC3)],
    );
    let plain_tab = |_, b| !percent::classes::is_ascii_tab_or_newline(b);
    check_block_scan(tabs, plain_tab, *b"https://a.b/c?d#", &[None, Some(b'\n')]);
}

/// The predicates say what the scans' documentation says, byte by byte.
#[test]
fn the_predicates() {
    for b in 0..=u8::MAX {
        assert_eq!(
            is_plain_host_byte(b),
            b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.'
        );
        assert_eq!(
            is_plain_path_byte(b),
            b.is_ascii_alphanumeric() || b"/-_".contains(&b)
        );
        for before in (0..=u8::MAX).map(Some).chain([None]) {
            assert_eq!(
                is_plain_dot(before, b),
                b == b'.' && before.is_some_and(|a| a != b'/')
            );
        }
        assert_eq!(
            may_stop_query_or_fragment(b),
            !(0x21..0x7F).contains(&b) || b"\"#'<>`".contains(&b)
        );
        assert_eq!(may_end_authority(b), b"/?#\\@:[".contains(&b));
    }
}
