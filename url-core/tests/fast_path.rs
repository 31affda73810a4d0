//! The fast path for already normal URLs against the general path (the state machine alone):
//! on every WPT input, every dataset line and generated inputs, `UrlRecord::parse` and
//! `UrlRecord::can_parse` must give exactly what `UrlRecord::parse_without_fast_path` gives, and where the
//! fast path takes an input its record must equal the general path's, boundaries included.
#![allow(clippy::restriction)] // test code: unwrapping or indexing is a failed test

use test_support::rng::Rng;
use url_core::UrlRecord;

/// Everything a record holds, read through its getters (each one a slice between two of its
/// boundaries), so that two records that print alike have the same boundaries.
fn record(url: &UrlRecord) -> String {
    format!(
        "{:?} kind={:?} scheme_type={:?} port_str={:?} opaque={:?} segments={:?} invariants={:?}",
        url,
        url.host_kind(),
        url.scheme_type(),
        url.port_str(),
        url.opaque_path(),
        url.path_segments().map(Iterator::collect::<Vec<_>>),
        url.check_invariants(),
    )
}

fn outcome(result: &Result<UrlRecord, url_core::ParseError>) -> Result<String, String> {
    match result {
        Ok(url) => Ok(record(url)),
        Err(e) => Err(format!("{e:?}")),
    }
}

/// Checks one input (with and without a base) and says whether the fast path took it.
fn check(input: &str, base: Option<&UrlRecord>) -> bool {
    let general = UrlRecord::parse_without_fast_path(input, base);
    let parsed = UrlRecord::parse(input, base);
    assert_eq!(outcome(&parsed), outcome(&general), "input {input:?}");
    // With a validation error listener (the quiet fast path): the same record and errors.
    let (mut fast_errors, mut general_errors) = (Vec::new(), Vec::new());
    let listened = UrlRecord::parse_with(input, base, &url_core::Utf8, &mut fast_errors);
    let general_listened =
        UrlRecord::parse_with_without_fast_path(input, base, &mut general_errors);
    assert_eq!(
        outcome(&listened),
        outcome(&general_listened),
        "listened input {input:?}"
    );
    assert_eq!(fast_errors, general_errors, "errors of {input:?}");
    assert_eq!(
        UrlRecord::can_parse(input, base),
        general.is_ok(),
        "can_parse {input:?}"
    );
    match UrlRecord::parse_fast_path_only(input) {
        Some(fast) => {
            let general = general.unwrap_or_else(|e| panic!("fast path took {input:?}: {e:?}"));
            assert_eq!(record(&fast), record(&general), "input {input:?}");
            assert_eq!(fast.check_invariants(), Ok(()), "input {input:?}");
            true
        }
        None => false,
    }
}

fn wpt_inputs() -> Vec<(String, Option<String>)> {
    let mut all = Vec::new();
    for file in ["urltestdata.json", "urltestdata-javascript-only.json"] {
        let fixture = test_support::load(file);
        for case in fixture.as_array().unwrap_or_default() {
            if let Some(input) = case.get("input").and_then(|v| v.as_str()) {
                let base = case.get("base").and_then(|v| v.as_str()).map(str::to_owned);
                all.push((input.to_owned(), base));
            }
        }
    }
    all
}

#[test]
fn wpt_inputs_agree() {
    let cases = wpt_inputs();
    assert!(cases.len() > 800, "{} WPT inputs", cases.len());
    let mut taken = 0;
    for (input, base) in &cases {
        let base = base.as_deref().and_then(|b| UrlRecord::parse(b, None).ok());
        taken += usize::from(check(input, base.as_ref()));
        taken += usize::from(check(input, None));
    }
    // The fixtures are mostly edge cases, but some are plain URLs.
    assert!(taken > 50, "the fast path took {taken} WPT inputs");
}

#[test]
fn datasets_agree_and_mostly_take_the_fast_path() {
    for (name, lines) in test_support::datasets::load() {
        let taken = lines.iter().filter(|l| check(l, None)).count();
        println!("{name}: the fast path took {taken} of {} URLs", lines.len());
        // The datasets are real URLs, nearly all already normal.
        assert!(
            taken * 10 >= lines.len() * 9,
            "{name}: fast path took {taken} of {}",
            lines.len()
        );
    }
}

