//! Punycode (RFC 3492) for the labels of the Latin-1 shortcut (`latin1.rs`): every code point
//! below U+0100, so a label is its basic code points (ASCII, already written out in order) and
//! a few non-basic ones, each a byte with its position.
//!
//! The encoder is RFC 3492's (section 6.3) with the runs of basic code points between the
//! non-basic ones counted in bulk (each of them is less than any non-basic `n`), so a pass
//! costs the label's non-basic code points, not all of them. The decoder (section 6.2) accepts
//! only what decodes to the shortcut's valid set; everything else is left to `idna`.

use alloc::vec::Vec;

pub(crate) const BASE: u32 = 36;
const T_MIN: u32 = 1;
const T_MAX: u32 = 26;
pub(crate) const INITIAL_N: u32 = 0x80;
pub(crate) const INITIAL_BIAS: u32 = 72;

/// Whether `label` begins with the ACE prefix `xn--` (UTS #46 section 4, step 4: such a label
/// is Punycode to decode), ASCII case-insensitively.
pub(crate) fn has_ace_prefix(label: &[u8]) -> bool {
    // In one word: 0x20 set in the first two bytes lower-cases `X` and `N` and makes no other
    // byte `x` or `n`; the hyphens are compared as they are.
    label
        .first_chunk::<4>()
        .is_some_and(|prefix| u32::from_le_bytes(*prefix) | 0x2020 == u32::from_le_bytes(*b"xn--"))
}

/// A non-basic code point of a label (below U+0100: one byte) and its position in the label,
/// in code points.
pub(crate) type NonBasic = (u8, u32);

/// The first code point that [`Distinct`] can hold: U+00C0.
const DISTINCT_BASE: u8 = 0xC0;

/// The set of the non-basic code points of a label, U+00C0 to U+00FF (what the shortcut's
/// mapping leaves), one bit each: its members come out in increasing order, as the encoder's
/// passes take them.
#[derive(Clone, Copy, Default)]
pub(crate) struct Distinct(u64);

impl Distinct {
    /// Adds `c`, which is U+00C0 or above.
    #[inline(always)]
    pub(crate) fn insert(&mut self, c: u8) {
        self.0 |= 1 << (c.wrapping_sub(DISTINCT_BASE) & 63);
    }

    /// Takes out the least member.
    #[inline(always)]
    fn pop_least(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let least = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(u32::from(DISTINCT_BASE) + least)
    }
}

/// RFC 3492 section 6.3 after the basic code points and their delimiter: the deltas of a label
/// of `len` code points, `basic` of them basic, whose non-basic ones are `non_basic` (in order
/// of position, each in `distinct`), appended to `out`, with a pass for each distinct
/// non-basic code point. `len` is at most 1000, so that no sum overflows (`idna` leaves longer
/// labels unencoded, an error). Out of line: a label with one non-basic code point, most of
/// them, takes [`single_delta_digits`] instead (`latin1.rs`), and a decoded label of one
/// integer is not encoded again (`is_canonical_latin1`).
#[inline(never)]
pub(crate) fn encode_deltas(
    non_basic: &[NonBasic],
    mut distinct: Distinct,
    basic: u32,
    len: u32,
    out: &mut Vec<u8>,
) {
    let (mut n, mut delta, mut bias, mut handled) = (INITIAL_N, 0u32, INITIAL_BIAS, basic);
    // One pass per distinct non-basic code point `m`, least first.
    while let Some(m) = distinct.pop_least() {
        delta += (m - n) * (handled + 1);
        // The position after the last non-basic code point seen.
        let mut next = 0;
        for &(c, position) in non_basic {
            // The basic code points since the last non-basic one are all less than `m`.
            delta += position - next;
            next = position + 1;
            let c = u32::from(c);
            if c < m {
                delta += 1;
            } else if c == m {
                push_integer(delta, bias, out);
                handled += 1;
                if handled < len {
                    bias = adapt(delta, handled, handled == basic + 1);
                }
                delta = 0;
            }
        }
        delta += len - next + 1;
        n = m + 1;
    }
}

