//! Property tests: the facade against `whatwg_url::Url`, for the same inputs.
//!
//! Inputs: every input and base of the WPT's `urltestdata.json`, the first 20,000 lines of each
//! `datasets/*.txt` (real URLs), and a deterministic generator of mutated inputs built from
//! both. For each, the facade and `whatwg-url` must agree on success or failure, on `href`, and
//! on each component as rust-url's getters present it (`password` and `host_str` as `Option`,
//! the Position slices, the origin); `Url::join` must agree with the standard's parser given a
//! base; rust-url's setters must keep their contract (`set_query(Some(q))` gives the query
//! percent-encoded per the standard, …) and agree with the standard's setters where the two
//! map onto each other; the WPT's `setters_tests.json` must pass through `url::quirks`; and
//! `check_invariants` must hold for every URL made. Each test asserts a minimum number of
//! cases, so that it cannot pass on an empty corpus, and prints its counts.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::cell::Cell;
use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::panic::{self, AssertUnwindSafe};

use serde_json::Value;
use url::{quirks, Host, ParseError, Position, Url};
use whatwg_url::{HostKind, HostRef, ValidationError};

const URLTESTDATA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../fixtures/wpt/urltestdata.json"
);
const SETTERS_TESTS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../fixtures/wpt/setters_tests.json"
);
const DATASETS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/datasets");
const LINES_PER_DATASET: usize = 20_000;
const MUTATED_INPUTS: usize = 20_000;

/// Bases every corpus input is also joined against: special, file, non-special, IPv6,
/// credentials, and an opaque path (rust-url's cannot-be-a-base URL).
const JOIN_BASES: [&str; 7] = [
    "https://user:pw@example.com:8443/dir/file.html?q=1#frag",
    "http://[::1]/a/b/c",
    "file:///C:/dir/file",
    "file://host/share/x",
    "sc://opaque.host/p/q?x",
    "sc:/no/authority",
    "data:text/plain,opaque path",
];

// ---------------------------------------------------------------------------------------
// Corpus

#[derive(Clone, Debug)]
struct Case {
    input: String,
    base: Option<String>,
}

fn read_json(path: &str) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap()
}

fn urltestdata() -> Vec<Value> {
    read_json(URLTESTDATA)
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v.is_object())
        .cloned()
        .collect()
}

/// urltestdata's inputs with their bases, each input without a base too, and each base.
fn wpt_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for test in urltestdata() {
        let input = test["input"].as_str().unwrap().to_owned();
        let base = test["base"].as_str().map(str::to_owned);
        if let Some(b) = &base {
            cases.push(Case {
                input: b.clone(),
                base: None,
            });
            cases.push(Case {
                input: input.clone(),
                base: None,
            });
        }
        cases.push(Case { input, base });
    }
    cases
}

/// The first `LINES_PER_DATASET` lines of each `datasets/*.txt`, without a base.
fn dataset_cases() -> Vec<Case> {
    let mut files: Vec<_> = std::fs::read_dir(DATASETS)
        .unwrap_or_else(|e| panic!("{DATASETS}: {e}"))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no datasets in {DATASETS}");
    let mut cases = Vec::new();
    for file in files {
        let bytes = std::fs::read(&file).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        cases.extend(text.lines().take(LINES_PER_DATASET).map(|line| Case {
            input: line.to_owned(),
            base: None,
        }));
    }
    cases
}

/// xorshift64*: deterministic, so a failure names an input that fails again.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % u64::try_from(n.max(1)).unwrap()).unwrap()
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Pieces that move a parser between states: delimiters, percent-encodings, dots, IP
/// address parts, ports, schemes, code points the standard strips, encodes or maps.
const TOKENS: &[&str] = &[
    "/",
    "//",
    "///",
    "\\",
    ":",
    "@",
    "?",
    "#",
    "%",
    "%2e",
    "%2E",
    "%41",
    "%zz",
    "%00",
    ".",
    "..",
    "/./",
    "/../",
    "[",
    "]",
    "[::1]",
    "[::ffff:1.2.3.4]",
    "[1:2::3]",
    " ",
    "\t",
    "\n",
    "\r",
    "\u{0}",
    "\u{1f}",
    "\u{7f}",
    "\u{e9}",
    "\u{fffd}",
    "\u{1f600}",
    "\u{df}",
    "\u{3002}",
    "\u{ff0e}",
    "\u{ad}",
    "\u{200d}",
    "xn--",
    "xn--nxasmq6b",
    "0x",
    "0x7f",
    "255",
    "256",
    "4294967295",
    "4294967296",
    "1.2.3.4",
    "1.2.3",
    "09",
    ":0",
    ":80",
    ":443",
    ":65535",
    ":65536",
    ":8080",
    "file:",
    "http:",
    "https:",
    "ws:",
    "sc:",
    "javascript:",
    "blob:",
    "|",
    "^",
    "'",
    "\"",
    "<",
    ">",
    "`",
    "{",
    "}",
    "C:",
    "c|",
    "/C:/",
    "localhost",
    "LOCALHOST",
    "127.0.0.1",
    "user:pass@",
    "a",
    "A",
    "-",
    "_",
    "~",
    "=",
    "&",
    "+",
    ";",
    ",",
    "!",
    "$",
    "*",
];

fn char_boundary(s: &str, rng: &mut Rng) -> usize {
    let boundaries: Vec<usize> = s
        .char_indices()
        .map(|(i, _)| i)
        .chain(std::iter::once(s.len()))
        .collect();
    *rng.pick(&boundaries)
}

