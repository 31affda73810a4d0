//! `cargo xtask fuzz`: runs a fuzz target of `fuzz/` with cargo-fuzz on the stable toolchain.
//!
//! `cargo xtask fuzz <target> [--time SECONDS] [--max-len BYTES] [-- LIBFUZZER_ARGS...]`:
//! 1. installs cargo-fuzz when `cargo fuzz` is missing (`cargo install cargo-fuzz --locked`);
//! 2. writes the seed corpus to `fuzz/corpus/<target>/` (the `write_corpus` example of
//!    `url-fuzz` builds it from the WPT fixtures and `fixtures/datasets`), and copies in the
//!    committed regression inputs of `fuzz/regressions/<target>/`;
//! 3. runs `cargo fuzz run -s none --features <features> <target> fuzz/corpus/<target> --
//!    -max_total_time=N -max_len=M -timeout=10 -print_final_stats=1` (no sanitizer: the
//!    address sanitizer needs nightly; our crates forbid `unsafe` but for url-core's one module
//!    of vector intrinsics, which Miri checks: `cargo xtask simd --miri`);
//! 4. prints executions, executions per second and wall time, read from libFuzzer's final
//!    statistics.
//!
//! `cargo xtask fuzz list` lists the targets (the `[[bin]]`s of `fuzz/Cargo.toml`) with the
//! features each needs.

pub mod simd;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};
use std::{fs, io};

use crate::cmd;

const USAGE: &str = "\
usage: cargo xtask fuzz <target> [--time SECONDS] [--max-len BYTES] [-- LIBFUZZER_ARGS...]
       cargo xtask fuzz list";

/// Seconds a run lasts unless `--time` says otherwise.
const DEFAULT_TIME: u64 = 60;
/// The longest input libFuzzer makes unless `--max-len` says otherwise.
const DEFAULT_MAX_LEN: u64 = 4096;

/// A fuzz target: a `[[bin]]` of `fuzz/Cargo.toml`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Target {
    name: String,
    /// Its `required-features`, comma-separated, as `cargo fuzz run --features` takes them.
    features: String,
}

/// What libFuzzer reported at the end of a run.
#[derive(Debug, Default, Clone, PartialEq)]
struct Stats {
    executions: Option<u64>,
    exec_per_sec: Option<u64>,
    /// From `Done N runs in S second(s)`.
    seconds: Option<u64>,
    new_units: Option<u64>,
    peak_rss_mb: Option<u64>,
    /// libFuzzer's corpus (inputs kept in memory), from the last status line's `corp: N/...`.
    corpus_units: Option<u64>,
}

impl Stats {
    /// Reads one line of libFuzzer's output (`stat::name: value` and `Done N runs in S
    /// second(s)`); says whether it was one of those.
    fn add_line(&mut self, line: &str) -> bool {
        if line.starts_with('#')
            && let Some((_, rest)) = line.split_once("corp: ")
            && let Some((units, _)) = rest.split_once('/')
        {
            self.corpus_units = units.parse().ok().or(self.corpus_units);
            return true;
        }
        if let Some(rest) = line.strip_prefix("stat::") {
            let Some((name, value)) = rest.split_once(':') else {
                return false;
            };
            let value = value.trim().parse().ok();
            match name.trim() {
                "number_of_executed_units" => self.executions = value,
                "average_exec_per_sec" => self.exec_per_sec = value,
                "new_units_added" => self.new_units = value,
                "peak_rss_mb" => self.peak_rss_mb = value,
                _ => return false,
            }
            return true;
        }
        if let Some(rest) = line.strip_prefix("Done ") {
            let mut words = rest.split_whitespace();
            if let (Some(runs), Some("runs"), Some("in"), Some(seconds)) =
                (words.next(), words.next(), words.next(), words.next())
            {
                self.executions = self.executions.or(runs.parse().ok());
                self.seconds = seconds.parse().ok();
                return true;
            }
        }
        false
    }
}

struct Options {
    target: String,
    time: u64,
    max_len: u64,
    libfuzzer_args: Vec<String>,
}

