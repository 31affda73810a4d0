//! `urltestdata.json` (and `urltestdata-javascript-only.json`) through the public `Url` API:
//! the constructor, `can_parse`, and every getter, as WPT's url-constructor.any.js and
//! url-origin.any.js do.

mod common;

use test_support::{Value, field_eq};
use whatwg_url::Url;

fn run_case(case: &Value) -> Result<(), String> {
    let input = case.str_field("input").ok_or("no input")?;
    let base = case.str_field("base");
    let parsed = Url::parse(input, base);
    field_eq("can_parse", &parsed.is_ok(), &Url::can_parse(input, base))?;
    if case.get("failure").and_then(Value::as_bool) == Some(true) {
        return match parsed {
            Ok(url) => Err(format!("expected failure, got {:?}", url.href())),
            Err(_) => Ok(()),
        };
    }
    let url = parsed.map_err(|e| format!("parse failed: {e}"))?;
    for getter in common::getters() {
        if let Some(want) = case.str_field(getter) {
            field_eq(getter, want, common::get(&url, getter)?.as_str())?;
        }
    }
    // The serialization round-trips through the parser (the spec's idempotence goal).
    let again = Url::parse(url.href(), None).map_err(|e| format!("href does not re-parse: {e}"))?;
    field_eq("re-parsed href", url.href(), again.href())
}

fn run(fixture: &str, row: &str) {
    common::run_urltestdata(fixture, row, run_case);
}

#[test]
fn wpt_urltestdata_api() {
    run("urltestdata.json", "urltestdata.json (URL API)");
}

#[test]
fn wpt_urltestdata_javascript_only_api() {
    run(
        "urltestdata-javascript-only.json",
        "urltestdata-javascript-only.json (URL API)",
    );
}
