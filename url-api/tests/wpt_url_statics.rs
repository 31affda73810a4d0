//! `api/url-statics.json` (`URL.canParse`, `URL.parse`) and `api/url-misc.json` (`toJSON`,
//! the href setter parsing without a base).

mod common;

use test_support::{Conformance, Value, field_eq, load};
use whatwg_url::Url;

fn run_statics_case(case: &Value) -> Result<(), String> {
    let input = case.str_field("url").ok_or("no url")?;
    let base = case.str_field("base");
    let expected = case
        .get("expected")
        .and_then(Value::as_bool)
        .ok_or("no expected")?;
    let tests = case.get("tests").and_then(Value::as_array).unwrap_or(&[]);
    for test in tests {
        match test.as_str() {
            Some("canParse") => field_eq("canParse", &expected, &Url::can_parse(input, base))?,
            Some("parse") => {
                let got = Url::parse(input, base).ok();
                let want = if expected {
                    Some(case.str_field("href").ok_or("no href")?)
                } else {
                    None
                };
                field_eq("parse", &want, &got.as_ref().map(Url::href))?;
            }
            other => return Err(format!("unknown test {other:?}")),
        }
    }
    Ok(())
}

#[test]
fn wpt_url_statics() {
    let mut conf = Conformance::new("api/url-statics.json");
    for case in load("api/url-statics.json").as_array().expect("an array") {
        let name = format!(
            "{:?} against {:?}",
            case.str_field("url"),
            case.str_field("base")
        );
        conf.check(&name, run_statics_case(case));
    }
    conf.finish();
}

fn run_misc_case(case: &Value) -> Result<(), String> {
    let url = common::parse(case, "url", "base")?;
    match case.str_field("kind") {
        Some("toJSON") => field_eq(
            "toJSON",
            case.str_field("expected").ok_or("no expected")?,
            url.to_json(),
        ),
        Some("href_setter") => {
            field_eq(
                "href",
                case.str_field("expected_href").ok_or("no expected_href")?,
                url.href(),
            )?;
            let mut after = url.clone();
            let threw = after
                .set_href(case.str_field("set_href").ok_or("no set_href")?)
                .is_err();
            let want = case
                .get("set_href_throws")
                .and_then(Value::as_bool)
                .unwrap_or(false);
            field_eq("set_href throws", &want, &threw)?;
            if threw {
                field_eq("href after a failed set_href", url.href(), after.href())?;
            }
            Ok(())
        }
        other => Err(format!("unknown kind {other:?}")),
    }
}

#[test]
fn wpt_url_misc() {
    let mut conf = Conformance::new("api/url-misc.json");
    for case in load("api/url-misc.json").as_array().expect("an array") {
        let name = format!(
            "{}: {:?}",
            case.str_field("kind").unwrap_or("?"),
            case.str_field("url")
        );
        conf.check(&name, run_misc_case(case));
    }
    conf.finish();
}
