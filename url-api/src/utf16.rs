//! UTF-16 input, for JavaScript engines and other hosts that hold strings as UTF-16.
//!
//! The URL parser takes a scalar value string (spec 4.4); a JavaScript string is converted to
//! one as Web IDL's `USVString` does: each lone surrogate becomes U+FFFD. The conversion writes
//! UTF-8 into a stack buffer ([`SmallVec`]) that spills to the heap only for long input, so
//! an ordinary URL is parsed without an intermediate `String`.

use alloc::string::String;
use smallvec::SmallVec;
use url_core::ParseError;

use crate::Url;

/// UTF-8 bytes held on the stack: longer input spills to the heap.
const STACK_BYTES: usize = 512;

/// Runs `f` on `input` converted to a scalar value string (lone surrogates become U+FFFD).
/// Only this thin step is generic: the conversion is one compiled function
/// ([`push_scalar_values`]) for every caller.
fn with_scalar_values<R>(input: &[u16], f: impl FnOnce(&str) -> R) -> R {
    let mut utf8: SmallVec<[u8; STACK_BYTES]> = SmallVec::with_capacity(input.len());
    push_scalar_values(input, &mut utf8);
    match core::str::from_utf8(&utf8) {
        Ok(s) => f(s),
        // Not reachable: the buffer holds whole UTF-8 encodings of chars only.
        Err(_) => f(&String::from_utf16_lossy(input)),
    }
}

/// Appends the UTF-8 of `input` as a scalar value string to `utf8`.
fn push_scalar_values(input: &[u16], utf8: &mut SmallVec<[u8; STACK_BYTES]>) {
    for unit in char::decode_utf16(input.iter().copied()) {
        match unit {
            // The common case: an ASCII code unit is its own byte.
            Ok(c) if c.is_ascii() => utf8.push(c as u8),
            Ok(c) => utf8.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
            Err(_) => utf8.extend_from_slice(
                char::REPLACEMENT_CHARACTER
                    .encode_utf8(&mut [0; 4])
                    .as_bytes(),
            ),
        }
    }
}

impl Url {
    /// [`Url::parse`] on UTF-16 input: `new URL(input, base)` with `input` as a JavaScript
    /// engine holds it. `input` is converted to a scalar value string first (Web IDL
    /// `USVString`: a lone surrogate becomes U+FFFD), on the stack unless it is long.
    ///
    /// ```
    /// use whatwg_url::Url;
    ///
    /// let input: Vec<u16> = "https://example.com/caf\u{e9}".encode_utf16().collect();
    /// assert_eq!(Url::parse_utf16(&input, None)?.pathname(), "/caf%C3%A9");
    ///
    /// // A lone surrogate is U+FFFD.
    /// let mut input: Vec<u16> = "https://example.com/?".encode_utf16().collect();
    /// input.push(0xD800);
    /// assert_eq!(Url::parse_utf16(&input, None)?.search(), "?%EF%BF%BD");
    ///
    /// let input: Vec<u16> = "../x".encode_utf16().collect();
    /// assert_eq!(Url::parse_utf16(&input, Some("https://h/a/b"))?.href(), "https://h/x");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn parse_utf16(input: &[u16], base: Option<&str>) -> Result<Url, ParseError> {
        with_scalar_values(input, |input| Url::parse(input, base))
    }

    /// [`Url::can_parse`] on UTF-16 input (`URL.canParse(url, base)`): whether
    /// [`Url::parse_utf16`] would succeed.
    ///
    /// ```
    /// use whatwg_url::Url;
    ///
    /// let utf16 = |s: &str| s.encode_utf16().collect::<Vec<u16>>();
    /// assert!(Url::can_parse_utf16(&utf16("https://example.com"), None));
    /// assert!(!Url::can_parse_utf16(&utf16("https://exa mple.com"), None));
    /// // A lone surrogate in a host is U+FFFD, which no host may contain.
    /// assert!(!Url::can_parse_utf16(&[0x68, 0x74, 0x74, 0x70, 0x3A, 0x2F, 0x2F, 0xDC00], None));
    /// ```
    pub fn can_parse_utf16(input: &[u16], base: Option<&str>) -> bool {
        with_scalar_values(input, |input| Url::can_parse(input, base))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    fn convert(input: &[u16]) -> String {
        with_scalar_values(input, |s: &str| String::from(s))
    }

    #[test]
    fn conversion_matches_usv_string() {
        let cases: [&[u16]; 7] = [
            &[],
            &[0x61, 0x62],
            &[0xD800],
            &[0xDC00, 0x61],
            &[0xD83D, 0xDE00],
            &[0xD83D, 0xD83D, 0xDE00],
            &[0xE9, 0x2603, 0xDFFF, 0xD800],
        ];
        for case in cases {
            assert_eq!(convert(case), String::from_utf16_lossy(case), "{case:?}");
        }
    }

    #[test]
    fn long_input_spills() {
        let long: Vec<u16> = core::iter::repeat_n(0x2603, 3 * STACK_BYTES).collect();
        assert_eq!(convert(&long), String::from_utf16_lossy(&long));
    }
}
