//! trurl's own test suite (`trurl-suite/tests.json`, trurl 0.16.1's cases, under the curl
//! licence) run against `wurl` in trurl mode, the way trurl's `test.py` runs it: the arguments
//! (from `trurl-suite/`, where the files they name are), stdout exactly (or as JSON when the
//! case expects JSON), stderr when the case gives it (`true`: not empty), the exit code.
//!
//! Every case passes, or is in [`DIFFERENCES`] with the rule of the URL Standard that makes
//! `wurl`'s answer differ from trurl's (trurl follows RFC 3986 and curl's parser). The list is
//! checked both ways: a listed case that passes fails this test, so the list stays true.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

// The rules of the URL Standard that make wurl's answer differ from trurl's.
const EMPTY_PATH: &str = "4.4 path start state, 4.5 URL serializer: a URL whose scheme is not \
     special keeps an empty path empty (`hp://example.com`, not `hp://example.com/`)";
const NO_DEFAULT_PORT: &str = "4.2: only the special schemes have a default port; `imap` has \
     none, so `:143` is a port like any other and `default:` adds nothing";
const DEFAULT_PORT_IS_NULL: &str = "4.4 port state (also through the port setter, 6.1): a port \
     that is the scheme's default port is stored as null, so `:443` on `https` is not printed \
     (there is nothing for --keep-port to keep)";
const SCHEME_CHANGE_PORT: &str = "4.4 port state, then the protocol setter (6.1, scheme state \
     with a state override): the default port was stored as null, and a port that is the new \
     scheme's default becomes null";
const AS_WRITTEN: &str = "4.4 path, query and fragment states: percent-encoded bytes are kept \
     as written, never decoded, their hex digits' case unchanged";
const UPPER_HEX: &str = "1.3 percent-encode: a byte the standard encodes is written `%` and two \
     upper-case hex digits (`;` in the userinfo is `%3B`)";
const NO_OPTIONS: &str = "4.4 authority state: all of the userinfo after its first `:` is the \
     password (`;` percent-encoded with the userinfo percent-encode set); there are no IMAP \
     options, and a non-special URL keeps its empty path";
const USERINFO_AS_WRITTEN: &str = "4.4 authority state: the userinfo keeps its \
     percent-encoded bytes as written and encodes `;` as `%3B` (userinfo percent-encode set); \
     a non-special URL keeps its empty path";
const NO_ZONE_ID: &str = "3.5 IPv6 parser: `%` is not allowed in an IPv6 address \
     (IPv6-invalid-code-point), so a URL with a zone ID is a failure";
const QUERY_SPACE: &str = "4.4 query state: a space is percent-encoded as `%20` (query \
     percent-encode set), not written `+`";
const HOST_LOWERCASE: &str = "3.5 host parser, 3.3 domain to ASCII: a domain is lowercased";
const SPECIAL_SCHEME_STAYS: &str = "6.1 protocol setter, 4.4 scheme state with a state \
     override: a special scheme (`https`) is not changed to a non-special one (`sftp`, `moo`)";
const EVERY_SCHEME: &str = "4.4 scheme state: every scheme parses (`foo://bar` is a URL), so \
     --curl (only the schemes a libcurl build supports) is refused rather than applied";
const HOST_ONLY_DECODED: &str = "3.5 host parser: the host is percent-decoded (`ex%61mple.com` \
     is `example.com`), but 4.4 path and query states keep `%61` as written";
const QUERY_AS_WRITTEN: &str = "4.4 query state: a query is kept as written (empty pairs `&&` \
     stay, `%5D` keeps its case) where no query option rewrites it";

/// The cases the URL Standard decides differently: the case's number (1-based, as `test.py`
/// numbers them) and the rule.
const DIFFERENCES: &[(usize, &str)] = &[
    (4, EMPTY_PATH),
    (22, NO_DEFAULT_PORT),
    (23, DEFAULT_PORT_IS_NULL),
    (24, DEFAULT_PORT_IS_NULL),
    (27, NO_DEFAULT_PORT),
    (31, AS_WRITTEN),
    (32, AS_WRITTEN),
    (33, AS_WRITTEN),
    (34, AS_WRITTEN),
    (37, NO_OPTIONS),
    (41, NO_ZONE_ID),
    (42, NO_ZONE_ID),
    (45, NO_DEFAULT_PORT),
    (66, QUERY_SPACE),
    (71, DEFAULT_PORT_IS_NULL),
    (72, DEFAULT_PORT_IS_NULL),
    (73, SCHEME_CHANGE_PORT),
    (74, SCHEME_CHANGE_PORT),
    (84, HOST_LOWERCASE),
    (96, DEFAULT_PORT_IS_NULL),
    (97, SPECIAL_SCHEME_STAYS),
    (101, QUERY_AS_WRITTEN),
    (106, EMPTY_PATH),
    (117, NO_ZONE_ID),
    (118, NO_DEFAULT_PORT),
    (125, EMPTY_PATH),
    (127, QUERY_SPACE),
    (132, AS_WRITTEN),
    (146, EVERY_SCHEME),
    (171, AS_WRITTEN),
    (172, AS_WRITTEN),
    (173, HOST_ONLY_DECODED),
    (183, QUERY_AS_WRITTEN),
    (184, QUERY_AS_WRITTEN),
    (185, USERINFO_AS_WRITTEN),
    (186, NO_OPTIONS),
    (188, UPPER_HEX),
    (204, QUERY_AS_WRITTEN),
    (205, QUERY_AS_WRITTEN),
    (206, QUERY_AS_WRITTEN),
    (207, QUERY_AS_WRITTEN),
];

