//! The compiled route set against the patterns' own `exec` tried in table order: generated
//! tables (overlapping, order-sensitive, `(regexp)`, modifiers, `ignoreCase`, other
//! components) and requests, hand-picked cases, and hostile tables.
#![allow(clippy::restriction)]
#![cfg(feature = "ecmascript")]

use test_support::rng::Rng;
use test_support::routes::{GenRoute, request, route_table};
use whatwg_url::Url;
use whatwg_urlpattern::{
    ComponentName, RouteSet, UrlPattern, UrlPatternInit, UrlPatternOptions, UrlPatternResult,
};

fn compile(route: &GenRoute) -> Option<UrlPattern> {
    let options = UrlPatternOptions {
        ignore_case: route.ignore_case,
    };
    if route.pathname_only {
        let init = UrlPatternInit {
            pathname: Some(route.pattern.clone()),
            ..Default::default()
        };
        UrlPattern::new((&init).into(), None, options).ok()
    } else {
        UrlPattern::new(route.pattern.as_str().into(), None, options).ok()
    }
}

fn without_inputs(mut r: UrlPatternResult) -> UrlPatternResult {
    r.inputs.clear();
    r
}

/// `exec` on each pattern in order: (index, result) of every match.
fn exec_loop(patterns: &[UrlPattern], url: &Url) -> Vec<(usize, UrlPatternResult)> {
    patterns
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.exec_url(url).map(|r| (i, without_inputs(r))))
        .collect()
}

/// `exec({ pathname })` on each pattern in order.
fn exec_loop_pathname(patterns: &[UrlPattern], pathname: &str) -> Vec<(usize, UrlPatternResult)> {
    let init = UrlPatternInit {
        pathname: Some(pathname.to_owned()),
        ..Default::default()
    };
    patterns
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            let r = p.exec((&init).into(), None).unwrap()?;
            Some((i, without_inputs(r)))
        })
        .collect()
}

/// Checks the set built from `table` on `urls`; returns how many (route, request) pairs
/// matched, by URL and by pathname.
fn check_table(table: &[GenRoute], urls: &[String]) -> (usize, usize) {
    let mut matched = (0, 0);
    let patterns: Vec<UrlPattern> = table.iter().filter_map(compile).collect();
    // Compiled a second time for the set (a `UrlPattern` is not `Clone`).
    let set: RouteSet<usize> = table
        .iter()
        .filter_map(compile)
        .enumerate()
        .map(|(i, p)| (p, i))
        .collect();
    for input in urls {
        let Ok(url) = Url::parse(input, None) else {
            continue;
        };
        let want = exec_loop(&patterns, &url);
        matched.0 += want.len();
        let got: Vec<(usize, UrlPatternResult)> = set
            .find_all(&url)
            .map(|m| (m.index, m.to_result()))
            .collect();
        assert_eq!(got, want, "find_all on {input} with {table:#?}");
        let first = set.find(&url).map(|m| (m.index, m.to_result()));
        assert_eq!(
            first.as_ref(),
            want.first(),
            "find on {input} with {table:#?}"
        );
        assert_eq!(
            set.test(&url).map(|(i, _)| i),
            want.first().map(|(i, _)| *i)
        );

        let path = url.pathname();
        let want = exec_loop_pathname(&patterns, path);
        matched.1 += want.len();
        let got: Vec<(usize, UrlPatternResult)> = set
            .find_all_pathname(path)
            .map(|m| (m.index, m.to_result()))
            .collect();
        assert_eq!(got, want, "find_all_pathname on {path} with {table:#?}");
        let first = set.find_pathname(path).map(|m| (m.index, m.to_result()));
        assert_eq!(
            first.as_ref(),
            want.first(),
            "find_pathname on {path} with {table:#?}"
        );
    }
    matched
}

#[test]
fn generated_tables_match_the_exec_loop() {
    let mut rng = Rng::new(0x5EED_0030);
    let mut matched = (0, 0);
    for _ in 0..400 {
        let table = route_table(&mut rng, 24);
        let urls: Vec<String> = (0..40).map(|_| request(&mut rng)).collect();
        let (by_url, by_pathname) = check_table(&table, &urls);
        matched = (matched.0 + by_url, matched.1 + by_pathname);
    }
    eprintln!("matches: {matched:?} of 16,000 requests");
    // The generator's pieces overlap enough that many requests match (several routes each).
    assert!(matched.0 > 2_000 && matched.1 > 2_000, "{matched:?}");
}

#[test]
fn first_match_follows_table_order() {
    let mut set = RouteSet::new();
    set.add_pathname("/books/:id", "param").unwrap();
    set.add_pathname("/books/new", "fixed").unwrap();
    set.add_pathname("/books/:id(\\d+)", "digits").unwrap();
    set.add_pathname("/books/*", "rest").unwrap();
    let m = set.find_pathname("/books/new").unwrap();
    assert_eq!((*m.value, m.param("id")), ("param", Some("new")));
    let all: Vec<&str> = set
        .find_all_pathname("/books/42")
        .map(|m| *m.value)
        .collect();
    assert_eq!(all, ["param", "digits", "rest"]);
    let all: Vec<&str> = set
        .find_all_pathname("/books/4/2")
        .map(|m| *m.value)
        .collect();
    assert_eq!(all, ["rest"]);
    assert_eq!(
        set.find_pathname("/books/4/2").unwrap().param("0"),
        Some("4/2")
    );
    assert!(set.find_pathname("/books").is_none());
}

