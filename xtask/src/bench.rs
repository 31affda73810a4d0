//! `cargo xtask bench [FILE ...] [--quick] [--budget-ms N] [--min-rounds N]`: the side-by-side
//! benchmark of issue 6.
//!
//! Builds the `url-bench` package (`bench/`) in release mode with its `competitors` feature,
//! which is the only place the competitor parsers (`ada-url`, `url`) are compiled, and runs it
//! with the given arguments: without files it reads every `*.txt` of `../shared/datasets`.
//! The table is printed as Markdown on stdout.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::cmd;

const USAGE: &str = "\
usage: cargo xtask bench [FILE ...] [--quick] [--budget-ms N] [--min-rounds N] [--workloads] [--urlpattern] [--python]

  FILE            a file of URLs, one per line (default: every *.txt of ../shared/datasets)
  --quick         short rounds (a first look; noisier)
  --budget-ms N   time budget per dataset and variant (default 3000)
  --min-rounds N  rounds at least (default 15)
  --workloads     the workloads beyond absolute parsing only (relative references, setters,
                  URLSearchParams, parse_with_validation, host-heavy and long-URL sets)
  --urlpattern    the URLPattern section only (whatwg-urlpattern against the urlpattern crate)
  --python        the Python section only: the wheel (cargo xtask python --wheel) installed in
                  target/py, python/bench/bench.py (whatwg-url-rs against ada-url, can-ada, yarl
                  and urllib.parse; the batch kernels), then python/bench/spark_bench.py (the
                  Spark job's rows/s, workers in target/py and in a fresh environment holding
                  only the wheel and pyarrow); the arguments after it go to bench.py";

pub fn run(root: &Path, args: &[String]) -> ExitCode {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    if let Some(at) = args.iter().position(|a| a == "--python") {
        return crate::python::bench(root, args.get(at + 1..).unwrap_or_default());
    }
    // The benchmark runs from the workspace root: make file arguments absolute first.
    let cwd = std::env::current_dir().unwrap_or_else(|_| root.to_path_buf());
    let mut passed: Vec<String> = Vec::with_capacity(args.len());
    let mut takes_value = false;
    for arg in args {
        if takes_value || arg.starts_with("--") {
            takes_value = matches!(arg.as_str(), "--budget-ms" | "--min-rounds");
            passed.push(arg.clone());
        } else {
            let path = PathBuf::from(arg);
            let path = if path.is_absolute() {
                path
            } else {
                cwd.join(path)
            };
            passed.push(path.to_string_lossy().into_owned());
        }
    }
    cmd::header("cargo run --release -p url-bench --features competitors --bin url-bench");
    let mut command = cmd::cargo(
        root,
        &[
            "run",
            "--release",
            "--package",
            "url-bench",
            "--features",
            "competitors",
            "--bin",
            "url-bench",
            "--",
        ],
    );
    command.args(&passed);
    match cmd::run(&mut command) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
