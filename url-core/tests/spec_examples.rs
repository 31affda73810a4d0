//! The example tables and worked examples of spec section 4 (July 2026 edition), including
//! whether each input is valid (no validation error, no failure).
#![allow(clippy::restriction)] // test code: unwrapping or indexing is a failed test

use url_core::{ReportedError, UrlRecord, Utf8};

/// Parses `input` against `base` (itself parsed first), collecting validation errors.
fn parse(
    input: &str,
    base: Option<&str>,
) -> (Result<UrlRecord, url_core::ParseError>, Vec<ReportedError>) {
    let base = base.map(|b| UrlRecord::parse(b, None).expect("base parses"));
    let mut errors = Vec::new();
    let result = UrlRecord::parse_with(input, base.as_ref(), &Utf8, &mut errors);
    (result, errors)
}

/// Spec 4, the table after "At a high level": input, base, valid, output (None = failure).
const OVERVIEW: &[(&str, Option<&str>, bool, Option<&str>)] = &[
    (
        "https:example.org",
        None,
        false,
        Some("https://example.org/"),
    ),
    (
        "https://////example.com///",
        None,
        false,
        Some("https://example.com///"),
    ),
    (
        "https://example.com/././foo",
        None,
        true,
        Some("https://example.com/foo"),
    ),
    (
        "hello:world",
        Some("https://example.com/"),
        true,
        Some("hello:world"),
    ),
    (
        "https:example.org",
        Some("https://example.com/"),
        false,
        Some("https://example.com/example.org"),
    ),
    (
        "\\example\\..\\demo/.\\",
        Some("https://example.com/"),
        false,
        Some("https://example.com/demo/"),
    ),
    (
        "example",
        Some("https://example.com/demo"),
        true,
        Some("https://example.com/example"),
    ),
    ("file:///C|/demo", None, false, Some("file:///C:/demo")),
    ("..", Some("file:///C:/demo"), true, Some("file:///C:/")),
    // Valid in the June text; the July edition adds domain-percent-encoded for a special
    // URL's host holding a percent-encoded byte (1.1 validation errors).
    ("file://loc%61lhost/", None, false, Some("file:///")),
    (
        "https://user:password@example.org/",
        None,
        false,
        Some("https://user:password@example.org/"),
    ),
    (
        "https://example.org/foo bar",
        None,
        false,
        Some("https://example.org/foo%20bar"),
    ),
    (
        "https://EXAMPLE.com/../x",
        None,
        true,
        Some("https://example.com/x"),
    ),
    ("https://ex ample.org/", None, false, None),
    ("example", None, false, None),
    ("https://example.com:demo", None, false, None),
    ("http://[www.example.com]/", None, false, None),
    (
        "https://example.org//",
        None,
        true,
        Some("https://example.org//"),
    ),
    (
        "https://example.com/[]?[]#[]",
        None,
        false,
        Some("https://example.com/[]?[]#[]"),
    ),
    (
        "https://example/%?%#%",
        None,
        false,
        Some("https://example/%?%#%"),
    ),
    (
        "https://example/%25?%25#%25",
        None,
        true,
        Some("https://example/%25?%25#%25"),
    ),
];

#[test]
fn overview_table() {
    for &(input, base, valid, output) in OVERVIEW {
        let (result, errors) = parse(input, base);
        assert_eq!(
            result.as_ref().ok().map(UrlRecord::as_str),
            output,
            "{input:?} against {base:?}"
        );
        assert_eq!(
            errors.is_empty(),
            valid,
            "{input:?} against {base:?}: errors {errors:?}"
        );
        if output.is_none() {
            // A failure always names a failing validation error, which the sink also got.
            let err = result.expect_err("failure");
            let named = err
                .validation_error()
                .expect("failure names its validation error");
            assert!(
                errors.iter().any(|e| e.error == named),
                "{input:?}: {errors:?}"
            );
        }
    }
}

