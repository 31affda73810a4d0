//! Byte classes as 256-entry tables, and the one scanner built on them.
//!
//! Every byte class of the workspace (the percent-encode sets, the parser's delimiters, the
//! host parser's domain classes, the fast path's stops) is a [`ByteTable`]: for each byte, a
//! bit set of up to eight classes, so that one table can serve several scans and membership is
//! one load. [`scan`] finds the first byte of a class, eight bytes per branch. Code elsewhere
//! reads tables only through [`ByteTable::get`]: the one place where a byte indexes an array.

/// For each byte, the classes (bits) it belongs to.
///
/// ```
/// use percent::ByteTable;
///
/// const DIGIT: u8 = 1;
/// const DOT: u8 = 2;
/// const TABLE: ByteTable = ByteTable::EMPTY.with_range(b'0', b'9', DIGIT).with(b'.', DOT);
/// assert!(TABLE.contains(b'7', DIGIT) && !TABLE.contains(b'7', DOT));
/// assert_eq!(TABLE.get(b'.'), DOT);
/// assert_eq!(percent::scan(&TABLE, b"abc.1", 0, DIGIT | DOT), 3);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ByteTable([u8; 256]);

// The audited indexing helper: a `u8` widened to `usize` indexes a 256-entry array, which is
// always in range, so none of these can panic (and in const evaluation an index out of range
// would be a compile error, not a panic).
#[allow(clippy::indexing_slicing)]
impl ByteTable {
    /// No byte in any class.
    pub const EMPTY: ByteTable = ByteTable([0; 256]);

    /// The classes of `byte`.
    #[inline(always)]
    pub const fn get(&self, byte: u8) -> u8 {
        self.0[byte as usize]
    }

    /// `self` with `byte` added to `class` (one bit or several).
    pub const fn with(mut self, byte: u8, class: u8) -> ByteTable {
        self.0[byte as usize] |= class;
        self
    }

    /// `self` with `byte` taken out of `class`.
    pub const fn without(mut self, byte: u8, class: u8) -> ByteTable {
        self.0[byte as usize] &= !class;
        self
    }
}

impl ByteTable {
    /// Whether `byte` is in one of the classes of `class`.
    #[inline(always)]
    pub const fn contains(&self, byte: u8, class: u8) -> bool {
        self.get(byte) & class != 0
    }

    /// `self` with the bytes `first..=last` added to `class`.
    pub const fn with_range(self, first: u8, last: u8, class: u8) -> ByteTable {
        let mut table = self;
        let mut b = first;
        while b <= last {
            table = table.with(b, class);
            if b == u8::MAX {
                break;
            }
            b += 1;
        }
        table
    }

    /// `self` with each of `bytes` added to `class`.
    pub const fn with_bytes(self, bytes: &[u8], class: u8) -> ByteTable {
        let mut table = self;
        let mut rest = bytes;
        while let [b, tail @ ..] = rest {
            table = table.with(*b, class);
            rest = tail;
        }
        table
    }

    /// `self` with every byte of `other`'s `other_class` added to `class`.
    pub const fn with_class_of(self, other: &ByteTable, other_class: u8, class: u8) -> ByteTable {
        let mut table = self;
        let mut b = 0u8;
        loop {
            if other.contains(b, other_class) {
                table = table.with(b, class);
            }
            if b == u8::MAX {
                break table;
            }
            b += 1;
        }
    }

    /// The classes of any byte of `bytes`, OR-ed: one table load per byte, no branch.
    #[inline]
    pub fn classes_of(&self, bytes: &[u8]) -> u8 {
        bytes.iter().fold(0, |classes, &b| classes | self.get(b))
    }
}

impl core::fmt::Debug for ByteTable {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let mut map = f.debug_map();
        for b in 0..=u8::MAX {
            if self.get(b) != 0 {
                map.entry(&b, &self.get(b));
            }
        }
        map.finish()
    }
}

/// Whether a byte of `chunk` is in `class`: eight table loads OR-ed, one branch.
#[inline(always)]
fn chunk_hits(table: &ByteTable, chunk: &[u8; 8], class: u8) -> bool {
    // Over the array (a known length of eight), not a slice: the loads are unrolled.
    chunk.iter().fold(0, |classes, &b| classes | table.get(b)) & class != 0
}

