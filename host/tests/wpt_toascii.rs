//! WPT `toascii.json`: every case through the host parser (spec 3.5) with `isOpaque` false,
//! as the WPT runner does through `new URL("https://" + input + "/x")`. A `null` output means
//! failure. The file's leading strings are comments (skipped by type, as the runner does).

mod common;

use common::host_case;
use test_support::{Conformance, cases};

#[test]
fn wpt_toascii() {
    let fixture = cases("toascii.json");
    let mut conformance = Conformance::new("toascii.json");
    for case in &fixture {
        let input = case.str_field("input").expect("case has an input");
        let expected = case.get("output").and_then(|o| o.as_str());
        let name = format!("{input:?}");
        let outcome = host_case(input, expected);
        conformance.check(&name, outcome);
    }
    conformance.finish();
}
