//! `cargo xtask bench [FILE ...] [--quick] [--budget-ms N] [--min-rounds N] [--svg [PATH]]
//! [--baseline REV]`: the side-by-side benchmark against ada and rust-url, its charts and the
//! before/after table (docs/performance.md).
//!
//! Builds the `url-bench` package (`bench/`) in release mode with its `competitors` feature,
//! which is the only place the competitor parsers (`ada-url`, `url`) are compiled, and runs it
//! with the given arguments: without files it reads every `*.txt` of `fixtures/datasets`.
//! The table is printed as Markdown on stdout, and read back into `target/bench/results.json`
//! (`bench/results.rs`); `--svg [PATH]` draws the charts of that run beside PATH
//! (`bench/chart.rs`; default `docs/bench.svg`: `docs/bench-parse.svg`, `-workloads`,
//! `-hostile`), `--svg-from JSON` redraws them from a saved run without measuring, and
//! `--baseline REV` compares this tree with revision REV in one run (`bench/baseline.rs`); the
//! current tree's passes of that run, combined (medians over passes), are saved and drawn the same
//! way, so that one run gives the before/after table, the results and the charts.

mod baseline;
mod chart;
pub mod cli;
mod results;
mod svg;
pub mod weight;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::cmd;

const USAGE: &str = "\
usage: cargo xtask bench [FILE ...] [--quick] [--budget-ms N] [--min-rounds N] [--workloads] [--urlpattern]
                         [--svg [PATH]] [--json PATH] [--svg-from JSON] [--baseline REV [--runs N]] [--python]

  FILE            a file of URLs, one per line, or a dataset's name (`kasztp`; default: every
                  *.txt of fixtures/datasets)
  --quick         short rounds (a first look; noisier)
  --budget-ms N   time budget per dataset and variant (default 3000)
  --min-rounds N  rounds at least (default 15)
  --workloads     the workloads beyond absolute parsing only (relative references, setters,
                  URLSearchParams, parse_with_validation, host-heavy and long-URL sets)
  --urlpattern    the URLPattern section only (whatwg-urlpattern against the urlpattern crate)
  --svg [PATH]    also draw the run as three SVG bar charts beside PATH (default docs/bench.svg:
                  docs/bench-parse.svg, parse ns/URL by dataset and implementation;
                  docs/bench-workloads.svg, the workloads as ratios to ada; docs/bench-hostile.svg,
                  the hostile shapes as ratios to ada on a log scale), with machine, date, commit
  --json PATH     where the run's results go (default target/bench/results.json; always written)
  --svg-from JSON redraw the charts from a saved results file, without running (--svg PATH too)
  --baseline REV  build url-bench at git revision REV in its own target dir
                  (target/bench-baseline), then run it and the current one alternately (--runs N
                  whole runs each, default 3) with the same arguments; prints one table of our
                  rows: medians now and at REV, their ratio, the ratio of each row's own ratio
                  to its reference (ada; steady under load), rows more than 3% slower flagged;
                  the current tree's runs, combined, are saved (--json) and drawn (--svg)
  --same-harness  with --baseline: build REV's libraries under this tree's bench/ (the harness
                  and its measurements as now, so that only the library code differs), not
                  under REV's own
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
    let outcome = plan(root, args).and_then(|plan| {
        if let Some(from) = &plan.svg_from {
            redraw(from, plan.svg.as_deref().unwrap_or(&root.join(DEFAULT_SVG)))
        } else if let Some(rev) = &plan.baseline {
            let target = crate::packages::target_dir(root);
            let records = baseline::run(
                root,
                &target,
                rev,
                plan.same_harness,
                plan.runs,
                &with_datasets(root, plan.passed.clone())?,
            )?;
            let harness = if plan.same_harness {
                " --same-harness"
            } else {
                ""
            };
            let mut args = vec![format!("--baseline {rev}{harness} --runs {}", plan.runs)];
            args.extend(shown_args(&plan.passed));
            save(root, &plan, args, records)
        } else {
            measure(root, &plan)
        }
    });
    cmd::exit(outcome)
}

