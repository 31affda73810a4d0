//! The legacy encodings of the Encoding Standard as an [`Encoder`], through `encoding_rs`
//! (feature `encoding`).
//!
//! This is the one adapter from `encoding_rs` to this crate's [`Encoder`] hook: the URL
//! parser's query state (spec 4.4) and the application/x-www-form-urlencoded serializer
//! (spec 5.2) take an [`Encoder`], and [`EncodingRsEncoder`] is how a document's legacy
//! encoding (`windows-1252`, `shift_jis`, `euc-kr`, `gb18030`, `big5`, …) plugs in.

use crate::encode::{Encoded, Encoder};
use encoding_rs::{EncoderResult, Encoding, UTF_8};

/// Bytes encoded per step. Any length works (`encoding_rs` stops with "output full" and goes on
/// in the next step); this one holds the longest escape sequence plus a character many times.
const CHUNK: usize = 64;

/// An encoding of the Encoding Standard, as [`percent_encode_after_encoding`] and the URL
/// parser use it: bytes for what the encoding can represent, [`Encoded::Unmappable`] for each
/// code point it cannot (which percent-encode after encoding writes as `%26%23N%3B`, spec
/// 1.3 step 5.4).
///
/// It always holds an *output* encoding (Encoding Standard, "get an output encoding"):
/// `replacement`, `UTF-16BE` and `UTF-16LE` become `UTF-8`, as the basic URL parser (spec 4.4,
/// step 5) and the application/x-www-form-urlencoded serializer (spec 5.2, step 1) require.
///
/// ```
/// use percent::{percent_encode_after_encoding, EncodingRsEncoder, SPECIAL_QUERY};
///
/// let windows_1252 = EncodingRsEncoder::for_label("latin1").unwrap();
/// assert_eq!(windows_1252.name(), "windows-1252");
///
/// let mut query = String::new();
/// percent_encode_after_encoding(&windows_1252, "smörgåsbord †€ ☃", SPECIAL_QUERY, false, &mut query);
/// // ö, å, † and € are single bytes in windows-1252; ☃ (U+2603) is not in it at all.
/// assert_eq!(query, "sm%F6rg%E5sbord%20%86%80%20%26%239731%3B");
///
/// // "Get an output encoding": UTF-16 documents encode URLs as UTF-8.
/// assert_eq!(EncodingRsEncoder::for_label("utf-16le").unwrap().name(), "UTF-8");
/// assert!(EncodingRsEncoder::for_label("no-such-encoding").is_none());
/// ```
///
/// [`percent_encode_after_encoding`]: crate::percent_encode_after_encoding
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EncodingRsEncoder {
    /// An output encoding: never `replacement`, `UTF-16BE` or `UTF-16LE`.
    encoding: &'static Encoding,
}

impl EncodingRsEncoder {
    /// The encoding for a WHATWG label (Encoding Standard, "get an encoding": ASCII whitespace
    /// around the label is ignored, ASCII case-insensitive), then its output encoding. `None`
    /// when no encoding has that label.
    ///
    /// ```
    /// use percent::EncodingRsEncoder;
    ///
    /// assert_eq!(EncodingRsEncoder::for_label(" Shift_JIS ").unwrap().name(), "Shift_JIS");
    /// assert_eq!(EncodingRsEncoder::for_label("csiso2022kr").unwrap().name(), "UTF-8"); // replacement
    /// ```
    pub fn for_label(label: &str) -> Option<EncodingRsEncoder> {
        Encoding::for_label(label.as_bytes()).map(EncodingRsEncoder::new)
    }

    /// The output encoding of `encoding` ("get an output encoding").
    ///
    /// ```
    /// use percent::EncodingRsEncoder;
    /// use encoding_rs::{EUC_KR, REPLACEMENT, UTF_16BE};
    ///
    /// assert_eq!(EncodingRsEncoder::new(EUC_KR).name(), "EUC-KR");
    /// assert_eq!(EncodingRsEncoder::new(UTF_16BE).name(), "UTF-8");
    /// assert_eq!(EncodingRsEncoder::new(REPLACEMENT).name(), "UTF-8");
    /// ```
    pub fn new(encoding: &'static Encoding) -> EncodingRsEncoder {
        EncodingRsEncoder {
            encoding: encoding.output_encoding(),
        }
    }

    /// The output encoding in use.
    pub fn encoding(&self) -> &'static Encoding {
        self.encoding
    }

    /// The output encoding's name as the Encoding Standard writes it (`"windows-1252"`,
    /// `"Shift_JIS"`, `"UTF-8"`, …).
    pub fn name(&self) -> &'static str {
        self.encoding.name()
    }
}

impl Default for EncodingRsEncoder {
    /// UTF-8, the URL parser's default encoding.
    fn default() -> EncodingRsEncoder {
        EncodingRsEncoder::new(UTF_8)
    }
}

