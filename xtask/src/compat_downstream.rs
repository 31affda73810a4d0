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

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use crate::cmd;
use crate::libtest::{Failures, Totals, truncate};
use crate::packages;

/// A published crate that depends on `url` 2.x, tested with its own suite.
#[derive(Debug, Clone, Copy)]
pub struct Downstream {
    pub name: &'static str,
    /// The version tested: pinned, so that the table can be compared from run to run.
    pub version: &'static str,
    /// What its tests do with URLs (the table's third column).
    pub exercises: &'static str,
    /// Arguments of `cargo test` (features, test targets), the same in both runs; none: every
    /// target with the default features.
    pub cargo_args: &'static [&'static str],
    /// What `cargo_args` leave out, and why (empty when nothing is).
    pub left_out: &'static str,
}

/// The crates, chosen for test suites that run offline (servers on 127.0.0.1 at most) and build
/// quickly on two cores.
pub const CRATES: [Downstream; 5] = [
    Downstream {
        name: "attohttpc",
        version: "0.31.0",
        exercises: "HTTP client: requests to its own servers on 127.0.0.1 (redirects, HTTP and \
                    HTTPS proxies, multipart bodies, timeouts), request lines from `Url`s",
        cargo_args: &[
            "--features",
            "multipart-form",
            "--lib",
            "--test",
            "test_multipart",
            "--test",
            "test_proxy",
            "--test",
            "test_redirection",
            "--test",
            "test_timeout",
        ],
        left_out: "tests/test_invalid_certs.rs (requests to badssl.com); its one doctest is \
                   `no_run`",
    },
    Downstream {
        name: "git-url-parse",
        version: "0.6.0",
        exercises: "repository URLs (https, ssh, git, file, scp-like) parsed and normalized, \
                    round trips through `url::Url`",
        cargo_args: &[],
        left_out: "",
    },
    Downstream {
        name: "amq-protocol-uri",
        version: "10.6.3",
        exercises: "AMQP connection URLs: user info, host, port, vhost path, query parameters",
        cargo_args: &[],
        left_out: "",
    },
    Downstream {
        name: "import_map",
        version: "0.25.0",
        exercises: "WICG import maps: specifiers and scopes resolved against base URLs with \
                    `Url::join`, paths extended through `PathSegmentsMut`",
        cargo_args: &[],
        left_out: "",
    },
    Downstream {
        name: "cookie_store",
        version: "0.22.1",
        exercises: "cookie jar: domain and path matching of request URLs, public suffixes",
        cargo_args: &[],
        left_out: "",
    },
];

/// How long one `cargo test` may take, build included, before its process group is killed (a
/// test that waits forever must not stop the table).
const TEST_TIMEOUT_SECS: u32 = 20 * 60;

/// Differences decided by the standard: a test that passes with rust-url and fails with the
/// facade, because rust-url does not follow the standard there. Crate, test, the case that
/// decides it. A difference not listed here fails the command.
pub const EXPLAINED: &[(&str, &str, &str)] = &[];

/// How one test ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Passed,
    Failed,
    Ignored,
}

/// One `cargo test` run of one crate.
#[derive(Debug, Default)]
pub struct Run {
    /// Whether it built and the tree check held (`false`: the counts are not meaningful).
    pub built: bool,
    pub totals: Totals,
    /// Every test's outcome by name (a name seen in two test binaries gets ` #N`, N the binary's
    /// place in the run).
    pub outcomes: BTreeMap<String, Outcome>,
    pub failures: Failures,
    pub elapsed: Duration,
    /// Why the run could not be made, when it could not.
    pub error: Option<String>,
}

/// The two runs of one crate.
struct Row {
    krate: Downstream,
    published: Run,
    facade: Run,
}

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
    let dir = root.join("target").join("compat-downstream");
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
    let ok = report(&rows, &facade, started.elapsed());
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
    copy_dir(source, copy)?;
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

/// `(name, outcome)` of libtest's `test NAME ... ok` (or `FAILED`, `ignored`).
fn outcome_line(line: &str) -> Option<(&str, Outcome)> {
    let (name, result) = line.strip_prefix("test ")?.rsplit_once(" ... ")?;
    let outcome = match result {
        "ok" => Outcome::Passed,
        "FAILED" => Outcome::Failed,
        r if r.starts_with("ignored") => Outcome::Ignored,
        _ => return None,
    };
    Some((name, outcome))
}

