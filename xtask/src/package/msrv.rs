//! `cargo xtask msrv`: the library packages checked with Rust 1.85, their MSRV (every target:
//! the libraries, tests, examples and benches compile).
//!
//! The machine's own toolchain is rustup's; the MSRV compiler is Debian's `rustc-web` /
//! `cargo-web` 1.85 (the one Debian 12 ships), installed with `apt-get` when missing. The run
//! happens in a copy of the workspace reduced to the library packages and `test-support`, whose
//! lock file the 1.85 cargo resolves anew each time, as for a user on 1.85 who adds our packages:
//! Cargo's MSRV-aware resolver (`CARGO_RESOLVER_INCOMPATIBLE_RUST_VERSIONS=fallback`, the default
//! of `resolver = "3"` made explicit) picks the newest versions whose `rust-version` is 1.85 or
//! older. The workspace's own `Cargo.lock` (newer versions, for newer compilers) is never read or
//! touched.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use crate::cmd;
use crate::packages::{self, Package};

/// The MSRV, as `rust-version` says it in the workspace manifest.
pub const MSRV: &str = "1.85";

/// Debian's packages of the MSRV compiler (the `rustc-web` line of Debian 12).
const DEBIAN_PACKAGES: [&str; 4] = [
    "rustc-web",
    "cargo-web",
    "libstd-rust-web-dev",
    "libstd-rust-web-1.85",
];

/// Where Debian's packages put the compiler.
const DEBIAN_CARGO: &str = "/usr/bin/cargo";
const DEBIAN_RUSTC: &str = "/usr/bin/rustc";
const DEBIAN_RUSTDOC: &str = "/usr/bin/rustdoc";

pub fn run(root: &Path, args: &[String]) -> ExitCode {
    if !args.is_empty() {
        eprintln!("error: usage: cargo xtask msrv (got `{}`)", args.join(" "));
        return ExitCode::from(2);
    }
    match check(root) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("msrv: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The dependencies whose version decides the Unicode version of IDNA, printed after resolving.
const REPORTED: [&str; 3] = ["idna_adapter", "icu_normalizer", "icu_properties"];

/// Installs the toolchain when missing, resolves the reduced workspace's lock file with it, then
/// checks the library packages with it.
pub fn check(root: &Path) -> Result<(), String> {
    let version = ensure_toolchain()?;
    let dir = reduced_workspace(root)?;
    let target = packages::target_dir(root).join("msrv");
    cmd::header(&format!(
        "msrv: {DEBIAN_CARGO} generate-lockfile ({version}, \
         CARGO_RESOLVER_INCOMPATIBLE_RUST_VERSIONS=fallback)"
    ));
    let mut resolve = msrv_cargo(&dir, &target, &["generate-lockfile"]);
    resolve.env("CARGO_RESOLVER_INCOMPATIBLE_RUST_VERSIONS", "fallback");
    if !cmd::run(&mut resolve)? {
        return Err(format!(
            "the {version} cargo could not resolve the library packages"
        ));
    }
    let lock = fs::read_to_string(dir.join("Cargo.lock"))
        .map_err(|e| format!("reading the resolved Cargo.lock: {e}"))?;
    let chosen: Vec<String> = REPORTED
        .iter()
        .map(|name| match locked_version(&lock, name) {
            Some(v) => format!("{name} {v}"),
            None => format!("{name} (not in the tree)"),
        })
        .collect();
    println!("msrv: resolved for {version}: {}", chosen.join(", "));

    // Every library feature but those that need a newer Rust (`packages::NEWER_RUST_FEATURES`).
    let features: Vec<&str> = crate::packages::LIBRARY_FEATURES
        .split(',')
        .filter(|f| !crate::packages::NEWER_RUST_FEATURES.contains(f))
        .collect();
    let features = features.join(",");
    let check_args = [
        "check",
        "--workspace",
        "--all-targets",
        "--features",
        &features,
        "--locked",
    ];
    cmd::header(&format!("msrv: cargo {} ({version})", check_args.join(" ")));
    if !cmd::run(&mut msrv_cargo(&dir, &target, &check_args))? {
        return Err(format!("`cargo check` fails with {version}"));
    }

    // Checked, not tested: the tests run on the current compiler in the `cargo test` steps, and
    // the facade's tests run with this compiler in `cargo xtask compat`, through these
    // packages; a third build and run of the same tests took minutes of every CI run.
    println!(
        "msrv: {version}: check of {} packages, every target: passed",
        packages::published().len()
    );
    Ok(())
}

/// The version of package `name` in a `Cargo.lock` (the first entry of that name).
fn locked_version<'a>(lock: &'a str, name: &str) -> Option<&'a str> {
    let entry = format!("name = \"{name}\"\nversion = \"");
    let start = lock.find(&entry)? + entry.len();
    let rest = lock.get(start..)?;
    rest.get(..rest.find('"')?)
}