const DEFAULT_SVG: &str = "docs/bench.svg";

/// The cargo arguments (after `build` or `run`) that make the benchmark binary: release, with
/// the competitors.
const URL_BENCH: [&str; 7] = [
    "--release",
    "--package",
    "url-bench",
    "--features",
    "competitors",
    "--bin",
    "url-bench",
];

/// The arguments: what xtask takes for itself, and what goes on to `url-bench`.
struct Plan {
    svg: Option<PathBuf>,
    json: PathBuf,
    svg_from: Option<PathBuf>,
    baseline: Option<String>,
    /// `--same-harness`: REV's libraries under this tree's `bench/`.
    same_harness: bool,
    runs: usize,
    /// For url-bench, file arguments made absolute (it runs from the workspace root).
    passed: Vec<String>,
}

fn plan(root: &Path, args: &[String]) -> Result<Plan, String> {
    let cwd = std::env::current_dir().unwrap_or_else(|_| root.to_path_buf());
    let absolute = |arg: &str| {
        let path = PathBuf::from(arg);
        if path.is_absolute() {
            path
        } else {
            cwd.join(path)
        }
    };
    let mut plan = Plan {
        svg: None,
        json: crate::packages::target_dir(root)
            .join("bench")
            .join("results.json"),
        svg_from: None,
        baseline: None,
        same_harness: false,
        runs: 3,
        passed: Vec::with_capacity(args.len()),
    };
    let mut args = args.iter().peekable();
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--svg" => {
                plan.svg = Some(match args.next_if(|a| a.ends_with(".svg")) {
                    Some(path) => absolute(path),
                    None => root.join(DEFAULT_SVG),
                });
            }
            "--json" => plan.json = absolute(value()?),
            "--svg-from" => plan.svg_from = Some(absolute(value()?)),
            "--baseline" => plan.baseline = Some(value()?.clone()),
            "--same-harness" => plan.same_harness = true,
            "--runs" => {
                let runs = value()?;
                plan.runs = runs.parse().map_err(|_| format!("bad --runs {runs}"))?;
            }
            "--budget-ms" | "--min-rounds" => {
                let v = value()?.clone();
                plan.passed.extend([arg.clone(), v]);
            }
            flag if flag.starts_with("--") => plan.passed.push(arg.clone()),
            file => plan.passed.push(
                dataset_or(root, absolute(file), file)
                    .to_string_lossy()
                    .into_owned(),
            ),
        }
    }
    Ok(plan)
}

/// `path` when it exists, else the dataset of `fixtures/datasets` that `arg` names (`kasztp` or
/// `kasztp.txt`), else `path` (for url-bench to report as missing).
fn dataset_or(root: &Path, path: PathBuf, arg: &str) -> PathBuf {
    if path.exists() {
        return path;
    }
    let datasets =
        crate::fixtures::datasets_dir(root).unwrap_or_else(|| root.join(crate::fixtures::DATASETS));
    [arg.to_owned(), format!("{arg}.txt")]
        .into_iter()
        .map(|name| datasets.join(name))
        .find(|p| p.is_file())
        .unwrap_or(path)
}

/// The arguments with the default datasets added when no file was given (an older revision's
/// binary, built elsewhere, would not find them by itself).
fn with_datasets(root: &Path, passed: Vec<String>) -> Result<Vec<String>, String> {
    if passed
        .iter()
        .any(|a| !a.starts_with("--") && Path::new(a).is_absolute())
    {
        return Ok(passed);
    }
    let dir =
        crate::fixtures::datasets_dir(root).unwrap_or_else(|| root.join(crate::fixtures::DATASETS));
    let mut found: Vec<String> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    found.sort();
    Ok(passed.into_iter().chain(found).collect())
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    eprintln!("wrote {}", path.display());
    Ok(())
}

