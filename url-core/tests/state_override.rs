//! The basic URL parser with url and state override, driven by the API setters of spec 6
//! (written here the way `url-api` calls url-core) over `setters_tests.json`. The fixture's
//! conformance row belongs to url-api; this test checks the layer below it.

mod common;

use common::{ApiView, set};
use url_core::{StateOverride, Url};

#[test]
fn setters_fixture_through_state_override() {
    let data = test_support::load("setters_tests.json");
    let mut failures = Vec::new();
    let mut total = 0;
    for (setter, cases) in data.as_object().expect("object") {
        let Some(cases) = cases.as_array() else {
            continue;
        };
        for case in cases.iter().filter(|c| c.as_object().is_some()) {
            total += 1;
            let href = case.str_field("href").expect("href");
            let value = case.str_field("new_value").expect("new_value");
            let mut url = Url::parse(href, None).expect("fixture href parses");
            set(&mut url, setter, value);
            if let Err(e) = url.check_invariants() {
                failures.push(format!("{setter} {href:?} = {value:?}: invariants: {e}"));
                continue;
            }
            let view = ApiView::of(&url);
            let expected = case.get("expected").expect("expected");
            for (field, want) in expected.as_object().expect("object") {
                let want = want.as_str().expect("string");
                let got = view.field(field).expect("known field");
                if want != got {
                    failures.push(format!(
                        "{setter} {href:?} = {value:?}: {field}: expected {want:?}, got {got:?}"
                    ));
                }
            }
        }
    }
    assert!(total > 250, "setters fixture too small: {total}");
    assert!(
        failures.is_empty(),
        "{} of {total} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn failure_leaves_url_untouched() {
    let original = "https://user:pw@example.com:8080/a/b?q#f";
    let url = Url::parse(original, None).unwrap();
    let attempts: [(&str, StateOverride); 6] = [
        ("1http:", StateOverride::SchemeStart),
        ("file:", StateOverride::SchemeStart),
        ("foo:", StateOverride::SchemeStart),
        ("exa mple.com", StateOverride::Hostname),
        ("a:1", StateOverride::Hostname),
        ("[::1", StateOverride::Hostname),
    ];
    for (input, state) in attempts {
        let mut copy = url.clone();
        let _ = copy.basic_parse_override(input, state);
        assert_eq!(copy.as_str(), original, "{input:?} with {state:?}");
    }
    // A hostname that merely looks like a port is a domain: it is set.
    let mut copy = url.clone();
    assert!(
        copy.basic_parse_override("8080x", StateOverride::Hostname)
            .is_ok()
    );
    assert_eq!(copy.as_str(), "https://user:pw@8080x:8080/a/b?q#f");
    let mut copy = url.clone();
    assert!(copy.basic_parse_override("x", StateOverride::Port).is_err());
    assert_eq!(copy.as_str(), original);
    assert!(
        copy.basic_parse_override("99999", StateOverride::Port)
            .is_err()
    );
    assert_eq!(copy.as_str(), original);
    // The one partial change the spec makes: the host is set before the port fails.
    let mut copy = url.clone();
    assert!(
        copy.basic_parse_override("example.org:", StateOverride::Host)
            .is_err()
    );
    assert_eq!(copy.as_str(), "https://user:pw@example.org:8080/a/b?q#f");
}