fn mutate(seed: &str, other: &str, rng: &mut Rng) -> String {
    let mut s = seed.to_owned();
    for _ in 0..=rng.below(3) {
        let at = char_boundary(&s, rng);
        match rng.below(7) {
            0 | 1 => {
                let token = *rng.pick(TOKENS);
                s.insert_str(at, token);
            }
            2 => {
                let n = 1 + rng.below(4);
                let end = s[at..]
                    .char_indices()
                    .nth(n)
                    .map_or(s.len(), |(i, _)| at + i);
                s.replace_range(at..end, "");
            }
            3 => {
                let end = char_boundary(&s, rng);
                let (a, b) = if at <= end { (at, end) } else { (end, at) };
                let piece = s[a..b].to_owned();
                s.insert_str(b, &piece);
            }
            4 => {
                let cut = char_boundary(other, rng);
                s.truncate(at);
                s.push_str(&other[cut..]);
            }
            5 => {
                s = s
                    .chars()
                    .map(|c| {
                        if c.is_ascii_lowercase() {
                            c.to_ascii_uppercase()
                        } else {
                            c.to_ascii_lowercase()
                        }
                    })
                    .collect();
            }
            _ => {
                let token = *rng.pick(TOKENS);
                let end = s[at..].chars().next().map_or(at, |c| at + c.len_utf8());
                s.replace_range(at..end, token);
            }
        }
    }
    s
}

/// Mutations of urltestdata's inputs and of dataset lines, half of them with a base.
fn mutated_cases(wpt: &[Case], datasets: &[Case]) -> Vec<Case> {
    let mut seeds: Vec<&str> = wpt.iter().map(|c| c.input.as_str()).collect();
    seeds.extend(datasets.iter().step_by(50).map(|c| c.input.as_str()));
    let bases: Vec<&str> = wpt
        .iter()
        .filter_map(|c| c.base.as_deref())
        .chain(JOIN_BASES)
        .collect();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    (0..MUTATED_INPUTS)
        .map(|i| {
            let seed = *rng.pick(&seeds);
            let other = *rng.pick(&seeds);
            let input = mutate(seed, other, &mut rng);
            let base = (i % 2 == 1).then(|| (*rng.pick(&bases)).to_owned());
            Case { input, base }
        })
        .collect()
}

struct Corpus {
    wpt: Vec<Case>,
    datasets: Vec<Case>,
    mutated: Vec<Case>,
}

impl Corpus {
    fn new() -> Corpus {
        let wpt = wpt_cases();
        let datasets = dataset_cases();
        let mutated = mutated_cases(&wpt, &datasets);
        Corpus {
            wpt,
            datasets,
            mutated,
        }
    }

    fn all(&self) -> impl Iterator<Item = &Case> {
        self.wpt.iter().chain(&self.datasets).chain(&self.mutated)
    }
}

fn all_cases() -> Vec<Case> {
    Corpus::new().all().cloned().collect()
}

// ---------------------------------------------------------------------------------------
// Failures are gathered over the whole corpus (by kind, with the first input of each kind)
// so that one run shows every property that does not hold, not only the first.

