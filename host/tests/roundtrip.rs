//! Property test with a deterministic PRNG (no extra dependencies): for any input that parses,
//! serialize(parse(serialize(parse(x)))) == serialize(parse(x)), with the same kind; the
//! serialization rebuilds the same `HostRef`; and no input panics.
#![allow(clippy::restriction)] // test code: unwrapping or indexing is a failed test

use host::{HostRef, NoSink, ReportedError, parse_host_into};
use test_support::rng::Rng;

/// Pieces that exercise every branch: digits and radix prefixes, dots, IPv6 syntax,
/// percent-encoding, upper case, IDNA mappings, Punycode, forbidden code points, controls.
const PIECES: &[&str] = &[
    "0",
    "1",
    "9",
    "255",
    "256",
    "0x",
    "0X",
    "ff",
    "a",
    "B",
    "z",
    ".",
    ".",
    ".",
    ":",
    "::",
    "[",
    "]",
    "%",
    "%2e",
    "%30",
    "%41",
    "%C3%9F",
    "%ff",
    "%zz",
    "ß",
    "。",
    "Ａ",
    "ｘ",
    "-",
    "_",
    "xn--",
    "zca",
    "\u{200D}",
    "\u{AD}",
    "é",
    "☕",
    "ܩ",
    " ",
    "\t",
    "#",
    "/",
    "^",
    "|",
    "\u{1}",
    "\u{7F}",
    "\u{FFFD}",
    "4294967295",
    "1.2.3.4",
    "::ffff:",
    "example",
    "com",
    "[::1]",
    "0177",
    "08",
];

fn random_input(rng: &mut Rng) -> String {
    let mut s = String::new();
    for _ in 0..rng.below(10) {
        s.push_str(PIECES[rng.below(PIECES.len())]);
    }
    s
}

#[test]
fn serialize_parse_is_idempotent() {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let mut parsed = [0usize; 2];
    for _ in 0..40_000 {
        let input = random_input(&mut rng);
        for (mode, is_opaque) in [false, true].into_iter().enumerate() {
            let mut first = String::new();
            let mut errors: Vec<ReportedError> = Vec::new();
            let Ok(kind) = parse_host_into(&input, is_opaque, &mut first, &mut errors) else {
                continue;
            };
            parsed[mode] += 1;
            // The serialization is ASCII and rebuilds the same host view.
            assert!(first.is_ascii(), "{input:?} -> {first:?}");
            let view = HostRef::from_serialized(kind, &first);
            assert!(
                view.is_some(),
                "{input:?} -> {kind:?} {first:?} not rebuilt"
            );
            // Parsing the serialization gives the same kind and the same serialization.
            let mut second = String::new();
            let again = parse_host_into(&first, is_opaque, &mut second, &mut NoSink);
            assert_eq!(
                again,
                Ok(kind),
                "{input:?} -> {first:?} (isOpaque={is_opaque})"
            );
            assert_eq!(second, first, "{input:?} (isOpaque={is_opaque})");
            // The NoSink fast paths agree with the reporting ones.
            let mut quiet = String::new();
            assert_eq!(
                parse_host_into(&input, is_opaque, &mut quiet, &mut NoSink),
                Ok(kind)
            );
            assert_eq!(quiet, first, "{input:?}");
        }
    }
    // The generator reaches both modes' success paths often enough to mean something.
    assert!(parsed[0] > 2_000 && parsed[1] > 2_000, "{parsed:?}");
}

#[test]
fn arbitrary_text_never_panics() {
    let mut rng = Rng::new(42);
    for _ in 0..20_000 {
        let len = rng.below(24);
        let s: String = (0..len)
            .map(|_| match rng.below(4) {
                0 => char::from(rng.below(0x80) as u8),
                1 => char::from_u32(rng.below(0x11_0000) as u32).unwrap_or('\u{FFFD}'),
                _ => char::from(b"0123456789abcdefxX.:[]%"[rng.below(23)]),
            })
            .collect();
        for is_opaque in [false, true] {
            let mut out = String::new();
            let mut errors = Vec::new();
            let result = parse_host_into(&s, is_opaque, &mut out, &mut errors);
            if let Err(e) = result {
                assert!(out.is_empty() && errors.contains(&e), "{s:?}");
            }
            // Offsets stay inside the input.
            assert!(
                errors.iter().all(|e| e.offset <= s.len()),
                "{s:?}: {errors:?}"
            );
        }
    }
}
