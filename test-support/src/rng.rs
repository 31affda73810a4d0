//! A tiny deterministic generator for property tests (SplitMix64): no dependency, the same
//! sequence on every machine, so a failing case reproduces from its seed.

/// SplitMix64.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }

    /// True with probability 1/`n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    /// A random element of `items` (non-empty).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// A string of up to `max_len` characters, each drawn from `alphabet` with probability 3/4
    /// and otherwise any Unicode scalar value (weighted towards ASCII and short UTF-8 forms).
    pub fn string(&mut self, alphabet: &[char], max_len: usize) -> String {
        let len = self.below(max_len + 1);
        let mut s = String::with_capacity(len);
        for _ in 0..len {
            if !alphabet.is_empty() && self.below(4) != 0 {
                s.push(*self.pick(alphabet));
            } else {
                s.push(self.char());
            }
        }
        s
    }

    /// Up to `max_len` bytes for percent-decoding tests: a third are drawn from `specials`, a
    /// third are hex digits (both cases, and `g`/`G` just outside), the rest any byte. With
    /// `%` among the specials, escapes valid, truncated and malformed all come often.
    pub fn escape_bytes(&mut self, specials: &[u8], max_len: usize) -> Vec<u8> {
        const HEX_AND_NEAR: &[u8] = b"0123456789abcdefABCDEFgG";
        let len = self.below(max_len + 1);
        (0..len)
            .map(|_| match self.below(3) {
                0 if !specials.is_empty() => *self.pick(specials),
                1 => *self.pick(HEX_AND_NEAR),
                _ => self.next_u64() as u8,
            })
            .collect()
    }

    /// Any Unicode scalar value, weighted: half ASCII, then 2-, 3- and 4-byte UTF-8 forms.
    pub fn char(&mut self) -> char {
        let max = match self.below(8) {
            0..=3 => 0x80,
            4 => 0x800,
            5 | 6 => 0x1_0000,
            _ => 0x11_0000,
        };
        let v = self.below(max) as u32;
        char::from_u32(v).unwrap_or('\u{FFFD}')
    }
}
