//! Beyond the fixtures: the regular expression syntax the default engine accepts, the direct
//! matcher against the regular expression engine, a route table, parsed URLs, errors with
//! positions, and hostile patterns and inputs.
#![allow(clippy::restriction)]
// Without the default engine, the tests of `(regexp)` groups are compiled out, and with them
// the uses of some helpers.
#![cfg_attr(not(feature = "ecmascript"), allow(dead_code, unused_imports))]

use test_support::rng::Rng;
use whatwg_url::Url;
use whatwg_urlpattern::{
    ComponentName, NoRegexEngine, Reason, RegexEngine, RouteSet, UrlPattern, UrlPatternInit,
    UrlPatternInput, UrlPatternOptions,
};

fn pathname(p: &str) -> Result<UrlPattern, whatwg_urlpattern::Error> {
    let init = UrlPatternInit {
        pathname: Some(p.to_owned()),
        ..Default::default()
    };
    UrlPattern::new((&init).into(), None, UrlPatternOptions::default())
}

/// [`pathname`] on `engine`.
fn pathname_on<E: RegexEngine>(
    p: &str,
    engine: E,
) -> Result<UrlPattern<E>, whatwg_urlpattern::Error> {
    let init = UrlPatternInit {
        pathname: Some(p.to_owned()),
        ..Default::default()
    };
    UrlPattern::with_engine((&init).into(), None, UrlPatternOptions::default(), engine)
}

/// `new RegExp(source, "v")` in V8 (Node 20+): accepted (true) or a SyntaxError (false).
const REGEXP_SYNTAX: &[(&str, bool)] = &[
    (r"\d+", true),
    (r"[a-z]+", true),
    (r"[[a-z]--[aeiou]]", true),
    (r"[\d&&[0-4]]", true),
    (r"[\q{abc|d}]", true),
    (r"[^\q{abc}]", false),
    (r"[^\q{a}]", true),
    (r"a{2,3}", true),
    (r"a{3,2}", false),
    (r"a{", false),
    (r"a}", false),
    (r"]", false),
    (r"\m", false),
    (r"\H", false),
    (r"\-", false),
    (r"[\-]", true),
    (r"\/", true),
    (r"\cA", true),
    (r"\c1", false),
    (r"\x4", false),
    (r"\x41", true),
    (r"\u{10FFFF}", true),
    (r"\u{110000}", false),
    (r"\u00e9", true),
    (r"\00", false),
    (r"\0", true),
    (r"(?=a)*", false),
    (r"(?<=a)b", true),
    (r"(?<!a)+", false),
    (r"\b+", false),
    (r"(?:a|b)+?", true),
    (r"(?<x>a)\k<x>", true),
    (r"\k<y>", false),
    (r"(?<x>a)(?<x>b)", false),
    (r"(?<x>a)|(?<x>b)", true),
    (r"(?i:a)", true),
    (r"(?-i:a)", true),
    (r"(?ii:a)", false),
    (r"(?-:a)", false),
    (r"(?R)", false),
    (r"[a-]", false),
    (r"[(]", false),
    (r"[\(]", true),
    (r"[a&&&b]", false),
    (r"[a&&b--c]", false),
    (r"[!!]", false),
    (r"\p{L}", true),
    (r"\p{Script=Greek}", true),
    (r"\P{RGI_Emoji}", false),
    (r"\9", false),
    (r"(a)\1", true),
];

// Needs the default engine (`(regexp)` groups).
#[cfg(feature = "ecmascript")]
#[test]
fn regexp_syntax_is_ecmascripts_v_flag() {
    for &(source, ok) in REGEXP_SYNTAX {
        let pattern = format!("/({source})");
        // `(` inside a regexp group must be `(?`: skip the sources the tokenizer refuses.
        let got = pathname(&pattern);
        if source.contains("(a)") {
            assert!(
                got.is_err(),
                "{source}: the tokenizer refuses capturing groups"
            );
            continue;
        }
        // Refused by the regexp checker, or before it by the tokenizer (`(` must be `(?`).
        // Without the `regress` feature, valid patterns that need backtracking are refused
        // too, saying so.
        let refused_for_backtracking = got
            .as_ref()
            .is_err_and(|e| !cfg!(feature = "regress") && e.to_string().contains("backtracking"));
        assert_eq!(
            got.is_ok() || refused_for_backtracking,
            ok,
            "{source}: {:?}",
            got.err()
        );
    }
}

