//! Reading the output of `cargo test` (libtest's stdout): result lines and failure sections.

/// Passed and failed test counts, summed over `test result:` lines.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Totals {
    pub passed: u64,
    pub failed: u64,
}

impl Totals {
    /// Adds the counts of `line` when it is a `test result:` line; says whether it was one.
    pub fn add_line(&mut self, line: &str) -> bool {
        match parse_result_line(line) {
            Some((passed, failed)) => {
                self.passed += passed;
                self.failed += failed;
                true
            }
            None => false,
        }
    }
}

/// `(passed, failed)` of `test result: ok. 3 passed; 1 failed; 0 ignored; ...` (or `FAILED.`).
pub fn parse_result_line(line: &str) -> Option<(u64, u64)> {
    let rest = line.trim_start().strip_prefix("test result: ")?;
    let rest = rest
        .strip_prefix("ok.")
        .or_else(|| rest.strip_prefix("FAILED."))?;
    let (mut passed, mut failed) = (None, None);
    for part in rest.split(';') {
        let part = part.trim();
        if let Some(n) = part.strip_suffix(" passed") {
            passed = n.trim().parse().ok();
        } else if let Some(n) = part.strip_suffix(" failed") {
            failed = n.trim().parse().ok();
        }
    }
    Some((passed?, failed?))
}

/// Whether `line` is worth echoing while the output is otherwise kept quiet: a result line or a
/// failed test.
pub fn is_progress_line(line: &str) -> bool {
    parse_result_line(line).is_some() || (line.starts_with("test ") && line.ends_with(" FAILED"))
}

/// The captured output of one failed test (`---- name stdout ----` up to the next section).
#[derive(Debug, PartialEq, Eq)]
pub struct Failure {
    pub test: String,
    pub lines: Vec<String>,
}

/// Collects the failure sections of libtest output, fed line by line.
#[derive(Debug, Default)]
pub struct Failures {
    pub failures: Vec<Failure>,
    in_section: bool,
}

impl Failures {
    /// Feeds one line of output.
    pub fn add_line(&mut self, line: &str) {
        if let Some(test) = section_header(line) {
            self.failures.push(Failure {
                test: test.to_owned(),
                lines: Vec::new(),
            });
            self.in_section = true;
        } else if line == "failures:"
            || line.starts_with("test result: ")
            || line.starts_with("running ")
        {
            self.in_section = false;
        } else if self.in_section
            && let Some(failure) = self.failures.last_mut()
        {
            failure.lines.push(line.to_owned());
        }
    }

    /// Prints each failure (at most `max_tests` of them), each cut to `max_lines` lines of at most
    /// `max_chars` characters, to stderr.
    pub fn print(&self, max_tests: usize, max_lines: usize, max_chars: usize) {
        for failure in self.failures.iter().take(max_tests) {
            eprintln!("\n---- {} ----", failure.test);
            // The panic message is what matters: leave out blank lines and any backtrace.
            let lines: Vec<&String> = failure
                .lines
                .iter()
                .take_while(|l| !l.starts_with("stack backtrace:"))
                .filter(|l| !l.trim().is_empty())
                .collect();
            for line in lines.iter().take(max_lines) {
                eprintln!("{}", truncate(line, max_chars));
            }
            if lines.len() > max_lines {
                eprintln!("... ({} more lines)", lines.len() - max_lines);
            }
        }
        if self.failures.len() > max_tests {
            eprintln!(
                "\n... and {} more failed tests",
                self.failures.len() - max_tests
            );
        }
    }
}

/// The test name of `---- name stdout ----` (or `stderr`).
fn section_header(line: &str) -> Option<&str> {
    let inner = line.strip_prefix("---- ")?;
    inner
        .strip_suffix(" stdout ----")
        .or_else(|| inner.strip_suffix(" stderr ----"))
}

/// `text` cut to `max` characters, marked with `…` when cut.
pub fn truncate(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_lines() {
        assert_eq!(
            parse_result_line(
                "test result: ok. 12 passed; 0 failed; 1 ignored; 0 measured; 3 filtered out; finished in 0.01s"
            ),
            Some((12, 0))
        );
        assert_eq!(
            parse_result_line(
                "test result: FAILED. 3 passed; 2 failed; 0 ignored; 0 measured; 0 filtered out"
            ),
            Some((3, 2))
        );
        assert_eq!(parse_result_line("test wpt_x ... ok"), None);
        assert_eq!(
            parse_result_line("test result: maybe. 1 passed; 0 failed"),
            None
        );
        let mut totals = Totals::default();
        assert!(totals.add_line("test result: ok. 2 passed; 0 failed; 0 ignored"));
        assert!(totals.add_line("test result: FAILED. 1 passed; 4 failed; 0 ignored"));
        assert!(!totals.add_line("running 5 tests"));
        assert_eq!(
            totals,
            Totals {
                passed: 3,
                failed: 4
            }
        );
    }

    #[test]
    fn progress_lines() {
        assert!(is_progress_line("test wpt_urltestdata ... FAILED"));
        assert!(!is_progress_line("test wpt_urltestdata ... ok"));
        assert!(is_progress_line(
            "test result: ok. 1 passed; 0 failed; 0 ignored"
        ));
    }

    #[test]
    fn failure_sections() {
        let output = "\
running 2 tests
test a ... FAILED
test b ... FAILED

failures:

---- a stdout ----
conformance: x.json 1/2
thread 'a' panicked at a.rs:1:1:
x.json: 1 of 2 cases failed:

---- b stdout ----
boom

failures:
    a
    b

test result: FAILED. 0 passed; 2 failed; 0 ignored; 0 measured; 0 filtered out";
        let mut failures = Failures::default();
        output.lines().for_each(|line| failures.add_line(line));
        let names: Vec<&str> = failures.failures.iter().map(|f| f.test.as_str()).collect();
        assert_eq!(names, ["a", "b"]);
        assert_eq!(failures.failures[0].lines[0], "conformance: x.json 1/2");
        assert_eq!(failures.failures[0].lines.len(), 4);
        assert_eq!(failures.failures[1].lines, ["boom", ""]);
    }

    #[test]
    fn truncation() {
        assert_eq!(truncate("abcdef", 3), "abc…");
        assert_eq!(truncate("abc", 3), "abc");
        assert_eq!(truncate("éèà", 2), "éè…");
    }
}