/// Spec 4.1, the table of how valid URL strings map to components.
#[test]
fn components_table() {
    let url = UrlRecord::parse("https://example.com/", None).unwrap();
    assert_eq!(
        (url.scheme(), url.host_str(), url.port()),
        ("https", Some("example.com"), None)
    );
    assert_eq!(url.path_segments().unwrap().collect::<Vec<_>>(), [""]);
    assert_eq!((url.query(), url.fragment()), (None, None));

    let url = UrlRecord::parse("https://localhost:8000/search?q=text#hello", None).unwrap();
    assert_eq!(
        (url.scheme(), url.host_str(), url.port()),
        ("https", Some("localhost"), Some(8000))
    );
    assert_eq!(url.path_segments().unwrap().collect::<Vec<_>>(), ["search"]);
    assert_eq!(
        (url.query(), url.fragment()),
        (Some("q=text"), Some("hello"))
    );

    let url = UrlRecord::parse("urn:isbn:9780307476463", None).unwrap();
    assert_eq!(
        (url.scheme(), url.host_str(), url.port()),
        ("urn", None, None)
    );
    assert_eq!(url.opaque_path(), Some("isbn:9780307476463"));
    assert!(url.path_segments().is_none() && url.has_opaque_path());
    assert_eq!((url.query(), url.fragment()), (None, None));

    let url = UrlRecord::parse("file:///ada/Analytical%20Engine/README.md", None).unwrap();
    assert_eq!(
        (url.scheme(), url.host_str(), url.port()),
        ("file", Some(""), None)
    );
    assert_eq!(
        url.path_segments().unwrap().collect::<Vec<_>>(),
        ["ada", "Analytical%20Engine", "README.md"]
    );
    assert_eq!((url.query(), url.fragment()), (None, None));
    for url in ["https://example.com/", "urn:isbn:9780307476463"] {
        let url = UrlRecord::parse(url, None).unwrap();
        assert_eq!((url.username(), url.password()), ("", ""));
        assert!(!url.includes_credentials());
    }
}

/// Spec 4.2, "starts with a Windows drive letter": "c:" and "c:/" do, "c:a" does not. Seen
/// through the file state with a file base (with "|", so that the input has no scheme).
#[test]
fn starts_with_a_windows_drive_letter() {
    let base = Some("file:///x/y");
    for (input, output) in [
        ("c|", "file:///c:"),
        ("c|/", "file:///c:/"),
        ("c|a", "file:///x/c|a"),
    ] {
        assert_eq!(parse(input, base).0.unwrap().as_str(), output, "{input:?}");
    }
}

/// Spec 4.2, shorten a path: a file URL keeps its drive letter.
#[test]
fn shorten_keeps_a_drive_letter() {
    assert_eq!(
        parse("..", Some("file:///C:/")).0.unwrap().as_str(),
        "file:///C:/"
    );
    assert_eq!(
        parse("../../..", Some("file:///C:/a/b"))
            .0
            .unwrap()
            .as_str(),
        "file:///C:/"
    );
    assert_eq!(
        parse("..", Some("https://h/C:/")).0.unwrap().as_str(),
        "https://h/"
    );
}

/// Spec 4.4, path state note: "/usr/.." gives "/", not an empty path.
#[test]
fn double_dot_at_the_end_keeps_a_slash() {
    assert_eq!(parse("/usr/..", Some("https://h/")).0.unwrap().path(), "/");
    assert_eq!(parse("non-spec:/usr/..", None).0.unwrap().path(), "/");
    assert_eq!(
        parse("https://h/a/%2e%2E/b/%2e", None).0.unwrap().path(),
        "/b/"
    );
}