#[test]
fn groups_borrow_every_component() {
    let mut set = RouteSet::new();
    set.add_str("https://:sub.example.com/v:major.:minor/*.json?q=:q", 0)
        .unwrap();
    let url = Url::parse("https://api.example.com/v1.2/a/b.json?q=x", None).unwrap();
    let m = set.find(&url).unwrap();
    assert_eq!(m.get(ComponentName::Hostname, "sub"), Some("api"));
    assert_eq!(m.param("major"), Some("1"));
    assert_eq!(m.param("minor"), Some("2"));
    assert_eq!(m.param("0"), Some("a/b"));
    assert_eq!(m.get(ComponentName::Search, "q"), Some("x"));
    assert_eq!(m.input(ComponentName::Pathname), "/v1.2/a/b.json");
    let pattern = UrlPattern::new(
        "https://:sub.example.com/v:major.:minor/*.json?q=:q".into(),
        None,
        UrlPatternOptions::default(),
    )
    .unwrap();
    assert_eq!(
        m.to_result(),
        without_inputs(pattern.exec_url(&url).unwrap())
    );
}

#[test]
fn ignore_case_and_pathname_lookups() {
    let mut set = RouteSet::new();
    let init = UrlPatternInit {
        pathname: Some("/Books/:id".into()),
        ..Default::default()
    };
    let options = UrlPatternOptions { ignore_case: true };
    set.add(
        UrlPattern::new((&init).into(), None, options).unwrap(),
        "ci",
    );
    set.add_str("https://example.com/books/:id", "https")
        .unwrap();
    assert_eq!(set.find_pathname("/BOOKS/9").map(|m| *m.value), Some("ci"));
    // `exec({ pathname })`: the protocol is the empty string, which `https` does not match.
    let all: Vec<&str> = set
        .find_all_pathname("/books/9")
        .map(|m| *m.value)
        .collect();
    assert_eq!(all, ["ci"]);
    let url = Url::parse("https://example.com/books/9", None).unwrap();
    let all: Vec<&str> = set.find_all(&url).map(|m| *m.value).collect();
    assert_eq!(all, ["ci", "https"]);
}

/// Hostile tables: many routes, deep nesting, long segments. The trie is built in time
/// linear in the table (a logarithmic factor for sibling lookups) and a lookup visits each
/// node at most once; these run in well under a second (a quadratic walk would not).
#[test]
fn hostile_tables() {
    // 10,000 routes under one parent, fixed and `:name` with distinct prefixes.
    let mut set = RouteSet::new();
    for i in 0..5_000 {
        set.add_pathname(&format!("/r/s{i}"), i).unwrap();
        set.add_pathname(&format!("/r/p{i}-:x"), 5_000 + i).unwrap();
    }
    assert_eq!(set.len(), 10_000);
    assert_eq!(set.find_pathname("/r/s4999").map(|m| *m.value), Some(4_999));
    let m = set.find_pathname("/r/p4999-z").unwrap();
    assert_eq!((*m.value, m.param("x")), (9_999, Some("z")));
    assert_eq!(set.find_all_pathname("/r/p1-z").count(), 1);
    assert!(set.find_pathname("/r/q").is_none());

    // Deep nesting: 2,000 segments (beyond the trie's depth, the pattern checks the rest).
    let deep: String = (0..2_000).map(|i| format!("/:g{i}")).collect();
    let mut set = RouteSet::new();
    set.add_pathname(&deep, 0).unwrap();
    set.add_pathname(&format!("{deep}/end"), 1).unwrap();
    let path: String = (0..2_000).map(|i| format!("/{i}")).collect();
    let m = set.find_pathname(&path).unwrap();
    assert_eq!((m.index, m.param("g1999")), (0, Some("1999")));
    assert_eq!(set.find_all_pathname(&format!("{path}/end")).count(), 1);

    // Long segments: a 1 MB fixed segment and a 1 MB request segment.
    let long = "a".repeat(1 << 20);
    let mut set = RouteSet::new();
    set.add_pathname(&format!("/{long}"), 0).unwrap();
    set.add_pathname("/:x", 1).unwrap();
    set.add_pathname("/*.json", 2).unwrap();
    assert_eq!(
        set.find_pathname(&format!("/{long}")).map(|m| m.index),
        Some(0)
    );
    let other = format!("/{}b.json", "a".repeat(1 << 20));
    let all: Vec<usize> = set.find_all_pathname(&other).map(|m| m.index).collect();
    assert_eq!(all, [1, 2]);
}
