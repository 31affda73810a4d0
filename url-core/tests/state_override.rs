//! The basic URL parser with url and state override, driven by the API setters of spec 6
//! (written here the way `url-api` calls url-core) over `setters_tests.json`. The fixture's
//! conformance row belongs to url-api; this test checks the layer below it.

mod common;

use common::{ApiView, set};
use url_core::{StateOverride, UrlRecord};

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
            let mut url = UrlRecord::parse(href, None).expect("fixture href parses");
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
    let url = UrlRecord::parse(original, None).unwrap();
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

/// The override entry says what happened (issue: setters must not re-derive it): changed,
/// unchanged where the spec returns early, or failure with the state that returned it.
#[test]
fn the_override_entry_reports_its_outcome() {
    use url_core::{Overridden, OverrideError, ParseError, StateOverride::*};
    let run = |href: &str, input: &str, state| {
        let mut url = UrlRecord::parse(href, None).unwrap();
        let before = url.as_str().to_owned();
        let outcome = url.basic_parse_override(input, state);
        (outcome, url.as_str() != before)
    };
    // Scheme state, step 2.1: the change is not allowed, nothing changes.
    for (href, input) in [
        ("https://h/", "foo:"),    // special to non-special
        ("foo://h/", "https:"),    // non-special to special
        ("https://u@h/", "file:"), // credentials, to file
        ("https://h:1/", "file:"), // a port, to file
        ("file:///p", "https:"),   // from file with an empty host
    ] {
        assert_eq!(
            run(href, input, SchemeStart),
            (Ok(Overridden::Unchanged), false),
            "{href} {input}"
        );
    }
    assert_eq!(
        run("https://h/", "wss:", SchemeStart),
        (Ok(Overridden::Changed), true)
    );
    // The same scheme: a change to the same value.
    assert_eq!(
        run("https://h/", "https:", SchemeStart),
        (Ok(Overridden::Changed), false)
    );
    assert_eq!(
        run("https://h/", "1x:", SchemeStart),
        (
            Err(OverrideError {
                state: SchemeStart,
                error: ParseError::OverrideFailure
            }),
            false
        )
    );
    // The path start state on an opaque path.
    assert_eq!(
        run("mailto:x", "y", PathStart),
        (Ok(Overridden::Unchanged), false)
    );
    // Host then port: the port state's failure is the port's, and the host is set.
    let (outcome, changed) = run("https://h/", "g:99999", Host);
    assert_eq!(
        outcome.map_err(|e| (e.state, e.error.validation_error().map(|v| v.name()))),
        Err((Port, Some("port-out-of-range")))
    );
    assert!(changed);
    let (outcome, changed) = run("https://h/", "exa mple:1", Host);
    assert_eq!(outcome.map_err(|e| e.state), Err(Host));
    assert!(!changed);
    assert_eq!(
        run("https://h/", "g:1", Hostname),
        (
            Err(OverrideError {
                state: Hostname,
                error: ParseError::OverrideFailure
            }),
            false
        )
    );
    assert_eq!(
        run("https://h/", "8080", Port),
        (Ok(Overridden::Changed), true)
    );
    assert_eq!(
        run("https://h/", "x", Port),
        (
            Err(OverrideError {
                state: Port,
                error: ParseError::OverrideFailure
            }),
            false
        )
    );
}