/// Spec 4.5: the "/." guard keeps a host-less URL with an empty first segment from reading
/// as an authority.
#[test]
fn serializer_guard() {
    for input in ["web+demo:/.//not-a-host/", "web+demo:/path/..//not-a-host/"] {
        let url = parse(input, None).0.unwrap();
        assert_eq!(url.as_str(), "web+demo:/.//not-a-host/");
        assert_eq!(url.path(), "//not-a-host/");
        assert_eq!(url.host_str(), None);
        assert_eq!(UrlRecord::parse(url.as_str(), None).unwrap(), url);
    }
}

/// Spec 4.5 and 4.6: exclude fragment, and equality with and without fragments.
#[test]
fn serializer_and_equivalence() {
    let a = UrlRecord::parse("https://example.com/p?q#one", None).unwrap();
    let b = UrlRecord::parse("https://EXAMPLE.com/p?q#two", None).unwrap();
    assert_eq!(a.as_str_without_fragment(), "https://example.com/p?q");
    assert_eq!(a.serialize(true), "https://example.com/p?q");
    assert_eq!(a.serialize(false), "https://example.com/p?q#one");
    assert!(a.equals(&b, true));
    assert!(!a.equals(&b, false));
    assert_ne!(a, b);
}

/// Spec 4.7: origins, including the blob example and its restriction to http(s).
#[test]
fn origins() {
    let origin = |s: &str| UrlRecord::parse(s, None).unwrap().origin();
    let o = origin("blob:https://whatwg.org/d0360e2f-caee-469f-9a2f-87d5b0456f6f");
    let url_core::Origin::Tuple(t) = &o else {
        panic!("tuple expected")
    };
    assert_eq!(
        (t.scheme(), t.host_str(), t.port()),
        ("https", "whatwg.org", None)
    );
    assert_eq!(o.ascii_serialization(), "https://whatwg.org");
    assert_eq!(origin("https://whatwg.org:443/x"), o);
    assert_eq!(
        origin("http://example.com:8080/").ascii_serialization(),
        "http://example.com:8080"
    );
    assert_eq!(origin("ws://[::1]/").ascii_serialization(), "ws://[::1]");
    for opaque in [
        "blob:ftp://host/path",
        "blob:file:///x",
        "blob:blob:https://a/",
        "file:///x",
        "data:x",
        "blob:",
    ] {
        let o = origin(opaque);
        assert!(o.is_opaque(), "{opaque}");
        assert_eq!(o.ascii_serialization(), "null");
        // "these URLs cannot be same origin with themselves": every opaque origin is new.
        assert_ne!(o, origin(opaque));
    }
    let o = origin("data:x");
    assert_eq!(o.clone(), o);
}

test_support::latin1_encoder!(percent);

/// Spec 4.3's windows-1252 example: the encoding only changes the query of special URLs
/// other than ws and wss.
#[test]
fn encoding_changes_only_special_queries() {
    let base = UrlRecord::parse("https://example.com/", None).unwrap();
    let mut sink = url_core::NoSink;
    let with = |input: &str, base: Option<&UrlRecord>, sink: &mut url_core::NoSink| {
        UrlRecord::parse_with(input, base, &Latin1, sink)
            .unwrap()
            .as_str()
            .to_owned()
    };
    assert_eq!(
        with("?smörgåsbord", Some(&base), &mut sink),
        "https://example.com/?sm%F6rg%E5sbord"
    );
    assert_eq!(
        UrlRecord::parse("?smörgåsbord", Some(&base))
            .unwrap()
            .as_str(),
        "https://example.com/?sm%C3%B6rg%C3%A5sbord"
    );
    assert_eq!(
        with("https://h/ö?ö#ö", None, &mut sink),
        "https://h/%C3%B6?%F6#%C3%B6"
    );
    assert_eq!(
        with("https://h/?☃", None, &mut sink),
        "https://h/?%26%239731%3B"
    );
    assert_eq!(with("wss://h/?ö", None, &mut sink), "wss://h/?%C3%B6");
    assert_eq!(with("sc://h/?ö", None, &mut sink), "sc://h/?%C3%B6");
}