impl Options {
    fn parse(args: &[String]) -> Result<Options, String> {
        let mut target = None;
        let mut time = DEFAULT_TIME;
        let mut max_len = DEFAULT_MAX_LEN;
        let mut libfuzzer_args = Vec::new();
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            let (flag, inline) = match arg.split_once('=') {
                Some((flag, value)) if flag.starts_with("--") => (flag, Some(value.to_owned())),
                _ => (arg.as_str(), None),
            };
            let mut number = || -> Result<u64, String> {
                let value = inline
                    .clone()
                    .or_else(|| args.next().cloned())
                    .ok_or(format!("{flag} needs a value"))?;
                value
                    .parse()
                    .map_err(|_| format!("{flag} wants a whole number, got `{value}`"))
            };
            match flag {
                "--time" => time = number()?,
                "--max-len" => max_len = number()?,
                "--" => {
                    libfuzzer_args.extend(args.by_ref().cloned());
                }
                _ if flag.starts_with('-') => return Err(format!("unknown option `{arg}`")),
                _ if target.is_none() => target = Some(arg.clone()),
                _ => return Err(format!("unexpected argument `{arg}`")),
            }
        }
        let target = target.ok_or("which target? (`cargo xtask fuzz list`)")?;
        Ok(Options {
            target,
            time,
            max_len,
            libfuzzer_args,
        })
    }
}

/// `cargo xtask fuzz ...`.
pub fn run(root: &Path, args: &[String]) -> ExitCode {
    let targets = match read_targets(&root.join("fuzz").join("Cargo.toml")) {
        Ok(targets) => targets,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::FAILURE;
        }
    };
    if args.first().map(String::as_str) == Some("list") && args.len() == 1 {
        for target in &targets {
            println!("{:<16} features: {}", target.name, target.features);
        }
        return ExitCode::SUCCESS;
    }
    let options = match Options::parse(args) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("error: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let Some(target) = targets.iter().find(|t| t.name == options.target) else {
        let names: Vec<&str> = targets.iter().map(|t| t.name.as_str()).collect();
        eprintln!(
            "error: no fuzz target `{}`; targets: {}",
            options.target,
            names.join(", ")
        );
        return ExitCode::from(2);
    };
    match fuzz(root, target, &options) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn fuzz(root: &Path, target: &Target, options: &Options) -> Result<bool, String> {
    cmd::header("cargo fuzz (installed?)");
    ensure_cargo_fuzz(root)?;

    let corpus = root.join("fuzz").join("corpus").join(&target.name);
    cmd::header(&format!("seed corpus -> {}", corpus.display()));
    let corpus_arg = corpus.to_string_lossy().into_owned();
    let wrote = cmd::run(&mut cmd::cargo(
        root,
        &[
            "run",
            "--quiet",
            "--package",
            "url-fuzz",
            "--example",
            "write_corpus",
            "--",
            &target.name,
            &corpus_arg,
        ],
    ))?;
    if !wrote {
        return Err("writing the seed corpus failed".to_owned());
    }
    let copied = copy_regressions(
        &root.join("fuzz").join("regressions").join(&target.name),
        &corpus,
    )
    .map_err(|e| format!("copying the regression inputs: {e}"))?;
    eprintln!("{copied} regression inputs added");

    let mut build_args = vec!["fuzz", "build", "-s", "none"];
    build_args.extend(profile_flags(target));
    if !target.features.is_empty() {
        build_args.extend(["--features", &target.features]);
    }
    build_args.push(&target.name);
    cmd::header(&format!("cargo {}", build_args.join(" ")));
    if !cmd::run(&mut cmd::cargo(root, &build_args))? {
        return Err("building the fuzz target failed".to_owned());
    }

    let max_total_time = format!("-max_total_time={}", options.time);
    let max_len = format!("-max_len={}", options.max_len);
    let mut run_args = vec!["fuzz", "run", "-s", "none"];
    run_args.extend(profile_flags(target));
    if !target.features.is_empty() {
        run_args.extend(["--features", &target.features]);
    }
    run_args.extend([target.name.as_str(), &corpus_arg, "--"]);
    run_args.extend([
        max_total_time.as_str(),
        &max_len,
        "-timeout=10",
        "-print_final_stats=1",
    ]);
    run_args.extend(options.libfuzzer_args.iter().map(String::as_str));
    cmd::header(&format!("cargo {}", run_args.join(" ")));
    let started = Instant::now();
    let mut stats = Stats::default();
    let success = run_reading_stderr(&mut cmd::cargo(root, &run_args), |line| {
        eprintln!("{line}");
        stats.add_line(line);
    })?;
    let wall = started.elapsed();
    print_summary(&target.name, &stats, wall, success, root);
    Ok(success)
}

