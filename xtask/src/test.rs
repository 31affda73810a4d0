//! `cargo xtask test`: every check CI runs, each step under a header, then `N passed, M failed`.
//! The closing count is the workspace's `cargo test` runs and the Python package's pytest run;
//! `downstream`, `msrv` and `package-check` print their own counts and fail the run when they
//! fail.

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use crate::artifacts;
use crate::cmd;
use crate::compat;
use crate::cycles;
use crate::disk;
use crate::downstream;
use crate::duplicates;
use crate::fixtures;
use crate::libtest::Totals;
use crate::msrv;
use crate::package;
use crate::packages::{self, LIBRARY_FEATURES};
use crate::python;

pub fn run(root: &Path) -> ExitCode {
    let mut failed_steps: Vec<&str> = Vec::new();
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
    cmd::header(CLIPPY);
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
            cmd::header(&format!(
                "cargo test -p {} --no-fail-fast --features {features}",
                featured.join(" -p ")
            ));
        } else {
            args.push("--workspace");
            cmd::header(step);
        }
        let tested = cmd::run_reading_stdout(&mut cmd::cargo(root, &args), |line| {
            println!("{line}");
            totals.add_line(line);
        });
        record(step, tested);
    }
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
    const DOWNSTREAM: &str = "cargo xtask downstream";
    cmd::header(DOWNSTREAM);
    record(DOWNSTREAM, downstream::check(root).map(|()| true));
    disk::release(root, DOWNSTREAM, &["downstream"]);
    const COMPAT: &str = "cargo xtask compat";
    cmd::header(COMPAT);
    record(COMPAT, compat::check(root));
    disk::release(root, COMPAT, &["compat"]);
    const MSRV: &str = "cargo xtask msrv";
    cmd::header(MSRV);
    record(MSRV, msrv::check(root).map(|()| true));
    disk::release(root, MSRV, &["msrv"]);
    const PACKAGE_CHECK: &str = "cargo xtask package-check";
    cmd::header(PACKAGE_CHECK);
    // In a target directory of its own, given as `CARGO_TARGET_DIR`: the run proves that the
    // packing and the `.crate` tests honour it (they once wrote under the workspace's `target/`
    // whatever it said).
    record(
        PACKAGE_CHECK,
        package::check_in(root, &packages::target_dir(root).join("package-check")).map(|()| true),
    );
    disk::release(root, PACKAGE_CHECK, &["package-check"]);
    // The Python package as users get it: the wheel built once, installed into fresh environments
    // without the Rust toolchain, its tests run there (Spark's workers in an environment of their
    // own): their counts join the closing line.
    const PYTHON: &str = "cargo xtask python";
    cmd::header(PYTHON);
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
    if failed_steps.is_empty() {
        eprintln!("all steps passed");
    } else {
        eprintln!("failed steps: {}", failed_steps.join("; "));
    }
    println!("{} passed, {} failed", totals.passed, totals.failed);
    if failed_steps.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
