//! `wurl conform -- CMD ARGS…`: any URL parser, in any language, against the URL Standard.
//!
//! CMD is started once and spoken to through a line protocol (docs/conformance-for-others.md):
//! the web-platform-tests' URL files and, with `--generate N`, N generated requests go through
//! it; every answer is compared with the standard (the fixture, or this project's parser); the
//! report is the conformance table and the divergences grouped into classes, each with its
//! shortest examples, minimized. `wurl conform --serve` is the other side: this project's parser
//! speaking the protocol.
//!
//! Exit status: 0 when every divergence is in the `--known` list, 1 when one is not, 2 when the
//! run stopped (a child that crashed, hung or answered out of protocol; a usage error).

mod cases;
mod child;
mod classes;
mod generate;
mod json_line;
mod protocol;
mod report;
mod run;
mod serve;

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;

use self::cases::Suite;
use self::protocol::Request;
use self::run::{Item, Settings};

/// Runs a URL parser against the URL Standard through a line protocol.
///
/// CMD is started once; it reads one JSON request a line on stdin and writes one JSON answer
/// a line on stdout (docs/conformance-for-others.md in the repository). The web-platform-tests'
/// URL files run through it, and with --generate N, N generated inputs compared with this
/// project's parser. Exit status: 0 when every divergence is in the --known list, 1 when one
/// is not, 2 when the run stopped (the child crashed, hung or broke the protocol).
#[derive(Parser, Debug)]
#[command(name = "wurl conform")]
pub struct Options {
    /// The WPT fixture directory (wpt/url/resources); default: $URL_WPT_DIR, else
    /// fixtures/wpt in the repository around the working directory.
    #[arg(long, value_name = "DIR")]
    pub wpt: Option<PathBuf>,

    /// Do not run the WPT files (generated requests only).
    #[arg(long)]
    pub no_wpt: bool,

    /// Also run N generated requests: the fixtures' inputs and the dataset URLs, mutated.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub generate: usize,

    /// The seed of the generated requests.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// Also ask `validate` (is the input a valid URL string, which validation errors does the
    /// parser report, in order, does it parse) for each input of urltestdata.json, in rows of
    /// their own, and beside each generated parse: for an implementation that reports
    /// validation errors.
    #[arg(long)]
    pub validation: bool,

    /// The URL lists (*.txt) the generated requests start from; default: $URL_DATASETS_DIR,
    /// else fixtures/datasets in the repository around the working directory.
    #[arg(long, value_name = "DIR")]
    pub datasets: Option<PathBuf>,

    /// Divergence classes that do not fail the run: one class name a line (`#` comments).
    #[arg(long, value_name = "FILE")]
    pub known: Option<PathBuf>,

    /// Print the report as one JSON document.
    #[arg(long)]
    pub json: bool,

    /// How long to wait for each answer line, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 10_000)]
    pub timeout_ms: u64,

    /// Requests per batch (each batch ends with an empty line: flush).
    #[arg(long, value_name = "N", default_value_t = 512)]
    pub batch: usize,

    /// Examples kept per divergence class (the shortest).
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub examples: usize,

    /// Show the examples as found, without minimizing them.
    #[arg(long)]
    pub no_minimize: bool,

    /// Be the implementation: answer the protocol on stdin/stdout with this project's parser.
    #[arg(long, conflicts_with = "command")]
    pub serve: bool,

    /// The implementation's command and arguments.
    #[arg(last = true, value_name = "CMD")]
    pub command: Vec<String>,
}

/// `wurl conform ARGS…` (`args` without `wurl conform`).
pub fn main(args: &[String]) -> ExitCode {
    let options = match Options::try_parse_from(
        std::iter::once("wurl conform".to_owned()).chain(args.iter().cloned()),
    ) {
        Ok(options) => options,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    if options.serve {
        return match serve::serve(std::io::stdin().lock(), std::io::stdout().lock()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("wurl conform --serve: {e}");
                ExitCode::from(2)
            }
        };
    }
    match conform(&options) {
        Ok(code) => ExitCode::from(code),
        Err(message) => {
            eprintln!("wurl conform: {message}");
            ExitCode::from(2)
        }
    }
}

