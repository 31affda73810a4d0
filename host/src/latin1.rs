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

use crate::punycode::{
    Distinct, NonBasic, encode_deltas, has_ace_prefix, is_canonical_latin1, single_delta_digits,
};
use alloc::string::String;
use alloc::vec::Vec;
use percent::ByteTable;

/// The longest label of non-ASCII text that `idna` encodes (`PUNYCODE_ENCODE_MAX_INPUT_LENGTH`,
/// after ICU): a longer one is an error there, which this leaves to it.
const PUNYCODE_MAX_INPUT: u32 = 1000;

/// Step 1 (Map) on a basic byte: an ASCII letter, digit or `-` as mapped (an upper-case
/// letter to lower case); 0 for every other byte (`.`, the bytes of non-ASCII code points and
/// the ASCII the shortcut does not take).
const MAPPED: ByteTable = {
    let mut table = ByteTable::EMPTY;
    let mut b = 0u8;
    loop {
        if b.is_ascii_alphanumeric() || b == b'-' {
            table = table.with(b, b.to_ascii_lowercase());
        }
        if b == u8::MAX {
            break table;
        }
        b += 1;
    }
};

/// Room past the output's end for the longest single write (eight digits at once).
const SLACK: usize = 16;

/// Whether the code point `c` (U+0080 to U+00FF) is valid in UTS #46 (U+00DF to U+00FF but
/// U+00F7), as a decoded `xn--` label's code points must be.
fn is_valid_latin1(c: u8) -> bool {
    c >= 0xDF && c != 0xF7
}

