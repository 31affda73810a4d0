//! The Rust-side API: traits, the linked search params, validation errors, serde.

use std::collections::{BTreeSet, HashSet};
use whatwg_url::{ParseError, Url, UrlSearchParams};

#[test]
fn traits_follow_the_serialization() {
    let a: Url = "HTTP://Example.com:80/a".parse().unwrap();
    let b = Url::try_from("http://example.com/a").unwrap();
    assert_eq!(a, b);
    let set: HashSet<Url> = [a.clone(), b.clone()].into_iter().collect();
    assert_eq!(set.len(), 1);
    let c = Url::parse("http://example.com/b", None).unwrap();
    assert!(a < c);
    let ordered: BTreeSet<&str> = [&c, &a].iter().map(|u| u.href()).collect();
    assert_eq!(
        ordered.into_iter().collect::<Vec<_>>(),
        ["http://example.com/a", "http://example.com/b"]
    );
    assert_eq!(format!("{a}"), "http://example.com/a");
    assert_eq!(AsRef::<str>::as_ref(&a), "http://example.com/a");
    assert_eq!(String::from(a.clone()), "http://example.com/a");
    assert!("nope".parse::<Url>().is_err());
    let err: ParseError = Url::try_from(String::from("http://[")).unwrap_err();
    assert!(err.to_string().contains("IPv6"));
}

#[test]
fn getters_are_slices_of_href() {
    for input in [
        "https://u:p@[::1]:81/a/b?c=d#e",
        "foo://h:0/?#",
        "data:x ?y#z",
        "file:///C:/x?",
        "sc:/.//p",
        "http://h/?#f",
    ] {
        let url = Url::parse(input, None).unwrap();
        let rebuilt = format!(
            "{}{}{}{}{}{}",
            url.protocol(),
            if url.host_kind().is_some() { "//" } else { "" },
            match (url.username(), url.password()) {
                ("", "") => String::new(),
                (u, "") => format!("{u}@"),
                (u, p) => format!("{u}:{p}@"),
            },
            url.host(),
            if url.host_kind().is_none() && url.pathname().starts_with("//") {
                "/."
            } else {
                ""
            },
            url.pathname(),
        ) + &url.query().map(|q| format!("?{q}")).unwrap_or_default()
            + &url.fragment().map(|f| format!("#{f}")).unwrap_or_default();
        assert_eq!(rebuilt, url.href(), "{input}");
    }
}

#[test]
fn linked_params_follow_the_url() {
    let mut url = Url::parse("https://h/?a=1&b=2#frag", None).unwrap();
    {
        let mut params = url.search_params_mut();
        params.append("c", "é");
        assert_eq!(params.size(), 3);
        assert_eq!(params.url().search(), "?a=1&b=2&c=%C3%A9");
        params.delete("a", Some("nope"));
        params.set("b", "x y");
    }
    assert_eq!(url.href(), "https://h/?a=1&b=x+y&c=%C3%A9#frag");
    url.set_href("https://h/?z").unwrap();
    assert!(url.search_params().has("z", Some("")));
    url.set_search("");
    assert!(url.search_params().is_empty());
    url.search_params_mut().extend([("k", "v")]);
    assert_eq!(url.href(), "https://h/?k=v");
    // The update steps write null, not "", when the list is empty.
    url.search_params_mut().delete("k", None);
    assert_eq!(url.query(), None);
    // Opaque paths: the query goes, the encoded trailing space stays.
    let mut data = Url::parse("data:space  ?x", None).unwrap();
    data.search_params_mut().clear();
    assert_eq!(data.href(), "data:space %20");
}

#[test]
fn search_params_collections() {
    let params: UrlSearchParams = vec![("a".to_string(), "1".to_string())]
        .into_iter()
        .collect();
    let mut more = params.clone();
    more.extend([("b", "2")]);
    assert_eq!(more.to_string(), "a=1&b=2");
    assert_eq!(params.to_string(), "a=1");
    let owned: Vec<(String, String)> = more.clone().into_iter().collect();
    assert_eq!(owned.len(), 2);
    let borrowed: Vec<(&str, &str)> = (&more).into_iter().rev().collect();
    assert_eq!(borrowed, [("b", "2"), ("a", "1")]);
    assert_eq!(format!("{more:?}"), r#"[("a", "1"), ("b", "2")]"#);
    assert_eq!(
        "?x=y".parse::<UrlSearchParams>().unwrap().get("x"),
        Some("y")
    );
    let err = UrlSearchParams::from_pairs([&["a", "b", "c"][..]]).unwrap_err();
    assert_eq!((err.index, err.len), (0, 3));
    assert!(err.to_string().contains("exactly 2"));
}

#[test]
fn validation_errors_have_names_and_offsets() {
    let (result, errors) = Url::parse_with_validation("http://1.2.3/a\u{1}b", None);
    assert_eq!(result.unwrap().href(), "http://1.2.0.3/a%01b");
    let named: Vec<(&str, usize)> = errors.iter().map(|e| (e.name(), e.offset())).collect();
    assert!(named.contains(&("IPv4-too-few-parts", 7)), "{named:?}");
    assert!(named.contains(&("invalid-URL-unit", 14)), "{named:?}");

    let (result, errors) = Url::parse_with_validation("x", Some("http://[bad"));
    assert!(result.is_err());
    assert!(errors.is_empty());

    let (result, errors) = Url::parse_with_validation("https://example.com/", None);
    assert!(result.is_ok() && errors.is_empty());
}

#[test]
fn join_and_typed_accessors() {
    let base = Url::parse("https://h/a/b", None).unwrap();
    assert_eq!(base.join("c").unwrap().href(), "https://h/a/c");
    assert!(base.join("https://[").is_err());
    assert_eq!(base.port_or_known_default(), Some(443));
    assert_eq!(
        base.path_segments().unwrap().collect::<Vec<_>>(),
        ["a", "b"]
    );
    assert!(
        Url::parse("mailto:x", None)
            .unwrap()
            .path_segments()
            .is_none()
    );
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trip() {
    let url = Url::parse("https://example.com/a?b#c", None).unwrap();
    let json = serde_json::to_string(&url).unwrap();
    assert_eq!(json, r#""https://example.com/a?b#c""#);
    let back: Url = serde_json::from_str(&json).unwrap();
    assert_eq!(back, url);
    let err = serde_json::from_str::<Url>(r#""not a url""#)
        .unwrap_err()
        .to_string();
    assert!(err.contains("invalid URL \"not a url\""), "{err}");
    let params: UrlSearchParams = serde_json::from_str(r#""a=1&b=x+y""#).unwrap();
    assert_eq!(params.get("b"), Some("x y"));
    assert_eq!(serde_json::to_string(&params).unwrap(), r#""a=1&b=x+y""#);
}
