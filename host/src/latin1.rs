//! Relaxed ToASCII (UTS #46) for a domain of ASCII letters, digits and hyphens and the letters
//! of Latin-1 (`bücher.example`, `straße.de`, `ÉCOLE.fr`, `xn--bcher-kva.example`) without
//! `idna`'s mapping and normalization, which cost it some 250 instructions a character.
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
//! - step 4, Convert/Validate: a label that begins with `xn--` (after step 1) is taken here
//!   only when it is ASCII (step 4.1) and its rest is Punycode (step 4.2) that decodes to a
//!   label with a code point from U+0080 up (step 4.3: not empty, not ASCII only) whose code
//!   points are all valid ones of the set above (U+00DF to U+00FF but U+00F7: a mapped one
//!   such as U+00C9 fails criterion 6 there, and is left to `idna`), and that does not itself
//!   begin with `xn--` (criterion 4, see `relaxed.rs`). Then every criterion holds for every
//!   label: NFC (above); CheckHyphens is false; no `.` in a label; every code point valid; no
//!   joiner (CheckJoiners); no code point of Bidi_Class R, AL or AN, so this is not a Bidi
//!   domain name and CheckBidi asks nothing; no label begins with a combining mark;
//! - ToASCII step 2: a label with a code point from U+0080 up becomes `xn--` and its Punycode
//!   (RFC 3492, `punycode.rs`), the others stay as mapped. A decoded `xn--` label is encoded
//!   back; this takes it only when that gives the label itself (`idna` writes the label as it
//!   came, lower-cased), so the result is the lower-cased label either way. Step 3
//!   (VerifyDnsLength) is off.
//!
//! A domain with an empty label, or with any other code point or `xn--` label, is left to
//! `idna` whole (so results never depend on which of the two ran). The `host` fuzz target
//! compares the domain parser with `idna` itself on every input, and `relaxed.rs`'s tests
//! compare [`to_ascii`] with it on generated domains.

use crate::punycode::{Distinct, NonBasic, encode_deltas, is_canonical_latin1};
use alloc::string::String;
use alloc::vec::Vec;
use percent::ByteTable;

/// The longest label of non-ASCII text that `idna` encodes (`PUNYCODE_ENCODE_MAX_INPUT_LENGTH`,
/// after ICU): a longer one is an error there, which this leaves to it.
const PUNYCODE_MAX_INPUT: u32 = 1000;

/// Byte classes of the scan: an ASCII lower-case letter, digit or `-` (valid, basic).
const VALID_ASCII: u8 = 1;
/// An ASCII upper-case letter (mapped to lower case, basic).
const UPPER: u8 = 2;
/// The label separator.
const DOT: u8 = 3;
/// 0xC3, the first byte of U+00C0 to U+00FF.
const LATIN1_LEAD: u8 = 4;
/// Every other byte has class 0: the domain is left to `idna`.
const CLASS: ByteTable = ByteTable::EMPTY
    .with_range(b'a', b'z', VALID_ASCII)
    .with_range(b'0', b'9', VALID_ASCII)
    .with(b'-', VALID_ASCII)
    .with_range(b'A', b'Z', UPPER)
    .with(b'.', DOT)
    .with(0xC3, LATIN1_LEAD);

/// Whether the code point `c` (U+0080 to U+00FF) is valid in UTS #46 (U+00DF to U+00FF but
/// U+00F7), as a decoded `xn--` label's code points must be.
fn is_valid_latin1(c: u8) -> bool {
    c >= 0xDF && c != 0xF7
}

/// Relaxed ToASCII of `domain` (UTS #46 Processing steps 1 to 4 and ToASCII step 2, see the
/// module's comment) when it is made of ASCII letters, digits, hyphens and Latin-1 letters in
/// non-empty labels, its `xn--` labels as the module's comment says; `None` otherwise (then
/// `idna` decides).
pub(crate) fn to_ascii(domain: &str) -> Option<String> {
    let mut out = String::new();
    to_ascii_into(domain, &mut out).then_some(out)
}

