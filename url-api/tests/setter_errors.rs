//! The `try_set_*` contract over every input of `setters_tests.json` and
//! `api/setters-stripping.json`: the try form and the plain setter give the same URL, and an
//! error leaves the URL byte-for-byte unchanged (except the spec's host-then-port case).
#![allow(clippy::restriction)] // test code: unwrapping or indexing is a failed test

use test_support::{Value, load};
use whatwg_url::{SetterError, Url};

fn try_set(url: &mut Url, attribute: &str, value: &str) -> Option<Result<(), SetterError>> {
    Some(match attribute {
        "protocol" => url.try_set_protocol(value),
        "username" => url.try_set_username(value),
        "password" => url.try_set_password(value),
        "host" => url.try_set_host(value),
        "hostname" => url.try_set_hostname(value),
        "port" => url.try_set_port(value),
        "pathname" => url.try_set_pathname(value),
        "search" => url.try_set_search(value),
        "hash" => url.try_set_hash(value),
        _ => return None,
    })
}

fn set(url: &mut Url, attribute: &str, value: &str) {
    match attribute {
        "protocol" => url.set_protocol(value),
        "username" => url.set_username(value),
        "password" => url.set_password(value),
        "host" => url.set_host(value),
        "hostname" => url.set_hostname(value),
        "port" => url.set_port(value),
        "pathname" => url.set_pathname(value),
        "search" => url.set_search(value),
        "hash" => url.set_hash(value),
        _ => unreachable!("{attribute}"),
    }
}

/// Checks one assignment; returns the error, if any, for tallying.
fn check(href: &str, attribute: &str, value: &str) -> Option<SetterError> {
    let original = Url::parse(href, None).expect("fixture URLs parse");
    let mut tried = original.clone();
    let result = try_set(&mut tried, attribute, value)?;
    let mut plain = original.clone();
    set(&mut plain, attribute, value);
    assert_eq!(
        tried.href(),
        plain.href(),
        "{attribute} <- {value:?} on {href}"
    );
    let err = result.err()?;
    let host_then_port = attribute == "host" && matches!(err, SetterError::InvalidPort(_));
    if !host_then_port {
        assert_eq!(
            tried.href(),
            original.href(),
            "{attribute} <- {value:?} on {href}: {err:?}"
        );
    }
    // Every setter is idempotent on its own result (spec 1, goals).
    let reparsed = Url::parse(tried.href(), None).expect("a set URL re-parses");
    assert_eq!(reparsed.href(), tried.href());
    Some(err)
}

#[test]
fn try_setters_agree_with_setters_and_change_nothing_on_error() {
    let mut errors = Vec::new();
    let fixture = load("setters_tests.json");
    for (attribute, cases) in fixture.as_object().expect("an object") {
        for case in cases.as_array().unwrap_or(&[]) {
            let (Some(href), Some(value)) = (case.str_field("href"), case.str_field("new_value"))
            else {
                continue;
            };
            errors.extend(check(href, attribute, value));
        }
    }
    for case in load("api/setters-stripping.json")
        .as_array()
        .expect("an array")
    {
        let field = |k| case.get(k).and_then(Value::as_str).expect("field");
        errors.extend(check(field("url"), field("property"), field("input")));
    }
    // The fixtures exercise every reason but TooLong.
    for want in [
        SetterError::CannotHaveUsernamePasswordPort,
        SetterError::HasOpaquePath,
        SetterError::InvalidScheme,
        SetterError::SchemeChangeNotAllowed,
    ] {
        assert!(errors.contains(&want), "no case gave {want:?}");
    }
    assert!(
        errors
            .iter()
            .any(|e| matches!(e, SetterError::InvalidHost(Some(_))))
    );
    assert!(
        errors
            .iter()
            .any(|e| matches!(e, SetterError::InvalidHost(None)))
    );
    assert!(
        errors
            .iter()
            .any(|e| matches!(e, SetterError::InvalidPort(Some(_))))
    );
    assert!(
        errors
            .iter()
            .any(|e| matches!(e, SetterError::InvalidPort(None)))
    );
}

#[test]
fn reasons() {
    let mut url = Url::parse("https://example.com:8080/p", None).unwrap();
    assert_eq!(url.try_set_protocol("https"), Ok(()));
    assert_eq!(url.try_set_protocol("HTTP"), Ok(()));
    assert_eq!(url.href(), "http://example.com:8080/p");
    assert_eq!(
        url.try_set_protocol("file"),
        Err(SetterError::SchemeChangeNotAllowed)
    );
    assert_eq!(url.try_set_protocol(""), Err(SetterError::InvalidScheme));
    assert_eq!(url.try_set_protocol("é"), Err(SetterError::InvalidScheme));

    // The hostname setter refuses a port; the host setter takes it.
    assert!(matches!(
        url.try_set_hostname("h:1"),
        Err(SetterError::InvalidHost(None))
    ));
    assert_eq!(url.try_set_host("h:1"), Ok(()));
    assert_eq!(url.host(), "h:1");
    // Host then port: the host is set, the port state fails.
    assert!(matches!(
        url.try_set_host("g:x"),
        Err(SetterError::InvalidPort(None))
    ));
    assert_eq!(url.host(), "g:1");
    match url.try_set_host("f:70000") {
        Err(SetterError::InvalidPort(Some(e))) => assert_eq!(e.name(), "port-out-of-range"),
        other => panic!("{other:?}"),
    }
    assert_eq!(url.host(), "f:1");
    match url.try_set_host("") {
        Err(SetterError::InvalidHost(Some(e))) => assert_eq!(e.name(), "host-missing"),
        other => panic!("{other:?}"),
    }
    assert!(!SetterError::HasOpaquePath.to_string().is_empty());
}
