//! toascii.json through URL parsing: `https://{input}/x` has host and hostname `output`, or
//! fails where `output` is null.

use test_support::{Conformance, field_eq};
use url_core::UrlRecord;

#[test]
fn wpt_toascii_via_url() {
    let data = test_support::load("toascii.json");
    let mut conformance = Conformance::new("toascii.json (via URL)");
    for case in data
        .as_array()
        .expect("array")
        .iter()
        .filter(|c| c.as_object().is_some())
    {
        let input = case.str_field("input").expect("input");
        let output = case.get("output").and_then(|o| o.as_str());
        let parsed = UrlRecord::parse(&format!("https://{input}/x"), None);
        let result = match (output, parsed) {
            (None, Ok(url)) => Err(format!("expected failure, got {:?}", url.as_str())),
            (None, Err(_)) => Ok(()),
            (Some(_), Err(e)) => Err(format!("unexpected failure: {e}")),
            (Some(expected), Ok(url)) => {
                field_eq("host", expected, url.host_str().unwrap_or_default())
                    .and_then(|()| field_eq("pathname", "/x", url.path()))
                    .and_then(|()| {
                        field_eq(
                            "href",
                            format!("https://{expected}/x").as_str(),
                            url.as_str(),
                        )
                    })
            }
        };
        conformance.check(&format!("{input:?}"), result);
    }
    conformance.finish();
}