/// The index of the first byte of `chunk` in `class` (the chunk has one): the eight entries
/// gathered into the bytes of a little-endian word, masked, and its trailing zeros counted. No
/// branch per byte: where the hit falls is hard to predict, and mispredictions cost more than
/// the eight loads.
#[inline(always)]
fn first_hit_in_chunk(table: &ByteTable, chunk: &[u8; 8], class: u8) -> usize {
    let mut word = 0u64;
    for (k, &b) in chunk.iter().enumerate() {
        word |= u64::from(table.get(b)) << (8 * k);
    }
    let hits = word & (u64::from(class) * 0x0101_0101_0101_0101);
    (hits.trailing_zeros() / 8) as usize
}

/// The index of the first byte of `bytes`, from index `from` on, that is in `class` (one bit
/// of `table` or several), or `bytes.len()` when there is none.
///
/// Tests eight bytes per branch and looks for the exact position only in a chunk with a hit.
/// The last few bytes are tested as the input's last eight bytes, which overlap bytes already
/// known not to be in the class, so no byte-by-byte tail loop runs unless the input is shorter
/// than eight bytes. Every scan of the workspace is this one.
///
/// ```
/// use percent::{scan, ByteTable};
/// const SLASH: ByteTable = ByteTable::EMPTY.with(b'/', 1);
/// assert_eq!(scan(&SLASH, b"a/b/c", 0, 1), 1);
/// assert_eq!(scan(&SLASH, b"a/b/c", 2, 1), 3);
/// assert_eq!(scan(&SLASH, b"abc", 0, 1), 3);
/// ```
#[inline(always)]
pub fn scan(table: &ByteTable, bytes: &[u8], from: usize, class: u8) -> usize {
    let mut i = from;
    // `i + 8` cannot overflow (`i` stays within a slice's length, at most `isize::MAX`), and
    // written plainly it lets the optimizer keep the loop tight: `wrapping_add` here cost 4%
    // of the whole parse (measured, `cargo xtask bench`).
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
        // The last eight bytes: those from `from` to `i` are not in the class, so the first
        // hit is at `i` or after.
        Some(last) if last >= from => {
            match bytes.get(last..).and_then(|c| <&[u8; 8]>::try_from(c).ok()) {
                Some(chunk) if chunk_hits(table, chunk, class) => {
                    last + first_hit_in_chunk(table, chunk, class)
                }
                _ => bytes.len(),
            }
        }
        _ => bytes
            .get(i..)
            .unwrap_or_default()
            .iter()
            .position(|&b| table.contains(b, class))
            .map_or(bytes.len(), |k| i + k),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scanner against a byte-by-byte reference, at every position, length and start.
    #[test]
    fn scan_matches_a_byte_loop() {
        const T: ByteTable = ByteTable::EMPTY.with(b' ', 1).with(b'?', 2);
        for len in 0..40usize {
            for at in 0..=len {
                let mut bytes = [b'a'; 40];
                if let Some(b) = bytes.get_mut(at) {
                    *b = if at % 2 == 0 { b' ' } else { b'?' };
                }
                let bytes = bytes.get(..len).unwrap_or_default();
                for from in 0..=len {
                    for class in [1, 2, 3] {
                        let expected = (from..len)
                            .find(|&k| bytes.get(k).is_some_and(|&b| T.contains(b, class)))
                            .unwrap_or(len);
                        assert_eq!(
                            scan(&T, bytes, from, class),
                            expected,
                            "{len} {at} {from} {class}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn builders() {
        let t = ByteTable::EMPTY
            .with_range(b'a', b'c', 1)
            .with_bytes(b"xy", 2)
            .without(b'b', 1);
        assert_eq!((t.get(b'a'), t.get(b'b'), t.get(b'x')), (1, 0, 2));
        let u = ByteTable::EMPTY.with_class_of(&t, 2, 4);
        assert_eq!((u.get(b'x'), u.get(b'a')), (4, 0));
        assert_eq!(t.classes_of(b"ax"), 3);
        let all = ByteTable::EMPTY.with_range(0, 255, 1);
        assert!((0..=255u8).all(|b| all.contains(b, 1)));
    }
}
