//! Target `percent`: percent-encoding and decoding (spec 1.3) against byte-by-byte models.
//!
//! Input: the first byte picks a percent-encode set (modulo [`SETS`]' length); the rest is
//! the bytes to encode and decode. Properties:
//! - every encoder (span-based, `Cow`, "percent-encode after encoding" with UTF-8's direct path
//!   and with an encoder that takes the general path) gives the model's output;
//! - every decoder (`Cow`, into a buffer, lazy, `str`) gives the model's output;
//! - decode ∘ encode is the identity; encoding is idempotent for sets without `%`;
//! - the scanner and `is_percent_encoded_byte` agree with the model.

use percent::{
    AsciiSet, C0_CONTROL, COMPONENT, Encoded, Encoder, FORM_URLENCODED, FRAGMENT, PATH, QUERY,
    SPECIAL_QUERY, USERINFO, Utf8, first_byte_to_encode, is_percent_encoded_byte, percent_decode,
    percent_decode_into, percent_decode_iter, percent_decode_str, percent_encode_after_encoding,
    percent_encode_byte_into, percent_encode_into, utf8_percent_encode,
};

use crate::form_urlencoded::model_percent_decode;

/// Every percent-encode set of spec 1.3, with its name.
pub const SETS: [(&str, &AsciiSet); 8] = [
    ("C0 control", C0_CONTROL),
    ("fragment", FRAGMENT),
    ("query", QUERY),
    ("special-query", SPECIAL_QUERY),
    ("path", PATH),
    ("userinfo", USERINFO),
    ("component", COMPONENT),
    ("application/x-www-form-urlencoded", FORM_URLENCODED),
];

/// Whether `byte` (ASCII) is in the set called `name`, from the definitions of spec 1.3.
pub fn model_contains(name: &str, byte: u8) -> bool {
    let c0 = byte <= 0x1F || byte == 0x7F;
    let fragment = c0 || b" \"<>`".contains(&byte);
    let query = c0 || b" \"#<>".contains(&byte);
    let special_query = query || byte == b'\'';
    let path = query || b"?^`{}".contains(&byte);
    let userinfo = path || b"/:;=@[\\]|".contains(&byte);
    let component = userinfo || b"$%&+,".contains(&byte);
    let form = component || b"!'()~".contains(&byte);
    match name {
        "C0 control" => c0,
        "fragment" => fragment,
        "query" => query,
        "special-query" => special_query,
        "path" => path,
        "userinfo" => userinfo,
        "component" => component,
        _ => form,
    }
}

/// Every set holds exactly the bytes its definition names, and every non-ASCII byte is to be
/// encoded.
pub fn check_sets() {
    for (name, set) in SETS {
        for byte in 0..=255u8 {
            let expected = !byte.is_ascii() || model_contains(name, byte);
            assert_eq!(
                set.should_percent_encode(byte),
                expected,
                "set {name}, byte {byte:#04x}"
            );
            if byte.is_ascii() {
                assert_eq!(set.contains(byte), expected, "set {name}, byte {byte:#04x}");
            }
        }
    }
}

/// UTF-8, one code point at a time, without claiming to be UTF-8: the general path of
/// "percent-encode after encoding" (and of the URL parser's query encoding).
#[derive(Clone, Copy, Debug, Default)]
pub struct SlowUtf8;

impl Encoder for SlowUtf8 {
    fn encode(&self, input: &str, emit: &mut dyn FnMut(Encoded<'_>)) {
        let mut buf = [0u8; 4];
        for c in input.chars() {
            emit(Encoded::Bytes(c.encode_utf8(&mut buf).as_bytes()));
        }
    }
}

/// Percent-encodes `bytes` byte by byte (spec 1.3 "percent-encode after encoding" with UTF-8).
pub fn model_encode(bytes: &[u8], name: &str, space_as_plus: bool) -> String {
    let mut out = String::new();
    for &b in bytes {
        if space_as_plus && b == b' ' {
            out.push('+');
        } else if !b.is_ascii() || model_contains(name, b) {
            out.push_str(&format!("%{b:02X}"));
        } else {
            out.push(b as char);
        }
    }
    out
}

/// Checks one input (see the module docs).
pub fn check(data: &[u8]) {
    let Some((&selector, bytes)) = data.split_first() else {
        return;
    };
    let (name, set) = SETS[usize::from(selector) % SETS.len()];
    let expected = model_encode(bytes, name, false);

    let mut out = String::from(">");
    percent_encode_into(bytes, set, &mut out);
    assert_eq!(&out[1..], expected, "percent_encode_into, set {name}");
    let mut one_by_one = String::new();
    for &b in bytes {
        if set.should_percent_encode(b) {
            percent_encode_byte_into(b, &mut one_by_one);
        } else {
            one_by_one.push(b as char);
        }
    }
    assert_eq!(one_by_one, expected, "percent_encode_byte_into, set {name}");
    assert_eq!(
        first_byte_to_encode(bytes, set),
        bytes
            .iter()
            .position(|&b| !b.is_ascii() || model_contains(name, b)),
        "first_byte_to_encode, set {name}"
    );

    // The UTF-8 forms, on the text (invalid UTF-8 replaced).
    let text = String::from_utf8_lossy(bytes);
    let text_expected = model_encode(text.as_bytes(), name, false);
    assert_eq!(
        utf8_percent_encode(&text, set),
        text_expected,
        "utf8_percent_encode, set {name}"
    );
    for space_as_plus in [false, true] {
        let expected = model_encode(text.as_bytes(), name, space_as_plus);
        let mut fast = String::new();
        percent_encode_after_encoding(&Utf8, &text, set, space_as_plus, &mut fast);
        let mut general = String::new();
        percent_encode_after_encoding(&SlowUtf8, &text, set, space_as_plus, &mut general);
        assert_eq!(fast, expected, "after encoding (UTF-8), set {name}");
        assert_eq!(
            general, expected,
            "after encoding (general path), set {name}"
        );
    }

    // Decoding.
    let decoded = model_percent_decode(bytes);
    assert_eq!(&*percent_decode(bytes), &decoded[..], "percent_decode");
    let mut into = b"<".to_vec();
    percent_decode_into(bytes, &mut into);
    assert_eq!(&into[1..], &decoded[..], "percent_decode_into");
    assert_eq!(
        percent_decode_iter(bytes).collect::<Vec<u8>>(),
        decoded,
        "percent_decode_iter"
    );
    assert_eq!(
        &*percent_decode_str(&text),
        &model_percent_decode(text.as_bytes())[..],
        "percent_decode_str"
    );
    for i in 0..=bytes.len() {
        let model = bytes.get(i) == Some(&b'%')
            && bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
        assert_eq!(
            is_percent_encoded_byte(bytes, i),
            model,
            "is_percent_encoded_byte at {i}"
        );
    }

    // Round trips. Decoding undoes encoding when the input holds no percent-encoded byte of
    // its own, or when the set encodes "%".
    let has_encoded_byte = (0..bytes.len()).any(|i| is_percent_encoded_byte(bytes, i));
    if set.contains(b'%') || !has_encoded_byte {
        assert_eq!(
            &*percent_decode(expected.as_bytes()),
            bytes,
            "decode(encode(x)) with set {name}"
        );
    }
    if !set.contains(b'%') {
        assert_eq!(
            utf8_percent_encode(&expected, set),
            expected,
            "encoding twice with set {name}"
        );
    }
}
