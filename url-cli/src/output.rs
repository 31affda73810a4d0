//! What is printed for each input: the href, a template, a JSON record, or an unfurl mode's
//! lines; `--unique` keeps the first of equal lines; `--explain` writes to stderr.

use std::collections::HashSet;
use std::io::{self, IsTerminal, Write};

use serde_json::{Value, json};
use whatwg_url::{ReportedError, Url};

use crate::Cli;
use crate::template::Template;

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

/// The output stream with the run's choices.
pub struct Output<W: Write> {
    out: W,
    template: Option<Template>,
    json: bool,
    mode: Option<Mode>,
    seen: Option<HashSet<String>>,
}

impl<W: Write> Output<W> {
    /// Output to `out` as `cli` asks, with `template` for `--get`.
    pub fn new(out: W, cli: &Cli, template: Option<Template>) -> Self {
        Output {
            out,
            template,
            json: cli.json,
            mode: cli.mode,
            seen: cli.unique.then(HashSet::new),
        }
    }

    /// Writes `line` unless `--unique` has seen it.
    fn line(&mut self, line: &str) -> io::Result<()> {
        if let Some(seen) = &mut self.seen
            && !seen.insert(line.to_owned())
        {
            return Ok(());
        }
        self.out.write_all(line.as_bytes())?;
        self.out.write_all(b"\n")
    }

    /// The input as given (`--invalid`).
    pub fn raw(&mut self, input: &str) -> io::Result<()> {
        self.line(input)
    }

    /// What the run prints for one input.
    pub fn record(
        &mut self,
        input: &str,
        parsed: &Result<Url, String>,
        errors: &[ReportedError],
    ) -> io::Result<()> {
        if self.json {
            let record = json_record(input, parsed, errors).to_string();
            return self.line(&record);
        }
        let Ok(url) = parsed else { return Ok(()) };
        if let Some(template) = &self.template {
            let rendered = template.render(url);
            return self.line(&rendered);
        }
        match self.mode {
            None => self.line(url.href()),
            Some(Mode::Domains) => self.line(url.hostname()),
            Some(Mode::Apexes) => match url.registrable_domain() {
                Some(apex) => self.line(apex),
                None => Ok(()),
            },
            Some(Mode::Paths) => self.line(url.pathname()),
            Some(mode) => {
                for (name, value) in url.search_params().iter() {
                    let line = match mode {
                        Mode::Keys => name.to_owned(),
                        Mode::Values => value.to_owned(),
                        _ => format!("{name}={value}"),
                    };
                    self.line(&line)?;
                }
                Ok(())
            }
        }
    }

    /// Flushes the stream.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
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

/// `--explain`: each validation error of `input` on stderr, with a caret under its byte.
pub fn explain(input: &str, errors: &[ReportedError], failure: Option<&whatwg_url::ParseError>) {
    if errors.is_empty() {
        return;
    }
    let stderr = io::stderr();
    let color = stderr.is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let (on, off) = if color {
        ("\x1b[1;31m", "\x1b[0m")
    } else {
        ("", "")
    };
    let mut err = stderr.lock();
    let shown: String = input
        .chars()
        .map(|c| if c.is_control() { '·' } else { c })
        .collect();
    let _ = writeln!(err, "{shown}");
    for e in errors {
        // The caret goes under the character at the byte offset (the end when it is past it).
        let column = input
            .char_indices()
            .take_while(|&(i, _)| i < e.offset())
            .count();
        let fails =
            failure.is_some_and(|f| matches!(f, whatwg_url::ParseError::Invalid(r) if r == e));
        let _ = writeln!(
            err,
            "{:column$}{on}^{off} {}{} (byte {})",
            "",
            e.name(),
            if fails { ", failure" } else { "" },
            e.offset(),
        );
    }
}
