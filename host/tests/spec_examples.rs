//! The examples of spec section 3 (July 2026 edition) as tests: the parse-serialize table of
//! section 3, and the examples in 3.1 to 3.7 and in the July 2026 change notes.

use host::{
    Host, HostKind, HostRef, Ipv4Addr, Ipv6Addr, NoSink, ReportedError, ValidationError,
    domain_to_ascii, domain_to_unicode, ends_in_a_number, parse_host_into,
};

/// Runs the host parser; `Some((kind, serialization))` or `None` for failure.
fn parse(input: &str, is_opaque: bool) -> Option<(HostKind, String)> {
    let mut out = String::new();
    parse_host_into(input, is_opaque, &mut out, &mut NoSink)
        .ok()
        .map(|kind| (kind, out))
}

/// The errors the host parser reports for `input`.
fn errors(input: &str, is_opaque: bool) -> Vec<ReportedError> {
    let mut errors = Vec::new();
    let _ = parse_host_into(input, is_opaque, &mut String::new(), &mut errors);
    errors
}

#[test]
fn section_3_parse_serialize_roundtrip_table() {
    use HostKind::*;
    // input, output with isOpaque false, output with isOpaque true.
    type Expected = Option<(HostKind, &'static str)>;
    let table: &[(&str, Expected, Expected)] = &[
        (
            "EXAMPLE.COM",
            Some((Domain, "example.com")),
            Some((Opaque, "EXAMPLE.COM")),
        ),
        (
            "example%2Ecom",
            Some((Domain, "example.com")),
            Some((Opaque, "example%2Ecom")),
        ),
        (
            "faß.example",
            Some((Domain, "xn--fa-hia.example")),
            Some((Opaque, "fa%C3%9F.example")),
        ),
        ("0", Some((Ipv4, "0.0.0.0")), Some((Opaque, "0"))),
        ("%30", Some((Ipv4, "0.0.0.0")), Some((Opaque, "%30"))),
        ("0x", Some((Ipv4, "0.0.0.0")), Some((Opaque, "0x"))),
        (
            "0xffffffff",
            Some((Ipv4, "255.255.255.255")),
            Some((Opaque, "0xffffffff")),
        ),
        ("[0:0::1]", Some((Ipv6, "[::1]")), Some((Ipv6, "[::1]"))),
        ("[0:0::1%5D", None, None),
        ("[0:0::%31]", None, None),
        ("09", None, Some((Opaque, "09"))),
        ("example.255", None, Some((Opaque, "example.255"))),
        ("example^example", None, None),
    ];
    for &(input, special, opaque) in table {
        let expect = |e: Option<(HostKind, &str)>| e.map(|(k, s)| (k, s.to_owned()));
        assert_eq!(
            parse(input, false),
            expect(special),
            "{input:?} isOpaque=false"
        );
        assert_eq!(
            parse(input, true),
            expect(opaque),
            "{input:?} isOpaque=true"
        );
    }
}

#[test]
fn section_3_1_trailing_dot_domains_are_distinct() {
    let a = Host::parse("example.com").unwrap();
    let b = Host::parse("example.com.").unwrap();
    assert_eq!(a, Host::Domain("example.com".into()));
    assert_eq!(b, Host::Domain("example.com.".into()));
    assert_ne!(a, b);
    // git://github.com/whatwg/url.git has an opaque host.
    assert_eq!(
        Host::parse_opaque("github.com").unwrap(),
        Host::Opaque("github.com".into())
    );
}

#[test]
fn section_3_2_public_suffix_table_hosts_parse() {
    // Obtaining a public suffix needs the Public Suffix List, which this crate does not ship;
    // the table's hosts still parse to the domains the table works on.
    for (input, domain) in [
        ("com", "com"),
        ("EXAMPLE.COM", "example.com"),
        ("example.com.", "example.com."),
        ("whatwg.github.io", "whatwg.github.io"),
        ("إختبار", "xn--kgbechtv"),
        ("example.إختبار", "example.xn--kgbechtv"),
        ("sub.example.إختبار", "sub.example.xn--kgbechtv"),
    ] {
        assert_eq!(
            parse(input, false),
            Some((HostKind::Domain, domain.to_owned())),
            "{input}"
        );
    }
    assert_eq!(
        parse("[2001:0db8:85a3:0000:0000:8a2e:0370:7334]", false),
        Some((HostKind::Ipv6, "[2001:db8:85a3::8a2e:370:7334]".to_owned()))
    );
}

#[test]
fn section_3_3_idna_examples() {
    // UTS #46, not IDNA2008: ☕.example is not a failure.
    assert_eq!(
        domain_to_ascii("☕.example", false, &mut NoSink).unwrap(),
        "xn--53h.example"
    );
    // July 2026: the exa%23mple.org example belongs to domain-to-ASCII.
    assert_eq!(parse("exa%23mple.org", false), None);
    assert_eq!(
        errors("exa%23mple.org", false),
        [
            ReportedError {
                error: ValidationError::DomainPercentEncoded,
                offset: 3
            },
            ReportedError {
                error: ValidationError::DomainToAscii,
                offset: 0
            },
        ]
    );
    // July 2026: ASCII domains are lowercased whatever ToASCII says.
    for input in ["xn--pokxncvks", "xn--", "xn--a", "XN--A.example"] {
        let lower = input.to_ascii_lowercase();
        assert_eq!(
            domain_to_ascii(input, false, &mut NoSink).unwrap(),
            lower.as_str()
        );
        let mut errs = Vec::new();
        domain_to_ascii(input, false, &mut errs).unwrap();
        assert_eq!(
            errs,
            [ReportedError {
                error: ValidationError::DomainToAscii,
                offset: 0
            }]
        );
        assert!(
            domain_to_ascii(input, true, &mut NoSink).is_err(),
            "{input}"
        );
    }
    // Reported, not failures: an underscore, a trailing dot, an empty label.
    for input in ["a_b.example", "example.com.", "a..example"] {
        let mut errs = Vec::new();
        assert_eq!(domain_to_ascii(input, false, &mut errs).unwrap(), input);
        assert_eq!(
            errs,
            [ReportedError {
                error: ValidationError::DomainToAscii,
                offset: 0
            }]
        );
        assert!(
            domain_to_ascii(input, true, &mut NoSink).is_err(),
            "{input}"
        );
    }
    // beStrict with a valid domain returns strict ToASCII's result.
    assert_eq!(
        domain_to_ascii("EXAMPLE.com", true, &mut NoSink).unwrap(),
        "example.com"
    );
    assert_eq!(
        domain_to_ascii("xn--fa-hia.de", true, &mut NoSink).unwrap(),
        "xn--fa-hia.de"
    );
    assert_eq!(
        domain_to_ascii("Faß.de", true, &mut NoSink).unwrap(),
        "xn--fa-hia.de"
    );
    // Failure: empty result, forbidden domain code point, relaxed ToASCII failure.
    assert!(domain_to_ascii("", false, &mut NoSink).is_err());
    assert!(domain_to_ascii("a\u{AD}", false, &mut NoSink).is_ok());
    assert!(domain_to_ascii("\u{AD}", false, &mut NoSink).is_err());
    assert!(domain_to_ascii("a%b", false, &mut NoSink).is_err());
    assert!(domain_to_ascii("xn--a.ß", false, &mut NoSink).is_err());
}

#[test]
fn section_3_3_domain_to_unicode() {
    assert_eq!(domain_to_unicode("xn--fa-hia.example"), "faß.example");
    assert_eq!(domain_to_unicode("xn--53h.example"), "☕.example");
    assert_eq!(domain_to_unicode("example.com"), "example.com");
    // July 2026: an error returns the domain unchanged, so xn--8i7caa round-trips.
    assert_eq!(domain_to_unicode("xn--8i7caa"), "xn--8i7caa");
    assert_eq!(domain_to_unicode("xn--a.example"), "xn--a.example");
    // UTS #46 validity criterion 4: with CheckHyphens false, no label may begin with "xn--"
    // once decoded; xn--xn---epa decodes to "xn--é".
    assert_eq!(domain_to_unicode("xn--xn---epa"), "xn--xn---epa");
    assert_eq!(
        domain_to_unicode("a.xn--xn--a--gua.pt"),
        "a.xn--xn--a--gua.pt"
    );
}

#[test]
fn punycode_labels_decoding_to_xn_are_errors() {
    // ASCII: the result is the domain lowercased whatever ToASCII says; strict ToASCII fails.
    let mut errs = Vec::new();
    assert_eq!(
        domain_to_ascii("XN--XN---EPA", false, &mut errs).unwrap(),
        "xn--xn---epa"
    );
    assert_eq!(
        errs,
        [ReportedError {
            error: ValidationError::DomainToAscii,
            offset: 0
        }]
    );
    // Not ASCII: relaxed ToASCII fails.
    assert!(domain_to_ascii("xn--xn---epa.é", false, &mut NoSink).is_err());
    assert!(domain_to_ascii("é.xn--xn--a--gua.pt", false, &mut NoSink).is_err());
    // The same domain with an ordinary Punycode label is fine.
    assert_eq!(
        domain_to_ascii("xn--9ca.é", false, &mut NoSink).unwrap(),
        "xn--9ca.xn--9ca"
    );
    // Domain to Unicode and back gives the domain again.
    for domain in ["xn--xn---epa", "xn--9ca.example", "xn--xn--a--gua.pt"] {
        let unicode = domain_to_unicode(domain);
        assert_eq!(
            parse(&unicode, false),
            Some((HostKind::Domain, domain.to_owned())),
            "{domain}"
        );
    }
}

#[test]
fn section_3_4_valid_host_strings_report_nothing() {
    for input in [
        "example.com",
        "192.0.2.1",
        "[2001:db8::1]",
        "xn--fa-hia.example",
        "a-b.example",
    ] {
        assert_eq!(errors(input, false), [], "{input}");
        assert!(parse(input, false).is_some(), "{input}");
    }
    // A valid opaque-host string.
    assert_eq!(errors("git-host_1~", true), []);
}

#[test]
fn section_3_5_ends_in_a_number() {
    for input in [
        "1",
        "example.255",
        "1.2.3.4.",
        "0x",
        "a.0X",
        "a.0xfF",
        "09",
        "a.9.",
        "0x.",
    ] {
        assert!(ends_in_a_number(input), "{input}");
    }
    // July 2026: a single empty part is no longer special; "." ends in nothing.
    for input in [
        "",
        ".",
        "..",
        "example",
        "1.a",
        "0x.g",
        "a.0xg",
        "1..",
        "example.com",
    ] {
        assert!(!ends_in_a_number(input), "{input}");
    }
}

#[test]
fn section_3_5_ipv4_examples() {
    let ipv4 = |input: &str| Host::parse(input).ok();
    let addr = |a, b, c, d| Some(Host::Ipv4(Ipv4Addr::new(a, b, c, d)));
    // Mixed radices: 0xAB hex, 012 octal, 0X12 hex, 12 decimal.
    assert_eq!(ipv4("0xAB.012.0X12.12"), addr(171, 10, 18, 12));
    // The last number covers the remaining bytes.
    assert_eq!(ipv4("100.100.25600"), addr(100, 100, 100, 0));
    assert_eq!(ipv4("0xFFFFFFFF"), addr(255, 255, 255, 255));
    assert_eq!(ipv4("100.100"), addr(100, 0, 0, 100));
    assert_eq!(ipv4("4294967295"), addr(255, 255, 255, 255));
    assert_eq!(ipv4("4294967296"), None);
    assert_eq!(ipv4("1.2.3.4."), addr(1, 2, 3, 4));
    // "09" is caught by the IPv4 parser (not octal).
    assert_eq!(ipv4("09"), None);
    assert_eq!(ipv4("0x100000000"), None);
    assert_eq!(ipv4("256.0.0.1"), None);
    assert_eq!(ipv4("1.2.3.4.5"), None);
    assert_eq!(ipv4("0x.0x.0"), addr(0, 0, 0, 0));
    // Very long numbers do not overflow.
    assert_eq!(ipv4("999999999999999999999999999999"), None);
    assert_eq!(ipv4("0x00000000000000000000000000001"), addr(0, 0, 0, 1));
}

#[test]
fn section_3_5_ipv6_examples() {
    let v6 = |input: &str| match Host::parse(input) {
        Ok(Host::Ipv6(a)) => Some(a),
        _ => None,
    };
    assert_eq!(v6("[::1]"), Some(Ipv6Addr::LOCALHOST));
    assert_eq!(v6("[::]"), Some(Ipv6Addr::UNSPECIFIED));
    assert_eq!(
        v6("[1:2:3:4:5:6:7:8]"),
        Some(Ipv6Addr::new(1, 2, 3, 4, 5, 6, 7, 8))
    );
    assert_eq!(v6("[1::]"), Some(Ipv6Addr::new(1, 0, 0, 0, 0, 0, 0, 0)));
    assert_eq!(v6("[1::8]"), Some(Ipv6Addr::new(1, 0, 0, 0, 0, 0, 0, 8)));
    assert_eq!(
        v6("[::ffff:192.0.2.1]"),
        Some(Ipv6Addr::new(0, 0, 0, 0, 0, 0xffff, 0xc000, 0x201))
    );
    assert_eq!(
        v6("[1:2:3:4:5:6:1.2.3.4]"),
        Some(Ipv6Addr::new(1, 2, 3, 4, 5, 6, 0x102, 0x304))
    );
    assert_eq!(
        v6("[ABCD::]"),
        Some(Ipv6Addr::new(0xabcd, 0, 0, 0, 0, 0, 0, 0))
    );
    for bad in [
        "[:]",
        "[:::]",
        "[1:2:3:4:5:6:7]",
        "[1:2:3:4:5:6:7:8:9]",
        "[1::2::3]",
        "[12345::]",
        "[::1.2.3]",
        "[::1.2.3.4.5]",
        "[::01.2.3.4]",
        "[::1.2.3.256]",
        "[1:]",
        "[g::]",
        "[1:2:3:4:5:6:7:1.2.3.4]",
        "[::.1.2.3]",
        "[]",
        "[",
        "[::1",
    ] {
        assert_eq!(v6(bad), None, "{bad}");
    }
}

#[test]
fn section_3_5_opaque_host_parser() {
    assert_eq!(
        parse("ExAmPle", true),
        Some((HostKind::Opaque, "ExAmPle".to_owned()))
    );
    assert_eq!(
        parse("a\u{1}b", true),
        Some((HostKind::Opaque, "a%01b".to_owned()))
    );
    assert_eq!(
        parse("a\u{7F}é", true),
        Some((HostKind::Opaque, "a%7F%C3%A9".to_owned()))
    );
    assert_eq!(
        parse("%zz", true),
        Some((HostKind::Opaque, "%zz".to_owned()))
    );
    assert_eq!(parse("", true), Some((HostKind::Empty, String::new())));
    for forbidden in [
        "a b", "a#b", "a/b", "a:b", "a<b", "a>b", "a?b", "a@b", "a\\b", "a^b", "a|b", "a\0b",
        "a\tb",
    ] {
        assert_eq!(parse(forbidden, true), None, "{forbidden:?}");
    }
}

#[test]
fn section_3_6_serializer() {
    let ser = |pieces: [u16; 8]| Host::Ipv6(Ipv6Addr::from(pieces)).to_string();
    // "In 0:f:0:0:f:f:0:0 it would point to the second 0": the first longest run.
    assert_eq!(ser([0, 0xf, 0, 0, 0xf, 0xf, 0, 0]), "[0:f::f:f:0:0]");
    assert_eq!(ser([0; 8]), "[::]");
    assert_eq!(ser([1, 0, 0, 0, 0, 0, 0, 0]), "[1::]");
    assert_eq!(ser([0, 0, 0, 0, 0, 0, 0, 1]), "[::1]");
    // A single 0 piece is not compressed.
    assert_eq!(ser([1, 0, 2, 3, 4, 5, 6, 7]), "[1:0:2:3:4:5:6:7]");
    // Ties go to the first run.
    assert_eq!(ser([1, 0, 0, 2, 0, 0, 3, 4]), "[1::2:0:0:3:4]");
    assert_eq!(ser([1, 0, 0, 2, 0, 0, 0, 4]), "[1:0:0:2::4]");
    assert_eq!(ser([0xABCD, 0x0DB8, 0, 0, 0, 0, 0, 0x10]), "[abcd:db8::10]");
    assert_eq!(
        Host::Ipv4(Ipv4Addr::new(0, 10, 200, 255)).to_string(),
        "0.10.200.255"
    );
    assert_eq!(
        Host::Domain("example.com".into()).to_string(),
        "example.com"
    );
    assert_eq!(Host::Opaque("a%20b".into()).to_string(), "a%20b");
    assert_eq!(Host::Empty.to_string(), "");
}

#[test]
fn section_3_7_equality() {
    // A host equals another if they are the same: same kind, same value.
    assert_eq!(Host::parse("EXAMPLE.COM"), Host::parse("example.com"));
    assert_eq!(Host::parse("0x7f.1"), Host::parse("127.0.0.1"));
    assert_eq!(Host::parse("[0:0::1]"), Host::parse("[::1]"));
    assert_ne!(
        Host::parse_opaque("EXAMPLE.COM"),
        Host::parse_opaque("example.com")
    );
    assert_ne!(
        Host::parse("example.com").unwrap(),
        Host::parse_opaque("example.com").unwrap()
    );
}

#[test]
fn july_2026_change_examples() {
    // domain-percent-encoded, not a failure.
    assert_eq!(
        parse("exam%70le.org", false),
        Some((HostKind::Domain, "example.org".to_owned()))
    );
    assert_eq!(
        errors("exam%70le.org", false),
        [ReportedError {
            error: ValidationError::DomainPercentEncoded,
            offset: 4
        }]
    );
    // IPv4-too-few-parts, not a failure.
    assert_eq!(
        parse("1.2.3", false),
        Some((HostKind::Ipv4, "1.2.0.3".to_owned()))
    );
    assert_eq!(
        errors("1.2.3", false),
        [ReportedError {
            error: ValidationError::Ipv4TooFewParts,
            offset: 0
        }]
    );
    // IPv6-piece-leading-zero, not a failure.
    assert_eq!(
        parse("[::01]", false),
        Some((HostKind::Ipv6, "[::1]".to_owned()))
    );
    assert_eq!(
        errors("[::01]", false),
        [ReportedError {
            error: ValidationError::Ipv6PieceLeadingZero,
            offset: 3
        }]
    );
    // a_b.example parses, with domain-to-ASCII.
    assert_eq!(
        parse("a_b.example", false),
        Some((HostKind::Domain, "a_b.example".to_owned()))
    );
}

#[test]
fn failure_leaves_output_untouched() {
    for (input, is_opaque) in [
        ("a^b", false),
        ("a b", true),
        ("[::1", false),
        ("1.2.3.4.5", false),
        ("256.1.1.1", false),
        ("xn--a.ß", false),
        ("%ff", false),
        ("", false),
        ("[1::2::3]", true),
    ] {
        let mut out = String::from("prefix:");
        let mut errs = Vec::new();
        let result = parse_host_into(input, is_opaque, &mut out, &mut errs);
        let error = result.expect_err(input);
        assert_eq!(out, "prefix:", "{input:?}");
        assert!(errs.contains(&error), "{input:?}: {error} reported");
        assert!(error.is_failure(), "{input:?}");
    }
}

#[test]
fn host_ref_round_trips_through_its_serialization() {
    for (input, is_opaque) in [
        ("example.com", false),
        ("1.2.3.4", false),
        ("[1::]", false),
        ("Opaque%20", true),
        ("", true),
    ] {
        let mut out = String::new();
        let kind = parse_host_into(input, is_opaque, &mut out, &mut NoSink).unwrap();
        let view = HostRef::from_serialized(kind, &out).expect(input);
        assert_eq!(view.kind(), kind);
        assert_eq!(view.to_string(), out);
        assert_eq!(view.to_owned().as_ref(), view);
    }
    assert_eq!(
        HostRef::from_serialized(HostKind::Domain, "Example.com"),
        None
    );
    assert_eq!(HostRef::from_serialized(HostKind::Domain, ""), None);
    assert_eq!(HostRef::from_serialized(HostKind::Ipv4, "1.2.3.04"), None);
    assert_eq!(HostRef::from_serialized(HostKind::Ipv4, "1.2.3.4.5"), None);
    assert_eq!(HostRef::from_serialized(HostKind::Ipv6, "::1"), None);
    assert_eq!(HostRef::from_serialized(HostKind::Opaque, ""), None);
    assert_eq!(HostRef::from_serialized(HostKind::Empty, "x"), None);
}
