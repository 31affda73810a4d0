//! `cargo xtask test`: every check CI runs, each step under a header, then `N passed, M failed`.

use std::path::Path;
use std::process::ExitCode;

use crate::cmd;
use crate::fixtures;
use crate::libtest::Totals;

pub fn run(root: &Path) -> ExitCode {
    let mut failed_steps: Vec<&str> = Vec::new();
    let mut record = |step: &'static str, outcome: Result<bool, String>| match outcome {
        Ok(true) => {}
        Ok(false) => failed_steps.push(step),
        Err(message) => {
            eprintln!("error: {message}");
            failed_steps.push(step);
        }
    };

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

    const TEST: &str = "cargo test --workspace --no-fail-fast";
    cmd::header(TEST);
    let mut totals = Totals::default();
    let tested = cmd::run_reading_stdout(
        &mut cmd::cargo(root, &["test", "--workspace", "--no-fail-fast"]),
        |line| {
            println!("{line}");
            totals.add_line(line);
        },
    );
    record(TEST, tested);

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
