//! `cargo xtask conformance --adapters [--generate N]`: `wurl conform` against each adapter that
//! ships in url-cli/examples/conform/ (this project through `--serve`, rust-url, Node.js's
//! `URL`, the standard's reference implementation through the same Node.js adapter, ada through
//! its Python binding, Python's urllib.parse), the WPT files and N generated requests each. Prints one table (a column per adapter) and each adapter's largest divergence
//! classes: the table of docs/conformance-for-others.md. Fails when an adapter's run stops
//! (the adapter crashed, hung or broke the protocol), when this project diverges from itself
//! through the protocol, or when the reference implementation diverges from it. The two that
//! report validation errors (this project and the reference) run with `--validation`.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use crate::cmd;
use crate::fixtures;
use crate::python::venv;

/// Generated requests per adapter in `cargo xtask test`.
pub const DEFAULT_GENERATE: usize = 20_000;

/// Divergence classes shown per adapter.
const TOP_CLASSES: usize = 5;

/// The virtual environment of the Python adapters (ada-url from PyPI), under the target folder.
const VENV: &str = "conform-venv";

/// The standard's reference implementation (npm `whatwg-url`, with `tr46`), at a pinned
/// version, run through the Node.js adapter; installed with npm under the target folder.
const REFERENCE: (&str, &str) = ("whatwg-url", "17.3.0");

/// The npm prefix of [`REFERENCE`], under the target folder.
const NODE_PREFIX: &str = "conform-node";

struct Adapter {
    name: String,
    command: Vec<String>,
    /// It answers `validate` (validation errors and valid URL strings): run with
    /// `--validation`.
    validates: bool,
}

pub fn check(root: &Path, generate: usize) -> Result<bool, String> {
    let wpt = fixtures::first_dir(root).ok_or("no WPT fixture directory")?;
    let datasets = fixtures::datasets_dir(root).ok_or("no datasets directory")?;
    let build = "build -p whatwg-url-cli --bin wurl --example conform_rust_url";
    cmd::header(&format!("cargo {build}"));
    let args: Vec<&str> = build.split(' ').collect();
    let built = cmd::run(&mut cmd::cargo(root, &args))?;
    if !built {
        return Ok(false);
    }
    let profile = crate::packages::target_dir(root).join("debug");
    let wurl = profile.join("wurl").display().to_string();
    let adapters = adapters(root, &wurl, &profile)?;
    let mut reports = Vec::new();
    let mut ok = true;
    for adapter in &adapters {
        cmd::header(&format!(
            "wurl conform --generate {generate}{} -- {}",
            if adapter.validates {
                " --validation"
            } else {
                ""
            },
            adapter.command.join(" ")
        ));
        let mut command = Command::new(&wurl);
        command
            .args(["conform", "--json", "--generate", &generate.to_string()])
            .args(adapter.validates.then_some("--validation"))
            .arg("--wpt")
            .arg(&wpt)
            .arg("--datasets")
            .arg(&datasets)
            .arg("--")
            .args(&adapter.command)
            .current_dir(root);
        let (_, stdout, stderr) = cmd::capture(&mut command)?;
        eprint!("{stderr}");
        let report: Value = serde_json::from_str(&stdout)
            .map_err(|e| format!("{}: the report is not JSON ({e})", adapter.name))?;
        if let Some(error) = report["error"].as_str() {
            eprintln!("{}: the run stopped: {error}", adapter.name);
            ok = false;
        }
        reports.push(report);
    }
    if let Some(ours) = reports.first()
        && ours["divergences"] != 0
    {
        eprintln!("this project diverges from itself through the protocol: {ours:#}");
        ok = false;
    }
    // The reference implementation is the standard's: a divergence is a finding, ours or its.
    if let Some((_, reference)) = adapters
        .iter()
        .zip(&reports)
        .find(|(adapter, _)| adapter.name.starts_with(REFERENCE.0))
        && reference["divergences"] != 0
    {
        eprintln!("the reference implementation diverges from this project: {reference:#}");
        ok = false;
    }
    let markdown = render(&adapters, &reports, generate);
    println!("\n{markdown}");
    let out = crate::packages::target_dir(root).join("xtask/conform-adapters.md");
    if let Some(dir) = out.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(&out, &markdown).map_err(|e| format!("{}: {e}", out.display()))?;
    eprintln!("written to {}", out.display());
    Ok(ok)
}

