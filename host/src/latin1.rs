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

use crate::punycode::{Distinct, NonBasic, encode_deltas, has_ace_prefix, is_canonical_latin1};
use alloc::string::String;
use alloc::vec::Vec;
use percent::ByteTable;

/// The longest label of non-ASCII text that `idna` encodes (`PUNYCODE_ENCODE_MAX_INPUT_LENGTH`,
/// after ICU): a longer one is an error there, which this leaves to it.
const PUNYCODE_MAX_INPUT: u32 = 1000;

/// Byte classes of a label: an ASCII letter, digit or `-` (basic: valid, or an upper-case
/// letter mapped to lower case).
const BASIC: u8 = 1;
/// 0xC3, the first byte of U+00C0 to U+00FF, and the continuation bytes (in a domain of these
/// classes, each follows a 0xC3).
const LATIN1: u8 = 2;
/// The label separator.
const DOT: u8 = 4;
/// Any other byte: the domain is left to `idna`.
const OTHER: u8 = 8;
const CLASS: ByteTable = {
    let mut table = ByteTable::EMPTY;
    let mut b = 0u8;
    loop {
        let class = match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' => BASIC,
            0xC3 | 0x80..=0xBF => LATIN1,
            b'.' => DOT,
            _ => OTHER,
        };
        table = table.with(b, class);
        if b == u8::MAX {
            break table;
        }
        b += 1;
    }
};

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
    let (taken, mut bytes) = match labels_into(domain.as_bytes(), bytes) {
        Ok(bytes) => (true, bytes),
        Err(bytes) => (false, bytes),
    };
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

/// `out` with the labels of `domain` converted, or `Err` (with `out` to be truncated) where the
/// domain is not one the module's comment describes. (`out` is moved in and out, not
/// borrowed, so that its length stays in a register across the writes.)
fn labels_into(domain: &[u8], mut out: Vec<u8>) -> Result<Vec<u8>, Vec<u8>> {
    match write_labels(domain, &mut out) {
        Some(()) => Ok(out),
        None => Err(out),
    }
}

/// [`labels_into`]'s work.
#[inline(always)]
fn write_labels(domain: &[u8], out: &mut Vec<u8>) -> Option<()> {
    let mut non_basic: Vec<NonBasic> = Vec::new();
    let mut scratch = (Vec::new(), Vec::new());
    let mut at = 0;
    loop {
        // Step 3 (Break) first: `.` is the only separator among these code points, and step 1
        // maps none to it. The label's end and the union of its bytes' classes, in one pass.
        let (start, mut classes) = (at, 0);
        while let Some(&b) = domain.get(at) {
            let class = CLASS.get(b);
            if class == DOT {
                break;
            }
            classes |= class;
            at += 1;
        }
        let label = domain.get(start..at).unwrap_or_default();
        if label.is_empty() || classes & OTHER != 0 {
            return None;
        }
        let begins_with_xn = has_ace_prefix(label);
        let written = out.len();
        if classes == BASIC {
            // Step 1 lowercases an ASCII label, in one go.
            out.extend(label.iter().map(u8::to_ascii_lowercase));
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
            if begins_with_xn {
                return None;
            }
            out.extend_from_slice(b"xn--");
            // Step 1 on the label's code points: the basic ones written out lower-cased as
            // they come; U+00C0 to U+00FF are 0xC3 then 0x80 to 0xBF, so the second byte plus
            // 0x40 is the code point.
            non_basic.clear();
            let mut distinct = Distinct::default();
            let mut len = 0u32;
            for &b in label {
                if b < 0x80 {
                    out.push(b.to_ascii_lowercase());
                } else if b != 0xC3 {
                    let c = match b.wrapping_add(0x40) {
                        c @ (0xDF..=0xF6 | 0xF8..=0xFF) => c,
                        c @ (0xC0..=0xD6 | 0xD8..=0xDE) => c + 0x20,
                        _ => return None,
                    };
                    non_basic.push((c, len));
                    distinct.insert(c);
                } else {
                    continue;
                }
                len += 1;
            }
            if len > PUNYCODE_MAX_INPUT {
                return None;
            }
            let basic = len - non_basic.len() as u32;
            if basic > 0 {
                out.push(b'-');
            }
            encode_deltas(&non_basic, distinct, basic, len, out);
        }
        if at == domain.len() {
            return Some(());
        }
        at += 1;
        out.push(b'.');
    }
}
