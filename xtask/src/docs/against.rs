//! The pages' claims (`claims.rs`) against the repository: each `check_*` takes a page (or a
//! source file) and what the repository says, and returns one message per disagreement, so
//! that a test can plant a drift and see it fail.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

use super::claims;
use super::facts;
use crate::packages::Package;

/// The page that may quote performance figures; the page that may map the files.
pub const PERFORMANCE_PAGE: &str = "docs/performance.md";
pub const FILE_MAP_PAGE: &str = "docs/architecture.md";

/// Whether `name` is a change log, the one place for history.
fn is_changelog(name: &str) -> bool {
    name == "CHANGELOG.md" || name.ends_with("/CHANGELOG.md")
}

/// The folder of a page, relative to the root (`""` at the root).
fn folder(name: &str) -> &str {
    name.rsplit_once('/').map_or("", |(dir, _)| dir)
}

/// `path` with `.` and `..` resolved, without touching the file system; `None` when it leaves
/// the root.
fn normalize(path: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            other => out.push(other),
        }
    }
    Some(out)
}

/// Every path the page names exists: a link target relative to the page, a code span relative
/// to the page's folder or a folder above it (its crate's, the root). `exists` answers for a path relative to the root.
pub fn check_paths(name: &str, text: &str, exists: &dyn Fn(&Path) -> bool) -> Vec<String> {
    let dir = Path::new(folder(name));
    let mut out = Vec::new();
    for (line, path, link) in claims::named_paths(text) {
        let candidates: Vec<Option<PathBuf>> = if link {
            vec![normalize(&dir.join(&path))]
        } else {
            // The page's folder or any folder above it: its crate's, the root.
            dir.ancestors().map(|d| normalize(&d.join(&path))).collect()
        };
        if !candidates.into_iter().flatten().any(|p| exists(&p)) {
            out.push(format!(
                "{name}:{line}: names `{path}`, which does not exist"
            ));
        }
    }
    out
}

/// A crate page's "on/off by default" agrees with its manifest's `default` features
/// (`features`: each feature and whether it is on by default).
pub fn check_defaults(name: &str, text: &str, features: &[(String, bool)]) -> Vec<String> {
    let mut out = Vec::new();
    for (line, feature, on) in claims::default_claims(text) {
        if feature == "*" {
            if let Some((f, _)) = features.iter().find(|(_, default)| *default) {
                out.push(format!(
                    "{name}:{line}: says every feature is off by default; the manifest's `default` has `{f}`"
                ));
            }
            continue;
        }
        let Some((_, actual)) = features.iter().find(|(f, _)| *f == feature) else {
            continue;
        };
        if *actual != on {
            let (said, is) = if on { ("on", "off") } else { ("off", "on") };
            out.push(format!(
                "{name}:{line}: says `{feature}` is {said} by default; the manifest has it {is}"
            ));
        }
    }
    out
}

/// The published set is what the manifests say (`publish = false` or not): `manifests` are
/// the workspace's `(folder, manifest)`; `listed` what xtask packs and the pages count.
pub fn check_published(manifests: &[(String, String)], listed: &[Package]) -> Vec<String> {
    let mut out = Vec::new();
    for (dir, manifest) in manifests {
        let publishes =
            facts::string_key(manifest, "package", "publish").as_deref() != Some("false");
        let name = facts::string_key(manifest, "package", "name").unwrap_or_default();
        let in_list = listed.iter().any(|p| p.dir == dir);
        if publishes && !in_list {
            out.push(format!(
                "{dir}/Cargo.toml: `{name}` would be published (no `publish = false`), but \
                 xtask/src/packages.rs does not list it"
            ));
        } else if !publishes && in_list {
            out.push(format!(
                "{dir}/Cargo.toml: `{name}` says `publish = false`, but xtask/src/packages.rs publishes it"
            ));
        }
    }
    for package in listed {
        if !manifests.iter().any(|(dir, _)| dir == package.dir) {
            out.push(format!(
                "xtask/src/packages.rs publishes {}, which is not a workspace member",
                package.dir
            ));
        }
    }
    out
}

/// Each manifest's Rust version: `(folder, rust-version)`, the workspace's where a package
/// inherits it.
pub fn rust_versions(manifests: &[(String, String)], workspace: &str) -> BTreeMap<String, String> {
    let inherited = facts::string_key(workspace, "workspace.package", "rust-version");
    manifests
        .iter()
        .filter_map(|(dir, manifest)| {
            let own = facts::string_key(manifest, "package", "rust-version");
            let inherits = facts::string_key(manifest, "package", "rust-version.workspace")
                .is_some_and(|v| v == "true");
            let version = own.or_else(|| inherits.then(|| inherited.clone()).flatten())?;
            Some((dir.clone(), version))
        })
        .collect()
}

