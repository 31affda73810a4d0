//! The test data the repository keeps in `fixtures/`: where it is looked up, and the presence
//! check (`cargo xtask wpt-update`, which refreshes it, is `wpt_update.rs`).

use std::fs;
use std::path::{Path, PathBuf};

/// The web-platform-tests commit whose `url/resources` files `wpt-update` downloads.
/// Bump it (and check the conformance table) when syncing with upstream.
pub const WPT_COMMIT: &str = "7c9c41aedbcd49bf96fb9e35a133293b3977b83d";

/// The web-platform-tests `url/resources` fixtures.
pub const WPT_FILES: [&str; 7] = [
    "urltestdata.json",
    "urltestdata-javascript-only.json",
    "setters_tests.json",
    "toascii.json",
    "percent-encoding.json",
    "IdnaTestV2.json",
    "IdnaTestV2-removed.json",
];

/// The vectors of WPT's JavaScript-only tests rewritten as data (`fixtures/wpt/api/README.md`).
/// Not WPT resources: `wpt-update` keeps them, or copies them with `--from DIR`.
pub const API_FILES: [&str; 7] = [
    "api/setters-stripping.json",
    "api/url-misc.json",
    "api/url-searchparams-link.json",
    "api/url-statics.json",
    "api/urlencoded-parser.json",
    "api/urlsearchparams-iteration.json",
    "api/urlsearchparams.json",
];

/// The URLPattern fixtures (WPT `urlpattern/resources`), kept in `urlpattern/`.
pub const URLPATTERN_FILES: [&str; 3] = [
    "urlpattern/urlpattern-compare-test-data.json",
    "urlpattern/urlpattern-generate-test-data.json",
    "urlpattern/urlpatterntestdata.json",
];

const HOW_TO_GET: &str = "The repository keeps them in fixtures/wpt: restore that folder from git \
(`git checkout -- fixtures/wpt`), or unset URL_WPT_DIR if it names another folder.";

/// Where the repository keeps the fixtures (and `wpt-update` writes them), relative to its root.
pub const FIXTURES: &str = "fixtures/wpt";

/// Where the repository keeps the URL lists, relative to its root.
pub const DATASETS: &str = "fixtures/datasets";

/// Where the repository keeps other projects' test vectors, relative to its root.
pub const SUITES: &str = "fixtures/suites";

/// The fixture directories in lookup order: `$URL_WPT_DIR`, then the repository's `fixtures/wpt`
/// (the same order as `test_support::fixture`).
pub fn lookup_dirs(root: &Path) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Some(dir) = std::env::var_os("URL_WPT_DIR") {
        dirs.push(PathBuf::from(dir));
    }
    dirs.push(root.join(FIXTURES));
    dirs
}

/// The first fixture directory of the lookup order that exists.
pub fn first_dir(root: &Path) -> Option<PathBuf> {
    lookup_dirs(root).into_iter().find(|dir| dir.is_dir())
}

/// The datasets directory of `test_support::datasets`: `$URL_DATASETS_DIR`, else the
/// repository's `fixtures/datasets`, when it exists.
pub fn datasets_dir(root: &Path) -> Option<PathBuf> {
    std::env::var_os("URL_DATASETS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join(DATASETS))
        .canonicalize()
        .ok()
}

/// The suites directory of `test_support::suites`: `$URL_SUITES_DIR`, else the repository's
/// `fixtures/suites`, when it exists.
pub fn suites_dir(root: &Path) -> Option<PathBuf> {
    std::env::var_os("URL_SUITES_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join(SUITES))
        .canonicalize()
        .ok()
}

/// Points `command` at the fixtures, datasets and suites by absolute path (`URL_WPT_DIR`,
/// `URL_DATASETS_DIR`, `URL_SUITES_DIR`), for tests run outside the workspace's folder.
pub fn set_test_data_env(root: &Path, command: &mut std::process::Command) {
    if let Some(dir) = first_dir(root).and_then(|d| d.canonicalize().ok()) {
        command.env("URL_WPT_DIR", dir);
    }
    if let Some(dir) = datasets_dir(root) {
        command.env("URL_DATASETS_DIR", dir);
    }
    if let Some(dir) = suites_dir(root) {
        command.env("URL_SUITES_DIR", dir);
    }
}

/// The `*.json` files of `dir` and of `dir/api`, as paths relative to `dir` (`api/x.json`), sorted.
pub fn json_files(dir: &Path) -> Vec<String> {
    let mut files: Vec<String> = json_names(dir).collect();
    for sub in ["api", "urlpattern"] {
        files.extend(json_names(&dir.join(sub)).map(|name| format!("{sub}/{name}")));
    }
    files.sort();
    files
}

fn json_names(dir: &Path) -> impl Iterator<Item = String> {
    fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|entry| entry.path().is_file())
        .filter_map(|entry| entry.file_name().into_string().ok())
        .filter(|name| name.ends_with(".json"))
}

/// Checks that every expected fixture is found by the lookup order. `Ok` says where they were
/// found; `Err` lists the missing ones and how to get them.
pub fn check_present(root: &Path) -> Result<String, String> {
    let dirs = lookup_dirs(root);
    let mut missing = Vec::new();
    let mut used: Vec<&Path> = Vec::new();
    let all = WPT_FILES
        .iter()
        .chain(API_FILES.iter())
        .chain(URLPATTERN_FILES.iter());
    for name in all {
        match dirs.iter().find(|dir| dir.join(name).is_file()) {
            Some(dir) if !used.contains(&dir.as_path()) => used.push(dir),
            Some(_) => {}
            None => missing.push(*name),
        }
    }
    if missing.is_empty() {
        let found_in: Vec<String> = used.iter().map(|dir| dir.display().to_string()).collect();
        return Ok(format!(
            "all {} fixtures found (in {})",
            WPT_FILES.len() + API_FILES.len() + URLPATTERN_FILES.len(),
            found_in.join(", ")
        ));
    }
    let tried: Vec<String> = dirs.iter().map(|dir| dir.display().to_string()).collect();
    Err(format!(
        "{} fixture file(s) missing: {}\nlooked in: {}\n{HOW_TO_GET}",
        missing.len(),
        missing.join(", "),
        tried.join(", ")
    ))
}