thread_local! {
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

#[derive(Default)]
struct Failures {
    total: usize,
    by_kind: BTreeMap<String, (usize, String)>,
}

impl Failures {
    /// Runs one case; a failed assertion in it is recorded, not printed.
    fn run(&mut self, case: impl FnOnce()) {
        static HOOK: std::sync::Once = std::sync::Once::new();
        HOOK.call_once(|| {
            let default = panic::take_hook();
            panic::set_hook(Box::new(move |info| {
                if !QUIET.with(Cell::get) {
                    default(info);
                }
            }));
        });
        QUIET.with(|q| q.set(true));
        let result = panic::catch_unwind(AssertUnwindSafe(case));
        QUIET.with(|q| q.set(false));
        if let Err(payload) = result {
            let message = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                .unwrap_or_default();
            // The kind: the assertion's own text, without the input it names.
            let kind = message
                .split(": input ")
                .next()
                .and_then(|m| m.split(": URL ").next())
                .unwrap_or_default()
                .lines()
                .next()
                .unwrap_or_default()
                .to_owned();
            let entry = self.by_kind.entry(kind).or_insert((0, message));
            entry.0 += 1;
            self.total += 1;
        }
    }

    fn assert_none(&self, test: &str) {
        if self.total == 0 {
            return;
        }
        let mut report = format!("{test}: {} failing cases\n", self.total);
        for (kind, (count, first)) in &self.by_kind {
            report.push_str(&format!("\n{count} × {kind}\n  first: {first}\n"));
        }
        panic!("{report}");
    }
}

// ---------------------------------------------------------------------------------------
// The standard's percent-encode sets (spec 1.3), to state what a setter must produce

fn c0_control(c: char) -> bool {
    c <= '\u{1f}' || c > '~'
}
fn fragment_set(c: char) -> bool {
    c0_control(c) || matches!(c, ' ' | '"' | '<' | '>' | '`')
}
fn query_set(c: char) -> bool {
    c0_control(c) || matches!(c, ' ' | '"' | '#' | '<' | '>')
}
fn special_query_set(c: char) -> bool {
    query_set(c) || c == '\''
}
fn path_set(c: char) -> bool {
    query_set(c) || matches!(c, '?' | '^' | '`' | '{' | '}')
}
fn userinfo_set(c: char) -> bool {
    path_set(c) || matches!(c, '/' | ':' | ';' | '=' | '@' | '[' | '\\' | ']' | '|')
}

fn utf8_percent_encode(input: &str, set: fn(char) -> bool) -> String {
    let mut out = String::new();
    for c in input.chars() {
        if set(c) {
            let mut buf = [0; 4];
            for byte in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{byte:02X}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// What the basic URL parser does first with a state override: drop ASCII tab or newline.
fn without_tab_newline(input: &str) -> String {
    input
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect()
}

// ---------------------------------------------------------------------------------------
// The facade's view of a URL against the standard's

const POSITIONS: [Position; 16] = [
    Position::BeforeScheme,
    Position::AfterScheme,
    Position::BeforeUsername,
    Position::AfterUsername,
    Position::BeforePassword,
    Position::AfterPassword,
    Position::BeforeHost,
    Position::AfterHost,
    Position::BeforePort,
    Position::AfterPort,
    Position::BeforePath,
    Position::AfterPath,
    Position::BeforeQuery,
    Position::AfterQuery,
    Position::BeforeFragment,
    Position::AfterFragment,
];

fn offset(url: &Url, position: Position) -> usize {
    url[..position].len()
}

/// Every getter, every Position slice and the origin of `url` against `w`, and
/// `check_invariants`. `context` names the input in a failure.
fn assert_same_url(url: &Url, w: &whatwg_url::Url, context: &dyn std::fmt::Display) {
    let href = w.href();
    assert_eq!(url.as_str(), href, "href: {context}");
    assert_eq!(
        url.check_invariants(),
        Ok(()),
        "check_invariants: {context}"
    );
    assert_eq!(url.scheme(), w.scheme(), "scheme: {context}");
    assert_eq!(w.protocol(), format!("{}:", url.scheme()), "{context}");
    assert_eq!(url.is_special(), w.is_special(), "is_special: {context}");
    assert_eq!(url.username(), w.username(), "username: {context}");
    let password = Some(w.password()).filter(|p| !p.is_empty());
    assert_eq!(url.password(), password, "password: {context}");
    let host_str = Some(w.hostname()).filter(|h| !h.is_empty());
    assert_eq!(url.host_str(), host_str, "host_str: {context}");
    assert_eq!(url.has_host(), host_str.is_some(), "has_host: {context}");
    let has_authority = w.host_kind().is_some();
    assert_eq!(
        url.has_authority(),
        has_authority,
        "has_authority: {context}"
    );
    let expected_host = match w.host_ref() {
        None | Some(HostRef::Empty) => None,
        Some(HostRef::Domain(d) | HostRef::Opaque(d)) => Some(Host::Domain(d)),
        Some(HostRef::Ipv4(a)) => Some(Host::Ipv4(a)),
        Some(HostRef::Ipv6(a)) => Some(Host::Ipv6(a)),
    };
    assert_eq!(url.host(), expected_host, "host: {context}");
    assert_eq!(
        url.host().map(|h| h.to_string()).as_deref(),
        host_str,
        "host Display: {context}"
    );
    let domain = match w.host_kind() {
        Some(HostKind::Domain | HostKind::Opaque) => host_str,
        _ => None,
    };
    assert_eq!(url.domain(), domain, "domain: {context}");
    assert_eq!(url.port(), w.port_number(), "port: {context}");
    assert_eq!(
        url.port().map(|p| p.to_string()).unwrap_or_default(),
        w.port(),
        "port string: {context}"
    );
    assert_eq!(
        url.port_or_known_default(),
        w.port_or_known_default(),
        "port_or_known_default: {context}"
    );
    assert_eq!(url.path(), w.pathname(), "path: {context}");
    assert_eq!(
        url.cannot_be_a_base(),
        w.has_opaque_path(),
        "cannot_be_a_base: {context}"
    );
    let segments: Option<Vec<&str>> = url.path_segments().map(Iterator::collect);
    let expected_segments: Option<Vec<&str>> = w
        .path_segments()
        .map(Iterator::collect)
        .filter(|s: &Vec<&str>| !s.is_empty());
    assert_eq!(segments, expected_segments, "path_segments: {context}");
    assert_eq!(url.query(), w.query(), "query: {context}");
    assert_eq!(url.fragment(), w.fragment(), "fragment: {context}");
    let pairs: Vec<(String, String)> = url
        .query_pairs()
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    let expected_pairs: Vec<(String, String)> = w
        .search_params()
        .iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
    assert_eq!(pairs, expected_pairs, "query_pairs: {context}");
    // The `form_urlencoded` crate's serializer (rust-url's `url::form_urlencoded`) against the
    // standard's application/x-www-form-urlencoded serializer (spec 5.2).
    let reserialized = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(&pairs)
        .finish();
    assert_eq!(
        reserialized,
        w.search_params().to_string(),
        "form_urlencoded serializer: {context}"
    );
    assert_eq!(
        url.origin().ascii_serialization(),
        w.origin(),
        "origin: {context}"
    );
    assert_eq!(
        url.origin().unicode_serialization(),
        w.origin_unicode(),
        "unicode origin: {context}"
    );
    let userinfo = match (w.username(), w.password()) {
        ("", "") => String::new(),
        (user, "") => format!("{user}@"),
        (user, password) => format!("{user}:{password}@"),
    };
    let authority = if has_authority {
        format!("{userinfo}{}", w.host())
    } else {
        String::new()
    };
    assert_eq!(url.authority(), authority, "authority: {context}");

    // The Position slices: each component, each delimiter between two of them.
    let s = |from: Position, to: Position| &url[from..to];
    use Position as P;
    let path_guard = w.host_kind().is_none() && w.pathname().starts_with("//");
    let expected: [(Position, Position, &str); 16] = [
        (P::BeforeScheme, P::AfterScheme, w.scheme()),
        (
            P::AfterScheme,
            P::BeforeUsername,
            if has_authority { "://" } else { ":" },
        ),
        (P::BeforeUsername, P::AfterUsername, w.username()),
        (
            P::AfterUsername,
            P::BeforePassword,
            if w.password().is_empty() { "" } else { ":" },
        ),
        (P::BeforePassword, P::AfterPassword, w.password()),
        (
            P::AfterPassword,
            P::BeforeHost,
            if userinfo.is_empty() { "" } else { "@" },
        ),
        (P::BeforeHost, P::AfterHost, w.hostname()),
        (
            P::AfterHost,
            P::BeforePort,
            if w.port().is_empty() { "" } else { ":" },
        ),
        (P::BeforePort, P::AfterPort, w.port()),
        (
            P::AfterPort,
            P::BeforePath,
            if path_guard { "/." } else { "" },
        ),
        (P::BeforePath, P::AfterPath, w.pathname()),
        (
            P::AfterPath,
            P::BeforeQuery,
            if w.query().is_some() { "?" } else { "" },
        ),
        (P::BeforeQuery, P::AfterQuery, w.query().unwrap_or("")),
        (
            P::AfterQuery,
            P::BeforeFragment,
            if w.fragment().is_some() { "#" } else { "" },
        ),
        (
            P::BeforeFragment,
            P::AfterFragment,
            w.fragment().unwrap_or(""),
        ),
        (P::BeforeScheme, P::AfterFragment, href),
    ];
    for (from, to, component) in expected {
        assert_eq!(s(from, to), component, "url[{from:?}..{to:?}]: {context}");
    }
    assert_eq!(&url[..], href, "url[..]: {context}");
    let offsets: Vec<usize> = POSITIONS.iter().map(|&p| offset(url, p)).collect();
    assert!(
        offsets.windows(2).all(|w| w[0] <= w[1]),
        "positions out of order {offsets:?}: {context}"
    );
    for (i, &from) in POSITIONS.iter().enumerate() {
        assert_eq!(
            &url[from..],
            &href[offsets[i]..],
            "url[{from:?}..]: {context}"
        );
        for (j, &to) in POSITIONS.iter().enumerate().skip(i) {
            assert_eq!(
                &url[from..to],
                &href[offsets[i]..offsets[j]],
                "url[{from:?}..{to:?}]: {context}"
            );
        }
    }
}

/// The rust-url variant that names the standard's failure. `None`: the failing validation
/// error has no variant of its own in rust-url, and the facade may give any variant that
/// does not claim a different cause.
fn expected_variant(error: &whatwg_url::ParseError, opaque_base: bool) -> Option<ParseError> {
    let Some(v) = error.validation_error() else {
        return matches!(error, whatwg_url::ParseError::TooLong).then_some(ParseError::Overflow);
    };
    let name = format!("{v:?}");
    Some(if v == ValidationError::MissingSchemeNonRelativeUrl {
        if opaque_base {
            ParseError::RelativeUrlWithCannotBeABaseBase
        } else {
            ParseError::RelativeUrlWithoutBase
        }
    } else if name.starts_with("Ipv6") || name.starts_with("Ipv4InIpv6") {
        ParseError::InvalidIpv6Address
    } else if name.starts_with("Ipv4") {
        ParseError::InvalidIpv4Address
    } else if name.starts_with("Port") {
        ParseError::InvalidPort
    } else if v == ValidationError::DomainToAscii {
        ParseError::IdnaError
    } else if v == ValidationError::HostMissing {
        ParseError::EmptyHost
    } else {
        return None;
    })
}

fn assert_same_error(
    actual: ParseError,
    error: &whatwg_url::ParseError,
    opaque_base: bool,
    context: &dyn std::fmt::Display,
) {
    match expected_variant(error, opaque_base) {
        Some(expected) => assert_eq!(actual, expected, "error for {error:?}: {context}"),
        None => assert!(
            !matches!(
                actual,
                ParseError::RelativeUrlWithoutBase
                    | ParseError::RelativeUrlWithCannotBeABaseBase
                    | ParseError::SetHostOnCannotBeABaseUrl
                    | ParseError::Overflow
                    | ParseError::InvalidPort
                    | ParseError::InvalidIpv4Address
                    | ParseError::InvalidIpv6Address
            ),
            "error {actual:?} for {error:?}: {context}"
        ),
    }
}

struct Input<'a>(&'a str, Option<&'a str>);

impl std::fmt::Display for Input<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "input {:?} base {:?}", self.0, self.1)
    }
}

/// Parses `case` with both and asserts the same result.
fn parse_both(case: &Case, counts: &mut Counts) {
    let context = Input(&case.input, case.base.as_deref());
    let expected = whatwg_url::Url::parse(&case.input, case.base.as_deref());
    let (actual, opaque_base) = match case.base.as_deref() {
        None => (Url::parse(&case.input), false),
        Some(base) => match Url::parse(base) {
            Ok(base) => (
                Url::options().base_url(Some(&base)).parse(&case.input),
                base.cannot_be_a_base(),
            ),
            Err(_) => {
                assert!(
                    expected.is_err(),
                    "base fails only in the facade: {context}"
                );
                counts.bad_base += 1;
                return;
            }
        },
    };
    match (actual, expected) {
        (Ok(url), Ok(w)) => {
            assert_same_url(&url, &w, &context);
            counts.parsed += 1;
        }
        (Err(actual), Err(expected)) => {
            assert_same_error(actual, &expected, opaque_base, &context);
            counts.failed += 1;
        }
        (actual, expected) => panic!(
            "facade {:?}, whatwg-url {:?}: {context}",
            actual.map(String::from),
            expected.map(|w| w.href().to_owned())
        ),
    }
}

#[derive(Default, Debug)]
struct Counts {
    parsed: usize,
    failed: usize,
    bad_base: usize,
}

// ---------------------------------------------------------------------------------------
// Tests

#[test]
fn parse_agrees_with_whatwg_url() {
    let cases = all_cases();
    let mut counts = Counts::default();
    let mut failures = Failures::default();
    for case in &cases {
        failures.run(|| parse_both(case, &mut counts));
    }
    println!("{} inputs: {counts:?}", cases.len());
    failures.assert_none("parse");
    assert!(counts.parsed >= 60_000, "{counts:?}");
    assert!(counts.failed >= 1_000, "{counts:?}");
}

#[test]
fn join_agrees_with_whatwg_url() {
    let corpus = Corpus::new();
    let bases: Vec<(Url, whatwg_url::Url)> = JOIN_BASES
        .iter()
        .map(|b| {
            (
                Url::parse(b).unwrap(),
                whatwg_url::Url::parse(b, None).unwrap(),
            )
        })
        .collect();
    let (mut joined, mut failed) = (0_usize, 0_usize);
    let mut failures = Failures::default();
    let mut join = |base: &Url, w_base: &whatwg_url::Url, input: &str| {
        failures.run(|| {
            let context = Input(input, Some(base.as_str()));
            match (base.join(input), w_base.join(input)) {
                (Ok(url), Ok(w)) => {
                    assert_same_url(&url, &w, &context);
                    let via_options = Url::options().base_url(Some(base)).parse(input);
                    assert_eq!(via_options.as_ref(), Ok(&url), "options: {context}");
                    joined += 1;
                }
                (Err(actual), Err(expected)) => {
                    assert_same_error(actual, &expected, base.cannot_be_a_base(), &context);
                    assert_eq!(
                        Url::options().base_url(Some(base)).parse(input),
                        Err(actual),
                        "options: {context}"
                    );
                    failed += 1;
                }
                (actual, expected) => panic!(
                    "facade {:?}, whatwg-url {:?}: {context}",
                    actual.map(String::from),
                    expected.map(|w| w.href().to_owned())
                ),
            }
        });
    };
    for case in corpus.all() {
        if let Some(base) = case.base.as_deref() {
            let (Ok(b), Ok(w)) = (Url::parse(base), whatwg_url::Url::parse(base, None)) else {
                continue;
            };
            join(&b, &w, &case.input);
        }
    }
    // Every input against bases of each kind; the dataset lines (absolute URLs) against one.
    for case in corpus.wpt.iter().chain(&corpus.mutated) {
        for (b, w) in &bases {
            join(b, w, &case.input);
        }
    }
    for case in &corpus.datasets {
        join(&bases[0].0, &bases[0].1, &case.input);
    }
    println!("join: {joined} joined, {failed} failed");
    failures.assert_none("join");
    assert!(joined >= 100_000, "{joined}");
    assert!(failed >= 2_000, "{failed}");
}

/// Values for the setters: empty, plain, every delimiter, percent signs, code points each
/// percent-encode set has or lacks, tab and newline, non-ASCII.
const SETTER_VALUES: [&str; 8] = [
    "",
    "a=b&c",
    "sp ace#hash?q/x",
    "\u{e9}\u{0}%zz%41'\"<>`^{}|\\[]",
    "?lead",
    "#lead",
    "t\tn\nr\r",
    "..",
];

/// `check_invariants` after a setter: Ok, unless the standard's own result does not come
/// back from a parse of its serialization (the protocol setter keeps the host of
/// `https://localhost/` when it makes it `file:`, and the parser turns `file://localhost/` into
/// `file:///`); then `check_invariants` must say so.
fn assert_invariants(url: &Url, what: std::fmt::Arguments<'_>) {
    let stable = whatwg_url::Url::parse(url.as_str(), None).is_ok_and(|u| u.href() == url.as_str());
    if stable {
        assert_eq!(url.check_invariants(), Ok(()), "check_invariants: {what}");
    } else {
        assert!(url.check_invariants().is_err(), "check_invariants: {what}");
        UNSTABLE_SETTER_RESULTS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
}

/// How many setter results the standard itself leaves unstable (see `assert_invariants`).
static UNSTABLE_SETTER_RESULTS: std::sync::atomic::AtomicUsize =
    std::sync::atomic::AtomicUsize::new(0);

fn check_setters(url: &Url, counts: &mut usize) {
    let w = url.as_whatwg().clone();
    let context = format!("URL {:?}", url.as_str());
    let unchanged_before = |a: &Url, p: Position, what: &str| {
        assert_eq!(
            &a[..p],
            &url[..p],
            "{what} changed what precedes it: {context}"
        );
    };
    let special = url.is_special();

    for value in SETTER_VALUES {
        // set_query(Some(q)): the query is q (without tab or newline) percent-encoded with the
        // (special-)query percent-encode set; the rest stays; the standard's search setter
        // given "?" + q agrees.
        let mut a = url.clone();
        a.set_query(Some(value));
        let set = if special {
            special_query_set
        } else {
            query_set
        };
        let encoded = utf8_percent_encode(&without_tab_newline(value), set);
        assert_eq!(
            a.query(),
            Some(encoded.as_str()),
            "set_query({value:?}): {context}"
        );
        assert_eq!(
            a.fragment(),
            url.fragment(),
            "set_query({value:?}): {context}"
        );
        unchanged_before(&a, Position::AfterPath, "set_query");
        let mut b = w.clone();
        b.set_search(&format!("?{value}"));
        assert_eq!(a.as_str(), b.href(), "set_query({value:?}): {context}");
        assert_invariants(&a, format_args!("set_query({value:?}): {context}"));
        let again = a.query().map(str::to_owned);
        a.set_query(again.as_deref());
        assert_eq!(
            a.query(),
            again.as_deref(),
            "set_query idempotent: {context}"
        );

        // set_fragment(Some(f)): the fragment percent-encode set.
        let mut a = url.clone();
        a.set_fragment(Some(value));
        let encoded = utf8_percent_encode(&without_tab_newline(value), fragment_set);
        assert_eq!(
            a.fragment(),
            Some(encoded.as_str()),
            "set_fragment({value:?}): {context}"
        );
        unchanged_before(&a, Position::AfterQuery, "set_fragment");
        let mut b = w.clone();
        b.set_hash(&format!("#{value}"));
        assert_eq!(a.as_str(), b.href(), "set_fragment({value:?}): {context}");
        assert_invariants(&a, format_args!("set_fragment({value:?}): {context}"));

        // set_path: the standard's pathname setter for a list path; an opaque path stays
        // opaque and keeps the query and fragment.
        let mut a = url.clone();
        a.set_path(value);
        assert_eq!(a.query(), url.query(), "set_path({value:?}): {context}");
        assert_eq!(
            a.fragment(),
            url.fragment(),
            "set_path({value:?}): {context}"
        );
        assert_invariants(&a, format_args!("set_path({value:?}): {context}"));
        if url.cannot_be_a_base() {
            assert!(a.cannot_be_a_base(), "set_path({value:?}): {context}");
            if !value.contains(['?', '#', '\t', '\n', '\r', ' ', '\0', '/']) {
                let expected = utf8_percent_encode(value, c0_control);
                assert_eq!(a.path(), expected, "set_path({value:?}): {context}");
            }
        } else {
            let mut b = w.clone();
            b.set_pathname(value);
            assert_eq!(a.as_str(), b.href(), "set_path({value:?}): {context}");
            let path = a.path().to_owned();
            a.set_path(&path);
            assert_eq!(a.path(), path, "set_path idempotent: {context}");
        }

        // set_username / set_password: the userinfo percent-encode set, where the URL can
        // have credentials (a non-empty host, not file:); Err and no change elsewhere.
        let can_have_credentials = url.has_host() && url.scheme() != "file";
        let encoded = utf8_percent_encode(value, userinfo_set);
        let mut a = url.clone();
        let mut b = w.clone();
        if can_have_credentials {
            assert_eq!(a.set_username(value), Ok(()), "set_username: {context}");
            assert_eq!(a.username(), encoded, "set_username({value:?}): {context}");
            assert_eq!(a.password(), url.password(), "set_username: {context}");
            b.set_username(value);
            assert_eq!(a.as_str(), b.href(), "set_username({value:?}): {context}");
            assert_eq!(
                a.set_password(Some(value)),
                Ok(()),
                "set_password: {context}"
            );
            assert_eq!(
                a.password(),
                Some(encoded.as_str()).filter(|p| !p.is_empty()),
                "set_password({value:?}): {context}"
            );
            b.set_password(value);
            assert_eq!(a.as_str(), b.href(), "set_password({value:?}): {context}");
            assert_invariants(&a, format_args!("credentials: {context}"));
            assert_eq!(
                a.set_password(None),
                Ok(()),
                "set_password(None): {context}"
            );
            assert_eq!(a.password(), None, "set_password(None): {context}");
        } else {
            assert_eq!(a.set_username(value), Err(()), "set_username: {context}");
            assert_eq!(
                a.set_password(Some(value)),
                Err(()),
                "set_password: {context}"
            );
            assert_eq!(a.as_str(), url.as_str(), "refused credentials: {context}");
        }
        *counts += 8;
    }

    // set_query(None) / set_fragment(None): gone; an opaque path loses its trailing spaces
    // when nothing follows it any more (spec 6.1, search and hash setters).
    let mut a = url.clone();
    a.set_query(None);
    assert_eq!(a.query(), None, "set_query(None): {context}");
    assert_eq!(a.fragment(), url.fragment(), "set_query(None): {context}");
    let mut b = w.clone();
    b.set_search("");
    assert_eq!(a.as_str(), b.href(), "set_query(None): {context}");
    let mut a = url.clone();
    a.set_fragment(None);
    assert_eq!(a.fragment(), None, "set_fragment(None): {context}");
    assert_eq!(a.query(), url.query(), "set_fragment(None): {context}");
    let mut b = w.clone();
    b.set_hash("");
    assert_eq!(a.as_str(), b.href(), "set_fragment(None): {context}");

    // set_port: where the URL can have a port (a non-empty host, not file:); the scheme's
    // default port is stored as none.
    let can_have_port = url.has_host() && url.scheme() != "file";
    let default_port = whatwg_url::Url::parse(&format!("{}://h/", url.scheme()), None)
        .ok()
        .and_then(|d| d.port_or_known_default());
    for port in [None, Some(0), Some(80), Some(443), Some(8080), Some(65535)] {
        let mut a = url.clone();
        if can_have_port {
            assert_eq!(a.set_port(port), Ok(()), "set_port({port:?}): {context}");
            let expected = port.filter(|&p| Some(p) != default_port);
            assert_eq!(a.port(), expected, "set_port({port:?}): {context}");
            assert_eq!(
                a.host_str(),
                url.host_str(),
                "set_port({port:?}): {context}"
            );
            assert_eq!(a.path(), url.path(), "set_port({port:?}): {context}");
            let mut b = w.clone();
            b.set_port(&port.map(|p| p.to_string()).unwrap_or_default());
            assert_eq!(a.as_str(), b.href(), "set_port({port:?}): {context}");
        } else {
            assert_eq!(a.set_port(port), Err(()), "set_port({port:?}): {context}");
            assert_eq!(a.as_str(), url.as_str(), "refused port: {context}");
        }
        assert_invariants(&a, format_args!("set_port: {context}"));
        *counts += 1;
    }

    // set_host: refused on a cannot-be-a-base URL; else the host is the standard's host
    // parser's (domain to ASCII for a special URL, opaque otherwise) and the rest stays.
    let hosts: [(&str, &str, &str); 5] = [
        ("example.org", "example.org", "example.org"),
        ("EXAMPLE.org", "example.org", "EXAMPLE.org"),
        ("0x7f.1", "127.0.0.1", "0x7f.1"),
        ("[0:0::1]", "[::1]", "[::1]"),
        (
            "B\u{fc}cher.example",
            "xn--bcher-kva.example",
            "B%C3%BCcher.example",
        ),
    ];
    for (host, if_special, if_not) in hosts {
        let mut a = url.clone();
        if url.cannot_be_a_base() {
            assert_eq!(
                a.set_host(Some(host)),
                Err(ParseError::SetHostOnCannotBeABaseUrl),
                "set_host({host:?}): {context}"
            );
            assert_eq!(a.as_str(), url.as_str(), "refused host: {context}");
        } else {
            assert_eq!(
                a.set_host(Some(host)),
                Ok(()),
                "set_host({host:?}): {context}"
            );
            let expected = if special { if_special } else { if_not };
            assert_eq!(
                a.host_str(),
                Some(expected),
                "set_host({host:?}): {context}"
            );
            assert_eq!(a.scheme(), url.scheme(), "set_host({host:?}): {context}");
            assert_eq!(a.path(), url.path(), "set_host({host:?}): {context}");
            assert_eq!(a.query(), url.query(), "set_host({host:?}): {context}");
            assert_eq!(
                a.fragment(),
                url.fragment(),
                "set_host({host:?}): {context}"
            );
            if url.has_host() {
                assert_eq!(a.username(), url.username(), "set_host: {context}");
                assert_eq!(a.password(), url.password(), "set_host: {context}");
                assert_eq!(a.port(), url.port(), "set_host: {context}");
            }
        }
        assert_invariants(&a, format_args!("set_host({host:?}): {context}"));
        *counts += 1;
    }
    // set_host(None): special URLs other than file: need a host; file: gets the empty host;
    // a non-special URL loses its authority (and the credentials and port in it).
    let mut a = url.clone();
    let result = a.set_host(None);
    if url.cannot_be_a_base() {
        assert_eq!(
            result,
            Err(ParseError::SetHostOnCannotBeABaseUrl),
            "{context}"
        );
    } else if special && url.scheme() != "file" {
        assert_eq!(
            result,
            Err(ParseError::EmptyHost),
            "set_host(None): {context}"
        );
        assert_eq!(
            a.as_str(),
            url.as_str(),
            "refused set_host(None): {context}"
        );
    } else {
        assert_eq!(result, Ok(()), "set_host(None): {context}");
        assert_eq!(a.host_str(), None, "set_host(None): {context}");
        if special {
            // file: keeps `//` and gets the empty host.
            assert!(a.has_authority(), "set_host(None): {context}");
            assert_eq!(a.path(), url.path(), "set_host(None): {context}");
        } else if url.has_host() {
            // The authority goes; an empty path becomes `/`, as in rust-url, else the URL
            // would have an opaque path.
            assert!(!a.has_authority(), "set_host(None): {context}");
            assert_eq!(a.username(), "", "set_host(None): {context}");
            assert_eq!(a.port(), None, "set_host(None): {context}");
            let path = if url.path().is_empty() {
                "/"
            } else {
                url.path()
            };
            assert_eq!(a.path(), path, "set_host(None): {context}");
        }
        assert_eq!(a.query(), url.query(), "set_host(None): {context}");
        assert_eq!(a.fragment(), url.fragment(), "set_host(None): {context}");
    }
    assert_invariants(&a, format_args!("set_host(None): {context}"));

    // set_ip_host: refused on a cannot-be-a-base URL.
    for (ip, text) in [
        (IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1)), "10.0.0.1"),
        (IpAddr::V6(Ipv6Addr::LOCALHOST), "[::1]"),
    ] {
        let mut a = url.clone();
        if url.cannot_be_a_base() {
            assert_eq!(a.set_ip_host(ip), Err(()), "set_ip_host: {context}");
            assert_eq!(a.as_str(), url.as_str(), "refused set_ip_host: {context}");
        } else {
            assert_eq!(a.set_ip_host(ip), Ok(()), "set_ip_host({ip}): {context}");
            assert_eq!(a.host_str(), Some(text), "set_ip_host({ip}): {context}");
            assert_eq!(a.path(), url.path(), "set_ip_host({ip}): {context}");
        }
        assert_invariants(&a, format_args!("set_ip_host: {context}"));
        *counts += 1;
    }

    // set_scheme: the standard's protocol setter; its own scheme changes nothing.
    for scheme in [
        url.scheme(),
        "http",
        "HTTPS",
        "ws:",
        "file",
        "foo",
        "a+b-c.d",
        "1bad",
        "x y",
        "",
    ] {
        let mut a = url.clone();
        let result = a.set_scheme(scheme);
        let mut b = w.clone();
        let standard = b.try_set_protocol(scheme);
        assert_eq!(a.as_str(), b.href(), "set_scheme({scheme:?}): {context}");
        if result.is_ok() {
            assert!(standard.is_ok(), "set_scheme({scheme:?}): {context}");
            let name = scheme.strip_suffix(':').unwrap_or(scheme);
            assert_eq!(
                a.scheme(),
                name.to_ascii_lowercase(),
                "{scheme:?}: {context}"
            );
        } else {
            assert_eq!(a.as_str(), url.as_str(), "refused set_scheme: {context}");
        }
        assert_invariants(&a, format_args!("set_scheme: {context}"));
        *counts += 1;
    }

    // query_pairs_mut: appends the form-urlencoded pairs to the query, keeps the fragment.
    let mut a = url.clone();
    a.query_pairs_mut()
        .append_pair("k y", "v&\u{e9}")
        .append_key_only("flag");
    let query = a.query().unwrap();
    let expected_tail = "k+y=v%26%C3%A9&flag";
    match url.query() {
        None | Some("") => assert_eq!(query, expected_tail, "query_pairs_mut: {context}"),
        Some(q) => assert_eq!(query, format!("{q}&{expected_tail}"), "{context}"),
    }
    assert_eq!(a.fragment(), url.fragment(), "query_pairs_mut: {context}");
    assert_invariants(&a, format_args!("query_pairs_mut: {context}"));

    // path_segments_mut: refused on a cannot-be-a-base URL; push then pop is no change in
    // the segments.
    let mut a = url.clone();
    let pushed = match a.path_segments_mut() {
        Err(()) => false,
        Ok(mut segments) => {
            segments.push("seg/ment %").push("x");
            true
        }
    };
    assert_eq!(
        pushed,
        !url.cannot_be_a_base(),
        "path_segments_mut: {context}"
    );
    if pushed {
        {
            assert!(
                a.path().ends_with("/seg%2Fment%20%25/x"),
                "push: {:?}: {context}",
                a.path()
            );
            assert_eq!(a.query(), url.query(), "push: {context}");
            assert_eq!(a.fragment(), url.fragment(), "push: {context}");
            assert_invariants(&a, format_args!("push: {context}"));
            a.path_segments_mut().unwrap().pop().pop();
            let before: Vec<&str> = url.path_segments().into_iter().flatten().collect();
            let after: Vec<&str> = a.path_segments().into_iter().flatten().collect();
            if !before.is_empty() {
                assert_eq!(after, before, "push then pop: {context}");
            }
        }
    }
    *counts += 3;
}

