//! The valid URL string checker (spec 4.3, July 2026) against the URL parser (spec 4.4), whose
//! intent it states: a string is valid exactly when the parser reports no validation error and
//! does not fail. Every input of the WPT fixtures (urltestdata, the setters' hrefs and new
//! values, toascii inside URLs) and of the datasets is compared; each disagreement must belong
//! to a class of `VALIDITY-DISAGREEMENTS.md` (the standard's own), recognized by a predicate.

use test_support::{Value, load};
use whatwg_url::{Url, is_valid_url_string};

/// One input with its base.
struct Case {
    input: String,
    base: Option<String>,
}

fn case(input: &str, base: Option<&str>) -> Case {
    Case {
        input: input.to_owned(),
        base: base.map(str::to_owned),
    }
}

/// Whether the URL parser (the API's, so the base is parsed first) succeeds without reporting
/// any validation error.
fn parser_says_valid(input: &str, base: Option<&str>) -> bool {
    let (result, errors) = Url::parse_with_validation(input, base);
    result.is_ok() && errors.is_empty()
}

fn fixture_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for name in ["urltestdata.json", "urltestdata-javascript-only.json"] {
        for entry in load(name).as_array().unwrap_or_default() {
            if let Some(input) = entry.str_field("input") {
                cases.push(case(input, entry.str_field("base")));
            }
        }
    }
    let setters = load("setters_tests.json");
    for (_, entries) in setters.as_object().unwrap_or_default() {
        for entry in entries.as_array().unwrap_or_default() {
            let Some(href) = entry.str_field("href") else {
                continue;
            };
            cases.push(case(href, None));
            if let Some(new_value) = entry.str_field("new_value") {
                cases.push(case(new_value, None));
                cases.push(case(new_value, Some(href)));
            }
        }
    }
    for entry in load("toascii.json").as_array().unwrap_or_default() {
        if let Some(input) = entry.get("input").and_then(Value::as_str) {
            cases.push(case(input, None));
            for template in [
                "https://{}/x",
                "foo://{}/x",
                "file://{}/x",
                "https://{}:8080",
            ] {
                cases.push(case(&template.replace("{}", input), None));
            }
            cases.push(case(&format!("//{input}/"), Some("https://example.com/")));
        }
    }
    cases
}

