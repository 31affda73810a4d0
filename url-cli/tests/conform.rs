//! `wurl conform`: this project's parser through the protocol (`--serve`) gives 100% and no
//! divergence; the rust-url adapter gives, per fixture, the pass counts that rust-url gives
//! in-process; a known-divergence list decides the exit status; children that crash, hang,
//! print garbage or answer the wrong number of lines stop the run with one line naming the
//! request, and the report keeps what was answered.
#![allow(clippy::restriction)] // test code: unwrapping or indexing is a failed test

// `common::check_table` serves the table-driven test files, not this one.
#[allow(dead_code)]
mod common;

use std::path::PathBuf;

use serde_json::Value;
use test_support::Value as Fixture;
use url::{Url, quirks};

fn wurl_path() -> &'static str {
    env!("CARGO_BIN_EXE_wurl")
}

/// The example adapter `name`, built beside the test binaries by `cargo test`.
fn example(name: &str) -> String {
    let deps = std::env::current_exe().unwrap();
    let profile = deps.parent().unwrap().parent().unwrap();
    let path: PathBuf = profile.join("examples").join(name);
    assert!(path.is_file(), "{} is not built", path.display());
    path.display().to_string()
}

fn wpt_dir() -> String {
    test_support::fixture("urltestdata.json")
        .parent()
        .unwrap()
        .display()
        .to_string()
}

/// `wurl conform --json --wpt <fixtures> ARGS`: the report and the exit code.
fn conform(args: &[&str]) -> (Value, String, i32) {
    let wpt = wpt_dir();
    let mut all = vec!["conform", "--json", "--wpt", &wpt];
    all.extend_from_slice(args);
    let (out, err, code) = common::wurl(&all, b"");
    let report = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}\n{err}"));
    (report, err, code)
}

fn row<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == name)
        .unwrap_or_else(|| panic!("no row {name}: {report}"))
}

