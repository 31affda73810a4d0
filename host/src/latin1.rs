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
//!
//! Measured and dropped: a label of up to seven bytes taken with its `.` at once, as one `u64`
//! whose bytes are tested together (mapped, and the one non-basic code point found, without a
//! loop over the bytes). On the bench's host of 500,000 characters of `bücher.` labels it ran
//! 9% fewer instructions (callgrind, `url-profile ours parse hostile:idna`: 14.4 M against
//! 15.9 M) and took 8% more time (1.26 ms against 1.17, the median of five runs of 1,000
//! parses): where a label ends, read from the word, decides where the next one is read, so
//! the labels are taken one after another, while the byte loop's branches, predicted, let the
//! processor start on the next labels early. Sixteen bytes as a `u128` ran 23% more
//! instructions than the byte loop. So did each run of basic bytes as one counted loop over the
//! input and the room left, without a bounds check a byte (19.4 M against 15.7 M), and it took
//! 16% more time (0.72 s against 0.62 for 1,000 parses, medians of five interleaved runs).
//! So did finding the labels first, from marks made 64 bytes at a time in a word's arithmetic
//! (each `.` and each byte from 0x80 on, one bit a byte; a label's end then a bit search),
//! with a label of ASCII or of one non-basic code point written as sixteen-byte copies around
//! it: 27.0 M instructions against 15.7 M, and 1.09 s against 0.62 for 1,000 parses (medians
//! of five interleaved runs; on `hostile:idna-mixed` 16.8 M against 13.8 M, 0.71 s against
//! 0.54). The marks cost some 45 instructions for eight bytes, and a label's copies, checks
//! and bounds more than the loop spends on its bytes. So did looking at a label's bytes first,
//! in a loop that writes nothing (seven instructions a byte against thirteen), and writing its
//! basic code points after it as sixteen-byte blocks from the input (two around the one
//! non-basic code point of a `bücher` label): `hostile:idna-mixed` ran 12.7 M instructions
//! against 13.8 M and took 0.55 s against 0.57, but `hostile:idna` ran 18.8 M against 15.7 M
//! and took 0.79 s against 0.68 (medians of five interleaved runs of 1,000 parses). The two
//! blocks of a Latin-1 label, with their bounds, cost more than the stores the loop no longer
//! made.

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

/// How much room is zeroed ahead of the writes at first, and added when a label needs more
/// (doubled while the label does not fit): with [`SLACK`], two kilobytes, which stay in the
/// first-level cache until the labels are written into them.
const ROOM_STEP: usize = 2048 - SLACK;

/// Whether the code point `c` (U+0080 to U+00FF) is valid in UTS #46 (U+00DF to U+00FF but
/// U+00F7), as a decoded `xn--` label's code points must be.
fn is_valid_latin1(c: u8) -> bool {
    c >= 0xDF && c != 0xF7
}

/// Step 1 (Map) on U+00C0 to U+00FF, by the second byte of their UTF-8 (0x80 to 0xBF, after
/// 0xC3: the code point less 0x40): the valid ones as they are, U+00C0 to U+00DE but U+00D7
/// to the code point 0x20 above; 0 for U+00D7, U+00F7 and every byte that is no such second
/// byte.
const MAPPED_LATIN1: ByteTable = {
    let mut table = ByteTable::EMPTY;
    let mut second = 0x80u8;
    while second <= 0xBF {
        let c = second + 0x40;
        let mapped = match c {
            0xDF..=0xF6 | 0xF8..=0xFF => c,
            0xC0..=0xD6 | 0xD8..=0xDE => c + 0x20,
            _ => 0,
        };
        table = table.with(second, mapped);
        second += 1;
    }
    table
};

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
    // `xn--bcher-kva`): that much is reserved, and zeroed [`ROOM_STEP`] bytes at a time as the
    // labels need it (zeroed all at once, a long domain's room would leave the cache before
    // the labels are written into it).
    let mut bytes = core::mem::take(out).into_bytes();
    bytes.reserve(domain.len() * 2 + SLACK);
    bytes.resize(start + (domain.len() * 2).min(ROOM_STEP) + SLACK, 0);
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
    let mut bytes = domain.iter();
    let mut room = ROOM_STEP;
    loop {
        let label = bytes.clone();
        match write_label(&mut bytes, out, at, &mut scratch) {
            Ok((dot, written)) => {
                if !dot {
                    return Some(written);
                }
                at = written;
                room = ROOM_STEP;
            }
            Err(Stop::NotTaken) => return None,
            // More room from the label's start, and the label again, the room doubled while
            // it does not fit: a label of `n` bytes takes at most `5 + 4n` (`xn--`, `-` and at
            // most eight digits for each non-basic code point, two bytes), so it fits once
            // the room is seven times its length.
            Err(Stop::Room) => {
                out.resize(at.saturating_add(room).saturating_add(SLACK), 0);
                room = room.saturating_mul(2);
                bytes = label;
            }
        }
    }
}

