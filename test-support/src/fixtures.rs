use std::path::{Path, PathBuf};

use crate::json::Value;

/// The workspace root (the parent of this crate's directory).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("test-support lives inside the workspace")
        .to_path_buf()
}

/// The path of fixture `name` (for example `"urltestdata.json"` or `"api/urlsearchparams.json"`),
/// looked up in `$URL_WPT_DIR`, then the repository's `fixtures/wpt`.
///
/// # Panics
/// When the fixture is in none of them, with a message saying how to get it.
pub fn fixture(name: &str) -> PathBuf {
    let root = workspace_root();
    let mut tried = Vec::new();
    let mut dirs = Vec::new();
    if let Some(dir) = std::env::var_os("URL_WPT_DIR") {
        dirs.push(PathBuf::from(dir));
    }
    dirs.push(root.join("fixtures").join("wpt"));
    for dir in dirs {
        let path = dir.join(name);
        if path.is_file() {
            return path;
        }
        tried.push(path);
    }
    panic!(
        "WPT fixture `{name}` not found; looked at:\n  {}\n\
         The repository keeps them in fixtures/wpt (`cargo xtask wpt-update` refreshes them); \
         URL_WPT_DIR, when set, must name a directory that holds them.",
        tried
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join("\n  ")
    )
}

/// Reads and parses fixture `name` (see [`fixture`]).
pub fn load(name: &str) -> Value {
    let path = fixture(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    crate::json::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The cases of fixture `name`, a JSON array whose strings are comments: its other elements,
/// in order (see [`load`]).
pub fn cases(name: &str) -> Vec<Value> {
    match load(name) {
        Value::Array(items) => items.into_iter().filter(|c| c.as_str().is_none()).collect(),
        other => panic!("{name}: expected an array of cases, found {other:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shared_fixture_parses() {
        let dir = fixture("urltestdata.json");
        let dir = dir.parent().unwrap();
        for sub in [dir.to_path_buf(), dir.join("api")] {
            for entry in std::fs::read_dir(&sub).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_some_and(|e| e == "json") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    assert!(crate::json::parse(&text).is_ok(), "{}", path.display());
                }
            }
        }
    }
}
