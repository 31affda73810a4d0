//! `cargo xtask compat`: rust-url 2.5.8's own tests and doctests, unmodified, against the `url`
//! facade (`url-compat/`).
//!
//! 1. A throwaway crate depending on `url = "=2.5.8"` makes cargo fetch rust-url's published
//!    package (`cargo metadata` says where it is unpacked); nothing is vendored.
//! 2. `target/compat/url-2.5.8-tests/` gets a copy of the package's `tests/` (its `unit` tests
//!    and its `url_wpt` harness, with its own copies of urltestdata.json and setters_tests.json
//!    and its `expected_failures.txt`), and a library whose doc comments are rust-url's
//!    doctests ([`doctests`]), all depending on the facade by path, with rust-url's features
//!    (`std`, `serde`, `expose_internals`).
//! 3. `cargo test` runs all three; every result line is read. A failure passes the check only
//!    when [`divergences::KNOWN`] lists it with the WPT case that decides it (the standard
//!    contradicts what rust-url asserts). A WPT case that rust-url lists as an expected failure
//!    and the facade passes is counted as passed and listed ("the standard's answer").
//!
//! `cargo xtask compat --downstream`: other crates' test suites with and without the facade
//! (`downstream/`).

mod divergences;
mod doctests;
pub mod downstream;
mod facade;
mod old_lock;
pub mod trees;
mod trees_list;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::cmd;

/// The rust-url release whose tests run.
const URL_VERSION: &str = "2.5.8";

pub fn run(root: &Path) -> ExitCode {
    cmd::exit(check(root))
}

