//! What is printed: each input's [`Outcome`] (computed by the workers), written in input order
//! by the [`Writer`], which also keeps `--unique`'s memory and the counts of `--stats` and
//! `--bench`.

use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;
use std::io::{self, IsTerminal, Write};
use std::time::Duration;

use serde_json::{Value, json};
use whatwg_url::{ReportedError, Url};

use crate::Cli;

/// unfurl's extraction modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// The hostname.
    Domains,
    /// The registrable domain (the public suffix and one more label).
    Apexes,
    /// The pathname.
    Paths,
    /// Each query name.
    Keys,
    /// Each query value.
    Values,
    /// Each query pair as `name=value` (decoded).
    Keypairs,
}

/// What one input gave.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Lines for stdout.
    pub lines: Vec<String>,
    /// Text for stderr.
    pub stderr: String,
    /// Whether the input parsed (and its edits applied).
    pub ok: bool,
    /// The validation errors' names.
    pub error_names: Vec<&'static str>,
    /// Why it failed, when it did.
    pub failure: Option<String>,
    /// Its size in bytes, with its line ending.
    pub bytes: usize,
    /// The line was not UTF-8.
    pub not_utf8: bool,
}

impl Outcome {
    /// A line that is not UTF-8, with the message for stderr.
    pub fn not_utf8(message: String) -> Outcome {
        Outcome {
            stderr: message,
            not_utf8: true,
            ..Outcome::default()
        }
    }
}

/// The lines of `mode` (the href without one) for `url`.
pub fn mode_lines(url: &Url, mode: Option<Mode>, lines: &mut Vec<String>) {
    match mode {
        None => lines.push(url.href().to_owned()),
        Some(Mode::Domains) => lines.push(url.hostname().to_owned()),
        Some(Mode::Apexes) => lines.extend(url.registrable_domain().map(str::to_owned)),
        Some(Mode::Paths) => lines.push(url.pathname().to_owned()),
        Some(mode) => {
            for (name, value) in url.search_params().iter() {
                lines.push(match mode {
                    Mode::Keys => name.to_owned(),
                    Mode::Values => value.to_owned(),
                    _ => format!("{name}={value}"),
                });
            }
        }
    }
}

/// Writes outcomes in order and counts them.
pub struct Writer<W: Write> {
    out: W,
    seen: Option<HashSet<String>>,
    quiet: bool,
    inputs: u64,
    parsed: u64,
    not_utf8: u64,
    bytes: u64,
    failures: BTreeMap<String, u64>,
    errors: BTreeMap<&'static str, u64>,
}

impl<W: Write> Writer<W> {
    /// A writer to `out` with `cli`'s choices.
    pub fn new(out: W, cli: &Cli) -> Self {
        Writer {
            out,
            seen: cli.unique.then(HashSet::new),
            quiet: cli.bench,
            inputs: 0,
            parsed: 0,
            not_utf8: 0,
            bytes: 0,
            failures: BTreeMap::new(),
            errors: BTreeMap::new(),
        }
    }

    /// Prints one outcome (stdout lines, unless `--unique` has seen them; then stderr).
    pub fn write(&mut self, outcome: Outcome) -> io::Result<()> {
        if !outcome.stderr.is_empty() {
            self.out.flush()?;
            io::stderr().write_all(outcome.stderr.as_bytes())?;
        }
        if outcome.not_utf8 {
            self.not_utf8 += 1;
            return Ok(());
        }
        self.inputs += 1;
        self.bytes += outcome.bytes as u64;
        self.parsed += u64::from(outcome.ok);
        for name in outcome.error_names {
            *self.errors.entry(name).or_default() += 1;
        }
        if let Some(failure) = outcome.failure {
            *self.failures.entry(failure_kind(&failure)).or_default() += 1;
        }
        if self.quiet {
            return Ok(());
        }
        for line in outcome.lines {
            if let Some(seen) = &mut self.seen
                && !seen.insert(line.clone())
            {
                continue;
            }
            self.out.write_all(line.as_bytes())?;
            self.out.write_all(b"\n")?;
        }
        Ok(())
    }

