//! Other projects' test vectors (`fixtures/suites/`): cases that the URL Standard's reference
//! implementation and ada test themselves with beyond the web-platform-tests, kept as data with
//! their source and licence (`fixtures/README.md`).

use std::path::PathBuf;

use crate::json::Value;

/// The suites directory: `$URL_SUITES_DIR`, else the repository's `fixtures/suites`.
pub fn dir() -> PathBuf {
    std::env::var_os("URL_SUITES_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| crate::workspace_root().join("fixtures").join("suites"))
}

/// Reads and parses suite file `name`.
///
/// # Panics
/// When the file is missing or is not JSON: a missing suite is an error, never a silent skip.
pub fn load(name: &str) -> Value {
    let path = dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "suite {}: {e}; the repository keeps it in fixtures/suites, and URL_SUITES_DIR, \
             when set, must name a directory that holds it",
            path.display()
        )
    });
    crate::json::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The cases of suite file `name`, a JSON array whose strings are comments: its other
/// elements, in order.
pub fn cases(name: &str) -> Vec<Value> {
    match load(name) {
        Value::Array(items) => items.into_iter().filter(|c| c.as_str().is_none()).collect(),
        other => panic!("{name}: expected an array of cases, found {other:?}"),
    }
}
