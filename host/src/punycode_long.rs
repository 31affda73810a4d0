//! Punycode (RFC 3492) for labels of any length, for the domains that `idna` refuses for the
//! length of a label (`long_labels.rs`).
//!
//! RFC 3492's decoder (section 6.2) inserts each code point into its output, moving those
//! after it, and its encoder (section 6.3) makes a pass over the whole label for each distinct
//! code point: both take time quadratic in the label's length, which is why `idna` (after ICU)
//! refuses long labels. These take the same steps in O(n log n):
//! - the decoder computes each insertion's code point and index as RFC 3492 does (they depend
//!   on the output's length only, not on what is in it), then places the insertions last to
//!   first: an insertion at index `i` takes the `i`-th slot among those no later insertion
//!   took, found in a [`Counts`] tree;
//! - the encoder takes the non-basic code points in order of value, then position (the order
//!   of its passes), and counts the code points less than each between one and the next in a
//!   [`Counts`] tree, instead of visiting them.
//!
//! The integers are limited as in the reference implementation's Punycode (`punycode.js`,
//! which whatwg-url's `tr46` runs): maxint is 2^31 − 1, and a value past it is an error
//! (RFC 3492 section 6.4). The checks are RFC 3492's, made on each sum that the passes add
//! up at once: the sums only grow between them, so a sum past maxint is one that a step of
//! the RFC's loop would have found past it.

use crate::punycode::{BASE, INITIAL_BIAS, INITIAL_N, adapt, add_integer, digit, threshold};
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

/// RFC 3492's maxint as the reference implementation has it (section 6.4).
const MAX_INT: u32 = 0x7FFF_FFFF;

/// How many of the positions `0..len` are marked, by prefix and by rank, each in O(log len)
/// (a Fenwick tree: entry `k`, from 1, counts the marked positions in `k - lowbit(k)..k`).
struct Counts {
    tree: Vec<u32>,
}

impl Counts {
    /// `len` positions, all marked or none.
    fn new(len: usize, marked: bool) -> Self {
        let mut tree = vec![0u32; len + 1];
        if marked {
            for (k, entry) in tree.iter_mut().enumerate() {
                *entry = (k & k.wrapping_neg()) as u32;
            }
        }
        Counts { tree }
    }

    /// Marks `position` (`add` true) or unmarks it (a marked one).
    fn set(&mut self, position: usize, add: bool) {
        let mut k = position + 1;
        while let Some(entry) = self.tree.get_mut(k) {
            *entry = if add {
                entry.wrapping_add(1)
            } else {
                entry.wrapping_sub(1)
            };
            k += k & k.wrapping_neg();
        }
    }

    /// How many of the positions `0..end` are marked.
    fn before(&self, end: usize) -> u32 {
        let (mut k, mut count) = (end, 0u32);
        while k > 0 {
            count = count.wrapping_add(self.tree.get(k).copied().unwrap_or(0));
            k &= k - 1;
        }
        count
    }

    /// The position of the marked one with `rank` marked ones before it, if there is one.
    fn nth(&self, rank: u32) -> Option<usize> {
        let len = self.tree.len() - 1;
        let (mut at, mut left) = (0usize, rank.checked_add(1)?);
        let mut step = if len == 0 { 0 } else { 1 << len.ilog2() };
        while step > 0 {
            if let Some(&count) = self.tree.get(at + step) {
                if count < left {
                    at += step;
                    left -= count;
                }
            }
            step >>= 1;
        }
        (at < len).then_some(at)
    }
}

