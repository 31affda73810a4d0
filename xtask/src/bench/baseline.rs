//! `cargo xtask bench --baseline REV [--runs N] [bench args]`: this project now against itself at
//! git revision REV, in one run: before and after in one process pair, the old commit built in
//! its own target folder.
//!
//! REV's tree is written by `git archive` into `target/bench-baseline/src` (with this tree's
//! `bench/` in place of REV's under `--same-harness`, so that the harness and what it counts
//! are the same on both sides) and its `url-bench` built there with its own target dir
//! (`target/bench-baseline/target`, kept so that the next comparison rebuilds only what
//! changed); the source is removed once built. Both binaries then run whole benchmark passes
//! alternately (REV, now, now, REV, …: the order flips each run so that a drift of the machine
//! hits both alike) over the same files and arguments, and their Markdown tables are read back
//! ([`super::results::parse_markdown`]). One table follows: each row of ours, the median over
//! runs of each side's median, the median over runs of the ratio now / REV, and the same for
//! the row's own ratio column (to ada, or to the table's reference):
//! that ratio is measured round by round inside one process, so the load of a shared machine
//! cancels out of it where whole processes minutes apart see different machines (on 2 loaded
//! cores the same binary's medians moved by 2.5x between runs, its ratio to ada by 15%). A row is
//! flagged when it is more than 3% slower by its ratio, or by its medians where it has no ratio.
//! The reference row of a table whose reference is ours (`parse` in the validation table) is
//! 1 by construction: read its medians. The ratio column compares like with like only while
//! the reference itself is the same at REV and now (the pinned ada, the `urlpattern` crate);
//! after a change of a competitor's version read the medians.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use super::URL_BENCH;
use super::results::{Record, combine, median, parse_markdown};
use crate::cmd;

/// A row slower than this ratio is flagged.
const SLOWER: f64 = 1.03;

/// One row of ours, both sides.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    pub section: String,
    pub table: String,
    pub implementation: String,
    pub now: Option<f64>,
    pub base: Option<f64>,
    /// Median over the runs present on both sides of now / REV.
    pub ratio: Option<f64>,
    /// The same for the row's ratio column (now's ratio / REV's ratio).
    pub relative: Option<f64>,
}

impl Comparison {
    pub fn slower(&self) -> bool {
        self.relative.or(self.ratio).is_some_and(|r| r > SLOWER)
    }
}

fn key(r: &Record) -> (&str, &str, &str) {
    (&r.section, &r.table, &r.implementation)
}

/// Merges the runs of both sides (run `i` of one paired with run `i` of the other): our rows
/// only, in the order they first appear (rows of REV alone last).
pub fn merge(now: &[Vec<Record>], base: &[Vec<Record>]) -> Vec<Comparison> {
    let mut keys: Vec<(&str, &str, &str)> = Vec::new();
    for record in now.iter().chain(base).flatten().filter(|r| r.ours) {
        if !keys.contains(&key(record)) {
            keys.push(key(record));
        }
    }
    let find = |run: &[Record], k| run.iter().find(|r| r.ours && key(r) == k).cloned();
    let side = |runs: &[Vec<Record>], k| {
        let values: Vec<f64> = runs
            .iter()
            .filter_map(|run| find(run, k))
            .map(|r| r.median)
            .collect();
        (!values.is_empty()).then(|| median(values))
    };
    let paired = |k, of: fn(&Record) -> Option<f64>| {
        let ratios: Vec<f64> = now
            .iter()
            .zip(base)
            .filter_map(|(n, b)| Some(of(&find(n, k)?)? / of(&find(b, k)?)?))
            .collect();
        (!ratios.is_empty()).then(|| median(ratios))
    };
    keys.into_iter()
        .map(|k| Comparison {
            section: k.0.to_owned(),
            table: k.1.to_owned(),
            implementation: k.2.to_owned(),
            now: side(now, k),
            base: side(base, k),
            ratio: paired(k, |r| Some(r.median)),
            relative: paired(k, |r| r.ratio),
        })
        .collect()
}

