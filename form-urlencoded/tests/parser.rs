//! The parser (spec 5.1): its steps one by one, borrowing, UTF-8 decoding without BOM, and
//! properties over thousands of generated inputs (a deterministic PRNG).
#![allow(clippy::restriction)] // test code: unwrapping or indexing is a failed test

use std::borrow::Cow;

use form_urlencoded::{parse, parse_str, parse_to_vec, serialize_utf8};
use test_support::rng::Rng;

fn pairs(input: &[u8]) -> Vec<(String, String)> {
    parse_to_vec(input)
}

fn owned(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|&(n, v)| (n.to_owned(), v.to_owned()))
        .collect()
}

#[test]
fn splits_on_ampersand_and_skips_empty_sequences() {
    assert_eq!(pairs(b""), owned(&[]));
    assert_eq!(pairs(b"&&&"), owned(&[]));
    assert_eq!(pairs(b"&a&&b&"), owned(&[("a", ""), ("b", "")]));
    // "%26" is not a separator: it decodes to & after the split.
    assert_eq!(pairs(b"a=%26&b"), owned(&[("a", "&"), ("b", "")]));
}

#[test]
fn splits_name_and_value_at_the_first_equals_sign() {
    assert_eq!(pairs(b"a=b=c"), owned(&[("a", "b=c")]));
    assert_eq!(pairs(b"="), owned(&[("", "")]));
    assert_eq!(pairs(b"=="), owned(&[("", "=")]));
    assert_eq!(pairs(b"&=&"), owned(&[("", "")]));
    assert_eq!(pairs(b"a%3Db=c"), owned(&[("a=b", "c")]));
}

#[test]
fn plus_is_space_but_encoded_plus_is_plus() {
    assert_eq!(pairs(b"a+b=c+d"), owned(&[("a b", "c d")]));
    assert_eq!(pairs(b"a=%2B+%2b"), owned(&[("a", "+ +")]));
    assert_eq!(pairs(b"%+2B=%2+B"), owned(&[("% 2B", "%2 B")]));
}

#[test]
fn utf8_decode_keeps_the_bom_and_replaces_each_maximal_subpart() {
    assert_eq!(
        pairs(b"%EF%BB%BFa=\xEF\xBB\xBF"),
        owned(&[("\u{FEFF}a", "\u{FEFF}")])
    );
    // Truncated 4-byte sequence: one U+FFFD.
    assert_eq!(pairs(b"a=%F0%9F%92"), owned(&[("a", "\u{FFFD}")]));
    assert_eq!(pairs(b"a=%F0%9F%92x"), owned(&[("a", "\u{FFFD}x")]));
    // Overlong, surrogate and out-of-range forms: one U+FFFD per byte.
    assert_eq!(pairs(b"a=%C0%AF"), owned(&[("a", "\u{FFFD}\u{FFFD}")]));
    assert_eq!(
        pairs(b"a=%E0%80%80"),
        owned(&[("a", "\u{FFFD}\u{FFFD}\u{FFFD}")])
    );
    assert_eq!(
        pairs(b"a=%ED%A0%80"),
        owned(&[("a", "\u{FFFD}\u{FFFD}\u{FFFD}")])
    );
    assert_eq!(
        pairs(b"a=%F4%90%80%80"),
        owned(&[("a", "\u{FFFD}".repeat(4).as_str())])
    );
    // Raw (not percent-encoded) invalid bytes too.
    assert_eq!(pairs(b"\xFF=\xC3"), owned(&[("\u{FFFD}", "\u{FFFD}")]));
    assert_eq!(pairs(b"a=%F0%9F%92%A9"), owned(&[("a", "\u{1F4A9}")]));
}

#[test]
fn nothing_to_decode_borrows_from_the_input() {
    let input = "name=value&caf\u{e9}=\u{2603}&empty=&flag".as_bytes();
    for (name, value) in parse(input) {
        assert!(matches!(name, Cow::Borrowed(_)), "{name:?}");
        assert!(matches!(value, Cow::Borrowed(_)), "{value:?}");
    }
    // Each side is decided on its own.
    let mut mixed = parse(b"plain=a+b&x%41=plain");
    let (name, value) = mixed.next().unwrap();
    assert!(matches!(name, Cow::Borrowed("plain")));
    assert!(matches!(value, Cow::Owned(ref v) if v == "a b"));
    let (name, value) = mixed.next().unwrap();
    assert!(matches!(name, Cow::Owned(ref n) if n == "xA"));
    assert!(matches!(value, Cow::Borrowed("plain")));
    // Invalid UTF-8 with nothing to percent-decode still needs an owned replacement.
    let (name, _) = parse(b"\xFF").next().unwrap();
    assert!(matches!(name, Cow::Owned(ref n) if n == "\u{FFFD}"));
}

