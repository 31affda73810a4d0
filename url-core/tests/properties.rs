//! Properties over WPT inputs and generated ones (deterministic PRNG):
//! - idempotence: for any input that parses, parsing its serialization gives the same
//!   serialization (a goal of the standard, spec 4);
//! - every parsed record passes `check_invariants`;
//! - listening for validation errors never changes the result;
//! - nothing panics.
#![allow(clippy::restriction)] // test code: unwrapping or indexing is a failed test

mod common;

use test_support::rng::Rng;
use url_core::{ReportedError, UrlRecord, Utf8};

/// Cases per random property: 20,000, or `$URL_CORE_PROPERTY_ROUNDS` for a longer run.
fn rounds() -> usize {
    std::env::var("URL_CORE_PROPERTY_ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(20_000)
}

const PIECES: &[&str] = &[
    "http:",
    "https:",
    "file:",
    "ws:",
    "sc:",
    "blob:",
    "data:",
    "HTTP:",
    "a",
    "b1",
    "//",
    "/",
    "\\",
    "@",
    ":",
    "::",
    "[",
    "]",
    "[::1]",
    "1.2.3.4",
    "0x7f.1",
    "999",
    "..",
    ".",
    "%2e",
    "%2E.",
    "%",
    "%41",
    "?",
    "#",
    " ",
    "\t",
    "\n",
    "é",
    "☃",
    "\u{0}",
    "\u{1f}",
    "C|",
    "c:",
    "localhost",
    "xn--",
    "EXAMPLE.com",
    "user",
    "pw",
    ":8080",
    ":0",
    ":65536",
    "|",
    "^",
    "{",
    "'",
    "\"",
    "<",
    "`",
    "\u{feff}",
    "\u{fdd0}",
    "%zz",
    ";",
    "=",
    "&",
    "+",
];

fn generated(rng: &mut Rng) -> String {
    let n = 1 + rng.below(12);
    (0..n).map(|_| PIECES[rng.below(PIECES.len())]).collect()
}

const BASES: &[&str] = &[
    "http://example.org/foo/bar",
    "https://u:p@h:8443/a/b/c?q#f",
    "file:///C:/dir/file",
    "file://host/share/x",
    "sc://h/p/q",
    "sc:opaque",
    "about:blank",
    "web+demo:/.//not-a-host/",
];

fn check(input: &str, base: Option<&UrlRecord>) -> Result<(), String> {
    let mut errors: Vec<ReportedError> = Vec::new();
    let quiet = UrlRecord::parse(input, base);
    let loud = UrlRecord::parse_with(input, base, &Utf8, &mut errors);
    match (&quiet, &loud) {
        (Ok(a), Ok(b)) if a.as_str() == b.as_str() => {}
        (Err(a), Err(b)) if a == b => {
            if !errors.iter().any(|e| Some(e.error) == b.validation_error()) {
                return Err(format!("{input:?}: failure {b} not reported: {errors:?}"));
            }
        }
        _ => {
            return Err(format!(
                "{input:?}: sink changed the result: {quiet:?} vs {loud:?}"
            ));
        }
    }
    for e in &errors {
        if e.offset > input.len() {
            return Err(format!("{input:?}: offset out of range: {e:?}"));
        }
    }
    if let Ok(url) = quiet {
        url.check_invariants()?;
        let again = UrlRecord::parse(url.as_str(), None).map_err(|e| {
            format!(
                "{input:?}: serialization {:?} does not parse: {e}",
                url.as_str()
            )
        })?;
        if again.as_str() != url.as_str() {
            return Err(format!(
                "{input:?}: {:?} re-parses as {:?}",
                url.as_str(),
                again.as_str()
            ));
        }
        again.check_invariants()?;
    }
    Ok(())
}

#[test]
fn idempotence_over_wpt_inputs() {
    let mut failures = Vec::new();
    let bases: Vec<UrlRecord> = BASES
        .iter()
        .map(|b| UrlRecord::parse(b, None).unwrap())
        .collect();
    for file in ["urltestdata.json", "urltestdata-javascript-only.json"] {
        for case in common::cases(file) {
            let input = case.str_field("input").unwrap();
            let base = case
                .get("base")
                .and_then(|b| b.as_str())
                .and_then(|b| UrlRecord::parse(b, None).ok());
            let mut results = vec![check(input, base.as_ref()), check(input, None)];
            results.extend(bases.iter().map(|b| check(input, Some(b))));
            failures.extend(results.into_iter().filter_map(Result::err));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn idempotence_over_generated_inputs() {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let bases: Vec<UrlRecord> = BASES
        .iter()
        .map(|b| UrlRecord::parse(b, None).unwrap())
        .collect();
    let mut failures = Vec::new();
    let mut parsed = 0;
    for _ in 0..rounds() {
        let input = generated(&mut rng);
        let base = match rng.below(3) {
            0 => None,
            _ => Some(&bases[rng.below(bases.len())]),
        };
        if UrlRecord::parse(&input, base).is_ok() {
            parsed += 1;
        }
        if let Err(e) = check(&input, base) {
            failures.push(e);
        }
    }
    assert!(parsed > 5_000, "generator too weak: {parsed} parsed");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Long runs of dot segments, slashes, "@" and percent signs stay cheap (linear); this
/// would take minutes if any of them were quadratic.
#[test]
fn adversarial_inputs_are_linear() {
    let n = 200_000;
    let dots = format!("https://h/{}{}", "a/".repeat(n), "../".repeat(n + 5));
    assert_eq!(
        UrlRecord::parse(&dots, None).unwrap().as_str(),
        "https://h/"
    );
    let encoded_dots = format!("https://h/{}", "%2e%2E/".repeat(n));
    assert_eq!(
        UrlRecord::parse(&encoded_dots, None).unwrap().as_str(),
        "https://h/"
    );
    let ats = format!("https://{}h/", "@".repeat(n));
    assert!(UrlRecord::parse(&ats, None).unwrap().username().len() == 3 * (n - 1));
    let slashes = format!("https:{}h", "/".repeat(n));
    assert_eq!(
        UrlRecord::parse(&slashes, None).unwrap().as_str(),
        "https://h/"
    );
    let tabs = format!("ht\ttps://h/{}", "\t".repeat(n));
    let mut errors = Vec::new();
    assert_eq!(
        UrlRecord::parse_with(&tabs, None, &Utf8, &mut errors)
            .unwrap()
            .as_str(),
        "https://h/"
    );
    // Trailing tabs are stripped (one error), the inner one removed (another).
    assert_eq!(errors.len(), 2);
    let spaces = format!("sc:{}x", " ".repeat(n));
    assert_eq!(UrlRecord::parse(&spaces, None).unwrap().path().len(), n + 1);
}

/// Random code points (ASCII-heavy, with controls, delimiters and non-ASCII), not just the
/// pieces above.
fn random_chars(rng: &mut Rng) -> String {
    const ASCII: &[u8] = b"aZ09:/\\?#@[]%.|^ \t\n\r\x00\x1f\x7f-+_~!$&'()*,;=<>\"`{}";
    let n = rng.below(24);
    (0..n)
        .map(|_| match rng.below(10) {
            0 => char::from_u32(0x80 + rng.below(0x2000) as u32).unwrap_or('\u{fffd}'),
            1 => char::from_u32(0x10000 + rng.below(0x1000) as u32).unwrap_or('\u{fffd}'),
            _ => char::from(ASCII[rng.below(ASCII.len())]),
        })
        .collect()
}

#[test]
fn random_code_points_never_break_the_parser() {
    let mut rng = Rng::new(0xD1B5_4A32_D192_ED03);
    let bases: Vec<UrlRecord> = BASES
        .iter()
        .map(|b| UrlRecord::parse(b, None).unwrap())
        .collect();
    let mut failures = Vec::new();
    for i in 0..rounds() {
        let prefix = ["", "https://", "file:", "sc:", "sc://", "http://h/"][i % 6];
        let input = format!("{prefix}{}", random_chars(&mut rng));
        let base = if i % 2 == 0 {
            None
        } else {
            Some(&bases[rng.below(bases.len())])
        };
        if let Err(e) = check(&input, base) {
            failures.push(e);
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The setters of spec 6 (through state override and the setter helpers) keep every record
/// consistent, and the result re-parses to itself.
#[test]
fn random_setter_calls_keep_records_consistent() {
    const SETTERS: &[&str] = &[
        "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
        "hash",
    ];
    let mut rng = Rng::new(0x1234_5678_9ABC_DEF1);
    let inputs: Vec<UrlRecord> = common::cases("urltestdata.json")
        .iter()
        .filter_map(|c| {
            let base = c
                .get("base")
                .and_then(|b| b.as_str())
                .and_then(|b| UrlRecord::parse(b, None).ok());
            UrlRecord::parse(c.str_field("input")?, base.as_ref()).ok()
        })
        .collect();
    let mut failures = Vec::new();
    for _ in 0..rounds() {
        let mut url = inputs[rng.below(inputs.len())].clone();
        let setter = SETTERS[rng.below(SETTERS.len())];
        let value = match rng.below(3) {
            0 => generated(&mut rng),
            1 => random_chars(&mut rng),
            _ => [
                "", "http", "file", "x", "80", "[::1]", "a:b", "/..", "?", "#",
            ][rng.below(10)]
            .to_owned(),
        };
        let before = url.as_str().to_owned();
        common::set(&mut url, setter, &value);
        if let Err(e) = url.check_invariants() {
            failures.push(format!("{before:?}.{setter} = {value:?}: {e}"));
            continue;
        }
        // A quirk of the standard itself: the protocol setter keeps a "localhost" host when it
        // switches to "file" (4.4 scheme state, step 2.1, sets only the scheme), while the file
        // host state turns "localhost" into the empty host. So the re-parse must give exactly
        // this href with the host emptied, and re-parse to itself from then on.
        if url.scheme() == "file" && url.host_str() == Some("localhost") {
            let expected = url.as_str().replacen("//localhost", "//", 1);
            match UrlRecord::parse(url.as_str(), None) {
                Ok(again) if again.as_str() == expected && again.host_str() == Some("") => {}
                other => failures.push(format!(
                    "{before:?}.{setter} = {value:?} gave {:?}, which re-parses as {other:?}, \
                     not {expected:?}",
                    url.as_str()
                )),
            }
            continue;
        }
        match UrlRecord::parse(url.as_str(), None) {
            Ok(again) if again.as_str() == url.as_str() => {}
            other => failures.push(format!(
                "{before:?}.{setter} = {value:?} gave {:?}, which re-parses as {other:?}",
                url.as_str()
            )),
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
