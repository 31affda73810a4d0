//! `setters_tests.json` (every case, every expected field) and `api/setters-stripping.json`.

mod common;

use common::set;
use common::setters::check_expected;
use test_support::{Conformance, load};

#[test]
fn wpt_setters_tests() {
    common::setters::run(&load("setters_tests.json"), "setters_tests.json");
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
