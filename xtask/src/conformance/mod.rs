//! `cargo xtask conformance`: runs the `wpt_*` test targets and the other projects' suites
//! ([`OTHER_SUITES`]) and prints the conformance table.
//! `--adapters`: other parsers through `wurl conform` ([`adapters`]).

pub mod adapters;
pub mod table;

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

/// The test target that runs other projects' test vectors (`fixtures/suites`): one row a file,
/// beside the WPT rows.
const OTHER_SUITES: &str = "other_suites";

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

/// One run of the `wpt_*` targets: whether cargo test passed, and the table's rows in order.
pub struct Table {
    pub tests_passed: bool,
    pub rows: Vec<table::Row>,
    pub notes: Vec<String>,
}

/// Runs the `wpt_*` targets against the fixtures of `fixture_dir` (the lookup order's first when
/// `None`) and collects the table.
pub fn collect(root: &Path, fixture_dir: Option<&Path>) -> Result<Table, String> {
    let out_dir = crate::packages::target_dir(root).join("xtask");
    fs::create_dir_all(&out_dir).map_err(|e| format!("creating {}: {e}", out_dir.display()))?;
    let out_file = out_dir.join(format!("conformance-{}.tsv", std::process::id()));
    let _ = fs::remove_file(&out_file);
    let tests_passed = run_wpt_tests(root, &out_file, fixture_dir);
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
    let api_stems: Vec<String> = fixture_files(root)
        .iter()
        .filter(|file| file.starts_with("api/"))
        .map(|file| table::stem(file).to_owned())
        .collect();
    table::sort_rows(&mut rows, &api_stems);
    Ok(Table {
        tests_passed,
        rows,
        notes,
    })
}

fn fixture_files(root: &Path) -> Vec<String> {
    fixtures::first_dir(root)
        .as_deref()
        .map(fixtures::json_files)
        .unwrap_or_default()
}

/// Prints the rows whose counts differ between two tables (by name; a row only in one side
/// shows `-` for the other), or that none does.
pub fn print_changes(before: &[table::Row], after: &[table::Row]) {
    let counts = |row: &table::Row| format!("{} / {}", row.passed, row.total);
    let mut changed = Vec::new();
    for row in after {
        match before.iter().find(|old| old.name == row.name) {
            Some(old) if old == row => {}
            Some(old) => changed.push((row.name.clone(), counts(old), counts(row))),
            None => changed.push((row.name.clone(), "-".to_owned(), counts(row))),
        }
    }
    for old in before {
        if !after.iter().any(|row| row.name == old.name) {
            changed.push((old.name.clone(), counts(old), "-".to_owned()));
        }
    }
    if changed.is_empty() {
        println!("conformance table: no row changed");
        return;
    }
    println!("conformance table, rows that changed (before -> after):");
    for (name, old, new) in changed {
        println!("  {name}: {old} -> {new}");
    }
}

/// `Ok(true)` when cargo test passed, some row was collected and every row is at 100%.
fn collect_and_print(root: &Path) -> Result<bool, String> {
    let Table {
        tests_passed,
        rows,
        notes,
    } = collect(root, None)?;
    let fixture_dir = fixtures::first_dir(root);
    let files = fixture_files(root);
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
fn run_wpt_tests(root: &Path, out_file: &Path, fixture_dir: Option<&Path>) -> Result<bool, String> {
    let targets = wpt_test_targets(root);
    if targets.is_empty() {
        eprintln!("no `tests/wpt_*.rs` test target in the workspace yet: nothing to run");
        return Ok(true);
    }
    let mut args = vec![
        "test",
        "--workspace",
        "--no-fail-fast",
        "--features",
        CONFORMANCE_FEATURES,
        "--test",
        "wpt_*",
    ];
    if targets
        .iter()
        .any(|t| t.ends_with(&format!("/{OTHER_SUITES}")))
    {
        args.extend(["--test", OTHER_SUITES]);
    }
    cmd::header(&format!(
        "cargo {}   ({} targets: {})",
        args.iter()
            .map(|a| if a.contains('*') {
                format!("'{a}'")
            } else {
                (*a).to_owned()
            })
            .collect::<Vec<_>>()
            .join(" "),
        targets.len(),
        targets.join(", ")
    ));
    let mut command = cmd::cargo(root, &args);
    command.env("URL_CONFORMANCE_OUT", out_file);
    if let Some(dir) = fixture_dir {
        command.env("URL_WPT_DIR", dir);
    }
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
        println!("\nno fixture directory found (fixtures/wpt, or $URL_WPT_DIR)");
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
/// `<crate>/tests/wpt_*/main.rs`), and [`OTHER_SUITES`], as `crate/name`. Cargo refuses `--test 'wpt_*'` when no target
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
            let stem = name.strip_suffix(".rs").unwrap_or(&name);
            let is_target = (name.starts_with("wpt_") || stem == OTHER_SUITES)
                && ((path.is_file() && name.ends_with(".rs")) || path.join("main.rs").is_file());
            if is_target {
                targets.push(format!("{}/{stem}", krate.file_name().to_string_lossy()));
            }
        }
    }
    targets.sort();
    targets
}