/// cargo-fuzz builds with debug assertions and overflow checks unless given `-O`. The
/// differential and facade targets get `-O`: they compare with rust-url as its users get it
/// (rust-url has debug assertions that fire on some inputs, R13 of fuzz/DIVERGENCES.md, and in
/// `set_host(None)` on a URL whose path is empty); every other target keeps the checks. The
/// facade target checks the facade's record itself (`Url::check_invariants` after each call).
fn profile_flags(target: &Target) -> &'static [&'static str] {
    if target
        .features
        .split(',')
        .any(|f| f == "differential" || f == "facade")
    {
        &["-O"]
    } else {
        &[]
    }
}

/// Installs cargo-fuzz unless `cargo fuzz --version` works.
fn ensure_cargo_fuzz(root: &Path) -> Result<(), String> {
    let present = cmd::cargo(root, &["fuzz", "--version"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if present {
        eprintln!("cargo-fuzz is installed");
        return Ok(());
    }
    eprintln!("cargo-fuzz is missing: installing it");
    if cmd::run(&mut cmd::cargo(
        root,
        &["install", "cargo-fuzz", "--locked"],
    ))? {
        Ok(())
    } else {
        Err("`cargo install cargo-fuzz --locked` failed".to_owned())
    }
}

/// Copies every file of `from` (if it exists) into `to`; returns how many.
fn copy_regressions(from: &Path, to: &Path) -> io::Result<usize> {
    let Ok(entries) = fs::read_dir(from) else {
        return Ok(0);
    };
    let mut copied = 0;
    for entry in entries {
        let entry = entry?;
        if entry.path().is_file() {
            let mut name = std::ffi::OsString::from("regression-");
            name.push(entry.file_name());
            fs::copy(entry.path(), to.join(name))?;
            copied += 1;
        }
    }
    Ok(copied)
}

/// Runs `command` with stdout inherited and stderr (where libFuzzer writes) piped, handing
/// each line to `on_line`. `Ok(true)` on success.
fn run_reading_stderr(
    command: &mut Command,
    mut on_line: impl FnMut(&str),
) -> Result<bool, String> {
    let mut child = command
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run cargo fuzz: {e}"))?;
    if let Some(stderr) = child.stderr.take() {
        let mut reader = BufReader::new(stderr);
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match reader.read_until(b'\n', &mut buf) {
                Ok(0) => break,
                Ok(_) => on_line(String::from_utf8_lossy(&buf).trim_end_matches(['\n', '\r'])),
                Err(e) => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(format!("reading cargo fuzz's output: {e}"));
                }
            }
        }
    }
    let status = child
        .wait()
        .map_err(|e| format!("waiting for cargo fuzz: {e}"))?;
    Ok(status.success())
}

fn print_summary(target: &str, stats: &Stats, wall: Duration, success: bool, root: &Path) {
    let show = |n: Option<u64>| n.map_or_else(|| "?".to_owned(), |n| n.to_string());
    println!();
    println!("fuzz target:   {target}");
    println!("executions:    {}", show(stats.executions));
    println!("exec/s:        {}", show(stats.exec_per_sec));
    println!(
        "fuzzing time:  {} s (libFuzzer), wall time {:.1} s",
        show(stats.seconds),
        wall.as_secs_f64()
    );
    println!("new units:     {}", show(stats.new_units));
    println!(
        "corpus:        {} inputs (libFuzzer)",
        show(stats.corpus_units)
    );
    let files = fs::read_dir(root.join("fuzz").join("corpus").join(target))
        .map(|entries| entries.count() as u64)
        .ok();
    println!("corpus files:  {} in fuzz/corpus/{target}", show(files));
    println!("peak RSS:      {} MB", show(stats.peak_rss_mb));
    if success {
        println!("result:        no crash");
    } else {
        let artifacts = root.join("fuzz").join("artifacts").join(target);
        println!(
            "result:        FAILED: see the crash input in {}; once the bug is understood, commit \
             it as fuzz/regressions/{target}/<what-it-found> so `cargo test -p url-fuzz` replays it",
            artifacts.display()
        );
    }
}

