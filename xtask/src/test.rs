//! `cargo xtask test`: every check CI runs, each step under a header, then `N passed, M failed`.
//! The closing count is the workspace's `cargo test` runs (with the fuzz crate's replays against
//! ada and rust-url) and the Python package's pytest run;
//! `beside-url`, `msrv` and `package-check` print their own counts and fail the run when they
//! fail.
//!
//! A step that needs a system package this machine cannot install (`system::install`: no
//! apt-get, or not root) is reported as not run, and the run still ends non-zero, saying so:
//! "not run" is never "passed". With `CI=true` such a step is a failure like any other.

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use crate::artifacts;
use crate::beside_url;
use crate::cmd;
use crate::compat;
use crate::cycles;
use crate::disk;
use crate::duplicates;
use crate::fixtures;
use crate::libtest::Totals;
use crate::msrv;
use crate::package;
use crate::packages::{self, LIBRARY_FEATURES};
use crate::python;
use crate::system;

/// How long the slow steps usually take from a fresh clone on an idle 2-core machine (the step
/// table a whole run prints at its end), said as each starts: the run is long, and a step that
/// sits for minutes should not look stuck.
const USUAL_CLIPPY: &str = "about 1 min";
const USUAL_TEST: &str = "about 4 min";
const USUAL_TEST_FEATURES: &str = "about 1½ min";
const USUAL_COMPARING_REPLAYS: &str = "about 1 min";
const USUAL_BESIDE_URL: &str = "about 30 s";
const USUAL_COMPAT: &str = "about 4 min";
const USUAL_MSRV: &str = "about 1 min";
const USUAL_PACKAGE_CHECK: &str = "about 2½ min";
const USUAL_PYTHON: &str = "about 6 min";

/// `cargo ARGS` (a test run), its output printed and its test counts added to `totals`.
fn cargo_test(root: &Path, args: &[&str], totals: &mut Totals) -> Result<bool, String> {
    cmd::run_reading_stdout(&mut cmd::cargo(root, args), |line| {
        println!("{line}");
        totals.add_line(line);
    })
}

fn slow(title: &str, usual: &str) {
    cmd::header(&format!("{title}   (slow: {usual} on 2 cores)"));
}

