//! Each host-level validation error (spec 1.1, July 2026 edition): an input that produces it,
//! with its offset, and a close input that does not.

use host::ValidationError::{self, *};
use host::{ReportedError, parse_host_into};

/// The errors reported for `input` and whether the parse succeeded.
fn run(input: &str, is_opaque: bool) -> (Vec<ReportedError>, bool) {
    let mut errors = Vec::new();
    let result = parse_host_into(input, is_opaque, &mut String::new(), &mut errors);
    if let Err(e) = result {
        // A failure returns an error of the table's failure column, which was reported.
        assert!(
            e.is_failure() && errors.contains(&e),
            "{input:?}: {e} {errors:?}"
        );
    }
    (errors, result.is_ok())
}

/// `input` reports `error` at `offset` (and succeeds or fails as `ok` says); `close` does not
/// report `error`.
#[track_caller]
fn check(
    error: ValidationError,
    is_opaque: bool,
    input: &str,
    offset: usize,
    ok: bool,
    close: &str,
) {
    let (errors, parsed) = run(input, is_opaque);
    assert!(
        errors.contains(&ReportedError { error, offset }),
        "{input:?}: expected {error} at {offset}, got {errors:?}"
    );
    assert_eq!(parsed, ok, "{input:?}: success");
    let (errors, _) = run(close, is_opaque);
    assert!(
        errors.iter().all(|e| e.error != error),
        "{close:?}: unexpected {error}: {errors:?}"
    );
}

#[test]
fn domain_to_ascii() {
    check(DomainToAscii, false, "a_b.example", 0, true, "a-b.example");
    check(DomainToAscii, false, "example.com.", 0, true, "example.com");
    check(DomainToAscii, false, "-x.example", 0, true, "x.example");
    check(
        DomainToAscii,
        false,
        "ab--c.example",
        0,
        true,
        "ab-c.example",
    );
    check(
        DomainToAscii,
        false,
        "xn--a.example",
        0,
        true,
        "xn--zca.example",
    );
    check(DomainToAscii, false, "exa#mple", 0, false, "example");
    check(DomainToAscii, false, "xn--a.ß", 0, false, "xn--zca.ß");
    check(
        DomainToAscii,
        false,
        "a\u{200D}.example",
        0,
        false,
        "a.example",
    );
    let long_label = "a".repeat(64);
    check(DomainToAscii, false, &long_label, 0, true, &long_label[1..]);
}

#[test]
fn domain_percent_encoded() {
    check(
        DomainPercentEncoded,
        false,
        "exam%70le.org",
        4,
        true,
        "example.org",
    );
    // Only a percent-encoded byte counts; "%zz" is not one (and fails as a domain).
    check(DomainPercentEncoded, false, "a%zz%41", 4, false, "a%zz");
    // Not for opaque hosts.
    let (errors, ok) = run("exam%70le.org", true);
    assert!(ok && errors.is_empty(), "{errors:?}");
}

#[test]
fn host_invalid_code_point() {
    check(HostInvalidCodePoint, true, "a b", 1, false, "a%20b");
    check(HostInvalidCodePoint, true, "ab|", 2, false, "ab!");
    check(HostInvalidCodePoint, true, "x:y", 1, false, "x;y");
}

#[test]
fn invalid_url_unit_in_opaque_host() {
    check(InvalidUrlUnit, true, "a{b", 1, true, "a-b");
    check(InvalidUrlUnit, true, "ab%zz", 2, true, "ab%2a");
    check(InvalidUrlUnit, true, "é\u{FDD0}", 2, true, "é\u{FDCF}");
    check(InvalidUrlUnit, true, "a\u{7F}", 1, true, "a~");
}

