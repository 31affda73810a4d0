//! The options that carry trurl's command lines over (docs/compatibility-trurl.md), run as a user
//! runs them: a table of argument lists, stdin, stdout, a part of stderr and the exit code
//! (0 all parsed, 1 some did not, 2 usage error, 9 `--verify` stopped), bad input included.
//! Here: scheme guessing, a URL from `--set` alone, ports, host forms, the man page and the
//! compatibility page's table; the query options, templates, `--verify` and `--quiet` are in
//! `trurl_query.rs`.

mod common;

use common::{Case, check_table, wurl};

const CASES: &[Case] = &[
    // --guess-scheme: curl's guesses; off by default.
    (
        &[
            "--guess-scheme",
            "example.com",
            "ftp.example.com/x",
            "IMAP.example.com",
            "localhost:8080/x",
            "mailto:me@h",
            "https://h/",
        ],
        "",
        "http://example.com/\nftp://ftp.example.com/x\nimap://IMAP.example.com\nhttp://localhost:8080/x\nmailto:me@h\nhttps://h/\n",
        "",
        0,
    ),
    (
        &["--guess-scheme"],
        "example.com\r\nsmtp.example.com:25\npop3.example.com\n",
        "http://example.com/\nsmtp://smtp.example.com:25\npop3://pop3.example.com\n",
        "",
        0,
    ),
    (
        &["example.com"],
        "",
        "",
        "\"example.com\": invalid URL: missing-scheme-non-relative-URL",
        1,
    ),
    (
        &["--guess-scheme", "--no-guess-scheme", "example.com"],
        "",
        "",
        "missing-scheme-non-relative-URL",
        1,
    ),
    (
        &["--guess-scheme", "not a url", "/p", "dict.example"],
        "",
        "dict://dict.example\n",
        "\"not a url\": invalid URL: missing-scheme-non-relative-URL",
        1,
    ),
    (
        &["--guess-scheme", "--base", "https://h/", "x"],
        "",
        "",
        "cannot be used with",
        2,
    ),
    (
        &["--guess-scheme", "--json", "example.com", "https://h/"],
        "",
        concat!(
            r#"{"input":"example.com","guessed_scheme":"http","href":"http://example.com/","origin":"http://example.com","protocol":"http:","username":"","password":"","host":"example.com","hostname":"example.com","port":"","pathname":"/","search":"","hash":"","query":null,"fragment":null,"validation_errors":[],"failure":null}"#,
            "\n",
            r#"{"input":"https://h/","guessed_scheme":null,"href":"https://h/","origin":"https://h","protocol":"https:","username":"","password":"","host":"h","hostname":"h","port":"","pathname":"/","search":"","hash":"","query":null,"fragment":null,"validation_errors":[],"failure":null}"#,
            "\n"
        ),
        "",
        0,
    ),
    (
        &["--guess-scheme", "--explain", "example.com\\x"],
        "",
        "http://example.com/x\n",
        "example.com\\x\n^ no scheme: guessed http://\n           ^ invalid-reverse-solidus (byte 11)\n",
        0,
    ),
    (
        &[
            "--guess-scheme",
            "-g",
            "{scheme} {host}",
            "ftp.example.com:2121",
        ],
        "",
        "ftp ftp.example.com:2121\n",
        "",
        0,
    ),
    // A URL from --set alone (stdin empty or a terminal).
    (
        &["--set", "host=example.com", "--set", "scheme=ftp"],
        "",
        "ftp://example.com/\n",
        "",
        0,
    ),
    (
        &["--set", "host=example.com"],
        "",
        "http://example.com/\n",
        "",
        0,
    ),
    (
        &["--set", "host=ftp.example.com", "-g", "{scheme}"],
        "",
        "ftp\n",
        "",
        0,
    ),
    (
        &["--set", "scheme=mailto", "--set", "path=me@example.com"],
        "",
        "mailto:me@example.com\n",
        "",
        0,
    ),
    (
        &["--set", "url=https://h/a", "--set", "port=8080"],
        "",
        "https://h:8080/a\n",
        "",
        0,
    ),
    (
        &["--set", "scheme=file", "--set", "path=/etc/hosts"],
        "",
        "file:///etc/hosts\n",
        "",
        0,
    ),
    (
        &["--set", "host=h", "--iterate", "port=1 2"],
        "",
        "http://h:1/\nhttp://h:2/\n",
        "",
        0,
    ),
    (&["--set", "hash=x"], "", "", "--set alone builds a URL", 2),
    (&["--set", "scheme=https"], "", "", "host-missing", 1),
    (
        &["--set", "host=a/b"],
        "",
        "",
        "--set host=\"a/b\": not a host",
        1,
    ),
    // With lines on stdin, --set edits them as before.
    (
        &["--set", "scheme=http"],
        "https://h/\n",
        "http://h/\n",
        "",
        0,
    ),
    // Default ports.
    (
        &[
            "--default-port",
            "https://h/a",
            "http://h:8080/",
            "file:///x",
            "foo://h/",
        ],
        "",
        "https://h:443/a\nhttp://h:8080/\nfile:///x\nfoo://h/\n",
        "",
        0,
    ),
    (
        &[
            "-g",
            "{port}|{default:port}|{default:host}|{default:url}",
            "wss://h/",
        ],
        "",
        "|443|h:443|wss://h:443/\n",
        "",
        0,
    ),
    (
        &["--default-port", "-g", "{port} {host}", "ftp://u:p@h/"],
        "",
        "21 h:21\n",
        "",
        0,
    ),
    (
        &["--keep-port", "https://h:443/"],
        "",
        "https://h/\n",
        "--keep-port keeps nothing",
        0,
    ),
    // Host forms.
    (
        &[
            "--as-idn",
            "http://xn--4cab6c/",
            "https://u@xn--mnchen-3ya.de:8443/x",
            "foo://xn--mnchen-3ya.de/",
        ],
        "",
        "http://åäö/\nhttps://u@münchen.de:8443/x\nfoo://xn--mnchen-3ya.de/\n",
        "",
        0,
    ),
    (
        &["--punycode", "http://åäö/"],
        "",
        "http://xn--4cab6c/\n",
        "",
        0,
    ),
    (
        &[
            "-g",
            "{idn:host} {puny:hostname} {idn:url}",
            "https://xn--mnchen-3ya.de:81/",
        ],
        "",
        "münchen.de:81 xn--mnchen-3ya.de https://münchen.de:81/\n",
        "",
        0,
    ),
    (
        &[
            "--as-idn",
            "-g",
            "{host} {puny:host}",
            "https://xn--mnchen-3ya.de/",
        ],
        "",
        "münchen.de xn--mnchen-3ya.de\n",
        "",
        0,
    ),
    (
        &[
            "--as-idn",
            "-m",
            "domains",
            "https://xn--mnchen-3ya.de/",
            "https://1.2.3.4/",
        ],
        "",
        "münchen.de\n1.2.3.4\n",
        "",
        0,
    ),
    (
        &["--punycode", "--as-idn", "x"],
        "",
        "",
        "cannot be used with",
        2,
    ),
    (
        &["-g", "{puny:idn:host}", "https://h/"],
        "",
        "",
        "exclude each other",
        2,
    ),
];