#[test]
fn setters_keep_their_contract() {
    let cases = all_cases();
    let mut parsed = 0;
    let mut operations = 0;
    let mut failures = Failures::default();
    for case in &cases {
        let url = match case.base.as_deref() {
            None => Url::parse(&case.input),
            Some(base) => Url::parse(base).and_then(|b| b.join(&case.input)),
        };
        if let Ok(url) = url {
            failures.run(|| check_setters(&url, &mut operations));
            parsed += 1;
        }
    }
    let unstable = UNSTABLE_SETTER_RESULTS.load(std::sync::atomic::Ordering::Relaxed);
    println!(
        "setters: {operations} operations on {parsed} URLs; {unstable} results that the \
         standard's parser reads back differently"
    );
    failures.assert_none("setters");
    assert!(parsed >= 60_000, "{parsed}");
    assert!(operations >= 5_000_000, "{operations}");
}

#[test]
fn wpt_setters_through_quirks() {
    let tests = read_json(SETTERS_TESTS);
    let mut checked = 0;
    for (kind, cases) in tests.as_object().unwrap() {
        if kind == "comment" {
            continue;
        }
        for case in cases.as_array().unwrap() {
            let href = case["href"].as_str().unwrap();
            let new_value = case["new_value"].as_str().unwrap();
            let context = format!("{kind} = {new_value:?} on {href:?}");
            let mut url = Url::parse(href).unwrap_or_else(|e| panic!("{e}: {context}"));
            match kind.as_str() {
                "href" => drop(quirks::set_href(&mut url, new_value)),
                "protocol" => drop(quirks::set_protocol(&mut url, new_value)),
                "username" => drop(quirks::set_username(&mut url, new_value)),
                "password" => drop(quirks::set_password(&mut url, new_value)),
                "host" => drop(quirks::set_host(&mut url, new_value)),
                "hostname" => drop(quirks::set_hostname(&mut url, new_value)),
                "port" => drop(quirks::set_port(&mut url, new_value)),
                "pathname" => quirks::set_pathname(&mut url, new_value),
                "search" => quirks::set_search(&mut url, new_value),
                "hash" => quirks::set_hash(&mut url, new_value),
                other => panic!("setters_tests.json has a kind this test does not know: {other}"),
            }
            for (getter, expected) in case["expected"].as_object().unwrap() {
                let actual = match getter.as_str() {
                    "href" => quirks::href(&url),
                    "protocol" => quirks::protocol(&url),
                    "username" => quirks::username(&url),
                    "password" => quirks::password(&url),
                    "host" => quirks::host(&url),
                    "hostname" => quirks::hostname(&url),
                    "port" => quirks::port(&url),
                    "pathname" => quirks::pathname(&url),
                    "search" => quirks::search(&url),
                    "hash" => quirks::hash(&url),
                    other => panic!("unknown getter {other}: {context}"),
                };
                assert_eq!(actual, expected.as_str().unwrap(), "{getter}: {context}");
            }
            assert_invariants(&url, format_args!("{context}"));
            checked += 1;
        }
    }
    println!("setters_tests.json: {checked} cases");
    assert!(checked >= 270, "{checked}");
}