/// The outcome of every test, by kind.
#[derive(Default)]
struct Outcomes {
    /// `(kind, name, passed)`: kind is `unit`, `doctest` or `wpt`.
    results: Vec<(&'static str, String, bool)>,
    /// WPT cases rust-url expects to fail that the facade passes.
    standard_answers: Vec<String>,
    /// Everything the test binaries printed.
    log: String,
}

pub fn check(root: &Path) -> Result<bool, String> {
    let work = crate::packages::target_dir(root).join("compat");
    let package = fetch(root, &work)?;
    eprintln!(
        "compat: rust-url {URL_VERSION}'s package at {}",
        package.display()
    );
    let tests_dir = work.join(format!("url-{URL_VERSION}-tests"));
    prepare(root, &package, &tests_dir)?;
    let outcomes = run_tests(root, &work, &tests_dir)?;
    let upstream_ok = report(&outcomes);
    let own = facade::own_checks(root)?;
    println!(
        "compat: the facade's own tests: {} passed, {} failed",
        own.passed, own.failed
    );
    facade::patched_example(root, &work)?;
    old_lock::check(root, &work)?;
    Ok(upstream_ok)
}

/// Fetches url 2.5.8's published package through cargo; returns its unpacked folder.
fn fetch(root: &Path, work: &Path) -> Result<PathBuf, String> {
    fetch_package(root, &work.join("fetch"), "url", URL_VERSION)
}

/// Fetches a published package through cargo (a throwaway crate depending on
/// `name = "=version"`, in `dir`); returns the folder cargo unpacked it into.
pub(crate) fn fetch_package(
    root: &Path,
    dir: &Path,
    name: &str,
    version: &str,
) -> Result<PathBuf, String> {
    fs::create_dir_all(dir.join("src")).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    write(
        &dir.join("Cargo.toml"),
        &format!(
            "[package]\nname = \"compat-fetch\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
             [workspace]\n\n[dependencies]\n{name} = \"={version}\"\n"
        ),
    )?;
    write(&dir.join("src").join("lib.rs"), "")?;
    let (ok, stdout, stderr) = cmd::metadata(root, &dir.join("Cargo.toml"))?;
    if !ok {
        return Err(format!(
            "cargo metadata for {name} {version} failed:\n{stderr}"
        ));
    }
    let wanted = format!("{name}-{version}/Cargo.toml");
    stdout
        .split("\"manifest_path\":\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .find(|path| path.ends_with(&wanted))
        .and_then(|path| Path::new(path).parent().map(Path::to_path_buf))
        .ok_or_else(|| format!("cargo metadata does not list {name} {version}"))
}

/// Lays out the test package: rust-url's `tests/` copied, the doctest library generated.
fn prepare(root: &Path, package: &Path, dir: &Path) -> Result<(), String> {
    let tests = dir.join("tests");
    let src = dir.join("src");
    for d in [&tests, &src] {
        fs::create_dir_all(d).map_err(|e| format!("creating {}: {e}", d.display()))?;
    }
    let from = package.join("tests");
    for entry in fs::read_dir(&from).map_err(|e| format!("reading {}: {e}", from.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if let Some(name) = path.file_name() {
            fs::copy(&path, tests.join(name))
                .map_err(|e| format!("copying {}: {e}", path.display()))?;
        }
    }
    let found = doctests::extract(&package.join("src"))?;
    write(&src.join("lib.rs"), &doctests::library(&found))?;
    let facade = root.join("url-compat");
    write(
        &dir.join("Cargo.toml"),
        &format!(
            r#"# Generated by `cargo xtask compat`: rust-url {URL_VERSION}'s tests and doctests against the facade.
[package]
name = "url-compat-tests"
version = "0.0.0"
edition = "2018"
publish = false

[workspace]

[lib]
path = "src/lib.rs"
doctest = true

[features]
default = ["std", "serde", "expose_internals"]
std = ["url/std"]
serde = ["url/serde"]
expose_internals = ["url/expose_internals"]

[dependencies]
url = {{ path = "{}", default-features = false }}

[dev-dependencies]
serde = {{ version = "1.0", features = ["derive"] }}
serde_derive = "1.0"
serde_json = "1.0"

[[test]]
name = "unit"
path = "tests/unit.rs"

[[test]]
name = "url_wpt"
path = "tests/wpt.rs"
harness = false
"#,
            facade.display()
        ),
    )
}

/// Runs the unit tests, the WPT harness and the doctests; reads every result line.
fn run_tests(root: &Path, work: &Path, dir: &Path) -> Result<Outcomes, String> {
    let manifest = dir.join("Cargo.toml");
    let manifest = manifest.to_string_lossy().into_owned();
    let target = crate::packages::outside_target_dir(root);
    let mut outcomes = Outcomes::default();
    let mut kind = "unit";
    let mut command = cmd::cargo(
        root,
        &["test", "--manifest-path", &manifest, "--no-fail-fast"],
    );
    command.env("CARGO_TARGET_DIR", &target);
    // The raw output goes to a log, not to the terminal: the known divergences fail by design,
    // and libtest's `FAILED` lines for them would read as failures of this step. The report
    // below gives every result; an unexpected failure is quoted from the log.
    let log_path = work.join("rust-url-tests.log");
    let stderr_path = work.join("rust-url-tests.stderr.log");
    cmd::header(&format!(
        "cargo test (rust-url {URL_VERSION}'s tests against the facade; output in {}, cargo's in {})",
        log_path.display(),
        stderr_path.display()
    ));
    let stderr = fs::File::create(&stderr_path)
        .map_err(|e| format!("creating {}: {e}", stderr_path.display()))?;
    command.stderr(stderr);
    let mut log = String::new();
    // The exit status is not the verdict: the report is.
    let _ = cmd::run_reading_stdout(&mut command, |line| {
        log.push_str(line);
        log.push('\n');
        if line.starts_with("running ") && line.ends_with(" tests") && kind == "wpt" {
            kind = "doctest";
        }
        if let Some((name, ok)) = libtest_line(line) {
            let kind = if name.contains(" - ") {
                "doctest"
            } else {
                kind
            };
            outcomes.results.push((kind, name, ok));
        } else if let Some((name, ok, standard)) = wpt_line(line) {
            kind = "wpt";
            if standard {
                outcomes.standard_answers.push(name.clone());
            }
            outcomes.results.push(("wpt", name, ok));
        }
    })?;
    write(&log_path, &log)?;
    if outcomes.results.is_empty() {
        // Nothing ran: cargo's own messages (a build error) say why.
        let cargo = fs::read_to_string(&stderr_path).unwrap_or_default();
        eprintln!("{cargo}");
    }
    outcomes.log = log;
    Ok(outcomes)
}

/// `test NAME ... ok` / `... FAILED` (libtest; `ignored` lines are neither).
fn libtest_line(line: &str) -> Option<(String, bool)> {
    let rest = line.strip_prefix("test ")?;
    let (name, verdict) = rest.rsplit_once(" ... ")?;
    match verdict.trim() {
        "ok" => Some((name.to_owned(), true)),
        "FAILED" => Some((name.to_owned(), false)),
        _ => None,
    }
}

/// rust-url's WPT harness: `NAME ... ✅`, `✅ (expected fail)`, `❌`, `🟠 (unexpected
/// success)`. Returns (name, passed, the standard's answer where rust-url expects a failure).
fn wpt_line(line: &str) -> Option<(String, bool, bool)> {
    let (name, verdict) = line.rsplit_once(" ... ")?;
    if !name.starts_with('<') {
        return None;
    }
    let verdict = verdict.trim();
    match verdict {
        "✅" => Some((name.to_owned(), true, false)),
        // The facade gives the standard's answer where rust-url fails the case.
        "🟠 (unexpected success)" => Some((name.to_owned(), true, true)),
        // rust-url's expected failure fails here too: a failure of the standard's case.
        "✅ (expected fail)" | "❌" => Some((name.to_owned(), false, false)),
        _ => None,
    }
}

/// Prints the counts and every failure with the WPT case that decides it; `false` when a
/// failure is not a known divergence or a known divergence no longer fails.
fn report(outcomes: &Outcomes) -> bool {
    println!("\n## rust-url {URL_VERSION}'s tests against the facade\n");
    println!("| tests | passed | failed |\n| --- | ---: | ---: |");
    for kind in ["unit", "doctest", "wpt"] {
        let of_kind = outcomes.results.iter().filter(|r| r.0 == kind);
        let (passed, failed) = of_kind.fold(
            (0, 0),
            |(p, f), r| if r.2 { (p + 1, f) } else { (p, f + 1) },
        );
        let label = match kind {
            "unit" => "tests/unit.rs",
            "doctest" => "doctests (src/*.rs)",
            _ => "tests/wpt.rs (urltestdata + setters cases)",
        };
        println!("| {label} | {passed} | {failed} |");
    }
    if !outcomes.standard_answers.is_empty() {
        println!(
            "\n{} WPT cases of rust-url's expected_failures.txt pass here (the standard's answer; \
             its harness reports them as `unexpected success`).",
            outcomes.standard_answers.len()
        );
    }
    let failed: BTreeSet<&str> = outcomes
        .results
        .iter()
        .filter(|r| !r.2)
        .map(|r| r.1.as_str())
        .collect();
    let mut ok = !outcomes.results.is_empty();
    if !failed.is_empty() {
        println!("\nFailures, each with the WPT case that decides it:\n");
    }
    for name in &failed {
        match divergences::KNOWN.iter().find(|d| d.test == *name) {
            Some(d) => println!("- `{name}`: {}", d.why),
            None => {
                println!(
                    "- `{name}`: NOT A KNOWN DIVERGENCE (a bug of the facade, or a case to explain)"
                );
                println!("{}", failure_output(&outcomes.log, name));
                ok = false;
            }
        }
    }
    for d in divergences::KNOWN {
        if !failed.contains(d.test) {
            println!(
                "- known divergence `{}` passes now: remove it from xtask/src/compat/divergences.rs",
                d.test
            );
            ok = false;
        }
    }
    let total = outcomes.results.len();
    println!(
        "\ncompat: {total} results, {} failed ({} known divergences){}",
        failed.len(),
        divergences::KNOWN.len(),
        if ok { "" } else { ": FAILED" }
    );
    ok
}

/// What libtest printed for a failed test (`---- NAME stdout ----` up to the next section),
/// or the WPT harness's line for a failed case.
fn failure_output(log: &str, name: &str) -> String {
    let start = format!("---- {name} stdout ----");
    let mut lines = log.lines().skip_while(|l| *l != start);
    match lines.next() {
        Some(first) => std::iter::once(first)
            .chain(lines.take_while(|l| !l.starts_with("---- ") && *l != "failures:"))
            .map(|l| format!("    {l}\n"))
            .collect(),
        None => log
            .lines()
            .filter(|l| l.starts_with(name))
            .map(|l| format!("    {l}\n"))
            .collect(),
    }
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    fs::write(path, text).map_err(|e| format!("writing {}: {e}", path.display()))
}
