//! urltestdata.json and urltestdata-javascript-only.json: every case, every field the URL
//! record answers (href, origin, protocol, username, password, host, hostname, port,
//! pathname, search, hash), and failures.

mod common;

use test_support::Conformance;

fn run(file: &str) {
    let mut conformance = Conformance::new(file);
    for case in common::cases(file) {
        conformance.check(&common::case_name(&case), common::check_case(&case));
    }
    conformance.finish();
}

#[test]
fn wpt_urltestdata() {
    run("urltestdata.json");
}

#[test]
fn wpt_urltestdata_javascript_only() {
    run("urltestdata-javascript-only.json");
}
