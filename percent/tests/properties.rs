//! Property tests over thousands of pseudo-random inputs (a small deterministic PRNG, so every
//! run checks the same cases and a failure is reproducible from its seed and index).
#![allow(clippy::restriction)] // test code: unwrapping or indexing is a failed test

use std::borrow::Cow;

use test_support::rng::Rng;

use percent::{
    AsciiSet, C0_CONTROL, COMPONENT, Encoder, FORM_URLENCODED, FRAGMENT, PATH, QUERY,
    SPECIAL_QUERY, USERINFO, Utf8, first_byte_to_encode, is_percent_encoded_byte, percent_decode,
    percent_decode_into, percent_decode_iter, percent_decode_str, percent_encode_after_encoding,
    percent_encode_byte_into, percent_encode_into, utf8_percent_encode, utf8_percent_encode_into,
};

const ALL_SETS: [&AsciiSet; 8] = [
    C0_CONTROL,
    FRAGMENT,
    QUERY,
    SPECIAL_QUERY,
    PATH,
    USERINFO,
    COMPONENT,
    FORM_URLENCODED,
];

const CASES: usize = 4000;

/// A string mixing the characters that matter here: `%` and hex digits (so that percent-
/// encoded bytes appear by chance), `+`, space, controls, all of ASCII, and non-ASCII code
/// points of every UTF-8 length.
fn string(rng: &mut Rng) -> String {
    const SPECIAL: &[char] = &[
        '%',
        '%',
        '%',
        '+',
        ' ',
        '2',
        '0',
        'a',
        'F',
        'g',
        '#',
        '?',
        '&',
        '=',
        '\0',
        '\t',
        '\n',
        '\u{7F}',
        '\u{80}',
        '\u{E9}',
        '\u{FEFF}',
        '\u{FFFD}',
        '\u{2020}',
        '\u{1F600}',
        '\u{10FFFF}',
    ];
    let len = rng.below(40);
    (0..len)
        .map(|_| match rng.below(4) {
            0 => SPECIAL[rng.below(SPECIAL.len())],
            1 => char::from(rng.below(0x80) as u8),
            2 => char::from_u32(rng.below(0x11_0000) as u32).unwrap_or('\u{FFFD}'),
            _ => char::from(b'a' + rng.below(26) as u8),
        })
        .collect()
}

/// Arbitrary bytes, `%` and hex digits over-represented.
fn bytes(rng: &mut Rng) -> Vec<u8> {
    rng.escape_bytes(b"%", 39)
}

/// Percent-encode, byte by byte, straight from spec 1.3 ("percent-encode after encoding"
/// with UTF-8): a byte in the set (or non-ASCII) becomes `%XX` in upper-case hex.
fn reference_encode(input: &[u8], set: &AsciiSet, space_as_plus: bool) -> String {
    let mut out = String::new();
    for &b in input {
        if space_as_plus && b == b' ' {
            out.push('+');
        } else if b >= 0x80 || set.contains(b) {
            out.push_str(&format!("%{b:02X}"));
        } else {
            out.push(char::from(b));
        }
    }
    out
}

/// Percent-decode, byte by byte, straight from spec 1.3.
fn reference_decode(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < input.len() {
        let b = input[i];
        let hex = |j: usize| input.get(j).is_some_and(u8::is_ascii_hexdigit);
        if b == b'%' && hex(i + 1) && hex(i + 2) {
            let digits = std::str::from_utf8(&input[i + 1..i + 3]).unwrap();
            out.push(u8::from_str_radix(digits, 16).unwrap());
            i += 3;
        } else {
            out.push(b);
            i += 1;
        }
    }
    out
}

/// Checks that `out` holds only ASCII, and only bytes outside `set` apart from `%XX`
/// sequences with upper-case hex digits.
fn assert_only_allowed_bytes(out: &str, set: &AsciiSet, context: &str) {
    let bytes = out.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        assert!(b.is_ascii(), "{context}: non-ASCII in {out:?}");
        if b == b'%' && set.contains(b'%') {
            // '%' is in the set, so every '%' in the output starts an escape.
            let escape = &bytes[i..(i + 3).min(bytes.len())];
            assert!(is_upper_escape(escape), "{context}: bad escape in {out:?}");
            i += 3;
        } else if is_upper_escape(&bytes[i..(i + 3).min(bytes.len())]) {
            i += 3;
        } else {
            assert!(
                !set.contains(b),
                "{context}: {:?} left unencoded in {out:?}",
                char::from(b)
            );
            i += 1;
        }
    }
}

fn is_upper_escape(s: &[u8]) -> bool {
    matches!(s, [b'%', h, l] if h.is_ascii_digit() || (b'A'..=b'F').contains(h)
        && (l.is_ascii_digit() || (b'A'..=b'F').contains(l)))
}