/// Step 1 (Map) on U+00C0 to U+00FF, given by the second byte of their UTF-8 (after 0xC3, it
/// is the code point less 0x40): valid ones as they are, U+00C0 to U+00DE but U+00D7 to the
/// code point 0x20 above; `None` for U+00D7, U+00F7 and for a byte that is no such second byte.
#[inline(always)]
fn mapped_latin1(second: u8) -> Option<u8> {
    match second.wrapping_add(0x40) {
        c @ (0xDF..=0xF6 | 0xF8..=0xFF) => Some(c),
        c @ (0xC0..=0xD6 | 0xD8..=0xDE) => Some(c + 0x20),
        _ => None,
    }
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
    // Written as bytes (every one ASCII) into room made ahead, and checked back into a string
    // once. Punycode of a Latin-1 label is mostly under twice its UTF-8 (`bücher`, 7 bytes:
    // `xn--bcher-kva`); more room is made when a label needs it.
    let mut bytes = core::mem::take(out).into_bytes();
    bytes.resize(start + domain.len() * 2 + SLACK, 0);
    let end = write_labels(domain.as_bytes(), &mut bytes, start);
    bytes.truncate(end.unwrap_or(start));
    match String::from_utf8(bytes) {
        Ok(string) => {
            *out = string;
            end.is_some()
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

/// Why [`write_label`] stopped short.
enum Stop {
    /// The label is not one the module's comment describes: the domain is left to `idna`.
    NotTaken,
    /// `out` has no room left for the label.
    Room,
}

/// Working space of [`write_label`] for the rare label with two or more non-basic code points:
/// those code points, their Punycode deltas, and what decoding an `xn--` label needs.
#[derive(Default)]
struct Scratch {
    non_basic: Vec<NonBasic>,
    deltas: Vec<u8>,
    decoding: (Vec<NonBasic>, Vec<u8>),
}

/// The labels of `domain` converted into `out` from `at` on: the end of what was written, or
/// `None` where the domain is not one the module's comment describes.
fn write_labels(domain: &[u8], out: &mut Vec<u8>, mut at: usize) -> Option<usize> {
    let mut scratch = Scratch::default();
    let mut next = 0;
    loop {
        let written = match write_label(domain, next, out, at, &mut scratch) {
            Ok(written) => written,
            Err(Stop::NotTaken) => return None,
            Err(Stop::Room) => {
                // Room for the rest of the domain whatever it is: a label of `n` bytes takes
                // at most `5 + 4n` (`xn--`, `-` and at most eight digits for each non-basic
                // code point, two bytes), so the rest at most seven times its length.
                let rest = domain.len().saturating_sub(next);
                out.resize(at + 7 * rest + SLACK, 0);
                write_label(domain, next, out, at, &mut scratch).ok()?
            }
        };
        let after_dot;
        (after_dot, at) = written;
        match after_dot {
            Some(after_dot) => next = after_dot,
            None => return Some(at),
        }
    }
}

/// The label of `domain` that begins at `next`, converted into `out` at `at` (UTS #46 section
/// 4 steps 1 to 4 and ToASCII step 2 on it, in one pass over its bytes), and the `.` after it
/// if any: where the next label begins (`None` after the last) and where the output ends.
#[inline(always)]
fn write_label(
    domain: &[u8],
    next: usize,
    out: &mut [u8],
    at: usize,
    scratch: &mut Scratch,
) -> Result<(Option<usize>, usize), Stop> {
    // Step 1 on the label's code points: the basic ones written out as mapped as they come,
    // after room for `xn--`; the non-basic ones noted with their positions (the first apart:
    // most labels have one).
    let basic_start = at + 4;
    if basic_start > out.len() {
        return Err(Stop::Room);
    }
    let mut w = basic_start;
    let (mut first, mut non_basic) = ((0u8, 0u32), 0u32);
    let mut bytes = domain.get(next..).unwrap_or_default().iter();
    // Step 3 (Break): `.` is the only separator among these code points, and step 1 maps
    // none to it.
    let mut dot = false;
    while let Some(&b) = bytes.next() {
        let mapped = MAPPED.get(b);
        if mapped != 0 {
            *out.get_mut(w).ok_or(Stop::Room)? = mapped;
            w += 1;
            continue;
        }
        if b == b'.' {
            dot = true;
            break;
        }
        // U+00C0 to U+00FF are 0xC3 then 0x80 to 0xBF.
        if b != 0xC3 {
            return Err(Stop::NotTaken);
        }
        let c = bytes
            .next()
            .and_then(|&second| mapped_latin1(second))
            .ok_or(Stop::NotTaken)?;
        let position = (w - basic_start) as u32 + non_basic;
        match non_basic {
            0 => first = (c, position),
            1 => {
                scratch.non_basic.clear();
                scratch.non_basic.extend([first, (c, position)]);
            }
            _ => scratch.non_basic.push((c, position)),
        }
        non_basic += 1;
    }
    let basic = u32::try_from(w - basic_start).map_err(|_| Stop::NotTaken)?;
    if non_basic == 0 {
        // An ASCII label: back over the room for `xn--`. Step 4: it must not be empty, and
        // one that begins with `xn--` is Punycode to decode (steps 4.2 to 4.4); the decoded
        // label begins with its basic code points or with a non-basic one, so criterion 4
        // holds when the Punycode does not begin with `xn--`.
        out.copy_within(basic_start..w, at);
        w = at + basic as usize;
        let label = out.get(at..w).unwrap_or_default();
        if label.is_empty()
            || has_ace_prefix(label)
                && label.get(4..).is_none_or(|punycode| {
                    punycode.starts_with(b"xn--")
                        || !is_canonical_latin1(punycode, is_valid_latin1, &mut scratch.decoding)
                })
        {
            return Err(Stop::NotTaken);
        }
    } else {
        // Step 4.1: an `xn--` label with a non-ASCII code point is an error.
        let written = out.get(basic_start..w).unwrap_or_default();
        if first.1 >= 4 && has_ace_prefix(written) {
            return Err(Stop::NotTaken);
        }
        let len = basic + non_basic;
        if len > PUNYCODE_MAX_INPUT {
            return Err(Stop::NotTaken);
        }
        // ToASCII step 2: `xn--`, the basic code points (written), the delimiter if there
        // are any, then the deltas.
        out.get_mut(at..basic_start)
            .ok_or(Stop::Room)?
            .copy_from_slice(b"xn--");
        if basic > 0 {
            *out.get_mut(w).ok_or(Stop::Room)? = b'-';
            w += 1;
        }
        let (c, position) = first;
        if non_basic == 1 {
            let (digits, count) = single_delta_digits(c, position, basic);
            out.get_mut(w..w + 8)
                .ok_or(Stop::Room)?
                .copy_from_slice(&digits.to_le_bytes());
            w += count;
        } else {
            let mut distinct = Distinct::default();
            for &(c, _) in &scratch.non_basic {
                distinct.insert(c);
            }
            scratch.deltas.clear();
            encode_deltas(
                &scratch.non_basic,
                distinct,
                basic,
                len,
                &mut scratch.deltas,
            );
            let deltas = scratch.deltas.as_slice();
            out.get_mut(w..w + deltas.len())
                .ok_or(Stop::Room)?
                .copy_from_slice(deltas);
            w += deltas.len();
        }
    }
    if dot {
        *out.get_mut(w).ok_or(Stop::Room)? = b'.';
        w += 1;
    }
    Ok((dot.then(|| domain.len() - bytes.as_slice().len()), w))
}
