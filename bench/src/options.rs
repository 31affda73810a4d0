//! The benchmark's command line (`url-bench [--quick] [--budget-ms N] [--min-rounds N]
//! [--workloads] [--urlpattern] [--routes] [FILE ...]`), read by `main` and passed to every table.

use std::path::PathBuf;
use std::time::Duration;

/// What to run and for how long.
pub struct Options {
    pub urlpattern_only: bool,
    /// The route set rows alone (`RouteSet` against matchit).
    pub routes_only: bool,
    pub workloads_only: bool,
    pub budget: Duration,
    pub min_rounds: usize,
    pub files: Vec<PathBuf>,
}

pub fn options() -> Result<Options, String> {
    let mut opts = Options {
        urlpattern_only: false,
        routes_only: false,
        workloads_only: false,
        budget: Duration::from_millis(3000),
        min_rounds: 15,
        files: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--budget-ms" => {
                let v = args.next().ok_or("--budget-ms needs a value")?;
                opts.budget = Duration::from_millis(v.parse().map_err(|_| "bad --budget-ms")?);
            }
            "--urlpattern" => opts.urlpattern_only = true,
            "--routes" => opts.routes_only = true,
            "--workloads" => opts.workloads_only = true,
            "--quick" => {
                opts.budget = Duration::from_millis(400);
                opts.min_rounds = 5;
            }
            "--min-rounds" => {
                let v = args.next().ok_or("--min-rounds needs a value")?;
                opts.min_rounds = v.parse().map_err(|_| "bad --min-rounds")?;
            }
            "-h" | "--help" => {
                return Err(
                    "usage: url-bench [--quick] [--budget-ms N] [--min-rounds N] [--workloads] [--urlpattern] [--routes] [FILE ...]".into(),
                );
            }
            _ => opts.files.push(PathBuf::from(arg)),
        }
    }
    if opts.files.is_empty() {
        // The repository's URL lists, as `test_support::datasets::dir` finds them.
        let dir = std::env::var_os("URL_DATASETS_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| {
                PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/datasets")
            });
        let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map_err(|e| format!("{}: {e}", dir.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        found.sort();
        opts.files = found;
    }
    Ok(opts)
}