/// [`to_ascii`] appended to `out`: `true` if it took the domain, else `false` with `out` as it
/// was. The result is never empty and has no forbidden domain code point (only ASCII letters,
/// digits, `-` and `.`).
pub(crate) fn to_ascii_into(domain: &str, out: &mut String) -> bool {
    let start = out.len();
    // Written as bytes (every one ASCII) and checked back into a string once.
    let mut bytes = core::mem::take(out).into_bytes();
    // Punycode of a Latin-1 label is mostly under twice its UTF-8 (`bücher`, 7 bytes:
    // `xn--bcher-kva`).
    bytes.reserve(domain.len() * 2);
    let taken = labels_into(domain.as_bytes(), &mut bytes).is_some();
    if !taken {
        bytes.truncate(start);
    }
    match String::from_utf8(bytes) {
        Ok(string) => {
            *out = string;
            taken
        }
        // Not reached: only ASCII was appended to a string.
        Err(e) => {
            let mut bytes = e.into_bytes();
            bytes.truncate(start);
            *out = String::from_utf8_lossy(&bytes).into_owned();
            false
        }
    }
}

/// The labels of `domain` converted into `out`, or `None` (with `out` to be truncated) where
/// the domain is not one the module's comment describes.
fn labels_into(domain: &[u8], out: &mut Vec<u8>) -> Option<()> {
    let mut non_basic: Vec<NonBasic> = Vec::new();
    let mut scratch = (Vec::new(), Vec::new());
    let mut at = 0;
    loop {
        let label_start = at;
        let written = out.len();
        // Written first in the expectation of a non-ASCII label, taken out again otherwise.
        out.extend_from_slice(b"xn--");
        non_basic.clear();
        let mut distinct = Distinct::default();
        // The label's length in code points, and whether a `.` ends it.
        let mut len = 0u32;
        let mut dot = false;
        // Step 1 on the label's code points, read from their UTF-8 (U+00C0 to U+00FF are
        // 0xC3 then 0x80 to 0xBF); the basic ones written out as they come.
        while let Some(&b) = domain.get(at) {
            at += 1;
            match CLASS.get(b) {
                VALID_ASCII => out.push(b),
                UPPER => out.push(b + 0x20),
                LATIN1_LEAD => {
                    let c = match domain.get(at)?.wrapping_add(0x40) {
                        c @ (0xDF..=0xF6 | 0xF8..=0xFF) => c,
                        c @ (0xC0..=0xD6 | 0xD8..=0xDE) => c + 0x20,
                        _ => return None,
                    };
                    at += 1;
                    non_basic.push((c, len));
                    distinct.insert(c);
                }
                DOT => {
                    dot = true;
                    break;
                }
                _ => return None,
            }
            len += 1;
        }
        if len == 0 {
            return None;
        }
        let begins_with_xn = domain
            .get(label_start..label_start + 4)
            .is_some_and(|prefix| prefix.eq_ignore_ascii_case(b"xn--"));
        if non_basic.is_empty() {
            // ASCII: the label as mapped, without the `xn--` written before it.
            out.copy_within(written + 4.., written);
            out.truncate(out.len() - 4);
            if begins_with_xn {
                // Steps 4.2 to 4.4; the decoded label begins with `punycode`'s basic code
                // points or with a non-basic one, so criterion 4 holds when `punycode` does
                // not begin with `xn--`.
                let punycode = out.get(written + 4..).unwrap_or_default();
                if punycode.starts_with(b"xn--")
                    || !is_canonical_latin1(punycode, is_valid_latin1, &mut scratch)
                {
                    return None;
                }
            }
        } else {
            // Step 4.1: an `xn--` label with a non-ASCII code point is an error.
            if begins_with_xn || len > PUNYCODE_MAX_INPUT {
                return None;
            }
            let basic = len - non_basic.len() as u32;
            if basic > 0 {
                out.push(b'-');
            }
            encode_deltas(&non_basic, distinct, basic, len, out);
        }
        if !dot {
            return Some(());
        }
        out.push(b'.');
    }
}