/// RFC 3492 section 6.2 on `punycode` (an `xn--` label's rest, as mapped: lower case): the
/// decoded label, or `None` where the RFC's decoder fails (a digit that is not one, the input
/// ending inside an integer, a value past maxint) or a code point is not a scalar value.
pub(crate) fn decode(punycode: &[u8]) -> Option<Vec<char>> {
    // The basic code points are those before the last delimiter; with none before it, the
    // delimiter is read as a digit, which it is not.
    let (basic, deltas) = match punycode.iter().rposition(|&b| b == b'-') {
        Some(at) if at > 0 => (punycode.get(..at)?, punycode.get(at + 1..)?),
        _ => (&[][..], punycode),
    };
    // Each insertion's code point and its index in the output as it was then.
    let mut insertions: Vec<(char, u32)> = Vec::new();
    let (mut n, mut i, mut bias) = (INITIAL_N, 0u32, INITIAL_BIAS);
    let mut len = u32::try_from(basic.len()).ok()?;
    let mut digits = deltas.iter();
    while let Some(&first) = digits.next() {
        let old_i = i;
        i = add_integer(i, first, &mut digits, bias, MAX_INT)?;
        let out = len.checked_add(1)?;
        bias = adapt(i - old_i, out, old_i == 0);
        if i / out > MAX_INT - n {
            return None;
        }
        n += i / out;
        i %= out;
        insertions.push((char::from_u32(n)?, i));
        i += 1;
        len = out;
    }
    // The insertions placed last to first, each in the slot of its index among the slots no
    // later one took; the basic code points fill the slots left, in order.
    let len = len as usize;
    let mut free = Counts::new(len, true);
    let mut decoded: Vec<Option<char>> = vec![None; len];
    for &(c, index) in insertions.iter().rev() {
        let slot = free.nth(index)?;
        *decoded.get_mut(slot)? = Some(c);
        free.set(slot, false);
    }
    let mut basic = basic.iter();
    let mut label = Vec::with_capacity(len);
    for slot in decoded {
        label.push(slot.or_else(|| basic.next().map(|&b| char::from(b)))?);
    }
    Some(label)
}

/// RFC 3492 section 6.3 on `label`: its Punycode appended to `out` (without `xn--`), or
/// `None` (with `out` as it was) where a value passes maxint.
pub(crate) fn encode(label: &[char], out: &mut String) -> Option<()> {
    let start = out.len();
    let encoded = encode_after(label, out);
    if encoded.is_none() {
        out.truncate(start);
    }
    encoded
}

/// [`encode`], leaving what it wrote on failure.
fn encode_after(label: &[char], out: &mut String) -> Option<()> {
    let len = u32::try_from(label.len())
        .ok()
        .filter(|&len| len <= MAX_INT)?;
    // The basic code points in order, and the delimiter if there are any.
    let before = out.len();
    out.extend(label.iter().filter(|c| c.is_ascii()));
    // One byte each.
    let basic = (out.len() - before) as u32;
    if basic > 0 {
        out.push('-');
    }
    // The non-basic code points in the order the passes take them: by value, then position
    // (each as one word, the value in the high half).
    let mut non_basic = Vec::with_capacity(label.len() - basic as usize);
    for (position, &c) in (0u32..).zip(label) {
        if !c.is_ascii() {
            non_basic.push(u64::from(u32::from(c)) << 32 | u64::from(position));
        }
    }
    sort_by_code_point(&mut non_basic);
    // The positions of the code points less than the pass's `n`: the handled ones.
    let mut handled_at = Counts::new(label.len(), false);
    for (position, c) in label.iter().enumerate() {
        if c.is_ascii() {
            handled_at.set(position, true);
        }
    }
    let max = u64::from(MAX_INT);
    let (mut n, mut delta, mut bias, mut handled) = (INITIAL_N, 0u64, INITIAL_BIAS, basic);
    let mut passes = non_basic.as_slice();
    while let Some(&first) = passes.first() {
        let m = (first >> 32) as u32;
        let count = passes
            .iter()
            .take_while(|&&word| word >> 32 == first >> 32)
            .count();
        let (pass, rest) = passes.split_at(count);
        // Advance the decoder's state to <m, 0>.
        delta += u64::from(m - n) * (u64::from(handled) + 1);
        if delta > max {
            return None;
        }
        // Each code point less than `m` before the next one of `m` adds one to `delta`; none
        // of `m` is handled yet, so those before a position are counted once.
        let mut handled_before = 0u32;
        for &word in pass {
            let before = handled_at.before(word as u32 as usize);
            delta += u64::from(before - handled_before);
            handled_before = before;
            if delta > max {
                return None;
            }
            push_integer(delta as u32, bias, out);
            bias = adapt(delta as u32, handled + 1, handled == basic);
            delta = 0;
            handled += 1;
        }
        delta += u64::from(handled_at.before(len as usize) - handled_before);
        if delta > max {
            return None;
        }
        for &word in pass {
            handled_at.set(word as u32 as usize, true);
        }
        delta += 1;
        n = m + 1;
        passes = rest;
    }
    Some(())
}

