//! `urltestdata.json` (and `urltestdata-javascript-only.json`) through the public `Url` API:
//! the constructor, `can_parse`, and every getter, as WPT's url-constructor.any.js and
//! url-origin.any.js do.

mod common;

fn run(fixture: &str, row: &str) {
    common::run_urltestdata(fixture, row, common::urltestdata::run_case);
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