/// The last `n` lines of `text`.
fn tail(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

/// Prints the table and the differences; `true` when every crate built with both and every
/// difference is one of [`EXPLAINED`].
fn report(rows: &[Row], facade: &Path, elapsed: Duration) -> bool {
    let mut ok = true;
    println!("\n## Downstream test suites: rust-url 2.5.8 and the facade\n");
    println!("Facade: {}\n", facade.display());
    println!(
        "| crate | version | what its tests do with URLs | rust-url 2.5.8: passed / failed | facade: passed / failed | differing tests |"
    );
    println!("| --- | --- | --- | --- | --- | --- |");
    for row in rows {
        let differing = differences(row);
        println!(
            "| {} | {} | {} | {} | {} | {} |",
            row.krate.name,
            row.krate.version,
            row.krate.exercises,
            cell(&row.published),
            cell(&row.facade),
            differing.len()
        );
    }
    println!();
    for row in rows {
        let krate = &row.krate;
        for (label, run) in [("rust-url", &row.published), ("facade", &row.facade)] {
            if let Some(error) = &run.error {
                println!("- {} {} ({label}): {error}", krate.name, krate.version);
                ok = false;
            } else if !run.built {
                println!(
                    "- {} {} ({label}): does not build",
                    krate.name, krate.version
                );
                ok = false;
            }
        }
        if !krate.left_out.is_empty() {
            println!(
                "- {} {}: left out of both runs: {} (`cargo test {}`)",
                krate.name,
                krate.version,
                krate.left_out,
                krate.cargo_args.join(" ")
            );
        }
        for (test, published, with_facade) in differences(row) {
            let explained = EXPLAINED
                .iter()
                .find(|(c, t, _)| *c == krate.name && *t == test);
            println!(
                "- {} {}: `{test}`: {} with rust-url, {} with the facade{}",
                krate.name,
                krate.version,
                describe(published),
                describe(with_facade),
                explained.map_or(String::new(), |(_, _, why)| format!(": {why}"))
            );
            let regression = published == Some(Outcome::Passed);
            if regression && explained.is_none() {
                ok = false;
                print_failure(&row.facade, &test);
            }
        }
    }
    let minutes = elapsed.as_secs() / 60;
    println!(
        "\ncompat --downstream: {} crate(s) in {minutes} min {} s (per crate and run: {})",
        rows.len(),
        elapsed.as_secs() % 60,
        rows.iter()
            .map(|r| format!(
                "{} {} s / {} s",
                r.krate.name,
                r.published.elapsed.as_secs(),
                r.facade.elapsed.as_secs()
            ))
            .collect::<Vec<_>>()
            .join(", ")
    );
    ok
}

/// `passed / failed` of a run, or why there is no count.
fn cell(run: &Run) -> String {
    if run.error.is_some() {
        "not run".to_owned()
    } else if !run.built {
        "does not build".to_owned()
    } else {
        format!("{} / {}", run.totals.passed, run.totals.failed)
    }
}

/// The tests whose outcome differs between the two runs: name, outcome with rust-url, with the
/// facade (`None`: the test did not run).
fn differences(row: &Row) -> Vec<(String, Option<Outcome>, Option<Outcome>)> {
    if !row.published.built || !row.facade.built {
        return Vec::new();
    }
    let mut names: Vec<&String> = row
        .published
        .outcomes
        .keys()
        .chain(row.facade.outcomes.keys())
        .collect();
    names.sort();
    names.dedup();
    names
        .into_iter()
        .filter_map(|name| {
            let published = row.published.outcomes.get(name).copied();
            let with_facade = row.facade.outcomes.get(name).copied();
            (published != with_facade).then(|| (name.clone(), published, with_facade))
        })
        .collect()
}

fn describe(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        Some(Outcome::Passed) => "passes",
        Some(Outcome::Failed) => "fails",
        Some(Outcome::Ignored) => "is ignored",
        None => "does not run",
    }
}

/// Prints the captured output of `test` in the facade's run (its assertion message).
fn print_failure(run: &Run, test: &str) {
    let name = test.split(" #").next().unwrap_or(test);
    if let Some(failure) = run.failures.failures.iter().find(|f| f.test == name) {
        for line in failure
            .lines
            .iter()
            .take_while(|l| !l.starts_with("stack backtrace:"))
            .filter(|l| !l.trim().is_empty())
            .take(12)
        {
            println!("    {}", truncate(line, 300));
        }
    }
}

/// Copies the folder `from` to `to`, recursively.
fn copy_dir(from: &Path, to: &Path) -> Result<(), String> {
    fs::create_dir_all(to).map_err(|e| format!("creating {}: {e}", to.display()))?;
    let entries = fs::read_dir(from).map_err(|e| format!("reading {}: {e}", from.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("reading {}: {e}", from.display()))?;
        let target = to.join(entry.file_name());
        let kind = entry
            .file_type()
            .map_err(|e| format!("reading {}: {e}", entry.path().display()))?;
        if kind.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else {
            fs::copy(entry.path(), &target)
                .map_err(|e| format!("copying {}: {e}", entry.path().display()))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_test_lines() {
        assert_eq!(
            outcome_line("test tests::join ... ok"),
            Some(("tests::join", Outcome::Passed))
        );
        assert_eq!(
            outcome_line("test src/lib.rs - Url::join (line 12) ... FAILED"),
            Some(("src/lib.rs - Url::join (line 12)", Outcome::Failed))
        );
        assert_eq!(
            outcome_line("test slow ... ignored, needs the network"),
            Some(("slow", Outcome::Ignored))
        );
        assert_eq!(outcome_line("test result: ok. 1 passed; 0 failed"), None);
        assert_eq!(outcome_line("running 3 tests"), None);
    }

    #[test]
    fn checks_the_root_of_the_tree() {
        assert!(check_tree_root("url v2.5.8", None).is_ok());
        assert!(check_tree_root("url v2.5.8 (/x/url-compat)", None).is_err());
        let facade = Path::new("/x/url-compat");
        assert!(check_tree_root("url v2.5.8+whatwg (/x/url-compat)", Some(facade)).is_ok());
        assert!(check_tree_root("url v2.5.8", Some(facade)).is_err());
    }

    #[test]
    fn differences_are_by_name() {
        let mut published = Run {
            built: true,
            ..Run::default()
        };
        let mut facade = Run {
            built: true,
            ..Run::default()
        };
        published.outcomes.insert("a".into(), Outcome::Passed);
        published.outcomes.insert("b".into(), Outcome::Passed);
        facade.outcomes.insert("a".into(), Outcome::Passed);
        facade.outcomes.insert("b".into(), Outcome::Failed);
        facade.outcomes.insert("c".into(), Outcome::Passed);
        let row = Row {
            krate: CRATES[0],
            published,
            facade,
        };
        assert_eq!(
            differences(&row),
            [
                ("b".to_owned(), Some(Outcome::Passed), Some(Outcome::Failed)),
                ("c".to_owned(), None, Some(Outcome::Passed)),
            ]
        );
    }
}
