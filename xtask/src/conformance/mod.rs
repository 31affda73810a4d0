//! `cargo xtask conformance`: runs the `wpt_*` test targets and prints the conformance table.
//! `--adapters`: other parsers through `wurl conform` ([`adapters`]).

pub mod adapters;
mod table;

use std::fs;
use std::path::Path;
use std::process::ExitCode;

use crate::cmd;
use crate::fixtures;
use crate::libtest::{self, Failures};

/// Failed tests shown, lines per failed test, characters per line.
const SHOW_TESTS: usize = 20;
const SHOW_LINES: usize = 25;
const SHOW_CHARS: usize = 240;

/// Features that some fixture rows need: every encoding of percent-encoding.json runs through
/// `url-api`'s `encoding` feature (`encoding_rs`). Not `--all-features`, which would build the
/// fuzz and bench crates' competitor parsers.
const CONFORMANCE_FEATURES: &str = "whatwg-url/encoding";

pub fn run(root: &Path, args: &[String]) -> ExitCode {
    match adapters::parse_args(args) {
        Ok(Some(generate)) => return cmd::exit(adapters::check(root, generate)),
        Ok(None) => {}
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    }
    match collect_and_print(root) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// `Ok(true)` when cargo test passed, some row was collected and every row is at 100%.
fn collect_and_print(root: &Path) -> Result<bool, String> {
    let out_dir = crate::packages::target_dir(root).join("xtask");
    fs::create_dir_all(&out_dir).map_err(|e| format!("creating {}: {e}", out_dir.display()))?;
    let out_file = out_dir.join(format!("conformance-{}.tsv", std::process::id()));
    let _ = fs::remove_file(&out_file);
    let tests_passed = run_wpt_tests(root, &out_file);
    let collected = fs::read_to_string(&out_file).unwrap_or_default();
    let _ = fs::remove_file(&out_file);
    let tests_passed = tests_passed?;

    let table::Collected {
        mut rows,
        notes,
        bad,
    } = table::parse_rows(&collected);
    for line in &bad {
        eprintln!("warning: ignored a malformed URL_CONFORMANCE_OUT line: {line:?}");
    }
    let fixture_dir = fixtures::first_dir(root);
    let files = fixture_dir
        .as_deref()
        .map(fixtures::json_files)
        .unwrap_or_default();
    let api_stems: Vec<String> = files
        .iter()
        .filter(|file| file.starts_with("api/"))
        .map(|file| table::stem(file).to_owned())
        .collect();
    table::sort_rows(&mut rows, &api_stems);
    print_table(&rows);
    for note in &notes {
        println!("\n{note}");
    }
    print_uncovered(fixture_dir.as_deref(), &files, &rows);

    let incomplete: Vec<&str> = rows
        .iter()
        .filter(|row| !row.is_complete())
        .map(|row| row.name.as_str())
        .collect();
    if !tests_passed {
        eprintln!("\nconformance: cargo test failed");
    }
    if !incomplete.is_empty() {
        eprintln!("conformance: below 100%: {}", incomplete.join(", "));
    }
    if rows.is_empty() {
        eprintln!("conformance: no row collected");
    }
    Ok(tests_passed && incomplete.is_empty() && !rows.is_empty())
}

/// Runs the `wpt_*` targets with `URL_CONFORMANCE_OUT=out_file`: cargo's stderr streams through,
/// test stdout is kept quiet but for result lines, and failed tests' messages are printed after.
/// `Ok(true)` when cargo test passed (or there is no target yet).
fn run_wpt_tests(root: &Path, out_file: &Path) -> Result<bool, String> {
    let targets = wpt_test_targets(root);
    if targets.is_empty() {
        eprintln!("no `tests/wpt_*.rs` test target in the workspace yet: nothing to run");
        return Ok(true);
    }
    cmd::header(&format!(
        "cargo test --workspace --no-fail-fast --features {CONFORMANCE_FEATURES} --test 'wpt_*'   ({} targets: {})",
        targets.len(),
        targets.join(", ")
    ));
    let mut command = cmd::cargo(
        root,
        &[
            "test",
            "--workspace",
            "--no-fail-fast",
            "--features",
            CONFORMANCE_FEATURES,
            "--test",
            "wpt_*",
        ],
    );
    command.env("URL_CONFORMANCE_OUT", out_file);
    let mut failures = Failures::default();
    let passed = cmd::run_reading_stdout(&mut command, |line| {
        failures.add_line(line);
        if libtest::is_progress_line(line) {
            eprintln!("    {line}");
        }
    })?;
    if !failures.failures.is_empty() {
        cmd::header("failed tests");
        failures.print(SHOW_TESTS, SHOW_LINES, SHOW_CHARS);
    }
    Ok(passed)
}

/// Prints the table (stdout, Markdown).
fn print_table(rows: &[table::Row]) {
    println!();
    if rows.is_empty() {
        println!("(no conformance row was collected)");
    } else {
        print!("{}", table::render(rows));
    }
}

/// Prints the fixture files of the fixture dir that no row covers.
fn print_uncovered(fixture_dir: Option<&Path>, files: &[String], rows: &[table::Row]) {
    let Some(dir) = fixture_dir else {
        println!("\nno fixture directory found; run `cargo xtask wpt-update --from DIR`");
        return;
    };
    let uncovered = table::uncovered(files, rows);
    println!(
        "\nnot yet covered ({} of {} fixture files in {}):",
        uncovered.len(),
        files.len(),
        dir.display()
    );
    for file in &uncovered {
        println!("- {file}");
    }
    if uncovered.is_empty() {
        println!("- none");
    }
}

/// The `wpt_*` integration-test targets of the workspace's crates (`<crate>/tests/wpt_*.rs` or
/// `<crate>/tests/wpt_*/main.rs`), as `crate/name`. Cargo refuses `--test 'wpt_*'` when no target
/// matches, so the run is skipped then.
fn wpt_test_targets(root: &Path) -> Vec<String> {
    let mut targets = Vec::new();
    for krate in fs::read_dir(root).into_iter().flatten().flatten() {
        let dir = krate.path();
        if !dir.join("Cargo.toml").is_file() {
            continue;
        }
        for test in fs::read_dir(dir.join("tests"))
            .into_iter()
            .flatten()
            .flatten()
        {
            let Ok(name) = test.file_name().into_string() else {
                continue;
            };
            let path = test.path();
            let is_target = name.starts_with("wpt_")
                && ((path.is_file() && name.ends_with(".rs")) || path.join("main.rs").is_file());
            if is_target {
                let stem = name.strip_suffix(".rs").unwrap_or(&name);
                targets.push(format!("{}/{stem}", krate.file_name().to_string_lossy()));
            }
        }
    }
    targets.sort();
    targets
}
