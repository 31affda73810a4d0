//! `Url::parse_into` against `Url::parse`: the same result and the same error on every input of
//! `urltestdata.json` and of the benchmark datasets, whatever the reused URL held before, and
//! `about:blank` after a failure.
#![allow(clippy::restriction)] // test code: unwrapping or indexing is a failed test

mod common;

use whatwg_url::{Component, ParseError, Url};

/// Parses `input` into `url` and checks it against `Url::parse` (with `base` parsed), getter
/// by getter: the record's offsets as well as its serialization.
fn check(url: &mut Url, input: &str, base: Option<&Url>) -> Result<(), String> {
    let before = url.href().to_owned();
    let want = Url::parse(input, base.map(Url::href));
    let got = url.parse_into(input, base);
    let context = || {
        format!(
            "{input:?} against {:?}, into {before:?}",
            base.map(Url::href)
        )
    };
    match (want, got) {
        (Ok(want), Ok(())) => {
            for component in Component::ALL {
                let (w, g) = (want.component(component), url.component(component));
                if w != g {
                    return Err(format!(
                        "{}: {} {w:?} != {g:?}",
                        context(),
                        component.name()
                    ));
                }
            }
            if want.port_or_known_default() != url.port_or_known_default() {
                return Err(format!("{}: port differs", context()));
            }
            Ok(())
        }
        (Err(want), Err(got)) if want == got => {
            if url.href() == "about:blank" && *url == Url::default() {
                Ok(())
            } else {
                Err(format!("{}: left {:?} on failure", context(), url.href()))
            }
        }
        (want, got) => Err(format!("{}: parse {want:?}, parse_into {got:?}", context())),
    }
}

/// Every case of a urltestdata-shaped fixture, parsed into one URL that holds the previous
/// case's result (so every kind of previous content, failures included).
fn run_fixture(fixture: &str) {
    let mut url = Url::default();
    let mut failures = Vec::new();
    let mut cases = 0;
    for case in &test_support::cases(fixture) {
        let Some(input) = case.str_field("input") else {
            continue;
        };
        let base = match case.str_field("base") {
            Some(base) => match Url::parse(base, None) {
                Ok(base) => Some(base),
                // A base that fails makes `Url::parse` fail; `parse_into` takes a parsed base.
                Err(_) => continue,
            },
            None => None,
        };
        cases += 1;
        if let Err(e) = check(&mut url, input, base.as_ref()) {
            failures.push(e);
        }
    }
    assert!(cases > 500, "only {cases} cases in {fixture}");
    assert!(
        failures.is_empty(),
        "{} of {cases}:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn wpt_urltestdata_through_parse_into() {
    run_fixture("urltestdata.json");
}

#[test]
fn wpt_urltestdata_javascript_only_through_parse_into() {
    let mut url = Url::default();
    let mut cases = 0;
    for case in &test_support::cases("urltestdata-javascript-only.json") {
        if let Some(input) = case.str_field("input") {
            let base = case
                .str_field("base")
                .and_then(|b| Url::parse(b, None).ok());
            check(&mut url, input, base.as_ref()).unwrap();
            cases += 1;
        }
    }
    assert!(cases > 0);
}

/// The datasets in file order and in reverse (long URLs into short buffers and back), and
/// each against a special base (the relative fast paths).
#[test]
fn datasets_through_parse_into() {
    let lines = test_support::datasets::lines();
    assert!(lines.len() > 1000);
    let base = Url::parse("https://www.example.com/docs/guide/index.html?q#f", None).unwrap();
    let mut url = Url::default();
    for line in lines.iter().chain(lines.iter().rev()) {
        check(&mut url, line, None).unwrap();
    }
    for line in &lines {
        check(&mut url, line, Some(&base)).unwrap();
    }
}

/// References of every shape the parser's relative fast paths and general path take, against
/// bases of every kind, into a URL that holds each previous result.
#[test]
fn references_against_bases() {
    let bases = [
        "https://example.com/a/b/c?q#f",
        "https://example.com",
        "file:///C:/dir/file",
        "non-spec:/a/b",
        "mailto:someone@example.com",
        "http://[::1]:8080/x",
    ];
    let references = [
        "",
        "?x",
        "#y",
        "d",
        "./d",
        "../d",
        "../../../d?e#f",
        "//h/p",
        "///h",
        "/abs",
        "\\back",
        "https:rel",
        "https://other.example/",
        "a b",
        "%zz",
        "http://exa mple/",
        "http://[::1",
        "C|/x",
        "..",
        ".",
        "?",
        "#",
        "\t\n x",
    ];
    let mut url = Url::default();
    let mut cases = 0;
    for base in bases {
        let base = Url::parse(base, None).unwrap();
        for reference in references {
            check(&mut url, reference, Some(&base)).unwrap();
            check(&mut url, reference, None).unwrap();
            cases += 2;
        }
    }
    assert_eq!(cases, bases.len() * references.len() * 2);
}

/// The promise of the API: once the buffer is large enough, parsing into it allocates
/// nothing, on the fast path (already normal URLs) and the general path alike.
#[test]
fn the_buffer_is_reused() {
    let mut url = Url::default();
    url.parse_into(&format!("https://example.com/{}", "x".repeat(200)), None)
        .unwrap();
    let buffer = url.href().as_ptr();
    let inputs = [
        "https://example.com/",
        "HTTPS://EXAMPLE.com:443",
        "https://example.com/a/../b c?d e#f g",
        "non-spec://h//p",
        "web+demo:/.//not-a-host/",
        "file:///C|/x",
    ];
    for input in inputs {
        url.parse_into(input, None).unwrap();
        assert_eq!(url.href(), Url::parse(input, None).unwrap().href());
        assert_eq!(url.href().as_ptr(), buffer, "{input:?} allocated");
    }
    assert_eq!(
        url.parse_into("https://exa mple.org", None),
        Err(Url::parse("https://exa mple.org", None).unwrap_err())
    );
    assert_eq!(url.href(), "about:blank");
    assert_eq!(
        url.href().as_ptr(),
        buffer,
        "the failure dropped the buffer"
    );
}

#[test]
fn failure_is_about_blank_and_the_parse_error() {
    let mut url = Url::parse("https://user:pw@example.com:8080/p?q#f", None).unwrap();
    let error: ParseError = url.parse_into("/relative", None).unwrap_err();
    assert_eq!(Some(error), Url::parse("/relative", None).err());
    assert_eq!(url.href(), "about:blank");
    assert_eq!(url.protocol(), "about:");
    assert_eq!(url.pathname(), "blank");
    assert_eq!(url.host(), "");
    assert_eq!(url.search(), "");
    assert!(url.search_params().is_empty());
    // And it is a URL like any other afterwards.
    url.parse_into("http://example.org/x", None).unwrap();
    assert_eq!(url.hostname(), "example.org");
}
