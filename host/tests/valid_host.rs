//! Host writing (spec 3.4, July 2026): the valid host string grammars, case by case, and
//! against the host parser (spec 3.5), whose intent they state: a string is valid exactly when
//! the host parser accepts it without a validation error.

use host::valid::{
    is_valid_domain, is_valid_host_string, is_valid_ipv4_address_string,
    is_valid_ipv6_address_string, is_valid_opaque_host_string,
};
use host::{ReportedError, parse_host_into};
use test_support::rng::Rng;

/// Whether the host parser accepts `input` without any validation error.
fn parser_accepts_cleanly(input: &str, is_opaque: bool) -> bool {
    let mut errors: Vec<ReportedError> = Vec::new();
    let mut out = String::new();
    parse_host_into(input, is_opaque, &mut out, &mut errors).is_ok() && errors.is_empty()
}

#[test]
fn valid_host_strings() {
    for valid in [
        "example.com",
        "EXAMPLE.COM",
        "faß.example",
        "xn--fa-hia.example",
        "☕.example",
        "a-b.example",
        "localhost",
        "0.0.0.0",
        "255.255.255.255",
        "192.0.2.1",
        "[::]",
        "[::1]",
        "[2001:db8::1]",
        "[2001:DB8:0:0:0:0:0:1]",
        "[::ffff:192.0.2.1]",
        "[1:2:3:4:5:6:192.0.2.1]",
        "[1:2:3:4:5:6:7::]",
        "[::2:3:4:5:6:7:8]",
        "[0:0::1]", // not the canonical form, but every piece is a shortest string
    ] {
        assert!(is_valid_host_string(valid), "{valid:?}");
    }
}

#[test]
fn invalid_host_strings() {
    for invalid in [
        "",
        "example.255",  // ends in a number (July 2026)
        "example.0x1",  // ends in a number
        "1.2.3",        // neither four parts nor a domain
        "1.2.3.4.",     // trailing dot: neither
        "01.2.3.4",     // not the shortest decimal string
        "1.2.3.256",    // out of range
        "0x7f.0.0.1",   // hex part
        "a_b.example",  // UseSTD3ASCIIRules
        "-a.example",   // CheckHyphens
        "example.com.", // VerifyDnsLength: empty label
        "a..b",         // empty label
        "exa%6Dple.com",
        "ex ample.com",
        "xn--a.example", // invalid Punycode
        "[::01]",        // leading zero (July 2026)
        "[1:2:3:4:5:6:7:8:9]",
        "[1:2:3:4::5:6:7:8]",
        "[1::2::3]",
        "[::1.2.3]",
        "[::1.2.3.04]",
        "[12345::]",
        "[::1",
        "::1",
        "[]",
    ] {
        assert!(!is_valid_host_string(invalid), "{invalid:?}");
    }
}

#[test]
fn the_pieces() {
    assert!(is_valid_domain("example.com"));
    assert!(!is_valid_domain("1.2.3.4")); // ends in a number, so an IPv4-address string only
    assert!(is_valid_ipv4_address_string("1.2.3.4"));
    assert!(!is_valid_ipv4_address_string("1.2.3.4.5"));
    assert!(!is_valid_ipv4_address_string("１.２.３.４"));
    assert!(is_valid_ipv6_address_string("1:2:3:4:5:6:7:8"));
    assert!(is_valid_ipv6_address_string("1:2:3:4:5:6:1.2.3.4"));
    assert!(!is_valid_ipv6_address_string("1:2:3:4:5:6:7:1.2.3.4"));
    assert!(!is_valid_ipv6_address_string("1:2:3:4:5:6:7"));
    assert!(!is_valid_ipv6_address_string(":1::"));
    assert!(!is_valid_ipv6_address_string(":::"));
    assert!(!is_valid_ipv6_address_string("1:::2"));
    assert!(is_valid_opaque_host_string("a!$&'()*+,;=_~-.b"));
    assert!(is_valid_opaque_host_string("ñ%C3%B1"));
    assert!(!is_valid_opaque_host_string("a%zz"));
    assert!(!is_valid_opaque_host_string("a<b"));
    assert!(!is_valid_opaque_host_string("a`b")); // not a URL code point
    assert!(!is_valid_opaque_host_string("[::1"));
}

/// Compares the grammar with the parser on `input`, both for hosts of special URLs (valid host
/// string) and of non-special ones (valid opaque-host string; the empty host is the URL
/// grammar's business, not the opaque-host string's).
fn compare(input: &str, disagreements: &mut Vec<String>) {
    let parser = parser_accepts_cleanly(input, false);
    if is_valid_host_string(input) != parser {
        disagreements.push(format!("host {input:?}: parser clean = {parser}"));
    }
    if !input.is_empty() {
        let parser = parser_accepts_cleanly(input, true);
        if is_valid_opaque_host_string(input) != parser {
            disagreements.push(format!("opaque host {input:?}: parser clean = {parser}"));
        }
    }
}

#[test]
fn grammar_matches_the_host_parser_on_the_toascii_fixture() {
    let fixture = test_support::load("toascii.json");
    let mut compared = 0usize;
    let mut disagreements = Vec::new();
    for case in fixture.as_array().unwrap_or_default() {
        let Some(input) = case.str_field("input") else {
            continue;
        };
        compare(input, &mut disagreements);
        compared += 1;
    }
    assert!(compared > 50, "only {compared} inputs");
    assert!(disagreements.is_empty(), "{disagreements:#?}");
}

#[test]
fn grammar_matches_the_host_parser_on_random_address_like_hosts() {
    let mut rng = Rng::new(0x5eed_0003_4f00);
    let alphabets: [&[char]; 4] = [
        &['0', '1', '9', 'a', 'F', ':', ':', ':', '.'],
        &['0', '1', '2', '5', '.', '.', 'x', '0'],
        &[
            'a', 'b', '-', '.', '1', '%', '4', '1', '_', 'ß', 'é', '１', '。', '[', ']',
        ],
        &['0', 'f', 'f', 'f', ':', ':', '.', '1', '2', '5', '6'],
    ];
    let mut disagreements = Vec::new();
    for round in 0..40_000 {
        let alphabet = alphabets[round % alphabets.len()];
        let mut input = rng.string(alphabet, 24);
        if round % 3 == 0 {
            input = format!("[{input}]");
        }
        compare(&input, &mut disagreements);
    }
    assert!(disagreements.is_empty(), "{disagreements:#?}");
}

#[test]
fn non_ascii_ipv4_agrees() {
    // Once the standard's own disagreement (VALIDITY-DISAGREEMENTS.md): the parser now reports
    // IPv4-non-ASCII-input (whatwg/url#925), so neither side calls these valid.
    for input in ["１２７.０.０.１", "127。0。0。1"] {
        assert!(!parser_accepts_cleanly(input, false), "{input:?}");
        assert!(!is_valid_host_string(input), "{input:?}");
    }
}
