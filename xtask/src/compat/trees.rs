//! `cargo xtask compat --trees`: the dependency trees people have, built with the facade.
//!
//! Each tree of [`TREES`] is a throwaway program depending on one published crate (its
//! default features unless the row says otherwise), with the facade patched in as the README
//! tells users to do:
//!
//! ```toml
//! [patch.crates-io]
//! url = { path = "<repository>/url-compat" }
//! ```
//!
//! Its lock file is resolved afresh; `cargo tree -i url` must show the facade; then
//! `cargo check` builds it, or, for the rows with a program, `cargo run` runs the program once
//! with the facade and once with rust-url 2.5.8 (a second copy without the patch) and the two
//! outputs must be identical. Everything lives under `<target>/compat-trees/`, with one target
//! directory shared by all trees, so what they have in common is built once; logs of every
//! step are in `<target>/compat-trees/logs/`.

use std::fs;
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use super::trees_list::{TREES, Tree};
use crate::cmd;
use crate::packages;

/// One tree's result.
struct Row {
    label: &'static str,
    version: String,
    /// The first line of `cargo tree -i url` with the facade.
    url: String,
    seconds: f64,
    outcome: Result<String, String>,
}

pub fn run(root: &Path, only: &[String]) -> ExitCode {
    let unknown: Vec<&String> = only
        .iter()
        .filter(|name| !TREES.iter().any(|t| t.label == name.as_str()))
        .collect();
    if !unknown.is_empty() {
        eprintln!("compat --trees: not in the list: {unknown:?}");
        return ExitCode::from(2);
    }
    let facade = match root.join("url-compat").canonicalize() {
        Ok(path) => path,
        Err(e) => {
            eprintln!("compat --trees: no facade at url-compat/: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(message) = system_packages() {
        eprintln!("compat --trees: {message}");
        return ExitCode::FAILURE;
    }
    let work = packages::target_dir(root).join("compat-trees");
    let started = Instant::now();
    let mut rows = Vec::new();
    for tree in TREES
        .iter()
        .filter(|t| only.is_empty() || only.iter().any(|n| n == t.label))
    {
        cmd::header(&format!("compat --trees: {}", tree.label));
        let row = build(&work, tree, &facade);
        match &row.outcome {
            Ok(what) => eprintln!("{}: ok ({what}, {:.0} s)", tree.label, row.seconds),
            Err(why) => eprintln!("{}: FAILED: {why}", tree.label),
        }
        rows.push(row);
    }
    println!(
        "\n| crate | version | features | what it is | `url` in the tree | result | time (s) |"
    );
    println!("| --- | --- | --- | --- | --- | --- | ---: |");
    for row in &rows {
        let Some(tree) = TREES.iter().find(|t| t.label == row.label) else {
            continue;
        };
        let features = if tree.features.is_empty() {
            "default".to_owned()
        } else {
            let list = tree.features.join(", ");
            if tree.default_features {
                format!("default + {list}")
            } else {
                list
            }
        };
        let result = match &row.outcome {
            Ok(what) => what.clone(),
            Err(why) => format!("**failed**: {why}"),
        };
        println!(
            "| {} | {} | {features} | {} | {} | {result} | {:.0} |",
            tree.name, row.version, tree.what, row.url, row.seconds
        );
    }
    let failed = rows.iter().filter(|r| r.outcome.is_err()).count();
    println!(
        "\ncompat --trees: {} built, {failed} failed, in {:.0} s",
        rows.len() - failed,
        started.elapsed().as_secs_f64()
    );
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// OpenSSL's headers and pkg-config, which the default TLS back ends of several trees build
/// against: installed when missing (`system::install`).
fn system_packages() -> Result<(), String> {
    let found = Command::new("pkg-config")
        .args(["--exists", "openssl"])
        .status()
        .is_ok_and(|s| s.success());
    if found {
        return Ok(());
    }
    crate::system::install(
        "OpenSSL's headers (pkg-config openssl)",
        &["pkg-config", "libssl-dev"],
    )
}

fn build(work: &Path, tree: &Tree, facade: &Path) -> Row {
    let mut row = Row {
        label: tree.label,
        version: String::new(),
        url: String::new(),
        seconds: 0.0,
        outcome: Ok(String::new()),
    };
    let started = Instant::now();
    row.outcome = build_steps(work, tree, facade, &mut row);
    row.seconds = started.elapsed().as_secs_f64();
    row
}

fn build_steps(work: &Path, tree: &Tree, facade: &Path, row: &mut Row) -> Result<String, String> {
    let with_facade = work.join(tree.label).join("facade");
    prepare(&with_facade, tree, Some(facade))?;
    let log = |step: &str| work.join("logs").join(format!("{}-{step}.log", tree.label));
    step(
        cargo(work, &with_facade, &["generate-lockfile"]),
        &log("lock"),
    )?;
    row.version = resolved_version(work, &with_facade, tree.name)?;
    row.url = tree_root(work, &with_facade)?;
    let expected = format!("({})", facade.display());
    if !row.url.ends_with(&expected) {
        return Err(format!("`cargo tree -i url` shows `{}`", row.url));
    }
    row.url = "facade".into();
    if tree.program.is_none() {
        step(cargo(work, &with_facade, &["check"]), &log("check"))?;
        return Ok("`cargo check` passed".into());
    }
    let ours = run_program(work, &with_facade, &log("run-facade"))?;
    let with_rust_url = work.join(tree.label).join("rust-url");
    prepare(&with_rust_url, tree, None)?;
    step(
        cargo(work, &with_rust_url, &["generate-lockfile"]),
        &log("lock-rust-url"),
    )?;
    step(
        cargo(
            work,
            &with_rust_url,
            &["update", "-p", "url", "--precise", "2.5.8"],
        ),
        &log("lock-rust-url"),
    )?;
    let theirs_root = tree_root(work, &with_rust_url)?;
    if theirs_root != "url v2.5.8" {
        return Err(format!(
            "without the patch, `cargo tree -i url` shows `{theirs_root}`"
        ));
    }
    let theirs = run_program(work, &with_rust_url, &log("run-rust-url"))?;
    if ours == theirs {
        Ok(format!(
            "program output identical to rust-url's ({} lines)",
            ours.lines().count()
        ))
    } else {
        Err(format!(
            "program output differs:\n--- rust-url 2.5.8\n{theirs}\n--- facade\n{ours}"
        ))
    }
}

/// Writes the throwaway program: its manifest (with the patch when `facade` is given) and its
/// `src/main.rs`.
fn prepare(dir: &Path, tree: &Tree, facade: Option<&Path>) -> Result<(), String> {
    let mut dependency = format!("{} = {{ version = \"={}\"", tree.name, tree.version);
    if tree.version == "*" || tree.version.chars().filter(|&c| c == '.').count() < 2 {
        dependency = format!("{} = {{ version = \"{}\"", tree.name, tree.version);
    }
    if !tree.default_features {
        dependency.push_str(", default-features = false");
    }
    if !tree.features.is_empty() {
        let list: Vec<String> = tree.features.iter().map(|f| format!("\"{f}\"")).collect();
        dependency.push_str(&format!(", features = [{}]", list.join(", ")));
    }
    dependency.push_str(" }\n");
    let patch = facade.map_or_else(String::new, |path| {
        format!(
            "\n[patch.crates-io]\nurl = {{ path = {} }}\n",
            packages::toml_path(path)
        )
    });
    let manifest = format!(
        "# Generated by `cargo xtask compat --trees`.\n[package]\nname = \"tree-{label}\"\n\
         version = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n[workspace]\n\n\
         [dependencies]\n{dependency}{extra}{patch}",
        label = tree.label,
        extra = tree.extra,
    );
    packages::write(&dir.join("Cargo.toml"), &manifest)?;
    let main = tree.program.map_or("fn main() {}\n", |(_, source)| source);
    packages::write(&dir.join("src").join("main.rs"), main)?;
    // A fresh resolution each time: the lock of an earlier run is not kept.
    let _ = fs::remove_file(dir.join("Cargo.lock"));
    Ok(())
}

/// `cargo` in `dir`, with the trees' shared target directory.
fn cargo(work: &Path, dir: &Path, args: &[&str]) -> Command {
    let mut command = cmd::cargo(dir, args);
    command.env("CARGO_TARGET_DIR", work.join("target"));
    command
}

/// Runs a step with its output appended to `log`.
fn step(mut command: Command, log: &Path) -> Result<(), String> {
    if let Some(parent) = log.parent() {
        fs::create_dir_all(parent).map_err(|e| format!("creating {}: {e}", parent.display()))?;
    }
    let file = || {
        fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(log)
            .map_err(|e| format!("opening {}: {e}", log.display()))
    };
    command.stdout(file()?).stderr(file()?).stdin(Stdio::null());
    if cmd::run(&mut command)? {
        Ok(())
    } else {
        Err(format!(
            "{} failed: see {}",
            describe(&command),
            log.display()
        ))
    }
}

fn describe(command: &Command) -> String {
    let args: Vec<String> = command
        .get_args()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    format!("`cargo {}`", args.join(" "))
}

/// The version of `name` that the lock file holds (`cargo pkgid`).
fn resolved_version(work: &Path, dir: &Path, name: &str) -> Result<String, String> {
    let (ok, stdout, stderr) = cmd::capture(&mut cargo(work, dir, &["pkgid", name]))?;
    if !ok {
        return Err(format!("`cargo pkgid {name}` failed: {stderr}"));
    }
    Ok(stdout
        .trim()
        .rsplit(['@', ':'])
        .next()
        .unwrap_or_default()
        .to_owned())
}

/// The first line of `cargo tree -i url`: which `url` the tree has.
fn tree_root(work: &Path, dir: &Path) -> Result<String, String> {
    let (ok, stdout, stderr) = cmd::capture(&mut cargo(
        work,
        dir,
        &["tree", "-i", "url", "--edges", "normal,build"],
    ))?;
    if !ok {
        let reason = stderr
            .lines()
            .find(|l| l.starts_with("error"))
            .unwrap_or("");
        return Err(format!(
            "`cargo tree -i url` failed (no `url` in the tree?): {reason}"
        ));
    }
    Ok(stdout.lines().next().unwrap_or_default().trim().to_owned())
}

/// Builds and runs the program; its standard output.
fn run_program(work: &Path, dir: &Path, log: &Path) -> Result<String, String> {
    step(cargo(work, dir, &["build", "--quiet"]), log)?;
    let (ok, stdout, stderr) =
        cmd::capture(cargo(work, dir, &["run", "--quiet"]).stdin(Stdio::null()))?;
    if ok {
        Ok(stdout)
    } else {
        Err(format!("the program failed:\n{stdout}{stderr}"))
    }
}
