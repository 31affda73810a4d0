//! `cargo xtask compat --downstream`: other people's test suites, unmodified, with rust-url 2.5.8
//! and then with the facade (`url-compat/`, package `url`) patched in through
//! `[patch.crates-io]`.
//!
//! Each crate of [`CRATES`] is fetched as published (a throwaway crate depending on
//! `name = "=X.Y.Z"`, `cargo fetch`, then the unpacked source copied out of cargo's registry
//! folder), made its own workspace, and tested twice from two copies: as published, with `url`
//! pinned to 2.5.8 in its lock file, and with the facade patched in (after `cargo tree -i url`
//! shows that the `url` of the tree is the facade's path). Both runs share one target directory, so
//! only `url` and what depends on it is built twice. Nothing of it goes into the repository:
//! everything lives under `target/compat-downstream/`.

mod crates;
mod report;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use crate::cmd;
use crate::packages;
use crates::{CRATES, Downstream};
use report::{Row, Run, outcome_line};

/// How long one `cargo test` may take, build included, before its process group is killed (a
/// test that waits forever must not stop the table).
const TEST_TIMEOUT_SECS: u32 = 20 * 60;

/// Runs every crate of [`CRATES`]; `facade` is the facade's package folder.
pub fn run(root: &Path, facade: &Path) -> ExitCode {
    run_only(root, facade, &[])
}

