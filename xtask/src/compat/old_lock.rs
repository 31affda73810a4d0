//! The README's lock-file step on an old lock file: a published crate's own `Cargo.lock`
//! from before ICU4X 2 (quote 1.0.23, proc-macro2 1.0.50, smallvec 1.10.0, url 2.3.1), with
//! the facade patched in.
//!
//! `cargo update -p url` alone is not enough there: Cargo keeps the locked crates that the
//! facade's tree needs newer, so it updates rust-url instead and warns that the patch was not
//! used. The README's procedure, followed literally: `cargo update -p url --precise <the
//! facade's version>` names the crate that holds the switch back (`failed to select a version
//! for `smallvec``), and `cargo update -p url -p <that crate> …` unlocks it, until `cargo tree
//! -i url` shows the facade. A plain `cargo update` must switch too. Only the registry's index
//! is read: nothing is built.

use std::fs;
use std::path::Path;

use crate::cmd;

/// The published crate whose own lock file is used, and the version.
const OLD: (&str, &str) = ("attohttpc", "0.24.1");

/// Unlocking rounds allowed before the procedure counts as failed.
const ROUNDS: usize = 8;

pub fn check(root: &Path, work: &Path) -> Result<(), String> {
    let (name, version) = OLD;
    cmd::header(&format!(
        "switching {name} {version}'s own old Cargo.lock to the facade (README: an older lock file)"
    ));
    let source = super::fetch_package(root, &work.join("fetch-old-lock"), name, version)?;
    let facade = root
        .join("url-compat")
        .canonicalize()
        .map_err(|e| format!("url-compat: {e}"))?;
    let facade_version = facade_version(&facade)?;
    let dir = work.join("old-lock");
    let _ = fs::remove_dir_all(&dir);
    crate::tree::copy_dir(&source, &dir)?;
    let manifest = dir.join("Cargo.toml");
    let mut text = fs::read_to_string(&manifest).map_err(|e| e.to_string())?;
    text.push_str(&format!(
        "\n[workspace]\n\n[patch.crates-io]\nurl = {{ path = {} }}\n",
        crate::packages::toml_path(&facade)
    ));
    fs::write(&manifest, text).map_err(|e| e.to_string())?;
    let original = fs::read_to_string(dir.join("Cargo.lock"))
        .map_err(|e| format!("{name} {version} has no Cargo.lock: {e}"))?;
    let locked = |package: &str| {
        original
            .split("[[package]]")
            .find(|entry| entry.contains(&format!("name = \"{package}\"\n")))
            .and_then(|entry| entry.split("version = \"").nth(1))
            .and_then(|rest| rest.split('"').next())
            .unwrap_or("-")
            .to_owned()
    };
    println!(
        "old lock: {name} {version}'s, with url {}, quote {}, proc-macro2 {}, smallvec {}",
        locked("url"),
        locked("quote"),
        locked("proc-macro2"),
        locked("smallvec")
    );

    // The README's steps, in order.
    let mut unlocked = vec!["url".to_owned()];
    update(&dir, &unlocked)?;
    let mut root_line = tree_root(&dir)?;
    println!("`cargo update -p url`: cargo tree -i url shows `{root_line}`");
    let mut rounds = 0;
    while !is_facade(&root_line, &facade) {
        rounds += 1;
        if rounds > ROUNDS {
            return Err(format!(
                "after {ROUNDS} rounds of the README's procedure, `cargo tree -i url` still \
                 shows `{root_line}` (unlocked: {})",
                unlocked.join(", ")
            ));
        }
        let precise = ["update", "-p", "url", "--precise", facade_version.as_str()];
        let (ok, _, stderr) = cmd::capture(&mut cmd::cargo(&dir, &precise))?;
        if !ok {
            let Some(blocker) = blocking_package(&stderr) else {
                return Err(format!(
                    "`cargo {}` failed without naming a package:\n{stderr}",
                    precise.join(" ")
                ));
            };
            println!("`cargo {}` names `{blocker}`", precise.join(" "));
            unlocked.push(blocker);
            update(&dir, &unlocked)?;
        }
        root_line = tree_root(&dir)?;
    }
    let command: Vec<String> = unlocked.iter().map(|p| format!("-p {p}")).collect();
    println!(
        "old lock: switched to the facade by `cargo update {}` ({rounds} round(s) of the README's procedure)",
        command.join(" ")
    );

    // A plain `cargo update` from the same old lock.
    fs::write(dir.join("Cargo.lock"), &original).map_err(|e| e.to_string())?;
    if !cmd::capture(&mut cmd::cargo(&dir, &["update"]))?.0 {
        return Err("a plain `cargo update` failed on the old lock".into());
    }
    let plain = tree_root(&dir)?;
    if !is_facade(&plain, &facade) {
        return Err(format!(
            "after a plain `cargo update`, cargo tree -i url shows `{plain}`"
        ));
    }
    println!("old lock: a plain `cargo update` switches too");
    Ok(())
}

/// The facade's version as its manifest gives it (`2.5.8+whatwg-url.…`).
fn facade_version(facade: &Path) -> Result<String, String> {
    let manifest = fs::read_to_string(facade.join("Cargo.toml")).map_err(|e| e.to_string())?;
    manifest
        .lines()
        .find_map(|line| line.strip_prefix("version = \""))
        .and_then(|rest| rest.split('"').next())
        .map(str::to_owned)
        .ok_or_else(|| "url-compat/Cargo.toml has no version".into())
}

/// `cargo update -p A -p B …`.
fn update(dir: &Path, packages: &[String]) -> Result<(), String> {
    let mut args = vec!["update"];
    for package in packages {
        args.extend(["-p", package.as_str()]);
    }
    let (ok, _, stderr) = cmd::capture(&mut cmd::cargo(dir, &args))?;
    if ok {
        Ok(())
    } else {
        Err(format!("`cargo {}` failed:\n{stderr}", args.join(" ")))
    }
}

fn tree_root(dir: &Path) -> Result<String, String> {
    let (ok, stdout, stderr) = cmd::capture(&mut cmd::cargo(dir, &["tree", "-i", "url"]))?;
    if !ok {
        return Err(format!("`cargo tree -i url` failed:\n{stderr}"));
    }
    Ok(stdout.lines().next().unwrap_or_default().trim().to_owned())
}

fn is_facade(root_line: &str, facade: &Path) -> bool {
    root_line.ends_with(&format!("({})", facade.display()))
}

/// The package Cargo's resolver names in "failed to select a version for `NAME`".
fn blocking_package(stderr: &str) -> Option<String> {
    let rest = stderr.split("failed to select a version for `").nth(1)?;
    rest.split('`').next().map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_package_cargo_names() {
        let stderr = "    Updating crates.io index\nerror: failed to select a version for `smallvec`.\n    ... required by package `idna v1.1.0`";
        assert_eq!(blocking_package(stderr).as_deref(), Some("smallvec"));
        assert_eq!(blocking_package("error: something else"), None);
    }
}
