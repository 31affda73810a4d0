//! The Python package (`python/`, PyPI `whatwg-url-rs`) as users get it: wheels built by
//! maturin in a build environment (`target/py`), then installed where no Rust toolchain is: the
//! x86_64 one into fresh virtual environments, the tests' (`target/py-wheel`: the wheel and the
//! test requirements, pytest run there) and the Spark workers' (`target/py-spark-workers`: the
//! wheel and pyarrow only); with `--all-platforms`, the aarch64 one into an arm64 Debian root
//! under qemu-user (`aarch64.rs`). `cargo xtask python` (a step of `cargo xtask test`),
//! `--all-platforms`, `--wheel` (the distributions alone), `--licences` (the third-party licence
//! file alone); `cargo xtask bench --python`.

mod aarch64;
mod rust_version;
pub(crate) mod venv;
mod wheel;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

use crate::cmd;
use crate::libtest::Totals;
use crate::package::licences;

/// The tests' environment: made anew each run.
const TEST_VENV: &str = "py-wheel";
/// What the tests need besides the wheel (from PyPI, as wheels: nothing here builds Rust).
const TEST_REQUIREMENTS: &str = "python/tests/requirements.txt";
/// The Spark workers' environment: made anew each run, the wheel with its `arrow` extra only.
const WORKER_VENV: &str = "py-spark-workers";
/// Reports of the tests and the benchmark (the Spark figures; the crate list for the licence
/// test, written while cargo is still at hand).
const REPORTS: &str = "python-reports";
/// The tests of the package's behaviour, which run on every platform and with pandas 2; the
/// others check the build machine's distributions and the README's shell blocks
/// (`test_distribution.py`, the rest of `test_docs.py`), need Java (`test_spark.py`) or check
/// the stubs, the same files everywhere (`test_typing.py`).
const TEST_FILES: [&str; 7] = [
    "test_url.py",
    "test_search_params.py",
    "test_batch.py",
    "test_inputs.py",
    "test_polars_engines.py",
    "test_docs.py::test_readme_python_blocks_run",
    "test_docs.py::test_doctests",
];

/// The environment the wheel's tests need: the tests' interpreter, the workers' interpreter, the
/// crate list. Both environments are made anew, with the Rust toolchain hidden.
struct Installed {
    python: PathBuf,
    workers: PathBuf,
    cargo_tree: PathBuf,
}

/// The environment of the pandas 2 run: made anew each run.
const PANDAS_2_VENV: &str = "py-pandas2";
/// What it holds besides the wheel.
const PANDAS_2_REQUIREMENTS: [&str; 5] =
    ["pytest", "pyarrow", "polars", "duckdb", "pandas>=2.2,<3"];
/// The page whose blocks the tests run.
const README: &str = "python/README.md";
/// Where `pip install` of the sdist builds the extension: kept from run to run (cargo's
/// `CARGO_TARGET_DIR`, which maturin follows), so that only the first run compiles every crate.
const SDIST_TARGET: &str = "sdist-build";
/// Where the README's sdist block runs: `target/wheels` there is the built distributions'.
const SDIST_WORK: &str = "sdist-readme";
/// The environment the sdist is installed into, with the Rust toolchain in sight.
const SDIST_VENV: &str = "py-sdist";

