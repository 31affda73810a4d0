//! `cargo xtask`: the workspace's task runner (fixtures, the conformance table, the full test run).
//!
//! Plain `std` and `serde_json` (for cargo's JSON and saved benchmark runs). Run `cargo xtask help` for the commands; `.cargo/config.toml`
//! defines the `xtask` alias as `run --package xtask --`.

// Rooms by job: benchmarks, checks on structure, compatibility, the conformance table,
// fuzzing, packaging (and python/, the Python package). At the top: what they share (commands,
// the package list and target directory, test output, fixtures, disk room) and `test`, the one
// command that runs them all.
mod bench;
mod checks;
mod cmd;
mod compat;
mod conformance;
mod disk;
mod docs;
mod fixtures;
mod fuzz;
mod libtest;
mod package;
mod packages;
mod python;
mod system;
mod test;
mod tree;
mod usage;
mod wpt_update;

use checks::{artifacts, cycles, duplicates};
use package::{beside_url, msrv};

use usage::USAGE;

use std::path::{Path, PathBuf};

pub(crate) use packages::workspace_root;
use std::process::ExitCode;

/// The usage text, with the pinned web-platform-tests commit.
fn usage() -> String {
    format!(
        "{USAGE}Pinned web-platform-tests commit: {}\n",
        fixtures::WPT_COMMIT
    )
}

/// `cargo xtask unicode-table`: writes `test-support/src/unicode_assigned.rs` (the code points
/// assigned in the IDNA fixtures' Unicode version) from the ICU4X data the host layer uses. The
/// generator is `whatwg-host`'s test `table_file_is_what_the_generator_writes`, which checks the
/// file on every `cargo test` and writes it when told where: one generator for both.
fn unicode_table(root: &Path) -> ExitCode {
    let file = root.join("test-support/src/unicode_assigned.rs");
    let mut write = cmd::cargo(
        root,
        &[
            "test",
            "-p",
            "whatwg-host",
            "--test",
            "unicode_versions",
            "table_file_is_what_the_generator_writes",
        ],
    );
    write.env("WHATWG_URL_WRITE_UNICODE_TABLE", &file);
    let outcome = cmd::run(&mut write);
    if matches!(outcome, Ok(true)) {
        println!("wrote {}", file.display());
    }
    cmd::exit(outcome)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = workspace_root();
    let Some((command, rest)) = args.split_first() else {
        eprint!("{}", usage());
        return ExitCode::from(2);
    };
    match command.as_str() {
        "help" | "-h" | "--help" => {
            print!("{}", usage());
            ExitCode::SUCCESS
        }
        "conformance" => conformance::run(&root, rest),
        "test" => no_options(command, rest).unwrap_or_else(|| test::run(&root)),
        "wpt-update" => wpt_update::run(&root, rest),
        "unicode-table" => no_options(command, rest).unwrap_or_else(|| unicode_table(&root)),
        "bench" => bench::run(&root, rest),
        "cli-bench" => bench::cli::run(&root, rest),
        "fuzz" => fuzz::run(&root, rest),
        "compat" => compat(&root, rest),
        "beside-url" => beside_url::run(&root, rest),
        "msrv" => msrv::run(&root, rest),
        "package-check" => package::run(&root, rest),
        "weight" => bench::weight::run(&root, rest),
        "duplicates" => duplicates::run(&root, rest),
        "python" => python::run(&root, rest),
        "simd" => fuzz::simd::run(&root, rest),
        "docs" => docs::run(&root, rest),
        "cycles" => no_options(command, rest).unwrap_or_else(|| cmd::exit(cycles::check(&root))),
        "artifacts" => {
            no_options(command, rest).unwrap_or_else(|| cmd::exit(artifacts::check(&root)))
        }
        other => {
            eprintln!("error: unknown command `{other}`\n");
            eprint!("{}", usage());
            ExitCode::from(2)
        }
    }
}

/// `cargo xtask compat [--downstream [--facade DIR] [CRATE ...] | --trees [TREE ...]]`.
fn compat(root: &Path, rest: &[String]) -> ExitCode {
    let Some((first, rest)) = rest.split_first() else {
        return compat::run(root);
    };
    if first == "--trees" {
        return compat::trees::run(root, rest);
    }
    if first != "--downstream" {
        eprintln!("error: `cargo xtask compat` takes --downstream or --trees (got `{first}`)");
        return ExitCode::from(2);
    }
    let mut facade = root.join("url-compat");
    let mut only = Vec::new();
    let mut args = rest.iter();
    while let Some(arg) = args.next() {
        if arg == "--facade" {
            let Some(dir) = args.next() else {
                eprintln!("error: --facade needs a folder");
                return ExitCode::from(2);
            };
            facade = PathBuf::from(dir);
        } else if arg.starts_with('-') {
            eprintln!("error: unknown option `{arg}` of `cargo xtask compat --downstream`");
            return ExitCode::from(2);
        } else {
            only.push(arg.clone());
        }
    }
    if only.is_empty() {
        compat::downstream::run(root, &facade)
    } else {
        compat::downstream::run_only(root, &facade, &only)
    }
}

/// `Some(exit code 2)` when a command that takes no options was given some.
fn no_options(command: &str, rest: &[String]) -> Option<ExitCode> {
    if rest.is_empty() {
        return None;
    }
    eprintln!(
        "error: `cargo xtask {command}` takes no options (got `{}`)",
        rest.join(" ")
    );
    Some(ExitCode::from(2))
}