/// The threshold `t` of digit position `k` (RFC 3492 section 6.3).
#[inline(always)]
pub(crate) fn threshold(k: u32, bias: u32) -> u32 {
    k.saturating_sub(bias).clamp(T_MIN, T_MAX)
}

/// The digit for `d` (below 36): `a` to `z`, then `0` to `9`.
#[inline(always)]
pub(crate) fn digit(d: u32) -> u8 {
    b"abcdefghijklmnopqrstuvwxyz0123456789"
        .get(d as usize)
        .copied()
        .unwrap_or(b'a')
}

/// The value of the digit `b` (lower-case), if it is one.
#[inline(always)]
pub(crate) fn value_of(b: u8) -> Option<u32> {
    match b {
        b'a'..=b'z' => Some(u32::from(b - b'a')),
        b'0'..=b'9' => Some(u32::from(b - b'0') + 26),
        _ => None,
    }
}

/// `q` as a generalized variable-length integer (RFC 3492 sections 3.3 and 6.3) with the
/// threshold `t` of each digit position: the digits gathered into a word, the first in the
/// lowest byte, and their count. At most eight digits (a delta of a label of at most 1000 code
/// points below U+0100 is below 2^17, and each digit but the last divides by at least 10).
#[inline(always)]
fn integer_digits(q: u32, threshold_of: impl Fn(u32) -> u32) -> (u64, usize) {
    integer_digits_from(q, 0, 0, threshold_of)
}

/// [`integer_digits`] from digit position `count` on, `digits` holding the ones before.
#[inline(always)]
fn integer_digits_from(
    mut q: u32,
    mut digits: u64,
    mut count: u32,
    threshold_of: impl Fn(u32) -> u32,
) -> (u64, usize) {
    loop {
        let t = threshold_of(count);
        if q < t || count == 7 {
            break;
        }
        let digit;
        (digit, q) = digit_and_rest(q, t);
        digits |= u64::from(digit) << (8 * count);
        count += 1;
    }
    digits |= u64::from(digit(q)) << (8 * count);
    (digits, count as usize + 1)
}

/// The digit of `q` (at least `t`) at a position of threshold `t`, and what is left of `q`
/// for the positions after it.
#[inline(always)]
fn digit_and_rest(q: u32, t: u32) -> (u8, u32) {
    // Division by `BASE - t`, by a constant for the two thresholds most met (`T_MIN` while
    // `k` is at most the bias, `T_MAX` from `bias + T_MAX` on).
    let (quotient, remainder) = match t {
        T_MIN => ((q - t) / (BASE - T_MIN), (q - t) % (BASE - T_MIN)),
        T_MAX => ((q - t) / (BASE - T_MAX), (q - t) % (BASE - T_MAX)),
        _ => ((q - t) / (BASE - t), (q - t) % (BASE - t)),
    };
    (digit(t + remainder), quotient)
}

/// RFC 3492 section 6.3 for a label whose one non-basic code point is `c`, at `position`,
/// after `basic` basic code points: one pass of one delta, `(c - initial_n) * (basic + 1) +
/// position`, as [`integer_digits`] with the thresholds of the initial bias
/// ([`initial_bias_digits`]).
#[inline(always)]
pub(crate) fn single_delta_digits(c: u8, position: u32, basic: u32) -> (u64, usize) {
    initial_bias_digits((u32::from(c) - INITIAL_N) * (basic + 1) + position)
}

