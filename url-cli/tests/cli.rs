//! The `wurl` binary, run as a user runs it: a table of argument lists, stdin, and the expected
//! stdout, stderr (a part of it) and exit code; then JSON output against `whatwg-url` for every
//! line of the datasets.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::{Case, wurl};

const CASES: &[Case] = &[
    // Normalization, arguments and stdin.
    (
        &["HTTPS://EXAMPLE.com:443/a/../b"],
        "",
        "https://example.com/b\n",
        "",
        0,
    ),
    (
        &[],
        "http://x/ y\r\n\n\nhttps://h\n",
        "http://x/%20y\nhttps://h/\n",
        "",
        0,
    ),
    (&[], "\u{feff}https://h/\n", "https://h/\n", "", 0),
    (&[], "", "", "", 0),
    (
        &["nope", "https://h/"],
        "",
        "https://h/\n",
        "\"nope\": invalid URL: missing-scheme-non-relative-URL at byte 0",
        1,
    ),
    (
        &["--base", "https://h/a/b", "../c", "?q"],
        "",
        "https://h/c\nhttps://h/a/b?q\n",
        "",
        0,
    ),
    (&["--base", "nope", "x"], "", "", "--base \"nope\"", 2),
    // Templates.
    (
        &["--get", "{hostname} {port} {pathname}", "https://h:81/p"],
        "",
        "h 81 /p\n",
        "",
        0,
    ),
    (
        &[
            "-g",
            "{apex}|{tld}|{subdomain}",
            "https://a.b.example.co.uk/",
        ],
        "",
        "example.co.uk|co.uk|a.b\n",
        "",
        0,
    ),
    (
        &["-g", "{query:a} [{query-all:a}]", "https://h/?a=1&a=2%203"],
        "",
        "1 [1 2 3]\n",
        "",
        0,
    ),
    (
        &["-g", "{display}", "https://xn--mnchen-3ya.de/%C3%A4"],
        "",
        "https://münchen.de/ä\n",
        "",
        0,
    ),
    (
        &["-g", "{nope}", "https://h/"],
        "",
        "",
        "unknown component {nope}",
        2,
    ),
    // As trurl: a bracket never closed is text.
    (&["-g", "{href", "https://h/"], "", "{href\n", "", 0),
    // unfurl modes.
    (
        &[
            "-m",
            "domains",
            "https://a.example.com/x",
            "https://b.example.com/",
        ],
        "",
        "a.example.com\nb.example.com\n",
        "",
        0,
    ),
    (
        &[
            "-m",
            "apexes",
            "-u",
            "https://a.example.com/",
            "https://b.example.com/",
        ],
        "",
        "example.com\n",
        "",
        0,
    ),
    (&["-m", "paths", "https://h/a/b?x"], "", "/a/b\n", "", 0),
    // unfurl's form: the mode as the first argument.
    (
        &["domains"],
        "https://a.example/\nhttps://b.example/x\n",
        "a.example\nb.example\n",
        "",
        0,
    ),
    (&["keys", "https://h/?k=1"], "", "k\n", "", 0),
    (&["--no-progress", "https://h"], "", "https://h/\n", "", 0),
    (
        &["-m", "keys", "-u", "https://h/?a=1&b=2&a=3"],
        "",
        "a\nb\n",
        "",
        0,
    ),
    (
        &["-m", "values", "https://h/?a=1&b=x+y"],
        "",
        "1\nx y\n",
        "",
        0,
    ),
    (
        &["-m", "keypairs", "https://h/?a=1&b=%41"],
        "",
        "a=1\nb=A\n",
        "",
        0,
    ),
    // Editing.
    (
        &["--set", "pathname=/x y", "--set", "hash=top", "https://h/a"],
        "",
        "https://h/x%20y#top\n",
        "",
        0,
    ),
    (
        &["--set", "port=99999", "https://h/"],
        "",
        "",
        "--set \"port=99999\": invalid port",
        1,
    ),
    (
        &["--set", "color=red", "https://h/"],
        "",
        "",
        "unknown component \"color\"",
        2,
    ),
    (
        &["--set", "nonsense", "https://h/"],
        "",
        "",
        "expected COMPONENT=VALUE",
        2,
    ),
    (
        &[
            "--append",
            "path=a b",
            "--append",
            "query=k=v w",
            "https://h/d/",
        ],
        "",
        "https://h/d/a%20b?k=v+w\n",
        "",
        0,
    ),
    (
        &["--append", "path=x", "mailto:me@h"],
        "",
        "",
        "opaque path",
        1,
    ),
    (
        &[
            "--qtrim",
            "utm_*",
            "https://h/?utm_source=a&q=1&utm_medium=b",
        ],
        "",
        "https://h/?q=1\n",
        "",
        0,
    ),
    (
        &["--sort-query", "https://h/?b=2&a=1&b=1"],
        "",
        "https://h/?a=1&b=2&b=1\n",
        "",
        0,
    ),
    (
        &["--redirect", "../z?q", "https://h/a/b/c"],
        "",
        "https://h/a/z?q\n",
        "",
        0,
    ),
    (
        &[
            "--iterate",
            "port=80 8080",
            "--iterate",
            "hostname=a b",
            "https://h/x",
        ],
        "",
        "https://a:80/x\nhttps://b:80/x\nhttps://a:8080/x\nhttps://b:8080/x\n",
        "",
        0,
    ),
    (
        // A value the setter refuses fails the input (the others are printed).
        &["--iterate", "port=1 x", "https://h/"],
        "",
        "https://h:1/\n",
        "--iterate \"port=1 x\" (x): invalid port",
        1,
    ),
    (
        &["--iterate", "nope", "https://h/"],
        "",
        "",
        "expected COMPONENT=VALUE",
        2,
    ),
    // Validation.
    (
        &["--valid", "https://h/", "nope", "https://u@h\\p"],
        "",
        "https://h/\nhttps://u@h/p\n",
        "",
        1,
    ),
    (
        &["--valid", "--strict", "https://h/", "https://u@h\\p"],
        "",
        "https://h/\n",
        "",
        0,
    ),
    (
        &["--invalid", "https://h/", "nope", "http://[::1"],
        "",
        "nope\nhttp://[::1\n",
        "",
        1,
    ),
    (
        &["--invalid", "--strict", "https://h/", "https://u@h/"],
        "",
        "https://u@h/\n",
        "",
        0,
    ),
    (
        &["--explain", "https://u@h\\p"],
        "",
        "https://u@h/p\n",
        "\n         ^ invalid-credentials (byte 9)",
        0,
    ),
    (
        &["--explain", "http://[::1"],
        "",
        "",
        "^ IPv6-unclosed, failure (byte 7)",
        1,
    ),
    (
        &["--valid", "--invalid", "x"],
        "",
        "",
        "cannot be used with",
        2,
    ),
];