pub fn run(root: &Path) -> ExitCode {
    let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
    let mut failed_steps: Vec<&str> = Vec::new();
    let mut not_run: Vec<(&str, String)> = Vec::new();
    // Each step's wall-clock time, from the end of the step before: the run must stay well
    // under CI's limit, and this says where the time goes.
    let mut durations: Vec<(&str, u64)> = Vec::new();
    let mut since = Instant::now();
    let mut record = |step: &'static str, outcome: Result<bool, String>| {
        durations.push((step, since.elapsed().as_secs()));
        since = Instant::now();
        match outcome {
            Ok(true) => {}
            Ok(false) => failed_steps.push(step),
            Err(message) if !ci && system::is_missing(&message) => {
                eprintln!("{step}: {message}");
                not_run.push((step, message));
            }
            Err(message) => {
                eprintln!("error: {message}");
                failed_steps.push(step);
            }
        }
    };

    disk::report_start(root);

    const FMT: &str = "cargo fmt --all --check";
    cmd::header(FMT);
    record(
        FMT,
        cmd::run(&mut cmd::cargo(root, &["fmt", "--all", "--check"])),
    );

    const CLIPPY: &str = "cargo clippy --workspace --all-targets -- -D warnings";
    slow(CLIPPY, USUAL_CLIPPY);
    record(
        CLIPPY,
        cmd::run(&mut cmd::cargo(
            root,
            &[
                "clippy",
                "--workspace",
                "--all-targets",
                "--",
                "-D",
                "warnings",
            ],
        )),
    );

    const DUPLICATES: &str = "cargo xtask duplicates";
    cmd::header(DUPLICATES);
    record(
        DUPLICATES,
        duplicates::check(root, &duplicates::LIBRARY_DIRS.map(String::from), false),
    );

    const CYCLES: &str = "cargo xtask cycles";
    cmd::header(CYCLES);
    record(CYCLES, cycles::check(root));

    const ARTIFACTS: &str = "cargo xtask artifacts";
    cmd::header(ARTIFACTS);
    record(ARTIFACTS, artifacts::check(root));

    const FIXTURES: &str = "fixtures present";
    cmd::header(FIXTURES);
    record(
        FIXTURES,
        match fixtures::check_present(root) {
            Ok(found) => {
                eprintln!("{found}");
                Ok(true)
            }
            Err(message) => Err(message),
        },
    );

    // The tests run twice: the whole workspace with the default features, then the packages
    // that have library features with every one of them on (not `--all-features`, which would
    // build the fuzz and bench crates' competitor parsers). The second run leaves out the
    // packages above them (CLI, Arrow, Python, fuzz replays, xtask): their tests would run a
    // second time on the same code, and took a third of the run.
    const TEST: &str = "cargo test --workspace --no-fail-fast";
    const TEST_FEATURES: &str = "cargo test -p <each package with library features> --no-fail-fast --features <all of them>";
    let mut featured: Vec<&str> = LIBRARY_FEATURES
        .split(',')
        .filter_map(|f| f.split_once('/').map(|(package, _)| package))
        .collect();
    featured.dedup();
    let mut totals = Totals::default();
    for (step, features) in [(TEST, None), (TEST_FEATURES, Some(LIBRARY_FEATURES))] {
        let mut args = vec!["test", "--no-fail-fast"];
        if let Some(features) = features {
            for package in &featured {
                args.extend(["-p", package]);
            }
            args.extend(["--features", features]);
            slow(
                &format!(
                    "cargo test -p {} --no-fail-fast --features {features}",
                    featured.join(" -p ")
                ),
                USUAL_TEST_FEATURES,
            );
        } else {
            args.push("--workspace");
            slow(step, USUAL_TEST);
        }
        record(step, cargo_test(root, &args, &mut totals));
    }
    // The fuzz targets that compare with other parsers: the differential target's classifier
    // (fuzz/DIVERGENCES.md) with its own tests, and the facade target, each on its seeds and
    // regression inputs. The runs above build the fuzz crate without them, because they
    // compile ada (C++); without this step a change of the lock (a Unicode version, say) could
    // leave a fuzz target stopping at once on its own corpus. (Feature `facade` includes
    // `differential`.)
    const COMPARING_REPLAYS: &str =
        "cargo test -p url-fuzz --features facade --lib --test replay -- differential facade";
    slow(COMPARING_REPLAYS, USUAL_COMPARING_REPLAYS);
    let replays = system::ensure_program(
        "c++",
        "a C++ compiler, for ada in the differential and facade replays",
        &["g++"],
    )
    .and_then(|()| {
        let args = COMPARING_REPLAYS.split(' ').skip(1).collect::<Vec<_>>();
        cargo_test(root, &args, &mut totals)
    });
    record(COMPARING_REPLAYS, replays);
    disk::report(root, "after the tests");

    const DOC: &str = "cargo doc --workspace --no-deps (RUSTDOCFLAGS=-D warnings)";
    cmd::header(DOC);
    let mut doc = cmd::cargo(root, &["doc", "--workspace", "--no-deps"]);
    let mut flags = std::env::var("RUSTDOCFLAGS").unwrap_or_default();
    flags.push_str(if flags.is_empty() {
        "-D warnings"
    } else {
        " -D warnings"
    });
    doc.env("RUSTDOCFLAGS", flags);
    record(DOC, cmd::run(&mut doc));

    const DOCS: &str = "cargo xtask docs";
    cmd::header(DOCS);
    record(DOCS, crate::docs::check(root));

    // The packages as users get them: beside `url` in a fresh tree, on the MSRV compiler
    // (installed when missing), and as `.crate` files with their own tests.
    const BESIDE_URL: &str = "cargo xtask beside-url";
    slow(BESIDE_URL, USUAL_BESIDE_URL);
    record(BESIDE_URL, beside_url::check(root).map(|()| true));
    disk::report(root, &format!("after {BESIDE_URL}"));
    const COMPAT: &str = "cargo xtask compat";
    slow(COMPAT, USUAL_COMPAT);
    record(COMPAT, compat::check(root));
    disk::release(root, COMPAT, &["compat"]);
    const MSRV: &str = "cargo xtask msrv";
    slow(MSRV, USUAL_MSRV);
    record(MSRV, msrv::check(root).map(|()| true));
    disk::release(root, MSRV, &["msrv"]);
    const PACKAGE_CHECK: &str = "cargo xtask package-check";
    slow(PACKAGE_CHECK, USUAL_PACKAGE_CHECK);
    // In a target directory of its own, given as `CARGO_TARGET_DIR`: the run proves that the
    // packing and the `.crate` tests honour it (they once wrote under the workspace's `target/`
    // whatever it said).
    record(
        PACKAGE_CHECK,
        package::check_in(root, &packages::target_dir(root).join("package-check")).map(|()| true),
    );
    disk::release(root, PACKAGE_CHECK, &["package-check", "outside"]);
    // The Python package as users get it: the wheel built once, installed into fresh environments
    // without the Rust toolchain, its tests run there (Spark's workers in an environment of their
    // own): their counts join the closing line.
    // Other parsers through `wurl conform`: the adapters of url-cli/examples/conform/ run,
    // and this project agrees with itself through the protocol.
    const ADAPTERS: &str = "cargo xtask conformance --adapters";
    cmd::header(ADAPTERS);
    record(
        ADAPTERS,
        crate::conformance::adapters::check(root, crate::conformance::adapters::DEFAULT_GENERATE),
    );
    const PYTHON: &str = "cargo xtask python";
    slow(PYTHON, USUAL_PYTHON);
    record(PYTHON, python::test(root, &mut totals));
    disk::report(root, "end");

    eprintln!("\nstep                                                          seconds");
    for (step, seconds) in &durations {
        let step: String = step.chars().take(60).collect();
        eprintln!("{step:<60} {seconds:>8}");
    }
    let total: u64 = durations.iter().map(|d| d.1).sum();
    eprintln!("{:<60} {total:>8}", "total");
    eprintln!();
    for (step, message) in &not_run {
        eprintln!("not run: {step}: {message}");
    }
    if failed_steps.is_empty() && not_run.is_empty() {
        eprintln!("all steps passed");
    } else if !failed_steps.is_empty() {
        eprintln!("failed steps: {}", failed_steps.join("; "));
    }
    println!("{} passed, {} failed", totals.passed, totals.failed);
    if failed_steps.is_empty() && not_run.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
