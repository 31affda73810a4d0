//! Public suffix and registrable domain (spec 3.2): the standard's example table, and cases of
//! our own (IDN hosts, trailing dots, IP addresses, opaque and empty hosts, wildcard and
//! exception rules, unknown TLDs via the `*` rule).
#![cfg(feature = "psl")]
#![allow(clippy::restriction)] // test code: unwrapping or indexing is a failed test

use host::{Host, HostRef};

/// (host input, public suffix, registrable domain): the input goes through the host parser
/// (isOpaque false), as a URL's host would.
fn check(input: &str, public_suffix: Option<&str>, registrable_domain: Option<&str>) {
    let host = Host::parse(input).unwrap_or_else(|e| panic!("{input:?} does not parse: {e:?}"));
    assert_eq!(
        host.public_suffix(),
        public_suffix,
        "public suffix of {input:?}"
    );
    assert_eq!(
        host.registrable_domain(),
        registrable_domain,
        "registrable domain of {input:?}"
    );
    // The borrowed view answers the same.
    assert_eq!(host.as_ref().public_suffix(), public_suffix);
    assert_eq!(host.as_ref().registrable_domain(), registrable_domain);
}

#[test]
fn spec_3_2_example_table() {
    check("com", Some("com"), None);
    check("example.com", Some("com"), Some("example.com"));
    check("www.example.com", Some("com"), Some("example.com"));
    check("sub.www.example.com", Some("com"), Some("example.com"));
    check("EXAMPLE.COM", Some("com"), Some("example.com"));
    check("example.com.", Some("com."), Some("example.com."));
    check("github.io", Some("github.io"), None);
    check(
        "whatwg.github.io",
        Some("github.io"),
        Some("whatwg.github.io"),
    );
    check("إختبار", Some("xn--kgbechtv"), None);
    check(
        "example.إختبار",
        Some("xn--kgbechtv"),
        Some("example.xn--kgbechtv"),
    );
    check(
        "sub.example.إختبار",
        Some("xn--kgbechtv"),
        Some("example.xn--kgbechtv"),
    );
    check("[2001:0db8:85a3:0000:0000:8a2e:0370:7334]", None, None);
}

#[test]
fn idn_rules_match_the_punycode_the_host_parser_produces() {
    // `рф` is on the list (ICANN section) as `рф`; the parsed host holds `xn--p1ai`.
    check("пример.рф", Some("xn--p1ai"), Some("xn--e1afmkfd.xn--p1ai"));
    check(
        "example.xn--p1ai",
        Some("xn--p1ai"),
        Some("example.xn--p1ai"),
    );
    // A two-label IDN rule: `公司.cn`.
    check(
        "www.example.公司.cn",
        Some("xn--55qx5d.cn"),
        Some("example.xn--55qx5d.cn"),
    );
    // Mapped (UTS #46) before matching: full-width dots and upper case.
    check("EXAMPLE。CO。UK", Some("co.uk"), Some("example.co.uk"));
}

#[test]
fn trailing_dots() {
    check("com.", Some("com."), None);
    check("www.example.co.uk.", Some("co.uk."), Some("example.co.uk."));
    // A lone dot is a domain; its only label is empty, which no rule but `*` matches.
    check(".", Some("."), None);
    // `a..`: without trailingDot it is `a.`, whose last label is empty.
    check("a..", Some("."), Some("a.."));
    // An empty label inside: the public suffix is still `com`, preceded by the empty label.
    check("a..com", Some("com"), Some(".com"));
}

#[test]
fn wildcard_and_exception_rules() {
    // `*.ck` and `!www.ck`.
    check("a.b.ck", Some("b.ck"), Some("a.b.ck"));
    check("b.ck", Some("b.ck"), None);
    check("www.ck", Some("ck"), Some("www.ck"));
    check("x.www.ck", Some("ck"), Some("www.ck"));
    // `*.kawasaki.jp` and `!city.kawasaki.jp`.
    check(
        "a.b.kawasaki.jp",
        Some("b.kawasaki.jp"),
        Some("a.b.kawasaki.jp"),
    );
    check(
        "city.kawasaki.jp",
        Some("kawasaki.jp"),
        Some("city.kawasaki.jp"),
    );
}

#[test]
fn unknown_tlds_use_the_star_rule() {
    check(
        "example.unknowntld",
        Some("unknowntld"),
        Some("example.unknowntld"),
    );
    check("unknowntld", Some("unknowntld"), None);
    check(
        "a.b.c.localhost-ish",
        Some("localhost-ish"),
        Some("c.localhost-ish"),
    );
    check(
        "x.example.unknowntld.",
        Some("unknowntld."),
        Some("example.unknowntld."),
    );
}

#[test]
fn non_domains_are_null() {
    check("192.0.2.1", None, None);
    check("0x7f.1", None, None); // IPv4 after the IPv4 parser: 127.0.0.1
    check("[::1]", None, None);
    for opaque in ["example.com", "sub.example.co.uk"] {
        let host = Host::parse_opaque(opaque).unwrap();
        assert_eq!(host, Host::Opaque(opaque.into()));
        assert_eq!(host.public_suffix(), None);
        assert_eq!(host.registrable_domain(), None);
    }
    assert_eq!(Host::parse_opaque("").unwrap(), Host::Empty);
    assert_eq!(HostRef::Empty.public_suffix(), None);
    assert_eq!(HostRef::Empty.registrable_domain(), None);
}

/// Over every domain of the datasets: the public suffix is a run of whole last labels (plus the
/// trailing dot, if any) of the host, and the registrable domain, when not null, is the public
/// suffix with exactly one more label; it is null exactly when the public suffix is the host.
#[test]
fn dataset_domains_keep_the_invariants() {
    let mut domains = 0usize;
    let mut registrable = 0usize;
    for line in test_support::datasets::lines() {
        let Some(rest) = line.split_once("://").map(|(_, rest)| rest) else {
            continue;
        };
        let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
        let host_port = authority.rsplit('@').next().unwrap_or_default();
        let host_text = host_port.split(':').next().unwrap_or_default();
        let Ok(host) = Host::parse(host_text) else {
            continue;
        };
        let Host::Domain(domain) = &host else {
            assert_eq!(host.public_suffix(), None);
            continue;
        };
        domains += 1;
        let suffix = host.public_suffix().expect("a domain has a public suffix");
        assert!(domain.ends_with(suffix), "{domain}: {suffix}");
        let before = &domain[..domain.len() - suffix.len()];
        assert!(
            before.is_empty() || before.ends_with('.'),
            "{domain}: {suffix}"
        );
        assert_eq!(suffix.ends_with('.'), domain.ends_with('.'), "{domain}");
        match host.registrable_domain() {
            None => assert_eq!(suffix, domain, "{domain}"),
            Some(reg) => {
                registrable += 1;
                let label = reg
                    .strip_suffix(suffix)
                    .and_then(|l| l.strip_suffix('.'))
                    .unwrap_or_else(|| panic!("{domain}: {reg} vs {suffix}"));
                assert!(!label.contains('.'), "{domain}: {reg}");
                assert!(domain.ends_with(reg), "{domain}: {reg}");
            }
        }
    }
    assert!(domains > 10_000, "only {domains} domains in the datasets");
    assert!(
        registrable > 10_000,
        "only {registrable} registrable domains"
    );
}
