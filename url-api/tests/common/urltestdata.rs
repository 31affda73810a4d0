//! The check of one urltestdata-shaped case through the public `Url` API: the constructor,
//! `can_parse`, `parse_as`, and every getter, as WPT's url-constructor.any.js and
//! url-origin.any.js do. Shared by the WPT files and the other projects' files of the same shape.

use std::cell::Cell;
use test_support::{Value, field_eq};
use whatwg_url::{ParseError, Url};

thread_local! {
    /// How many times [`counted_failure`] ran on this thread.
    static FAILURES: Cell<usize> = const { Cell::new(0) };
}

/// `Url::parse_as`'s failure function for [`same_through_parse_as`]: the error, counted.
fn counted_failure(error: ParseError) -> ParseError {
    FAILURES.with(|count| count.set(count.get() + 1));
    error
}

/// `Url::parse_as` against the parsed base gives what `Url::parse` gives, and calls its
/// failure function only when the parse fails (once, or twice for a scheme-relative
/// reference: see its docs).
fn same_through_parse_as(
    input: &str,
    base: Option<&str>,
    parsed: &Result<Url, ParseError>,
) -> Result<(), String> {
    let Some(base) = base.map(|base| Url::parse(base, None)).transpose().ok() else {
        // The base itself fails: `parse_as` takes a parsed base, so there is no call to make.
        return field_eq("failure of a failing base", &true, &parsed.is_err());
    };
    FAILURES.with(|count| count.set(0));
    let wrapped = Url::parse_as(input, base.as_ref(), Some, counted_failure);
    let failures = FAILURES.with(Cell::get);
    match (wrapped, parsed) {
        (Ok(Some(url)), Ok(expected)) => {
            field_eq("parse_as href", expected.href(), url.href())?;
            field_eq("parse_as failure calls on success", &0, &failures)
        }
        (Err(error), Err(expected)) => {
            field_eq("parse_as error", expected, &error)?;
            field_eq(
                "parse_as failure calls on failure",
                &true,
                &(1..=2).contains(&failures),
            )
        }
        (wrapped, _) => Err(format!("parse_as gave {wrapped:?}, parse {parsed:?}")),
    }
}

pub fn run_case(case: &Value) -> Result<(), String> {
    let input = case.str_field("input").ok_or("no input")?;
    let base = case.str_field("base");
    let parsed = Url::parse(input, base);
    field_eq("can_parse", &parsed.is_ok(), &Url::can_parse(input, base))?;
    same_through_parse_as(input, base, &parsed)?;
    if case.get("failure").and_then(Value::as_bool) == Some(true) {
        return match parsed {
            Ok(url) => Err(format!("expected failure, got {:?}", url.href())),
            Err(_) => Ok(()),
        };
    }
    let url = parsed.map_err(|e| format!("parse failed: {e}"))?;
    for getter in super::getters() {
        if let Some(want) = case.str_field(getter) {
            field_eq(getter, want, super::get(&url, getter)?.as_str())?;
        }
    }
    // The serialization round-trips through the parser (the spec's idempotence goal).
    let again = Url::parse(url.href(), None).map_err(|e| format!("href does not re-parse: {e}"))?;
    field_eq("re-parsed href", url.href(), again.href())
}