#[test]
fn ipv4_errors() {
    check(Ipv4EmptyPart, false, "1.2.3.4.", 7, true, "1.2.3.4");
    check(Ipv4TooFewParts, false, "1.2.3", 0, true, "1.2.3.4");
    check(Ipv4TooFewParts, false, "127", 0, true, "127.0.0.1");
    check(Ipv4TooManyParts, false, "1.2.3.4.5", 8, false, "1.2.3.4");
    check(Ipv4NonNumericPart, false, "1.2.x.4", 4, false, "1.2.3.4");
    check(Ipv4NonNumericPart, false, "1.09", 2, false, "1.9");
    check(
        Ipv4NonDecimalPart,
        false,
        "0x7f.0.0.1",
        0,
        true,
        "127.0.0.1",
    );
    check(Ipv4NonDecimalPart, false, "1.2.3.010", 6, true, "1.2.3.10");
    check(
        Ipv4OutOfRangePart,
        false,
        "1.2.3.256",
        6,
        false,
        "1.2.3.255",
    );
    check(Ipv4OutOfRangePart, false, "1.256", 2, true, "1.255");
    check(
        Ipv4OutOfRangePart,
        false,
        "1.300.3.4",
        2,
        false,
        "1.200.3.4",
    );
}

#[test]
fn ipv4_offsets_after_percent_decoding_are_zero() {
    // The IPv4 parser sees "1.2.3.256", which has no byte-for-byte relation to the input.
    let (errors, ok) = run("1.2.3.%32%35%36", false);
    assert!(!ok);
    assert!(
        errors.contains(&ReportedError {
            error: Ipv4OutOfRangePart,
            offset: 0
        }),
        "{errors:?}"
    );
}

#[test]
fn ipv6_errors() {
    check(Ipv6Unclosed, false, "[::1", 0, false, "[::1]");
    check(Ipv6InvalidCompression, false, "[:1]", 1, false, "[::1]");
    check(
        Ipv6TooManyPieces,
        false,
        "[1:2:3:4:5:6:7:8:9]",
        17,
        false,
        "[1:2:3:4:5:6:7:8]",
    );
    check(
        Ipv6MultipleCompression,
        false,
        "[1::2::3]",
        6,
        false,
        "[1::2:3]",
    );
    check(
        Ipv6InvalidCodePoint,
        false,
        "[1:2:3:4:5:6:7:x]",
        15,
        false,
        "[1:2:3:4:5:6:7:f]",
    );
    check(Ipv6InvalidCodePoint, false, "[1:]", 3, false, "[1::]");
    check(Ipv6TooFewPieces, false, "[1:2:3]", 6, false, "[1:2::3]");
    check(Ipv6PieceLeadingZero, false, "[::01]", 3, true, "[::1]");
    check(
        Ipv6PieceLeadingZero,
        false,
        "[1:0db8::]",
        3,
        true,
        "[1:db8::]",
    );
    check(Ipv6PieceLeadingZero, false, "[::0000]", 3, true, "[::0]");
    check(
        Ipv4InIpv6TooManyPieces,
        false,
        "[1:2:3:4:5:6:7:1.2.3.4]",
        15,
        false,
        "[1:2:3:4:5:6:1.2.3.4]",
    );
    check(
        Ipv4InIpv6InvalidCodePoint,
        false,
        "[::1.2.3.]",
        9,
        false,
        "[::1.2.3.4]",
    );
    check(
        Ipv4InIpv6InvalidCodePoint,
        false,
        "[::1.2.03.4]",
        8,
        false,
        "[::1.2.3.4]",
    );
    check(
        Ipv4InIpv6InvalidCodePoint,
        false,
        "[::.1.2.3]",
        3,
        false,
        "[::1.1.2.3]",
    );
    check(
        Ipv4InIpv6OutOfRangePart,
        false,
        "[::1.2.3.256]",
        11,
        false,
        "[::1.2.3.255]",
    );
    check(
        Ipv4InIpv6TooFewParts,
        false,
        "[::1.2.3]",
        8,
        false,
        "[::1.2.3.4]",
    );
    // Not for the digits of an embedded IPv4 address, nor for a piece that fails.
    for input in ["[::ffff:0127.0.0.1]", "[::01x]", "[::ffff:010.0.0.1]"] {
        let (errors, ok) = run(input, false);
        assert!(!ok, "{input:?}");
        assert!(
            errors.iter().all(|e| e.error != Ipv6PieceLeadingZero),
            "{input:?}: {errors:?}"
        );
    }
    // The same for opaque hosts.
    check(Ipv6PieceLeadingZero, true, "[::01]", 3, true, "[::1]");
}