/// What a run printed and returned.
struct Run {
    stdout: String,
    stderr: String,
    code: i32,
}

fn suite_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/trurl-suite")
}

fn cases() -> Vec<Value> {
    let text = std::fs::read_to_string(suite_dir().join("tests.json")).expect("tests.json");
    let doc: Value = serde_json::from_str(&text).expect("tests.json is JSON");
    doc["cases"].as_array().expect("cases").clone()
}

/// Runs `program` (with `prefix` before the case's arguments) from the suite's directory,
/// stdin empty.
fn run(program: &Path, prefix: &[&str], args: &[String]) -> Run {
    let output = Command::new(program)
        .args(prefix)
        .args(args)
        .current_dir(suite_dir())
        .stdin(Stdio::null())
        .output()
        .expect("wurl runs");
    Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code().expect("an exit code"),
    }
}

/// Whether `got` is what `case` expects, as `test.py` compares: why not, when it is not.
fn compare(case: &Value, got: &Run) -> Result<(), String> {
    let expected = &case["expected"];
    let stdout_ok = match &expected["stdout"] {
        Value::String(text) => *text == got.stdout,
        json => serde_json::from_str::<Value>(&got.stdout).ok().as_ref() == Some(json),
    };
    let stderr_ok = match expected.get("stderr") {
        None => true,
        Some(Value::Bool(something)) => *something != got.stderr.is_empty(),
        Some(text) => text.as_str() == Some(got.stderr.as_str()),
    };
    let code_ok = expected["returncode"].as_i64() == Some(i64::from(got.code));
    if stdout_ok && stderr_ok && code_ok {
        Ok(())
    } else {
        Err(format!(
            "expected {expected}\n  got stdout {:?} stderr {:?} code {}",
            got.stdout, got.stderr, got.code
        ))
    }
}

/// Runs every case with `program` and `prefix`: the failures, by case number.
fn failures(program: &Path, prefix: &[&str]) -> BTreeMap<usize, String> {
    let mut failed = BTreeMap::new();
    for (i, case) in cases().iter().enumerate() {
        let args: Vec<String> = case["input"]["arguments"]
            .as_array()
            .expect("arguments")
            .iter()
            .map(|a| a.as_str().expect("a string").to_owned())
            .collect();
        if let Err(why) = compare(case, &run(program, prefix, &args)) {
            failed.insert(i + 1, format!("{i_1}: {args:?}\n  {why}", i_1 = i + 1));
        }
    }
    failed
}

/// `wurl` linked as `trurl` in a fresh directory of the test `test`'s own: the binary's trurl
/// mode by its name. One directory per test, because the tests run at once and each makes its
/// link anew: in a shared directory, one test's removal of the link made the other's run of
/// it fail to start.
fn trurl_link(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("trurl-link-{test}"));
    std::fs::create_dir_all(&dir).expect("a directory");
    let link = dir.join(if cfg!(windows) { "trurl.exe" } else { "trurl" });
    let _ = std::fs::remove_file(&link);
    #[cfg(unix)]
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_wurl"), &link).expect("a link");
    #[cfg(not(unix))]
    std::fs::copy(env!("CARGO_BIN_EXE_wurl"), &link).expect("a copy");
    link
}

#[test]
fn trurl_suite_passes_or_differs_by_the_standard() {
    let total = cases().len();
    let failed = failures(&trurl_link("suite"), &[]);
    let listed: BTreeMap<usize, &str> = DIFFERENCES.iter().copied().collect();
    assert_eq!(listed.len(), DIFFERENCES.len(), "a case is listed twice");
    let other: Vec<&String> = failed
        .iter()
        .filter(|(n, _)| !listed.contains_key(n))
        .map(|(_, why)| why)
        .collect();
    let passing_listed: Vec<&usize> = listed.keys().filter(|n| !failed.contains_key(n)).collect();
    eprintln!(
        "trurl mode: {} pass, {} listed, {} other, of {total}",
        total - failed.len(),
        failed.len() - other.len(),
        other.len()
    );
    assert!(
        other.is_empty(),
        "{} cases fail that are not listed:\n{}",
        other.len(),
        other
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(
        passing_listed.is_empty(),
        "listed as differences but passing (take them off the list): {passing_listed:?}"
    );
}

#[test]
fn trurl_mode_by_option_is_trurl_mode_by_name() {
    let by_name = failures(&trurl_link("by-option"), &[]);
    let by_option = failures(Path::new(env!("CARGO_BIN_EXE_wurl")), &["--trurl"]);
    assert_eq!(
        by_name.keys().collect::<Vec<_>>(),
        by_option.keys().collect::<Vec<_>>()
    );
    assert!(!by_name.is_empty() || DIFFERENCES.is_empty());
}
