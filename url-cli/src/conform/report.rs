//! The report of a run: the conformance table, the divergence classes with their shortest
//! (minimized) examples, as text or as one JSON document.

use std::collections::BTreeSet;
use std::fmt::Write;

use serde_json::{Value, json};
use whatwg_url::Component;

use super::cases::Expect;
use super::protocol::{Answer, Request};
use super::run::{Divergence, Outcome, Row};

/// `passed / total` as a percentage floored to a tenth, so that only a complete row shows 100%.
pub fn percent(passed: usize, total: usize) -> String {
    if total == 0 {
        return "n/a".to_owned();
    }
    if passed >= total {
        return "100%".to_owned();
    }
    let tenths = passed * 1000 / total;
    format!("{}.{}%", tenths / 10, tenths % 10)
}

/// The table (Markdown): one row per fixture file (and one for the generated requests).
pub fn table(rows: &[Row]) -> String {
    let cells: Vec<[String; 3]> = rows
        .iter()
        .map(|row| {
            let (passed, answered) = (row.passed(), row.answered());
            let counts = if answered < row.cases.len() {
                format!("{passed} / {answered} of {}", row.cases.len())
            } else {
                format!("{passed} / {answered}")
            };
            [row.name.clone(), counts, percent(passed, answered)]
        })
        .collect();
    let mut widths = [7, 14, 4];
    for row in &cells {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let [w0, w1, w2] = widths;
    let mut out = format!(
        "| {:<w0$} | {:>w1$} | {:>w2$} |\n| {} | {}: | {}: |\n",
        "fixture",
        "passed / total",
        "%",
        "-".repeat(w0),
        "-".repeat(w1 - 1),
        "-".repeat(w2 - 1)
    );
    for [name, counts, pct] in &cells {
        let _ = writeln!(out, "| {name:<w0$} | {counts:>w1$} | {pct:>w2$} |");
    }
    out
}

/// What differs, in a line: `hostname "a" (standard "b")`, or which side failed.
pub fn difference(expect: &Expect, answer: &Answer) -> String {
    match (expect, answer) {
        (_, Answer::Unsupported) => "unsupported".to_owned(),
        (Expect::Failure, Answer::Url(got)) => {
            format!("parses as {:?}; the standard fails", got[0])
        }
        (Expect::Fields(fields), Answer::Failure) => {
            let href = fields.iter().find(|(c, _)| *c == Component::Href);
            match href {
                Some((_, href)) => format!("fails; the standard gives {href:?}"),
                None => "fails; the standard parses".to_owned(),
            }
        }
        (Expect::Fields(fields), Answer::Url(got)) => {
            let parts: Vec<String> = fields
                .iter()
                .filter(|(c, want)| got.get(*c as usize) != Some(want))
                .map(|(c, want)| {
                    let have = got.get(*c as usize).map_or("", String::as_str);
                    format!("{c} {have:?} (standard {want:?})")
                })
                .collect();
            parts.join(", ")
        }
        (Expect::Failure, Answer::Failure) => "agrees".to_owned(),
        (Expect::Validation(want), Answer::Validation(got)) => {
            let mut parts = Vec::new();
            if want.errors != got.errors {
                parts.push(format!(
                    "errors [{}] (standard [{}])",
                    got.errors.join(", "),
                    want.errors.join(", ")
                ));
            }
            if want.valid != got.valid {
                parts.push(format!("valid {} (standard {})", got.valid, want.valid));
            }
            if want.parses != got.parses {
                parts.push(format!("parses {} (standard {})", got.parses, want.parses));
            }
            parts.join(", ")
        }
        (Expect::Validation(_), Answer::Failure) => {
            "fails; the standard validates the input".to_owned()
        }
        (Expect::Failure, Answer::Validation(_)) => {
            "answers; the standard fails (the base does not parse)".to_owned()
        }
        (Expect::Fields(_), Answer::Validation(_)) | (Expect::Validation(_), Answer::Url(_)) => {
            "answers another operation".to_owned()
        }
    }
}

/// The text report: the table, notes, then each class with its count and examples; classes in
/// `known` are marked.
pub fn text(outcome: &Outcome, notes: &[String], known: &BTreeSet<String>) -> String {
    let mut out = table(&outcome.rows);
    for note in notes {
        let _ = writeln!(out, "\nnote: {note}");
    }
    let total: usize = outcome.classes.values().map(|c| c.count).sum();
    let unknown = outcome
        .classes
        .keys()
        .filter(|name| !known.contains(*name))
        .count();
    let _ = writeln!(
        out,
        "\n{total} divergences in {} classes ({unknown} not in the known list)",
        outcome.classes.len()
    );
    let mut classes: Vec<_> = outcome.classes.iter().collect();
    classes.sort_by(|a, b| b.1.count.cmp(&a.1.count).then(a.0.cmp(b.0)));
    for (name, class) in classes {
        let mark = if known.contains(name) { " (known)" } else { "" };
        let _ = writeln!(out, "\n{:>8}  {name}{mark}", class.count);
        for example in &class.examples {
            let row = outcome
                .rows
                .get(example.row)
                .map_or("", |r| r.name.as_str());
            let (request, expect, answer) = shown(example);
            let _ = writeln!(out, "          {}   [{row}]", request.describe());
            let _ = writeln!(out, "            {}", difference(expect, answer));
        }
    }
    if let Some(error) = &outcome.error {
        let _ = writeln!(out, "\nerror: {error}");
    }
    out
}

/// The example as shown: minimized when a smaller one was found.
fn shown(d: &Divergence) -> (&Request, &Expect, &Answer) {
    match &d.minimized {
        Some((request, expect, answer)) => (request, expect, answer),
        None => (&d.request, &d.expect, &d.answer),
    }
}

fn expect_json(expect: &Expect) -> Value {
    match expect {
        Expect::Failure => json!({ "failure": true }),
        Expect::Fields(fields) => Value::Object(
            fields
                .iter()
                .map(|(c, v)| (c.name().to_owned(), Value::from(v.as_str())))
                .collect(),
        ),
        Expect::Validation(v) => Answer::Validation(v.clone()).to_json(),
    }
}

/// The report as one JSON document.
pub fn json(
    outcome: &Outcome,
    notes: &[String],
    known: &BTreeSet<String>,
    command: &[String],
) -> Value {
    let rows: Vec<Value> = outcome
        .rows
        .iter()
        .map(|row| {
            json!({
                "name": row.name,
                "passed": row.passed(),
                "total": row.answered(),
                "cases": row.cases.len(),
            })
        })
        .collect();
    let classes: Vec<Value> = outcome
        .classes
        .iter()
        .map(|(name, class)| {
            let examples: Vec<Value> = class
                .examples
                .iter()
                .map(|d| {
                    let (request, expect, answer) = shown(d);
                    json!({
                        "fixture": outcome.rows.get(d.row).map(|r| r.name.as_str()),
                        "request": request.to_json(),
                        "standard": expect_json(expect),
                        "answer": answer.to_json(),
                        "original": d.minimized.as_ref().map(|_| d.request.to_json()),
                    })
                })
                .collect();
            json!({
                "name": name,
                "count": class.count,
                "known": known.contains(name),
                "examples": examples,
            })
        })
        .collect();
    json!({
        "command": command,
        "rows": rows,
        "requests": outcome.answered,
        "divergences": outcome.classes.values().map(|c| c.count).sum::<usize>(),
        "classes": classes,
        "notes": notes,
        "error": outcome.error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_floor_to_a_tenth() {
        assert_eq!(percent(10, 10), "100%");
        assert_eq!(percent(9999, 10000), "99.9%");
        assert_eq!(percent(1, 3), "33.3%");
        assert_eq!(percent(0, 0), "n/a");
    }

    #[test]
    fn a_stopped_row_says_how_far_it_got() {
        let rows = [Row {
            name: "urltestdata.json".into(),
            cases: vec![Some(true), Some(false), None],
        }];
        let table = table(&rows);
        assert!(table.contains("|     1 / 2 of 3 | 50.0% |"), "{table}");
    }

    #[test]
    fn differences_name_the_component() {
        let expect = Expect::Fields(vec![
            (Component::Hostname, "a".into()),
            (Component::Port, "".into()),
        ]);
        let mut got: [String; 11] = Default::default();
        got[Component::Hostname as usize] = "b".into();
        assert_eq!(
            difference(&expect, &Answer::Url(Box::new(got))),
            "hostname \"b\" (standard \"a\")"
        );
        assert_eq!(
            difference(&expect, &Answer::Failure),
            "fails; the standard parses"
        );
    }
}
