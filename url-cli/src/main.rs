//! `wurl`: URLs in bulk at the shell, parsed as browsers parse them (the WHATWG URL Standard).
//!
//! Reads URLs from arguments, files or stdin (one per line), and for each one prints its
//! normalized href, a template of its components, a JSON record, or what unfurl-style modes
//! extract; edits them through the standard's setters; filters and explains invalid ones.
//! Exit status: 0 when every input parsed, 1 when some did not (or a line was not UTF-8), 2 on
//! a usage error.

mod edit;
mod input;
mod output;
mod template;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::Parser;
use whatwg_url::Url;

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
    /// keys (query names), values (query values), keypairs (query `name=value`).
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
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
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

/// Runs `cli` over its inputs; `Ok(true)` when every input parsed (and every line was UTF-8).
fn run(cli: &Cli) -> Result<bool, String> {
    let edits = edit::Edits::from_cli(cli)?;
    let template = cli
        .get
        .as_deref()
        .map(template::Template::parse)
        .transpose()?;
    let base = match &cli.base {
        Some(base) => Some(Url::parse(base, None).map_err(|e| format!("--base {base:?}: {e}"))?),
        None => None,
    };
    let stdout = io::stdout();
    let mut out = output::Output::new(BufWriter::new(stdout.lock()), cli, template);
    let mut all_ok = true;
    let mut handle = |line: Line| -> io::Result<()> {
        match line {
            Line::Text(text) => {
                all_ok &= process(cli, &edits, base.as_ref(), &text, &mut out)?;
            }
            Line::NotUtf8 {
                number,
                source,
                valid_up_to,
            } => {
                all_ok = false;
                eprintln!(
                    "wurl: {source}:{number}: not UTF-8 (invalid byte at offset {valid_up_to}); line skipped"
                );
            }
        }
        Ok(())
    };
    let result = if cli.urls.is_empty() {
        input::each_line(&cli.files, &mut handle)
    } else {
        cli.urls
            .iter()
            .try_for_each(|url| handle(Line::Text(url.clone())))
    };
    match result.and_then(|()| out.flush()) {
        Ok(()) => Ok(all_ok),
        // A closed pipe (`wurl … | head`) ends the run quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(all_ok),
        Err(e) => Err(e.to_string()),
    }
}

/// One input: parse (against the base), edit, filter, print. `Ok(false)` when it does not
/// parse.
fn process<W: Write>(
    cli: &Cli,
    edits: &edit::Edits,
    base: Option<&Url>,
    text: &str,
    out: &mut output::Output<W>,
) -> io::Result<bool> {
    let base_href = base.map(Url::href);
    let (parsed, errors) = Url::parse_with_validation(text, base_href);
    if cli.explain {
        output::explain(text, &errors, parsed.as_ref().err());
    }
    let parsed = parsed
        .map_err(|e| e.to_string())
        .and_then(|url| edits.apply(url));
    let ok = parsed.is_ok();
    let strictly_invalid = cli.strict && !errors.is_empty();
    let passes = if cli.valid {
        ok && !strictly_invalid
    } else if cli.invalid {
        !ok || strictly_invalid
    } else {
        true
    };
    if passes {
        match &parsed {
            _ if cli.json => out.record(text, &parsed, &errors)?,
            _ if cli.invalid => out.raw(text)?,
            Ok(_) => out.record(text, &parsed, &errors)?,
            // Stdout keeps results; why an input failed goes to stderr.
            Err(e) => eprintln!("wurl: {text:?}: {e}"),
        }
    }
    Ok(parsed.is_ok())
}
