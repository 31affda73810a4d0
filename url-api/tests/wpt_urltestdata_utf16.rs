//! `urltestdata.json` and `urltestdata-javascript-only.json` through [`Url::parse_utf16`] and
//! [`Url::can_parse_utf16`]: each input is handed over as the UTF-16 code units the JSON text
//! spells (lone surrogates kept, as a JavaScript engine holds them), and every getter is
//! checked as in `wpt_urltestdata_api.rs`.

mod common;

use test_support::{Value, field_eq};
use whatwg_url::Url;

fn run_case(case: &Value) -> Result<(), String> {
    let input = case
        .get("input")
        .and_then(Value::as_json_str)
        .ok_or("no input")?;
    let base = case.str_field("base");
    let parsed = Url::parse_utf16(&input.utf16, base);
    field_eq(
        "can_parse_utf16",
        &parsed.is_ok(),
        &Url::can_parse_utf16(&input.utf16, base),
    )?;
    // The UTF-16 entry point is the USVString conversion followed by the parser.
    field_eq(
        "same as parse",
        &Url::parse(&input.text, base).map(Url::into_string),
        &parsed.clone().map(Url::into_string),
    )?;
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
    Ok(())
}

fn run(fixture: &str, row: &str) {
    common::run_urltestdata(fixture, row, run_case);
}

#[test]
fn wpt_urltestdata_utf16() {
    run("urltestdata.json", "urltestdata.json (UTF-16)");
}

#[test]
fn wpt_urltestdata_javascript_only_utf16() {
    run(
        "urltestdata-javascript-only.json",
        "urltestdata-javascript-only.json (UTF-16)",
    );
}