#[test]
fn encode_then_decode_round_trips_with_the_component_and_form_sets() {
    let mut rng = Rng::new(1);
    for case in 0..CASES {
        let s = string(&mut rng);
        for set in [COMPONENT, FORM_URLENCODED] {
            let encoded = utf8_percent_encode(&s, set);
            assert_eq!(
                &*percent_decode_str(&encoded),
                s.as_bytes(),
                "case {case}: {s:?}"
            );
            // With space as plus, a + in the output is a space.
            let mut plus = String::new();
            percent_encode_after_encoding(&Utf8, &s, set, true, &mut plus);
            let decoded = percent_decode(plus.replace('+', " ").as_bytes()).into_owned();
            assert_eq!(decoded, s.as_bytes(), "case {case}: {s:?}");
        }
    }
}

#[test]
fn encode_then_decode_round_trips_with_every_set_when_there_is_no_percent() {
    let mut rng = Rng::new(2);
    for case in 0..CASES {
        let s = string(&mut rng).replace('%', "");
        for set in ALL_SETS {
            let encoded = utf8_percent_encode(&s, set);
            assert_eq!(
                &*percent_decode_str(&encoded),
                s.as_bytes(),
                "case {case}: {s:?}"
            );
        }
    }
}

#[test]
fn encoding_twice_changes_nothing_when_the_set_leaves_percent_alone() {
    let mut rng = Rng::new(3);
    for case in 0..CASES {
        let s = string(&mut rng);
        for set in ALL_SETS {
            let once = utf8_percent_encode(&s, set);
            let twice = utf8_percent_encode(&once, set);
            if set.contains(b'%') {
                // The component and form sets encode '%' again: decoding twice gets s back.
                let back = percent_decode(&percent_decode(twice.as_bytes())).into_owned();
                assert_eq!(back, s.as_bytes(), "case {case}: {s:?} with {set:?}");
            } else {
                // Output is already outside the set: the second pass borrows it unchanged.
                assert!(matches!(twice, Cow::Borrowed(_)), "case {case}: {s:?}");
                assert_eq!(twice, once, "case {case}: {s:?} with {set:?}");
            }
        }
    }
}

#[test]
fn encoders_agree_with_the_spec_byte_by_byte() {
    let mut rng = Rng::new(4);
    for case in 0..CASES {
        let s = string(&mut rng);
        for set in ALL_SETS {
            let expected = reference_encode(s.as_bytes(), set, false);
            let cow = utf8_percent_encode(&s, set);
            assert_eq!(cow, expected, "case {case}: {s:?}");
            assert_eq!(
                matches!(cow, Cow::Borrowed(_)),
                expected == s,
                "case {case}"
            );

            let mut out = String::from("prefix");
            percent_encode_into(s.as_bytes(), set, &mut out);
            assert_eq!(
                out.strip_prefix("prefix"),
                Some(&*expected),
                "case {case}: {s:?}"
            );
            assert_only_allowed_bytes(&out, set, &format!("case {case}"));

            let mut from_str = String::from("prefix");
            utf8_percent_encode_into(&s, set, &mut from_str);
            assert_eq!(from_str, out, "case {case}: {s:?}");

            let mut plus = String::new();
            percent_encode_after_encoding(&Utf8, &s, set, true, &mut plus);
            assert_eq!(
                plus,
                reference_encode(s.as_bytes(), set, true),
                "case {case}: {s:?}"
            );
        }
    }
}

/// Runs of every length from 0 to 40 between bytes to encode, in input longer than the
/// encoders' short-input loop: the runs looked at byte by byte, those the scanner finishes
/// (from its first chunk and its last eight bytes) and those copied whole.
#[test]
fn encoders_agree_with_the_spec_on_runs_of_every_length() {
    for run in 0..=40 {
        for after in [0, 1, 7, 20] {
            let s = format!(
                "\u{E9}\u{E9}{}\u{E9} {}",
                "a".repeat(run),
                "b".repeat(after)
            );
            let s = format!("{}{s}", "c".repeat(17));
            for set in ALL_SETS {
                let mut out = String::new();
                percent_encode_into(s.as_bytes(), set, &mut out);
                assert_eq!(out, reference_encode(s.as_bytes(), set, false), "{s:?}");
                let mut plus = String::new();
                percent_encode_after_encoding(&Utf8, &s, set, true, &mut plus);
                assert_eq!(plus, reference_encode(s.as_bytes(), set, true), "{s:?}");
            }
        }
    }
}

#[test]
fn percent_encode_into_outputs_only_ascii_outside_the_set_on_arbitrary_bytes() {
    let mut rng = Rng::new(5);
    for case in 0..CASES {
        let bytes = bytes(&mut rng);
        for set in ALL_SETS {
            let mut out = String::new();
            percent_encode_into(&bytes, set, &mut out);
            assert_eq!(
                out,
                reference_encode(&bytes, set, false),
                "case {case}: {bytes:?}"
            );
            assert_only_allowed_bytes(&out, set, &format!("case {case}"));
        }
    }
}

