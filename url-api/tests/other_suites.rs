//! Other projects' test vectors (`fixtures/suites/`), each file a conformance row:
//!
//! - the reference implementation's validation cases (whatwg-url's `test/validation.js`): for
//!   each input, whether it is a valid URL string, which validation errors the parser reports in
//!   which order, and whether it fails;
//! - ada's cases beyond WPT, in WPT's formats (`ada_extra_urltestdata.json`,
//!   `ada_long_urltestdata.json`, `ada_extra_setters_tests.json`), and Node.js's
//!   (`node-url-tests-additional.json`, `node-url-setter-tests-additional.json`), through the
//!   same checks as the WPT files.

mod common;

use test_support::{Value, field_eq, suites};
use whatwg_url::{Url, ValidationError, is_valid_url_string};

/// A case of `whatwg-url-validation.json`, checked as `test/validation.js` checks it against
/// `isValidURLString` and `parseURLWithValidationErrors`.
fn validation_case(case: &Value) -> Result<(), String> {
    let input = case
        .get("input")
        .and_then(Value::as_json_str)
        .ok_or("no input")?;
    let base = case.str_field("base");
    let valid = case
        .get("validURLString")
        .and_then(Value::as_bool)
        .ok_or("no validURLString")?;
    let expected: Vec<&str> = match case.get("parserValidationErrors") {
        None => Vec::new(),
        Some(names) => names
            .as_array()
            .ok_or("parserValidationErrors is not an array")?
            .iter()
            .map(|name| name.as_str().ok_or("an error name is not a string"))
            .collect::<Result<_, _>>()?,
    };
    let failure = case
        .get("parserFailure")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    if input.had_lone_surrogate() {
        // A Rust `str` holds no lone surrogate: a JavaScript string reaches this API through the
        // USVString conversion (`Url::parse_utf16`), which makes it U+FFFD, a URL code point.
        // The reference parses the string as it is, and a surrogate is not a URL unit (spec
        // 4.3): that is the `invalid-URL-unit` it reports. What a `str` can be checked on is
        // the same input with the surrogate spelled as a code point that is not a URL unit
        // either, U+FFFF.
        let stand_in: String = char::decode_utf16(input.utf16.iter().copied())
            .map(|c| c.unwrap_or('\u{FFFF}'))
            .collect();
        return check_validation(&stand_in, base, valid, &expected, failure);
    }
    check_validation(&input.text, base, valid, &expected, failure)
}

fn check_validation(
    input: &str,
    base: Option<&str>,
    valid: bool,
    expected: &[&str],
    failure: bool,
) -> Result<(), String> {
    field_eq(
        "valid URL string",
        &valid,
        &is_valid_url_string(input, base),
    )?;
    let (parsed, reported) = Url::parse_with_validation(input, base);
    let names: Vec<&str> = reported.iter().map(|r| r.error.name()).collect();
    field_eq("validation errors", &expected, &names.as_slice())?;
    field_eq("parser failure", &failure, &parsed.is_err())
}

#[test]
fn whatwg_url_validation() {
    let cases = suites::cases("whatwg-url-validation.json");
    // As the source checks its own table: the cases name every validation error type.
    for error in ValidationError::ALL {
        assert!(
            cases.iter().any(|case| {
                case.get("parserValidationErrors")
                    .and_then(Value::as_array)
                    .is_some_and(|names| names.iter().any(|n| n.as_str() == Some(error.name())))
            }),
            "no case reports {}",
            error.name()
        );
    }
    common::run_urltestdata_cases(&cases, "suites/whatwg-url-validation.json", validation_case);
}

#[test]
fn ada_extra_urltestdata() {
    common::run_urltestdata_cases(
        &suites::cases("ada_extra_urltestdata.json"),
        "suites/ada_extra_urltestdata.json",
        common::urltestdata::run_case,
    );
}

#[test]
fn ada_long_urltestdata() {
    common::run_urltestdata_cases(
        &suites::cases("ada_long_urltestdata.json"),
        "suites/ada_long_urltestdata.json",
        common::urltestdata::run_case,
    );
}

#[test]
fn ada_extra_setters_tests() {
    common::setters::run(
        &suites::load("ada_extra_setters_tests.json"),
        "suites/ada_extra_setters_tests.json",
    );
}

#[test]
fn node_url_tests_additional() {
    common::run_urltestdata_cases(
        &suites::cases("node-url-tests-additional.json"),
        "suites/node-url-tests-additional.json",
        common::urltestdata::run_case,
    );
}

#[test]
fn node_url_setter_tests_additional() {
    common::setters::run(
        &suites::load("node-url-setter-tests-additional.json"),
        "suites/node-url-setter-tests-additional.json",
    );
}