/// Runs the comparison; returns (compared, valid by both) and panics listing every input where
/// the checker and the parser disagree (VALIDITY-DISAGREEMENTS.md: no class is open in the
/// edition we implement).
fn compare(cases: &[Case]) -> (usize, usize) {
    let mut both_valid = 0usize;
    let mut disagreements = Vec::new();
    for case in cases {
        let base = case.base.as_deref();
        let grammar = is_valid_url_string(&case.input, base);
        let parser = parser_says_valid(&case.input, base);
        if grammar && parser {
            both_valid += 1;
        }
        if grammar != parser {
            disagreements.push(format!(
                "{:?} base {:?}: grammar {grammar}, parser {parser} {:?}",
                case.input,
                case.base,
                Url::parse_with_validation(&case.input, base)
                    .1
                    .iter()
                    .map(|e| e.name())
                    .collect::<Vec<_>>()
            ));
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} disagreements between the checker and the parser:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
    (cases.len(), both_valid)
}

#[test]
fn checker_agrees_with_the_parser_on_every_fixture_input() {
    let cases = fixture_cases();
    let (compared, both_valid) = compare(&cases);
    eprintln!("fixtures: {compared} inputs, {both_valid} valid, no disagreement");
    assert!(
        compared > 1000 && both_valid > 100,
        "{compared} {both_valid}"
    );
}

#[test]
fn checker_agrees_with_the_parser_on_every_dataset_line() {
    let cases: Vec<Case> = test_support::datasets::lines()
        .iter()
        .map(|line| case(line, None))
        .collect();
    let (compared, both_valid) = compare(&cases);
    eprintln!("datasets: {compared} inputs, {both_valid} valid, no disagreement");
    assert!(
        compared > 50_000 && both_valid > 10_000,
        "{compared} {both_valid}"
    );
}

/// Inputs built from pieces chosen to sit on the grammar's edges (schemes, slashes, hosts,
/// ports, paths, queries, fragments, bases), compared the same way.
#[test]
fn checker_agrees_with_the_parser_on_edge_piece_combinations() {
    const SCHEMES: &[&str] = &[
        "https:", "HTTP:", "file:", "FILE:", "ws:", "foo:", "a+b.c-d:", "", "", "1a:", "c:",
    ];
    const SLASHES: &[&str] = &["//", "//", "/", "", "///", "\\\\", "/\\"];
    const HOSTS: &[&str] = &[
        "example.com",
        "EXAMPLE.com",
        "faß.example",
        "1.2.3.4",
        "1.2.3",
        "01.2.3.4",
        "example.255",
        "[::1]",
        "[::01]",
        "[0:0::1]",
        "[::1.2.3.4]",
        "[::1",
        "a_b",
        "ex%41mple",
        "ex%zzmple",
        "h@x",
        "user:pw@h",
        "@h",
        "C:",
        "C|",
        "localhost",
        "loc%61lhost",
        "ñ",
        "xn--a",
        "-a",
        "a..b",
        "example.com.",
        "",
        "%",
        "１２７.０.０.１",
        "h ",
        "h\t",
        "a`b",
    ];
    const PORTS: &[&str] = &["", "", ":", ":80", ":0080", ":65535", ":65536", ":x", ":-1"];
    const PATHS: &[&str] = &[
        "", "/", "/a", "a", "./b", "/./", "/../", "/%2e", "/C:", "/C|", "C:", "/C:/", " ", "\\",
        "%", "%41", "//", "/é", "\t", "`", "{", "/a b", "..", "/a/", "b:c",
    ];
    const QUERIES: &[&str] = &["", "", "?", "?a=b", "?a b", "??", "?%", "?'", "?é"];
    const FRAGMENTS: &[&str] = &["", "", "#", "#top", "#a b", "##", "#%zz", "#`", "#?/"];
    const BASES: &[Option<&str>] = &[
        None,
        Some("https://example.com/a/b"),
        Some("file:///C:/x"),
        Some("file://host/x"),
        Some("foo:bar"),
        Some("foo://h/p"),
        Some("foo:/p"),
        Some("foo:"),
    ];
    let mut rng = test_support::rng::Rng::new(0x5eed_0004_0003);
    let mut cases = Vec::new();
    for _ in 0..60_000 {
        let mut input = String::new();
        for pieces in [SCHEMES, SLASHES, HOSTS, PORTS, PATHS, QUERIES, FRAGMENTS] {
            let piece: &&str = rng.pick(pieces);
            input.push_str(piece);
        }
        cases.push(case(&input, *rng.pick(BASES)));
    }
    let (compared, both_valid) = compare(&cases);
    eprintln!("edges: {compared} inputs, {both_valid} valid, no disagreement");
    assert!(both_valid > 1000, "{both_valid}");
}

#[test]
fn spec_4_examples() {
    // The table of spec 4 (valid or not), for the July 2026 edition.
    for (input, base, valid) in [
        ("https:example.org", None, false),
        ("https://////example.com///", None, false),
        ("https://example.com/././foo", None, true),
        ("hello:world", Some("https://example.com/"), true),
        ("https:example.org", Some("https://example.com/"), false),
        (
            "\\example\\..\\demo/.\\",
            Some("https://example.com/"),
            false,
        ),
        ("example", Some("https://example.com/demo"), true),
        ("file:///C|/demo", None, false),
        ("..", Some("file:///C:/demo"), true),
        // Valid in the table of the June text; the July edition's domain-percent-encoded
        // validation error and the grammar's valid host string both make it invalid.
        ("file://loc%61lhost/", None, false),
        ("https://user:password@example.org/", None, false),
        ("https://example.org/foo bar", None, false),
        ("https://EXAMPLE.com/../x", None, true),
        ("https://ex ample.org/", None, false),
        ("example", None, false),
        ("https://example.com:demo", None, false),
        ("http://[www.example.com]/", None, false),
        ("https://example.org//", None, true),
        ("https://example.com/[]?[]#[]", None, false),
        ("https://example/%?%#%", None, false),
        ("https://example/%25?%25#%25", None, true),
    ] {
        assert_eq!(
            is_valid_url_string(input, base),
            valid,
            "{input:?} {base:?}"
        );
        assert_eq!(
            parser_says_valid(input, base),
            valid,
            "parser: {input:?} {base:?}"
        );
    }
}

/// The classes whatwg/url#704 and #905 listed, which the July 2026 edition closed, and the
/// non-ASCII IPv4 class, which `IPv4-non-ASCII-input` (whatwg/url#925) closed (see
/// VALIDITY-DISAGREEMENTS.md): grammar and parser now agree, with the parser's reason.
#[test]
fn former_disagreements_now_agree() {
    for (input, valid, error) in [
        ("https://example.255/", false, Some("IPv4-non-numeric-part")),
        ("https://1.2.3.4.5/", false, Some("IPv4-too-many-parts")),
        ("https://1.2.3/", false, Some("IPv4-too-few-parts")),
        ("https://example.org//", true, None),
        ("foo://h@x", false, Some("invalid-credentials")),
        ("foo://:80", false, Some("host-missing")),
        ("file://loc%61lhost/", false, Some("domain-percent-encoded")),
        ("https://[::01]/", false, Some("IPv6-piece-leading-zero")),
        ("foo:bar baz", false, Some("invalid-URL-unit")),
        (
            "https://１２７.０.０.１/",
            false,
            Some("IPv4-non-ASCII-input"),
        ),
        (
            "http://127。0。0。1:8080/a?b#c",
            false,
            Some("IPv4-non-ASCII-input"),
        ),
    ] {
        assert_eq!(is_valid_url_string(input, None), valid, "{input:?}");
        let (result, errors) = Url::parse_with_validation(input, None);
        let names: Vec<&str> = errors.iter().map(|e| e.name()).collect();
        assert_eq!(
            result.is_ok() && errors.is_empty(),
            valid,
            "{input:?} {names:?}"
        );
        if let Some(error) = error {
            assert!(names.contains(&error), "{input:?}: {names:?}");
        }
    }
}