#[test]
fn the_failing_error_is_returned_and_reported_once() {
    for (input, is_opaque, error, offset) in [
        ("[::1", false, Ipv6Unclosed, 0),
        ("a b", true, HostInvalidCodePoint, 1),
        ("1.2.3.4.5", false, Ipv4TooManyParts, 8),
        ("exa#mple", false, DomainToAscii, 0),
        ("1.2.3.256", false, Ipv4OutOfRangePart, 6),
    ] {
        let mut errors = Vec::new();
        let result = parse_host_into(input, is_opaque, &mut String::new(), &mut errors);
        let expected = ReportedError { error, offset };
        assert_eq!(result, Err(expected), "{input:?}");
        assert_eq!(
            errors.iter().filter(|e| **e == expected).count(),
            1,
            "{input:?}: {errors:?}"
        );
    }
}

/// Later in July 2026 (whatwg/url#925): an IPv4 address spelled with non-ASCII code points that
/// map to ASCII reports `IPv4-non-ASCII-input` (not a failure), at the first such code point,
/// before any error of the IPv4 parser; the five kinds of input of the change.
#[test]
fn ipv4_non_ascii_input() {
    let host = |input: &str| {
        let mut out = String::new();
        parse_host_into(input, false, &mut out, &mut Vec::new()).map(|_| out)
    };
    // Fullwidth digits.
    check(
        Ipv4NonAsciiInput,
        false,
        "\u{FF11}\u{FF12}\u{FF17}.0.0.1",
        0,
        true,
        "127.0.0.1",
    );
    assert_eq!(
        host("\u{FF11}\u{FF12}\u{FF17}.0.0.1").as_deref(),
        Ok("127.0.0.1")
    );
    // Ideographic full stops, after ASCII digits.
    check(
        Ipv4NonAsciiInput,
        false,
        "127\u{3002}0\u{3002}0\u{3002}1",
        3,
        true,
        "127.0.0.1",
    );
    // Circled digits: exactly this one error.
    assert_eq!(
        run("\u{2460}.\u{2461}.\u{2462}.\u{2463}", false),
        (
            vec![ReportedError {
                error: Ipv4NonAsciiInput,
                offset: 0
            }],
            true
        )
    );
    assert_eq!(
        host("\u{2460}.\u{2461}.\u{2462}.\u{2463}").as_deref(),
        Ok("1.2.3.4")
    );
    // Superscript digits.
    check(
        Ipv4NonAsciiInput,
        false,
        "1.2.3.\u{2074}",
        6,
        true,
        "1.2.3.4",
    );
    // Percent-encoded non-ASCII (U+FF11 FULLWIDTH DIGIT ONE), after domain-percent-encoded.
    let (errors, ok) = run("%EF%BC%91.2.3.4", false);
    assert!(ok);
    assert_eq!(
        errors,
        [
            ReportedError {
                error: DomainPercentEncoded,
                offset: 0
            },
            ReportedError {
                error: Ipv4NonAsciiInput,
                offset: 0
            },
        ]
    );
    // Percent-encoded ASCII is not it; nor is a non-ASCII domain that is not a number.
    let (errors, _) = run("%31.2.3.4", false);
    assert!(
        !errors.iter().any(|e| e.error == Ipv4NonAsciiInput),
        "{errors:?}"
    );
    let (errors, _) = run("\u{FF11}.example", false);
    assert!(
        !errors.iter().any(|e| e.error == Ipv4NonAsciiInput),
        "{errors:?}"
    );
    // Before the IPv4 parser's own errors: a fullwidth hexadecimal part.
    let (errors, ok) = run("\u{FF10}x7f.1", false);
    assert!(ok);
    assert_eq!(
        errors.first().map(|e| e.error),
        Some(Ipv4NonAsciiInput),
        "{errors:?}"
    );
    assert!(
        errors.iter().any(|e| e.error == Ipv4NonDecimalPart),
        "{errors:?}"
    );
}