/// `q` as a generalized variable-length integer with the initial bias (72): the threshold is
/// `T_MIN` at `k` = 36 and 72 and `T_MAX` from 108 on. A delta of at least 36 (any code point
/// from U+00A4 on) has neither of its first two digits last, and what is left after them
/// takes base-10 digits: one for a delta below 31,886, two below 350,386. Every single delta
/// of a label of at most 1000 code points below U+0100 is below the second bound (at most
/// 127 × 1001 + 1000), and those two cases are written out: their count of digits, which
/// says where the next label goes, then does not wait on the digits themselves. That took
/// 15% off the time of a host of 500,000 characters of `bücher.` labels (`url-profile ours
/// parse hostile:idna`), where the loop below made each label wait on the one before.
#[inline(always)]
fn initial_bias_digits(q: u32) -> (u64, usize) {
    if q < BASE {
        return integer_digits(q, |count| if count < 2 { T_MIN } else { T_MAX });
    }
    // The first digit is `T_MIN + (q - 1) % 35` with `(q - 1) / 35` left, the second the same
    // on what is left: with `r = q - 36`, the two are `T_MIN` plus the low and the high base-35
    // digit of `r % 35²`, and `r / 35²` is left (one division for the two digits).
    const RADIX: u32 = BASE - T_MIN;
    let r = q - BASE;
    let (low, rest) = (r % (RADIX * RADIX), r / (RADIX * RADIX));
    let first = digit(T_MIN + low % RADIX);
    let second = digit(T_MIN + low / RADIX);
    let digits = u64::from(first) | u64::from(second) << 8;
    if rest < T_MAX {
        return (digits | u64::from(digit(rest)) << 16, 3);
    }
    let (third, left) = digit_and_rest(rest, T_MAX);
    if left < T_MAX {
        return (
            digits | u64::from(third) << 16 | u64::from(digit(left)) << 24,
            4,
        );
    }
    integer_digits_from(rest, digits, 2, |_| T_MAX)
}

/// `q` as a generalized variable-length integer (RFC 3492 sections 3.3 and 6.3) with `bias`,
/// appended to `out`.
#[inline(always)]
fn push_integer(q: u32, bias: u32, out: &mut Vec<u8>) {
    let (digits, count) = integer_digits(q, |count| threshold(BASE * (count + 1), bias));
    push_digits(digits, count, out);
}

/// The first `count` bytes of `digits` (from the lowest) appended to `out`: all eight written
/// (one store) and the ones past the last digit taken back.
#[inline(always)]
fn push_digits(digits: u64, count: usize, out: &mut Vec<u8>) {
    let end = out.len() + count;
    out.extend_from_slice(&digits.to_le_bytes());
    out.truncate(end);
}

/// RFC 3492's bias adaptation (section 6.1).
pub(crate) fn adapt(delta: u32, points: u32, first: bool) -> u32 {
    let mut delta = delta / if first { 700 } else { 2 };
    delta += delta / points;
    let mut k = 0;
    while delta > ((BASE - T_MIN) * T_MAX) / 2 {
        delta /= BASE - T_MIN;
        k += BASE;
    }
    k + (BASE * delta) / (delta + 38)
}

/// The longest Punycode (after `xn--`) that [`is_canonical_latin1`] decodes: a DNS label is at
/// most 63 bytes (a longer one goes to `idna`); this keeps the decoder's insertions, each of
/// which moves the ones after it, to a few thousand steps.
const MAX_DECODED_INPUT: usize = 63 - 4;