#[test]
fn errors_say_where() {
    let e = pathname("/books/:").unwrap_err();
    assert_eq!(e.component(), Some("pathname"));
    assert_eq!(e.position(), Some(7));
    assert!(e.to_string().contains("group name"), "{e}");
    let e = pathname("/a{b").unwrap_err();
    assert!(matches!(e.reason(), Reason::UnexpectedToken { .. }), "{e}");
    let e = pathname("/:id/:id").unwrap_err();
    assert_eq!(e.reason(), &Reason::DuplicateName("id".into()));
    let e = UrlPattern::new("/relative".into(), None, UrlPatternOptions::default()).unwrap_err();
    assert_eq!(e.reason(), &Reason::RelativeWithoutBase);
    let e = UrlPattern::new(
        "https://exa mple.com/".into(),
        None,
        UrlPatternOptions::default(),
    )
    .unwrap_err();
    assert_eq!(e.component(), Some("hostname"), "{e}");
}

/// The web-platform-test `urlpattern-empty-regexp-group` (June 2026): a regexp group whose value is empty, `()`, is a tokenizing
/// error in strict mode, so a pattern holding one makes the constructor throw a TypeError, in
/// an init member and in a constructor string alike; with something inside, it compiles.
#[test]
fn empty_regexp_group_is_a_type_error() {
    let empty = Reason::Tokenize("an empty regular expression group `()`");
    for p in ["/()", "/foo()", "/:id()", "/()/bar", "/{()}?", "()"] {
        let e = pathname(p).unwrap_err();
        assert_eq!(e.reason(), &empty, "{p}: {e}");
        assert_eq!(e.component(), Some("pathname"), "{p}: {e}");
    }
    for member in ["protocol", "hostname", "port", "search", "hash", "username"] {
        let mut init = UrlPatternInit::default();
        let value = Some("()".to_owned());
        match member {
            "protocol" => init.protocol = value,
            "hostname" => init.hostname = value,
            "port" => init.port = value,
            "search" => init.search = value,
            "hash" => init.hash = value,
            _ => init.username = value,
        }
        let e = UrlPattern::new((&init).into(), None, UrlPatternOptions::default()).unwrap_err();
        assert_eq!(e.reason(), &empty, "{member}: {e}");
        assert_eq!(e.component(), Some(member), "{e}");
    }
    for s in [
        "https://example.com/foo()",
        "https://example.com/()?q",
        "/foo()",
    ] {
        let e = UrlPattern::new(
            s.into(),
            Some("https://example.com"),
            UrlPatternOptions::default(),
        )
        .unwrap_err();
        assert_eq!(e.reason(), &empty, "{s}: {e}");
    }
    #[cfg(feature = "ecmascript")]
    {
        assert!(pathname("/(a)").is_ok());
        assert!(pathname("/foo(.*)").is_ok());
    }
}