/// On the inputs the fast path takes, the general path reports exactly the types of
/// `GENERAL_PATH_REPORTS` (the quiet fast path's list of what it must exclude): none
/// outside it, and each of it somewhere.
#[test]
fn the_quiet_fast_path_knows_what_the_general_path_reports() {
    let mut inputs: Vec<String> = wpt_inputs().into_iter().map(|(input, _)| input).collect();
    inputs.extend(
        test_support::datasets::load()
            .into_iter()
            .flat_map(|(_, lines)| lines),
    );
    let mut rng = Rng::new(0x0e11_0c5e);
    inputs.extend((0..20_000).map(|_| generated(&mut rng)));
    let mut seen = std::collections::BTreeSet::new();
    for input in &inputs {
        if UrlRecord::parse_fast_path_only(input).is_none() {
            continue;
        }
        let mut errors = Vec::new();
        let _ = UrlRecord::parse_with_without_fast_path(input, None, &mut errors);
        for e in errors {
            assert!(
                url_core::GENERAL_PATH_REPORTS.contains(&e.error),
                "{input:?}: the general path reports {e}, which the quiet fast path's list lacks"
            );
            seen.insert(e.error);
        }
    }
    for e in url_core::GENERAL_PATH_REPORTS {
        assert!(
            seen.contains(&e),
            "{e} is listed but never reported on a fast-path input"
        );
    }
}

/// Pieces of URLs around every decision the fast path makes.
const SCHEMES: &[&str] = &[
    "http", "https", "ws", "wss", "ftp", "file", "foo", "node", "HTTP", "Https", "a+b-c.d", "1a",
    "",
];
const AFTER_SCHEME: &[&str] = &[
    "://", ":", ":/", ":///", ":\\\\", "://\\", ":////", ":/\\", "//", ": //",
];
const HOSTS: &[&str] = &[
    "example.com",
    "EXAMPLE.Com",
    "a",
    "",
    "localhost",
    "LocalHost",
    "1.2.3.4",
    "1.2.3.4.",
    "255.255.255.255",
    "256.0.0.1",
    "1.2.3.04",
    "1.2..3",
    "1.2.3.4.5",
    "00.1.2.3",
    "4294967295",
    "0x7f",
    "a.0x",
    "a.0xg",
    "a.09",
    "example.com.",
    "a..b",
    ".",
    "[::1]",
    "[::1",
    "u@h",
    "u:p@h",
    "@h",
    "a%41",
    "a%zz",
    "é.com",
    "xn--nxasmq6b.com",
    "a_b.c*d",
    "C:",
    "C|",
    "h:80",
    "h:443",
    "h:21",
    "h:8080",
    "h:0",
    "h:00",
    "h:080",
    "h:65535",
    "h:65536",
    "h:99999999",
    "h:",
    "h:x",
    ":80",
    "h:80:80",
    "a b",
    "a\tb",
    "a^b",
    "a\u{7f}",
    "a<b",
];
const PATHS: &[&str] = &[
    "", "/", "/a", "/a/b.c", "/./", "/../", "/.", "/..", "/a/.", "/a/..", "/a/./b", "/.a", "/a.",
    "/...", "/..a", "/%2e", "/%2E/", "/.%2e", "/%2e./", "/a%2eb", "/%41", "/%", "\\a", "/a\\b",
    "/a b", "/a^", "/a|b", "/C:", "/C|", "/C|/x", "/C:/x", "/c:", "//x", "//", "/a\"b", "/a{}",
    "/é", "/a\u{1}", "/a\n", "/a\t", "/a ", ".",
];
const QUERIES: &[&str] = &[
    "", "?", "?a=b", "?a'b", "?a b", "?a\"b", "?é", "?%2e", "??", "?a/../b", "?a\\b", "?<>",
];
const FRAGMENTS: &[&str] = &[
    "", "#", "#x", "#x y", "#`", "#é", "##", "#?", "#<", "#x\u{0}",
];

/// A piece of `items`: when `normal`, one of the first `normal_count` (the pieces the fast path
/// takes), else any.
fn piece<'a>(rng: &mut Rng, items: &[&'a str], normal: bool, normal_count: usize) -> &'a str {
    if normal {
        items[rng.below(normal_count)]
    } else {
        items[rng.below(items.len())]
    }
}