/// Whether `punycode` (an `xn--` label's rest, lower-case letters, digits and hyphens) decodes
/// (RFC 3492 section 6.2) to a label that has a non-basic code point, all of whose non-basic
/// code points pass `valid`, and that encodes back to `punycode` itself: then ToASCII of the
/// label is the label. `false` for anything else (undecodable, decoded to ASCII only or to
/// other code points, not the encoder's own output, longer than [`MAX_DECODED_INPUT`]);
/// `scratch` is working space.
pub(crate) fn is_canonical_latin1(
    punycode: &[u8],
    valid: impl Fn(u8) -> bool,
    scratch: &mut (Vec<NonBasic>, Vec<u8>),
) -> bool {
    if punycode.len() > MAX_DECODED_INPUT {
        return false;
    }
    // The basic code points are those before the last delimiter; with none before it, the
    // delimiter is read as a digit, which it is not.
    let (basic, deltas) = match punycode.iter().rposition(|&b| b == b'-') {
        Some(0) => return false,
        Some(at) => (at, punycode.get(at + 1..).unwrap_or_default()),
        None => (0, punycode),
    };
    // No deltas: the label decodes to ASCII only (UTS #46 section 4, step 4.3: an error).
    if deltas.is_empty() {
        return false;
    }
    // One integer (most labels): one code point inserted, `decode`'s first step without the
    // rest. Such a label encodes back to itself: its basic code points are copied, and the
    // encoder's digits of the integer are `deltas` (each digit but the last is at least its
    // threshold and the last is below it, so the digits of an integer are one string; the
    // test `one_string_of_digits_per_integer` checks every string of up to four).
    if let Some((i, [])) = first_integer(deltas) {
        let points = basic as u32 + 1;
        return INITIAL_N
            .checked_add(i / points)
            .and_then(|n| u8::try_from(n).ok())
            .is_some_and(valid);
    }
    let (inserted, encoded) = scratch;
    inserted.clear();
    let Some(()) = decode(basic as u32, deltas, &valid, inserted) else {
        return false;
    };
    let len = (basic + inserted.len()) as u32;
    // The inserted code points in the order of their positions, as the encoder takes them:
    // placed in the decoded label (shorter than `punycode`), then read
    // back, so that no sort's code comes into the binary for a few dozen entries.
    if inserted.len() > 1 {
        let mut decoded = [0u8; MAX_DECODED_INPUT];
        for &(c, position) in inserted.iter() {
            match decoded.get_mut(position as usize) {
                Some(slot) => *slot = c,
                None => return false,
            }
        }
        inserted.clear();
        inserted.extend(
            (0u32..)
                .zip(decoded.iter().take(len as usize))
                .filter(|&(_, &c)| c != 0)
                .map(|(position, &c)| (c, position)),
        );
    }
    let mut distinct = Distinct::default();
    for &(c, _) in inserted.iter() {
        distinct.insert(c);
    }
    encoded.clear();
    encode_deltas(inserted, distinct, basic as u32, len, encoded);
    encoded.as_slice() == deltas
}

/// RFC 3492 section 6.2's reading of a generalized variable-length integer into `i`: the
/// integer that begins with the digit `first` and goes on in `digits` (left past it), with
/// `bias`, added to `i`. `None` if a digit is not one, the digits end inside the integer, or a
/// value passes `max` (the decoder's maxint: `u32::MAX` for the Latin-1 shortcut, the
/// reference implementation's 2^31 − 1 for long labels).
#[inline(always)]
pub(crate) fn add_integer(
    mut i: u32,
    first: u8,
    digits: &mut core::slice::Iter<'_, u8>,
    bias: u32,
    max: u32,
) -> Option<u32> {
    let (mut w, mut k, mut b) = (1u32, BASE, first);
    loop {
        let d = value_of(b)?;
        let dw = d.checked_mul(w)?;
        if dw > max.checked_sub(i)? {
            return None;
        }
        i += dw;
        let t = threshold(k, bias);
        if d < t {
            return Some(i);
        }
        w = w.checked_mul(BASE - t).filter(|&w| w <= max)?;
        k += BASE;
        b = *digits.next()?;
    }
}

/// The first generalized variable-length integer of `digits` (RFC 3492 section 6.2) with the
/// initial bias (the thresholds of [`single_delta_digits`]), and the digits after it; `None`
/// if a digit is not one, the digits end inside the integer or it overflows (as in `decode`).
fn first_integer(digits: &[u8]) -> Option<(u32, &[u8])> {
    let (mut i, mut w) = (0u32, 1u32);
    for (count, &b) in (0u32..).zip(digits) {
        let d = value_of(b)?;
        i = i.checked_add(d.checked_mul(w)?)?;
        let t = if count < 2 { T_MIN } else { T_MAX };
        if d < t {
            return Some((i, digits.get(count as usize + 1..).unwrap_or_default()));
        }
        w = w.checked_mul(BASE - t)?;
    }
    None
}