impl Encoder for EncodingRsEncoder {
    /// "Encode or fail" (Encoding Standard), run until the input is consumed, as percent-encode
    /// after encoding does (spec 1.3, step 5): one encoder instance for the whole input, so a
    /// stateful encoding (ISO-2022-JP) keeps its state across unmappable code points and ends
    /// in its initial state. `encoding_rs` reports ISO-2022-JP's errors for U+000E, U+000F and
    /// U+001B as U+FFFD, as the Encoding Standard's ISO-2022-JP encoder does.
    fn encode(&self, input: &str, emit: &mut dyn FnMut(Encoded<'_>)) {
        if self.encoding == UTF_8 {
            emit(Encoded::Bytes(input.as_bytes()));
            return;
        }
        let mut encoder = self.encoding.new_encoder();
        let mut buffer = [0u8; CHUNK];
        let mut rest = input;
        loop {
            let (result, read, written) =
                encoder.encode_from_utf8_without_replacement(rest, &mut buffer, true);
            if let Some(bytes) = buffer.get(..written).filter(|b| !b.is_empty()) {
                emit(Encoded::Bytes(bytes));
            }
            rest = rest.get(read..).unwrap_or_default();
            match result {
                EncoderResult::InputEmpty => return,
                EncoderResult::Unmappable(c) => emit(Encoded::Unmappable(c)),
                // The buffer is full: go on with a fresh one. No progress at all cannot happen
                // with CHUNK bytes of room, but must not loop for ever if it did.
                EncoderResult::OutputFull if read == 0 && written == 0 => return,
                EncoderResult::OutputFull => {}
            }
        }
    }

    fn is_utf8(&self) -> bool {
        self.encoding == UTF_8
    }
}

#[cfg(test)]
#[cfg(feature = "alloc")]
mod tests {
    use super::*;
    use crate::{SPECIAL_QUERY, percent_encode_after_encoding};
    use alloc::string::String;
    use alloc::vec::Vec;

    fn encode(label: &str, input: &str) -> String {
        let encoder = EncodingRsEncoder::for_label(label).unwrap();
        let mut out = String::new();
        percent_encode_after_encoding(&encoder, input, SPECIAL_QUERY, false, &mut out);
        out
    }

    #[test]
    fn output_encodings() {
        for (label, name) in [
            ("utf-16", "UTF-8"),
            ("UTF-16BE", "UTF-8"),
            ("replacement", "UTF-8"),
            ("iso-2022-kr", "UTF-8"),
            ("unicode-1-1-utf-8", "UTF-8"),
            ("sjis", "Shift_JIS"),
            ("gbk", "GBK"),
            ("x-user-defined", "x-user-defined"),
        ] {
            assert_eq!(EncodingRsEncoder::for_label(label).unwrap().name(), name);
        }
        assert!(EncodingRsEncoder::for_label("").is_none());
        assert!(EncodingRsEncoder::for_label("utf-8 x").is_none());
        assert!(EncodingRsEncoder::for_label("\u{e9}").is_none());
    }

    #[test]
    fn utf8_takes_the_direct_path() {
        let utf8 = EncodingRsEncoder::default();
        assert!(utf8.is_utf8());
        assert!(!EncodingRsEncoder::for_label("big5").unwrap().is_utf8());
        assert_eq!(encode("utf-16le", "\u{e9}\u{2603}"), "%C3%A9%E2%98%83");
    }

    #[test]
    fn unmappable_code_points() {
        assert_eq!(encode("windows-1252", "\u{2603}a"), "%26%239731%3Ba");
        assert_eq!(encode("euc-kr", "\u{2020}"), "%A2%D3");
        assert_eq!(encode("big5", "\u{2020}"), "%26%238224%3B");
        assert_eq!(encode("gb18030", "\u{e5e5}"), "%26%2358853%3B");
        // The ISO-2022-JP encoder refuses the bytes that would switch its state.
        assert_eq!(encode("iso-2022-jp", "\u{e}A"), "%26%2365533%3BA");
    }

    #[test]
    fn iso_2022_jp_keeps_its_state_and_ends_in_ascii() {
        // U+203E is in JIS X 0201 Roman; "\" is not, so ASCII comes back before it, and the
        // encoder ends in ASCII.
        assert_eq!(encode("iso-2022-jp", "\u{203e}\\"), "%1B(J~%1B(B\\");
        assert_eq!(encode("iso-2022-jp", "\u{203e}"), "%1B(J~%1B(B");
        // An unmappable code point in the JIS X 0208 state: back to ASCII before it.
        assert_eq!(
            encode("iso-2022-jp", "\u{3042}\u{2603}\u{3042}"),
            "%1B$B$%22%1B(B%26%239731%3B%1B$B$%22%1B(B"
        );
    }

    #[test]
    fn long_input_crosses_chunks() {
        let input: String = core::iter::repeat_n("\u{3042}a\u{2603}", 100).collect();
        let encoder = EncodingRsEncoder::for_label("shift_jis").unwrap();
        let mut bytes = Vec::new();
        let mut unmappable = Vec::new();
        encoder.encode(&input, &mut |piece| match piece {
            Encoded::Bytes(b) => bytes.extend_from_slice(b),
            Encoded::Unmappable(c) => {
                unmappable.push(c);
                bytes.push(b'!');
            }
        });
        // U+3042 is 0x82 0xA0 in Shift_JIS; U+2603 is not in it.
        let expected: Vec<u8> = core::iter::repeat_n([0x82, 0xA0, b'a', b'!'], 100)
            .flatten()
            .collect();
        assert_eq!(bytes, expected);
        assert_eq!(unmappable, ['\u{2603}'; 100]);
    }
}
