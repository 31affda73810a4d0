use std::fmt::Write as _;
use std::io::Write as _;

/// Pass/fail bookkeeping for one fixture file (one row of the conformance table).
///
/// Call [`Conformance::check`] per case, then [`Conformance::finish`], which prints
/// `conformance: <row> <passed>/<total>`, appends the row to `$URL_CONFORMANCE_OUT` when set
/// (that is how `cargo xtask conformance` collects the table), and panics listing the
/// failures when any case failed.
#[derive(Debug)]
pub struct Conformance {
    row: String,
    informational: bool,
    passed: usize,
    total: usize,
    failures: Vec<String>,
}

impl Conformance {
    /// Starts the row named `row` (normally the fixture file, e.g. `urltestdata.json`).
    pub fn new(row: &str) -> Self {
        Conformance {
            row: row.to_owned(),
            informational: false,
            passed: 0,
            total: 0,
            failures: Vec::new(),
        }
    }

    /// Starts an informational row: cases set apart for the reason its name gives (a Unicode
    /// version newer than the fixtures'). It is printed and collected like any row, but a failed
    /// case does not fail the test, and an empty row is not recorded.
    pub fn informational(row: &str) -> Self {
        Conformance {
            informational: true,
            ..Conformance::new(row)
        }
    }

    /// Records one case: `Ok(())` passes; `Err(why)` fails with a description of the case.
    pub fn check(&mut self, case: &str, result: Result<(), String>) {
        self.total += 1;
        match result {
            Ok(()) => self.passed += 1,
            Err(why) => self.failures.push(format!("{case}: {why}")),
        }
    }

    /// Number of cases recorded so far.
    pub fn total(&self) -> usize {
        self.total
    }

    /// Prints and records the row; panics when a case failed or when no case ran (an
    /// informational row does neither: it is only printed and recorded, when it has a case).
    pub fn finish(self) {
        if self.informational && self.total == 0 {
            return;
        }
        println!("conformance: {} {}/{}", self.row, self.passed, self.total);
        let flag = if self.informational { "\tinfo" } else { "" };
        record(&format!(
            "{}\t{}\t{}{flag}\n",
            self.row, self.passed, self.total
        ));
        if self.informational {
            for f in self.failures.iter().take(20) {
                println!("  {f}");
            }
            return;
        }
        assert!(self.total > 0, "{}: no case ran", self.row);
        if !self.failures.is_empty() {
            let mut msg = format!(
                "{}: {} of {} cases failed:\n",
                self.row,
                self.failures.len(),
                self.total
            );
            for f in self.failures.iter().take(200) {
                let _ = writeln!(msg, "  {f}");
            }
            panic!("{msg}");
        }
    }
}

/// Compares an expected and an actual value of a named field, for use in `check`.
pub fn field_eq<T: PartialEq + std::fmt::Debug + ?Sized>(
    field: &str,
    expected: &T,
    actual: &T,
) -> Result<(), String> {
    if expected == actual {
        Ok(())
    } else {
        Err(format!("{field}: expected {expected:?}, got {actual:?}"))
    }
}

/// Prints `text` and records it as a note under the conformance table (`#note<TAB>text`); the
/// table shows each note once however many tests record it.
pub fn note(text: &str) {
    println!("conformance note: {text}");
    record(&format!("#note\t{text}\n"));
}

/// Appends `line` to `$URL_CONFORMANCE_OUT` when it is set.
fn record(line: &str) {
    if let Some(path) = std::env::var_os("URL_CONFORMANCE_OUT") {
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .expect("URL_CONFORMANCE_OUT is writable");
        file.write_all(line.as_bytes())
            .expect("URL_CONFORMANCE_OUT is writable");
    }
}
