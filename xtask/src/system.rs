//! System packages the full run needs beyond Rust, and the one place they are installed.
//!
//! A step that needs one calls [`install`]: on Debian or Ubuntu as root it runs `apt-get`; on any
//! other machine it installs nothing and returns a [`missing`] error, one line naming the
//! package and how to get it, which `cargo xtask test` reports as "not run" rather than as a
//! failure of the code (with `CI=true`, as a failure: there every step is mandatory).
//! docs/contributing.md lists the same packages with the commands for Fedora and macOS.

use std::path::Path;
use std::process::Command;

use crate::cmd;

/// What a [`missing`] error starts with: `cargo xtask test` tells these apart by it.
const MISSING: &str = "not run, a system package is missing: ";

/// The error of a step that could not get `what` installed on this machine: one line naming the
/// Debian packages that provide it and why nothing was installed.
pub fn missing(what: &str, debian: &[&str], why: &str) -> String {
    format!(
        "{MISSING}{what} (Debian/Ubuntu: apt-get install {}; see docs/contributing.md): {why}",
        debian.join(" ")
    )
}

/// Whether `message` is a [`missing`] error.
pub fn is_missing(message: &str) -> bool {
    message.starts_with(MISSING)
}

/// Why `apt-get` cannot be used here, or `None` when it can (the machine has it and we are
/// root).
pub fn apt_unavailable() -> Option<&'static str> {
    if !Path::new("/usr/bin/apt-get").is_file() {
        return Some("this machine has no apt-get");
    }
    let uid = Command::new("id").arg("-u").output().ok()?;
    (String::from_utf8_lossy(&uid.stdout).trim() != "0")
        .then_some("apt-get needs root, and this is not root")
}

/// Installs the Debian `packages` that provide `what` (`apt-get update`, then `apt-get install
/// -y`), or says in one line why it cannot (see [`missing`]).
pub fn install(what: &str, packages: &[&str]) -> Result<(), String> {
    if let Some(why) = apt_unavailable() {
        return Err(missing(what, packages, why));
    }
    eprintln!(
        "{what} is missing: installing {} with apt-get",
        packages.join(", ")
    );
    let mut update = Command::new("apt-get");
    update
        .args(["update", "-q"])
        .env("DEBIAN_FRONTEND", "noninteractive");
    let mut install = Command::new("apt-get");
    install
        .args(["install", "-y", "-q", "--no-install-recommends"])
        .args(packages)
        .env("DEBIAN_FRONTEND", "noninteractive");
    if cmd::run(&mut update)? && cmd::run(&mut install)? {
        Ok(())
    } else {
        Err(format!(
            "apt-get could not install {} (for {what}); as root on Debian or Ubuntu: \
             apt-get install {}",
            packages.join(", "),
            packages.join(" ")
        ))
    }
}

/// Whether `program` is an executable file in one of `PATH`'s folders.
pub fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()))
}

/// `program` on `PATH`, installing the Debian `packages` that provide it (for `what`) when it
/// is missing.
pub fn ensure_program(program: &str, what: &str, packages: &[&str]) -> Result<(), String> {
    if on_path(program) {
        return Ok(());
    }
    install(what, packages)?;
    if on_path(program) {
        Ok(())
    } else {
        Err(format!(
            "`{program}` is still not on PATH after installing {}",
            packages.join(", ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_package_is_one_line_that_names_it() {
        let message = missing("a JDK", &["openjdk-17-jre-headless"], "no apt-get");
        assert!(is_missing(&message));
        assert!(!message.contains('\n'));
        assert!(message.contains("apt-get install openjdk-17-jre-headless"));
        assert!(!is_missing("apt-get could not install x"));
    }
}
