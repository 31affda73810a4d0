//! The Python package (`python/`, PyPI `whatwg-url-rs`): a virtual environment under
//! `target/py`, the package built and installed the way a user does (`pip install ./python`),
//! then its pytest suite (`cargo xtask python`, and a step of `cargo xtask test`) or its
//! benchmark (`cargo xtask bench --python`).

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use crate::cmd;
use crate::libtest::Totals;

/// The virtual environment, under the workspace's `target/`.
const VENV: &str = "target/py";

/// The venv's interpreter, creating the venv first when missing. Debian's `python3` needs
/// `python3-venv` for that: installed with apt-get (CI machines are root) when the first try
/// fails.
fn venv_python(root: &Path) -> Result<PathBuf, String> {
    let venv = root.join(VENV);
    let python = venv.join("bin/python");
    if python.is_file() {
        return Ok(python);
    }
    let create = |venv: &Path| {
        cmd::run(
            Command::new("python3")
                .args(["-m", "venv"])
                .arg(venv)
                .current_dir(root),
        )
    };
    if !create(&venv)? {
        eprintln!("python3 -m venv failed: installing python3-venv with apt-get");
        let _ = std::fs::remove_dir_all(&venv);
        let installed = cmd::run(Command::new("apt-get").args(["update", "-q"]))?
            && cmd::run(Command::new("apt-get").args([
                "install",
                "-y",
                "-q",
                "python3-venv",
                "python3-pip",
            ]))?;
        if !installed || !create(&venv)? {
            return Err(format!(
                "cannot create a Python virtual environment at {} (python3 -m venv; \
                 apt-get install python3-venv)",
                venv.display()
            ));
        }
    }
    Ok(python)
}

/// `python -m pip <args>` in the venv, quietly.
fn pip(root: &Path, python: &Path, args: &[&str]) -> Result<(), String> {
    let mut command = Command::new(python);
    command
        .args(["-m", "pip", "install", "-q", "--disable-pip-version-check"])
        .args(args)
        .current_dir(root);
    if cmd::run(&mut command)? {
        Ok(())
    } else {
        Err(format!("pip install {} failed", args.join(" ")))
    }
}

/// The venv with `requirements` installed and the package built from `python/` and installed
/// (a wheel, as `pip install ./python` makes it: what users get).
fn prepared(root: &Path, requirements: &str) -> Result<PathBuf, String> {
    let python = venv_python(root)?;
    pip(root, &python, &["-r", requirements])?;
    pip(
        root,
        &python,
        &["--force-reinstall", "--no-deps", "./python"],
    )?;
    Ok(python)
}

/// `(passed, failed)` of pytest's closing line (`3 failed, 27 passed, 2 warnings in 4.1s`,
/// with or without `=` around it); errors count as failures.
pub fn parse_pytest_summary(line: &str) -> Option<(u64, u64)> {
    let line = line.trim().trim_matches('=').trim();
    let (counts, time) = line.rsplit_once(" in ")?;
    if !time.trim_end().ends_with('s') {
        return None;
    }
    let (mut passed, mut failed, mut any) = (0, 0, false);
    for part in counts.split(", ") {
        let (number, word) = part.trim().split_once(' ')?;
        let number: u64 = number.parse().ok()?;
        match word {
            "passed" => passed += number,
            "failed" | "error" | "errors" => failed += number,
            _ => {}
        }
        any = true;
    }
    any.then_some((passed, failed))
}

/// Builds and installs the package, runs `python/tests`, adds its counts to `totals`.
/// `Ok(true)` when every test passed.
pub fn test(root: &Path, totals: &mut Totals) -> Result<bool, String> {
    let python = prepared(root, "python/tests/requirements.txt")?;
    let mut command = Command::new(&python);
    command
        .args([
            "-m",
            "pytest",
            "python/tests",
            "-q",
            "-p",
            "no:cacheprovider",
        ])
        .current_dir(root);
    let mut summary = None;
    let passed = cmd::run_reading_stdout(&mut command, |line| {
        println!("{line}");
        if let Some(counts) = parse_pytest_summary(line) {
            summary = Some(counts);
        }
    })?;
    let (ok, failed) = summary.ok_or("pytest printed no summary line")?;
    totals.passed += ok;
    totals.failed += failed;
    let report = root.join("target/python-reports/spark.json");
    if let Ok(text) = std::fs::read_to_string(&report) {
        eprintln!(
            "Spark (mapInArrow, {}):\n{}",
            report.display(),
            text.trim_end()
        );
    }
    Ok(passed && failed == 0)
}

/// `cargo xtask python`: the Python step alone.
pub fn run(root: &Path, args: &[String]) -> ExitCode {
    if !args.is_empty() {
        eprintln!("usage: cargo xtask python   (builds python/ into target/py and runs its tests)");
        return ExitCode::from(2);
    }
    cmd::header("python: pip install ./python into target/py, pytest python/tests");
    let mut totals = Totals::default();
    let outcome = test(root, &mut totals);
    println!("{} passed, {} failed", totals.passed, totals.failed);
    match outcome {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// `cargo xtask bench --python [args for bench.py]`: the Python benchmark.
pub fn bench(root: &Path, args: &[String]) -> ExitCode {
    cmd::header(
        "python/bench/bench.py (per object: ada-url, can-ada, yarl, urllib; batch kernels)",
    );
    let python = match prepared(root, "python/bench/requirements.txt") {
        Ok(python) => python,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::FAILURE;
        }
    };
    let mut command = Command::new(python);
    command
        .arg("python/bench/bench.py")
        .args(args)
        .current_dir(root);
    match cmd::run(&mut command) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parse_pytest_summary;

    #[test]
    fn pytest_summaries() {
        assert_eq!(parse_pytest_summary("30 passed in 2.66s"), Some((30, 0)));
        assert_eq!(
            parse_pytest_summary("1 failed, 19 passed, 2 warnings in 0.12s"),
            Some((19, 1))
        );
        assert_eq!(
            parse_pytest_summary("===== 2 failed, 3 passed, 1 error in 1.00s ====="),
            Some((3, 3))
        );
        assert_eq!(parse_pytest_summary("tests/test_url.py ....  [100%]"), None);
        assert_eq!(parse_pytest_summary("the value in 3s"), None);
    }
}
