//! `toascii.json` through the `host` and `hostname` setters, as WPT's toascii.window.js does:
//! on `https://x/x`, setting either to `input` makes it `output`, or leaves it `x` where
//! `output` is null.

use test_support::{Conformance, Value, field_eq, load};
use whatwg_url::Url;

fn run_case(input: &str, output: Option<&str>) -> Result<(), String> {
    for attribute in ["host", "hostname"] {
        let mut url = Url::parse("https://x/x", None).map_err(|e| e.to_string())?;
        let got = if attribute == "host" {
            url.set_host(input);
            url.host()
        } else {
            url.set_hostname(input);
            url.hostname()
        };
        field_eq(attribute, output.unwrap_or("x"), got)?;
        field_eq("pathname", "/x", url.pathname())?;
    }
    Ok(())
}

#[test]
fn wpt_toascii_setters() {
    let mut conf = Conformance::new("toascii.json (URL.host/hostname setters)");
    for case in load("toascii.json").as_array().expect("an array") {
        if case.as_object().is_none() {
            continue; // a comment line
        }
        let input = case.str_field("input").unwrap_or_default();
        let output = case.get("output").and_then(Value::as_str);
        conf.check(&format!("{input:?}"), run_case(input, output));
    }
    conf.finish();
}
