//! An input's path segments, a word at a time: where each ends, its hash, its comparison
//! with a fixed segment. What the trie's walk does on every segment of every lookup.

/// The input's segment starting at `pos`, and where the next one starts.
pub(super) fn segment_at(input: &str, pos: usize) -> (&str, Option<usize>) {
    let rest = input.get(pos..).unwrap_or("");
    match find_slash(rest.as_bytes()) {
        Some(slash) => (rest.get(..slash).unwrap_or(""), Some(pos + slash + 1)),
        None => (rest, None),
    }
}

/// Every byte of a word set to `b`.
const fn splat(b: u8) -> u64 {
    u64::from_ne_bytes([b; 8])
}

/// The position of the first `/` in `bytes`: eight bytes at a time (a word whose bytes
/// XOR `/` has a zero byte holds one; the lowest flagged byte is the first, since a borrow
/// only flags bytes above a zero one), the last few one by one. Segments are short: a call
/// to `memchr` costs more (and a loop that hashes as it goes, 10% more instructions a
/// lookup); byte by byte, three instructions a byte (a third of the walk, callgrind).
fn find_slash(bytes: &[u8]) -> Option<usize> {
    let mut chunks = bytes.chunks_exact(8);
    let mut at = 0;
    for chunk in chunks.by_ref() {
        let w = word(chunk) ^ splat(b'/');
        let zero = w.wrapping_sub(splat(0x01)) & !w & splat(0x80);
        if zero != 0 {
            return Some(at + (zero.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    let tail = chunks.remainder().iter().position(|&b| b == b'/')?;
    Some(at + tail)
}

/// Where the `/` are among the first 64 bytes of a lookup's input, found once for the walk
/// (a bit a byte: word by word, the flagged bytes gathered by one product), so that each
/// segment's end is a shift and a count of zeros ([`find_slash`] beyond them). Splitting the
/// segments one by one as the walk reaches them was a sixth of a lookup (callgrind).
#[derive(Clone, Copy)]
pub(super) struct Slashes {
    mask: u64,
    /// Whether the input is longer than the mask covers.
    more: bool,
}

/// The first 64 bytes [`Slashes::mask`] covers.
const COVERED: usize = 64;

/// The bytes of `w` that are `/`, as the low eight bits (bit `i`: byte `i`). Exact for every
/// byte (unlike [`find_slash`]'s test, which only says the lowest): a byte's bit 7 is set in
/// `(x & 0x7f) + 0x7f` when its low seven bits are not all zero, in `x` when its top one is not.
fn slash_bits(w: u64) -> u64 {
    let x = w ^ splat(b'/');
    let zero = !(((x & splat(0x7f)).wrapping_add(splat(0x7f))) | x | splat(0x7f));
    // One bit a byte at bit 0 of each; the product moves byte `i`'s to bit `56 + i`.
    (zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

impl Slashes {
    pub(super) fn of(input: &str) -> Self {
        let bytes = input.as_bytes();
        let head = bytes.get(..COVERED).unwrap_or(bytes);
        let mut mask = 0;
        let mut chunks = head.chunks_exact(8);
        let mut at = 0;
        for chunk in chunks.by_ref() {
            mask |= slash_bits(word(chunk)) << at;
            at += 8;
        }
        if !chunks.remainder().is_empty() {
            // The last eight bytes, which overlap words already read (the same bits again),
            // or the whole input if shorter (zero-padded: a zero byte is no `/`).
            let last = head.len().checked_sub(8);
            mask |= match last.and_then(|s| Some((s, head.get(s..)?))) {
                Some((s, w)) => slash_bits(word(w)) << s,
                None => slash_bits(word(head)),
            };
        }
        Slashes {
            mask,
            more: bytes.len() > COVERED,
        }
    }

    /// The position of the first `/` at or after `pos` in `input` (whose slashes these are).
    #[inline]
    fn find(self, input: &str, pos: usize) -> Option<usize> {
        if pos < COVERED {
            let m = self.mask >> pos;
            if m != 0 {
                return Some(pos + m.trailing_zeros() as usize);
            }
            if !self.more {
                return None;
            }
        }
        let from = pos.max(COVERED);
        find_slash(input.as_bytes().get(from..)?).map(|i| from + i)
    }
}

const K: u64 = 0x517c_c1b7_2722_0a95;

/// FxHash's step: one word into the hash.
fn mix(h: u64, word: u64) -> u64 {
    (h.rotate_left(5) ^ word).wrapping_mul(K)
}

/// The little-endian word of up to eight bytes (zero-padded).
fn word(bytes: &[u8]) -> u64 {
    match <[u8; 8]>::try_from(bytes) {
        Ok(w) => u64::from_le_bytes(w),
        // A short tail, byte by byte (a copy into a buffer would call `memcpy`).
        Err(_) => bytes.iter().rev().fold(0, |w, &b| (w << 8) | u64::from(b)),
    }
}

/// The hash of `text`'s whole words (all but its last `len % 8` bytes).
fn whole_words(text: &[u8]) -> u64 {
    text.chunks_exact(8).fold(0, |h, chunk| mix(h, word(chunk)))
}

/// A hash of a segment, eight bytes at a time.
pub(super) fn hash(text: &[u8]) -> u64 {
    let tail = text.chunks_exact(8).remainder();
    mix(mix(whole_words(text), word(tail)), text.len() as u64)
}

/// [`hash`] of the segment `text` that starts at `start` in `input`: the same value, with a
/// tail shorter than eight bytes read as one word of the input (masked) where the input has
/// eight bytes there, instead of byte by byte (most segments are shorter than eight bytes).
pub(super) fn segment_hash(input: &str, start: usize, text: &[u8]) -> u64 {
    let whole = text.len() & !7;
    let left = text.len() - whole;
    let from = start + whole;
    let tail = match input.as_bytes().get(from..from + 8) {
        Some(w) if left > 0 => word(w) & (u64::MAX >> (64 - 8 * left)),
        _ => return hash(text),
    };
    mix(mix(whole_words(text), tail), text.len() as u64)
}

/// Whether two segments are equal, eight bytes at a time, the last few one by one
/// (segments are short: a call to `memcmp` costs more).
pub(super) fn same(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let (mut x, mut y) = (a.chunks_exact(8), b.chunks_exact(8));
    x.by_ref().zip(y.by_ref()).all(|(p, q)| word(p) == word(q))
        && x.remainder().iter().zip(y.remainder()).all(|(p, q)| p == q)
}

/// The input's segment at some depth: where it starts, its text, and where the next one starts.
/// The text as bytes: cut at a `/` or the end, it is whole code points, and comparing bytes
/// spares the two char-boundary checks of slicing a `str` (25 instructions a segment,
/// callgrind).
#[derive(Clone, Copy)]
pub(super) struct SegmentAt<'a> {
    pub(super) start: usize,
    pub(super) text: &'a [u8],
    pub(super) next: Option<usize>,
}

impl<'a> SegmentAt<'a> {
    /// The segment at `pos`: [`segment_at`], with the `/` found in `slashes`.
    #[inline]
    pub(super) fn new(input: &'a str, pos: usize, slashes: Slashes) -> Self {
        let (text, next) = match slashes.find(input, pos) {
            Some(slash) => (
                input.as_bytes().get(pos..slash).unwrap_or(&[]),
                Some(slash + 1),
            ),
            None => (input.as_bytes().get(pos..).unwrap_or(&[]), None),
        };
        SegmentAt {
            start: pos,
            text,
            next,
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn segment_hash_is_hash() {
        let input = "/a/bcdefghij/klmnopqrstuvwxyz0123/x/12345678/abc/de";
        let mut start = 0;
        for text in input.split('/') {
            assert_eq!(
                super::segment_hash(input, start, text.as_bytes()),
                super::hash(text.as_bytes()),
                "{text}"
            );
            start += text.len() + 1;
        }
    }

    #[test]
    fn find_slash_is_position() {
        let text = "abcdefghijklmnopqrstuvwxyz0123456789";
        for len in 0..text.len() {
            for at in 0..=len {
                let mut s = alloc::string::String::from(&text[..len]);
                if at < len {
                    s.replace_range(at..=at, "/");
                    // A later `/` and bytes just above and below it change nothing.
                    s.push_str("/.0\u{7f}");
                }
                assert_eq!(
                    super::find_slash(s.as_bytes()),
                    s.bytes().position(|b| b == b'/'),
                    "{s:?}"
                );
            }
        }
        assert_eq!(super::find_slash("é€/x".as_bytes()), Some(5));
    }

    #[test]
    fn slashes_are_segment_at() {
        let pieces = [
            "",
            "a",
            "bc",
            "/",
            "//",
            "abcdefg",
            "é€",
            "\u{7f}.0",
            "0123456789abcdef",
        ];
        let mut inputs = alloc::vec![alloc::string::String::new()];
        for _ in 0..4 {
            let mut longer = alloc::vec::Vec::new();
            for input in &inputs {
                for piece in pieces {
                    longer.push(alloc::format!("{input}/{piece}"));
                    longer.push(alloc::format!("{input}{piece}"));
                }
            }
            inputs.extend(longer);
            inputs.dedup();
            inputs.truncate(20_000);
        }
        for input in &inputs {
            let slashes = super::Slashes::of(input);
            let mut pos = Some(0);
            while let Some(p) = pos {
                let at = super::SegmentAt::new(input, p, slashes);
                let (text, next) = super::segment_at(input, p);
                assert_eq!((at.text, at.next), (text.as_bytes(), next), "{input:?} {p}");
                pos = at.next;
            }
        }
    }
}
