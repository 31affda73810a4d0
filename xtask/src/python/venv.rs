//! Virtual environments under `target/`, pip, and an environment without the Rust toolchain.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use crate::cmd;

/// The interpreter of the virtual environment `venv` (relative to `root`), creating it when
/// missing; with `fresh`, whatever was there is removed first. Debian's `python3` needs
/// `python3-venv` for that: installed (`system::install`) when the first try fails. `without_rust`: create it with the toolchain hidden (see [`hide_rust`]).
pub fn python(root: &Path, venv: &str, fresh: bool, without_rust: bool) -> Result<PathBuf, String> {
    let venv = root.join(venv);
    let python = venv.join("bin/python");
    if fresh && venv.exists() {
        std::fs::remove_dir_all(&venv)
            .map_err(|e| format!("removing the old {}: {e}", venv.display()))?;
    } else if python.is_file() {
        return Ok(python);
    }
    let create = |venv: &Path| -> Result<bool, String> {
        let mut command = Command::new("python3");
        command.args(["-m", "venv"]).arg(venv).current_dir(root);
        if without_rust {
            hide_rust(root, &mut command)?;
        }
        cmd::run(&mut command)
    };
    if !create(&venv)? {
        eprintln!("python3 -m venv failed");
        let _ = std::fs::remove_dir_all(&venv);
        crate::system::install("python3 -m venv", &["python3-venv", "python3-pip"])?;
        if !create(&venv)? {
            return Err(format!(
                "cannot create a Python virtual environment at {} (python3 -m venv; \
                 apt-get install python3-venv)",
                venv.display()
            ));
        }
    }
    Ok(python)
}

/// `python -m pip install -q <args>`; `without_rust` as in [`python`].
pub fn pip(root: &Path, python: &Path, args: &[&str], without_rust: bool) -> Result<(), String> {
    let mut command = Command::new(python);
    command
        .args(["-m", "pip", "install", "-q", "--disable-pip-version-check"])
        .args(args)
        .current_dir(root);
    if without_rust {
        hide_rust(root, &mut command)?;
    }
    if cmd::run(&mut command)? {
        Ok(())
    } else {
        Err(format!("pip install {} failed", args.join(" ")))
    }
}

/// Whether an executable's name is one of the Rust toolchain's (`cargo`, `cargo-*`, `rustc`,
/// `rustdoc`, `rustup`, `rustfmt`, `rust-gdb`, `clippy-driver`, …).
fn is_rust_tool(name: &str) -> bool {
    name.starts_with("cargo") || name.starts_with("rust") || name.starts_with("clippy")
}

/// Runs `command` where no Rust toolchain is visible, as on a machine that never had one:
/// `PATH` without the toolchain's programs and no `CARGO*`, `RUSTUP*`, `RUSTC*` or
/// `RUSTFLAGS` variables. A `PATH` directory that holds a toolchain program besides others
/// (`/usr/bin` with Debian's `rustc`) is replaced by a directory of links to its other programs,
/// under `target/py-no-rust/`.
pub fn hide_rust(root: &Path, command: &mut Command) -> Result<(), String> {
    // Worked out once per run: the links are made anew then (the toolchain may have been
    // installed since the last run: `cargo xtask msrv` adds Debian's).
    static PATH: OnceLock<Result<OsString, String>> = OnceLock::new();
    let path = PATH
        .get_or_init(|| {
            path_without_rust(
                &root.join("target/py-no-rust"),
                &std::env::var_os("PATH").unwrap_or_default(),
            )
        })
        .clone()?;
    command.env("PATH", path);
    for (key, _) in std::env::vars_os() {
        let key_text = key.to_string_lossy();
        if ["CARGO", "RUSTUP", "RUSTC", "RUSTFLAGS", "RUSTDOCFLAGS"]
            .iter()
            .any(|prefix| key_text.starts_with(prefix))
        {
            command.env_remove(&key);
        }
    }
    Ok(())
}

/// `entries` (a `PATH`) without the toolchain's programs (see [`hide_rust`]); the directories of
/// links go under `shadows`.
fn path_without_rust(shadows: &Path, entries: &OsString) -> Result<OsString, String> {
    if shadows.exists() {
        std::fs::remove_dir_all(shadows)
            .map_err(|e| format!("removing {}: {e}", shadows.display()))?;
    }
    let mut path: Vec<PathBuf> = Vec::new();
    for (index, dir) in std::env::split_paths(entries).enumerate() {
        let programs: Vec<(OsString, PathBuf)> = std::fs::read_dir(&dir)
            .map(|read| {
                read.filter_map(Result::ok)
                    .map(|entry| (entry.file_name(), entry.path()))
                    .collect()
            })
            .unwrap_or_default();
        if !programs
            .iter()
            .any(|(name, _)| is_rust_tool(&name.to_string_lossy()))
        {
            path.push(dir);
            continue;
        }
        // Only the toolchain (`~/.cargo/bin`): leave the directory out.
        if programs
            .iter()
            .all(|(name, _)| is_rust_tool(&name.to_string_lossy()))
        {
            continue;
        }
        let shadow = shadows.join(format!("path{index}"));
        std::fs::create_dir_all(&shadow)
            .map_err(|e| format!("creating {}: {e}", shadow.display()))?;
        for (name, target) in programs {
            if !is_rust_tool(&name.to_string_lossy()) {
                std::os::unix::fs::symlink(&target, shadow.join(&name))
                    .map_err(|e| format!("linking {}: {e}", target.display()))?;
            }
        }
        path.push(shadow);
    }
    std::env::join_paths(path).map_err(|e| format!("PATH: {e}"))
}

#[cfg(test)]
mod tests {
    use super::{is_rust_tool, path_without_rust};
    use std::path::PathBuf;

    #[test]
    fn a_path_without_the_toolchain() {
        let scratch = std::env::temp_dir().join(format!("xtask-no-rust-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&scratch);
        let dir = |name: &str, programs: &[&str]| {
            let dir = scratch.join(name);
            std::fs::create_dir_all(&dir).unwrap();
            for program in programs {
                std::fs::write(dir.join(program), "").unwrap();
            }
            dir
        };
        let cargo_bin = dir("cargo-bin", &["cargo", "rustc", "rustup"]);
        let usr_bin = dir("usr-bin", &["rustc", "java", "python3"]);
        let other = dir("other", &["pip"]);
        let entries = std::env::join_paths([&cargo_bin, &usr_bin, &other]).unwrap();
        let shadows = scratch.join("shadows");
        let path = path_without_rust(&shadows, &entries).unwrap();
        let path: Vec<PathBuf> = std::env::split_paths(&path).collect();
        // ~/.cargo/bin left out, /usr/bin replaced by links to its other programs, the rest kept.
        assert_eq!(path, [shadows.join("path1"), other.clone()]);
        let mut linked: Vec<String> = std::fs::read_dir(&path[0])
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        linked.sort();
        assert_eq!(linked, ["java", "python3"]);
        std::fs::remove_dir_all(&scratch).unwrap();
    }

    #[test]
    fn rust_tools() {
        for name in [
            "cargo",
            "cargo-clippy",
            "rustc",
            "rustdoc",
            "rustup",
            "rustfmt",
            "clippy-driver",
        ] {
            assert!(is_rust_tool(name), "{name}");
        }
        for name in ["python3", "java", "pip", "cc", "ld"] {
            assert!(!is_rust_tool(name), "{name}");
        }
    }
}