/// RFC 3492 section 6.2's main loop on `deltas` after `basic` basic code points: each inserted
/// code point with its final position into `inserted`; `None` if a digit is not one, the input
/// ends inside an integer, a sum overflows, or a code point is not below U+0100 and `valid`.
fn decode(
    basic: u32,
    deltas: &[u8],
    valid: &impl Fn(u8) -> bool,
    inserted: &mut Vec<NonBasic>,
) -> Option<()> {
    let (mut n, mut i, mut bias, mut len) = (INITIAL_N, 0u32, INITIAL_BIAS, basic);
    let mut digits = deltas.iter();
    while let Some(&first) = digits.next() {
        let old_i = i;
        i = add_integer(i, first, &mut digits, bias, u32::MAX)?;
        // The bias serves the integers after this one only (most labels have one).
        if !digits.as_slice().is_empty() {
            bias = adapt(i - old_i, len + 1, old_i == 0);
        }
        n = n.checked_add(i / (len + 1))?;
        i %= len + 1;
        let c = u8::try_from(n).ok().filter(|&c| valid(c))?;
        // The code points inserted before at `i` or after it move one place on.
        for (_, position) in inserted.iter_mut() {
            if *position >= i {
                *position += 1;
            }
        }
        inserted.push((c, i));
        len += 1;
        i += 1;
    }
    Some(())
}