/// The direct matcher and the regular expression engine agree: each pattern is compiled twice,
/// once as written and once with `{…}` around a fixed tail and a `?` modifier on an always-
/// present text, which sends it to the engine without changing what it matches.
// Needs the default engine (`(regexp)` groups).
#[cfg(feature = "ecmascript")]
#[test]
fn direct_matcher_agrees_with_the_engine() {
    let mut rng = Rng::new(17);
    let pieces = [
        "/", "a", "b", ":x", ":y", "*", "-", ".", "/:z", "{/:w}", "ab",
    ];
    let inputs = [
        "/", "a", "/a", "/a/b", "ab", "/ab-b", "a.b.", "/a/", "//", "-", "/b-a/b", "/.a",
    ];
    let mut compared = 0;
    for _ in 0..3000 {
        let n = 1 + rng.below(5);
        let mut p = String::new();
        let mut names = 0;
        for _ in 0..n {
            let piece = *rng.pick(&pieces);
            if piece.contains(':') {
                names += 1;
                p.push_str(&piece.replace(['x', 'y', 'z', 'w'], &format!("n{names}")));
            } else {
                p.push_str(piece);
            }
        }
        let Ok(direct) = pathname(&p) else { continue };
        // `(.*)` is the full wildcard and `([^\/]+?)` the segment one, as regexps: with an
        // optional empty group they take the engine's path.
        let via_engine = pathname(&format!("{p}{{}}?(x)?"));
        let Ok(via_engine) = via_engine else { continue };
        for input in inputs {
            let url = format!("https://h{input}");
            let a = direct.exec(url.as_str().into(), None).unwrap();
            let b = via_engine.exec(url.as_str().into(), None).unwrap();
            assert_eq!(a.is_some(), b.is_some(), "{p} on {input}");
            if let (Some(a), Some(b)) = (a, b) {
                // The engine's pattern has one group more, `(x)?`, after the others.
                let mut b_groups = b.pathname.groups;
                b_groups.truncate(a.pathname.groups.len());
                assert_eq!(a.pathname.groups, b_groups, "{p} on {input}");
            }
            compared += 1;
        }
    }
    assert!(compared > 10_000, "{compared}");
}

#[test]
fn parsed_urls_match_without_parsing_again() {
    let pattern = UrlPattern::new(
        "https://*.example.com/books/:id".into(),
        None,
        UrlPatternOptions::default(),
    )
    .unwrap();
    let url = Url::parse("https://shop.example.com/books/42?x#y", None).unwrap();
    assert!(pattern.test_url(&url));
    let result = pattern.exec_url(&url).unwrap();
    assert_eq!(result.pathname.get("id"), Some("42"));
    assert_eq!(result.hostname.get("0"), Some("shop"));
    assert_eq!(result.search.input, "x");
    let other = Url::parse("https://example.com/books/42", None).unwrap();
    assert!(!pattern.test_url(&other));
}

/// An optional group whose only way to match the empty string is an empty alternative:
/// ECMAScript refuses that empty iteration (the group stays undefined), which the linear engine
/// says by dropping the empty alternative.
#[cfg(feature = "ecmascript")]
#[test]
fn optional_group_with_an_empty_alternative_is_linear() {
    use whatwg_urlpattern::LinearEngine;
    let p = pathname_on("/v:x(a|bb|)?", LinearEngine).unwrap();
    let x = |input: &str| {
        p.exec(input.into(), None)
            .unwrap()
            .map(|r| r.pathname.get("x").map(str::to_owned))
    };
    assert_eq!(x("https://h/v"), Some(None));
    assert_eq!(x("https://h/va"), Some(Some("a".into())));
    assert_eq!(x("https://h/vbb"), Some(Some("bb".into())));
    assert_eq!(x("https://h/vb"), None);
}

#[test]
fn ignore_case() {
    let options = UrlPatternOptions { ignore_case: true };
    let p = UrlPattern::new("https://example.com/Books/:id".into(), None, options).unwrap();
    assert!(p.test("https://example.com/bOOKS/1".into(), None).unwrap());
    let p = UrlPattern::new(
        "https://example.com/Books/:id".into(),
        None,
        UrlPatternOptions::default(),
    )
    .unwrap();
    assert!(!p.test("https://example.com/bOOKS/1".into(), None).unwrap());
}

#[test]
fn without_a_regex_engine() {
    let p = pathname_on("/books/:id/*", NoRegexEngine).unwrap();
    assert!(p.test("https://a/books/1/x/y".into(), None).unwrap());
    let e = pathname_on("/books/:id(\\d+)", NoRegexEngine).unwrap_err();
    assert!(matches!(e.reason(), Reason::InvalidRegExp(_)));
}

