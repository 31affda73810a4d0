//! The two runs of each crate side by side: test outcomes read from libtest's output, the
//! table, and the differences.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use super::crates::{Downstream, EXPLAINED};
use crate::libtest::{Failures, Totals, truncate};

/// How one test ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Passed,
    Failed,
    Ignored,
}

/// One `cargo test` run of one crate.
#[derive(Debug, Default)]
pub struct Run {
    /// Whether it built and the tree check held (`false`: the counts are not meaningful).
    pub built: bool,
    pub totals: Totals,
    /// Every test's outcome by name (a name seen in two test binaries gets ` #N`, N the binary's
    /// place in the run).
    pub outcomes: BTreeMap<String, Outcome>,
    pub failures: Failures,
    pub elapsed: Duration,
    /// Why the run could not be made, when it could not.
    pub error: Option<String>,
}

/// The two runs of one crate.
pub struct Row {
    pub krate: Downstream,
    pub published: Run,
    pub facade: Run,
}

/// `(name, outcome)` of libtest's `test NAME ... ok` (or `FAILED`, `ignored`).
pub fn outcome_line(line: &str) -> Option<(&str, Outcome)> {
    let (name, result) = line.strip_prefix("test ")?.rsplit_once(" ... ")?;
    let outcome = match result {
        "ok" => Outcome::Passed,
        "FAILED" => Outcome::Failed,
        r if r.starts_with("ignored") => Outcome::Ignored,
        _ => return None,
    };
    Some((name, outcome))
}

/// Prints the table and the differences; `true` when every crate built with both and every
/// difference is one of [`EXPLAINED`].
pub fn print(rows: &[Row], facade: &Path, elapsed: Duration) -> bool {
    let mut ok = true;
    println!("\n## Downstream test suites: rust-url 2.5.8 and the facade\n");
    println!("Facade: {}\n", facade.display());
    println!(
        "| crate | version | what its tests do with URLs | rust-url 2.5.8: passed / failed | facade: passed / failed | differing tests |"
    );
    println!("| --- | --- | --- | --- | --- | --- |");
    for row in rows {
        let differing = differences(row);
        println!(
            "| {} | {} | {} | {} | {} | {} |",
            row.krate.name,
            row.krate.version,
            row.krate.exercises,
            cell(&row.published),
            cell(&row.facade),
            differing.len()
        );
    }
    println!();
    for row in rows {
        let krate = &row.krate;
        for (label, run) in [("rust-url", &row.published), ("facade", &row.facade)] {
            if let Some(error) = &run.error {
                println!("- {} {} ({label}): {error}", krate.name, krate.version);
                ok = false;
            } else if !run.built {
                println!(
                    "- {} {} ({label}): does not build",
                    krate.name, krate.version
                );
                ok = false;
            }
        }
        if !krate.left_out.is_empty() {
            println!(
                "- {} {}: left out of both runs: {} (`cargo test {}`)",
                krate.name,
                krate.version,
                krate.left_out,
                krate.cargo_args.join(" ")
            );
        }
        for (test, published, with_facade) in differences(row) {
            let explained = EXPLAINED
                .iter()
                .find(|e| e.krate == krate.name && e.test == test);
            println!(
                "- {} {}: `{test}`: {} with rust-url, {} with the facade{}",
                krate.name,
                krate.version,
                describe(published),
                describe(with_facade),
                explained.map_or(String::new(), |e| format!(
                    ": the standard decides it ({} `{}` against `{}` is `{}`): {}",
                    e.fixture, e.input, e.base, e.href, e.why
                ))
            );
            let regression = published == Some(Outcome::Passed);
            if regression && explained.is_none() {
                ok = false;
                print_failure(&row.facade, &test);
            }
        }
    }
    let minutes = elapsed.as_secs() / 60;
    println!(
        "\ncompat --downstream: {} crate(s) in {minutes} min {} s (per crate and run: {})",
        rows.len(),
        elapsed.as_secs() % 60,
        rows.iter()
            .map(|r| format!(
                "{} {} s / {} s",
                r.krate.name,
                r.published.elapsed.as_secs(),
                r.facade.elapsed.as_secs()
            ))
            .collect::<Vec<_>>()
            .join(", ")
    );
    ok
}

/// `passed / failed` of a run, or why there is no count.
fn cell(run: &Run) -> String {
    if run.error.is_some() {
        "not run".to_owned()
    } else if !run.built {
        "does not build".to_owned()
    } else {
        format!("{} / {}", run.totals.passed, run.totals.failed)
    }
}

/// The tests whose outcome differs between the two runs: name, outcome with rust-url, with the
/// facade (`None`: the test did not run).
fn differences(row: &Row) -> Vec<(String, Option<Outcome>, Option<Outcome>)> {
    if !row.published.built || !row.facade.built {
        return Vec::new();
    }
    let mut names: Vec<&String> = row
        .published
        .outcomes
        .keys()
        .chain(row.facade.outcomes.keys())
        .collect();
    names.sort();
    names.dedup();
    names
        .into_iter()
        .filter_map(|name| {
            let published = row.published.outcomes.get(name).copied();
            let with_facade = row.facade.outcomes.get(name).copied();
            (published != with_facade).then(|| (name.clone(), published, with_facade))
        })
        .collect()
}

fn describe(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        Some(Outcome::Passed) => "passes",
        Some(Outcome::Failed) => "fails",
        Some(Outcome::Ignored) => "is ignored",
        None => "does not run",
    }
}

/// Prints the captured output of `test` in the facade's run (its assertion message).
fn print_failure(run: &Run, test: &str) {
    let name = test.split(" #").next().unwrap_or(test);
    if let Some(failure) = run.failures.failures.iter().find(|f| f.test == name) {
        for line in failure
            .lines
            .iter()
            .take_while(|l| !l.starts_with("stack backtrace:"))
            .filter(|l| !l.trim().is_empty())
            .take(12)
        {
            println!("    {}", truncate(line, 300));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compat::downstream::crates::CRATES;

    #[test]
    fn reads_test_lines() {
        assert_eq!(
            outcome_line("test tests::join ... ok"),
            Some(("tests::join", Outcome::Passed))
        );
        assert_eq!(
            outcome_line("test src/lib.rs - Url::join (line 12) ... FAILED"),
            Some(("src/lib.rs - Url::join (line 12)", Outcome::Failed))
        );
        assert_eq!(
            outcome_line("test slow ... ignored, needs the network"),
            Some(("slow", Outcome::Ignored))
        );
        assert_eq!(outcome_line("test result: ok. 1 passed; 0 failed"), None);
        assert_eq!(outcome_line("running 3 tests"), None);
    }

    #[test]
    fn differences_are_by_name() {
        let mut published = Run {
            built: true,
            ..Run::default()
        };
        let mut facade = Run {
            built: true,
            ..Run::default()
        };
        published.outcomes.insert("a".into(), Outcome::Passed);
        published.outcomes.insert("b".into(), Outcome::Passed);
        facade.outcomes.insert("a".into(), Outcome::Passed);
        facade.outcomes.insert("b".into(), Outcome::Failed);
        facade.outcomes.insert("c".into(), Outcome::Passed);
        let row = Row {
            krate: CRATES[0],
            published,
            facade,
        };
        assert_eq!(
            differences(&row),
            [
                ("b".to_owned(), Some(Outcome::Passed), Some(Outcome::Failed)),
                ("c".to_owned(), None, Some(Outcome::Passed)),
            ]
        );
    }
}
