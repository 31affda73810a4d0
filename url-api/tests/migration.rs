//! What rust-url users reach for beyond the standard's API: the path-segment builder,
//! `make_relative`, `domain`, `socket_addrs`, the Unicode origin. Vectors from rust-url's
//! `tests/unit.rs` (url 2.5.8), then properties over generated URLs.
#![allow(clippy::restriction)] // test code: unwrapping or indexing is a failed test

use test_support::rng::Rng;
use whatwg_url::{SetterError, Url};

fn url(s: &str) -> Url {
    Url::parse(s, None).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// rust-url `path_backslash_fun`, `issue_197`, `append_trailing_slash`,
/// `extend_query_pairs_then_mutate` (its path half), `append_empty_segment_then_mutate`,
/// `test_no_base_url`, `pop_if_empty_in_bounds`.
#[test]
fn rust_url_segment_vectors() {
    let mut special = url("http://foobar.com");
    special.path_segments_mut().unwrap().push("foo\\bar");
    assert_eq!(special.href(), "http://foobar.com/foo%5Cbar");
    let mut non_special = url("thing://foobar.com");
    non_special.path_segments_mut().unwrap().push("foo\\bar");
    assert_eq!(non_special.href(), "thing://foobar.com/foo\\bar");

    let mut root = url("file:///");
    root.path_segments_mut().unwrap().pop_if_empty();
    assert_eq!(root, url("file:///"));

    let mut trailing = url("http://localhost:6767/foo/bar?a=b");
    trailing.path_segments_mut().unwrap().push("");
    assert_eq!(trailing.href(), "http://localhost:6767/foo/bar/?a=b");

    let mut with_query = url("http://localhost:6767/foo/bar?auth=my-token");
    with_query
        .path_segments_mut()
        .unwrap()
        .push("some_other_path");
    assert_eq!(
        with_query.href(),
        "http://localhost:6767/foo/bar/some_other_path?auth=my-token"
    );

    let mut push_pop = url("http://localhost:6767/foo/bar?a=b");
    push_pop.path_segments_mut().unwrap().push("").pop();
    assert_eq!(push_pop.href(), "http://localhost:6767/foo/bar?a=b");

    let mut mail = url("mailto:test@example.net");
    assert!(mail.path_segments().is_none());
    assert_eq!(
        mail.path_segments_mut().map(|_| ()),
        Err(SetterError::HasOpaquePath)
    );

    let mut empty = url("m://");
    empty.path_segments_mut().unwrap().pop_if_empty().pop();
    assert_eq!(empty.href(), "m://");
}

#[test]
fn segments_are_encoded_and_dot_segments_skipped() {
    let mut u = url("https://h/a");
    u.path_segments_mut()
        .unwrap()
        .extend(["%2e", ".", "..", "b c", "?#", "é", "x/y"]);
    assert_eq!(u.href(), "https://h/a/%252e/b%20c/%3F%23/%C3%A9/x%2Fy");
    let mut u = url("https://h/a/b/c");
    u.path_segments_mut().unwrap().clear().push("z");
    assert_eq!(u.href(), "https://h/z");
    // A non-special URL without host whose first segment is empty keeps its `/.` guard.
    let mut u = url("web+x:/.//b");
    u.path_segments_mut().unwrap().push("c");
    assert_eq!((u.pathname(), u.href()), ("//b/c", "web+x:/.//b/c"));
    assert_eq!(url(u.href()), u);
}

/// Any sequence of builder operations gives a URL whose href parses to the same URL, and whose
/// segments are those pushed.
#[test]
fn segment_builder_never_makes_a_url_that_reparses_differently() {
    let mut rng = Rng::new(0x5E6_5E6);
    let bases = [
        "https://h/",
        "https://h/a/b/",
        "file:///C:/x",
        "foo://h",
        "foo:/p",
        "foo:/",
        "web+x:/.//a",
    ];
    let alphabet = [
        'a', '.', '/', '\\', '%', '2', 'e', ' ', '?', '#', ':', '|', 'C', 'é',
    ];
    for case in 0..3000 {
        let base: &&str = rng.pick(&bases);
        let mut u = url(base);
        let mut pushed = Vec::new();
        {
            let mut segments = u.path_segments_mut().unwrap();
            for _ in 0..rng.below(6) {
                match rng.below(5) {
                    0 => {
                        segments.pop();
                        pushed.clear();
                    }
                    1 => {
                        segments.pop_if_empty();
                        pushed.clear();
                    }
                    2 => {
                        segments.clear();
                        pushed.clear();
                    }
                    _ => {
                        let s = rng.string(&alphabet, 4);
                        segments.push(&s);
                        if s != "." && s != ".." {
                            pushed.push(s);
                        }
                    }
                }
            }
        }
        assert_eq!(url(u.href()), u, "case {case}: {}", u.href());
        let decoded: Vec<String> = u
            .path_segments()
            .unwrap()
            .map(|s| String::from_utf8(percent::percent_decode(s.as_bytes()).into_owned()).unwrap())
            .collect();
        // What was pushed since the last pop or clear ends the path, decoded. (An empty
        // segment pushed onto the root path is no segment: rust-url's rule, left out here.)
        assert!(
            pushed.iter().any(String::is_empty) || decoded.ends_with(&pushed),
            "case {case}: {} pushed {pushed:?}",
            u.href()
        );
    }
}

/// rust-url `test_make_relative`, both tables.
#[test]
fn rust_url_make_relative_vectors() {
    let tests = [
        (
            "http://127.0.0.1:8080/test",
            "http://127.0.0.1:8080/test",
            "",
        ),
        (
            "http://127.0.0.1:8080/test",
            "http://127.0.0.1:8080/test/",
            "test/",
        ),
        (
            "http://127.0.0.1:8080/test/",
            "http://127.0.0.1:8080/test",
            "../test",
        ),
        (
            "http://127.0.0.1:8080/",
            "http://127.0.0.1:8080/?foo=bar#123",
            "?foo=bar#123",
        ),
        (
            "http://127.0.0.1:8080/",
            "http://127.0.0.1:8080/test/video",
            "test/video",
        ),
        (
            "http://127.0.0.1:8080/test",
            "http://127.0.0.1:8080/test/video",
            "test/video",
        ),
        (
            "http://127.0.0.1:8080/test/",
            "http://127.0.0.1:8080/test/video",
            "video",
        ),
        (
            "http://127.0.0.1:8080/test",
            "http://127.0.0.1:8080/test2/video",
            "test2/video",
        ),
        (
            "http://127.0.0.1:8080/test/",
            "http://127.0.0.1:8080/test2/video",
            "../test2/video",
        ),
        (
            "http://127.0.0.1:8080/test/bla",
            "http://127.0.0.1:8080/test2/video",
            "../test2/video",
        ),
        (
            "http://127.0.0.1:8080/test/bla/",
            "http://127.0.0.1:8080/test2/video",
            "../../test2/video",
        ),
        (
            "http://127.0.0.1:8080/test/?foo=bar#123",
            "http://127.0.0.1:8080/test/video",
            "video",
        ),
        (
            "http://127.0.0.1:8080/test/",
            "http://127.0.0.1:8080/test/video?baz=meh#456",
            "video?baz=meh#456",
        ),
        (
            "http://127.0.0.1:8080/test",
            "http://127.0.0.1:8080/test?baz=meh#456",
            "?baz=meh#456",
        ),
        (
            "http://127.0.0.1:8080/test/",
            "http://127.0.0.1:8080/test?baz=meh#456",
            "../test?baz=meh#456",
        ),
        (
            "http://127.0.0.1:8080/test/",
            "http://127.0.0.1:8080/test/?baz=meh#456",
            "?baz=meh#456",
        ),
        (
            "http://127.0.0.1:8080/test/?foo=bar#123",
            "http://127.0.0.1:8080/test/video?baz=meh#456",
            "video?baz=meh#456",
        ),
        (
            "http://127.0.0.1:8080/file.txt",
            "http://127.0.0.1:8080/test/file.txt",
            "test/file.txt",
        ),
        (
            "http://127.0.0.1:8080/not_equal.txt",
            "http://127.0.0.1:8080/test/file.txt",
            "test/file.txt",
        ),
    ];
    for (base, target, relative) in tests {
        let (base, target) = (url(base), url(target));
        assert_eq!(
            base.make_relative(&target).as_deref(),
            Some(relative),
            "{base} -> {target}"
        );
        assert_eq!(base.join(relative).unwrap(), target);
    }
    for (base, target) in [
        ("http://127.0.0.1:8080/", "https://127.0.0.1:8080/test/"),
        ("http://127.0.0.1:8080/", "http://127.0.0.1:8081/test/"),
        ("http://127.0.0.1:8080/", "http://127.0.0.2:8080/test/"),
        ("mailto:a@example.com", "mailto:b@example.com"),
    ] {
        assert_eq!(
            url(base).make_relative(&url(target)),
            None,
            "{base} -> {target}"
        );
    }
}

/// The corners servo/rust-url#766 and servo/rust-url#772 are about, and more: each reference joins back.
#[test]
fn make_relative_corners() {
    for (base, target, relative) in [
        ("http://h/a/b?q", "http://h/a/b", Some("b")),
        ("http://h/a/b?q", "http://h/a/", Some("./")),
        ("http://h/a/b", "http://h/a/b#f", Some("#f")),
        ("http://h/a/b#f", "http://h/a/b", Some("")),
        ("http://h/a/b", "http://h/a:b", Some("../a:b")),
        ("http://h/b", "http://h/a:b", Some("./a:b")),
        ("http://h/a/b", "http://h/a//c", Some(".//c")),
        ("http://h/a/b", "http://h//c", Some("..//c")),
        // `..` cannot pop a drive letter (spec 4.2 shorten a path): the path-absolute form.
        ("file:///D:/y/z", "file:///C:/x", Some("/C:/x")),
        ("foo:/a/b", "foo://h/c", None),
    ] {
        let (b, t) = (url(base), url(target));
        assert_eq!(
            b.make_relative(&t).as_deref(),
            relative,
            "{base} -> {target}"
        );
        if let Some(r) = relative {
            assert_eq!(b.join(r).unwrap(), t, "{base} -> {target} via {r:?}");
        }
    }
}

/// `base.join(base.make_relative(u)) == u` for every pair of generated URLs that share scheme
/// and authority.
#[test]
fn make_relative_joins_back() {
    let mut rng = Rng::new(0x4E1_A71E);
    let prefixes = ["http://h", "file://", "file:///C:", "foo://h", "foo:"];
    let alphabet = ['a', 'b', '/', '/', '.', ':', '%', '?', '#', 'C', '|', ' '];
    let mut checked = 0;
    for _ in 0..6000 {
        let prefix = rng.pick(&prefixes);
        let make =
            |rng: &mut Rng| Url::parse(&format!("{prefix}/{}", rng.string(&alphabet, 10)), None);
        let (Ok(base), Ok(target)) = (make(&mut rng), make(&mut rng)) else {
            continue;
        };
        if let Some(relative) = base.make_relative(&target) {
            assert_eq!(
                base.join(&relative).as_ref(),
                Ok(&target),
                "{base} -> {target} via {relative:?}"
            );
            checked += 1;
        }
    }
    assert!(checked > 3000, "only {checked} pairs were comparable");
}

/// rust-url `test_domain`, `test_leading_dots`, `test_origin_unicode_serialization`,
/// `test_socket_addrs` (the IP rows; resolving `localhost` depends on the machine).
#[test]
fn rust_url_host_vectors() {
    assert_eq!(url("https://127.0.0.1/").domain(), None);
    assert_eq!(url("mailto:test@example.net").domain(), None);
    assert_eq!(url("https://example.com/").domain(), Some("example.com"));
    assert_eq!(url("file://./foo").domain(), Some("."));

    for (input, expected) in [
        ("http://😅.com", "http://😅.com"),
        ("ftp://😅:🙂@🙂.com", "ftp://🙂.com"),
        ("https://user@😅.com", "https://😅.com"),
        ("http://😅.🙂:40", "http://😅.🙂:40"),
    ] {
        assert_eq!(url(input).origin_unicode(), expected);
    }
    for input in [
        "http://example.net/",
        "http://example.net:80/",
        "http://example.net:81/",
        "https://example.net",
        "ftp://example.net",
        "file://example.net",
        "http://user:pass@example.net/",
        "http://127.0.0.1",
    ] {
        let u = url(input);
        assert_eq!(u.origin_unicode(), u.origin(), "{input}");
    }
}

#[cfg(feature = "std")]
#[test]
fn socket_addrs_of_ip_hosts() {
    use std::net::SocketAddr;
    for (input, expected) in [
        ("https://127.0.0.1/", "127.0.0.1:443"),
        ("https://127.0.0.1:9742/", "127.0.0.1:9742"),
        ("custom-protocol://127.0.0.1:9742/", "127.0.0.1:9742"),
        ("custom-protocol://127.0.0.1/", "127.0.0.1:9743"),
        ("https://[::1]/", "[::1]:443"),
        ("https://[::1]:9742/", "[::1]:9742"),
        ("custom-protocol://[::1]:9742/", "[::1]:9742"),
        ("custom-protocol://[::1]/", "[::1]:9743"),
    ] {
        let u = url(input);
        let addrs = u
            .socket_addrs(|| (u.scheme() == "custom-protocol").then_some(9743))
            .unwrap();
        assert_eq!(addrs, [expected.parse::<SocketAddr>().unwrap()], "{input}");
    }
    for input in ["file:///x", "mailto:x", "foo://[::1]/", "foo:///x"] {
        assert!(url(input).socket_addrs(|| None).is_err(), "{input}");
    }
}

/// Node's `test-url-urltooptions.js` and `test-url-format-whatwg.js`.
#[test]
fn node_helper_vectors() {
    use whatwg_url::node::{self, FormatOptions};
    let options =
        node::url_to_http_options(&url("http://user:pass@foo.bar.com:21/aaa/zzz?l=24#test"));
    assert_eq!(options.protocol, "http:");
    assert_eq!(options.auth.as_deref(), Some("user:pass"));
    assert_eq!(options.hostname, "foo.bar.com");
    assert_eq!(options.port, Some(21));
    assert_eq!(options.path, "/aaa/zzz?l=24");
    assert_eq!(options.pathname, "/aaa/zzz");
    assert_eq!(options.search, "?l=24");
    assert_eq!(options.hash, "#test");
    assert_eq!(
        node::url_to_http_options(&url("http://[::1]:21")).hostname,
        "::1"
    );
    assert_eq!(node::url_to_http_options(&url("http://h/")).auth, None);

    let u = url("http://user:pass@xn--lck1c3crb1723bpq4a.com/a?a=b#c");
    let all = FormatOptions::default();
    for (options, expected) in [
        (all, "http://user:pass@xn--lck1c3crb1723bpq4a.com/a?a=b#c"),
        (
            FormatOptions { auth: false, ..all },
            "http://xn--lck1c3crb1723bpq4a.com/a?a=b#c",
        ),
        (
            FormatOptions {
                fragment: false,
                ..all
            },
            "http://user:pass@xn--lck1c3crb1723bpq4a.com/a?a=b",
        ),
        (
            FormatOptions {
                search: false,
                ..all
            },
            "http://user:pass@xn--lck1c3crb1723bpq4a.com/a#c",
        ),
        (
            FormatOptions {
                unicode: true,
                ..all
            },
            "http://user:pass@理容ナカムラ.com/a?a=b#c",
        ),
    ] {
        assert_eq!(node::format(&u, options), expected, "{options:?}");
    }
    assert_eq!(
        node::format(
            &url("http://user:pass@xn--0zwm56d.com:8080/path"),
            FormatOptions {
                unicode: true,
                ..all
            }
        ),
        "http://user:pass@测试.com:8080/path"
    );
    assert_eq!(node::format(&url("tel:123"), all), "tel:123");
    assert_eq!(
        node::format(
            &url("tel:123"),
            FormatOptions {
                unicode: true,
                ..all
            }
        ),
        "tel:123"
    );

    // Node's documentation of domainToASCII / domainToUnicode.
    assert_eq!(node::domain_to_ascii("español.com"), "xn--espaol-zwa.com");
    assert_eq!(node::domain_to_ascii("中文.com"), "xn--fiq228c.com");
    assert_eq!(node::domain_to_ascii("xn--iñvalid.com"), "");
    assert_eq!(node::domain_to_unicode("xn--espaol-zwa.com"), "español.com");
    assert_eq!(node::domain_to_unicode("xn--fiq228c.com"), "中文.com");
    assert_eq!(node::domain_to_unicode("xn--iñvalid.com"), "");
}

/// rust-url's `set_host(None)`, where the standard lets a URL have a null host.
#[test]
fn null_host() {
    for (input, expected) in [
        ("foo://h/p", Ok("foo:/p")),
        ("foo://h/p?#", Ok("foo:/p?#")),
        ("foo://h//p", Ok("foo:/.//p")),
        ("foo:/p", Ok("foo:/p")),
        ("foo://h", Err(SetterError::InvalidHost(None))),
        ("https://h/p", Err(SetterError::InvalidHost(None))),
        ("file:///p", Err(SetterError::InvalidHost(None))),
        (
            "foo://u@h/p",
            Err(SetterError::CannotHaveUsernamePasswordPort),
        ),
        (
            "foo://h:1/p",
            Err(SetterError::CannotHaveUsernamePasswordPort),
        ),
        ("mailto:x", Ok("mailto:x")),
    ] {
        let mut u = url(input);
        let result = u.try_set_host_null().map(|()| u.href().to_owned());
        assert_eq!(result.as_deref().map_err(Clone::clone), expected, "{input}");
        assert_eq!(url(u.href()), u, "{input}");
    }
}
