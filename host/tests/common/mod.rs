//! What the WPT host fixtures' runners check of one case, shared by `wpt_toascii.rs` and
//! `wpt_idna.rs`.

use host::{NoSink, ReportedError, parse_host_into};
use test_support::field_eq;

/// The host parser (spec 3.5, `isOpaque` false) on `input` against `expected` (`None`: the
/// parser fails), as the WPT runners read a case through `new URL("https://" + input + "/x")`;
/// and the same answer whether or not errors are collected (the `NoSink` fast paths), with a
/// failure's error among those reported.
pub fn host_case(input: &str, expected: Option<&str>) -> Result<(), String> {
    let mut out = String::new();
    let mut errors: Vec<ReportedError> = Vec::new();
    let result = parse_host_into(input, false, &mut out, &mut errors);
    let mut quiet = String::new();
    let quiet_result = parse_host_into(input, false, &mut quiet, &mut NoSink);
    match (expected, &result) {
        (None, Err(_)) => Ok(()),
        (None, Ok(kind)) => Err(format!("expected failure, got {kind:?} {out:?}")),
        (Some(expected), Ok(_)) => field_eq("host", expected, out.as_str()),
        (Some(expected), Err(e)) => Err(format!("expected {expected:?}, got failure {e}")),
    }
    .and_then(|()| field_eq("NoSink result", &result.is_ok(), &quiet_result.is_ok()))
    .and_then(|()| field_eq("NoSink output", out.as_str(), quiet.as_str()))
    .and_then(|()| match result {
        Err(e) => field_eq("failure reported", &true, &errors.contains(&e)),
        Ok(_) => Ok(()),
    })
}
