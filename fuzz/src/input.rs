//! The byte format of the fuzz inputs.
//!
//! An input is a list of chunks separated by [`SEP`] (`0xFF`, never part of UTF-8). Each chunk
//! is read as text with invalid UTF-8 replaced by U+FFFD, as a browser's USVString conversion
//! would. Inside a chunk, [`PAIR_SEP`] (`0xFE`, also never in UTF-8) separates a name from a
//! value where an operation takes two strings.

use std::borrow::Cow;

/// Separates the chunks of an input.
pub const SEP: u8 = 0xFF;
/// Separates a name from a value inside a chunk.
pub const PAIR_SEP: u8 = 0xFE;

/// The chunks of `data`, split at every [`SEP`] (always at least one, maybe empty).
pub fn chunks(data: &[u8]) -> impl Iterator<Item = &[u8]> {
    data.split(|&b| b == SEP)
}

/// `bytes` as text, invalid UTF-8 replaced by U+FFFD.
pub fn text(bytes: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(bytes)
}

/// The first chunk and, when there is a second one, the second: an input and its base.
pub fn input_and_base(data: &[u8]) -> (Cow<'_, str>, Option<Cow<'_, str>>) {
    let mut parts = chunks(data);
    let input = text(parts.next().unwrap_or_default());
    (input, parts.next().map(text))
}

/// An operation chunk: its first byte (the selector) and the rest as text.
pub fn op(chunk: &[u8]) -> Option<(u8, Cow<'_, str>)> {
    let (&selector, rest) = chunk.split_first()?;
    Some((selector, text(rest)))
}

/// Text split at the first [`PAIR_SEP`]: a name and, when there is one, a value.
pub fn pair(bytes: &[u8]) -> (Cow<'_, str>, Option<Cow<'_, str>>) {
    match bytes.iter().position(|&b| b == PAIR_SEP) {
        Some(i) => (text(&bytes[..i]), Some(text(&bytes[i + 1..]))),
        None => (text(bytes), None),
    }
}

/// Joins chunks with [`SEP`]: the inverse of [`chunks`] for chunks without `0xFF`.
pub fn join(parts: &[&[u8]]) -> Vec<u8> {
    let mut out = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            out.push(SEP);
        }
        out.extend_from_slice(part);
    }
    out
}

/// An operation chunk: `selector` then `value`.
pub fn op_chunk(selector: u8, value: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(value.len() + 1);
    out.push(selector);
    out.extend_from_slice(value.as_bytes());
    out
}

/// An operation chunk with two strings: `selector`, `name`, [`PAIR_SEP`], `value`.
pub fn pair_chunk(selector: u8, name: &str, value: &str) -> Vec<u8> {
    let mut out = op_chunk(selector, name);
    out.push(PAIR_SEP);
    out.extend_from_slice(value.as_bytes());
    out
}