#[cfg(feature = "regress")]
#[test]
fn engines() {
    use whatwg_urlpattern::{EcmaEngine, LinearEngine, RegressEngine};
    let opts = UrlPatternOptions::default();
    let build = |p: &str| UrlPatternInit {
        pathname: Some(p.to_owned()),
        ..Default::default()
    };
    // Lookaround: the default engine falls back to regress; LinearEngine refuses.
    let look = build("/:id((?!new)[a-z]+)");
    let p = UrlPattern::with_engine((&look).into(), None, opts, EcmaEngine).unwrap();
    assert!(p.test("https://a/old".into(), None).unwrap());
    assert!(!p.test("https://a/new".into(), None).unwrap());
    let e = UrlPattern::with_engine((&look).into(), None, opts, LinearEngine).unwrap_err();
    assert!(e.to_string().contains("backtracking"), "{e}");
    // The same groups from every engine, on patterns each can run.
    let cases = [
        ("/:a(\\d+)-:b?", "https://a/12-x"),
        ("/(a|ab)(c|bcd)(d*)", "https://a/abcd"),
        ("/:x(a*)?", "https://a/"),
        ("/*{}**?", "https://a/foobar"),
        ("/:x((?:ab)*)?", "https://a/"),
        ("/:x((?:ab)*?)?-", "https://a/abab-"),
        ("/:x(b{0,2})?", "https://a/bb"),
        ("/((?<n>a)|b)", "https://a/a"),
        ("/([\\d--[5]]+)/:y(.*)?", "https://a/123/"),
        ("/(\\p{L}+)", "https://a/abc"),
        ("/v:x(a|bb|)?", "https://a/v"),
        ("/v:x(|a|bb)?", "https://a/vbb"),
        ("/v(a||b)?(b)?", "https://a/vb"),
    ];
    for (pattern, input) in cases {
        let init = build(pattern);
        let results: Vec<_> = [
            UrlPattern::with_engine((&init).into(), None, opts, EcmaEngine)
                .map(|p| p.exec(input.into(), None)),
            UrlPattern::with_engine((&init).into(), None, opts, RegressEngine)
                .map(|p| p.exec(input.into(), None)),
        ]
        .into_iter()
        .map(|r| r.unwrap().unwrap().map(|r| r.pathname))
        .collect();
        assert_eq!(results[0], results[1], "{pattern} on {input}");
    }
}

// Needs the default engine (`(regexp)` groups).
#[cfg(feature = "ecmascript")]
#[test]
fn route_table_first_and_all_in_table_order() {
    let mut routes = RouteSet::new();
    let table = [
        ("https://example.com/api/users", "users"),
        ("https://example.com/api/users/:id", "user"),
        (
            "https://example.com/api/users/:id/posts/:post(\\d+)",
            "post",
        ),
        ("https://example.com/api/:collection/:id", "any"),
        ("https://example.com/static/*", "static"),
        ("https://*.example.com/*", "subdomain"),
        ("https://example.com/*", "fallback"),
    ];
    for (p, v) in table {
        routes.add_str(p, v).unwrap();
    }
    let cases: &[(&str, &[&str])] = &[
        ("https://example.com/api/users", &["users", "fallback"]),
        (
            "https://example.com/api/users/7",
            &["user", "any", "fallback"],
        ),
        (
            "https://example.com/api/users/7/posts/9",
            &["post", "fallback"],
        ),
        ("https://example.com/api/users/7/posts/x", &["fallback"]),
        (
            "https://example.com/static/a/b.css",
            &["static", "fallback"],
        ),
        ("https://cdn.example.com/x", &["subdomain"]),
        ("https://other.org/api/users", &[]),
    ];
    for (input, want) in cases {
        let url = Url::parse(input, None).unwrap();
        let all: Vec<&str> = routes.find_all(&url).map(|m| *m.value).collect();
        assert_eq!(&all, want, "{input}");
        // The same as trying every route in turn.
        let each: Vec<&str> = routes
            .routes()
            .filter(|(p, _)| p.test_url(&url))
            .map(|(_, v)| *v)
            .collect();
        assert_eq!(all, each, "{input}");
        assert_eq!(routes.test(&url).map(|(_, v)| v), want.first(), "{input}");
    }
    let url = Url::parse("https://example.com/api/users/7/posts/9", None).unwrap();
    let found = routes.find(&url).unwrap();
    assert_eq!(found.param("post"), Some("9"));
    assert_eq!(found.to_result().pathname.get("id"), Some("7"));
    assert_eq!(found.index, 2);
}