#[test]
fn this_project_through_the_protocol_has_no_divergence() {
    let (report, err, code) = conform(&[
        "--generate",
        "20000",
        "--",
        wurl_path(),
        "conform",
        "--serve",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(report["divergences"], 0, "{report:#}");
    assert_eq!(report["error"], Value::Null);
    let rows = report["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 9);
    for row in rows {
        assert_eq!(row["passed"], row["cases"], "{row}");
        assert!(row["cases"].as_u64().unwrap() > 0, "{row}");
    }
    assert_eq!(row(&report, "urltestdata.json")["passed"], 891);
    assert!(report["requests"].as_u64().unwrap() > 20000 + 4000);
}

/// rust-url's components for a urltestdata-style expectation, in-process.
fn rust_url_parse(input: &str, base: Option<&str>) -> Option<Url> {
    match base {
        Some(base) => Url::parse(base).and_then(|b| b.join(input)).ok(),
        None => Url::parse(input).ok(),
    }
}

fn getter(url: &Url, name: &str) -> String {
    match name {
        "href" => quirks::href(url).to_owned(),
        "origin" => quirks::origin(url),
        "protocol" => quirks::protocol(url).to_owned(),
        "username" => quirks::username(url).to_owned(),
        "password" => quirks::password(url).to_owned(),
        "host" => quirks::host(url).to_owned(),
        "hostname" => quirks::hostname(url).to_owned(),
        "port" => quirks::port(url).to_owned(),
        "pathname" => quirks::pathname(url).to_owned(),
        "search" => quirks::search(url).to_owned(),
        "hash" => quirks::hash(url).to_owned(),
        other => panic!("no getter {other}"),
    }
}

const FIELDS: [&str; 11] = [
    "href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname",
    "search", "hash",
];

/// Whether `url` has every field `expected` gives (a urltestdata case, or `expected` of a
/// setters case).
fn has_fields(url: &Url, expected: &Fixture) -> bool {
    FIELDS.iter().all(|field| {
        expected
            .str_field(field)
            .is_none_or(|want| getter(url, field) == want)
    })
}

/// rust-url's passes in urltestdata.json, counted in-process.
fn rust_url_urltestdata(file: &str) -> u64 {
    let mut passed = 0;
    for case in test_support::cases(file) {
        let Some(input) = case.str_field("input") else {
            continue;
        };
        let base = case.get("base").and_then(Fixture::as_str);
        let failure = case.get("failure").and_then(Fixture::as_bool) == Some(true);
        let ok = match rust_url_parse(input, base) {
            None => failure,
            Some(url) => !failure && has_fields(&url, &case),
        };
        passed += u64::from(ok);
    }
    passed
}

/// rust-url's passes in setters_tests.json, counted in-process.
fn rust_url_setters() -> u64 {
    let data = test_support::load("setters_tests.json");
    let mut passed = 0;
    for (setter, cases) in data.as_object().unwrap() {
        if setter == "comment" {
            continue;
        }
        for case in cases.as_array().unwrap() {
            let mut url = Url::parse(case.str_field("href").unwrap()).unwrap();
            let value = case.str_field("new_value").unwrap();
            let _ = match setter.as_str() {
                "href" => quirks::set_href(&mut url, value).map_err(|_| ()),
                "protocol" => quirks::set_protocol(&mut url, value),
                "username" => quirks::set_username(&mut url, value),
                "password" => quirks::set_password(&mut url, value),
                "host" => quirks::set_host(&mut url, value),
                "hostname" => quirks::set_hostname(&mut url, value),
                "port" => quirks::set_port(&mut url, value),
                "pathname" => {
                    quirks::set_pathname(&mut url, value);
                    Ok(())
                }
                "search" => {
                    quirks::set_search(&mut url, value);
                    Ok(())
                }
                "hash" => {
                    quirks::set_hash(&mut url, value);
                    Ok(())
                }
                other => panic!("no setter {other}"),
            };
            passed += u64::from(has_fields(&url, case.get("expected").unwrap()));
        }
    }
    passed
}

/// rust-url's passes of `https://{host}/x` having host `output` (toascii.json, IdnaTestV2.json
/// with `:/?#\` percent-encoded), counted in-process.
fn rust_url_hosts(file: &str, encode: bool) -> u64 {
    let mut passed = 0;
    for case in test_support::cases(file) {
        let input = case.str_field("input").unwrap();
        if encode && input.is_empty() {
            continue;
        }
        let mut host = input.to_owned();
        if encode {
            for (from, to) in [
                (":", "%3A"),
                ("/", "%2F"),
                ("?", "%3F"),
                ("#", "%23"),
                ("\\", "%5C"),
            ] {
                host = host.replace(from, to);
            }
        }
        let output = case.get("output").and_then(Fixture::as_str);
        let ok = match (Url::parse(&format!("https://{host}/x")), output) {
            (Err(_), None) => true,
            (Ok(url), Some(out)) => {
                quirks::host(&url) == out
                    && quirks::hostname(&url) == out
                    && quirks::pathname(&url) == "/x"
                    && quirks::href(&url) == format!("https://{out}/x")
            }
            _ => false,
        };
        passed += u64::from(ok);
    }
    passed
}

#[test]
fn the_rust_url_adapter_counts_as_rust_url_in_process() {
    let (report, err, code) = conform(&["--no-minimize", "--", &example("conform_rust_url")]);
    assert_eq!(code, 1, "rust-url diverges: {err}");
    assert_eq!(report["error"], Value::Null);
    let expected = [
        ("urltestdata.json", rust_url_urltestdata("urltestdata.json")),
        (
            "urltestdata-javascript-only.json",
            rust_url_urltestdata("urltestdata-javascript-only.json"),
        ),
        ("setters_tests.json", rust_url_setters()),
        (
            "toascii.json (via URL)",
            rust_url_hosts("toascii.json", false),
        ),
        (
            "IdnaTestV2.json (via URL)",
            rust_url_hosts("IdnaTestV2.json", true),
        ),
        (
            "IdnaTestV2-removed.json (via URL)",
            rust_url_hosts("IdnaTestV2-removed.json", true),
        ),
    ];
    for (name, passed) in expected {
        assert_eq!(row(&report, name)["passed"], passed, "{name}");
    }
    // rust-url 2.5.8 refuses `xn--` labels that domain to ASCII now keeps (docs/compatibility.md, R1).
    assert!(row(&report, "urltestdata.json")["passed"].as_u64().unwrap() < 891);
}

#[test]
fn the_known_list_decides_the_exit_status() {
    let adapter = example("conform_rust_url");
    let (report, _, code) = conform(&["--no-minimize", "--", &adapter]);
    assert_eq!(code, 1);
    let classes: Vec<&str> = report["classes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert!(classes.contains(&"IDNA: fails where the standard parses"));
    let dir = std::env::temp_dir().join(format!("wurl-conform-known-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let all = dir.join("all.txt");
    std::fs::write(
        &all,
        format!("# rust-url 2.5.8\n\n{}\n", classes.join("\n")),
    )
    .unwrap();
    let (report, _, code) = conform(&[
        "--no-minimize",
        "--known",
        all.to_str().unwrap(),
        "--",
        &adapter,
    ]);
    assert_eq!(code, 0);
    assert!(
        report["classes"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["known"] == true)
    );
    let some = dir.join("some.txt");
    std::fs::write(&some, classes[1..].join("\n")).unwrap();
    let (_, _, code) = conform(&[
        "--no-minimize",
        "--known",
        some.to_str().unwrap(),
        "--",
        &adapter,
    ]);
    assert_eq!(code, 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn examples_are_minimized() {
    let (report, _, _) = conform(&["--", &example("conform_rust_url")]);
    let class = report["classes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "IDNA: fails where the standard parses")
        .unwrap();
    let example = &class["examples"][0];
    // `https://xn--/`, for instance, shrinks to the label alone: `http://xn--`.
    let input = example["request"]["input"].as_str().unwrap();
    assert!(input.len() <= "https://xn--/".len(), "{example}");
    assert!(input.to_ascii_lowercase().contains("xn--"), "{example}");
    assert_eq!(example["answer"]["failure"], true);
}

/// Runs `wurl conform` (text report) against the shell script `script`.
fn bad_child(script: &str, extra: &[&str]) -> (String, String, i32) {
    let wpt = wpt_dir();
    let mut args = vec!["conform", "--wpt", &wpt, "--timeout-ms", "500"];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["--", "sh", "-c", script]);
    common::wurl(&args, b"")
}

const FAILURE: &str = r#"echo '{"failure":true}'"#;

#[test]
fn a_child_that_crashes() {
    let script = format!("for i in 1 2 3; do read l; {FAILURE}; done; exit 3");
    let (out, err, code) = bad_child(&script, &[]);
    assert_eq!(code, 2);
    assert!(
        err.contains("the implementation exited (exit status: 3) before answering request 4, parse \"https://:@test\""),
        "{err}"
    );
    // The report keeps the three answers.
    assert!(out.contains("| urltestdata.json "), "{out}");
    assert!(out.contains(" / 3 of 891 |"), "{out}");
}

#[test]
fn a_child_that_hangs() {
    let (out, err, code) = bad_child("read l; sleep 30", &[]);
    assert_eq!(code, 2);
    assert!(
        err.contains("no answer within 0.5s to request 1, parse \"http://example\\t.\\norg\" against \"http://example.org/foo/bar\""),
        "{err}"
    );
    assert!(out.contains("0 / 0 of 891"), "{out}");
}

#[test]
fn a_child_that_prints_garbage() {
    let script =
        format!("read l; {FAILURE}; read l; echo 'Traceback (most recent call last):'; sleep 30");
    let (_, err, code) = bad_child(&script, &[]);
    assert_eq!(code, 2);
    assert!(
        err.contains("answer 2 is not an answer, not JSON (expected value at line 1 column 1): \"Traceback (most recent call last):\", to parse \"http://user:pass@foo:21/bar;par?b#c\""),
        "{err}"
    );
}

#[test]
fn a_child_that_answers_too_many_lines() {
    // Two answers a line: the last requests are answered, and lines are left over.
    let script = format!("while read l; do {FAILURE}; {FAILURE}; done");
    let (_, err, code) = bad_child(&script, &["--no-minimize"]);
    assert_eq!(code, 2);
    // The count is every fixture request the run made (the fixture files' size decides it).
    let told = err
        .split("the implementation answered more lines than the ")
        .nth(1)
        .unwrap_or_default();
    let (count, rest) = told.split_once(' ').unwrap_or_default();
    assert!(count.parse::<u32>().is_ok_and(|n| n > 4000), "{err}");
    assert!(
        rest.starts_with("requests it was asked: \"{\\\"failure\\\":true}\""),
        "{err}"
    );
}

#[test]
fn a_child_that_answers_too_few_lines() {
    // One answer for two lines: the answers run out before the requests do.
    let script = format!("while read l; do read m; {FAILURE}; done");
    let (out, err, code) = bad_child(&script, &["--batch", "8"]);
    assert_eq!(code, 2);
    assert!(err.contains("no answer within 0.5s to request "), "{err}");
    assert!(out.contains(" of 891 |"), "{out}");
}

#[test]
fn no_command_is_a_usage_error() {
    let (_, err, code) = common::wurl(&["conform"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("no implementation to run"), "{err}");
    let (_, err, code) = common::wurl(&["conform", "--no-wpt", "--", "true"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("nothing to run"), "{err}");
}
