//! Percent-encoding (spec 1.3): "percent-encode after encoding" and its UTF-8 forms.

use crate::set::AsciiSet;
#[cfg(feature = "alloc")]
use alloc::{borrow::Cow, string::String};

/// A piece of an encoder's output: bytes, or a code point the encoding cannot represent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoded<'a> {
    /// Encoded bytes.
    Bytes(&'a [u8]),
    /// A code point with no representation in the encoding (the Encoding Standard's
    /// "encode or fail" error). Percent-encode after encoding writes it as `%26%23N%3B`.
    Unmappable(char),
}

/// The hook through which "percent-encode after encoding" gets its bytes: an encoding from the
/// Encoding Standard. [`Utf8`] is the one the URL parser uses by default; a legacy encoding
/// (for example through `encoding_rs`) implements this trait to be plugged in.
pub trait Encoder {
    /// Encodes `input`, passing each run of bytes and each unmappable code point to `emit`,
    /// in input order.
    fn encode(&self, input: &str, emit: &mut dyn FnMut(Encoded<'_>));

    /// Whether this encoder is UTF-8, so that callers may take the direct path over the
    /// input's own bytes. Defaults to `false`.
    fn is_utf8(&self) -> bool {
        false
    }
}

/// The UTF-8 encoder: the input's own bytes, never an unmappable code point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Utf8;

impl Encoder for Utf8 {
    fn encode(&self, input: &str, emit: &mut dyn FnMut(Encoded<'_>)) {
        emit(Encoded::Bytes(input.as_bytes()));
    }

    fn is_utf8(&self) -> bool {
        true
    }
}

impl<E: Encoder + ?Sized> Encoder for &E {
    fn encode(&self, input: &str, emit: &mut dyn FnMut(Encoded<'_>)) {
        (**self).encode(input, emit)
    }

    fn is_utf8(&self) -> bool {
        (**self).is_utf8()
    }
}

/// The index of the first byte of `input` that `set` says to percent-encode, if any.
///
/// This is the scanner every encoding loop in the workspace is built on: the run before the
/// returned index can be copied whole.
///
/// ```
/// use percent::{first_byte_to_encode, PATH};
/// assert_eq!(first_byte_to_encode(b"/a/b c", PATH), Some(4));
/// assert_eq!(first_byte_to_encode(b"/a/b", PATH), None);
/// ```
#[inline]
pub fn first_byte_to_encode(input: &[u8], set: &AsciiSet) -> Option<usize> {
    let at = crate::scan(set.table(), input, 0, AsciiSet::ENCODE);
    (at < input.len()).then_some(at)
}

/// `%00%01…%FF`: the percent-encoding of byte `b` is `PERCENT_ENCODED[3 * b..3 * b + 3]`,
/// so that encoding a byte is one copy.
#[cfg(feature = "alloc")]
// The workspace's other audited index site (the first is `ByteTable::get`): a table built by
// const evaluation, where an index out of range is a compile error, never a run-time panic.
#[allow(clippy::indexing_slicing)]
const PERCENT_ENCODED: &str = {
    const UPPER_HEX: &[u8; 16] = b"0123456789ABCDEF";
    const BYTES: [u8; 768] = {
        let mut table = [0u8; 768];
        let mut b = 0;
        while b < 256 {
            table[3 * b] = b'%';
            table[3 * b + 1] = UPPER_HEX[b >> 4];
            table[3 * b + 2] = UPPER_HEX[b & 0xF];
            b += 1;
        }
        table
    };
    match core::str::from_utf8(&BYTES) {
        Ok(s) => s,
        // Evaluated at compile time: the table is ASCII, so this arm cannot be reached.
        Err(_) => panic!("percent-encoding table is not ASCII"),
    }
};

/// Appends the percent-encoding of one byte (`%XX`, upper-case hex) to `out` (spec 1.3,
/// "percent-encode a byte").
///
/// ```
/// let mut out = String::new();
/// percent::percent_encode_byte_into(0x23, &mut out);
/// assert_eq!(out, "%23");
/// ```
#[cfg(feature = "alloc")]
#[inline]
pub fn percent_encode_byte_into(byte: u8, out: &mut String) {
    let start = 3 * usize::from(byte);
    // Always present: the table has an entry for every byte.
    if let Some(encoded) = PERCENT_ENCODED.get(start..start + 3) {
        out.push_str(encoded);
    }
}

/// Appends `input` to `out`, percent-encoding every byte that `set` names (and every
/// non-ASCII byte). This is "UTF-8 percent-encode" when `input` is the UTF-8 of a string.
///
#[cfg(feature = "alloc")]
pub fn percent_encode_into(input: &[u8], set: &AsciiSet, out: &mut String) {
    encode_bytes(Input::Bytes(input), set, false, out);
}

/// UTF-8 percent-encode `input` using `set` (spec 1.3), appending to `out`. The caller sizes
/// `out`; nothing here reserves, so a buffer sized once is never reallocated by this call
/// when it has room.
///
/// The run before the first byte to encode is copied whole (most input has no such byte at
/// all). After it, each byte to encode is written as three bytes, and each run between two of
/// them is copied whole when it is long, byte by byte when it is short (a call to copy a few bytes costs more
/// than the bytes). Runs start and end at ASCII bytes or at the first byte of a code point
/// (every non-ASCII byte is encoded), so they are sliced from `input` as `str` with no UTF-8
/// check.
///
/// ```
/// let mut out = String::from("/");
/// percent::utf8_percent_encode_into("a b/ç", percent::PATH, &mut out);
/// assert_eq!(out, "/a%20b/%C3%A7");
/// ```
#[cfg(feature = "alloc")]
#[inline]
pub fn utf8_percent_encode_into(input: &str, set: &AsciiSet, out: &mut String) {
    encode_runs_plain(Input::Text(input), set, out);
}

#[cfg(feature = "alloc")]
#[derive(Clone, Copy)]
enum Input<'a> {
    Bytes(&'a [u8]),
    Text(&'a str),
}

#[cfg(feature = "alloc")]
impl<'a> Input<'a> {
    fn bytes(self) -> &'a [u8] {
        match self {
            Input::Bytes(bytes) => bytes,
            Input::Text(text) => text.as_bytes(),
        }
    }

    /// Appends `self[start..end]`, which the scanner has proven ASCII.
    fn push_run(self, start: usize, end: usize, out: &mut String) {
        match self {
            Input::Text(text) => out.push_str(text.get(start..end).unwrap_or_default()),
            Input::Bytes(bytes) => push_ascii(bytes.get(start..end).unwrap_or_default(), out),
        }
    }
}

/// Shared loop of the encoders: copy runs, encode the bytes between them. Inlined, so that a
/// caller that passes `space_as_plus` as a constant links only the loop it needs.
#[cfg(feature = "alloc")]
#[inline]
fn encode_bytes(input: Input<'_>, set: &AsciiSet, space_as_plus: bool, out: &mut String) {
    // The output is at least as long as the input.
    out.reserve(input.bytes().len());
    if !space_as_plus {
        encode_runs_plain(input, set, out);
    } else if set.contains(b' ') {
        encode_runs_plus(input, set, out);
    } else {
        // spaceAsPlus turns 0x20 into + whatever the set says, so the scanner must stop at
        // it too. Only the C0 control set leaves space out; every caller in the standard
        // that asks for spaceAsPlus uses the application/x-www-form-urlencoded set.
        encode_runs_plus(input, &set.add(b' '), out);
    }
}

/// [`encode_runs`] without spaceAsPlus. Out of line and not generic: one copy in a program,
/// which every crate calls (the loop is 2 KB), with `space_as_plus` folded away.
#[cfg(feature = "alloc")]
#[inline(never)]
fn encode_runs_plain(input: Input<'_>, set: &AsciiSet, out: &mut String) {
    encode_runs(input, set, false, out);
}

/// [`encode_runs`] with spaceAsPlus (`set` contains space): see [`encode_runs_plain`].
#[cfg(feature = "alloc")]
#[inline(never)]
fn encode_runs_plus(input: Input<'_>, set: &AsciiSet, out: &mut String) {
    encode_runs(input, set, true, out);
}

/// The loop of [`encode_bytes`] and [`utf8_percent_encode_into`]: `set` contains space
/// whenever `space_as_plus` is true.
///
/// This is "percent-encode after encoding", step 5.3, for each byte of the encoder's output:
/// a byte whose isomorph is not in the set is appended as is (5.3.4), others are
/// percent-encoded (5.3.5), and with spaceAsPlus 0x20 becomes `+` (5.3.1).
///
/// Inlined into [`encode_runs_plain`] and [`encode_runs_plus`] only.
#[cfg(feature = "alloc")]
#[inline(always)]
fn encode_runs(input: Input<'_>, set: &AsciiSet, space_as_plus: bool, out: &mut String) {
    /// Runs up to this long are copied byte by byte: a call to copy a few bytes costs more
    /// than the bytes.
    const SHORT_RUN: usize = 16;
    /// A run after a byte to encode is looked at byte by byte up to this long.
    const BYTEWISE: usize = 4;
    let bytes = input.bytes();
    if bytes.len() <= SHORT_RUN {
        // A short input (a form name or value, a setter's value) byte by byte: the scanner's
        // setup and a call to copy a few bytes cost more than the bytes.
        for &byte in bytes {
            push_encoded(byte, set, space_as_plus, out);
        }
        return;
    }
    // The run before the first byte to encode is copied whole (most input has no such byte).
    let first = first_byte_to_encode(bytes, set).unwrap_or(bytes.len());
    input.push_run(0, first, out);
    let mut at = first;
    while let Some(&byte) = bytes.get(at) {
        if set.should_percent_encode(byte) {
            push_encoded(byte, set, space_as_plus, out);
            at += 1;
            continue;
        }
        // A run to copy (step 5.3.4 for each of its bytes). Where encoded and plain bytes
        // alternate ("é/é/", "a b c"), runs are short: a run's first bytes are looked at one
        // by one, and only a longer run goes on with the scanner, whose setup costs more than
        // a few bytes.
        let rest = bytes.get(at..).unwrap_or_default();
        let head = rest
            .iter()
            .take(BYTEWISE)
            .take_while(|&&b| !set.should_percent_encode(b))
            .count();
        let run = if head < BYTEWISE {
            head
        } else {
            crate::scan(set.table(), rest, BYTEWISE, AsciiSet::ENCODE)
        };
        match rest.get(..run) {
            // Bytes that need no encoding are ASCII (every non-ASCII byte is encoded).
            Some(short) if run <= SHORT_RUN => short.iter().for_each(|&b| out.push(char::from(b))),
            _ => input.push_run(at, at + run, out),
        }
        at += run;
    }
}

/// Appends one byte of the encoder's output: as is when `set` leaves it alone (then it is
/// ASCII, as every non-ASCII byte is in every set), `+` for a space with `space_as_plus`,
/// else percent-encoded.
#[cfg(feature = "alloc")]
#[inline(always)]
fn push_encoded(byte: u8, set: &AsciiSet, space_as_plus: bool, out: &mut String) {
    if !set.should_percent_encode(byte) {
        out.push(char::from(byte));
    } else if space_as_plus && byte == b' ' {
        out.push('+');
    } else {
        percent_encode_byte_into(byte, out);
    }
}

/// Appends bytes that the scanner has proven ASCII.
#[cfg(feature = "alloc")]
#[inline]
fn push_ascii(run: &[u8], out: &mut String) {
    // Every byte of a run is below 0x80 (non-ASCII bytes always need encoding), so the run
    // is valid UTF-8; the fallback is never taken.
    match core::str::from_utf8(run) {
        Ok(s) => out.push_str(s),
        Err(_) => run.iter().for_each(|&b| percent_encode_byte_into(b, out)),
    }
}

/// UTF-8 percent-encode `input` using `set` (spec 1.3). Borrows when nothing needs encoding.
///
/// ```
/// use percent::{utf8_percent_encode, COMPONENT};
/// assert_eq!(utf8_percent_encode("a&b=c d", COMPONENT), "a%26b%3Dc%20d");
/// ```
#[cfg(feature = "alloc")]
pub fn utf8_percent_encode<'a>(input: &'a str, set: &AsciiSet) -> Cow<'a, str> {
    let bytes = input.as_bytes();
    match first_byte_to_encode(bytes, set) {
        None => Cow::Borrowed(input),
        Some(i) => {
            let tail_len = bytes.len() - i;
            let mut out = String::with_capacity(input.len() + 2 * (tail_len.min(64)) + 8);
            encode_bytes(Input::Text(input), set, false, &mut out);
            Cow::Owned(out)
        }
    }
}

/// Percent-encode after encoding (spec 1.3): encodes `input` with `encoder`, then appends
/// the bytes to `out`, percent-encoding those in `set` (and all non-ASCII bytes). With
/// `space_as_plus`, a 0x20 byte becomes `+`. A code point the encoding cannot represent is
/// written `%26%23` + its decimal value + `%3B`.
///
/// `set` must contain every non-ASCII code point; an [`AsciiSet`] always does.
///
/// ```
/// use percent::{percent_encode_after_encoding, Utf8, FORM_URLENCODED};
/// let mut out = String::new();
/// percent_encode_after_encoding(&Utf8, "a b+ç", FORM_URLENCODED, true, &mut out);
/// assert_eq!(out, "a+b%2B%C3%A7");
/// ```
#[cfg(feature = "alloc")]
pub fn percent_encode_after_encoding<E: Encoder + ?Sized>(
    encoder: &E,
    input: &str,
    set: &AsciiSet,
    space_as_plus: bool,
    out: &mut String,
) {
    if encoder.is_utf8() {
        encode_bytes(Input::Text(input), set, space_as_plus, out);
    } else if space_as_plus {
        encode_pieces::<E, true>(encoder, input, set, out);
    } else {
        encode_pieces::<E, false>(encoder, input, set, out);
    }
}

/// [`percent_encode_after_encoding`] with an encoder other than UTF-8: its output, piece by
/// piece. spaceAsPlus is a constant of the closure's code, so that a caller that passes a
/// constant links only the loop it needs ([`encode_runs_plain`] or [`encode_runs_plus`]).
#[cfg(feature = "alloc")]
#[inline(always)]
fn encode_pieces<E: Encoder + ?Sized, const SPACE_AS_PLUS: bool>(
    encoder: &E,
    input: &str,
    set: &AsciiSet,
    out: &mut String,
) {
    encoder.encode(input, &mut |piece| match piece {
        Encoded::Bytes(bytes) => encode_bytes(Input::Bytes(bytes), set, SPACE_AS_PLUS, out),
        // Step 5.4: "%26%23", the code point in decimal, "%3B" (an HTML numeric character
        // reference, percent-encoded).
        Encoded::Unmappable(c) => {
            out.push_str("%26%23");
            push_decimal(u32::from(c), out);
            out.push_str("%3B");
        }
    });
}

/// "Serialize an integer" (spec 1): the shortest decimal form, without `format!`.
#[cfg(feature = "alloc")]
fn push_decimal(mut n: u32, out: &mut String) {
    // Digits from the last one, into the end of a buffer that holds any u32 (10 digits).
    let mut digits = [0u8; 10];
    let mut start = digits.len();
    for slot in digits.iter_mut().rev() {
        *slot = b'0' + (n % 10) as u8;
        start -= 1;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    push_ascii(digits.get(start..).unwrap_or_default(), out);
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::*;
    use alloc::string::ToString;

    test_support::latin1_encoder!(crate);

    #[test]
    fn unmappable_code_points_become_numeric_references() {
        let mut out = String::new();
        percent_encode_after_encoding(&Latin1, "\u{e9}\u{2020} x", crate::QUERY, false, &mut out);
        assert_eq!(out, "%E9%26%238224%3B%20x");
    }

    #[test]
    fn decimal_serialization() {
        for n in [0u32, 7, 10, 1234, u32::MAX] {
            let mut out = String::new();
            push_decimal(n, &mut out);
            assert_eq!(out, n.to_string());
        }
    }
}
