//! The application/x-www-form-urlencoded parser (spec 5.1) and string parser (spec 5.3).

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::iter::FusedIterator;

/// The application/x-www-form-urlencoded parser (spec 5.1): the name-value pairs of `input`,
/// lazily, in order.
///
/// Each pair is a pair of [`Cow`]s that borrow from `input` when there is nothing to decode
/// (no `+`, no `%`, valid UTF-8), so parsing allocates nothing per pair in the common case.
///
/// ```
/// let pairs: Vec<_> = form_urlencoded::parse(b"a=1&&b=x+y%21&c").collect();
/// assert_eq!(pairs, [("a".into(), "1".into()), ("b".into(), "x y!".into()), ("c".into(), "".into())]);
/// ```
#[inline]
pub fn parse(input: &[u8]) -> Parse<'_> {
    Parse { rest: input }
}

/// The application/x-www-form-urlencoded string parser (spec 5.3): [`parse`] on the UTF-8
/// encoding of `input`.
///
/// ```
/// let mut pairs = form_urlencoded::parse_str("q=caf%C3%A9");
/// assert_eq!(pairs.next(), Some(("q".into(), "café".into())));
/// assert_eq!(pairs.next(), None);
/// ```
#[inline]
pub fn parse_str(input: &str) -> Parse<'_> {
    parse(input.as_bytes())
}

/// [`parse`], collected into owned strings.
///
/// ```
/// let pairs = form_urlencoded::parse_to_vec(b"a=%FF");
/// assert_eq!(pairs, [("a".to_owned(), "\u{FFFD}".to_owned())]);
/// ```
pub fn parse_to_vec(input: &[u8]) -> Vec<(String, String)> {
    parse(input)
        .map(|(name, value)| (name.into_owned(), value.into_owned()))
        .collect()
}

/// The iterator of name-value pairs that [`parse`] returns (spec 5.1).
#[derive(Clone, Debug)]
pub struct Parse<'a> {
    /// The bytes not yet split off.
    rest: &'a [u8],
}

impl<'a> Iterator for Parse<'a> {
    type Item = (Cow<'a, str>, Cow<'a, str>);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.rest.is_empty() {
                return None;
            }
            // Step 1: split the input on 0x26 (&), one sequence at a time.
            let bytes = match self.rest.iter().position(|&b| b == b'&') {
                Some(i) => {
                    let (bytes, amp_and_rest) = self.rest.split_at(i);
                    self.rest = amp_and_rest.get(1..).unwrap_or_default();
                    bytes
                }
                None => core::mem::take(&mut self.rest),
            };
            // Step 3.1: an empty byte sequence gives no pair.
            if bytes.is_empty() {
                continue;
            }
            // Step 3.2: name before the first 0x3D (=), value after it (or empty).
            let (name, value) = match bytes.iter().position(|&b| b == b'=') {
                Some(i) => {
                    let (name, eq_and_value) = bytes.split_at(i);
                    (name, eq_and_value.get(1..).unwrap_or_default())
                }
                None => (bytes, &[][..]),
            };
            // Steps 3.3 to 3.5.
            return Some((decode(name), decode(value)));
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        // k pairs take at least 2k - 1 bytes ("a&a&a"); there may be none ("&&&").
        (0, Some(self.rest.len().div_ceil(2)))
    }
}

impl FusedIterator for Parse<'_> {}

/// Steps 3.3 and 3.4 for a name or a value: replace every 0x2B (+) by 0x20 (SP), percent-decode,
/// then UTF-8 decode without BOM. Borrows when there is nothing to replace or decode.
fn decode(bytes: &[u8]) -> Cow<'_, str> {
    if !bytes.iter().any(|&b| b == b'+' || b == b'%') {
        // Only the UTF-8 decode is left; it borrows when the bytes are valid UTF-8.
        return String::from_utf8_lossy(bytes);
    }
    // Replacing + and then percent-decoding is the same as percent-decoding each +-separated
    // piece and joining them with spaces: a percent-encoded byte (% and two hex digits) never
    // spans a +, and a decoded %2B stays a + either way.
    let mut decoded = Vec::with_capacity(bytes.len());
    for (i, piece) in bytes.split(|&b| b == b'+').enumerate() {
        if i > 0 {
            decoded.push(b' ');
        }
        percent::percent_decode_into(piece, &mut decoded);
    }
    Cow::Owned(utf8_decode_without_bom(decoded))
}

/// UTF-8 decode without BOM (Encoding Standard): a leading BOM is kept as U+FEFF, and each
/// invalid sequence (a maximal subpart) becomes one U+FFFD, which is exactly what
/// [`String::from_utf8_lossy`] does.
fn utf8_decode_without_bom(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(invalid) => String::from_utf8_lossy(invalid.as_bytes()).into_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_borrows_only_when_nothing_changes() {
        assert!(matches!(decode(b"plain"), Cow::Borrowed("plain")));
        assert!(matches!(decode(b""), Cow::Borrowed("")));
        assert!(matches!(
            decode("\u{e9}".as_bytes()),
            Cow::Borrowed("\u{e9}")
        ));
        assert!(matches!(decode(b"a+b"), Cow::Owned(s) if s == "a b"));
        assert!(matches!(decode(b"a%41"), Cow::Owned(s) if s == "aA"));
        assert!(matches!(decode(b"\xFF"), Cow::Owned(s) if s == "\u{FFFD}"));
    }

    #[test]
    fn plus_is_replaced_before_percent_decoding() {
        assert_eq!(decode(b"%2B+"), "+ ");
        assert_eq!(decode(b"%+2B"), "% 2B");
        assert_eq!(decode(b"%2+B"), "%2 B");
        assert_eq!(decode(b"++"), "  ");
    }
}