/// The `[[bin]]`s of the fuzz manifest, each with its `required-features`.
fn read_targets(manifest: &Path) -> Result<Vec<Target>, String> {
    let text =
        fs::read_to_string(manifest).map_err(|e| format!("reading {}: {e}", manifest.display()))?;
    Ok(parse_targets(&text))
}

/// The `[[bin]]` tables of a manifest, read line by line (`name = "..."` and
/// `required-features = [...]` on one line each).
fn parse_targets(manifest: &str) -> Vec<Target> {
    let mut targets: Vec<Target> = Vec::new();
    let mut in_bin = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_bin = line == "[[bin]]";
            if in_bin {
                targets.push(Target {
                    name: String::new(),
                    features: String::new(),
                });
            }
            continue;
        }
        let (Some(target), Some((key, value))) = (targets.last_mut(), line.split_once('=')) else {
            continue;
        };
        if !in_bin {
            continue;
        }
        let value = value.trim();
        match key.trim() {
            "name" => target.name = value.trim_matches('"').to_owned(),
            "required-features" => {
                let list: Vec<&str> = value
                    .trim_start_matches('[')
                    .trim_end_matches(']')
                    .split(',')
                    .map(|f| f.trim().trim_matches('"'))
                    .filter(|f| !f.is_empty())
                    .collect();
                target.features = list.join(",");
            }
            _ => {}
        }
    }
    targets.retain(|t| !t.name.is_empty());
    targets
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_bins_of_a_manifest() {
        let manifest = "[package]\nname = \"url-fuzz\"\n\n[[bin]]\nname = \"parse\"\npath = \"x.rs\"\n\
                        required-features = [\"libfuzzer\"]\n\n[[bin]]\nname = \"differential\"\n\
                        required-features = [\"libfuzzer\", \"differential\"]\n\n[lints]\nworkspace = true\n";
        assert_eq!(
            parse_targets(manifest),
            [
                Target {
                    name: "parse".into(),
                    features: "libfuzzer".into()
                },
                Target {
                    name: "differential".into(),
                    features: "libfuzzer,differential".into()
                },
            ]
        );
    }

    #[test]
    fn reads_the_final_stats() {
        let mut stats = Stats::default();
        for line in [
            "#1048576\tpulse  cov: 2000 ft: 9000 corp: 800/40Kb exec/s: 30000 rss: 90Mb",
            "Done 1823021 runs in 61 second(s)",
            "stat::number_of_executed_units: 1823021",
            "stat::average_exec_per_sec:     29885",
            "stat::new_units_added:          312",
            "stat::slowest_unit_time_sec:    0",
            "stat::peak_rss_mb:              121",
        ] {
            stats.add_line(line);
        }
        assert_eq!(
            stats,
            Stats {
                executions: Some(1_823_021),
                exec_per_sec: Some(29_885),
                seconds: Some(61),
                new_units: Some(312),
                peak_rss_mb: Some(121),
                corpus_units: Some(800),
            }
        );
    }

    #[test]
    fn parses_options() {
        let args: Vec<String> = ["parse", "--time=5", "--max-len", "100", "--", "-runs=3"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let options = Options::parse(&args).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(options.target, "parse");
        assert_eq!((options.time, options.max_len), (5, 100));
        assert_eq!(options.libfuzzer_args, ["-runs=3"]);
        assert!(Options::parse(&["--time".to_owned()]).is_err());
        assert!(Options::parse(&["a".to_owned(), "b".to_owned()]).is_err());
    }
}