#[test]
fn the_trurl_table() {
    check_table(CASES);
}

#[test]
fn man_page_and_version() {
    let (out, _, code) = wurl(&["--man"], b"");
    assert_eq!(code, 0);
    assert!(out.contains(".TH wurl 1"), "{}", &out[..out.len().min(300)]);
    for option in [
        "guess\\-scheme",
        "query\\-separator",
        "replace\\-append",
        "verify",
    ] {
        assert!(out.contains(option), "the man page lacks --{option}");
    }
    let (_, err, code) = wurl(&["--man", "https://h/"], b"");
    assert!(err.contains("cannot be used with"), "{err}");
    assert_eq!(code, 2);
    let (short, _, code) = wurl(&["-v"], b"");
    assert!(short.starts_with("wurl "), "{short}");
    assert_eq!(code, 0);
    let (long, _, _) = wurl(&["--version"], b"");
    assert_eq!(short, long);
}

/// The compatibility page's table names each of trurl 0.16's 26 options in its first column.
#[test]
fn the_compatibility_page_covers_every_trurl_option() {
    let page = include_str!("../../docs/compatibility-trurl.md");
    let table = page
        .split("## trurl's options and value syntax")
        .nth(1)
        .expect("a section `## trurl's options and value syntax`");
    let rows: Vec<&str> = table
        .lines()
        .take_while(|l| !l.starts_with("## "))
        .filter(|l| l.starts_with("| `"))
        .collect();
    let options = [
        "--append",
        "--accept-space",
        "--as-idn",
        "--curl",
        "--default-port",
        "--url-file",
        "--get",
        "--help",
        "--iterate",
        "--json",
        "--keep-port",
        "--no-guess-scheme",
        "--punycode",
        "--qtrim",
        "--query-separator",
        "--quiet",
        "--redirect",
        "--replace",
        "--replace-append",
        "--set",
        "--sort-query",
        "--trim",
        "--url",
        "--urlencode",
        "--version",
        "--verify",
    ];
    assert_eq!(options.len(), 26);
    for option in options {
        let (alone, with_value) = (format!("`{option}`"), format!("`{option} "));
        assert!(
            rows.iter().any(|row| row
                .split('|')
                .nth(1)
                .is_some_and(|cell| cell.contains(&alone) || cell.contains(&with_value))),
            "no row for trurl's {option}"
        );
    }
}