/// Sorts `words` (each a code point in the high half and its position in the low half, in
/// order of position) by code point, positions in order among equal ones: a stable radix sort
/// in two passes of 11 bits (a code point has 21), in O(n) and a few hundred bytes of code
/// (the standard library's sorts add some 7 KB to every binary that parses URLs, for labels
/// that hardly ever come).
fn sort_by_code_point(words: &mut Vec<u64>) {
    const BITS: u32 = 11;
    let mut sorted = vec![0u64; words.len()];
    for shift in [32, 32 + BITS] {
        let digit = |word: u64| ((word >> shift) & ((1 << BITS) - 1)) as usize;
        // Where the next word of each digit goes: at first, the count of the words of the
        // digits below it.
        let mut next = vec![0usize; 1 << BITS];
        for &word in words.iter() {
            if let Some(count) = next.get_mut(digit(word)) {
                *count += 1;
            }
        }
        let mut sum = 0;
        for slot in next.iter_mut() {
            (*slot, sum) = (sum, sum + *slot);
        }
        for &word in words.iter() {
            if let Some(at) = next.get_mut(digit(word)) {
                if let Some(to) = sorted.get_mut(*at) {
                    *to = word;
                }
                *at += 1;
            }
        }
        core::mem::swap(words, &mut sorted);
    }
}

