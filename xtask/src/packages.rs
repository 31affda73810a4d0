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
/// The workspace's target directory: `$CARGO_TARGET_DIR` when set (relative to `root`), else
/// `root/target`.
pub fn target_dir(root: &Path) -> std::path::PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if !dir.is_empty() => root.join(dir),
        _ => root.join("target"),
    }
}

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
