//! trurl's query options (`--replace`, `--replace-append`, `--query-separator`, `--trim`),
//! `--accept-space`, `--urlencode`, template forms and escapes, `--verify`, `--quiet`, `--url`
//! and `--url-file`, run as a user runs them: a table of argument lists, stdin, stdout, a part
//! of stderr and the exit code (0 all parsed, 1 some did not, 2 usage error, 9 `--verify`
//! stopped), bad input included.

mod common;

use common::{Case, check_table, wurl};

const CASES: &[Case] = &[
    // --replace, --replace-append.
    (
        &[
            "--replace",
            "two=alsoreal",
            "http://alpha?one=real&two=fake",
        ],
        "",
        "http://alpha/?one=real&two=alsoreal\n",
        "",
        0,
    ),
    (
        &["--replace", "three=x", "http://alpha?one=real&two=fake"],
        "",
        "http://alpha/?one=real&two=fake\n",
        "",
        0,
    ),
    (
        &[
            "--replace-append",
            "three=alsoreal",
            "http://alpha?one=real&two=fake",
        ],
        "",
        "http://alpha/?one=real&two=fake&three=alsoreal\n",
        "",
        0,
    ),
    (
        &["--replace", "a=1", "https://h/?a=x&b&a=y"],
        "",
        "https://h/?a=1&b=\n",
        "",
        0,
    ),
    (
        &["--replace-append", "k=a b", "https://h/"],
        "",
        "https://h/?k=a+b\n",
        "",
        0,
    ),
    (
        &["--replace", "=x", "https://h/"],
        "",
        "",
        "--replace \"=x\": expected NAME=VALUE",
        2,
    ),
    // --query-separator.
    (
        &[
            "--query-separator",
            ";",
            "--qtrim",
            "search",
            "https://curl.se?search=fool;page=5",
        ],
        "",
        "https://curl.se/?page=5\n",
        "",
        0,
    ),
    (
        &[
            "--query-separator",
            ":",
            "--sort-query",
            "https://curl.se?b=name:a=age",
        ],
        "",
        "https://curl.se/?a=age:b=name\n",
        "",
        0,
    ),
    (
        &[
            "--query-separator",
            ";",
            "-g",
            "{query:b} {query-all:a}",
            "https://h/?a=1&2;b=3;a=4",
        ],
        "",
        "3 1&2 4\n",
        "",
        0,
    ),
    (
        &["--query-separator", ";", "-m", "keys", "https://h/?a=1;b=2"],
        "",
        "a\nb\n",
        "",
        0,
    ),
    (
        &[
            "--query-separator",
            ";",
            "--append",
            "query=c=3",
            "https://h/?a=1;b=2",
        ],
        "",
        "https://h/?a=1;b=2;c=3\n",
        "",
        0,
    ),
    (
        &["--query-separator", ";;", "https://h/"],
        "",
        "",
        "--query-separator \";;\": expected one character, got 2",
        2,
    ),
    (
        &["--query-separator", "=", "https://h/"],
        "",
        "",
        "separates a name from its value",
        2,
    ),
    // --trim, trurl's older --qtrim.
    (
        &["--trim", "query=utm_*", "https://h/?utm_source=a&q=1"],
        "",
        "https://h/?q=1\n",
        "",
        0,
    ),
    (
        &["--trim", "path=x", "https://h/"],
        "",
        "",
        "only the query can be trimmed",
        2,
    ),
    // --accept-space: what the standard's parser does anyway.
    (
        &[
            "--accept-space",
            "https://h/this has space/index.html?a b#c d",
        ],
        "",
        "https://h/this%20has%20space/index.html?a%20b#c%20d\n",
        "",
        0,
    ),
    (
        &["--accept-space", "https://exa mple/"],
        "",
        "",
        "invalid URL",
        1,
    ),
    // --urlencode and url: (the other components are encoded already).
    (
        &[
            "--urlencode",
            "-g",
            "{query:q} {path}",
            "https://h/a%20b?q=a+b%26",
        ],
        "",
        "a+b%26 /a%20b\n",
        "",
        0,
    ),
    (
        &[
            "-g",
            "{query:q} {url:query:q} {:query:q}",
            "https://h/?q=%C3%A9+x",
        ],
        "",
        "é x %C3%A9+x %C3%A9+x\n",
        "",
        0,
    ),
    // Templates: trurl's backslash sequences; bad placeholders.
    (
        &["-g", "\\t{host}\\n\\{x\\}\\\\", "https://h/"],
        "",
        "\th\n{x}\\\n",
        "",
        0,
    ),
    (
        &["-g", "{default:nope}", "https://h/"],
        "",
        "",
        "unknown component {default:nope}",
        2,
    ),
    // trurl's `must:`: a component the URL lacks fails the input; `strict:` is accepted.
    (&["-g", "{must:host}", "https://h/"], "", "h\n", "", 0),
    (
        &["-g", "{strict:must:query}", "https://h/?", "https://h/"],
        "",
        "\n",
        "wurl: \"https://h/\": --get: the URL has no query (must:)",
        1,
    ),
    // `[component]` when `[` opens the template; an unclosed bracket is text.
    (
        &["-g", "[scheme] {x} \\[[host] [idn:host", "https://h/"],
        "",
        "https {x} [h [idn:host\n",
        "",
        0,
    ),
    (
        // The standard has no zone ID or IMAP options: the fields are always empty.
        &["-g", "{zoneid}|{options}", "https://h/"],
        "",
        "|\n",
        "",
        0,
    ),
    // --verify.
    (
        &["--verify", "https://a/", "nope", "https://c/"],
        "",
        "https://a/\n",
        "\"nope\": invalid URL: missing-scheme-non-relative-URL",
        9,
    ),
    (
        &["--verify"],
        "https://a/\nhttps://b/\n",
        "https://a/\nhttps://b/\n",
        "",
        0,
    ),
    (
        &["--verify", "--set", "port=x", "https://a/"],
        "",
        "",
        "--set \"port=x\": invalid port",
        9,
    ),
    (
        &["--verify", "--invalid", "x"],
        "",
        "",
        "cannot be used with",
        2,
    ),
    // --quiet keeps the exit status.
    (
        &["--quiet", "nope", "https://h/"],
        "",
        "https://h/\n",
        "",
        1,
    ),
    // trurl's --url, --url-file.
    (
        &["--url", "https://a/", "--url", "https://b/"],
        "",
        "https://a/\nhttps://b/\n",
        "",
        0,
    ),
    (&["--url-file", "-"], "https://a/\n", "https://a/\n", "", 0),
];