/// The comparison as a Markdown table, with the count of flagged rows after it.
pub fn render(rows: &[Comparison], rev: &str) -> String {
    let cell =
        |x: Option<f64>, digits: usize| x.map_or("-".to_owned(), |x| format!("{x:.digits$}"));
    let mut out = format!(
        "| section | table | implementation | now ns | {rev} ns | now / {rev} | ratio to reference, now / {rev} | |\n|---|---|---|---:|---:|---:|---:|---|\n"
    );
    for r in rows {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} |",
            r.section,
            r.table,
            r.implementation,
            cell(r.now, 1),
            cell(r.base, 1),
            cell(r.ratio, 3),
            cell(r.relative, 3),
            if r.slower() { "**slower**" } else { "" }
        );
    }
    let slower = rows.iter().filter(|r| r.slower()).count();
    let _ = writeln!(
        out,
        "\n{slower} of {} rows more than {:.0}% slower than {rev} (by the ratio to the reference where there is one).",
        rows.len(),
        (SLOWER - 1.0) * 100.0
    );
    out
}

fn git(root: &Path, args: &[&str]) -> Result<String, String> {
    let (ok, out, err) = cmd::capture(Command::new("git").args(args).current_dir(root))?;
    if ok {
        Ok(out.trim().to_owned())
    } else {
        Err(format!("git {}: {}", args.join(" "), err.trim()))
    }
}

/// Builds `url-bench` of `rev` under `dir`; returns the binary.
fn build_revision(
    root: &Path,
    rev: &str,
    same_harness: bool,
    dir: &Path,
) -> Result<PathBuf, String> {
    let src = dir.join("src");
    if src.exists() {
        std::fs::remove_dir_all(&src).map_err(|e| format!("{}: {e}", src.display()))?;
    }
    std::fs::create_dir_all(&src).map_err(|e| format!("{}: {e}", src.display()))?;
    let tar = dir.join("src.tar");
    git(
        root,
        &["archive", "--format=tar", "-o", &tar.to_string_lossy(), rev],
    )?;
    let unpacked = cmd::run(Command::new("tar").arg("-xf").arg(&tar).arg("-C").arg(&src));
    let _ = std::fs::remove_file(&tar);
    if !unpacked? {
        return Err(format!("cannot unpack {}", tar.display()));
    }
    if same_harness {
        let bench = src.join("bench");
        std::fs::remove_dir_all(&bench).map_err(|e| format!("{}: {e}", bench.display()))?;
        crate::tree::copy_dir(&root.join("bench"), &bench)?;
    }
    cmd::header(&format!(
        "cargo build (url-bench at {rev}, in {})",
        dir.display()
    ));
    let target = dir.join("target");
    let mut build = cmd::cargo(&src, &["build"]);
    build.args(URL_BENCH);
    build.env("CARGO_TARGET_DIR", &target);
    let built = cmd::run(&mut build);
    let _ = std::fs::remove_dir_all(&src);
    match built? {
        true => Ok(target.join("release").join("url-bench")),
        false if same_harness => Err(format!(
            "the build of url-bench at {rev} with this tree's bench/ failed (it may call what \
             {rev}'s libraries do not have): run without --same-harness"
        )),
        false => Err(format!("the build of url-bench at {rev} failed")),
    }
}