/// Runs the crates of [`CRATES`] named in `only` (all of them when it is empty).
pub fn run_only(root: &Path, facade: &Path, only: &[String]) -> ExitCode {
    let started = Instant::now();
    let facade = match facade.canonicalize() {
        Ok(path) if path.join("Cargo.toml").is_file() => path,
        _ => {
            eprintln!(
                "compat --downstream: no facade package at {} (no Cargo.toml)",
                facade.display()
            );
            return ExitCode::FAILURE;
        }
    };
    let unknown: Vec<&String> = only
        .iter()
        .filter(|name| !CRATES.iter().any(|c| c.name == name.as_str()))
        .collect();
    if !unknown.is_empty() {
        eprintln!("compat --downstream: not in the table: {unknown:?}");
        return ExitCode::from(2);
    }
    let dir = crate::packages::target_dir(root).join("compat-downstream");
    let mut rows = Vec::new();
    for krate in CRATES
        .iter()
        .filter(|c| only.is_empty() || only.iter().any(|n| n == c.name))
    {
        let source = match fetch(&dir, krate) {
            Ok(source) => source,
            Err(message) => {
                eprintln!("compat --downstream: {message}");
                return ExitCode::FAILURE;
            }
        };
        let published = test_copy(&dir, krate, &source, None);
        let facade_run = test_copy(&dir, krate, &source, Some(&facade));
        rows.push(Row {
            krate: *krate,
            published,
            facade: facade_run,
        });
    }
    let ok = report::print(&rows, &facade, started.elapsed());
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The unpacked published package of `krate` in cargo's registry folder, downloaded through a
/// throwaway crate that depends on exactly that version.
fn fetch(dir: &Path, krate: &Downstream) -> Result<PathBuf, String> {
    let project = dir
        .join("fetch")
        .join(format!("{}-{}", krate.name, krate.version));
    let manifest = format!(
        "[package]\nname = \"fetch-{name}\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
         # Its own workspace, not a member of ours.\n[workspace]\n\n\
         [dependencies]\n{name} = \"={version}\"\n",
        name = krate.name,
        version = krate.version
    );
    packages::write(&project.join("Cargo.toml"), &manifest)?;
    packages::write(&project.join("src").join("lib.rs"), "")?;
    cmd::header(&format!("{} {}: cargo fetch", krate.name, krate.version));
    if !cmd::run(&mut cmd::cargo(&project, &["fetch"]))? {
        return Err(format!("cannot fetch {} {}", krate.name, krate.version));
    }
    let wanted = format!("{}-{}", krate.name, krate.version);
    let sources = cargo_home().join("registry").join("src");
    let registries =
        fs::read_dir(&sources).map_err(|e| format!("reading {}: {e}", sources.display()))?;
    registries
        .filter_map(Result::ok)
        .map(|registry| registry.path().join(&wanted))
        .find(|path| path.join("Cargo.toml").is_file())
        .ok_or_else(|| format!("{wanted} is not unpacked under {}", sources.display()))
}

/// `$CARGO_HOME`, else `~/.cargo`.
fn cargo_home() -> PathBuf {
    if let Some(home) = std::env::var_os("CARGO_HOME") {
        return PathBuf::from(home);
    }
    let home = std::env::var_os("HOME").unwrap_or_default();
    PathBuf::from(home).join(".cargo")
}

/// Copies the package to its own folder for one run and runs its tests there: as published
/// (`facade` is `None`) or with the facade patched in.
fn test_copy(dir: &Path, krate: &Downstream, source: &Path, facade: Option<&Path>) -> Run {
    let label = if facade.is_some() {
        "facade"
    } else {
        "rust-url"
    };
    let started = Instant::now();
    let mut run = Run::default();
    let copy = dir
        .join(label)
        .join(format!("{}-{}", krate.name, krate.version));
    if let Err(message) = prepare(dir, krate, source, &copy, facade) {
        run.error = Some(message);
        run.elapsed = started.elapsed();
        return run;
    }
    cmd::header(&format!(
        "{} {}: cargo test (url: {label})",
        krate.name, krate.version
    ));
    match cargo_test(dir, krate, &copy, label, &mut run) {
        Ok(built) => run.built = built,
        Err(message) => run.error = Some(message),
    }
    run.elapsed = started.elapsed();
    run
}

/// A fresh copy of the package: its own workspace, `url` pinned to 2.5.8, then the patch when
/// there is a facade, and `cargo tree -i url` to check which `url` the tree holds.
fn prepare(
    dir: &Path,
    krate: &Downstream,
    source: &Path,
    copy: &Path,
    facade: Option<&Path>,
) -> Result<(), String> {
    if copy.exists() {
        fs::remove_dir_all(copy).map_err(|e| format!("removing {}: {e}", copy.display()))?;
    }
    crate::tree::copy_dir(source, copy)?;
    let manifest_path = copy.join("Cargo.toml");
    let mut manifest = fs::read_to_string(&manifest_path)
        .map_err(|e| format!("reading {}: {e}", manifest_path.display()))?;
    // The copy sits under our workspace's folder: without a `[workspace]` of its own, cargo
    // would take it for a member of ours.
    if !manifest.lines().any(|line| line.trim() == "[workspace]") {
        manifest.push_str("\n[workspace]\n");
    }
    packages::write(&manifest_path, &manifest)?;
    // The published lock file (when the package has one) with `url` at 2.5.8, in both copies:
    // the trees differ in `url` alone.
    let mut update = cmd::cargo(copy, &["update", "-p", "url", "--precise", "2.5.8"]);
    if !copy.join("Cargo.lock").is_file() {
        let mut generate = cmd::cargo(copy, &["generate-lockfile"]);
        quiet(&mut generate, &log_path(dir, krate, "generate-lockfile"))?;
    }
    let label = if facade.is_some() {
        "facade"
    } else {
        "rust-url"
    };
    quiet(
        &mut update,
        &log_path(dir, krate, &format!("update-{label}")),
    )?;
    if let Some(facade) = facade {
        manifest.push_str(&format!(
            "\n[patch.crates-io]\nurl = {{ path = {} }}\n",
            packages::toml_path(facade)
        ));
        packages::write(&manifest_path, &manifest)?;
        // The lock file holds rust-url 2.5.8, and the facade's version (2.5.8 with build
        // metadata) is another one: as for any user with a lock file, the patch is taken only
        // once `url` is updated.
        let mut update = cmd::cargo(copy, &["update", "-p", "url"]);
        quiet(&mut update, &log_path(dir, krate, "patch-facade"))?;
    }
    let mut tree = cmd::cargo(copy, &["tree", "-i", "url", "--target", "all"]);
    let (ok, stdout, stderr) = cmd::capture(&mut tree)?;
    if !ok {
        return Err(format!("`cargo tree -i url` failed:\n{stderr}"));
    }
    let first = stdout.lines().next().unwrap_or_default();
    println!("{} {}: {first}", krate.name, krate.version);
    check_tree_root(first, facade)
}

/// Checks the first line of `cargo tree -i url`: rust-url 2.5.8 from the registry, or the facade
/// from its path.
fn check_tree_root(first: &str, facade: Option<&Path>) -> Result<(), String> {
    let expected = match facade {
        None => first == "url v2.5.8",
        Some(path) => {
            first.starts_with("url v") && first.ends_with(&format!("({})", path.display()))
        }
    };
    if expected {
        Ok(())
    } else {
        Err(format!(
            "`cargo tree -i url` shows `{first}`, not {}",
            facade.map_or_else(
                || "url v2.5.8 from crates.io".to_owned(),
                |p| format!("the facade at {}", p.display())
            )
        ))
    }
}

/// Runs a preparation step with its output in `log`.
fn quiet(command: &mut Command, log: &Path) -> Result<(), String> {
    command.stdout(log_file(log)?).stderr(log_file(log)?);
    if cmd::run(command)? {
        Ok(())
    } else {
        Err(format!(
            "{} failed: see {}",
            describe_command(command),
            log.display()
        ))
    }
}

/// `cargo ARGS…` as typed.
fn describe_command(command: &Command) -> String {
    let args: Vec<String> = command
        .get_args()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    format!("`cargo {}`", args.join(" "))
}

/// `target/compat-downstream/logs/<name>-<version>-<step>.log` (written afresh by each run).
fn log_path(dir: &Path, krate: &Downstream, step: &str) -> PathBuf {
    let path = dir
        .join("logs")
        .join(format!("{}-{}-{step}.log", krate.name, krate.version));
    // Best effort: a missing folder or file shows up when the log is opened.
    if let Some(parent) = path.parent() {
        let _ = fs::create_dir_all(parent);
    }
    let _ = fs::remove_file(&path);
    path
}

/// `path` opened for appending (stdout and stderr of one command share it); [`log_path`] removed
/// the previous run's.
fn log_file(path: &Path) -> Result<fs::File, String> {
    fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("opening {}: {e}", path.display()))
}

