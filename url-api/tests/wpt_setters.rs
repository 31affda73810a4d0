//! `setters_tests.json` (every case, every expected field) and `api/setters-stripping.json`.

mod common;

use common::{get, set};
use test_support::{Conformance, Value, field_eq, load};
use whatwg_url::Url;

fn check_expected(url: &Url, expected: &Value) -> Result<(), String> {
    for (field, want) in expected.as_object().ok_or("expected is not an object")? {
        let want = want.as_str().ok_or("expected value is not a string")?;
        field_eq(field, want, get(url, field)?.as_str())?;
    }
    Ok(())
}

#[test]
fn wpt_setters_tests() {
    let mut conf = Conformance::new("setters_tests.json");
    let fixture = load("setters_tests.json");
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

#[test]
fn wpt_setters_stripping() {
    let mut conf = Conformance::new("api/setters-stripping.json");
    for case in load("api/setters-stripping.json")
        .as_array()
        .expect("an array")
    {
        let name = case.str_field("name").unwrap_or("?");
        let result = (|| {
            let mut url = common::parse(case, "url", "base")?;
            let property = case.str_field("property").ok_or("no property")?;
            set(
                &mut url,
                property,
                case.str_field("input").ok_or("no input")?,
            )?;
            check_expected(&url, case.get("expected").ok_or("no expected")?)
        })();
        conf.check(name, result);
    }
    conf.finish();
}
