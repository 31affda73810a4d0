//! What one input becomes: parsed (against the base), edited, filtered, rendered. Pure, so
//! that workers can evaluate inputs in parallel and the writer prints them in input order.

use whatwg_url::Url;

use crate::Cli;
use crate::edit::Edits;
use crate::input::Line;
use crate::output::{self, Mode, Outcome};
use crate::template::Template;

/// The run's settings, checked once.
pub struct Job {
    edits: Edits,
    template: Option<Template>,
    base: Option<Url>,
    json: bool,
    mode: Option<Mode>,
    valid: bool,
    invalid: bool,
    strict: bool,
    explain: bool,
    bench: bool,
}

impl Job {
    /// The settings of `cli`, or a usage error.
    pub fn new(cli: &Cli) -> Result<Job, String> {
        Ok(Job {
            edits: Edits::from_cli(cli)?,
            template: cli.get.as_deref().map(Template::parse).transpose()?,
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
        })
    }

    /// The outcome of one line of input.
    pub fn evaluate(&self, line: &Line) -> Outcome {
        let text = match line {
            Line::Text(text) => text,
            Line::NotUtf8 {
                number,
                source,
                valid_up_to,
            } => {
                return Outcome::not_utf8(format!(
                    "wurl: {source}:{number}: not UTF-8 (invalid byte at offset {valid_up_to}); line skipped\n"
                ));
            }
        };
        let mut outcome = Outcome {
            bytes: text.len() + 1,
            ..Outcome::default()
        };
        if self.bench {
            outcome.ok = match &self.base {
                Some(base) => base.join(text).is_ok(),
                None => Url::parse(text, None).is_ok(),
            };
            return outcome;
        }
        let (parsed, errors) = Url::parse_with_validation(text, self.base.as_ref().map(Url::href));
        if self.explain {
            outcome.stderr = output::explain(text, &errors, parsed.as_ref().err());
        }
        let parsed = parsed
            .map_err(|e| e.to_string())
            .and_then(|url| self.edits.apply(url));
        outcome.ok = parsed.is_ok();
        outcome.error_names = errors.iter().map(|e| e.name()).collect();
        outcome.failure = parsed.as_ref().err().cloned();
        let strictly_invalid = self.strict && !errors.is_empty();
        let passes = if self.valid {
            outcome.ok && !strictly_invalid
        } else if self.invalid {
            !outcome.ok || strictly_invalid
        } else {
            true
        };
        if !passes {
            return outcome;
        }
        if self.json {
            outcome
                .lines
                .push(output::json_record(text, &parsed, &errors).to_string());
            return outcome;
        }
        if self.invalid {
            outcome.lines.push(text.clone());
            return outcome;
        }
        match &parsed {
            Ok(url) => match &self.template {
                Some(template) => outcome.lines.push(template.render(url)),
                None => output::mode_lines(url, self.mode, &mut outcome.lines),
            },
            // Stdout keeps results; why an input failed goes to stderr.
            Err(e) => outcome.stderr.push_str(&format!("wurl: {text:?}: {e}\n")),
        }
        outcome
    }
}