/// The run; the exit status.
fn conform(options: &Options) -> Result<u8, String> {
    if options.command.is_empty() {
        return Err("no implementation to run: `wurl conform [OPTIONS] -- CMD ARGS…`".into());
    }
    if options.no_wpt && options.generate == 0 {
        return Err("--no-wpt without --generate N: nothing to run".into());
    }
    let known = read_known(options.known.as_ref())?;
    // The fixtures are the rows, and the seeds of the generated requests.
    let fixtures = cases::fixture_dir(options.wpt.as_deref()).and_then(|dir| cases::load_all(&dir));
    let (mut suites, mut notes) = match fixtures {
        Ok(found) => found,
        Err(_) if options.no_wpt => (Vec::new(), Vec::new()),
        Err(e) => return Err(e),
    };
    let lines = match generate::datasets_dir(options.datasets.as_deref()) {
        _ if options.generate == 0 => Vec::new(),
        Some(dir) => generate::dataset_lines(&dir)?,
        None => {
            notes.push("no datasets: generated requests start from the fixtures only".into());
            Vec::new()
        }
    };
    let seeds: Vec<_> = suites
        .iter()
        .flat_map(|s| s.checks.iter().map(|c| c.request.clone()))
        .collect();
    if options.validation {
        let validate = cases::validation_suites(&suites);
        suites.extend(validate);
    }
    let run_suites: &[Suite] = if options.no_wpt { &[] } else { &suites };
    let extra: Vec<(String, usize)> = if options.generate > 0 {
        let name = format!(
            "generated ({} requests, seed {})",
            options.generate, options.seed
        );
        vec![(name, options.generate)]
    } else {
        Vec::new()
    };
    let rows = run::rows(run_suites, &extra);
    let generated_row = run_suites.len();
    let validation = options.validation;
    let generated = generate::Generator::new(&seeds, &lines, options.seed)
        .take(options.generate)
        .enumerate()
        .flat_map(move |(case, request)| {
            // A generated case is its request and, with --validation, the validation of a
            // parse's input: it passes when both answers are the standard's.
            let validate = match &request {
                Request::Parse { input, base } if validation => Some(Request::Validate {
                    input: input.clone(),
                    base: base.clone(),
                }),
                _ => None,
            };
            std::iter::once(request)
                .chain(validate)
                .map(move |request| Item {
                    row: generated_row,
                    case: u32::try_from(case).unwrap_or(u32::MAX),
                    request,
                    expect: None,
                })
        });
    let child = child::Child::spawn(&options.command, Duration::from_millis(options.timeout_ms))?;
    let started = Instant::now();
    let settings = Settings {
        batch: options.batch,
        examples: options.examples,
        minimize: !options.no_minimize,
    };
    let outcome = run::run(
        child,
        fixture_items(run_suites).chain(generated),
        rows,
        &settings,
    );
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "wurl conform: {} requests in {seconds:.2}s ({:.0} a second)",
        outcome.answered,
        outcome.answered as f64 / seconds.max(1e-9)
    );
    if options.json {
        println!(
            "{:#}",
            report::json(&outcome, &notes, &known, &options.command)
        );
    } else {
        print!("{}", report::text(&outcome, &notes, &known));
    }
    if let Some(error) = &outcome.error {
        eprintln!("wurl conform: {error}");
        return Ok(2);
    }
    let unknown = outcome.classes.keys().any(|name| !known.contains(name));
    Ok(u8::from(unknown))
}

/// Every check of `suites` as an item of its row.
fn fixture_items(suites: &[Suite]) -> impl Iterator<Item = Item> + '_ {
    suites.iter().enumerate().flat_map(|(row, suite)| {
        suite.checks.iter().map(move |check| Item {
            row,
            case: check.case,
            request: check.request.clone(),
            expect: Some(check.expect.clone()),
        })
    })
}

/// The class names of a `--known` file: one a line, blank lines and `#` comments skipped.
fn read_known(path: Option<&PathBuf>) -> Result<BTreeSet<String>, String> {
    let Some(path) = path else {
        return Ok(BTreeSet::new());
    };
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("--known {}: {e}", path.display()))?;
    Ok(text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect())
}
