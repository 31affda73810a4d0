//! What one input becomes: parsed (against the base), edited, filtered, rendered. Pure, so
//! that workers can evaluate inputs in parallel and the writer prints them in input order.

use whatwg_url::{ParseError, ReportedError, Url};

use crate::cli::Cli;
use crate::cli::Mode;
use crate::edit::Edits;
use crate::forms::Forms;
use crate::input::{Block, Line};
use crate::output::{self, BlockOut};
use crate::query::Separator;
use crate::template::Template;
use crate::{buffers, build, guess};

/// The run's settings, checked once.
pub struct Job {
    edits: Edits,
    /// No edit to apply: each URL is printed as parsed (the common case, kept short).
    no_edits: bool,
    /// Nothing but the URL itself is read (no edit, error listener, guessed scheme, JSON
    /// record, `--invalid` or `must:`): each input is parsed into one `Url` the block keeps
    /// (`Url::parse_into`), which allocates only while its buffer grows.
    plain: bool,
    template: Option<Template>,
    /// The template has a `must:` placeholder.
    template_must: bool,
    base: Option<Url>,
    json: bool,
    mode: Option<Mode>,
    valid: bool,
    invalid: bool,
    strict: bool,
    explain: bool,
    bench: bool,
    guess_scheme: bool,
    verify: bool,
    quiet: bool,
    forms: Forms,
    separator: Separator,
    /// Whether anything reads the validation errors (`--json`, `--explain`, `--strict`,
    /// `--stats`): without a listener the parser takes its fast path for normal URLs.
    wants_errors: bool,
}

impl Job {
    /// The settings of `cli`, or a usage error.
    pub fn new(cli: &Cli) -> Result<Job, String> {
        if cli.curl {
            return Err(
                "--curl: which schemes libcurl supports depends on how it was built, \
                 and the URL Standard parses every scheme; filter on --get '{scheme}' instead"
                    .into(),
            );
        }
        let edits = Edits::from_cli(cli)?;
        let template = match &cli.get {
            Some(text) => Some(Template::parse(text).map_err(|e| e.to_string())?),
            None => None,
        };
        let template_must = template.as_ref().is_some_and(Template::has_must);
        let wants_errors = cli.json || cli.explain || cli.strict || cli.stats;
        Ok(Job {
            plain: edits.is_empty()
                && !edits.iterates()
                && !wants_errors
                && !cli.guess_scheme
                && !cli.invalid
                && !template_must,
            template_must,
            template,
            no_edits: edits.is_empty(),
            edits,
            base: match &cli.base {
                Some(base) => {
                    Some(Url::parse(base, None).map_err(|e| format!("--base {base:?}: {e}"))?)
                }
                None => None,
            },
            json: cli.json,
            mode: cli.mode,
            valid: cli.valid,
            invalid: cli.invalid,
            strict: cli.strict,
            explain: cli.explain,
            bench: cli.bench,
            guess_scheme: cli.guess_scheme,
            verify: cli.verify,
            quiet: cli.quiet,
            forms: Forms::from_cli(cli),
            separator: Separator::parse(cli.query_separator.as_deref())?,
            wants_errors,
        })
    }

    /// The output and counts of a block of lines.
    pub fn evaluate_block(&self, block: Block, unique: bool) -> BlockOut {
        let mut out = BlockOut::new(unique);
        // Mostly one output line per input line, of about its length (percent-encoding makes
        // some longer): room for that up front instead of growing through every power of two.
        out.reserve(block.bytes.len() + block.bytes.len() / 8);
        block.lines(|line| self.evaluate(&line, &mut out));
        buffers::give(block.bytes);
        out
    }

    /// One line of input, into `out`.
    pub fn evaluate(&self, line: &Line<'_>, out: &mut BlockOut) {
        if out.stopped {
            return;
        }
        let text = match *line {
            Line::Text(text) => text,
            Line::NotUtf8 {
                number,
                source,
                valid_up_to,
            } => {
                out.not_utf8 += 1;
                out.stopped = self.verify;
                if !self.quiet {
                    out.stderr.push_str(&format!(
                        "wurl: {source}:{number}: not UTF-8 (invalid byte at offset {valid_up_to}); line skipped\n"
                    ));
                }
                return;
            }
        };
        out.inputs += 1;
        out.bytes += text.len() as u64 + 1;
        if self.bench {
            // Against the base, as `base.join(text)` parses.
            let ok = out.scratch.parse_into(text, self.base.as_ref()).is_ok();
            out.parsed += u64::from(ok);
            return;
        }
        if self.plain {
            return self.evaluate_plain(text, out);
        }
        let (parsed, errors, guessed) = self.parse(text);
        if self.explain {
            out.stderr.push_str(&output::explain(
                text,
                guessed,
                &errors,
                parsed.as_ref().err(),
            ));
        }
        let parsed = match parsed {
            Ok(url) if self.no_edits => Ok(url),
            Ok(url) => self.edits.apply(url),
            Err(e) => Err(e.to_string()),
        };
        self.outcome(text, guessed, parsed, &errors, out);
    }

    /// [`Job::evaluate`] when only the URL is read: parsed into the block's scratch `Url`
    /// (against the base, as `base.join(text)` parses), counted, printed from there.
    fn evaluate_plain(&self, text: &str, out: &mut BlockOut) {
        // Taken out of `out` while `out` is written to (`Url::default` allocates nothing).
        let mut url = std::mem::take(&mut out.scratch);
        match url.parse_into(text, self.base.as_ref()) {
            Ok(()) => {
                if self.counted(text, None, &[], out) {
                    self.emit_url(&url, out);
                }
            }
            Err(e) => self.outcome(text, None, Err(e.to_string()), &[], out),
        }
        out.scratch = url;
    }

