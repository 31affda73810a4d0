//! The state-override entry's shortcuts (`parser/fast/overrides.rs`) against the general state
//! machine (`UrlRecord::basic_parse_override_without_shortcuts`): on every URL of the WPT setter
//! fixtures, every dataset line's components as values, and generated values, both must give
//! the same record (boundaries included) and the same outcome.
#![allow(clippy::restriction)] // test code: unwrapping or indexing is a failed test

use test_support::rng::Rng;
use url_core::{StateOverride, UrlRecord};

fn record(url: &UrlRecord) -> String {
    format!(
        "{:?} kind={:?} port={:?} segments={:?} invariants={:?}",
        url,
        url.host_kind(),
        url.port_str(),
        url.path_segments().map(Iterator::collect::<Vec<_>>),
        url.check_invariants(),
    )
}

const STATES: [StateOverride; 4] = [
    StateOverride::PathStart,
    StateOverride::Query,
    StateOverride::Fragment,
    StateOverride::Hostname,
];

/// The setter's preparation (empty the path, set the query or fragment to ""), then both.
/// Not the host and path states on an opaque path, where the setters return first.
fn compare(url: &UrlRecord, value: &str, state: StateOverride) -> bool {
    if url.has_opaque_path() && matches!(state, StateOverride::Hostname | StateOverride::PathStart)
    {
        return false;
    }
    let mut prepared = url.clone();
    match state {
        StateOverride::PathStart => prepared.clear_path(),
        StateOverride::Query => prepared.set_empty_query(),
        StateOverride::Fragment => prepared.set_empty_fragment(),
        _ => {}
    }
    let mut fast = prepared.clone();
    let mut general = prepared;
    let a = fast.basic_parse_override(value, state);
    let b = general.basic_parse_override_without_shortcuts(value, state);
    assert_eq!(
        (a.map_err(|e| e.error), record(&fast)),
        (b.map_err(|e| e.error), record(&general)),
        "{state:?} with {value:?} on {url:?}"
    );
    true
}

#[test]
fn shortcuts_agree_with_the_state_machine() {
    let bases: Vec<UrlRecord> = [
        "https://example.com/a/b?q=1#f",
        "https://user:pw@[::1]:8080/",
        "http://127.0.0.1",
        "wss://h/p#only",
        "ftp://h/?",
        "file:///C:/x",
        "file://host/share",
        "file:///",
        "file://localhost/x",
        "web+demo://h/p?q#f",
        "sc:/.//p",
        "mailto:x@example.com",
        "data:text/plain,hi",
    ]
    .iter()
    .map(|u| UrlRecord::parse(u, None).unwrap())
    .collect();
    let mut values: Vec<String> = [
        "",
        "/",
        "//",
        "/a/b c",
        "/a/./b",
        "/a/../b",
        "/%2e/x",
        "/.x/..y",
        "/a\\b",
        "/a?b",
        "/a#b",
        "a",
        "example.org",
        "EXAMPLE.org",
        "ex_ample.org",
        "a..b",
        "a.b.",
        ".a",
        "1.2.3.4",
        "a.1",
        "a.0x1",
        "xn--nxasmq6b",
        "bücher.de",
        "a:b",
        "a@b",
        "a%41",
        "q=1&r=2",
        "?q",
        "#h",
        "x y",
        "a'b",
        "\t",
        "ü",
        "a/b",
        "[::1]",
        "a~b!c$d",
        "café",
        "/ü/x y",
        "/😀?#\u{0}",
        "q=é&x=\u{7f}",
        "#ß\u{1f}",
        "/a\u{a0}b/%zz",
        "/\u{fffd}\u{10ffff}",
        "localhost",
        "LOCALHOST",
        "/C:/x",
        "/c|/y y",
        "/C:",
        "/C|",
        "C:",
        "/a:/b",
        "/ab:/c",
        "/C%3A/x",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for line in test_support::datasets::lines().iter().take(3000) {
        if let Ok(u) = UrlRecord::parse(line, None) {
            values.push(u.path().to_owned());
            values.push(u.query().unwrap_or("").to_owned());
            values.push(u.host_str().unwrap_or("").to_owned());
        }
    }
    let mut rng = Rng::new(7);
    let alphabet = b"aZ09-._~/%?#\\:@[] '\"<>`{}^|\t.2eE";
    for _ in 0..5000 {
        let n = rng.below(12);
        let v: String = (0..n).map(|_| char::from(*rng.pick(alphabet))).collect();
        values.push(v);
    }
    let mut compared = 0;
    for url in &bases {
        for value in &values {
            for state in STATES {
                compared += usize::from(compare(url, value, state));
            }
        }
    }
    assert!(compared > 100_000, "{compared}");
}
