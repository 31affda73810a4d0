//! trurl mode beyond trurl's own suite (`trurl_suite.rs`): its messages for templates, `-f -`,
//! `--curl`, the notes of setters the standard refuses, and the decoding of `--get`.

mod common;

use common::{Case, check_table};

const CASES: &[Case] = &[
    (
        &["--trurl", "h", "-g", "{nope}"],
        "",
        "",
        "trurl error: \"nope\" is not a recognized URL component\ntrurl error: Try trurl -h for help\n",
        10,
    ),
    (
        &["--trurl", "h", "-g", "{bad:host}"],
        "",
        "",
        "trurl error: Bad --get syntax: {bad:host}\n",
        10,
    ),
    (
        &["--trurl", "h", "-g", "{puny:idn:host}"],
        "",
        "",
        "puny modifier is mutually exclusive with idn",
        10,
    ),
    // `-f -` reads stdin: trailing blanks removed, blank lines skipped; stdin is not read
    // without it.
    (
        &["--trurl", "-f", "-", "-g", "{host}{path}"],
        "example.com/a \t\n \n\nftp.example.org\r\n",
        "example.com/a\nftp.example.org/\n",
        "",
        0,
    ),
    (
        &["--trurl"],
        "example.com\n",
        "",
        "trurl error: not enough input for a URL\n",
        7,
    ),
    // A value the standard's setter refuses is a note; the URL is printed without it.
    (
        &["--trurl", "https://h/", "-s", "port=99999"],
        "",
        "https://h/\n",
        "trurl note: Error setting port:",
        0,
    ),
    // Decoded output: `{path}` decoded, `{:path}` as the URL holds it, `{query:k}` decoded.
    (
        &[
            "--trurl",
            "https://h/a%20b%C3%A9?k=x%26y+z",
            "-g",
            "{path}|{:path}|{query:k}",
        ],
        "",
        "/a bé|/a%20b%C3%A9|x&y+z\n",
        "",
        0,
    ),
    (
        &["--trurl", "--curl", "https://h/"],
        "",
        "",
        "trurl error: --curl is not supported: which schemes libcurl supports depends on how it was built",
        4,
    ),
    // Options after `--` are URLs.
    (&["--trurl", "--", "-x"], "", "http://-x/\n", "", 0),
];

#[test]
fn the_table() {
    check_table(CASES);
}
