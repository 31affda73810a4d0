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
    passed: usize,
    total: usize,
    failures: Vec<String>,
}

impl Conformance {
    /// Starts the row named `row` (normally the fixture file, e.g. `urltestdata.json`).
    pub fn new(row: &str) -> Self {
        Conformance {
            row: row.to_owned(),
            passed: 0,
            total: 0,
            failures: Vec::new(),
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

    /// Prints and records the row; panics when a case failed or when no case ran.
    pub fn finish(self) {
        println!("conformance: {} {}/{}", self.row, self.passed, self.total);
        if let Some(path) = std::env::var_os("URL_CONFORMANCE_OUT") {
            let line = format!("{}\t{}\t{}\n", self.row, self.passed, self.total);
            let mut file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&path)
                .expect("URL_CONFORMANCE_OUT is writable");
            file.write_all(line.as_bytes())
                .expect("URL_CONFORMANCE_OUT is writable");
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