#[test]
fn generate_and_compare() {
    let p = UrlPattern::new(
        "https://example.com/:lang/docs/:page".into(),
        None,
        UrlPatternOptions::default(),
    )
    .unwrap();
    assert_eq!(
        p.generate(
            ComponentName::Pathname,
            &[("lang", "en"), ("page", "intro")]
        )
        .unwrap(),
        "/en/docs/intro"
    );
    assert!(
        p.generate(ComponentName::Pathname, &[("lang", "en")])
            .is_err()
    );
}

/// Runs `f`, which must finish (an error or a value) without panicking. No time limit: a
/// wall-clock bound fails on a loaded machine, and a hang or an exponential blow-up stops the
/// run anyway; the time these shapes take is measured by the benchmarks' hostile workloads.
fn assert_quick(what: &str, f: impl FnOnce()) {
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    assert!(outcome.is_ok(), "{what} panicked");
}

// Needs the default engine (`(regexp)` groups).
#[cfg(feature = "ecmascript")]
#[test]
fn hostile_patterns_and_inputs() {
    // A 64 KiB pattern of each shape: an error or a pattern, quickly.
    let shapes = [
        "a", "/:x", "{a}?", "*", "(a)", "\\", ":", "{", "(", "/(?:a|b)", "%", "\u{e9}",
    ];
    for shape in shapes {
        let mut p = String::new();
        let mut i = 0;
        while p.len() < 65536 {
            p.push_str(&shape.replace('x', &format!("n{i}")));
            i += 1;
        }
        assert_quick(&format!("64 KiB of {shape:?}"), || {
            let _ = pathname(&p);
            let _ = UrlPattern::new(
                p.as_str().into(),
                Some("https://a/"),
                UrlPatternOptions::default(),
            );
        });
    }
    // Deeply nested groups: refused by the regexp checker, not by the stack.
    let nested = format!("/({}a{})", "(?:".repeat(5000), ")".repeat(5000));
    let e = pathname(&nested).unwrap_err();
    assert!(e.to_string().contains("nested too deeply"), "{e}");
    let braces = "{".repeat(5000) + &"}".repeat(5000);
    assert!(pathname(&braces).is_err());
    // Many wildcards against a long input that fails at the end: bounded by the memo.
    let p = pathname("/*a*a*a*a*a*a*a*b").unwrap();
    let long = format!("https://h/{}", "a".repeat(3000));
    assert_quick("wildcards", || {
        assert!(!p.test(long.as_str().into(), None).unwrap())
    });
    let p = pathname("/:a-:b-:c-:d-:e-:f.x").unwrap();
    let long = format!("https://h/{}", "a-".repeat(2000));
    assert_quick("segments", || {
        assert!(!p.test(long.as_str().into(), None).unwrap())
    });
    // A 1 MB input against every kind of pattern.
    let huge = format!("https://h/{}", "ab/".repeat(350_000));
    for p in ["/*", "/:x", "/(.*)", "/:x+", "/(ab/)+", "*/b*"] {
        let p = pathname(p).unwrap();
        assert_quick("1 MB input", || {
            let _ = p.exec(huge.as_str().into(), None).unwrap();
        });
    }
    // Catastrophic shapes for a backtracking engine, from a custom regexp and from the
    // standard's own translation of a repeated segment group (`:x+` is `((?:[^\/]+?)+)`):
    // linear on the default engine.
    let long = format!("https://h/{}", "a".repeat(20_000));
    for p in ["/((?:a+)+b)", "/((?:a|a)*b)", "/:x+.y", "/*.:x+"] {
        let p = pathname(p).unwrap();
        assert_quick("nested quantifiers", || {
            assert!(!p.test(long.as_str().into(), None).unwrap())
        });
    }
    // Inputs that are not URLs, and init members that do not canonicalize.
    let p = pathname("/*").unwrap();
    assert!(!p.test("not a url".into(), None).unwrap());
    assert!(!p.test("/x".into(), Some("not a base")).unwrap());
    let bad = UrlPatternInit {
        hostname: Some("exa mple".into()),
        ..Default::default()
    };
    assert!(p.exec(UrlPatternInput::Init(&bad), None).unwrap().is_none());
    assert!(
        p.test(UrlPatternInput::Init(&bad), Some("https://a/"))
            .is_err()
    );
}