/// The label that `bytes` begins with, converted into `out` at `at` (UTS #46 section 4 steps
/// 1 to 4 and ToASCII step 2 on it, in one pass over its bytes), and the `.` after it if any:
/// whether there was one (`bytes` is then past it) and where the output ends.
#[inline(always)]
fn write_label(
    bytes: &mut core::slice::Iter<'_, u8>,
    out: &mut [u8],
    at: usize,
    scratch: &mut Scratch,
) -> Result<(bool, usize), Stop> {
    // Step 1 on the label's code points: the basic ones written out as mapped as they come,
    // after room for `xn--`; the first non-basic one noted with its position (most labels
    // have one; the others are noted after, if any).
    let label = bytes.as_slice();
    let basic_start = at + 4;
    let mut w = basic_start;
    let (mut first, mut non_basic) = ((0u8, 0u32), 0u32);
    // Step 3 (Break): `.` is the only separator among these code points, and step 1 maps
    // none to it.
    let dot = loop {
        let Some(&b) = bytes.next() else {
            break false;
        };
        let mapped = MAPPED.get(b);
        if mapped != 0 {
            *out.get_mut(w).ok_or(Stop::Room)? = mapped;
            w += 1;
            continue;
        }
        if b == b'.' {
            break true;
        }
        // U+00C0 to U+00FF are 0xC3 then 0x80 to 0xBF.
        let c = match (b, bytes.next()) {
            (0xC3, Some(&second)) => MAPPED_LATIN1.get(second),
            _ => 0,
        };
        if c == 0 {
            return Err(Stop::NotTaken);
        }
        if non_basic == 0 {
            first = (c, (w - basic_start) as u32);
        }
        non_basic += 1;
    };
    let basic = w - basic_start;
    if non_basic == 0 {
        // Step 4: an empty label is an error (and its room for `xn--` may be past the end).
        if basic == 0 {
            return Err(Stop::NotTaken);
        }
        // An ASCII label: back over the room for `xn--` (`w` is within `out`: a byte was
        // written just before it). Most labels are at most sixteen bytes: written again as
        // one block (the bytes past the label's end are rewritten after it), the others
        // moved as they are. The block is the input's, lower-cased (step 1 on these bytes:
        // letters, digits and `-`), not the output's: a block read of bytes just written one
        // at a time waits for the writes. Read from the output, it drew a quarter of the
        // time samples of a host of `bücher.example.xn--bcher-kva.` labels, and that host
        // parses in 16% less time from the input (`url-profile ours parse hostile:idna-mixed`).
        match label.first_chunk::<16>() {
            Some(block) if basic <= 16 => {
                if let Some(to) = out.get_mut(at..at + 16) {
                    to.copy_from_slice(&block.map(|b| b.to_ascii_lowercase()));
                }
            }
            _ => out.copy_within(basic_start..w, at),
        }
        w = at + basic;
        if !is_taken_ascii_label(out.get(at..w).unwrap_or_default(), scratch) {
            return Err(Stop::NotTaken);
        }
    } else {
        // Step 4.1: an `xn--` label with a non-ASCII code point is an error.
        if first.1 >= 4 && out.get(basic_start..w).is_some_and(has_ace_prefix) {
            return Err(Stop::NotTaken);
        }
        if basic + non_basic as usize > PUNYCODE_MAX_INPUT as usize {
            return Err(Stop::NotTaken);
        }
        let basic = basic as u32;
        // ToASCII step 2: `xn--`, the basic code points (written), the delimiter if there
        // are any, then the deltas.
        out.get_mut(at..basic_start)
            .ok_or(Stop::Room)?
            .copy_from_slice(b"xn--");
        if basic > 0 {
            *out.get_mut(w).ok_or(Stop::Room)? = b'-';
            w += 1;
        }
        if non_basic == 1 {
            let (c, position) = first;
            let (digits, count) = single_delta_digits(c, position, basic);
            out.get_mut(w..w + 8)
                .ok_or(Stop::Room)?
                .copy_from_slice(&digits.to_le_bytes());
            w += count;
        } else {
            note_non_basic(label, &mut scratch.non_basic);
            let deltas = scratch.deltas_of_non_basic(basic);
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
    Ok((dot, w))
}

/// Notes the non-basic code points of `label` (the bytes from a label's start, which the
/// loop of [`write_label`] has taken: ASCII letters, digits, hyphens and U+00C0 to U+00FF but
/// U+00D7 and U+00F7, to its end or a `.`), as mapped, with their positions, in `non_basic`.
/// Out of line: only a label with two or more of them comes here.
#[cold]
#[inline(never)]
fn note_non_basic(label: &[u8], non_basic: &mut Vec<NonBasic>) {
    non_basic.clear();
    let mut position = 0;
    let mut bytes = label.iter();
    while let Some(&b) = bytes.next() {
        match b {
            b'.' => break,
            0xC3 => {
                let c = bytes.next().map_or(0, |&second| MAPPED_LATIN1.get(second));
                non_basic.push((c, position));
            }
            _ => {}
        }
        position += 1;
    }
}

/// Step 4 on a non-empty ASCII label (`label`, as mapped): one that begins with `xn--` is
/// Punycode to decode (steps 4.2 to 4.4), taken as the module's comment says. The decoded
/// label begins with its basic code points or with a non-basic one, so criterion 4 holds when
/// the Punycode does not begin with `xn--`.
fn is_taken_ascii_label(label: &[u8], scratch: &mut Scratch) -> bool {
    if !has_ace_prefix(label) {
        return true;
    }
    let punycode = label.get(4..).unwrap_or_default();
    !punycode.starts_with(b"xn--")
        && is_canonical_latin1(punycode, is_valid_latin1, &mut scratch.decoding)
}

impl Scratch {
    /// The deltas of a label of `basic` basic code points and the non-basic ones noted in
    /// `self.non_basic` (two or more).
    fn deltas_of_non_basic(&mut self, basic: u32) -> &[u8] {
        let mut distinct = Distinct::default();
        for &(c, _) in &self.non_basic {
            distinct.insert(c);
        }
        let len = basic + self.non_basic.len() as u32;
        self.deltas.clear();
        encode_deltas(&self.non_basic, distinct, basic, len, &mut self.deltas);
        &self.deltas
    }
}
