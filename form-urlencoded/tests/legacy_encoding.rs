//! The serializer with a legacy encoding (spec 5.2 with an encoding other than UTF-8), through
//! the `encoding` feature's `EncodingRsEncoder`.
#![cfg(feature = "encoding")]
#![allow(clippy::restriction)] // test code: unwrapping or indexing is a failed test

use form_urlencoded::{EncodingRsEncoder, Serializer, serialize};

fn encoder(label: &str) -> EncodingRsEncoder {
    EncodingRsEncoder::for_label(label).unwrap()
}

#[test]
fn pairs_are_encoded_with_the_encoding() {
    let pairs = [("smörgåsbord", "€ 5"), ("q", "†")];
    assert_eq!(
        serialize(pairs, &encoder("windows-1252")),
        "sm%F6rg%E5sbord=%80+5&q=%86"
    );
    assert_eq!(serialize([("q", "†")], &encoder("euc-kr")), "q=%A2%D3");
    assert_eq!(
        serialize([("名前", "太郎")], &encoder("shift_jis")),
        "%96%BC%91O=%91%BE%98Y"
    );
}

#[test]
fn unmappable_code_points_are_numeric_character_references() {
    // Spec 1.3 step 5.4: "%26%23", the code point in decimal, "%3B".
    assert_eq!(
        serialize([("snow", "☃")], &encoder("windows-1252")),
        "snow=%26%239731%3B"
    );
    assert_eq!(
        serialize([("q", "\u{E5E5}")], &encoder("gb18030")),
        "q=%26%2358853%3B"
    );
}

#[test]
fn utf16_and_replacement_serialize_as_utf8() {
    // Step 1: "get an output encoding".
    for label in ["utf-16le", "utf-16be", "replacement"] {
        assert_eq!(serialize([("é", "☃")], &encoder(label)), "%C3%A9=%E2%98%83");
    }
}

#[test]
fn serializer_with_encoder() {
    let mut serializer = Serializer::with_encoder(String::new(), encoder("big5"));
    serializer.append_pair("a", "†").append_pair("b", "c d");
    assert_eq!(serializer.finish(), "a=%26%238224%3B&b=c+d");
}