/// Every Rust version a page states agrees with the manifests: one said of named packages
/// (`libraries` for the library packages) is theirs; one on a crate's page without a subject is
/// that crate's, or a version its manifest gives a reason for (a comment naming it, as for a
/// dependency that needs a newer Rust); one elsewhere is some manifest's.
pub fn check_rust_versions(
    name: &str,
    text: &str,
    versions: &BTreeMap<String, String>,
    libraries: &[&str],
    manifest_text: &dyn Fn(&str) -> String,
) -> Vec<String> {
    let mut out = Vec::new();
    let page_crate = versions.contains_key(folder(name)).then(|| folder(name));
    for (line, subjects, version) in claims::rust_versions(text) {
        let mut dirs: Vec<&str> = Vec::new();
        for subject in &subjects {
            if subject == "libraries" {
                dirs.extend(libraries);
            } else {
                dirs.push(subject);
            }
        }
        if dirs.is_empty() {
            if let Some(dir) = page_crate {
                let explained = manifest_text(dir).contains(&format!("Rust {version}"));
                if versions.get(dir) != Some(&version) && !explained {
                    out.push(format!(
                        "{name}:{line}: states Rust {version}; {dir}/Cargo.toml's rust-version is {}",
                        versions.get(dir).map_or("missing", String::as_str)
                    ));
                }
            } else if !versions.values().any(|v| *v == version)
                && !versions
                    .keys()
                    .any(|d| manifest_text(d).contains(&format!("Rust {version}")))
            {
                out.push(format!(
                    "{name}:{line}: states Rust {version}, which no manifest's rust-version is"
                ));
            }
            continue;
        }
        for dir in dirs {
            if versions.get(dir) != Some(&version) {
                out.push(format!(
                    "{name}:{line}: states Rust {version} for {dir}; its manifest's rust-version is {}",
                    versions.get(dir).map_or("missing", String::as_str)
                ));
            }
        }
    }
    out
}

/// Performance figures appear in docs/performance.md only; other pages link to it.
/// (docs/weight.md's build times are `cargo xtask weight`'s, not speed: that page keeps them.)
pub fn check_figures(name: &str, text: &str) -> Vec<String> {
    if name == PERFORMANCE_PAGE || name == "docs/weight.md" || is_changelog(name) {
        return Vec::new();
    }
    claims::performance_figures(text)
        .into_iter()
        .map(|line| {
            format!(
                "{name}:{line}: quotes a performance figure; figures live in {PERFORMANCE_PAGE} \
                 (link to it)"
            )
        })
        .collect()
}

/// One map of files, docs/architecture.md's; a library crate's README (`links_map`) links to
/// it.
pub fn check_file_maps(name: &str, text: &str, links_map: bool) -> Vec<String> {
    let mut out = Vec::new();
    if name != FILE_MAP_PAGE && claims::file_map_rows(text) >= 3 {
        out.push(format!(
            "{name}: keeps a map of files (a table whose rows name source files); the one map is \
             {FILE_MAP_PAGE}: link to it"
        ));
    }
    if links_map && !text.contains("docs/architecture.md") {
        out.push(format!(
            "{name}: does not link to the map of files, {FILE_MAP_PAGE}"
        ));
    }
    out
}

/// No history on a page but a change log.
pub fn check_history(name: &str, text: &str) -> Vec<String> {
    if is_changelog(name) {
        return Vec::new();
    }
    claims::history(text)
        .into_iter()
        .map(|line| {
            format!(
                "{name}:{line}: tells history; a page says what is (history goes in a CHANGELOG.md)"
            )
        })
        .collect()
}