/// The README's shell block that installs the sdist (`pip install target/wheels/….tar.gz`).
fn sdist_block(root: &Path) -> Result<String, String> {
    let path = root.join(README);
    let text =
        std::fs::read_to_string(&path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    // Each ```` ```sh ```` block (its info string may say more: `sh not-run: …`), its lines.
    let blocks: Vec<&str> = text
        .split("```sh")
        .skip(1)
        .filter_map(|rest| rest.split_once('\n')?.1.split("```").next())
        .filter(|block| block.starts_with("pip install") && block.contains(".tar.gz"))
        .collect();
    match blocks.as_slice() {
        [block] => Ok((*block).to_string()),
        _ => Err(format!(
            "{} has {} shell blocks installing the sdist (expected one)",
            path.display(),
            blocks.len()
        )),
    }
}

/// The README's sdist block run as written, as a user with Rust runs it, in a fresh
/// environment, from a directory whose `target/wheels` is the folder of the built
/// distributions (the block's path; the target folder may be elsewhere): the build backend finds `cargo` new enough (the version `dist.rust` the lock
/// needs; the toolchain's own `cargo --version` must be at least that) and hands the build to
/// maturin; the package it built imports and parses. Returns the block.
fn sdist_builds(root: &Path, dist: &wheel::Dist) -> Result<String, String> {
    let (major, minor) = dist.rust;
    let (ok, version, err) = cmd::capture(Command::new("cargo").arg("--version"))?;
    let found = version
        .split_whitespace()
        .nth(1)
        .and_then(rust_version::parse)
        .ok_or_else(|| format!("cargo --version: {version}{err}"))?;
    if !ok || found < dist.rust {
        return Err(format!(
            "the sdist needs Rust {major}.{minor}; this machine's cargo is {}",
            version.trim()
        ));
    }
    let block = sdist_block(root)?;
    cmd::header(&format!(
        "python: the README's sdist block with {} (it needs Rust {major}.{minor}), in a fresh \
         {SDIST_VENV}",
        version.trim()
    ));
    let python = venv::python(root, SDIST_VENV, true, false)?;
    let bin = python.parent().unwrap_or(Path::new(".")).to_path_buf();
    let path = std::env::join_paths(std::iter::once(bin.clone()).chain(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    )))
    .map_err(|e| format!("PATH: {e}"))?;
    let target = crate::packages::target_dir(root);
    let work = target.join(SDIST_WORK);
    if work.exists() {
        std::fs::remove_dir_all(&work).map_err(|e| format!("removing {}: {e}", work.display()))?;
    }
    std::fs::create_dir_all(work.join("target"))
        .map_err(|e| format!("creating {}: {e}", work.display()))?;
    let dist_dir = dist
        .sdist
        .parent()
        .ok_or("the sdist has no folder")?
        .canonicalize()
        .map_err(|e| format!("{}: {e}", dist.sdist.display()))?;
    std::os::unix::fs::symlink(&dist_dir, work.join("target/wheels"))
        .map_err(|e| format!("linking {}: {e}", dist_dir.display()))?;
    forget_path_crates(root, &target.join(SDIST_TARGET))?;
    let mut install = Command::new("bash");
    install
        .args(["-euo", "pipefail", "-c", &block])
        .env("PATH", path)
        .env("VIRTUAL_ENV", bin.parent().unwrap_or(Path::new(".")))
        .env("PIP_DISABLE_PIP_VERSION_CHECK", "1")
        .env("CARGO_TARGET_DIR", target.join(SDIST_TARGET))
        .current_dir(&work);
    if !cmd::run(&mut install)? {
        return Err(format!("the README's sdist block failed: {}", block.trim()));
    }
    let mut import = Command::new(&python);
    import
        .args([
            "-c",
            "from whatwg_url_rs import URL; assert URL('HTTPS://EXAMPLE.com/a/../b').href == 'https://example.com/b'",
        ])
        .current_dir(root);
    if cmd::run(&mut import)? {
        Ok(block)
    } else {
        Err("the package built from the sdist does not import and parse".into())
    }
}

