//! `Component` and the `Url` methods that take one, over every URL of urltestdata.json: each
//! agrees with the named getter, setter and origin it stands for.
#![allow(clippy::restriction)] // test code: unwrapping or indexing is a failed test

use test_support::Value;
use whatwg_url::{Component, SetterError, Url};

/// The named getter of `component`, called directly (what `Url::component` must give).
fn named_getter(url: &Url, component: Component) -> String {
    match component {
        Component::Href => url.href().to_owned(),
        Component::Origin => url.origin_record().ascii_serialization().to_owned(),
        Component::Protocol => url.protocol().to_owned(),
        Component::Username => url.username().to_owned(),
        Component::Password => url.password().to_owned(),
        Component::Host => url.host().to_owned(),
        Component::Hostname => url.hostname().to_owned(),
        Component::Port => url.port().to_owned(),
        Component::Pathname => url.pathname().to_owned(),
        Component::Search => url.search().to_owned(),
        Component::Hash => url.hash().to_owned(),
        other => panic!("no getter for {other:?}"),
    }
}

/// The named setter of `component` (`None` for `origin`).
fn named_setter(
    url: &mut Url,
    component: Component,
    value: &str,
) -> Option<Result<(), SetterError>> {
    Some(match component {
        Component::Href => url.set_href(value).map_err(SetterError::InvalidHref),
        Component::Protocol => url.try_set_protocol(value),
        Component::Username => url.try_set_username(value),
        Component::Password => url.try_set_password(value),
        Component::Host => url.try_set_host(value),
        Component::Hostname => url.try_set_hostname(value),
        Component::Port => url.try_set_port(value),
        Component::Pathname => url.try_set_pathname(value),
        Component::Search => url.try_set_search(value),
        Component::Hash => url.try_set_hash(value),
        _ => return None,
    })
}

fn urls() -> Vec<Url> {
    let cases: Vec<Value> = test_support::cases("urltestdata.json");
    let urls: Vec<Url> = cases
        .iter()
        .filter_map(|case| Url::parse(case.str_field("input")?, case.str_field("base")).ok())
        .collect();
    assert!(urls.len() > 500, "only {} URLs", urls.len());
    urls
}

#[test]
fn getters_ranges_and_origin() {
    for url in urls() {
        let href = url.href();
        for component in Component::ALL {
            let want = named_getter(&url, component);
            assert_eq!(url.component(component), want, "{component} of {href}");
            let mut written = String::from("x");
            url.write_component(component, &mut written).unwrap();
            assert_eq!(written[1..], want, "write_component({component}) of {href}");
            match url.component_range(component) {
                Some(range) => assert_eq!(&href[range], want, "range of {component} in {href}"),
                None => assert!(
                    want.is_empty() || component == Component::Origin,
                    "no range for {component} {want:?} in {href}"
                ),
            }
        }
        assert_eq!(
            url.origin(),
            url.origin_record().ascii_serialization(),
            "{href}"
        );
    }
}

#[test]
fn setters_by_name() {
    let values = [
        "",
        "x",
        "https://h/",
        "1:2",
        "[::1]",
        "80",
        "/a b",
        "?q",
        "#f",
        "é",
    ];
    for url in urls().into_iter().step_by(7) {
        for component in Component::ALL {
            for value in values {
                let (mut by_name, mut named) = (url.clone(), url.clone());
                let result = by_name.set_component(component, value);
                match named_setter(&mut named, component, value) {
                    Some(want) => assert_eq!(result, want, "{component}={value:?} on {url:?}"),
                    None => assert_eq!(result, Err(SetterError::ReadOnly)),
                }
                assert_eq!(by_name.href(), named.href(), "{component}={value:?}");
            }
        }
    }
}

#[test]
fn names() {
    for component in Component::ALL {
        assert_eq!(component.name().parse(), Ok(component));
        assert_eq!(component.to_string(), component.name());
        assert_eq!(component.has_setter(), component != Component::Origin);
    }
    for wrong in ["Href", "HASH", "path", "query", "searchParams", "", " host"] {
        let error = wrong.parse::<Component>().unwrap_err();
        assert_eq!(error.name(), wrong);
        assert!(
            error.to_string().contains("expected one of href, origin,"),
            "{error}"
        );
    }
}

#[test]
fn origins_that_are_not_in_the_href() {
    let origin = |s: &str| {
        Url::parse(s, None)
            .unwrap()
            .component(Component::Origin)
            .into_owned()
    };
    for (input, want) in [
        ("https://u:p@h:8443/", "https://h:8443"),
        ("blob:https://h:443/uuid", "https://h"),
        ("blob:ftp://h/uuid", "null"),
        ("blob:d", "null"),
        ("file:///etc", "null"),
        ("ws://h:80/", "ws://h"),
    ] {
        assert_eq!(origin(input), want, "{input}");
    }
}