/// One benchmark pass of `binary`: its records.
fn pass(root: &Path, binary: &Path, args: &[String], label: &str) -> Result<Vec<Record>, String> {
    let started = Instant::now();
    let (ok, out, err) = cmd::capture(Command::new(binary).args(args).current_dir(root))?;
    if !ok {
        return Err(format!("url-bench ({label}) failed: {}", err.trim()));
    }
    let records = parse_markdown(&out);
    eprintln!(
        "    {label}: {} rows in {:.1} s",
        records.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(records)
}

/// The whole comparison; `args` go to both binaries (files already absolute). Returns the
/// current tree's passes combined ([`super::results::combine`]), every row of them (the
/// competitors' too), so that the run can be saved and drawn like a plain one.
pub fn run(
    root: &Path,
    target: &Path,
    rev: &str,
    same_harness: bool,
    runs: usize,
    args: &[String],
) -> Result<Vec<Record>, String> {
    let short = git(
        root,
        &["rev-parse", "--short", &format!("{rev}^{{commit}}")],
    )?;
    let base_binary = build_revision(root, &short, same_harness, &target.join("bench-baseline"))?;
    cmd::header("cargo build (url-bench now)");
    if !cmd::run(cmd::cargo(root, &["build"]).args(URL_BENCH))? {
        return Err("the build of url-bench failed".into());
    }
    let now_binary = target.join("release").join("url-bench");
    let (mut now, mut base) = (Vec::new(), Vec::new());
    for i in 0..runs.max(1) {
        cmd::header(&format!("run {} of {}", i + 1, runs.max(1)));
        if i % 2 == 0 {
            base.push(pass(root, &base_binary, args, &short)?);
            now.push(pass(root, &now_binary, args, "now")?);
        } else {
            now.push(pass(root, &now_binary, args, "now")?);
            base.push(pass(root, &base_binary, args, &short)?);
        }
    }
    let rows = merge(&now, &base);
    println!(
        "\n### url-bench now against {short} ({} runs alternating, medians; args: {})\n",
        runs.max(1),
        args.join(" ")
    );
    print!("{}", render(&rows, &short));
    if rows.is_empty() {
        return Err("no rows of ours in either side's tables".into());
    }
    Ok(combine(&now))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(table: &str, name: &str, ours: bool, median: f64) -> Record {
        Record {
            section: "a.txt".into(),
            table: table.into(),
            implementation: name.into(),
            ours,
            median,
            ratio: None,
        }
    }

    fn with_ratio(mut r: Record, ratio: f64) -> Record {
        r.ratio = Some(ratio);
        r
    }

    #[test]
    fn merges_our_rows_by_run() {
        let now = vec![
            vec![
                record("parse", "ours", true, 110.0),
                record("parse", "ada", false, 1.0),
            ],
            vec![
                record("parse", "ours", true, 100.0),
                record("new", "ours", true, 5.0),
            ],
            vec![record("parse", "ours", true, 104.0)],
        ];
        let base = vec![
            vec![record("parse", "ours", true, 100.0)],
            vec![record("parse", "ours", true, 100.0)],
            vec![
                record("parse", "ours", true, 100.0),
                record("gone", "ours", true, 7.0),
            ],
        ];
        let rows = merge(&now, &base);
        let names: Vec<&str> = rows.iter().map(|r| r.table.as_str()).collect();
        assert_eq!(names, ["parse", "new", "gone"]);
        assert_eq!(rows[0].now, Some(104.0));
        assert_eq!(rows[0].base, Some(100.0));
        assert_eq!(rows[0].ratio, Some(1.04));
        assert_eq!(rows[0].relative, None);
        assert!(rows[0].slower());
        assert_eq!((rows[1].base, rows[1].ratio), (None, None));
        assert_eq!((rows[2].now, rows[2].base), (None, Some(7.0)));
        assert!(!rows[1].slower());
    }

    #[test]
    fn the_ratio_to_the_reference_decides_where_there_is_one() {
        // A loaded machine: now's process ran 50% slower throughout, ada with it.
        let loaded = merge(
            &[vec![with_ratio(record("parse", "ours", true, 150.0), 0.50)]],
            &[vec![with_ratio(record("parse", "ours", true, 100.0), 0.50)]],
        );
        assert_eq!(loaded[0].relative, Some(1.0));
        assert!(!loaded[0].slower());
        // Slower against the reference on a machine that happened to be quicker.
        let slower = merge(
            &[vec![with_ratio(record("parse", "ours", true, 90.0), 0.55)]],
            &[vec![with_ratio(record("parse", "ours", true, 100.0), 0.50)]],
        );
        assert!(slower[0].relative.is_some_and(|r| (r - 1.1).abs() < 1e-9));
        assert!(slower[0].slower());
    }

    #[test]
    fn renders_and_flags() {
        let rows = merge(
            &[vec![
                record("parse", "ours", true, 102.0),
                with_ratio(record("setters", "ours", true, 120.0), 0.6),
            ]],
            &[vec![
                record("parse", "ours", true, 100.0),
                with_ratio(record("setters", "ours", true, 100.0), 0.5),
            ]],
        );
        let text = render(&rows, "abc123");
        assert!(
            text.contains(
                "| now ns | abc123 ns | now / abc123 | ratio to reference, now / abc123 |"
            )
        );
        assert!(text.contains("| a.txt | parse | ours | 102.0 | 100.0 | 1.020 | - |  |"));
        assert!(
            text.contains(
                "| a.txt | setters | ours | 120.0 | 100.0 | 1.200 | 1.200 | **slower** |"
            )
        );
        assert!(text.contains("1 of 2 rows more than 3% slower than abc123"));
    }
}
