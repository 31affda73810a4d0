//! The Rust version the sdist needs: the newest `rust-version` among the crates its shipped
//! `Cargo.lock` compiles into the extension (cargo refuses to build a crate whose `rust-version`
//! is newer than the compiler), on any target. The build backend states the version it checks
//! `cargo --version` against (`RUST_VERSION` in `build_backend/backend.py`), and the page states
//! it too (`test_distribution.py` holds the page to the backend); this module holds the backend
//! to the lock, so neither can drift from what the lock needs.

use std::collections::BTreeMap;
use std::path::Path;

use crate::cmd;

/// The extension's package.
const PACKAGE: &str = "whatwg-url-python";
/// The backend's statement, `RUST_VERSION = "1.88"`, relative to the unpacked sdist.
const BACKEND: &str = "build_backend/backend.py";

/// `(major, minor)` of a `rust-version` or `cargo --version` (`1.88`, `1.85.0`, `1.95.0-nightly`).
pub fn parse(version: &str) -> Option<(u32, u32)> {
    let mut parts = version.trim().split(['.', '-']);
    let major = parts.next()?.parse().ok()?;
    let minor = parts.next()?.parse().ok()?;
    Some((major, minor))
}

/// The newest `rust-version` of the crates the lock of the unpacked sdist (`sdist`, its
/// top directory) compiles into the extension on any target, with the crate that declares it.
pub fn needed(root: &Path, sdist: &Path) -> Result<((u32, u32), String), String> {
    let manifest = sdist.join("python/Cargo.toml");
    let manifest = manifest.to_string_lossy();
    let (ok, tree, err) = cmd::capture(&mut cmd::cargo(
        root,
        &[
            "tree",
            "--locked",
            "--manifest-path",
            &manifest,
            "-p",
            PACKAGE,
            "-e",
            "normal,build",
            "--target",
            "all",
            "--prefix",
            "none",
            "--format",
            "{p}",
        ],
    ))?;
    if !ok {
        return Err(format!("cargo tree in the sdist failed:\n{err}"));
    }
    let (ok, metadata, err) = cmd::metadata(root, Path::new(manifest.as_ref()))?;
    if !ok {
        return Err(format!("cargo metadata in the sdist failed:\n{err}"));
    }
    let metadata: serde_json::Value =
        serde_json::from_str(&metadata).map_err(|e| format!("cargo metadata's JSON: {e}"))?;
    let versions: BTreeMap<(String, String), String> = metadata["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|package| {
            let name = package["name"].as_str()?.to_string();
            let version = package["version"].as_str()?.to_string();
            let rust = package["rust_version"].as_str()?.to_string();
            Some(((name, version), rust))
        })
        .collect();
    newest(&tree, &versions)
}

/// The newest `rust-version` (from `versions`, by name and version) of the crates `cargo tree
/// --format {p}` listed in `tree` (`name vX.Y.Z (path)`), with its crate.
fn newest(
    tree: &str,
    versions: &BTreeMap<(String, String), String>,
) -> Result<((u32, u32), String), String> {
    tree.lines()
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let name = words.next()?;
            let version = words.next()?.strip_prefix('v')?;
            let rust = versions.get(&(name.to_string(), version.to_string()))?;
            Some((parse(rust)?, format!("{name} {version}")))
        })
        .max()
        .ok_or_else(|| format!("no crate of {PACKAGE}'s tree declares a rust-version"))
}

/// The version the sdist's backend states (`RUST_VERSION = "1.88"`).
pub fn stated(sdist: &Path) -> Result<(u32, u32), String> {
    let path = sdist.join(BACKEND);
    let text =
        std::fs::read_to_string(&path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    text.lines()
        .find_map(|line| {
            let value = line.strip_prefix("RUST_VERSION = ")?;
            parse(value.trim_matches('"'))
        })
        .ok_or_else(|| format!("{} states no RUST_VERSION = \"x.y\"", path.display()))
}

/// The backend of the unpacked sdist states the version its lock needs, else an error saying
/// which crate needs what.
pub fn check(root: &Path, sdist: &Path) -> Result<(u32, u32), String> {
    let ((major, minor), by) = needed(root, sdist)?;
    let stated = stated(sdist)?;
    if stated != (major, minor) {
        return Err(format!(
            "the sdist's Cargo.lock needs Rust {major}.{minor} ({by} declares it), but \
             python/{BACKEND} checks for {}.{}: set its RUST_VERSION to \"{major}.{minor}\" (and \
             the Rust version python/README.md states)",
            stated.0, stated.1
        ));
    }
    eprintln!("the sdist needs Rust {major}.{minor} ({by}); its build backend checks for it");
    Ok(stated)
}

#[cfg(test)]
mod tests {
    use super::{newest, parse};
    use std::collections::BTreeMap;

    #[test]
    fn versions_and_the_newest_of_a_tree() {
        assert_eq!(parse("1.88"), Some((1, 88)));
        assert_eq!(parse("1.85.0"), Some((1, 85)));
        assert_eq!(parse("1.95.0-nightly"), Some((1, 95)));
        assert_eq!(parse("x"), None);
        let versions: BTreeMap<(String, String), String> = [
            (("a", "1.0.0"), "1.85"),
            (("b", "2.4.0"), "1.88"),
            (("b", "2.1.0"), "1.90"),
        ]
        .into_iter()
        .map(|((n, v), r)| ((n.to_string(), v.to_string()), r.to_string()))
        .collect();
        let tree = "a v1.0.0 (/x/a)\nb v2.4.0\nb v2.4.0 (*)\nc v0.1.0\n";
        assert_eq!(
            newest(tree, &versions),
            Ok(((1, 88), "b 2.4.0".to_string()))
        );
        assert!(newest("c v0.1.0\n", &versions).is_err());
    }
}