fn generated(rng: &mut Rng) -> String {
    // Half the inputs are built from normal pieces only, then bent in one place.
    let normal = rng.one_in(2);
    let mut s = String::new();
    if rng.one_in(20) {
        s.push(*rng.pick(&[' ', '\t', '\u{0}']));
    }
    s.push_str(piece(rng, SCHEMES, normal, 8));
    s.push_str(piece(rng, AFTER_SCHEME, normal, 1));
    s.push_str(piece(rng, HOSTS, normal, 3));
    for _ in 0..rng.below(3) {
        s.push_str(piece(rng, PATHS, normal, 4));
    }
    s.push_str(piece(rng, QUERIES, normal, 3));
    s.push_str(piece(rng, FRAGMENTS, normal, 3));
    if normal && rng.one_in(4) {
        // One abnormal byte somewhere.
        let at = rng.below(s.len() + 1);
        if s.is_char_boundary(at) {
            s.insert(
                at,
                *rng.pick(&['.', '%', ' ', '\\', ':', '@', '[', 'A', '/', '?', '#', 'é']),
            );
        }
    }
    if rng.one_in(20) {
        s.push(*rng.pick(&[' ', '\n', '\u{1f}']));
    }
    s
}

#[test]
fn generated_inputs_agree() {
    let bases: Vec<UrlRecord> = [
        "https://example.org/a/b?q#f",
        "file:///C:/dir/file",
        "foo://host/dir/file",
        "data:text/plain,x",
    ]
    .iter()
    .map(|b| UrlRecord::parse(b, None).unwrap())
    .collect();
    let mut rng = Rng::new(0x5eed_fa57);
    let mut taken = 0;
    let total = 40_000;
    for i in 0..total {
        let input = generated(&mut rng);
        let base = (i % 3 == 0).then(|| rng.pick(&bases));
        taken += usize::from(check(&input, base));
    }
    // A share of the generated inputs is normal: the fast path must see them.
    assert!(taken > total / 20, "the fast path took {taken} of {total}");
    // Hosts made of numbers: the IPv4 parser against the serialized-IPv4 check.
    let numbers = [
        "0", "1", "9", "10", "99", "100", "199", "200", "249", "250", "255", "256", "300", "01",
        "001", "999", "1000", "", "0x1", "a",
    ];
    for _ in 0..20_000 {
        let parts: Vec<&str> = (0..1 + rng.below(5)).map(|_| *rng.pick(&numbers)).collect();
        let input = format!("http://{}/", parts.join("."));
        check(&input, None);
    }
    // Random strings over URL-ish bytes.
    let alphabet: Vec<char> = "htps:/\\.%2eE?#@[]:0x19aAzZ-_ |^`'\"<>{}".chars().collect();
    for _ in 0..40_000 {
        let mut input = String::from(*rng.pick(&["http://", "file://", "foo:", "ws://h"]));
        input.push_str(&rng.string(&alphabet, 24));
        check(&input, None);
    }
}

#[test]
fn every_shape_of_the_fast_path() {
    // Inputs the fast path must take, and what the record is.
    let cases = [
        ("https://example.com", "https://example.com/"),
        ("https://EXAMPLE.com:443/a?b#c", "https://example.com/a?b#c"),
        ("HtTpS://ExAmple.COM:444/x", "https://example.com:444/x"),
        ("HTTP://h/", "http://h/"),
        ("FILE:///x", "file:///x"),
        ("WS://h/x", "ws://h/x"),
        ("http://example.com:8080", "http://example.com:8080/"),
        ("ws://h:80?x", "ws://h/?x"),
        ("ftp://h:21#f", "ftp://h/#f"),
        ("file:///Users/a/b.js", "file:///Users/a/b.js"),
        ("file://node.gypi", "file://node.gypi/"),
        ("node:url", "node:url"),
        ("mailto:a@b.c?subject=x#y", "mailto:a@b.c?subject=x#y"),
        ("foo:/a/b", "foo:/a/b"),
        ("tapmock://Host:1/x", "tapmock://Host:1/x"),
        ("foo://", "foo://"),
        ("foo:///x", "foo:///x"),
        ("foo://h?q", "foo://h?q"),
        ("http://127.0.0.1:8080/x", "http://127.0.0.1:8080/x"),
        ("https://0.0.0.0", "https://0.0.0.0/"),
        ("http://255.255.255.255/", "http://255.255.255.255/"),
    ];
    for (input, href) in cases {
        let fast = UrlRecord::parse_fast_path_only(input).unwrap_or_else(|| panic!("{input:?}"));
        assert_eq!(fast.as_str(), href, "{input:?}");
        assert!(check(input, None), "{input:?}");
    }
    // Inputs it must leave to the general path.
    for input in [
        "FOO://h/",
        "HTTP:/h",
        "http://h/./a",
        "http://h/a/..",
        "http://h/%2e/",
        "http://1.2.3.4./",
        "http://1.2.3/",
        "http://1.2.3.4.5/",
        "http://01.2.3.4/",
        "http://1.2.3.256/",
        "http://0x7f.0.0.1/",
        "http://a.1.2.3/",
        "http://h:00/",
        "http://h:/",
        "http://u@h/",
        "http://[::1]/",
        "http://h/a b",
        "http:h",
        "http:///h",
        "file://localhost/x",
        "file:///C|/x",
        "file:///C:/x",
        " http://h/",
        "http://h/\t",
        "foo:a b",
        "http://é/",
    ] {
        assert!(
            UrlRecord::parse_fast_path_only(input).is_none(),
            "{input:?}"
        );
        check(input, None);
    }
}