/// Removes what cargo remembers of the workspace's own crates in `target` (their
/// `.fingerprint` entries), so that a build of the sdist compiles them again while reusing the
/// registry crates. pip unpacks the sdist to a new folder each time, with the files' times of
/// the sdist, older than the last build: cargo, which names a path crate's outputs by its path
/// within the workspace, would take the last build's outputs as fresh for sources that changed.
fn forget_path_crates(root: &Path, target: &Path) -> Result<(), String> {
    let (ok, out, err) = cmd::metadata(root, &root.join("Cargo.toml"))?;
    if !ok {
        return Err(format!("cargo metadata failed:\n{err}"));
    }
    let metadata: serde_json::Value =
        serde_json::from_str(&out).map_err(|e| format!("cargo metadata's JSON: {e}"))?;
    let own: Vec<String> = metadata["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|package| package["source"].is_null())
        .filter_map(|package| Some(format!("{}-", package["name"].as_str()?)))
        .collect();
    let Ok(profiles) = std::fs::read_dir(target) else {
        return Ok(());
    };
    // `release/.fingerprint`, and `<triple>/release/.fingerprint` for a build with a target.
    let mut fingerprints = Vec::new();
    for dir in profiles.filter_map(Result::ok).map(|entry| entry.path()) {
        fingerprints.push(dir.join(".fingerprint"));
        if let Ok(inner) = std::fs::read_dir(&dir) {
            fingerprints.extend(
                inner
                    .filter_map(Result::ok)
                    .map(|entry| entry.path().join(".fingerprint")),
            );
        }
    }
    for entry in fingerprints
        .iter()
        .filter_map(|dir| std::fs::read_dir(dir).ok())
        .flatten()
        .filter_map(Result::ok)
    {
        let name = entry.file_name().to_string_lossy().into_owned();
        let is_own = own.iter().any(|prefix| {
            name.strip_prefix(prefix.as_str())
                .is_some_and(|hash| hash.chars().all(|c| c.is_ascii_hexdigit()))
        });
        if is_own {
            std::fs::remove_dir_all(entry.path())
                .map_err(|e| format!("removing {}: {e}", entry.path().display()))?;
        }
    }
    Ok(())
}

/// The x86_64 wheel installed into fresh environments without the Rust toolchain.
fn install(root: &Path, dist: &wheel::Dist) -> Result<Installed, String> {
    let reports = crate::packages::target_dir(root).join(REPORTS);
    std::fs::create_dir_all(&reports)
        .map_err(|e| format!("creating {}: {e}", reports.display()))?;
    let host_crates = licences::tree_crates(root, &licences::host_triple(root)?)?;
    let cargo_tree = reports.join("cargo-tree.txt");
    let listing: String = host_crates
        .iter()
        .map(|(name, version)| format!("{name} {version}\n"))
        .collect();
    std::fs::write(&cargo_tree, listing)
        .map_err(|e| format!("writing {}: {e}", cargo_tree.display()))?;

    let wheel = x86_64_wheel(dist)?;
    cmd::header(&format!(
        "python: a fresh {TEST_VENV} without Rust: the wheel + {TEST_REQUIREMENTS}"
    ));
    let python = venv::python(root, TEST_VENV, true, true)?;
    venv::pip(root, &python, &[&wheel, "-r", TEST_REQUIREMENTS], true)?;
    cmd::header(&format!(
        "python: a fresh {WORKER_VENV} without Rust: the wheel + pyarrow"
    ));
    let workers = venv::python(root, WORKER_VENV, true, true)?;
    venv::pip(root, &workers, &[&format!("{wheel}[arrow]")], true)?;
    Ok(Installed {
        python,
        workers,
        cargo_tree,
    })
}

/// `(passed, failed)` of pytest's closing line (`3 failed, 27 passed, 2 warnings in 4.1s`,
/// with or without `=` around it); errors count as failures.
pub fn parse_pytest_summary(line: &str) -> Option<(u64, u64)> {
    let line = line.trim().trim_matches('=').trim();
    let (counts, time) = line.rsplit_once(" in ")?;
    // `in 4.1s`, or past a minute `in 119.22s (0:01:59)`.
    let seconds = time.split_once(" (").map_or(time, |(seconds, _)| seconds);
    if !seconds.trim_end().ends_with('s') {
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

/// Builds the x86_64 wheel and the sdist, installs the wheel into fresh environments without the
/// Rust toolchain, runs `python/tests` there (Spark's workers in their own environment), adds
/// its counts to `totals`. `Ok(true)` when every test passed.
pub fn test(root: &Path, totals: &mut Totals) -> Result<bool, String> {
    let start = Instant::now();
    let dist = wheel::build(root, false)?;
    let sdist_block = sdist_builds(root, &dist)?;
    test_x86_64(root, &dist, &sdist_block, start, totals)
}

/// `--all-platforms`: every wheel built and checked, the x86_64 one tested as by [`test()`], the
/// aarch64 one under qemu-user (`aarch64.rs`).
fn test_all(root: &Path, totals: &mut Totals) -> Result<bool, String> {
    let start = Instant::now();
    let dist = wheel::build(root, true)?;
    let sdist_block = sdist_builds(root, &dist)?;
    let x86_64 = test_x86_64(root, &dist, &sdist_block, start, totals)?;
    let started = Instant::now();
    let aarch64 = aarch64::test(root, dist.wheel(&wheel::AARCH64)?, totals)?;
    eprintln!(
        "python: aarch64 under qemu {:.0} s\n\n{}",
        started.elapsed().as_secs_f64(),
        dist.report()
    );
    Ok(x86_64 && aarch64)
}

/// The x86_64 wheel's tests (see [`test()`]).
fn test_x86_64(
    root: &Path,
    dist: &wheel::Dist,
    sdist_block: &str,
    start: Instant,
    totals: &mut Totals,
) -> Result<bool, String> {
    let built = start.elapsed();
    // The Spark test's driver and workers run on a JVM.
    crate::system::ensure_program(
        "java",
        "a Java runtime, for the Spark test",
        &["openjdk-17-jre-headless"],
    )?;
    let installed = install(root, dist)?;
    let ready = start.elapsed();
    cmd::header("python: pytest python/tests in target/py-wheel (no Rust toolchain on PATH)");
    let target = crate::packages::target_dir(root);
    let variables = [
        (
            "WHATWG_URL_RS_DIST",
            target.join(wheel::DIST).into_os_string(),
        ),
        (
            "WHATWG_URL_RS_REPORTS",
            target.join(REPORTS).into_os_string(),
        ),
        (
            "WHATWG_URL_RS_SPARK_WORKER_PYTHON",
            installed.workers.clone().into_os_string(),
        ),
        (
            "WHATWG_URL_RS_CARGO_TREE",
            installed.cargo_tree.clone().into_os_string(),
        ),
        ("WHATWG_URL_RS_SDIST_BLOCK", sdist_block.into()),
    ];
    let passed = pytest(
        root,
        &installed.python,
        &["python/tests"],
        &variables,
        totals,
    )?;
    let done = start.elapsed();
    eprintln!(
        "python step: wheel and sdist {:.0} s, fresh environments {:.0} s, pytest {:.0} s",
        built.as_secs_f64(),
        (ready - built).as_secs_f64(),
        (done - ready).as_secs_f64()
    );
    let report = target.join(REPORTS).join("spark.json");
    if let Ok(text) = std::fs::read_to_string(&report) {
        eprintln!(
            "Spark (mapInArrow, workers in {WORKER_VENV}, {}):\n{}",
            report.display(),
            text.trim_end()
        );
    }
    let pandas2 = pandas_2(root, dist, totals)?;
    Ok(passed && pandas2)
}

/// The tests of the package's behaviour ([`TEST_FILES`]) again with pandas 2 (the tests' environment
/// has the newest pandas, as users get it), in a fresh environment without Rust.
fn pandas_2(root: &Path, dist: &wheel::Dist, totals: &mut Totals) -> Result<bool, String> {
    let wheel = x86_64_wheel(dist)?;
    cmd::header(&format!(
        "python: a fresh {PANDAS_2_VENV} without Rust: the wheel, pandas 2, pytest"
    ));
    let python = venv::python(root, PANDAS_2_VENV, true, true)?;
    let mut requirements = vec![wheel.as_str()];
    requirements.extend(PANDAS_2_REQUIREMENTS);
    venv::pip(root, &python, &requirements, true)?;
    let files: Vec<String> = TEST_FILES
        .iter()
        .map(|test| format!("python/tests/{test}"))
        .collect();
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    pytest(root, &python, &files, &[], totals)
}

/// `python -m pytest ARGS -q` from the root, the toolchain hidden, the fixtures named and
/// `variables` set; its counts added to `totals`. `Ok(true)` when every test passed.
fn pytest(
    root: &Path,
    python: &Path,
    args: &[&str],
    variables: &[(&str, std::ffi::OsString)],
    totals: &mut Totals,
) -> Result<bool, String> {
    let mut command = Command::new(python);
    command
        .args(["-m", "pytest"])
        .args(args)
        .args(["-q", "-p", "no:cacheprovider"])
        .envs(variables.iter().map(|(key, value)| (key, value)))
        .current_dir(root);
    crate::fixtures::set_test_data_env(root, &mut command);
    venv::hide_rust(root, &mut command)?;
    run_pytest(&mut command, totals)
}

/// Runs a pytest `command`, echoing its output, and adds the counts of its closing line to
/// `totals`. `Ok(true)` when every test passed.
fn run_pytest(command: &mut Command, totals: &mut Totals) -> Result<bool, String> {
    let mut summary = None;
    let passed = cmd::run_reading_stdout(command, |line| {
        println!("{line}");
        if let Some(counts) = parse_pytest_summary(line) {
            summary = Some(counts);
        }
    })?;
    let (ok, failed) = summary.ok_or("pytest printed no summary line")?;
    totals.passed += ok;
    totals.failed += failed;
    Ok(passed && failed == 0)
}

/// The path of the x86_64 wheel, as pip takes it.
fn x86_64_wheel(dist: &wheel::Dist) -> Result<String, String> {
    Ok(dist
        .wheel(&wheel::X86_64)?
        .path
        .to_string_lossy()
        .into_owned())
}

const USAGE: &str = "\
usage: cargo xtask python [--wheel] [--all-platforms] | --aarch64-wheel WHEEL | --licences

  (nothing)        the x86_64 wheel and the sdist (as --wheel), the wheel installed into fresh
                   virtual environments without the Rust toolchain (target/py-wheel: the tests';
                   target/py-spark-workers: the Spark workers', wheel + pyarrow), pytest
                   python/tests
  --all-platforms  every wheel (as --wheel --all-platforms), the x86_64 one tested as above, the
                   aarch64 one installed into an arm64 Debian root (target/aarch64-root, made by
                   mmdebstrap once) and tested there under qemu-user
  --wheel          the abi3 wheel for manylinux2014 x86_64 (glibc 2.17) and the sdist into
                   target/wheels (maturin and zig in target/py), the wheel checked with
                   auditwheel show and by the glibc symbol versions it needs, the sdist with cargo
                   metadata; the licence file written first. With --all-platforms: manylinux2014
                   aarch64 and musllinux_1_2 x86_64 too (rustup targets added when missing; the
                   musl extension's C library renamed libc.musl-x86_64.so.1 with patchelf, the
                   wheel packed again, then checked by auditwheel show)
  --aarch64-wheel WHEEL
                   the aarch64 tests of --all-platforms on a wheel built before
  --licences       python/THIRD-PARTY-LICENSES.txt alone";

/// `cargo xtask python [--wheel] [--all-platforms] | --aarch64-wheel WHEEL | --licences`.
pub fn run(root: &Path, args: &[String]) -> ExitCode {
    let flags: Vec<&str> = args.iter().map(String::as_str).collect();
    let outcome = match flags.as_slice() {
        [] | ["--all-platforms"] => {
            cmd::header("python: the wheels, fresh environments without Rust, pytest python/tests");
            let mut totals = Totals::default();
            let outcome = if flags.is_empty() {
                test(root, &mut totals)
            } else {
                test_all(root, &mut totals)
            };
            println!("{} passed, {} failed", totals.passed, totals.failed);
            outcome
        }
        ["--wheel"] | ["--wheel", "--all-platforms"] | ["--all-platforms", "--wheel"] => {
            cmd::header("python: maturin build --release --zig, maturin sdist into target/wheels");
            wheel::build(root, flags.len() == 2).map(|dist| {
                for wheel in &dist.wheels {
                    eprintln!("wheel: {}", wheel.path.display());
                }
                eprintln!("sdist: {}", dist.sdist.display());
                true
            })
        }
        ["--aarch64-wheel", path] => {
            let mut totals = Totals::default();
            let outcome = wheel::existing(root, wheel::AARCH64, Path::new(path))
                .and_then(|wheel| aarch64::test(root, &wheel, &mut totals));
            println!("{} passed, {} failed", totals.passed, totals.failed);
            outcome
        }
        ["--licences"] => licences::write(root).map(|(path, crates)| {
            eprintln!("{} ({crates} crates)", path.display());
            true
        }),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    cmd::exit(outcome)
}

/// `cargo xtask bench --python [args for bench.py]`: the Python benchmark (python/bench/bench.py
/// in the build environment, the wheel installed there), then the Spark job with its workers in
/// that environment (as before this wheel) and in a fresh one holding only the wheel and pyarrow
/// (python/bench/spark_bench.py).
pub fn bench(root: &Path, args: &[String]) -> ExitCode {
    cmd::header(
        "python/bench/bench.py (per object: ada-url, can-ada, yarl, urllib; batch kernels), \
         python/bench/spark_bench.py",
    );
    let outcome = (|| -> Result<bool, String> {
        let dist = wheel::build(root, false)?;
        let wheel = x86_64_wheel(&dist)?;
        let python = venv::python(root, wheel::BUILD_VENV, false, false)?;
        venv::pip(
            root,
            &python,
            &["-r", "python/bench/requirements.txt"],
            false,
        )?;
        venv::pip(
            root,
            &python,
            &["--force-reinstall", "--no-deps", &wheel],
            false,
        )?;
        let workers = venv::python(root, WORKER_VENV, true, true)?;
        venv::pip(root, &workers, &[&format!("{wheel}[arrow]")], true)?;
        let mut objects = Command::new(&python);
        objects
            .arg("python/bench/bench.py")
            .args(args)
            .current_dir(root);
        let mut spark = Command::new(&python);
        spark
            .arg("python/bench/spark_bench.py")
            .arg("--workers")
            .arg(&workers)
            .current_dir(root);
        Ok(cmd::run(&mut objects)? & cmd::run(&mut spark)?)
    })();
    cmd::exit(outcome)
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
        assert_eq!(
            parse_pytest_summary("3 failed, 38 passed, 3 errors in 119.22s (0:01:59)"),
            Some((38, 6))
        );
        assert_eq!(parse_pytest_summary("tests/test_url.py ....  [100%]"), None);
        assert_eq!(parse_pytest_summary("the value in 3s"), None);
    }
}
