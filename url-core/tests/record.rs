//! The record: its size, its getters, and what the setters' helpers do to it.

use url_core::{HostKind, HostRef, SchemeType, UrlRecord};

#[test]
#[cfg(target_pointer_width = "64")]
fn record_is_64_bytes() {
    assert_eq!(std::mem::size_of::<UrlRecord>(), 64);
}

#[test]
fn getters_are_slices_of_the_serialization() {
    let url =
        UrlRecord::parse("HTTPS://us%65r:p@ss@[::1]:8443/a/./b/../c?x=1&y#frag", None).unwrap();
    assert_eq!(
        url.as_str(),
        "https://us%65r:p%40ss@[::1]:8443/a/c?x=1&y#frag"
    );
    assert_eq!(url.scheme(), "https");
    assert_eq!(url.scheme_type(), SchemeType::Https);
    assert!(url.is_special());
    assert_eq!(url.default_port(), Some(443));
    assert_eq!(url.username(), "us%65r");
    assert_eq!(url.password(), "p%40ss");
    assert!(url.includes_credentials());
    assert_eq!(url.host_kind(), Some(HostKind::Ipv6));
    assert_eq!(url.host_str(), Some("[::1]"));
    assert_eq!(
        url.host(),
        Some(HostRef::Ipv6(std::net::Ipv6Addr::LOCALHOST))
    );
    assert_eq!(
        (url.port(), url.port_str(), url.port_or_default()),
        (Some(8443), Some("8443"), Some(8443))
    );
    assert_eq!(url.path(), "/a/c");
    assert_eq!(url.path_segments().unwrap().collect::<Vec<_>>(), ["a", "c"]);
    assert_eq!(
        url.path_segments().unwrap().rev().collect::<Vec<_>>(),
        ["c", "a"]
    );
    assert_eq!(url.query(), Some("x=1&y"));
    assert_eq!(url.fragment(), Some("frag"));
    assert!(!url.cannot_have_username_password_port());
    assert_eq!(url.check_invariants(), Ok(()));

    let url = UrlRecord::parse("http://h:80", None).unwrap();
    assert_eq!(
        (url.port(), url.port_str(), url.port_or_default()),
        (None, None, Some(80))
    );
    assert_eq!(url.path(), "/");

    let url = UrlRecord::parse("sc:", None).unwrap();
    assert_eq!(
        (url.host_str(), url.path(), url.opaque_path()),
        (None, "", Some(""))
    );
    let url = UrlRecord::parse("sc://", None).unwrap();
    assert_eq!(
        (url.host_str(), url.host_kind(), url.path()),
        (Some(""), Some(HostKind::Empty), "")
    );
    assert_eq!(url.path_segments().unwrap().count(), 0);
    assert!(url.cannot_have_username_password_port());
}

#[test]
fn setter_helpers_keep_the_record_consistent() {
    let mut url = UrlRecord::parse("https://example.com:8080/a?b#c", None).unwrap();
    url.set_username("me@x");
    url.set_password("pw");
    assert_eq!(url.as_str(), "https://me%40x:pw@example.com:8080/a?b#c");
    url.set_password("");
    url.set_port(Some(443));
    assert_eq!(url.as_str(), "https://me%40x@example.com/a?b#c");
    url.set_username("");
    url.set_query(Some("a b'#"));
    url.set_fragment(None);
    assert_eq!(url.as_str(), "https://example.com/a?a%20b%27%23");
    url.set_query(None);
    url.clear_path();
    assert_eq!(url.as_str(), "https://example.com");
    url.check_invariants().unwrap();

    // A URL that cannot have a username, password or port ignores them.
    let mut file = UrlRecord::parse("file:///x", None).unwrap();
    file.set_username("u");
    file.set_port(Some(1));
    assert_eq!(file.as_str(), "file:///x");

    // Emptying the path of a host-less URL whose path needed the "/." guard removes it.
    let mut url = UrlRecord::parse("web+demo:/.//x?q", None).unwrap();
    url.clear_path();
    assert_eq!(url.as_str(), "web+demo:?q");
    url.check_invariants().unwrap();
}

#[test]
fn parse_error_is_an_error_and_names_the_validation_error() {
    let e = UrlRecord::parse("https://a:b/", None).unwrap_err();
    let as_error: &dyn std::error::Error = &e;
    assert_eq!(as_error.to_string(), "invalid URL: port-invalid at byte 10");
    assert_eq!(e.offset(), Some(10));
    assert!(
        UrlRecord::can_parse("https://a/", None) && !UrlRecord::can_parse("https://a:b/", None)
    );
    assert_eq!(
        UrlRecord::parse_with_base_str("x", Some("https://a/b"))
            .unwrap()
            .as_str(),
        "https://a/x"
    );
    assert!(UrlRecord::parse_with_base_str("x", Some("not a url")).is_err());
}

/// Inputs longer than `u32::MAX` bytes fail with an error, not a panic. (`vec![0; n]` is
/// zeroed lazily by the allocator, so the 4 GiB are never touched: the length check comes
/// first.)
#[test]
fn inputs_longer_than_u32_max_fail_cleanly() {
    let Some(n) = usize::try_from(u64::from(u32::MAX) + 1).ok() else {
        return; // 32-bit targets cannot hold such an input at all.
    };
    let Ok(huge) = String::from_utf8(vec![0u8; n]) else {
        panic!("NUL bytes are UTF-8");
    };
    assert_eq!(
        UrlRecord::parse(&huge, None),
        Err(url_core::ParseError::TooLong)
    );
    let mut url = UrlRecord::parse("https://example.com/", None).unwrap();
    assert_eq!(
        url.basic_parse_override(&huge, url_core::StateOverride::Query),
        Err(url_core::OverrideError {
            state: url_core::StateOverride::Query,
            error: url_core::ParseError::TooLong
        })
    );
    assert_eq!(url.as_str(), "https://example.com/");
}