#[test]
fn the_table() {
    common::check_table(CASES);
}

#[test]
fn lines_that_are_not_utf8_are_reported_and_skipped() {
    let (out, err, code) = wurl(&[], b"https://a/\nhttps://b/\xff\nhttps://c/\n");
    assert_eq!(out, "https://a/\nhttps://c/\n");
    assert!(
        err.contains("stdin:2: not UTF-8 (invalid byte at offset 10)"),
        "{err}"
    );
    assert_eq!(code, 1);
}

#[test]
fn files_and_stdin_in_order() {
    let dir = std::env::temp_dir().join(format!("wurl-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("urls.txt");
    std::fs::write(&file, "https://one/\r\nhttps://two/").unwrap();
    let path = file.to_str().unwrap();
    let (out, _, code) = wurl(&["-f", path, "-f", "-", "-f", path], b"https://stdin/\n");
    assert_eq!(
        out,
        "https://one/\nhttps://two/\nhttps://stdin/\nhttps://one/\nhttps://two/\n"
    );
    assert_eq!(code, 0);
    let (_, err, code) = wurl(&["-f", "/nonexistent/urls.txt"], b"");
    assert!(err.contains("/nonexistent/urls.txt"), "{err}");
    assert_eq!(code, 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn help_and_version() {
    let (out, _, code) = wurl(&["--help"], b"");
    assert!(
        out.contains("Exit status") && out.contains("--qtrim"),
        "{out}"
    );
    assert_eq!(code, 0);
    let (out, _, code) = wurl(&["--version"], b"");
    assert!(out.starts_with("wurl "), "{out}");
    assert_eq!(code, 0);
}

/// `--json` agrees with `whatwg-url` on every line of the datasets: same href and components,
/// the same validation errors, a failure where parsing fails.
#[test]
fn json_matches_the_library_on_the_datasets() {
    let lines = test_support::datasets::lines();
    let input = lines.join("\n");
    let (out, _, _) = wurl(&["--json"], input.as_bytes());
    let records: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    let expected: Vec<&String> = lines
        .iter()
        .filter(|l| !l.trim_end_matches('\r').is_empty())
        .collect();
    assert_eq!(records.len(), expected.len());
    for (record, line) in records.iter().zip(expected) {
        let line = line.trim_end_matches('\r');
        assert_eq!(record["input"], line.trim_start_matches('\u{feff}'));
        let (parsed, errors) =
            whatwg_url::Url::parse_with_validation(record["input"].as_str().unwrap(), None);
        let names: Vec<&str> = errors.iter().map(|e| e.name()).collect();
        let got: Vec<&str> = record["validation_errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["name"].as_str().unwrap())
            .collect();
        assert_eq!(got, names, "{line}");
        match parsed {
            Ok(url) => {
                for (key, value) in [
                    ("href", url.href()),
                    ("protocol", url.protocol()),
                    ("host", url.host()),
                    ("pathname", url.pathname()),
                    ("search", url.search()),
                    ("hash", url.hash()),
                ] {
                    assert_eq!(record[key], value, "{line}: {key}");
                }
            }
            Err(_) => assert!(record["failure"].is_string(), "{line}"),
        }
    }
}

/// The plain path (no flag that reads more than the URL: each input parsed into one reused
/// `Url`) prints what `whatwg-url` gives for every line of the datasets, alone and against a
/// base, one line after another into the same buffer.
#[test]
fn plain_output_matches_the_library_on_the_datasets() {
    let lines: Vec<String> = test_support::datasets::lines()
        .into_iter()
        .filter(|l| !l.is_empty() && !l.contains('\r') && !l.starts_with('\u{feff}'))
        .collect();
    let input = lines.join("\n");
    for base in [None, Some("https://example.org/dir/file?q#f")] {
        let base_url = base.map(|b| whatwg_url::Url::parse(b, None).unwrap());
        let mut args = vec!["--quiet"];
        if let Some(base) = base {
            args.extend(["--base", base]);
        }
        let (out, _, _) = wurl(&args, input.as_bytes());
        let expected: String = lines
            .iter()
            .filter_map(|line| match &base_url {
                Some(base) => base.join(line).ok(),
                None => whatwg_url::Url::parse(line, None).ok(),
            })
            .map(|url| format!("{}\n", url.href()))
            .collect();
        assert!(
            out == expected,
            "base {base:?}: the output differs from the library's hrefs"
        );
    }
}

#[test]
fn stats_bench_and_completions() {
    let input = b"https://a/\nhttps://u@b\\x\nnope\nhttp://[::1\n";
    let (out, err, code) = wurl(&["--stats"], input);
    assert_eq!(out, "https://a/\nhttps://u@b/x\n");
    assert!(
        err.contains("inputs: 4  parsed: 2  failed: 2  not UTF-8: 0"),
        "{err}"
    );
    assert!(
        err.contains("1  invalid URL: missing-scheme-non-relative-URL"),
        "{err}"
    );
    assert!(err.contains("1  invalid URL: IPv6-unclosed"), "{err}");
    assert!(
        err.contains("1  invalid-credentials") && err.contains("1  invalid-reverse-solidus"),
        "{err}"
    );
    assert_eq!(code, 1);
    let (out, err, code) = wurl(&["--bench"], input);
    assert_eq!(out, "");
    assert!(
        err.starts_with("lines: 4  bytes: ") && err.contains("parsed: 2  failed: 2"),
        "{err}"
    );
    assert_eq!(code, 1);
    let (out, _, code) = wurl(&["--completions", "bash"], b"");
    assert!(out.contains("_wurl()"), "{}", &out[..out.len().min(200)]);
    assert_eq!(code, 0);
    let (_, err, code) = wurl(&["--completions", "bash", "https://h/"], b"");
    assert!(err.contains("cannot be used with"), "{err}");
    assert_eq!(code, 2);
}

/// Workers never reorder: the datasets give the same stdout with one thread and with several.
#[test]
fn parallel_output_is_in_input_order() {
    let input = test_support::datasets::lines().join("\n");
    let (one, _, code_one) = wurl(&["-j", "1", "-g", "{hostname}{pathname}"], input.as_bytes());
    let (many, _, code_many) = wurl(&["-j", "4", "-g", "{hostname}{pathname}"], input.as_bytes());
    assert_eq!(code_one, code_many);
    assert!(one.lines().count() > 90_000);
    assert!(one == many, "the outputs differ");
}

/// `wurl … | head -1`: the closed pipe ends the run without an error message.
#[test]
fn a_closed_pipe_ends_quietly() {
    let input = "https://h/\n".repeat(200_000);
    let mut child = Command::new(env!("CARGO_BIN_EXE_wurl"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 11];
    std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(&first, b"https://h/\n");
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// 100 MB of generated input through two workers: every line out, in order.
#[test]
fn a_hundred_megabytes() {
    let mut input = String::with_capacity(100 << 20);
    let mut n = 0u64;
    while input.len() < 100 << 20 {
        input.push_str(&format!("https://host{}.example/path/{n}?q={n}\n", n % 97));
        n += 1;
    }
    let (out, err, code) = wurl(&["-j", "2", "--get", "{query:q}"], input.as_bytes());
    assert_eq!((code, err.as_str()), (0, ""));
    let mut count = 0u64;
    for (i, line) in out.lines().enumerate() {
        assert_eq!(line, i.to_string());
        count += 1;
    }
    assert_eq!(count, n);
}