/// `q` as a generalized variable-length integer (RFC 3492 sections 3.3 and 6.3) with `bias`,
/// appended to `out`.
fn push_integer(mut q: u32, bias: u32, out: &mut String) {
    let mut k = BASE;
    loop {
        let t = threshold(k, bias);
        if q < t {
            break;
        }
        out.push(char::from(digit(t + (q - t) % (BASE - t))));
        q = (q - t) / (BASE - t);
        k += BASE;
    }
    out.push(char::from(digit(q)));
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use alloc::string::ToString;

    /// RFC 3492 section 7.1's samples (A, B, L, among others), and labels long enough for
    /// the passes to matter.
    fn labels() -> Vec<Vec<char>> {
        let mut labels: Vec<Vec<char>> = [
            "\u{644}\u{64A}\u{647}\u{645}\u{627}\u{628}\u{62A}\u{643}\u{644}\u{645}\u{648}\u{634}\u{639}\u{631}\u{628}\u{64A}\u{61F}",
            "\u{4ED6}\u{4EEC}\u{4E3A}\u{4EC0}\u{4E48}\u{4E0D}\u{8BF4}\u{4E2D}\u{6587}",
            "3\u{5E74}b\u{7D44}\u{91D1}\u{516B}\u{5148}\u{751F}",
            "b\u{fc}cher",
            "\u{e9}",
            "a",
            "",
        ]
        .iter()
        .map(|s| s.chars().collect())
        .collect();
        labels.push("\u{e9}".repeat(3000).chars().collect());
        labels.push(
            (0..2500u32)
                .map(|k| char::from_u32(0x4E00 + (k * 7919) % 5000).unwrap())
                .chain("abc".chars())
                .collect(),
        );
        labels.push(
            (0..1500u32)
                .map(|k| {
                    if k % 3 == 0 {
                        'x'
                    } else {
                        char::from_u32(0x1F600 + k % 40).unwrap()
                    }
                })
                .collect(),
        );
        labels
    }

    #[test]
    fn agrees_with_idna_where_idna_takes_the_label() {
        for label in labels() {
            let text: String = label.iter().collect();
            let mut ours = String::new();
            let encoded = encode(&label, &mut ours);
            match idna::punycode::encode_str(&text) {
                Some(theirs) if label.len() <= 1000 => {
                    assert_eq!(encoded, Some(()));
                    assert_eq!(ours, theirs, "{text:?}");
                }
                _ => assert_eq!(encoded, Some(()), "{text:?}"),
            }
            // Decoding gives the label back.
            assert_eq!(decode(ours.as_bytes()), Some(label.clone()), "{ours}");
            if ours.len() <= 2000 && label.len() <= 1000 {
                assert_eq!(
                    idna::punycode::decode_to_string(&ours),
                    Some(text),
                    "{ours}"
                );
            }
        }
    }

    #[test]
    fn rfc_samples() {
        let mut out = String::new();
        encode(&"b\u{fc}cher".chars().collect::<Vec<_>>(), &mut out).unwrap();
        assert_eq!(out, "bcher-kva");
        out.clear();
        let sample_b: Vec<char> =
            "\u{4ED6}\u{4EEC}\u{4E3A}\u{4EC0}\u{4E48}\u{4E0D}\u{8BF4}\u{4E2D}\u{6587}"
                .chars()
                .collect();
        encode(&sample_b, &mut out).unwrap();
        assert_eq!(out, "ihqwcrb4cv8a8dqg056pqjye");
        assert_eq!(decode(b"ihqwcrb4cv8a8dqg056pqjye"), Some(sample_b));
    }

    /// The reference implementation's maxint: a delta of 2^31 or more is an error there
    /// (`https://aaa…a\u{10FFFD}/`, 3,000 `a`s, fails in whatwg-url and in Node.js), though
    /// it would fit 32 bits.
    #[test]
    fn values_past_maxint_are_errors() {
        let label: Vec<char> = "a".repeat(3000).chars().chain(['\u{10FFFD}']).collect();
        let mut out = "kept".to_string();
        assert_eq!(encode(&label, &mut out), None);
        assert_eq!(out, "kept");
        let label: Vec<char> = "a".repeat(1000).chars().chain(['\u{10FFFD}']).collect();
        assert_eq!(encode(&label, &mut out), Some(()));
        // 2^31 − 1 itself is taken, one more is not: the integer of `MAX_INT` with bias 72
        // read back whole, then a code point past it.
        assert_eq!(decode(b"zzzzzzzzzzzz"), None);
        assert_eq!(decode(b"-a"), None);
        assert_eq!(decode(b"a-"), Some(vec!['a']));
        assert_eq!(decode(b"ab-"), Some(vec!['a', 'b']));
        assert_eq!(decode(b""), Some(vec![]));
    }

    #[test]
    fn sort_by_code_point_sorts() {
        let mut state = 7u64;
        for len in [0, 1, 2, 3, 10, 1000] {
            let mut words: Vec<u64> = (0..len)
                .map(|position| {
                    state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
                    (state >> 43) << 32 | position
                })
                .collect();
            let mut sorted = words.clone();
            sorted.sort_unstable();
            sort_by_code_point(&mut words);
            assert_eq!(words, sorted);
        }
    }

    #[test]
    fn counts_rank_and_prefix() {
        let mut counts = Counts::new(10, true);
        assert_eq!(counts.before(10), 10);
        counts.set(3, false);
        counts.set(0, false);
        assert_eq!(counts.before(4), 2);
        assert_eq!(counts.nth(0), Some(1));
        assert_eq!(counts.nth(2), Some(4));
        assert_eq!(counts.nth(7), Some(9));
        assert_eq!(counts.nth(8), None);
        assert_eq!(Counts::new(0, true).nth(0), None);
    }
}
