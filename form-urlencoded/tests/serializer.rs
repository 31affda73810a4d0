//! The serializer (spec 5.2): its escaping rules (those of WPT's
//! urlsearchparams-stringifier.any.js and more), the encoder hook, and the `Serializer` target.

use form_urlencoded::{Encoder, Serializer, Utf8, serialize, serialize_utf8};

fn value(v: &str) -> String {
    serialize_utf8([("a", v)])
}

#[test]
fn space_is_plus() {
    assert_eq!(value("b c"), "a=b+c");
    assert_eq!(value(" "), "a=+");
    assert_eq!(serialize_utf8([("a b", "")]), "a+b=");
    assert_eq!(value("  x  "), "a=++x++");
}

#[test]
fn alphanumerics_and_four_marks_are_kept() {
    assert_eq!(value("*-._"), "a=*-._");
    assert_eq!(value("AZaz09"), "a=AZaz09");
}

#[test]
fn reserved_characters_are_encoded() {
    assert_eq!(value("="), "a=%3D");
    assert_eq!(value("&"), "a=%26");
    assert_eq!(value("+"), "a=%2B");
    assert_eq!(value("%"), "a=%25");
    assert_eq!(value("b=c&d+e%f"), "a=b%3Dc%26d%2Be%25f");
    assert_eq!(serialize_utf8([("=&+%", "")]), "%3D%26%2B%25=");
    assert_eq!(value("!'()~"), "a=%21%27%28%29%7E");
}

#[test]
fn nul_and_newlines_are_encoded() {
    assert_eq!(value("\0"), "a=%00");
    assert_eq!(value("b\0c"), "a=b%00c");
    assert_eq!(value("\n"), "a=%0A");
    assert_eq!(value("\r"), "a=%0D");
    assert_eq!(value("\r\n"), "a=%0D%0A");
    assert_eq!(value("\t"), "a=%09");
}

#[test]
fn non_ascii_is_utf8_percent_encoded() {
    assert_eq!(value("\u{e9}"), "a=%C3%A9");
    assert_eq!(value("\u{1F4A9}"), "a=%F0%9F%92%A9");
    assert_eq!(value("\u{FEFF}"), "a=%EF%BB%BF");
    assert_eq!(value("\u{FFFD}"), "a=%EF%BF%BD");
    assert_eq!(
        serialize_utf8([("\u{2020}", "\u{10FFFF}")]),
        "%E2%80%A0=%F4%8F%BF%BF"
    );
}

#[test]
fn every_ascii_character_follows_the_form_set() {
    for b in 0u8..=0x7F {
        let c = char::from(b);
        let expected = if b.is_ascii_alphanumeric() || matches!(b, b'*' | b'-' | b'.' | b'_') {
            c.to_string()
        } else if b == b' ' {
            "+".to_owned()
        } else {
            format!("%{b:02X}")
        };
        assert_eq!(
            value(&c.to_string()),
            format!("a={expected}"),
            "byte {b:#04X}"
        );
    }
}

#[test]
fn pairs_are_joined_with_ampersands() {
    let no_pairs: [(&str, &str); 0] = [];
    assert_eq!(serialize_utf8(no_pairs), "");
    assert_eq!(serialize_utf8([("", "")]), "=");
    assert_eq!(serialize_utf8([("", ""), ("", "")]), "=&=");
    assert_eq!(
        serialize_utf8([("a", "1"), ("b", "2"), ("a", "3")]),
        "a=1&b=2&a=3"
    );
}

test_support::latin1_encoder!(percent);

#[test]
fn unmappable_code_points_become_numeric_character_references() {
    // U+00E9 is one byte in Latin-1; U+2020 (8224) and U+1F4A9 (128169) are unmappable.
    let out = serialize([("n \u{e9}", "\u{2020}x\u{1F4A9}")], &Latin1);
    assert_eq!(out, "n+%E9=%26%238224%3Bx%26%23128169%3B");
    // Through a trait object, and through the builder.
    let dynamic: &dyn Encoder = &Latin1;
    assert_eq!(serialize([("k", "\u{2020}")], dynamic), "k=%26%238224%3B");
    let mut serializer = Serializer::with_encoder(String::new(), &Latin1);
    serializer.append_pair("\u{100}", " ");
    assert_eq!(serializer.finish(), "%26%23256%3B=+");
    // UTF-8 never reports an unmappable code point.
    assert_eq!(serialize([("k", "\u{2020}")], &Utf8), "k=%E2%80%A0");
}

#[test]
fn serializer_appends_to_an_existing_string() {
    let mut url = String::from("https://example.com/?");
    let mut serializer = Serializer::new(&mut url);
    serializer.append_pair("a", "1");
    serializer.append_pair("b", "2 3");
    serializer.finish();
    assert_eq!(url, "https://example.com/?a=1&b=2+3");

    // The serializer's output is what it appends: the target's text before it is not
    // a pair, so the first pair gets no &.
    let mut form = String::from("?");
    Serializer::new(&mut form).append_pair("y", "2");
    assert_eq!(form, "?y=2");
}

#[test]
fn serializer_owns_its_string_by_default() {
    let mut serializer = Serializer::new(String::new());
    serializer
        .append_pair("a", "")
        .extend_pairs([("b", "c")])
        .append_pair("d", "e");
    let out: String = serializer.finish();
    assert_eq!(out, "a=&b=c&d=e");
}

#[test]
fn extend_pairs_takes_owned_and_borrowed_pairs() {
    let owned = vec![
        ("a".to_owned(), "1".to_owned()),
        ("b".to_owned(), "2".to_owned()),
    ];
    assert_eq!(serialize_utf8(&owned), "a=1&b=2");
    assert_eq!(serialize_utf8(owned.iter()), "a=1&b=2");
    assert_eq!(serialize_utf8(owned.clone()), "a=1&b=2");
    let mixed = [("c".to_owned(), "3")];
    assert_eq!(serialize_utf8(mixed.clone()), "c=3");
    let mut serializer = Serializer::new(String::new());
    serializer.extend_pairs(&owned).extend_pairs(&mixed);
    assert_eq!(serializer.finish(), "a=1&b=2&c=3");
}
