//! Relaxed ToASCII (UTS #46) for a domain of ASCII letters, digits and hyphens and the letters
//! of Latin-1 (`bücher.example`, `straße.de`, `ÉCOLE.fr`) without `idna`'s mapping and
//! normalization, which cost it some 250 instructions a character.
//!
//! Each step of UTS #46 section 4 (Processing) and of ToASCII on such a domain, with the
//! relaxed settings (`relaxed.rs`), does no more than this:
//! - step 1, Map: ASCII upper-case letters and U+00C0 to U+00DE but U+00D7 are mapped to the
//!   code point 0x20 above (their lower-case forms); ASCII lower-case letters, digits and `-`,
//!   and U+00DF to U+00FF but U+00F7, are valid (U+00DF `ß` is a deviation character, kept with
//!   Transitional_Processing false; UseSTD3ASCIIRules is false);
//! - step 2, Normalize: every code point below U+0300 has NFC_Quick_Check Yes and canonical
//!   combining class 0, so the mapped text is already in NFC;
//! - step 3, Break: at `.`, the only label separator among these code points;
//! - step 4, Convert/Validate: no label begins with `xn--` (a domain with one is left to
//!   `idna`, which decodes it), so none is converted, and every criterion holds: NFC (above);
//!   CheckHyphens is false and no label begins with `xn--`; no `.` in a label; every code point
//!   valid; no joiner (CheckJoiners); no code point of Bidi_Class R, AL or AN, so this is not a
//!   Bidi domain name and CheckBidi asks nothing; no label begins with a combining mark;
//! - ToASCII step 2: a label with a code point from U+0080 up becomes `xn--` and its Punycode
//!   (RFC 3492), the others stay as mapped; step 3 (VerifyDnsLength) is off.
//!
//! A domain with an empty label, or with any other code point, is left to `idna` whole. The
//! `host` fuzz target compares the domain parser with `idna` itself on every input, and this
//! module's tests compare [`to_ascii`] with it on generated domains.

use alloc::string::String;
use alloc::vec::Vec;

/// The longest label of non-ASCII text that `idna` encodes (`PUNYCODE_ENCODE_MAX_INPUT_LENGTH`,
/// after ICU): a longer one is an error there, which this leaves to it.
const PUNYCODE_MAX_INPUT: usize = 1000;

/// Relaxed ToASCII of `domain` (UTS #46 Processing steps 1 to 4 and ToASCII step 2, see the
/// module's comment) when it is made of ASCII letters, digits, hyphens and Latin-1 letters in
/// non-empty labels none of which begins with `xn--`; `None` otherwise (then `idna` decides).
pub(crate) fn to_ascii(domain: &str) -> Option<String> {
    // Punycode of a Latin-1 label is mostly under twice its UTF-8 (`bücher`, 7 bytes:
    // `xn--bcher-kva`); a longer one grows the string.
    let mut out = String::with_capacity(domain.len() * 2);
    // A label's code points after step 1, each below U+0100: one byte each.
    let mut mapped: Vec<u8> = Vec::new();
    for label in domain.as_bytes().split(|&b| b == b'.') {
        if label.is_empty()
            || label
                .get(..4)
                .is_some_and(|prefix| prefix.eq_ignore_ascii_case(b"xn--"))
        {
            return None;
        }
        if !out.is_empty() {
            out.push('.');
        }
        if label.is_ascii() {
            // Step 1 lowercases the ASCII letters; nothing else is in the set.
            if !label
                .iter()
                .all(|&b| b.is_ascii_alphanumeric() || b == b'-')
            {
                return None;
            }
            let at = out.len();
            out.push_str(core::str::from_utf8(label).ok()?);
            if let Some(written) = out.get_mut(at..) {
                written.make_ascii_lowercase();
            }
            continue;
        }
        // Step 1 on the label's code points, read from their UTF-8 (U+00C0 to U+00FF are
        // 0xC3 then 0x80 to 0xBF).
        mapped.clear();
        let mut bytes = label.iter();
        while let Some(&b) = bytes.next() {
            mapped.push(match b {
                b'a'..=b'z' | b'0'..=b'9' | b'-' => b,
                b'A'..=b'Z' => b + 0x20,
                0xC3 => match bytes.next()?.wrapping_add(0x40) {
                    c @ (0xDF..=0xF6 | 0xF8..=0xFF) => c,
                    c @ (0xC0..=0xD6 | 0xD8..=0xDE) => c + 0x20,
                    _ => return None,
                },
                _ => return None,
            });
        }
        if mapped.len() > PUNYCODE_MAX_INPUT {
            return None;
        }
        out.push_str("xn--");
        punycode_into(&mapped, &mut out);
    }
    Some(out)
}

/// RFC 3492's encoder (section 6.3) on `label`'s code points, each below U+0100 and at most
/// [`PUNYCODE_MAX_INPUT`] of them (so that no sum overflows), appended to `out`.
fn punycode_into(label: &[u8], out: &mut String) {
    const BASE: u32 = 36;
    const T_MIN: u32 = 1;
    const T_MAX: u32 = 26;
    const DIGITS: &[u8; 36] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let digit = |d: u32| char::from(DIGITS.get(d as usize).copied().unwrap_or(b'a'));
    // The basic code points in order, then a delimiter if there were any.
    let mut basic = 0;
    for &b in label {
        if b.is_ascii() {
            out.push(char::from(b));
            basic += 1;
        }
    }
    if basic > 0 {
        out.push('-');
    }
    let (mut n, mut delta, mut bias, mut handled) = (0x80u32, 0u32, 72u32, basic);
    while handled < label.len() as u32 {
        let m = label
            .iter()
            .map(|&c| u32::from(c))
            .filter(|&c| c >= n)
            .min()
            .unwrap_or(n);
        delta += (m - n) * (handled + 1);
        n = m;
        for &c in label {
            let c = u32::from(c);
            if c < n {
                delta += 1;
            } else if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = if k <= bias {
                        T_MIN
                    } else if k >= bias + T_MAX {
                        T_MAX
                    } else {
                        k - bias
                    };
                    if q < t {
                        break;
                    }
                    out.push(digit(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                out.push(digit(q));
                bias = adapt(delta, handled + 1, handled == basic);
                delta = 0;
                handled += 1;
            }
        }
        delta += 1;
        n += 1;
    }
}

/// RFC 3492's bias adaptation (section 6.1).
fn adapt(delta: u32, points: u32, first: bool) -> u32 {
    const BASE: u32 = 36;
    let mut delta = delta / if first { 700 } else { 2 };
    delta += delta / points;
    let mut k = 0;
    while delta > ((BASE - 1) * 26) / 2 {
        delta /= BASE - 1;
        k += BASE;
    }
    k + (BASE * delta) / (delta + 38)
}
