//! WPT `IdnaTestV2.json` and `IdnaTestV2-removed.json`: every case through the host parser
//! (spec 3.5, `isOpaque` false), whose domain step is the domain parser ("domain to ASCII",
//! `beStrict` false).
//!
//! This mirrors the WPT runners, which parse `https://<input>/x` with `:`, `/`, `?`, `#` and
//! `\` percent-encoded so that they reach the host parser, and compare `host` with the expected
//! output (`null`: the URL parser fails). As in those runners, the leading strings are comments
//! and an empty input is not a case: the host parser requires a non-empty input (spec 3.5,
//! step 3) and `https:///x` does not reach it with an empty host.

use host::{NoSink, ReportedError, parse_host_into};
use test_support::{Conformance, field_eq, load};

fn run(file: &str) {
    let fixture = load(file);
    let mut conformance = Conformance::new(file);
    for case in fixture.as_array().expect("fixture is an array") {
        if case.as_str().is_some() {
            continue;
        }
        let input = case.str_field("input").expect("case has an input");
        if input.is_empty() {
            continue;
        }
        let expected = case.get("output").and_then(|o| o.as_str());
        let name = match case.str_field("comment") {
            Some(comment) => format!("ToASCII({input:?}) {comment}"),
            None => format!("ToASCII({input:?})"),
        };
        let mut out = String::new();
        let mut errors: Vec<ReportedError> = Vec::new();
        let result = parse_host_into(input, false, &mut out, &mut errors);
        let mut quiet = String::new();
        let quiet_result = parse_host_into(input, false, &mut quiet, &mut NoSink);
        let outcome = match (expected, &result) {
            (None, Err(_)) => Ok(()),
            (None, Ok(kind)) => Err(format!("expected failure, got {kind:?} {out:?}")),
            (Some(expected), Ok(_)) => field_eq("host", expected, out.as_str()),
            (Some(expected), Err(e)) => Err(format!("expected {expected:?}, got failure {e}")),
        }
        .and_then(|()| field_eq("NoSink result", &result.is_ok(), &quiet_result.is_ok()))
        .and_then(|()| field_eq("NoSink output", out.as_str(), quiet.as_str()));
        conformance.check(&name, outcome);
    }
    conformance.finish();
}

#[test]
fn wpt_idna_test_v2() {
    run("IdnaTestV2.json");
}

#[test]
fn wpt_idna_test_v2_removed() {
    run("IdnaTestV2-removed.json");
}