/// `cargo test --no-fail-fast` in the copy; cargo's own output goes to a log, libtest's is read.
/// `Ok(false)` when it did not build.
fn cargo_test(
    dir: &Path,
    krate: &Downstream,
    copy: &Path,
    label: &str,
    run: &mut Run,
) -> Result<bool, String> {
    let log = log_path(dir, krate, &format!("test-{label}"));
    // Under GNU `timeout`, which kills the whole process group (cargo and the test binary).
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut test = Command::new("timeout");
    test.args(["-k", "10"])
        .arg(TEST_TIMEOUT_SECS.to_string())
        .arg(cargo)
        .args(["test", "--no-fail-fast"])
        .args(krate.cargo_args)
        .current_dir(copy);
    test.env("CARGO_TARGET_DIR", dir.join("target"))
        .env("CARGO_BUILD_JOBS", "2")
        .stderr(Stdio::from(log_file(&log)?));
    let mut stdout_log = String::new();
    let mut binary = 0;
    let success = cmd::run_reading_stdout(&mut test, |line| {
        stdout_log.push_str(line);
        stdout_log.push('\n');
        if line.starts_with("running ") {
            binary += 1;
        }
        if let Some((name, outcome)) = outcome_line(line) {
            let key = if run.outcomes.contains_key(name) {
                format!("{name} #{binary}")
            } else {
                name.to_owned()
            };
            run.outcomes.insert(key, outcome);
        }
        run.totals.add_line(line);
        run.failures.add_line(line);
    })?;
    packages::write(&log.with_extension("stdout.log"), &stdout_log)?;
    let cargo_log = fs::read_to_string(&log).unwrap_or_default();
    // A build error stops cargo before any test binary runs; a failed test does not.
    let built = !cargo_log.contains("error: could not compile");
    if !built {
        eprintln!("{}", tail(&cargo_log, 40));
    } else if !success && run.totals.failed == 0 {
        return Err(format!(
            "`cargo test` failed with no failed test, or ran past {TEST_TIMEOUT_SECS} s: see {}",
            log.display()
        ));
    }
    Ok(built)
}

/// The last `n` lines of `text`.
fn tail(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_the_root_of_the_tree() {
        assert!(check_tree_root("url v2.5.8", None).is_ok());
        assert!(check_tree_root("url v2.5.8 (/x/url-compat)", None).is_err());
        let facade = Path::new("/x/url-compat");
        assert!(check_tree_root("url v2.5.8+whatwg (/x/url-compat)", Some(facade)).is_ok());
        assert!(check_tree_root("url v2.5.8", Some(facade)).is_err());
    }
}