/// The relative-reference fast path (`fast/relative.rs`) against the general path: queries,
/// fragments and directory-relative paths, normal or bent in one place, against bases with and
/// without a query, a fragment, a port, a trailing slash, and bases it must leave alone.
#[test]
fn relative_references_agree() {
    let bases: Vec<UrlRecord> = [
        "https://example.org/a/b?q#f",
        "https://example.org/a/b/",
        "https://example.org",
        "http://h:8080/dir/file.html?x=1",
        "wss://h/a/b/c#frag",
        "ftp://h/",
        "https://h/%2e/x/",
        "file:///C:/dir/file",
        "file://host/dir/file",
        "foo://host/dir/file",
        "foo:/dir/file",
        "data:text/plain,x",
    ]
    .iter()
    .map(|b| UrlRecord::parse(b, None).unwrap())
    .collect();
    let firsts = [
        "page",
        "a/b",
        "x.html",
        "x..y",
        "x.",
        "-",
        "~u",
        "!",
        "a=b",
        ".",
        "..",
        "./x",
        "../x",
        ".x",
        "%2e",
        "%2E%2e/x",
        "%41",
        "a:b",
        "a+b:c",
        "1a:b",
        "a.b-c:d",
        "a b",
        "é",
        "a\\b",
        "",
        "?",
        "?q=1",
        "?q#f",
        "?a b",
        "?'",
        "?é",
        "#",
        "#f",
        "#f g",
        "#`",
        "//h/p",
        "/abs",
        "\\x",
        " x",
        "\tx",
        "x\n",
        "C:",
        "c|",
        "a:",
        ":x",
        "@x",
        "a@b",
        "x?y#z",
        "[",
        "|",
        "//h",
        "//H",
        "///h",
        "//h:80",
        "//h:443",
        "//h:8080",
        "//u@h",
        "//1.2.3.4",
        "//1.2.3",
        "//h.",
        "//é",
        "//[::1]",
        "//\\h",
        "/\\h",
        "//h%41",
        "../",
        "../../x",
        "../../../../x",
        "../.",
        "../..",
        "..//x",
        "../%2e",
        "../?q",
        "../#f",
        ".././x",
        "..\\x",
        "..%2fx",
        "../é",
        "../a b",
        "../a:b",
        "../../",
        ".../x",
        "../x/..",
        "../.x",
    ];
    let more = [
        "", "/", "/seg", "/./x", "/../x", "/.", "/..", "/%2e", "/%2e%2E", "/a%20b", "/ x", "/é",
        "/\\", "/x.y", "//",
    ];
    let tails = [
        "", "?", "?a=1&b=2", "?a b", "?é", "#", "#x", "#x y", "?q#f", "?'",
    ];
    let mut taken = 0;
    let mut total = 0;
    for base in &bases {
        for first in firsts {
            for rest in more {
                for tail in tails {
                    let input = format!("{first}{rest}{tail}");
                    check(&input, Some(base));
                    total += 1;
                    if let Some(fast) = UrlRecord::parse_relative_fast_path_only(&input, base) {
                        let general = UrlRecord::parse_without_fast_path(&input, Some(base))
                            .unwrap_or_else(|e| panic!("{input:?} against {base}: {e:?}"));
                        assert_eq!(record(&fast), record(&general), "{input:?} against {base}");
                        assert_eq!(fast.check_invariants(), Ok(()), "{input:?}");
                        taken += 1;
                    }
                }
            }
        }
    }
    // The normal forms against the special bases: the shortcut must see them.
    assert!(
        taken * 20 > total,
        "the relative fast path took {taken} of {total}"
    );
}