#[test]
fn the_query_and_output_table() {
    check_table(CASES);
}

#[test]
fn quiet_means_an_empty_stderr() {
    for args in [
        &["--quiet", "nope", "https://h/"][..],
        &["--quiet", "--keep-port", "https://h:443/"],
        &["--quiet", "--verify", "nope"],
        &["--quiet", "--set", "port=x", "https://h/"],
    ] {
        let (_, err, _) = wurl(args, b"");
        assert_eq!(err, "", "{args:?}");
    }
    let (out, err, code) = wurl(&["--quiet"], b"https://a/\n\xff\n");
    assert_eq!((out.as_str(), err.as_str(), code), ("https://a/\n", "", 1));
}

#[test]
fn verify_stops_at_a_line_that_is_not_utf8() {
    let (out, err, code) = wurl(&["--verify"], b"https://a/\n\xff\nhttps://c/\n");
    assert_eq!(out, "https://a/\n");
    assert!(err.contains("stdin:2: not UTF-8"), "{err}");
    assert_eq!(code, 9);
}

/// With two workers, --verify still prints every line before the bad one, and none after.
#[test]
fn verify_stops_in_input_order_with_workers() {
    let mut input = String::new();
    for i in 0..150_000 {
        if i == 123_456 {
            input.push_str("bad url\n");
        } else {
            input.push_str(&format!("https://h/{i}\n"));
        }
    }
    let (out, err, code) = wurl(&["-j", "2", "--verify"], input.as_bytes());
    assert_eq!(code, 9);
    assert_eq!(out.lines().count(), 123_456);
    assert_eq!(out.lines().last(), Some("https://h/123455"));
    assert_eq!(err.matches("bad url").count(), 1, "{err}");
}
