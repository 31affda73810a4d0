//! Percent-decoding (spec 1.3).

#[cfg(feature = "alloc")]
use alloc::{borrow::Cow, vec::Vec};

/// The value of an ASCII hex digit, or `None`.
#[inline]
const fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// Spec 1.3 percent-decode, step 2.3: the byte that the two ASCII hex digits at the start of
/// `after` (the bytes after a `%`) spell, and the bytes after them; `None` when they are not
/// two ASCII hex digits (step 2.2: the `%` stays as it is).
fn decode_escape(after: &[u8]) -> Option<(u8, &[u8])> {
    let [h, l, tail @ ..] = after else {
        return None;
    };
    Some((hex_value(*h)? << 4 | hex_value(*l)?, tail))
}

/// Whether `input[index..]` starts with a percent-encoded byte: `%` and two ASCII hex digits.
#[inline]
pub fn is_percent_encoded_byte(input: &[u8], index: usize) -> bool {
    matches!(
        input.get(index..index.saturating_add(3)),
        Some([b'%', a, b]) if a.is_ascii_hexdigit() && b.is_ascii_hexdigit()
    )
}

/// An iterator over the percent-decoded bytes of a byte string, allocation-free.
#[derive(Clone, Debug)]
pub struct PercentDecode<'a> {
    rest: &'a [u8],
}

/// Percent-decodes lazily: each `%XX` becomes its byte; a `%` not followed by two hex digits
/// stays as it is.
pub fn percent_decode_iter(input: &[u8]) -> PercentDecode<'_> {
    PercentDecode { rest: input }
}

impl Iterator for PercentDecode<'_> {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        let (&b, rest) = self.rest.split_first()?;
        // Spec 1.3 percent-decode, step 2.3: % and two hex digits become one byte.
        if let Some((byte, tail)) = decode_escape(rest).filter(|_| b == b'%') {
            self.rest = tail;
            return Some(byte);
        }
        self.rest = rest;
        Some(b)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.rest.len();
        (n.div_ceil(3), Some(n))
    }
}

/// Percent-decode a byte sequence (spec 1.3). Borrows when the input holds no `%`.
///
/// ```
/// assert_eq!(&*percent::percent_decode(b"a%20b%2"), b"a b%2");
/// ```
#[cfg(feature = "alloc")]
pub fn percent_decode(input: &[u8]) -> Cow<'_, [u8]> {
    if !input.contains(&b'%') {
        return Cow::Borrowed(input);
    }
    let mut out = Vec::with_capacity(input.len());
    percent_decode_into(input, &mut out);
    Cow::Owned(out)
}

/// Appends the percent-decoding of `input` (spec 1.3) to `out`.
///
/// Runs without `%` are copied whole; each `%XX` becomes its byte, and a `%` not followed by
/// two ASCII hex digits is kept as it is.
///
/// ```
/// let mut out = b"x=".to_vec();
/// percent::percent_decode_into(b"%41%g1%", &mut out);
/// assert_eq!(out, b"x=A%g1%");
/// ```
#[cfg(feature = "alloc")]
pub fn percent_decode_into(mut input: &[u8], out: &mut Vec<u8>) {
    out.reserve(input.len());
    // Spec 1.3 "percent-decode", a run at a time. Step 2.1: bytes other than 0x25 (%) are
    // appended as they are, so the run before the next % is copied whole.
    while let Some(i) = input.iter().position(|&b| b == b'%') {
        let (run, rest) = input.split_at(i);
        out.extend_from_slice(run);
        let after = rest.get(1..).unwrap_or_default();
        if let Some((byte, tail)) = decode_escape(after) {
            // Step 2.3: the byte the two hex digits spell; skip them.
            out.push(byte);
            input = tail;
        } else {
            // Step 2.2: a % not followed by two ASCII hex digits is appended as it is.
            out.push(b'%');
            input = after;
        }
    }
    out.extend_from_slice(input);
}

/// Percent-decode a string (spec 1.3): the percent-decoding of its UTF-8 bytes.
#[cfg(feature = "alloc")]
pub fn percent_decode_str(input: &str) -> Cow<'_, [u8]> {
    percent_decode(input.as_bytes())
}