/// The 1.85 cargo, run in `dir`, with rustc and rustdoc 1.85 and its own target directory. The
/// variables of the rustup cargo that runs xtask are removed: `RUSTUP_TOOLCHAIN` would send
/// `rustc` back to rustup's toolchain.
pub(crate) fn msrv_cargo(dir: &Path, target: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(DEBIAN_CARGO);
    command
        .args(args)
        .current_dir(dir)
        .env_remove("RUSTUP_TOOLCHAIN")
        .env_remove("CARGO")
        .env_remove("RUSTFLAGS")
        .env("RUSTC", DEBIAN_RUSTC)
        .env("RUSTDOC", DEBIAN_RUSTDOC)
        .env("CARGO_TARGET_DIR", target);
    command
}

/// `rustc 1.85.x` when Debian's MSRV compiler is there (installing it when missing), else why not.
pub(crate) fn ensure_toolchain() -> Result<String, String> {
    if let Some(version) = debian_rustc_version() {
        return Ok(version);
    }
    if let Some(why) = crate::system::apt_unavailable() {
        return Err(crate::system::missing(
            &format!("Rust {MSRV} at {DEBIAN_RUSTC}"),
            &DEBIAN_PACKAGES,
            why,
        ));
    }
    println!(
        "msrv: Rust {MSRV} is not installed; installing Debian's {} with apt-get",
        DEBIAN_PACKAGES.join(", ")
    );
    let candidate = apt_version("rustc-web")?;
    let mut install = Command::new("apt-get");
    install
        .args(["install", "-y", "-q", "--no-install-recommends"])
        .args(DEBIAN_PACKAGES.map(|p| format!("{p}={candidate}")))
        .env("DEBIAN_FRONTEND", "noninteractive");
    if !cmd::run(&mut install)? {
        return Err(format!(
            "apt-get could not install Rust {MSRV} ({candidate}); as root on Debian 12: \
             apt-get install rustc-web={candidate} cargo-web={candidate}"
        ));
    }
    debian_rustc_version().ok_or_else(|| format!("{DEBIAN_RUSTC} is still not Rust {MSRV}"))
}

/// The version line of `/usr/bin/rustc` when it is the MSRV (and cargo is there too).
fn debian_rustc_version() -> Option<String> {
    if !Path::new(DEBIAN_CARGO).is_file() {
        return None;
    }
    let output = Command::new(DEBIAN_RUSTC).arg("--version").output().ok()?;
    let text = String::from_utf8_lossy(&output.stdout).trim().to_owned();
    text.starts_with(&format!("rustc {MSRV}.")).then_some(text)
}

