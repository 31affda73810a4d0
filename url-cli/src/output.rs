//! What is printed: each block's [`BlockOut`] (filled by a worker), written in input order by
//! the [`Writer`], which also keeps `--unique`'s memory and the counts of `--stats` and
//! `--bench`.

use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;
use std::io::{self, IsTerminal, Write};
use std::time::Duration;

use serde_json::{Map, Value, json};
use whatwg_url::{Component, ReportedError, Url};

use crate::buffers;
use crate::cli::{Cli, Mode};
use crate::forms::Forms;
use crate::query::Separator;

/// What a run of inputs gave (a block's, filled by one worker): its output and its counts.
#[derive(Debug, Default)]
pub struct BlockOut {
    /// Output for stdout, lines ended by `\n` (without `--unique`).
    stdout: Vec<u8>,
    /// Output lines (with `--unique`, which the writer applies in input order).
    lines: Option<Vec<String>>,
    /// Text for stderr.
    pub stderr: String,
    /// Inputs seen (UTF-8 lines).
    pub inputs: u64,
    /// Inputs that parsed (and whose edits applied).
    pub parsed: u64,
    /// Lines that were not UTF-8.
    pub not_utf8: u64,
    /// Bytes of the inputs, with a line ending each.
    pub bytes: u64,
    /// Failures by kind.
    pub failures: BTreeMap<String, u64>,
    /// Validation errors by name.
    pub errors: BTreeMap<&'static str, u64>,
    /// `--verify` stopped at an input of this block: nothing after it is evaluated.
    pub stopped: bool,
    /// The URL that `--bench` and the plain path (`Job::evaluate`) parse each input into: one
    /// buffer for the block, not one allocation per input.
    pub scratch: Url,
}

impl BlockOut {
    /// An empty accumulator; with `unique`, lines are kept apart for the writer's filter.
    pub fn new(unique: bool) -> BlockOut {
        BlockOut {
            lines: unique.then(Vec::new),
            ..BlockOut::default()
        }
    }

    /// Room for `bytes` of stdout (without `--unique`), in a buffer an earlier block left.
    pub fn reserve(&mut self, bytes: usize) {
        if self.lines.is_none() && self.stdout.is_empty() {
            self.stdout = buffers::take(bytes);
        }
    }

    /// One line for stdout.
    pub fn line(&mut self, line: &str) {
        match &mut self.lines {
            Some(lines) => lines.push(line.to_owned()),
            None => {
                self.stdout.extend_from_slice(line.as_bytes());
                self.stdout.push(b'\n');
            }
        }
    }

    /// Counts a failure (its kind: the message without its offset).
    pub fn failure(&mut self, failure: &str) {
        *self.failures.entry(failure_kind(failure)).or_default() += 1;
    }
}

