//! `wurl`: URLs in bulk at the shell, parsed as browsers parse them (the WHATWG URL Standard).
//!
//! Reads URLs from arguments, files or stdin (one per line), and for each one prints its
//! normalized href, a template of its components, a JSON record, or what unfurl-style modes
//! extract; edits them through the standard's setters; filters and explains invalid ones.
//! Exit status: 0 when every input parsed, 1 when some did not (or a line was not UTF-8), 2 on
//! a usage error.

mod edit;
mod input;
mod job;
mod output;
mod pipeline;
mod template;

use std::io::{self, BufWriter};
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;

use crate::input::Line;

/// URLs in bulk, parsed as browsers parse them (the WHATWG URL Standard).
///
/// Input: the URL arguments, else each FILE given with --file (`-` for stdin), else stdin; one
/// URL per line (a byte-order mark, CR before LF and blank lines are skipped).
///
/// Exit status: 0 when every input parsed, 1 when some did not or a line was not UTF-8,
/// 2 on a usage error.
#[derive(Parser, Debug)]
#[command(name = "wurl", version, about, long_about)]
pub struct Cli {
    /// URLs to process (none: read --file, else stdin).
    pub urls: Vec<String>,

    /// Read URLs from FILE, one per line (`-` for stdin). May be given more than once.
    #[arg(short, long = "file", value_name = "FILE")]
    pub files: Vec<String>,

    /// Resolve each input against this base URL.
    #[arg(short, long, value_name = "URL")]
    pub base: Option<String>,

    /// Print this template for each URL: `{href}`, `{protocol}`, `{username}`, `{password}`,
    /// `{host}`, `{hostname}`, `{port}`, `{pathname}`, `{search}`, `{hash}`, `{origin}`,
    /// `{scheme}`, `{query}`, `{fragment}`, `{registrable_domain}`, `{public_suffix}`,
    /// `{subdomain}`, `{display}`, `{query:KEY}` (its first value, decoded), `{query-all:KEY}`
    /// (every value, space-separated), `{{` and `}}` for braces.
    #[arg(short, long, value_name = "TEMPLATE", conflicts_with_all = ["json", "mode"])]
    pub get: Option<String>,

    /// Print one JSON object per input: every component, the validation errors (name and byte
    /// offset), and the failure when the input does not parse.
    #[arg(long, conflicts_with = "mode")]
    pub json: bool,

    /// Extract, as unfurl does: domains (hostnames), apexes (registrable domains), paths,
    /// keys (query names), values (query values), keypairs (query `name=value`). As in unfurl,
    /// the mode may also be the first argument: `wurl domains < urls.txt`.
    #[arg(short, long, value_enum)]
    pub mode: Option<output::Mode>,

    /// Print each output line once (first occurrence order).
    #[arg(short, long)]
    pub unique: bool,

    /// Set a component through the standard's setter, e.g. `--set pathname=/x`, `--set port=`.
    /// Components: href, protocol, username, password, host, hostname, port, pathname, search,
    /// hash. Applied in order.
    #[arg(short, long = "set", value_name = "COMPONENT=VALUE")]
    pub sets: Vec<String>,

    /// Append to a component: `path=SEGMENT` (a path segment, percent-encoded) or
    /// `query=NAME=VALUE` (a query pair, form-encoded).
    #[arg(short, long = "append", value_name = "path=…|query=…")]
    pub appends: Vec<String>,

    /// Make one URL per value: `--iterate "port=80 8080"`; several --iterate give every
    /// combination (as trurl).
    #[arg(long = "iterate", value_name = "COMPONENT=VALUES")]
    pub iterates: Vec<String>,

    /// Remove query pairs whose name matches GLOB (`*` any run, `?` one character).
    #[arg(long = "qtrim", value_name = "GLOB")]
    pub qtrims: Vec<String>,

    /// Sort the query pairs by name (stable; URLSearchParams' `sort`).
    #[arg(long)]
    pub sort_query: bool,

    /// Resolve RELATIVE against each input and continue with the result.
    #[arg(long, value_name = "RELATIVE")]
    pub redirect: Option<String>,

    /// Print only the inputs that parse.
    #[arg(long, conflicts_with = "invalid")]
    pub valid: bool,

    /// Print only the inputs that do not parse (as given).
    #[arg(long)]
    pub invalid: bool,

    /// With --valid or --invalid: valid means a valid URL string (spec 4.3: no validation
    /// error), not merely one that parses.
    #[arg(long)]
    pub strict: bool,

    /// Print each validation error on stderr, with a caret under the bytes it is about.
    #[arg(long)]
    pub explain: bool,

    /// At the end, print on stderr how many inputs parsed, and the counts per failure and per
    /// validation error.
    #[arg(long)]
    pub stats: bool,

    /// Parse only, print nothing per input, and report on stderr: lines, bytes, time, ns per
    /// URL, MB/s (like adaparse's `-b`).
    #[arg(long, conflicts_with_all = ["get", "json", "mode", "valid", "invalid", "explain"])]
    pub bench: bool,

    /// Worker threads (default: the number of cores). Output stays in input order.
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<usize>,

    /// No progress bar (one is shown on stderr for files of 64 MiB or more when stderr is a
    /// terminal).
    #[arg(long)]
    pub no_progress: bool,

    /// Print a completion script for SHELL (bash, zsh, fish, elvish, powershell) and exit.
    #[arg(long, value_name = "SHELL", exclusive = true)]
    pub completions: Option<clap_complete::Shell>,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli.with_mode_word(),
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match run(&cli) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(message) => {
            eprintln!("wurl: {message}");
            ExitCode::from(2)
        }
    }
}

impl Cli {
    /// unfurl's form, `wurl domains < urls.txt`: a first argument that names a mode (and is
    /// no URL) is the mode, when `--mode` is not given.
    fn with_mode_word(mut self) -> Cli {
        if self.mode.is_none()
            && let Some(first) = self.urls.first()
            && let Ok(mode) = <output::Mode as clap::ValueEnum>::from_str(first, false)
        {
            self.mode = Some(mode);
            self.urls.remove(0);
        }
        self
    }
}

/// Runs `cli` over its inputs; `Ok(true)` when every input parsed (and every line was UTF-8).
fn run(cli: &Cli) -> Result<bool, String> {
    if let Some(shell) = cli.completions {
        let mut command = <Cli as clap::CommandFactory>::command();
        clap_complete::generate(shell, &mut command, "wurl", &mut io::stdout());
        return Ok(true);
    }
    let job = job::Job::new(cli)?;
    let threads = cli
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get));
    let stdout = io::stdout();
    let mut writer = output::Writer::new(BufWriter::new(stdout.lock()), cli);
    let started = Instant::now();
    let result = if cli.urls.is_empty() {
        pipeline::run(&cli.files, &job, cli.unique, threads, &mut writer)
    } else {
        let mut out = output::BlockOut::new(cli.unique);
        for url in &cli.urls {
            job.evaluate(&Line::Text(url), &mut out);
        }
        writer.write(out)
    };
    let result = result.and_then(|()| writer.finish(cli, started.elapsed()));
    match result {
        Ok(all_ok) => Ok(all_ok),
        // A closed pipe (`wurl … | head`) ends the run quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(true),
        Err(e) => Err(e.to_string()),
    }
}
