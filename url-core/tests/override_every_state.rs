//! The state-override entry on its own (without the API's setter guards), for every state on
//! URLs the setters would leave alone: it never breaks a record's invariants and never panics
//! (debug assertions included), whatever the value.

use url_core::{StateOverride, UrlRecord};

#[test]
fn every_state_keeps_the_record_valid() {
    let urls = [
        "data:text/plain,x",
        "mailto:a@b?q#f",
        "foo:/p",
        "foo:",
        "file:///C:/x",
        "file://host/x",
        "https://h/p?q#f",
        "foo://h/p",
        "foo:///p",
        "sc://u:p@h:1/",
        "https://u@h/",
    ];
    let states = [
        StateOverride::SchemeStart,
        StateOverride::Host,
        StateOverride::Hostname,
        StateOverride::Port,
        StateOverride::PathStart,
        StateOverride::Query,
        StateOverride::Fragment,
    ];
    let values = [
        "", "h", "h:1", "1", "80", "x/y", "/a", "https", "file", "foo", "a b", "[::1]", "é", "#",
        "?", "%", "\\",
    ];
    for url in urls {
        let base = UrlRecord::parse(url, None).unwrap();
        for state in states {
            for value in values {
                let mut general = base.clone();
                let result = general.basic_parse_override_without_shortcuts(value, state);
                assert_eq!(
                    general.check_invariants(),
                    Ok(()),
                    "{url:?} {state:?} {value:?}: {result:?}"
                );
                let mut shortcut = base.clone();
                let _ = shortcut.basic_parse_override(value, state);
                assert_eq!(
                    shortcut.as_str(),
                    general.as_str(),
                    "{url:?} {state:?} {value:?}"
                );
            }
        }
    }
}