/// No tracker number in a source file's comments (cite the spec step, the test or the
/// fixture case).
pub fn check_comment_trackers(name: &str, text: &str) -> Vec<String> {
    let hash = [".py", ".toml", ".sh"].iter().any(|e| name.ends_with(e));
    let mut out = Vec::new();
    for (line, comment) in claims::comments(text, hash) {
        if !facts::issue_numbers(comment).is_empty() {
            out.push(format!(
                "{name}:{line}: a comment cites an issue by number; cite the spec step, the test \
                 or the fixture case"
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_path_fails() {
        let exists = |p: &Path| p == Path::new("url-core/src/parser/fast/mod.rs");
        let page = "`src/parser/fast/mod.rs` and `src/parser/fast.rs`";
        let found = check_paths("url-core/README.md", page, &exists);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].contains("src/parser/fast.rs"));
        let link = "[x](../url-core/src/parser/fast/mod.rs) [y](../docs/gone.md)";
        assert_eq!(check_paths("docs/a.md", link, &exists).len(), 1);
    }

    #[test]
    fn a_wrong_default_fails() {
        let features = [("std".to_owned(), true), ("psl".to_owned(), false)];
        let drift = "Features (all off by default): `psl`, `serde`.";
        let found = check_defaults("url-api/README.md", drift, &features);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].contains("`std`"));
        assert!(check_defaults("x/README.md", "- `std` (default): paths", &features).is_empty());
        assert_eq!(
            check_defaults("x/README.md", "`psl` (default)", &features).len(),
            1
        );
    }

    #[test]
    fn a_package_published_without_a_listing_fails() {
        let manifests = [
            (
                "url-cli".to_owned(),
                "[package]\nname = \"whatwg-url-cli\"\n".to_owned(),
            ),
            (
                "fuzz".to_owned(),
                "[package]\nname = \"url-fuzz\"\npublish = false\n".to_owned(),
            ),
        ];
        let found = check_published(&manifests, &[]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].contains("whatwg-url-cli"));
        let listed = [Package {
            name: "url-fuzz",
            dir: "fuzz",
        }];
        assert_eq!(check_published(&manifests[1..], &listed).len(), 1);
    }

    #[test]
    fn a_rust_version_that_disagrees_fails() {
        let workspace = "[workspace.package]\nrust-version = \"1.85\"\n";
        let manifests = [
            (
                "host".to_owned(),
                "[package]\nrust-version.workspace = true\n".to_owned(),
            ),
            (
                "xtask".to_owned(),
                "[package]\nrust-version = \"1.95\"\n".to_owned(),
            ),
        ];
        let versions = rust_versions(&manifests, workspace);
        assert_eq!(versions.get("host").map(String::as_str), Some("1.85"));
        let text = |_: &str| String::new();
        let good = "The library packages build on Rust 1.85; the tools (xtask) need Rust 1.95.";
        assert!(check_rust_versions("README.md", good, &versions, &["host"], &text).is_empty());
        let drift = "The library packages build on Rust 1.84; xtask needs Rust 1.95.";
        assert_eq!(
            check_rust_versions("README.md", drift, &versions, &["host"], &text).len(),
            1
        );
        let page = "Builds on Rust 1.86.";
        assert_eq!(
            check_rust_versions("host/README.md", page, &versions, &[], &text).len(),
            1
        );
        let explained = |_: &str| "# regress needs Rust 1.88".to_owned();
        let page = "With regress it needs Rust 1.88.";
        assert!(check_rust_versions("host/README.md", page, &versions, &[], &explained).is_empty());
    }

    #[test]
    fn a_figure_outside_the_performance_page_fails() {
        let page = "kasztp: 46.5 ns for whatwg-url against 79.1 for ada.";
        assert_eq!(check_figures("url-compat/README.md", page).len(), 1);
        assert!(check_figures(PERFORMANCE_PAGE, page).is_empty());
        assert!(
            check_figures(
                "url-compat/README.md",
                "See [performance](../docs/performance.md)."
            )
            .is_empty()
        );
    }

    #[test]
    fn a_second_map_of_files_fails() {
        let map = "| spec | where |\n| --- | --- |\n| 1 | `src/a.rs` |\n| 2 | `src/b.rs` |\n| 3 | `src/c.rs` |\n";
        assert_eq!(check_file_maps("percent/README.md", map, false).len(), 1);
        assert!(check_file_maps(FILE_MAP_PAGE, map, false).is_empty());
        assert_eq!(
            check_file_maps("percent/README.md", "no link", true).len(),
            1
        );
        let linked = "See [the map](../docs/architecture.md#where-things-are).";
        assert!(check_file_maps("percent/README.md", linked, true).is_empty());
    }

    #[test]
    fn history_on_a_page_fails() {
        let page = "## Component names: what changed\n";
        assert_eq!(check_history("urlpattern/README.md", page).len(), 1);
        assert!(check_history("urlpattern/CHANGELOG.md", page).is_empty());
    }

    #[test]
    fn a_tracker_number_in_a_comment_fails() {
        let source = concat!(
            "//! The properties of ",
            "issue 27.\nlet issue = 27; // fine\n"
        );
        assert_eq!(check_comment_trackers("a.rs", source).len(), 1);
        assert_eq!(
            check_comment_trackers("a.py", concat!("# see ", "issue 6\n")).len(),
            1
        );
        assert!(check_comment_trackers("a.rs", "// servo/rust-url#505\n").is_empty());
    }
}