/// The adapters with their commands and versions; the Python environment made when missing.
fn adapters(root: &Path, wurl: &str, profile: &Path) -> Result<Vec<Adapter>, String> {
    let examples = root.join("url-cli/examples/conform");
    let script = |file: &str| examples.join(file).display().to_string();
    let python = venv::python(root, VENV, false, false)?;
    let has_ada = Command::new(&python)
        .args(["-c", "import ada_url"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_ada {
        venv::pip(root, &python, &["ada-url"], false)?;
    }
    let python = python.display().to_string();
    let version = |program: &str, args: &[&str]| -> String {
        Command::new(program)
            .args(args)
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
            .unwrap_or_default()
    };
    crate::system::ensure_program("node", "Node.js, for its URL adapter", &["nodejs"])?;
    let node = version("node", &["--version"]);
    let ada = version(
        &python,
        &[
            "-c",
            "import importlib.metadata as m; print(m.version('ada-url'))",
        ],
    );
    let python_version = version(
        &python,
        &["-c", "import sys; print(sys.version.split()[0])"],
    );
    let reference = reference_module(root)?.display().to_string();
    let rust_url = profile.join("examples/conform_rust_url");
    Ok(vec![
        Adapter {
            name: "whatwg-url (--serve)".into(),
            command: vec![wurl.into(), "conform".into(), "--serve".into()],
            validates: true,
        },
        Adapter {
            name: "rust-url 2.5.8".into(),
            command: vec![rust_url.display().to_string()],
            validates: false,
        },
        Adapter {
            name: format!("Node.js {node} URL"),
            command: vec!["node".into(), script("node_adapter.mjs")],
            validates: false,
        },
        Adapter {
            name: format!("{} {} (the reference, Node.js)", REFERENCE.0, REFERENCE.1),
            command: vec!["node".into(), script("node_adapter.mjs"), reference],
            validates: true,
        },
        Adapter {
            name: format!("ada-url {ada} (Python)"),
            command: vec![python.clone(), script("ada_adapter.py")],
            validates: false,
        },
        Adapter {
            name: format!("urllib.parse (Python {python_version})"),
            command: vec![python, script("urllib_adapter.py")],
            validates: false,
        },
    ])
}

/// The entry module of [`REFERENCE`], installed with npm when missing.
fn reference_module(root: &Path) -> Result<std::path::PathBuf, String> {
    let prefix = crate::packages::target_dir(root).join(NODE_PREFIX);
    let module = prefix
        .join("node_modules")
        .join(REFERENCE.0)
        .join("index.js");
    if module.is_file() {
        return Ok(module);
    }
    crate::system::ensure_program("npm", "npm, for the reference implementation", &["npm"])?;
    let package = format!("{}@{}", REFERENCE.0, REFERENCE.1);
    cmd::header(&format!(
        "npm install --prefix {} {package}",
        prefix.display()
    ));
    let mut install = Command::new("npm");
    install
        .args(["install", "--no-audit", "--no-fund", "--prefix"])
        .arg(&prefix)
        .arg(&package);
    if !cmd::run(&mut install)? || !module.is_file() {
        return Err(format!(
            "npm did not install {package} into {}",
            prefix.display()
        ));
    }
    Ok(module)
}

/// `passed / total (pct)` of a report's row.
fn cell(row: &Value) -> String {
    let (passed, total) = (
        row["passed"].as_u64().unwrap_or(0),
        row["total"].as_u64().unwrap_or(0),
    );
    format!(
        "{passed} / {total} ({})",
        super::table::percent(passed, total)
    )
}

/// The table (a column per adapter), then each adapter's largest classes.
fn render(adapters: &[Adapter], reports: &[Value], generate: usize) -> String {
    let mut out = String::from("| fixture |");
    for adapter in adapters {
        out.push_str(&format!(" {} |", adapter.name));
    }
    out.push_str("\n| --- |");
    out.push_str(&" ---: |".repeat(adapters.len()));
    out.push('\n');
    let names: Vec<String> = reports
        .first()
        .and_then(|r| r["rows"].as_array())
        .map(|rows| {
            rows.iter()
                .filter_map(|r| r["name"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    for name in &names {
        out.push_str(&format!("| {name} |"));
        for report in reports {
            let row = report["rows"]
                .as_array()
                .and_then(|rows| rows.iter().find(|r| r["name"] == name.as_str()));
            out.push_str(&format!(" {} |", row.map_or("—".to_owned(), cell)));
        }
        out.push('\n');
    }
    let validating: Vec<&str> = adapters
        .iter()
        .filter(|a| a.validates)
        .map(|a| a.name.as_str())
        .collect();
    if !validating.is_empty() {
        out.push_str(&format!(
            "\n{} run with `--validation`: the `(validate)` rows, and each generated parse \
             also asked as `validate` (valid URL string, validation errors in order, failure).\n",
            validating.join(" and ")
        ));
    }
    out.push_str(&format!(
        "\nLargest divergence classes (WPT files and {generate} generated requests):\n\n"
    ));
    for (adapter, report) in adapters.iter().zip(reports) {
        let mut classes: Vec<(&str, u64)> = report["classes"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|c| Some((c["name"].as_str()?, c["count"].as_u64()?)))
            .collect();
        classes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let shown: Vec<String> = classes
            .iter()
            .take(TOP_CLASSES)
            .map(|(name, count)| format!("{name} ({count})"))
            .collect();
        out.push_str(&format!(
            "- {}: {} divergences in {} classes{}{}\n",
            adapter.name,
            report["divergences"],
            classes.len(),
            if shown.is_empty() { "" } else { "; " },
            shown.join("; ")
        ));
    }
    out
}

/// The arguments after `conformance`: `--adapters [--generate N]`; `None` when not `--adapters`.
pub fn parse_args(args: &[String]) -> Result<Option<usize>, String> {
    match args {
        [] => Ok(None),
        [flag] if flag == "--adapters" => Ok(Some(DEFAULT_GENERATE)),
        [flag, generate, n] if flag == "--adapters" && generate == "--generate" => n
            .parse()
            .map(Some)
            .map_err(|_| format!("--generate {n}: not a number")),
        _ => Err(format!(
            "conformance: unexpected arguments {args:?} (`--adapters [--generate N]`)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments() {
        let args = |s: &[&str]| s.iter().map(|a| a.to_string()).collect::<Vec<_>>();
        assert_eq!(parse_args(&[]), Ok(None));
        assert_eq!(
            parse_args(&args(&["--adapters"])),
            Ok(Some(DEFAULT_GENERATE))
        );
        assert_eq!(
            parse_args(&args(&["--adapters", "--generate", "5"])),
            Ok(Some(5))
        );
        assert!(parse_args(&args(&["--adapters", "--generate", "x"])).is_err());
        assert!(parse_args(&args(&["--other"])).is_err());
    }

    #[test]
    fn renders_a_column_per_adapter() {
        let adapters = [
            Adapter {
                name: "a".into(),
                command: vec![],
                validates: true,
            },
            Adapter {
                name: "b".into(),
                command: vec![],
                validates: false,
            },
        ];
        let report = |passed: u64, classes: Value| {
            serde_json::json!({
                "rows": [{"name": "urltestdata.json", "passed": passed, "total": 10}],
                "divergences": 10 - passed,
                "classes": classes,
            })
        };
        let reports = [
            report(10, serde_json::json!([])),
            report(
                7,
                serde_json::json!([{"name": "IDNA: hostname", "count": 3}]),
            ),
        ];
        let text = render(&adapters, &reports, 5);
        assert!(text.starts_with(
            "| fixture | a | b |\n| --- | ---: | ---: |\n| urltestdata.json | 10 / 10 (100%) | 7 / 10 (70.0%) |\n"
        ), "{text}");
        assert!(text.contains("- a: 0 divergences in 0 classes\n"), "{text}");
        assert!(
            text.contains("- b: 3 divergences in 1 classes; IDNA: hostname (3)\n"),
            "{text}"
        );
    }
}