    /// The one URL built from the `--set` components (no input), into `out`; a usage error
    /// when they cannot start one.
    pub fn evaluate_built(&self, out: &mut BlockOut) -> Result<(), String> {
        build::check(&self.edits)?;
        out.inputs += 1;
        let (parsed, guessed) = match build::from_sets(&self.edits) {
            Ok((url, guessed)) => (Ok(url), guessed),
            Err(e) => (Err(e), None),
        };
        self.outcome("", guessed, parsed, &[], out);
        Ok(())
    }

    /// `text` parsed (against the base), with a guessed scheme where it has none and
    /// `--guess-scheme` asks for one; its validation errors when something reads them.
    fn parse(
        &self,
        text: &str,
    ) -> (
        Result<Url, ParseError>,
        Vec<ReportedError>,
        Option<&'static str>,
    ) {
        let (parsed, errors) = if self.wants_errors {
            Url::parse_with_validation(text, self.base.as_ref().map(Url::href))
        } else {
            let parsed = match &self.base {
                Some(base) => base.join(text),
                None => Url::parse(text, None),
            };
            (parsed, Vec::new())
        };
        if self.guess_scheme
            && guess::wanted(text, &parsed)
            && let Some((url, errors, scheme)) = guess::parse(text, self.wants_errors)
        {
            return (Ok(url), errors, Some(scheme));
        }
        (parsed, errors, None)
    }

    /// Counts, filters and prints the outcome of one input.
    #[inline(always)]
    fn outcome(
        &self,
        text: &str,
        guessed: Option<&str>,
        parsed: Result<Url, String>,
        errors: &[ReportedError],
        out: &mut BlockOut,
    ) {
        if self.edits.iterates() || self.template_must {
            return self.outcomes(parsed, text, guessed, errors, out);
        }
        if !self.counted(text, parsed.as_ref().err(), errors, out) {
            return;
        }
        if self.json {
            out.line(&output::json_record(text, guessed, &parsed, errors).to_string());
        } else if self.invalid {
            out.line(text);
        } else {
            self.emit(text, parsed, out);
        }
    }

    /// [`Job::outcome`] with `--iterate` (one URL per combination of values; the input fails
    /// when a setter refuses one of them) or a `must:` template (a URL without the component
    /// fails): one record or line per URL.
    #[inline(never)]
    fn outcomes(
        &self,
        parsed: Result<Url, String>,
        text: &str,
        guessed: Option<&str>,
        errors: &[ReportedError],
        out: &mut BlockOut,
    ) {
        let urls: Vec<Result<Url, String>> = match parsed {
            Ok(url) if self.edits.iterates() => self.edits.iterations(url),
            parsed => vec![parsed],
        };
        let urls: Vec<_> = urls
            .into_iter()
            .map(|url| url.and_then(|url| self.complete(url)))
            .collect();
        let failure = urls.iter().find_map(|url| url.as_ref().err());
        if !self.counted(text, failure, errors, out) {
            return;
        }
        if self.invalid {
            out.line(text);
            return;
        }
        for url in urls {
            if self.json {
                out.line(&output::json_record(text, guessed, &url, errors).to_string());
            } else {
                self.emit(text, url, out);
            }
        }
    }

    /// `url` once it can fill the template (`must:`).
    fn complete(&self, url: Url) -> Result<Url, String> {
        match &self.template {
            Some(template) if self.template_must => template.missing(&url).map(|()| url),
            _ => Ok(url),
        }
    }

    /// Counts the outcome of one input (`failure`: why it gave no URL) and says whether it
    /// is printed (`--valid`, `--invalid`, `--strict`); `--verify` stops at a failure.
    #[inline(always)]
    fn counted(
        &self,
        text: &str,
        failure: Option<&String>,
        errors: &[ReportedError],
        out: &mut BlockOut,
    ) -> bool {
        let ok = failure.is_none();
        out.parsed += u64::from(ok);
        for e in errors {
            *out.errors.entry(e.name()).or_default() += 1;
        }
        if let Some(failure) = failure {
            out.failure(failure);
            if self.verify {
                out.stopped = true;
                self.report(text, failure, out);
                return false;
            }
        }
        let strictly_invalid = self.strict && !errors.is_empty();
        if self.valid {
            ok && !strictly_invalid
        } else if self.invalid {
            !ok || strictly_invalid
        } else {
            true
        }
    }

    /// Prints one resulting URL, or on stderr why there is none (stdout keeps results).
    fn emit(&self, text: &str, url: Result<Url, String>, out: &mut BlockOut) {
        match url {
            Ok(url) => self.emit_url(&url, out),
            Err(e) => self.report(text, &e, out),
        }
    }

    /// Prints `url` through the template or the output mode.
    fn emit_url(&self, url: &Url, out: &mut BlockOut) {
        match &self.template {
            Some(template) => out.line(&template.render(url, &self.forms, self.separator)),
            None => output::mode_lines(url, self.mode, &self.forms, self.separator, out),
        }
    }

    /// Why `text` gave no URL, on stderr (unless `--quiet`).
    fn report(&self, text: &str, why: &str, out: &mut BlockOut) {
        if self.quiet {
            return;
        }
        if text.is_empty() {
            out.stderr.push_str(&format!("wurl: {why}\n"));
        } else {
            out.stderr.push_str(&format!("wurl: {text:?}: {why}\n"));
        }
    }
}