/// The Debian version of `package` whose upstream version is the MSRV (`1.85.0+dfsg…`), after
/// an `apt-get update` when the package lists do not know it.
fn apt_version(package: &str) -> Result<String, String> {
    for attempt in 0..2 {
        if attempt == 1 {
            println!("msrv: apt-get update");
            let mut update = Command::new("apt-get");
            update.args(["update", "-q"]);
            if !cmd::run(&mut update)? {
                return Err("apt-get update failed".to_owned());
            }
        }
        let (_, madison, _) = cmd::capture(Command::new("apt-cache").args(["madison", package]))?;
        let found = madison
            .lines()
            .filter_map(|line| line.split('|').nth(1))
            .map(str::trim)
            .find(|version| version.starts_with(&format!("{MSRV}.")));
        if let Some(version) = found {
            return Ok(version.to_owned());
        }
    }
    Err(format!(
        "no {package} {MSRV} in the apt sources (Debian 12 \"bookworm\" has it)"
    ))
}

/// A copy of the workspace with only the library packages and `test-support` as members, in
/// `target/msrv/workspace`. Its manifest is the workspace's, with the member lists replaced.
fn reduced_workspace(root: &Path) -> Result<PathBuf, String> {
    let dir = packages::target_dir(root).join("msrv").join("workspace");
    if dir.exists() {
        fs::remove_dir_all(&dir).map_err(|e| format!("removing {}: {e}", dir.display()))?;
    }
    let published: Vec<Package> = packages::published();
    for package in &published {
        crate::tree::copy_dir(&root.join(package.dir), &dir.join(package.dir))?;
    }
    for file in ["LICENSE-MIT", "LICENSE-APACHE", "README.md", "clippy.toml"] {
        let from = root.join(file);
        if from.is_file() {
            fs::copy(&from, dir.join(file)).map_err(|e| format!("copying {file}: {e}"))?;
        }
    }
    let manifest = fs::read_to_string(root.join("Cargo.toml"))
        .map_err(|e| format!("reading Cargo.toml: {e}"))?;
    let members: Vec<String> = published.iter().map(|p| format!("\"{}\"", p.dir)).collect();
    let reduced = replace_list(&manifest, "members", Some(&members.join(", ")))
        .and_then(|m| replace_list(&m, "default-members", None))
        .ok_or("the workspace manifest has no `members = [...]` list")?;
    packages::write(&dir.join("Cargo.toml"), &reduced)?;
    Ok(dir)
}

/// `manifest` with the list `key = [ ... ]` (at the start of a line) replaced by `key = [items]`,
/// or removed when `items` is `None`; `None` when there is no such list.
fn replace_list(manifest: &str, key: &str, items: Option<&str>) -> Option<String> {
    let start = manifest
        .match_indices(&format!("{key} = ["))
        .map(|(i, _)| i)
        .find(|&i| i == 0 || manifest.as_bytes().get(i - 1) == Some(&b'\n'))?;
    let end = start + manifest.get(start..)?.find(']')? + 1;
    let replacement = items.map_or_else(String::new, |items| format!("{key} = [{items}]"));
    Some(format!(
        "{}{replacement}{}",
        manifest.get(..start)?,
        manifest.get(end..)?
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_and_removes_member_lists() {
        let manifest = "[workspace]\nmembers = [\n  \"a\",\n  \"xtask\",\n]\ndefault-members = [\"a\"]\n\n[x]\n";
        let reduced = replace_list(manifest, "members", Some("\"a\""))
            .and_then(|m| replace_list(&m, "default-members", None))
            .unwrap();
        assert_eq!(reduced, "[workspace]\nmembers = [\"a\"]\n\n\n[x]\n");
        assert_eq!(replace_list("[workspace]\n", "members", None), None);
    }

    #[test]
    fn reads_a_locked_version() {
        let lock = "[[package]]\nname = \"icu_properties\"\nversion = \"2.1.2\"\nsource = \"x\"\n";
        assert_eq!(locked_version(lock, "icu_properties"), Some("2.1.2"));
        assert_eq!(locked_version(lock, "icu_normalizer"), None);
    }
}