/// Every word of one to `longest` code points of `alphabet`, shortest first: inputs for the
/// tests that compare Punycode and the Latin-1 shortcut with `idna`.
#[cfg(test)]
pub(crate) fn words(alphabet: &[char], longest: usize) -> Vec<alloc::string::String> {
    let mut all = Vec::new();
    let mut last = alloc::vec![alloc::string::String::new()];
    for _ in 0..longest {
        last = last
            .iter()
            .flat_map(|w| alphabet.iter().map(move |c| alloc::format!("{w}{c}")))
            .collect();
        all.extend(last.iter().cloned());
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ACE prefix test in one word against a byte-by-byte ASCII case-insensitive one, on
    /// every pair of bytes before `--` and after `xn`.
    #[test]
    fn ace_prefix_is_xn_in_any_case() {
        for (a, b) in (0..=u8::MAX).flat_map(|a| (0..=u8::MAX).map(move |b| (a, b))) {
            for label in [[a, b, b'-', b'-', b'a'], [b'x', b'N', a, b, b'a']] {
                let expected = label
                    .get(..4)
                    .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"));
                assert_eq!(has_ace_prefix(&label), expected, "{label:?}");
            }
        }
        assert!(!has_ace_prefix(b"xn-"));
    }

    /// The one-integer reader on the general encoder's integers (the initial bias), alone and
    /// followed by more digits.
    #[test]
    fn first_integer_reads_what_the_encoder_writes() {
        for q in (0..140_000u32).step_by(7).chain([35, 36, 1260, 1261]) {
            let mut digits = Vec::new();
            push_integer(q, INITIAL_BIAS, &mut digits);
            assert_eq!(first_integer(&digits), Some((q, &[][..])), "{q}");
            digits.extend_from_slice(b"ab");
            assert_eq!(first_integer(&digits), Some((q, &b"ab"[..])), "{q}");
        }
        assert_eq!(first_integer(b"zz"), None);
        assert_eq!(first_integer(b"-a"), None);
    }

    /// Every string of up to four digits that is one integer (`first_integer`, with nothing
    /// after it) is the encoder's digits of that integer: an integer has no other string, so
    /// a label of one integer encodes back to itself (`is_canonical_latin1`).
    #[test]
    fn one_string_of_digits_per_integer() {
        let digit_bytes = b"abcdefghijklmnopqrstuvwxyz0123456789";
        let mut strings: Vec<Vec<u8>> = alloc::vec![Vec::new()];
        let mut integers = 0;
        for _ in 0..4 {
            strings = strings
                .iter()
                .flat_map(|s| {
                    digit_bytes.iter().map(move |&d| {
                        let mut longer = s.clone();
                        longer.push(d);
                        longer
                    })
                })
                .collect();
            for digits in &strings {
                if let Some((q, [])) = first_integer(digits) {
                    let mut encoded = Vec::new();
                    push_integer(q, INITIAL_BIAS, &mut encoded);
                    assert_eq!(encoded, *digits, "{q}");
                    integers += 1;
                }
            }
        }
        assert!(integers > 10_000, "{integers}");
    }

    /// The one-delta encoder against the general one (RFC 3492's thresholds from the initial
    /// bias) on every code point from U+0080 to U+00FF, at positions first, last and between,
    /// after up to 1000 basic code points.
    #[test]
    fn single_delta_agrees_with_general_integer() {
        for c in 0x80u8..=0xFF {
            for basic in (0..=1000u32).step_by(37).chain([999, 1000]) {
                for position in [0, 1, basic / 2, basic] {
                    let delta = (u32::from(c) - INITIAL_N) * (basic + 1) + position;
                    let mut general = Vec::new();
                    push_integer(delta, INITIAL_BIAS, &mut general);
                    let (digits, count) = single_delta_digits(c, position, basic);
                    assert_eq!(
                        digits.to_le_bytes().get(..count),
                        Some(general.as_slice()),
                        "{c:#x} {basic} {position}"
                    );
                }
            }
        }
    }

    /// The written-out cases of the initial bias's integers against the general loop, on every
    /// integer up to past the second bound (350,386) and on a sample above it.
    #[test]
    fn initial_bias_digits_agree_with_general_integer() {
        let thresholds = |count: u32| if count < 2 { T_MIN } else { T_MAX };
        for q in (0..=400_000u32).chain((400_000..u32::MAX / 36).step_by(9_973)) {
            assert_eq!(initial_bias_digits(q), integer_digits(q, thresholds), "{q}");
        }
    }

    /// Every word of up to four letters of ASCII and the valid Latin-1 letters at the edges of
    /// the set: encoded as `idna` encodes it, and decoded back (or refused when ASCII only).
    #[test]
    fn agrees_with_idna_punycode_on_latin1_words() {
        let alphabet = [
            'a', 'z', '0', '-', '\u{df}', '\u{e0}', '\u{f6}', '\u{f8}', '\u{ff}',
        ];
        let mut checked = 0;
        let mut scratch = (Vec::new(), Vec::new());
        for word in &words(&alphabet, 4) {
            let code_points: Vec<u8> = word.chars().map(|c| c as u32 as u8).collect();
            let non_basic: Vec<NonBasic> = (0u32..)
                .zip(&code_points)
                .filter(|&(_, &c)| c >= 0x80)
                .map(|(position, &c)| (c, position))
                .collect();
            let mut distinct = Distinct::default();
            non_basic.iter().for_each(|&(c, _)| distinct.insert(c));
            let len = code_points.len() as u32;
            let basic = len - non_basic.len() as u32;
            let mut ours: Vec<u8> = code_points.iter().copied().filter(u8::is_ascii).collect();
            if basic > 0 && !non_basic.is_empty() {
                ours.push(b'-');
            }
            let deltas_from = ours.len();
            encode_deltas(&non_basic, distinct, basic, len, &mut ours);
            let expected = idna::punycode::encode_str(word).unwrap_or_default();
            if non_basic.is_empty() {
                // RFC 3492 ends an ASCII-only label with the delimiter; the shortcut
                // never encodes one.
                assert_eq!(alloc::format!("{word}-"), expected);
                assert!(!is_canonical_latin1(
                    expected.as_bytes(),
                    |_| true,
                    &mut scratch
                ));
                continue;
            }
            assert_eq!(ours, expected.as_bytes(), "{word:?}");
            assert!(ours.get(deltas_from..).is_some_and(|d| !d.is_empty()));
            assert!(
                is_canonical_latin1(&ours, |c| c >= 0xDF && c != 0xF7, &mut scratch),
                "{word:?}"
            );
            // A code point refused by `valid` makes the label one to leave to `idna`.
            assert!(
                !is_canonical_latin1(&ours, |c| c != 0xDF, &mut scratch)
                    || !word.contains('\u{df}')
            );
            checked += 1;
        }
        assert!(checked > 5000, "{checked}");
    }
}
