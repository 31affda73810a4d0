//! The check of a setters_tests-shaped file: for each attribute, each case's URL is parsed,
//! the attribute set, and every expected field compared. Shared by the WPT file and the other
//! projects' files of the same shape.

use super::{get, set};
use test_support::{Conformance, Value, field_eq};
use whatwg_url::Url;

/// Every expected field of `expected` against `url`'s getters.
pub fn check_expected(url: &Url, expected: &Value) -> Result<(), String> {
    for (field, want) in expected.as_object().ok_or("expected is not an object")? {
        let want = want.as_str().ok_or("expected value is not a string")?;
        field_eq(field, want, get(url, field)?.as_str())?;
    }
    Ok(())
}

/// Every case of `fixture` (an object of attribute name to cases; `comment` is not an
/// attribute) as conformance row `row`.
pub fn run(fixture: &Value, row: &str) {
    let mut conf = Conformance::new(row);
    for (attribute, cases) in fixture.as_object().expect("an object") {
        let Some(cases) = cases.as_array() else {
            continue;
        };
        if attribute == "comment" {
            continue;
        }
        for (i, case) in cases.iter().enumerate() {
            let href = case.str_field("href").unwrap_or("");
            let new_value = case.str_field("new_value").unwrap_or("");
            let result = (|| {
                let mut url = Url::parse(href, None).map_err(|e| format!("parse failed: {e}"))?;
                set(&mut url, attribute, new_value)?;
                check_expected(&url, case.get("expected").ok_or("no expected")?)
            })();
            conf.check(
                &format!("{attribute} #{i}: {href:?} <- {new_value:?}"),
                result,
            );
        }
    }
    conf.finish();
}