/// A `url::quirks` getter: the standard's attribute of that name.
type Getter = fn(&Url) -> &str;

#[test]
fn wpt_urltestdata_through_the_facade() {
    let (mut passed, mut failures) = (0, 0);
    for test in urltestdata() {
        let input = test["input"].as_str().unwrap();
        let base = test["base"].as_str();
        let context = Input(input, base);
        let result = match base {
            None => Url::parse(input),
            Some(b) => Url::parse(b).unwrap().join(input),
        };
        if test.get("failure").is_some() {
            assert!(
                result.is_err(),
                "{:?} should fail: {context}",
                result.map(String::from)
            );
            failures += 1;
            continue;
        }
        let url = result.unwrap_or_else(|e| panic!("{e}: {context}"));
        let getters: [(&str, Getter); 10] = [
            ("href", quirks::href),
            ("protocol", quirks::protocol),
            ("username", quirks::username),
            ("password", quirks::password),
            ("host", quirks::host),
            ("hostname", quirks::hostname),
            ("port", quirks::port),
            ("pathname", quirks::pathname),
            ("search", quirks::search),
            ("hash", quirks::hash),
        ];
        for (name, getter) in getters {
            let expected = test[name].as_str().unwrap();
            assert_eq!(getter(&url), expected, "{name}: {context}");
        }
        if let Some(origin) = test.get("origin") {
            assert_eq!(
                quirks::origin(&url),
                origin.as_str().unwrap(),
                "origin: {context}"
            );
        }
        assert_eq!(url.check_invariants(), Ok(()), "{context}");
        passed += 1;
    }
    println!("urltestdata.json: {passed} parsed as expected, {failures} failed as expected");
    assert!(passed >= 600, "{passed}");
    assert!(failures >= 250, "{failures}");
}