#[test]
fn borrowed_pairs_point_into_the_input() {
    let input = String::from("key=val");
    let (name, value) = parse_str(&input).next().unwrap();
    let range = input.as_bytes().as_ptr_range();
    match (name, value) {
        (Cow::Borrowed(n), Cow::Borrowed(v)) => {
            assert!(range.contains(&n.as_ptr()) && range.contains(&v.as_ptr()));
        }
        other => panic!("expected borrowed pairs, got {other:?}"),
    }
}

#[test]
fn iterator_is_fused_and_its_size_hint_holds() {
    for input in [&b""[..], b"a", b"a&b", b"&&", b"a&&b&c=d&", b"=&=&="] {
        let count = parse(input).count();
        let (low, high) = parse(input).size_hint();
        assert!(
            low <= count && high.is_some_and(|h| count <= h),
            "{input:?}"
        );
        let mut iter = parse(input);
        iter.by_ref().for_each(drop);
        assert_eq!(iter.next(), None);
        assert_eq!(iter.next(), None);
    }
}

fn string(rng: &mut Rng) -> String {
    const CHARS: &[char] = &[
        'a',
        'Z',
        '0',
        ' ',
        '+',
        '%',
        '&',
        '=',
        '*',
        '-',
        '.',
        '_',
        '~',
        '\0',
        '\r',
        '\n',
        '\u{e9}',
        '\u{FEFF}',
        '\u{FFFD}',
        '\u{2603}',
        '\u{1F4A9}',
    ];
    let len = rng.below(12);
    (0..len)
        .map(|_| match rng.below(3) {
            0 => char::from_u32(rng.below(0x11_0000) as u32).unwrap_or('?'),
            _ => CHARS[rng.below(CHARS.len())],
        })
        .collect()
}

/// Arbitrary bytes, the form's delimiters, `%` and hex digits over-represented.
fn bytes(rng: &mut Rng) -> Vec<u8> {
    rng.escape_bytes(b"%&=+", 29)
}

/// Spec 5.1 read literally: split, skip empty, split at =, replace +, percent-decode,
/// UTF-8 decode without BOM.
fn reference_parse(input: &[u8]) -> Vec<(String, String)> {
    let decode = |bytes: &[u8]| {
        let replaced: Vec<u8> = bytes
            .iter()
            .map(|&b| if b == b'+' { b' ' } else { b })
            .collect();
        String::from_utf8_lossy(&percent::percent_decode(&replaced)).into_owned()
    };
    input
        .split(|&b| b == b'&')
        .filter(|bytes| !bytes.is_empty())
        .map(|bytes| match bytes.iter().position(|&b| b == b'=') {
            Some(i) => (decode(&bytes[..i]), decode(&bytes[i + 1..])),
            None => (decode(bytes), String::new()),
        })
        .collect()
}

#[test]
fn parsing_arbitrary_bytes_follows_the_spec() {
    let mut rng = Rng::new(11);
    for case in 0..20_000 {
        let input = bytes(&mut rng);
        assert_eq!(
            pairs(&input),
            reference_parse(&input),
            "case {case}: {input:?}"
        );
    }
}

#[test]
fn serialize_then_parse_round_trips() {
    let mut rng = Rng::new(12);
    for case in 0..5_000 {
        let list: Vec<(String, String)> = (0..rng.below(5))
            .map(|_| (string(&mut rng), string(&mut rng)))
            .collect();
        let serialized = serialize_utf8(&list);
        assert!(serialized.is_ascii(), "case {case}");
        // Empty pairs serialize to "=", which parses back to ("", "").
        assert_eq!(
            parse_to_vec(serialized.as_bytes()),
            list,
            "case {case}: {serialized:?}"
        );
    }
}
