//! Every case of WPT's `api/urlencoded-parser.json` through the parser (spec 5.1).
//!
//! Schema: `[{"input": string, "output": [[name, value], ...]}]`; parsing `input` must give
//! exactly `output`, in order. WPT feeds the same input to `new URLSearchParams(input)` and to
//! the `formData()` of a request and a response body, all with one expected output, so the
//! input goes straight to the parser (the constructor's removal of a leading `?` does not
//! concern this file). Strings are scalar value strings (a lone surrogate in the JSON is
//! U+FFFD, as WebIDL's USVString conversion makes it); the parser gets their UTF-8 bytes,
//! which is the string parser of spec 5.3.

use form_urlencoded::parse;
use test_support::{Conformance, Value, field_eq, load};

/// The expected `[[name, value], ...]` of a case, when it is well-formed.
fn expected_pairs(output: &Value) -> Option<Vec<(String, String)>> {
    output
        .as_array()?
        .iter()
        .map(|pair| match pair.as_array()? {
            [name, value] => Some((name.as_str()?.to_owned(), value.as_str()?.to_owned())),
            _ => None,
        })
        .collect()
}

#[test]
fn wpt_urlencoded_parser() {
    let data = load("api/urlencoded-parser.json");
    let cases = data.as_array().expect("urlencoded-parser.json is an array");
    let mut conformance = Conformance::new("api/urlencoded-parser.json");
    for case in cases {
        let Some(input) = case.str_field("input") else {
            conformance.check("case without input", Err(format!("{case:?}")));
            continue;
        };
        let name = format!("input {input:?}");
        let Some(expected) = case.get("output").and_then(expected_pairs) else {
            conformance.check(&name, Err("malformed output".to_owned()));
            continue;
        };
        let actual: Vec<(String, String)> = parse(input.as_bytes())
            .map(|(name, value)| (name.into_owned(), value.into_owned()))
            .collect();
        conformance.check(&name, field_eq("pairs", &expected, &actual));
    }
    conformance.finish();
}