    /// Flushes, prints `--stats` / `--bench` on stderr; `Ok(true)` when every input parsed.
    pub fn finish(&mut self, cli: &Cli, elapsed: Duration) -> io::Result<bool> {
        self.out.flush()?;
        let mut report = String::new();
        if cli.bench {
            let secs = elapsed.as_secs_f64();
            let per_url = if self.inputs > 0 {
                elapsed.as_nanos() as f64 / self.inputs as f64
            } else {
                0.0
            };
            let _ = writeln!(
                report,
                "lines: {}  bytes: {}  time: {secs:.3} s  per URL: {per_url:.1} ns  throughput: {:.1} MB/s  parsed: {}  failed: {}",
                self.inputs,
                self.bytes,
                self.bytes as f64 / 1e6 / secs.max(1e-9),
                self.parsed,
                self.inputs - self.parsed,
            );
        }
        if cli.stats {
            let _ = writeln!(
                report,
                "inputs: {}  parsed: {}  failed: {}  not UTF-8: {}",
                self.inputs,
                self.parsed,
                self.inputs - self.parsed,
                self.not_utf8
            );
            for (title, counts) in [
                (
                    "failures",
                    self.failures
                        .iter()
                        .map(|(k, v)| (k.as_str(), *v))
                        .collect::<Vec<_>>(),
                ),
                (
                    "validation errors",
                    self.errors.iter().map(|(k, v)| (*k, *v)).collect(),
                ),
            ] {
                if counts.is_empty() {
                    continue;
                }
                let _ = writeln!(report, "{title}:");
                let mut counts = counts;
                counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
                for (name, count) in counts {
                    let _ = writeln!(report, "  {count:>10}  {name}");
                }
            }
        }
        io::stderr().write_all(report.as_bytes())?;
        Ok(self.parsed == self.inputs && self.not_utf8 == 0)
    }
}

/// A failure message without its offset, so that equal reasons count together.
fn failure_kind(failure: &str) -> String {
    match failure.rsplit_once(" at byte ") {
        Some((kind, offset)) if offset.bytes().all(|b| b.is_ascii_digit()) => kind.to_owned(),
        _ => failure.to_owned(),
    }
}

/// One JSON object: the input, every component (or the failure), the validation errors.
pub fn json_record(input: &str, parsed: &Result<Url, String>, errors: &[ReportedError]) -> Value {
    let errors: Vec<Value> = errors
        .iter()
        .map(|e| json!({ "name": e.name(), "offset": e.offset() }))
        .collect();
    match parsed {
        Ok(url) => json!({
            "input": input,
            "href": url.href(),
            "origin": url.origin(),
            "protocol": url.protocol(),
            "username": url.username(),
            "password": url.password(),
            "host": url.host(),
            "hostname": url.hostname(),
            "port": url.port(),
            "pathname": url.pathname(),
            "search": url.search(),
            "hash": url.hash(),
            "query": url.query(),
            "fragment": url.fragment(),
            "validation_errors": errors,
            "failure": Value::Null,
        }),
        Err(failure) => json!({
            "input": input,
            "validation_errors": errors,
            "failure": failure,
        }),
    }
}

/// `--explain`: each validation error of `input`, with a caret under its byte, for stderr.
pub fn explain(
    input: &str,
    errors: &[ReportedError],
    failure: Option<&whatwg_url::ParseError>,
) -> String {
    let mut text = String::new();
    if errors.is_empty() {
        return text;
    }
    let color =
        io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let (on, off) = if color {
        ("\x1b[1;31m", "\x1b[0m")
    } else {
        ("", "")
    };
    let shown: String = input
        .chars()
        .map(|c| if c.is_control() { '·' } else { c })
        .collect();
    let _ = writeln!(text, "{shown}");
    for e in errors {
        // The caret goes under the character at the byte offset (the end when it is past it).
        let column = input
            .char_indices()
            .take_while(|&(i, _)| i < e.offset())
            .count();
        let fails =
            failure.is_some_and(|f| matches!(f, whatwg_url::ParseError::Invalid(r) if r == e));
        let _ = writeln!(
            text,
            "{:column$}{on}^{off} {}{} (byte {})",
            "",
            e.name(),
            if fails { ", failure" } else { "" },
            e.offset(),
        );
    }
    text
}