/// The lines of `mode` (the href without one) for `url`, in `forms`, query pairs split at
/// `separator`.
pub fn mode_lines(
    url: &Url,
    mode: Option<Mode>,
    forms: &Forms,
    separator: Separator,
    out: &mut BlockOut,
) {
    match mode {
        None if forms.is_plain() => out.line(url.href()),
        None => out.line(&forms.href(url)),
        Some(Mode::Domains) => out.line(&forms.hostname(url)),
        Some(Mode::Apexes) => {
            if let Some(apex) = url.registrable_domain() {
                out.line(apex);
            }
        }
        Some(Mode::Paths) => out.line(url.pathname()),
        Some(mode) => {
            for (name, value) in separator.params(url).iter() {
                match mode {
                    Mode::Keys => out.line(name),
                    Mode::Values => out.line(value),
                    _ => out.line(&format!("{name}={value}")),
                }
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
    progress: Option<indicatif::ProgressBar>,
    /// `--verify` stopped the run.
    pub stopped: bool,
}

/// A progress bar on stderr for a long run over files: only when stderr is a terminal, the
/// files are large enough to wait for (64 MiB together), and `--no-progress` is not given.
fn progress_bar(cli: &Cli) -> Option<indicatif::ProgressBar> {
    if cli.no_progress || !io::stderr().is_terminal() || cli.files.iter().any(|f| f == "-") {
        return None;
    }
    let total: u64 = cli
        .files
        .iter()
        .filter_map(|f| std::fs::metadata(f).ok())
        .map(|m| m.len())
        .sum();
    if total < 64 << 20 {
        return None;
    }
    let bar = indicatif::ProgressBar::new(total);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{bar:40} {binary_bytes}/{binary_total_bytes} {binary_bytes_per_sec} eta {eta}",
    ) {
        bar.set_style(style);
    }
    Some(bar)
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
            progress: progress_bar(cli),
            stopped: false,
        }
    }

    /// Prints a block's output (lines `--unique` has seen left out), then its stderr, and
    /// adds its counts. After a block `--verify` stopped in, an error of kind `BrokenPipe`
    /// ends the run as a closed pipe does, with [`Writer::stopped`] set.
    pub fn write(&mut self, block: BlockOut) -> io::Result<()> {
        if self.stopped {
            return Err(io::ErrorKind::BrokenPipe.into());
        }
        self.stopped = block.stopped;
        self.inputs += block.inputs;
        self.parsed += block.parsed;
        self.not_utf8 += block.not_utf8;
        self.bytes += block.bytes;
        for (kind, count) in block.failures {
            *self.failures.entry(kind).or_default() += count;
        }
        for (name, count) in block.errors {
            *self.errors.entry(name).or_default() += count;
        }
        if !self.quiet {
            self.out.write_all(&block.stdout)?;
            buffers::give(block.stdout);
            for line in block.lines.into_iter().flatten() {
                if let Some(seen) = &mut self.seen
                    && !seen.insert(line.clone())
                {
                    continue;
                }
                self.out.write_all(line.as_bytes())?;
                self.out.write_all(b"\n")?;
            }
        }
        if !block.stderr.is_empty() {
            self.out.flush()?;
            let write = || io::stderr().write_all(block.stderr.as_bytes());
            match &self.progress {
                Some(bar) => bar.suspend(write)?,
                None => write()?,
            }
        }
        if let Some(bar) = &self.progress {
            bar.inc(block.bytes);
        }
        if self.stopped {
            return Err(io::ErrorKind::BrokenPipe.into());
        }
        Ok(())
    }

    /// Whether no line has been written (or counted) yet.
    pub fn saw_no_line(&self) -> bool {
        self.inputs == 0 && self.not_utf8 == 0
    }

    /// Flushes, prints `--stats` / `--bench` on stderr; `Ok(true)` when every input parsed.
    pub fn finish(&mut self, cli: &Cli, elapsed: Duration) -> io::Result<bool> {
        self.out.flush()?;
        if let Some(bar) = self.progress.take() {
            bar.finish_and_clear();
        }
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

/// One JSON object: the input, the scheme when it was guessed, every component (or the
/// failure), the validation errors.
pub fn json_record(
    input: &str,
    guessed: Option<&str>,
    parsed: &Result<Url, String>,
    errors: &[ReportedError],
) -> Value {
    let errors: Vec<Value> = errors
        .iter()
        .map(|e| json!({ "name": e.name(), "offset": e.offset() }))
        .collect();
    match parsed {
        Ok(url) => {
            let mut record = Map::new();
            record.insert("input".into(), json!(input));
            record.insert("guessed_scheme".into(), json!(guessed));
            for component in Component::ALL {
                record.insert(component.name().into(), json!(url.component(component)));
            }
            record.insert("query".into(), json!(url.query()));
            record.insert("fragment".into(), json!(url.fragment()));
            record.insert("validation_errors".into(), json!(errors));
            record.insert("failure".into(), Value::Null);
            Value::Object(record)
        }
        Err(failure) => json!({
            "input": input,
            "guessed_scheme": guessed,
            "validation_errors": errors,
            "failure": failure,
        }),
    }
}

/// `--explain`: the scheme when it was guessed, and each validation error of `input`, with a
/// caret under its byte, for stderr.
pub fn explain(
    input: &str,
    guessed: Option<&str>,
    errors: &[ReportedError],
    failure: Option<&whatwg_url::ParseError>,
) -> String {
    let mut text = String::new();
    if errors.is_empty() && guessed.is_none() {
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
    if let Some(scheme) = guessed {
        let _ = writeln!(text, "{on}^{off} no scheme: guessed {scheme}://");
    }
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
