//! WPT `toascii.json`: every case through the host parser (spec 3.5) with `isOpaque` false,
//! as the WPT runner does through `new URL("https://" + input + "/x")`. A `null` output means
//! failure. The file's leading strings are comments (skipped by type, as the runner does).

use host::{NoSink, ReportedError, parse_host_into};
use test_support::{Conformance, cases, field_eq};

#[test]
fn wpt_toascii() {
    let fixture = cases("toascii.json");
    let mut conformance = Conformance::new("toascii.json");
    for case in &fixture {
        let input = case.str_field("input").expect("case has an input");
        let expected = case.get("output").and_then(|o| o.as_str());
        let name = format!("{input:?}");
        let mut out = String::new();
        let mut errors: Vec<ReportedError> = Vec::new();
        let result = parse_host_into(input, false, &mut out, &mut errors);
        // The same answer whether or not errors are collected (the NoSink fast paths).
        let mut quiet = String::new();
        let quiet_result = parse_host_into(input, false, &mut quiet, &mut NoSink);
        let outcome = match (expected, &result) {
            (None, Err(_)) => Ok(()),
            (None, Ok(kind)) => Err(format!("expected failure, got {kind:?} {out:?}")),
            (Some(expected), Ok(_)) => field_eq("host", expected, out.as_str()),
            (Some(expected), Err(e)) => Err(format!("expected {expected:?}, got failure {e}")),
        }
        .and_then(|()| field_eq("NoSink result", &result.is_ok(), &quiet_result.is_ok()))
        .and_then(|()| field_eq("NoSink output", out.as_str(), quiet.as_str()))
        .and_then(|()| match result {
            // The failing error is also reported.
            Err(e) => field_eq("failure reported", &true, &errors.contains(&e)),
            Ok(_) => Ok(()),
        });
        conformance.check(&name, outcome);
    }
    conformance.finish();
}
