//! The edits of a URL as trurl's options make them, and what they failed on: the order of the
//! query edits, `--iterate` with `--json` and with refused values, `:=` and `?=`, blank lines.

mod common;

use common::{Case, check_table, wurl};

const CASES: &[Case] = &[
    // A pair appended is not trimmed: trim, replace, append, sort (trurl's order).
    (
        &[
            "--qtrim",
            "a",
            "--append",
            "query=a=new",
            "https://h/?a=1&b=2",
        ],
        "",
        "https://h/?b=2&a=new\n",
        "",
        0,
    ),
    // A value a setter refuses fails the input: reported, exit 1, the other values printed.
    (
        &["--iterate", "port=81 x 82", "https://h/"],
        "",
        "https://h:81/\nhttps://h:82/\n",
        "wurl: \"https://h/\": --iterate \"port=81 x 82\" (x):",
        1,
    ),
    (
        &["--iterate", "port=81 x", "--stats", "https://h/"],
        "",
        "https://h:81/\n",
        "inputs: 1  parsed: 0  failed: 1",
        1,
    ),
    // --verify stops at it.
    (
        &[
            "--verify",
            "--iterate",
            "port=81 x",
            "https://h/",
            "https://later/",
        ],
        "",
        "",
        "(x):",
        9,
    ),
    // One component for two --iterate, or for --iterate and --set, is a usage error.
    (
        &["--iterate", "port=1 2", "--iterate", "port=3", "https://h/"],
        "",
        "",
        "port is iterated twice",
        2,
    ),
    (
        &["--set", "port=1", "--iterate", "port=2 3", "https://h/"],
        "",
        "",
        "port is also given to --set",
        2,
    ),
    // A line of spaces and tabs is blank, as an empty one.
    (
        &["-f", "-"],
        "https://a/\n \t \n\t\r\n\nhttps://b/\n",
        "https://a/\nhttps://b/\n",
        "",
        0,
    ),
    // trurl's value syntax: `?=` only where the component is empty, `:=` as `=`.
    (
        &["--set", "port?=99", "https://h:88/", "https://h/"],
        "",
        "https://h:88/\nhttps://h:99/\n",
        "",
        0,
    ),
    (
        &["--set", "query:=a=1&b", "--set", "hash?=x", "https://h/#y"],
        "",
        "https://h/?a=1&b#y\n",
        "",
        0,
    ),
    // --force-replace is --replace-append; `\*` in a glob is a `*`.
    (
        &[
            "--force-replace",
            "k=v",
            "--qtrim",
            "\\*",
            "https://h/?*=1&x=2",
        ],
        "",
        "https://h/?x=2&k=v\n",
        "",
        0,
    ),
    (
        &["--curl", "https://h/"],
        "",
        "",
        "--curl: which schemes libcurl supports",
        2,
    ),
];

#[test]
fn the_table() {
    check_table(CASES);
}

/// `--json` prints one record per URL of `--iterate`.
#[test]
fn json_records_per_iterated_url() {
    let (out, err, code) = wurl(&["--json", "--iterate", "port=81 82", "https://h/"], b"");
    assert_eq!((err.as_str(), code), ("", 0));
    let hrefs: Vec<String> = out
        .lines()
        .map(|line| {
            let record: serde_json::Value = serde_json::from_str(line).expect("JSON");
            record["href"].as_str().expect("href").to_owned()
        })
        .collect();
    assert_eq!(hrefs, ["https://h:81/", "https://h:82/"]);
}