// A non-UTF-8 encoder for the hook.
test_support::latin1_encoder!(percent);

#[test]
fn encoder_hook_writes_unmappable_code_points_as_numeric_references() {
    let mut rng = Rng::new(6);
    for case in 0..CASES {
        let s = string(&mut rng);
        let mut expected = String::new();
        for c in s.chars() {
            match u8::try_from(u32::from(c)) {
                Ok(b) => expected.push_str(&reference_encode(&[b], FORM_URLENCODED, true)),
                Err(_) => expected.push_str(&format!("%26%23{}%3B", u32::from(c))),
            }
        }
        let mut out = String::new();
        percent_encode_after_encoding(&Latin1, &s, FORM_URLENCODED, true, &mut out);
        assert_eq!(out, expected, "case {case}: {s:?}");
        // Each + stands for a space here.
        let spaces = out.replace('+', "%20");
        assert_only_allowed_bytes(&spaces, FORM_URLENCODED, &format!("case {case}"));
        // Through a reference and a trait object too.
        let dynamic: &dyn Encoder = &Latin1;
        let mut via_dyn = String::new();
        percent_encode_after_encoding(dynamic, &s, FORM_URLENCODED, true, &mut via_dyn);
        assert_eq!(via_dyn, expected, "case {case}");
    }
}

#[test]
fn decoding_arbitrary_bytes_never_panics_and_follows_the_spec() {
    let mut rng = Rng::new(7);
    for case in 0..CASES * 4 {
        let bytes = bytes(&mut rng);
        let expected = reference_decode(&bytes);
        let cow = percent_decode(&bytes);
        assert_eq!(&*cow, &expected[..], "case {case}: {bytes:?}");
        assert_eq!(
            matches!(cow, Cow::Borrowed(_)),
            !bytes.contains(&b'%'),
            "case {case}"
        );
        assert_eq!(
            percent_decode_iter(&bytes).collect::<Vec<u8>>(),
            expected,
            "case {case}"
        );
        let mut into = b"head".to_vec();
        percent_decode_into(&bytes, &mut into);
        assert_eq!(
            into.strip_prefix(b"head"),
            Some(&expected[..]),
            "case {case}"
        );
        // size_hint brackets the true length.
        let (low, high) = percent_decode_iter(&bytes).size_hint();
        assert!(low <= expected.len() && high.is_some_and(|h| expected.len() <= h));
        // The output never grows, and shrinks by 2 per percent-encoded byte.
        let escapes = (0..bytes.len())
            .filter(|&i| is_percent_encoded_byte(&bytes, i))
            .count();
        assert!(expected.len() <= bytes.len());
        assert!(expected.len() + 2 * escapes >= bytes.len(), "case {case}");
    }
}

#[test]
fn scanner_finds_the_first_byte_to_encode_at_every_offset() {
    // Lengths around the scanner's 8-byte chunks, with the one byte to encode at each offset.
    for len in 0..40 {
        for set in ALL_SETS {
            let plain = vec![b'a'; len];
            assert_eq!(first_byte_to_encode(&plain, set), None, "len {len}");
            for at in 0..len {
                for byte in [0x00, 0x1F, 0x7F, 0x80, 0xFF] {
                    let mut input = plain.clone();
                    input[at] = byte;
                    assert_eq!(
                        first_byte_to_encode(&input, set),
                        Some(at),
                        "len {len} at {at}"
                    );
                    // A second hit later does not move the answer.
                    if let Some(last) = input.last_mut().filter(|_| at + 1 < len) {
                        *last = byte;
                    }
                    assert_eq!(
                        first_byte_to_encode(&input, set),
                        Some(at),
                        "len {len} at {at}"
                    );
                }
            }
        }
    }
    let mut rng = Rng::new(8);
    for case in 0..CASES {
        let bytes = bytes(&mut rng);
        for set in ALL_SETS {
            let naive = bytes.iter().position(|&b| b >= 0x80 || set.contains(b));
            assert_eq!(
                first_byte_to_encode(&bytes, set),
                naive,
                "case {case}: {bytes:?}"
            );
        }
    }
}

#[test]
fn percent_encode_a_byte_uses_upper_case_hex() {
    for b in 0u8..=0xFF {
        let mut out = String::new();
        percent_encode_byte_into(b, &mut out);
        assert_eq!(out, format!("%{b:02X}"));
        assert!(is_percent_encoded_byte(out.as_bytes(), 0));
        assert_eq!(&*percent_decode_str(&out), [b]);
    }
}

#[test]
fn is_percent_encoded_byte_checks_bounds() {
    let input = b"%2f%2%g0%";
    let found: Vec<usize> = (0..input.len() + 2)
        .filter(|&i| is_percent_encoded_byte(input, i))
        .collect();
    assert_eq!(found, [0]);
    assert!(!is_percent_encoded_byte(input, usize::MAX));
}