fn redraw(json: &Path, svg: &Path) -> Result<bool, String> {
    let text = std::fs::read_to_string(json).map_err(|e| format!("{}: {e}", json.display()))?;
    let run = results::from_json(&text)?;
    for (path, chart) in chart::files(&run, svg) {
        write(&path, &chart)?;
    }
    Ok(true)
}

/// One benchmark run: its tables on stdout as they come, then the JSON, then the chart.
fn measure(root: &Path, plan: &Plan) -> Result<bool, String> {
    cmd::header("cargo run --release -p url-bench --features competitors --bin url-bench");
    let mut command = cmd::cargo(root, &["run"]);
    command.args(URL_BENCH).arg("--");
    command.args(&plan.passed);
    let mut output = String::new();
    let ok = cmd::run_reading_stdout(&mut command, |line| {
        println!("{line}");
        output.push_str(line);
        output.push('\n');
    })?;
    if !ok {
        return Ok(false);
    }
    save(
        root,
        plan,
        shown_args(&plan.passed),
        results::parse_markdown(&output),
    )
}

/// The arguments as a user would repeat them: dataset paths by file name.
fn shown_args(passed: &[String]) -> Vec<String> {
    passed
        .iter()
        .map(|a| match Path::new(a).file_name() {
            Some(name) if Path::new(a).is_absolute() => name.to_string_lossy().into_owned(),
            _ => a.clone(),
        })
        .collect()
}

/// A run's records as `target/bench/results.json` (or `--json`), and its chart with `--svg`.
fn save(
    root: &Path,
    plan: &Plan,
    args: Vec<String>,
    records: Vec<results::Record>,
) -> Result<bool, String> {
    let run = results::Run {
        machine: results::machine(root),
        args,
        records,
    };
    write(&plan.json, &results::to_json(&run))?;
    if let Some(svg) = &plan.svg {
        for (path, chart) in chart::files(&run, svg) {
            write(&path, &chart)?;
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|a| (*a).to_owned()).collect()
    }

    #[test]
    fn a_dataset_by_name() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let missing = root.join("no-such-file");
        assert_eq!(dataset_or(&root, missing.clone(), "no-such-file"), missing);
        for name in ["kasztp", "kasztp.txt"] {
            let found = dataset_or(&root, root.join(name), name);
            assert!(
                found.ends_with("datasets/kasztp.txt"),
                "{}",
                found.display()
            );
        }
    }

    #[test]
    fn plans_what_xtask_takes_and_what_goes_on() {
        let root = Path::new("/r");
        let plan = plan(
            root,
            &args(&["--svg", "--quick", "/a.txt", "--budget-ms", "9"]),
        );
        let plan = plan.expect("valid arguments");
        assert_eq!(plan.svg, Some(root.join(DEFAULT_SVG)));
        assert_eq!(
            plan.passed,
            args(&["--quick", "/a.txt", "--budget-ms", "9"])
        );
        assert_eq!(
            (plan.baseline, plan.runs, plan.same_harness),
            (None, 3, false)
        );

        let plan = super::plan(root, &args(&["--svg", "/o/c.svg", "--baseline", "HEAD~1"]));
        let plan = plan.expect("valid arguments");
        assert_eq!(plan.svg, Some(PathBuf::from("/o/c.svg")));
        assert_eq!(plan.baseline.as_deref(), Some("HEAD~1"));
        assert!(!plan.same_harness);
        assert!(plan.passed.is_empty());

        let plan = super::plan(root, &args(&["--baseline", "HEAD~1", "--same-harness"]));
        let plan = plan.expect("valid arguments");
        assert!(plan.same_harness);
        assert!(plan.passed.is_empty(), "xtask's own flag, not url-bench's");

        assert!(super::plan(root, &args(&["--runs", "x"])).is_err());
        assert!(super::plan(root, &args(&["--baseline"])).is_err());
    }
}
