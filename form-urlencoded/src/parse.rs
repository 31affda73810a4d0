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
    Parse {
        input,
        text: None,
        at: 0,
    }
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
    Parse {
        input: input.as_bytes(),
        text: Some(input),
        at: 0,
    }
}

/// [`parse`], collected into owned strings.
///
/// ```
/// let pairs = form_urlencoded::parse_to_vec(b"a=%FF");
/// assert_eq!(pairs, [("a".to_owned(), "\u{FFFD}".to_owned())]);
/// ```
pub fn parse_to_vec(input: &[u8]) -> Vec<(String, String)> {
    collect_owned(parse(input))
}

/// [`parse_str`], collected into owned strings.
///
/// ```
/// let pairs = form_urlencoded::parse_str_to_vec("a=1&b=%C3%A9");
/// assert_eq!(pairs, [("a".to_owned(), "1".to_owned()), ("b".to_owned(), "é".to_owned())]);
/// ```
pub fn parse_str_to_vec(input: &str) -> Vec<(String, String)> {
    collect_owned(parse_str(input))
}

fn collect_owned(pairs: Parse<'_>) -> Vec<(String, String)> {
    // One allocation for the list: at most one pair per `&`-separated piece.
    let pieces = pairs.input.iter().filter(|&&b| b == b'&').count() + 1;
    let mut list = Vec::with_capacity(pieces);
    list.extend(pairs.map(|(name, value)| (name.into_owned(), value.into_owned())));
    list
}

/// The iterator of [`parse`] and [`parse_str`].
#[derive(Clone, Debug)]
pub struct Parse<'a> {
    input: &'a [u8],
    /// `input` as text when it came as a `str`: its pieces (cut at ASCII bytes, so at char
    /// boundaries) are then borrowed without a second UTF-8 check.
    text: Option<&'a str>,
    /// Where the rest of `input` starts.
    at: usize,
}

impl<'a> Iterator for Parse<'a> {
    type Item = (Cow<'a, str>, Cow<'a, str>);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            // Step 1: split the input on 0x26 (&); step 3.1: skip an empty sequence.
            let rest = self.input.get(self.at..).filter(|r| !r.is_empty())?;
            let start = self.at;
            let end = match rest.iter().position(|&b| b == b'&') {
                Some(i) => start + i,
                None => self.input.len(),
            };
            self.at = end + 1;
            if end == start {
                continue;
            }
            let bytes = self.input.get(start..end).unwrap_or_default();
            // Steps 3.2 and 3.3: the name before the first 0x3D (=), the value after it.
            let (name, value) = match bytes.iter().position(|&b| b == b'=') {
                Some(i) => ((start, start + i), (start + i + 1, end)),
                None => ((start, end), (end, end)),
            };
            return Some((self.decode(name), self.decode(value)));
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.input.len().saturating_sub(self.at);
        (0, Some(left.div_ceil(2)))
    }
}

impl<'a> Parse<'a> {
    /// Steps 3.4 and 3.5 on `input[start..end]`: `+` as space, percent-decode, UTF-8 decode
    /// without BOM. A piece of a `str` input with nothing to decode is borrowed as it is.
    fn decode(&self, (start, end): (usize, usize)) -> Cow<'a, str> {
        let bytes = self.input.get(start..end).unwrap_or_default();
        if let Some(text) = self.text {
            if !bytes.iter().any(|&b| b == b'+' || b == b'%') {
                if let Some(piece) = text.get(start..end) {
                    return Cow::Borrowed(piece);
                }
            }
        }
        decode(bytes)
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
