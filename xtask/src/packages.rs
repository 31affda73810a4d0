//! The published packages of the workspace, and scratch crates built outside it.

use std::fs;
use std::path::{Path, PathBuf};

/// Every feature of the library crates (`percent`, `host`, `form-urlencoded`, `url-core`,
/// `url-api`), for the second test run of `cargo xtask test`
/// and, less [`NEWER_RUST_FEATURES`], for `cargo xtask msrv`.
pub const LIBRARY_FEATURES: &str = "whatwg-percent/alloc,whatwg-percent/encoding,whatwg-host/alloc,whatwg-host/psl,\
whatwg-form-urlencoded/encoding,whatwg-url-core/encoding,whatwg-url/psl,whatwg-url/serde,whatwg-url/encoding,whatwg-url/url,\
whatwg-urlpattern/ecmascript,whatwg-urlpattern/regress";

/// Library features that need a Rust newer than the MSRV, with the reason in the package's
/// manifest: left out of `cargo xtask msrv`. `whatwg-urlpattern/regress`: regress uses let
/// chains (Rust 1.88).
pub const NEWER_RUST_FEATURES: [&str; 1] = ["whatwg-urlpattern/regress"];

/// The workspace root: the parent of this crate's directory.
pub fn workspace_root() -> PathBuf {
    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest_dir.parent().unwrap_or(manifest_dir).to_path_buf()
}

/// Cargo's target directory for this workspace: `CARGO_TARGET_DIR` when set (a relative value
/// taken from the current directory, as cargo does), else `target/` of the workspace. Every
/// build output and every scratch folder xtask keeps between runs lives under it.
pub fn target_dir(root: &Path) -> PathBuf {
    let cwd = std::env::current_dir().unwrap_or_else(|_| root.to_path_buf());
    target_dir_from(std::env::var_os("CARGO_TARGET_DIR").as_deref(), &cwd, root)
}

/// [`target_dir`] for a given value of `CARGO_TARGET_DIR` and current directory (an empty value
/// counts as unset, as cargo takes it).
fn target_dir_from(value: Option<&std::ffi::OsStr>, cwd: &Path, root: &Path) -> PathBuf {
    match value {
        Some(dir) if !dir.is_empty() => cwd.join(dir),
        _ => root.join("target"),
    }
}

/// The target directory of the stable toolchain's builds of workspaces other than this one (the
/// downstream tree, rust-url's tests against the facade, the facade's own checks and example,
/// the unpacked `.crate` files): the registry dependencies they share are compiled once, not
/// once per step.
pub fn outside_target_dir(root: &Path) -> PathBuf {
    target_dir(root).join("outside")
}

/// A published package: its crates.io name and its folder in the workspace.
#[derive(Clone, Copy, Debug)]
pub struct Package {
    pub name: &'static str,
    pub dir: &'static str,
}

/// The library packages, bottom layer first.
pub const LIBRARIES: [Package; 7] = [
    Package {
        name: "whatwg-percent",
        dir: "percent",
    },
    Package {
        name: "whatwg-host",
        dir: "host",
    },
    Package {
        name: "whatwg-form-urlencoded",
        dir: "form-urlencoded",
    },
    Package {
        name: "whatwg-url-core",
        dir: "url-core",
    },
    Package {
        name: "whatwg-url",
        dir: "url-api",
    },
    Package {
        name: "whatwg-urlpattern",
        dir: "urlpattern",
    },
    Package {
        name: "whatwg-url-arrow",
        dir: "url-arrow",
    },
];

/// The test helpers every library package dev-depends on (published for that reason only).
pub const TEST_SUPPORT: Package = Package {
    name: "whatwg-url-test-support",
    dir: "test-support",
};

/// Every package that `cargo package --workspace` packs: the libraries and the test helpers.
pub fn published() -> Vec<Package> {
    let mut all = LIBRARIES.to_vec();
    all.push(TEST_SUPPORT);
    all
}

/// A fresh, empty directory for scratch crate `name`, outside the workspace (a crate inside the
/// workspace's folder would be taken for a member it is not): under the system's temporary
/// directory.
pub fn scratch_dir(name: &str) -> Result<PathBuf, String> {
    let dir = std::env::temp_dir().join(format!("whatwg-url-xtask-{name}"));
    if dir.exists() {
        fs::remove_dir_all(&dir).map_err(|e| format!("removing {}: {e}", dir.display()))?;
    }
    fs::create_dir_all(&dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    Ok(dir)
}

/// Writes `contents` to `path`, creating its parent directories.
pub fn write(path: &Path, contents: &str) -> Result<(), String> {
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent).map_err(|e| format!("creating {}: {e}", parent.display()))?;
    }
    fs::write(path, contents).map_err(|e| format!("writing {}: {e}", path.display()))
}

/// A TOML string literal for a path (backslashes and quotes escaped).
pub fn toml_path(path: &Path) -> String {
    let text = path.display().to_string();
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsStr;

    #[test]
    fn target_dir_follows_cargo_target_dir() {
        let root = Path::new("/work/repo");
        let cwd = Path::new("/work/repo/url-core");
        assert_eq!(target_dir_from(None, cwd, root), root.join("target"));
        assert_eq!(
            target_dir_from(Some(OsStr::new("")), cwd, root),
            root.join("target")
        );
        assert_eq!(
            target_dir_from(Some(OsStr::new("/tmp/t")), cwd, root),
            Path::new("/tmp/t")
        );
        assert_eq!(
            target_dir_from(Some(OsStr::new("out")), cwd, root),
            Path::new("/work/repo/url-core/out")
        );
    }

    /// No path into the workspace's `target/` is written out by hand: each goes through
    /// [`target_dir`], so that every command honours `CARGO_TARGET_DIR`. (The Python steps keep
    /// their virtual environments at fixed places under `target/` on purpose.)
    #[test]
    fn no_hand_written_target_paths() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut offenders = Vec::new();
        let mut stack = vec![src];
        while let Some(dir) = stack.pop() {
            for entry in fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    if !path.ends_with("python") {
                        stack.push(path);
                    }
                    continue;
                }
                let text = fs::read_to_string(&path).unwrap();
                if text.contains("fn target_dir_from(") {
                    continue; // the helper itself
                }
                for (i, line) in text.lines().enumerate() {
                    let code = line.split("//").next().unwrap_or("");
                    if code.contains("root.join(\"target") {
                        offenders.push(format!("{}:{}", path.display(), i + 1));
                    }
                }
            }
        }
        assert!(
            offenders.is_empty(),
            "paths under target/ by hand: {offenders:?}"
        );
    }
}
