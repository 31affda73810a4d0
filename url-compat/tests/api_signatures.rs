//! Every public item of rust-url 2.5.8, named with its signature.
//!
//! Each method is bound to a typed `fn` pointer (or, for generic ones, called with explicitly
//! typed arguments and results), each trait impl is asserted through a generic bound, and each
//! enum variant is constructed: an item that is missing from the facade, or whose signature
//! differs from rust-url's, makes this file fail to compile. The list was taken from
//! url-2.5.8/src (`pub fn`, `pub enum`, `pub struct`, `impl … for`) and form_urlencoded 1.2.2
//! (re-exported as `url::form_urlencoded`). Beside the names, each test checks a little real
//! behaviour so that it asserts something.
//!
//! Not covered here: `impl From<idna::Errors> for ParseError` and the identity of the
//! re-exported `form_urlencoded` types (`tests/type_identity.rs`), and rust-url's private
//! modules (`parser`, `host`), whose items are `pub` inside modules that are not.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    // The signatures are the point: spelled out in full, as rust-url has them.
    clippy::type_complexity,
    // Named lifetimes pin the early-bound lifetimes of the items bound to `fn` pointers.
    clippy::extra_unused_lifetimes
)]

use std::borrow::Cow;
use std::collections::hash_map::DefaultHasher;
use std::fmt::{Debug, Display};
use std::hash::{Hash, Hasher};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::ops::{Index, Range, RangeFrom, RangeFull, RangeTo};
use std::str::FromStr;

use url::form_urlencoded;
use url::{
    EncodingOverride, Host, OpaqueOrigin, Origin, ParseError, ParseOptions, PathSegmentsMut,
    Position, SyntaxViolation, Url, UrlQuery,
};

fn assert_clone<T: Clone>() {}
fn assert_copy<T: Copy>() {}
fn assert_debug<T: Debug + ?Sized>() {}
fn assert_display<T: Display + ?Sized>() {}
fn assert_eq_ord_hash<T: Eq + Ord + Hash>() {}
fn assert_eq_hash<T: Eq + Hash>() {}
fn assert_send_sync<T: Send + Sync>() {}
fn assert_static<T: 'static>() {}
fn assert_error<T: std::error::Error + Send + Sync + 'static>() {}
fn assert_from_str<T: FromStr<Err = ParseError>>() {}
fn assert_try_from_str<'a, T: TryFrom<&'a str, Error = ParseError>>() {}
fn assert_as_ref_str<T: AsRef<str>>() {}
fn assert_into_string<T: Into<String>>() {}
fn assert_index<T, I>()
where
    T: Index<I, Output = str>,
{
}
fn assert_iterator<I: Iterator<Item = T>, T>() {}

fn hash_of<T: Hash>(value: &T) -> u64 {
    let mut hasher = DefaultHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

/// An encoding override (`EncodingOverride`'s function type): windows-1252's ASCII and
/// Latin-1 range, `?` for the rest.
fn latin1(s: &str) -> Cow<'_, [u8]> {
    if s.is_ascii() {
        return Cow::Borrowed(s.as_bytes());
    }
    Cow::Owned(
        s.chars()
            .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
            .collect(),
    )
}

fn example() -> Url {
    Url::parse("https://user:pass@example.com:8080/a/b?q=1#frag").unwrap()
}

#[test]
fn url_constructors_and_serialization() {
    let _: fn(&str) -> Result<Url, ParseError> = Url::parse;
    let _: fn(&Url, &str) -> Result<Url, ParseError> = Url::join;
    let _: fn(&Url, &Url) -> Option<String> = Url::make_relative;
    let _: fn() -> ParseOptions<'static> = Url::options;
    let _: fn(&Url) -> &str = Url::as_str;
    #[allow(deprecated)]
    let _: fn(Url) -> String = Url::into_string;
    let _: fn(&Url) -> Result<(), String> = Url::check_invariants;
    let _: fn(&str, Vec<(String, String)>) -> Result<Url, ParseError> =
        Url::parse_with_params::<Vec<(String, String)>, String, String>;

    let url: Result<Url, ParseError> = Url::parse_with_params(
        "https://example.net/?x=1",
        &[("lang", "rust"), ("a b", "c&d")],
    );
    assert_eq!(
        url.unwrap().as_str(),
        "https://example.net/?x=1&lang=rust&a+b=c%26d"
    );
    let owned: Vec<(String, String)> = vec![("k".to_owned(), "v".to_owned())];
    let url: Result<Url, ParseError> = Url::parse_with_params("https://example.net", owned);
    assert_eq!(url.unwrap().as_str(), "https://example.net/?k=v");

    let base = Url::parse("https://example.net/a/b.html").unwrap();
    assert_eq!(
        base.join("../c.png").unwrap().as_str(),
        "https://example.net/c.png"
    );
    let other = Url::parse("https://example.net/a/c.png").unwrap();
    assert_eq!(base.make_relative(&other).as_deref(), Some("c.png"));
    assert_eq!(
        Url::parse("/relative"),
        Err(ParseError::RelativeUrlWithoutBase)
    );
    #[allow(deprecated)]
    let s: String = example().into_string();
    assert_eq!(s, "https://user:pass@example.com:8080/a/b?q=1#frag");
    assert_eq!(example().check_invariants(), Ok(()));
}

#[test]
fn url_getters() {
    let _: fn(&Url) -> Origin = Url::origin;
    let _: fn(&Url) -> &str = Url::scheme;
    let _: fn(&Url) -> bool = Url::is_special;
    let _: fn(&Url) -> bool = Url::has_authority;
    let _: fn(&Url) -> &str = Url::authority;
    let _: fn(&Url) -> bool = Url::cannot_be_a_base;
    let _: fn(&Url) -> &str = Url::username;
    let _: fn(&Url) -> Option<&str> = Url::password;
    let _: fn(&Url) -> bool = Url::has_host;
    let _: fn(&Url) -> Option<&str> = Url::host_str;
    let _: fn(&Url) -> Option<Host<&str>> = Url::host;
    let _: fn(&Url) -> Option<&str> = Url::domain;
    let _: fn(&Url) -> Option<u16> = Url::port;
    let _: fn(&Url) -> Option<u16> = Url::port_or_known_default;
    let _: fn(&Url) -> &str = Url::path;
    let _: fn(&Url) -> Option<std::str::Split<'_, char>> = Url::path_segments;
    let _: fn(&Url) -> Option<&str> = Url::query;
    let _: fn(&Url) -> form_urlencoded::Parse<'_> = Url::query_pairs;
    let _: fn(&Url) -> Option<&str> = Url::fragment;

    let url = example();
    assert_eq!(url.scheme(), "https");
    assert!(url.is_special());
    assert!(url.has_authority());
    assert_eq!(url.authority(), "user:pass@example.com:8080");
    assert!(!url.cannot_be_a_base());
    assert_eq!(url.username(), "user");
    assert_eq!(url.password(), Some("pass"));
    assert!(url.has_host());
    assert_eq!(url.host_str(), Some("example.com"));
    assert_eq!(url.host(), Some(Host::Domain("example.com")));
    assert_eq!(url.domain(), Some("example.com"));
    assert_eq!(url.port(), Some(8080));
    assert_eq!(url.port_or_known_default(), Some(8080));
    assert_eq!(url.path(), "/a/b");
    let segments: Vec<&str> = url.path_segments().unwrap().collect();
    assert_eq!(segments, ["a", "b"]);
    assert_eq!(url.query(), Some("q=1"));
    let pairs: Vec<(Cow<'_, str>, Cow<'_, str>)> = url.query_pairs().collect();
    assert_eq!(pairs, [(Cow::Borrowed("q"), Cow::Borrowed("1"))]);
    assert_eq!(url.fragment(), Some("frag"));
    assert_eq!(
        url.origin().ascii_serialization(),
        "https://example.com:8080"
    );

    let opaque = Url::parse("mailto:someone@example.com").unwrap();
    assert!(opaque.cannot_be_a_base());
    assert!(opaque.path_segments().is_none());
    assert_eq!(opaque.host(), None);
    assert_eq!(opaque.authority(), "");
    let file = Url::parse("file:///tmp/x").unwrap();
    assert!(file.has_authority());
    assert!(!file.has_host());
    assert_eq!(file.host_str(), None);
    let ip = Url::parse("http://[::1]:80/").unwrap();
    assert_eq!(ip.host(), Some(Host::Ipv6(Ipv6Addr::LOCALHOST)));
    assert_eq!(ip.domain(), None);
    assert_eq!(ip.port(), None);
    assert_eq!(ip.port_or_known_default(), Some(80));
}

#[cfg(feature = "std")]
#[test]
fn url_socket_addrs() {
    let url = Url::parse("http://127.0.0.1:8080/").unwrap();
    let addrs: std::io::Result<Vec<std::net::SocketAddr>> = url.socket_addrs(|| None);
    assert_eq!(
        addrs.unwrap(),
        [std::net::SocketAddr::from(([127, 0, 0, 1], 8080))]
    );
    let url = Url::parse("foo://127.0.0.1/").unwrap();
    let addrs: std::io::Result<Vec<std::net::SocketAddr>> = url.socket_addrs(|| Some(99));
    assert_eq!(
        addrs.unwrap(),
        [std::net::SocketAddr::from(([127, 0, 0, 1], 99))]
    );
    let addrs: std::io::Result<Vec<std::net::SocketAddr>> = url.socket_addrs(|| None);
    assert!(addrs.is_err());
}

#[test]
fn url_setters() {
    let _: fn(&mut Url, Option<&str>) = Url::set_fragment;
    let _: fn(&mut Url, Option<&str>) = Url::set_query;
    let _: fn(&mut Url) -> form_urlencoded::Serializer<'_, UrlQuery<'_>> = Url::query_pairs_mut;
    let _: fn(&mut Url, &str) = Url::set_path;
    let _: fn(&mut Url) -> Result<PathSegmentsMut<'_>, ()> = Url::path_segments_mut;
    let _: fn(&mut Url, Option<u16>) -> Result<(), ()> = Url::set_port;
    let _: fn(&mut Url, Option<&str>) -> Result<(), ParseError> = Url::set_host;
    let _: fn(&mut Url, IpAddr) -> Result<(), ()> = Url::set_ip_host;
    let _: fn(&mut Url, Option<&str>) -> Result<(), ()> = Url::set_password;
    let _: fn(&mut Url, &str) -> Result<(), ()> = Url::set_username;
    let _: fn(&mut Url, &str) -> Result<(), ()> = Url::set_scheme;

    let mut url = example();
    url.set_fragment(None);
    url.set_query(Some("a b"));
    assert_eq!(url.query(), Some("a%20b"));
    url.set_query(None);
    url.set_path("/x y");
    assert_eq!(url.path(), "/x%20y");
    assert_eq!(url.set_port(Some(443)), Ok(()));
    assert_eq!(url.port(), None);
    assert_eq!(url.set_host(Some("example.org")), Ok(()));
    assert_eq!(url.set_host(None), Err(ParseError::EmptyHost));
    assert_eq!(url.set_password(None), Ok(()));
    assert_eq!(url.set_username(""), Ok(()));
    assert_eq!(url.set_scheme("http"), Ok(()));
    assert_eq!(url.set_scheme("foo"), Err(()));
    // 443 was https's default port, so none was stored: http gets none either.
    assert_eq!(url.as_str(), "http://example.org/x%20y");
    assert_eq!(url.set_ip_host(IpAddr::V4(Ipv4Addr::LOCALHOST)), Ok(()));
    assert_eq!(url.as_str(), "http://127.0.0.1/x%20y");

    {
        let mut query: form_urlencoded::Serializer<'_, UrlQuery<'_>> = url.query_pairs_mut();
        query.append_pair("k", "v w");
        let finished: &mut Url = query.finish();
        finished.set_fragment(Some("f"));
    }
    assert_eq!(url.as_str(), "http://127.0.0.1/x%20y?k=v+w#f");

    let mut opaque = Url::parse("data:text/plain,x").unwrap();
    assert!(opaque.path_segments_mut().is_err());
    assert_eq!(opaque.set_port(Some(1)), Err(()));
    assert_eq!(
        opaque.set_host(Some("example.com")),
        Err(ParseError::SetHostOnCannotBeABaseUrl)
    );
    assert_eq!(opaque.set_ip_host(IpAddr::V6(Ipv6Addr::LOCALHOST)), Err(()));
    assert_eq!(opaque.set_username("u"), Err(()));
    assert_eq!(opaque.set_password(Some("p")), Err(()));
}

#[test]
fn url_trait_impls() {
    assert_clone::<Url>();
    assert_debug::<Url>();
    assert_display::<Url>();
    assert_from_str::<Url>();
    assert_try_from_str::<Url>();
    assert_as_ref_str::<Url>();
    assert_eq_ord_hash::<Url>();
    assert_index::<Url, RangeFull>();
    assert_index::<Url, Range<Position>>();
    assert_index::<Url, RangeFrom<Position>>();
    assert_index::<Url, RangeTo<Position>>();
    assert_into_string::<Url>();
    assert_send_sync::<Url>();
    assert_static::<Url>();
    let _: fn(Url) -> String = String::from;
    let _: fn(&str) -> Result<Url, ParseError> = <Url as FromStr>::from_str;
    fn try_from_signature<'a>() {
        let _: fn(&'a str) -> Result<Url, ParseError> = <Url as TryFrom<&'a str>>::try_from;
    }
    try_from_signature();

    let a: Url = "https://example.com/a".parse().unwrap();
    let b = Url::try_from("https://example.com/b").unwrap();
    assert!(a < b);
    assert_eq!(a.cmp(&a.clone()), std::cmp::Ordering::Equal);
    assert_eq!(a, Url::parse("HTTPS://EXAMPLE.COM/a").unwrap());
    assert_eq!(hash_of(&a), hash_of(&a.as_str()));
    assert_eq!(a.to_string(), "https://example.com/a");
    let as_ref: &str = a.as_ref();
    assert_eq!(as_ref, "https://example.com/a");
    assert_eq!(String::from(a.clone()), "https://example.com/a");
    assert_eq!(
        format!("{:?}", example()),
        "Url { scheme: \"https\", cannot_be_a_base: false, username: \"user\", \
         password: Some(\"pass\"), host: Some(Domain(\"example.com\")), port: Some(8080), \
         path: \"/a/b\", query: Some(\"q=1\"), fragment: Some(\"frag\") }"
    );
}

#[test]
fn position_and_slicing() {
    assert_copy::<Position>();
    assert_clone::<Position>();
    assert_debug::<Position>();
    let url = example();
    let href = "https://user:pass@example.com:8080/a/b?q=1#frag";
    let cases: [(Position, usize); 16] = [
        (Position::BeforeScheme, 0),
        (Position::AfterScheme, "https".len()),
        (Position::BeforeUsername, "https://".len()),
        (Position::AfterUsername, "https://user".len()),
        (Position::BeforePassword, "https://user:".len()),
        (Position::AfterPassword, "https://user:pass".len()),
        (Position::BeforeHost, "https://user:pass@".len()),
        (Position::AfterHost, "https://user:pass@example.com".len()),
        (Position::BeforePort, "https://user:pass@example.com:".len()),
        (
            Position::AfterPort,
            "https://user:pass@example.com:8080".len(),
        ),
        (
            Position::BeforePath,
            "https://user:pass@example.com:8080".len(),
        ),
        (
            Position::AfterPath,
            "https://user:pass@example.com:8080/a/b".len(),
        ),
        (
            Position::BeforeQuery,
            "https://user:pass@example.com:8080/a/b?".len(),
        ),
        (
            Position::AfterQuery,
            "https://user:pass@example.com:8080/a/b?q=1".len(),
        ),
        (Position::BeforeFragment, href.len() - "frag".len()),
        (Position::AfterFragment, href.len()),
    ];
    for (position, offset) in cases {
        assert_eq!(&url[..position], &href[..offset], "{position:?}");
        assert_eq!(&url[position..], &href[offset..], "{position:?}");
        assert_eq!(
            &url[Position::BeforeScheme..position],
            &href[..offset],
            "{position:?}"
        );
    }
    assert_eq!(&url[..], href);
    assert_eq!(
        &url[Position::BeforeHost..Position::AfterPort],
        "example.com:8080"
    );
}

#[test]
fn parse_error_variants_and_messages() {
    assert_copy::<ParseError>();
    assert_debug::<ParseError>();
    assert_display::<ParseError>();
    assert_partial_eq::<ParseError>();
    assert_error::<ParseError>();
    let _: Box<dyn std::error::Error + Send + Sync> = Box::new(ParseError::EmptyHost);
    let cases: [(ParseError, &str); 10] = [
        (ParseError::EmptyHost, "empty host"),
        (ParseError::IdnaError, "invalid international domain name"),
        (ParseError::InvalidPort, "invalid port number"),
        (ParseError::InvalidIpv4Address, "invalid IPv4 address"),
        (ParseError::InvalidIpv6Address, "invalid IPv6 address"),
        (
            ParseError::InvalidDomainCharacter,
            "invalid domain character",
        ),
        (
            ParseError::RelativeUrlWithoutBase,
            "relative URL without a base",
        ),
        (
            ParseError::RelativeUrlWithCannotBeABaseBase,
            "relative URL with a cannot-be-a-base base",
        ),
        (
            ParseError::SetHostOnCannotBeABaseUrl,
            "a cannot-be-a-base URL doesn\u{2019}t have a host to set",
        ),
        (
            ParseError::Overflow,
            "URLs more than 4 GB are not supported",
        ),
    ];
    for (i, (error, message)) in cases.iter().enumerate() {
        assert_eq!(error.to_string(), *message);
        assert_eq!(*error, error.clone());
        for (other, _) in cases.iter().skip(i + 1) {
            assert_ne!(error, other);
        }
    }
    assert_eq!(format!("{:?}", ParseError::InvalidPort), "InvalidPort");
    assert_eq!(
        Url::parse("http://[::1"),
        Err(ParseError::InvalidIpv6Address)
    );
    assert_eq!(Url::parse("http://a:99999/"), Err(ParseError::InvalidPort));
    assert_eq!(
        Url::parse("http://1.2.3.4.5/"),
        Err(ParseError::InvalidIpv4Address)
    );
    assert_eq!(Url::parse("http:///"), Err(ParseError::EmptyHost));
}

fn assert_partial_eq<T: PartialEq + Eq>() {}

#[test]
fn syntax_violation_variants_and_messages() {
    assert_copy::<SyntaxViolation>();
    assert_debug::<SyntaxViolation>();
    assert_display::<SyntaxViolation>();
    assert_partial_eq::<SyntaxViolation>();
    let _: fn(&SyntaxViolation) -> &'static str = SyntaxViolation::description;
    let cases: [(SyntaxViolation, &str); 11] = [
        (SyntaxViolation::Backslash, "backslash"),
        (
            SyntaxViolation::C0SpaceIgnored,
            "leading or trailing control or space character are ignored in URLs",
        ),
        (
            SyntaxViolation::EmbeddedCredentials,
            "embedding authentication information (username or password) \
             in an URL is not recommended",
        ),
        (SyntaxViolation::ExpectedDoubleSlash, "expected //"),
        (
            SyntaxViolation::ExpectedFileDoubleSlash,
            "expected // after file:",
        ),
        (
            SyntaxViolation::FileWithHostAndWindowsDrive,
            "file: with host and Windows drive letter",
        ),
        (SyntaxViolation::NonUrlCodePoint, "non-URL code point"),
        (
            SyntaxViolation::NullInFragment,
            "NULL characters are ignored in URL fragment identifiers",
        ),
        (
            SyntaxViolation::PercentDecode,
            "expected 2 hex digits after %",
        ),
        (
            SyntaxViolation::TabOrNewlineIgnored,
            "tabs or newlines are ignored in URLs",
        ),
        (
            SyntaxViolation::UnencodedAtSign,
            "unencoded @ sign in username or password",
        ),
    ];
    for (i, (violation, message)) in cases.iter().enumerate() {
        assert_eq!(violation.description(), *message);
        assert_eq!(violation.to_string(), *message);
        for (other, _) in cases.iter().skip(i + 1) {
            assert_ne!(violation, other);
        }
    }
}

#[test]
fn parse_options() {
    assert_copy::<ParseOptions<'static>>();
    assert_clone::<ParseOptions<'static>>();
    option_signatures(&example());

    let violations = std::cell::RefCell::new(Vec::new());
    let callback = |v: SyntaxViolation| violations.borrow_mut().push(v);
    let url = Url::options()
        .syntax_violation_callback(Some(&callback))
        .parse("https:////example.com")
        .unwrap();
    assert_eq!(url.as_str(), "https://example.com/");
    assert_eq!(
        violations.into_inner(),
        [SyntaxViolation::ExpectedDoubleSlash]
    );

    let base = Url::parse("https://api.example.com/v1/").unwrap();
    let options: ParseOptions<'_> = Url::options().base_url(Some(&base));
    assert_eq!(
        options.parse("users").unwrap().as_str(),
        "https://api.example.com/v1/users"
    );
    assert_eq!(
        Url::options().base_url(None).parse("users"),
        Err(ParseError::RelativeUrlWithoutBase)
    );

    let url = Url::options()
        .encoding_override(Some(&latin1))
        .parse("https://example.com/\u{e9}?q=\u{e9}\u{3b1}#\u{e9}")
        .unwrap();
    assert_eq!(url.query(), Some("q=%E9?"));
    assert_eq!(url.path(), "/%C3%A9");
    assert_eq!(url.fragment(), Some("%C3%A9"));
}

fn option_signatures<'a>(base: &'a Url) {
    let _: fn(ParseOptions<'a>, Option<&'a Url>) -> ParseOptions<'a> = ParseOptions::base_url;
    let _: fn(ParseOptions<'a>, EncodingOverride<'a>) -> ParseOptions<'a> =
        ParseOptions::encoding_override;
    let _: fn(ParseOptions<'a>, Option<&'a dyn Fn(SyntaxViolation)>) -> ParseOptions<'a> =
        ParseOptions::syntax_violation_callback;
    let _: fn(ParseOptions<'a>, &str) -> Result<Url, ParseError> = ParseOptions::parse;
    let options: ParseOptions<'a> = Url::options().base_url(Some(base));
    assert_eq!(options.parse("#x").unwrap().fragment(), Some("x"));
}

#[test]
fn encoding_override_type() {
    fn same<'a>(e: EncodingOverride<'a>) -> Option<&'a dyn Fn(&str) -> Cow<'_, [u8]>> {
        e
    }
    fn same_in_module<'a>(e: form_urlencoded::EncodingOverride<'a>) -> EncodingOverride<'a> {
        e
    }
    let e: EncodingOverride<'_> = Some(&latin1);
    assert!(same(same_in_module(e)).is_some());
    assert!(same(None).is_none());
}

#[test]
fn host_items() {
    fn to_owned_signature<'h>() {
        let _: fn(&Host<&'h str>) -> Host<String> = Host::<&'h str>::to_owned;
    }
    to_owned_signature();
    let _: fn(&str) -> Result<Host<String>, ParseError> = Host::<String>::parse;
    let _: fn(&str) -> Result<Host<String>, ParseError> = Host::<String>::parse_opaque;
    assert_clone::<Host>();
    assert_debug::<Host>();
    assert_display::<Host>();
    assert_display::<Host<&str>>();
    assert_eq_ord_hash::<Host>();
    assert_eq_ord_hash::<Host<&str>>();
    assert_send_sync::<Host>();

    let default_param: Host = Host::Domain(String::from("example.com"));
    let domain: Host<String> = Host::parse("EXAMPLE.com").unwrap();
    assert_eq!(domain, default_param);
    assert_eq!(
        Host::parse("127.0.0.1"),
        Ok(Host::Ipv4(Ipv4Addr::LOCALHOST))
    );
    assert_eq!(Host::parse("[::1]"), Ok(Host::Ipv6(Ipv6Addr::LOCALHOST)));
    assert_eq!(Host::parse("[::1"), Err(ParseError::InvalidIpv6Address));
    assert_eq!(Host::parse(""), Err(ParseError::EmptyHost));
    assert_eq!(
        Host::parse_opaque("EX%41mple"),
        Ok(Host::Domain(String::from("EX%41mple")))
    );
    assert_eq!(
        Host::parse_opaque("[::1]"),
        Ok(Host::Ipv6(Ipv6Addr::LOCALHOST))
    );
    let borrowed: Host<&str> = Host::Domain("example.com");
    let owned: Host<String> = borrowed.to_owned();
    // `PartialEq<Host<T>> for Host<S> where S: PartialEq<T>`.
    assert!(owned == borrowed);
    assert!(borrowed == owned);
    assert_eq!(
        Host::<String>::Ipv6(Ipv6Addr::LOCALHOST).to_string(),
        "[::1]"
    );
    assert_eq!(
        Host::<&str>::Ipv4(Ipv4Addr::new(1, 2, 3, 4)).to_string(),
        "1.2.3.4"
    );
    assert_eq!(borrowed.to_string(), "example.com");
    assert!(Host::<&str>::Domain("a") < Host::Domain("b"));
}

#[test]
fn origin_items() {
    let _: fn() -> Origin = Origin::new_opaque;
    let _: fn(&Origin) -> bool = Origin::is_tuple;
    let _: fn(&Origin) -> String = Origin::ascii_serialization;
    let _: fn(&Origin) -> String = Origin::unicode_serialization;
    assert_clone::<Origin>();
    assert_debug::<Origin>();
    assert_eq_hash::<Origin>();
    assert_send_sync::<Origin>();
    assert_clone::<OpaqueOrigin>();
    assert_debug::<OpaqueOrigin>();
    assert_eq_hash::<OpaqueOrigin>();
    assert_send_sync::<OpaqueOrigin>();

    let tuple = Origin::Tuple(
        String::from("https"),
        Host::Domain(String::from("xn--bcher-kva.example")),
        443,
    );
    assert!(tuple.is_tuple());
    assert_eq!(tuple.ascii_serialization(), "https://xn--bcher-kva.example");
    assert_eq!(tuple.unicode_serialization(), "https://b\u{fc}cher.example");
    assert_eq!(
        Url::parse("https://B\u{fc}cher.example/x")
            .unwrap()
            .origin(),
        tuple
    );
    let opaque = Origin::new_opaque();
    assert!(!opaque.is_tuple());
    assert_eq!(opaque.ascii_serialization(), "null");
    assert_eq!(opaque.unicode_serialization(), "null");
    assert_eq!(opaque, opaque.clone());
    assert_ne!(opaque, Origin::new_opaque());
    match opaque {
        Origin::Opaque(inner) => {
            let inner: OpaqueOrigin = inner;
            assert_eq!(inner, inner.clone());
        }
        Origin::Tuple(scheme, host, port) => {
            let _: (String, Host<String>, u16) = (scheme, host, port);
            panic!("new_opaque gave a tuple origin");
        }
    }
}

#[test]
fn path_segments_mut_items() {
    fn signatures<'p>() {
        let _: for<'r> fn(&'r mut PathSegmentsMut<'p>) -> &'r mut PathSegmentsMut<'p> =
            PathSegmentsMut::clear;
        let _: for<'r> fn(&'r mut PathSegmentsMut<'p>) -> &'r mut PathSegmentsMut<'p> =
            PathSegmentsMut::pop_if_empty;
        let _: for<'r> fn(&'r mut PathSegmentsMut<'p>) -> &'r mut PathSegmentsMut<'p> =
            PathSegmentsMut::pop;
        let _: for<'r, 's> fn(&'r mut PathSegmentsMut<'p>, &'s str) -> &'r mut PathSegmentsMut<'p> =
            PathSegmentsMut::push;
        let _: for<'r> fn(&'r mut PathSegmentsMut<'p>, Vec<String>) -> &'r mut PathSegmentsMut<'p> =
            PathSegmentsMut::extend::<Vec<String>>;
    }
    signatures();
    assert_debug::<PathSegmentsMut<'static>>();

    let mut url = Url::parse("https://github.com/rust-lang/rust/issues?x=1#f").unwrap();
    {
        let mut segments: PathSegmentsMut<'_> = url.path_segments_mut().unwrap();
        let same: &mut PathSegmentsMut<'_> = segments.pop().push("pulls");
        same.extend(["a b", "c/d"]);
        same.extend(vec![String::from("e")]);
    }
    assert_eq!(
        url.as_str(),
        "https://github.com/rust-lang/rust/pulls/a%20b/c%2Fd/e?x=1#f"
    );
    url.path_segments_mut()
        .unwrap()
        .clear()
        .push("")
        .pop_if_empty()
        .push("x");
    assert_eq!(url.as_str(), "https://github.com/x?x=1#f");
}

#[test]
fn url_query_items() {
    fn target<'a, T: form_urlencoded::Target<Finished = &'a mut Url>>() {}
    target::<UrlQuery<'static>>();
    assert_debug::<UrlQuery<'static>>();

    let mut url = Url::parse("https://example.net?lang=fr#nav").unwrap();
    url.query_pairs_mut()
        .append_pair("foo", "bar & baz")
        .append_key_only("flag");
    assert_eq!(
        url.as_str(),
        "https://example.net/?lang=fr&foo=bar+%26+baz&flag#nav"
    );
    url.query_pairs_mut().clear();
    assert_eq!(url.as_str(), "https://example.net/?#nav");
}

struct Collect(String);

impl form_urlencoded::Target for Collect {
    fn as_mut_string(&mut self) -> &mut String {
        &mut self.0
    }
    fn finish(self) -> String {
        self.0
    }
    type Finished = String;
}

#[test]
fn form_urlencoded_module() {
    let _: fn(&[u8]) -> form_urlencoded::Parse<'_> = form_urlencoded::parse;
    fn into_owned_signature<'a>() {
        let _: fn(form_urlencoded::Parse<'a>) -> form_urlencoded::ParseIntoOwned<'a> =
            form_urlencoded::Parse::into_owned;
    }
    into_owned_signature();
    let _: fn(&[u8]) -> form_urlencoded::ByteSerialize<'_> = form_urlencoded::byte_serialize;
    assert_copy::<form_urlencoded::Parse<'static>>();
    assert_iterator::<form_urlencoded::Parse<'static>, (Cow<'static, str>, Cow<'static, str>)>();
    assert_iterator::<form_urlencoded::ParseIntoOwned<'static>, (String, String)>();
    assert_iterator::<form_urlencoded::ByteSerialize<'static>, &'static str>();
    assert_debug::<form_urlencoded::ByteSerialize<'static>>();
    fn string_target<T: form_urlencoded::Target<Finished = String>>() {}
    fn string_ref_target<'a, T: form_urlencoded::Target<Finished = &'a mut String>>() {}
    string_target::<String>();
    string_ref_target::<&mut String>();
    serializer_signatures::<String>();

    let pairs: Vec<(Cow<'_, str>, Cow<'_, str>)> =
        form_urlencoded::parse(b"a=1&b=%C3%A9+x&&c").collect();
    assert_eq!(
        pairs,
        [
            (Cow::from("a"), Cow::from("1")),
            (Cow::from("b"), Cow::from("\u{e9} x")),
            (Cow::from("c"), Cow::from("")),
        ]
    );
    let owned: Vec<(String, String)> = form_urlencoded::parse(b"k=v").into_owned().collect();
    assert_eq!(owned, [(String::from("k"), String::from("v"))]);
    let serialized: String = form_urlencoded::byte_serialize("a b&\u{e9}*~".as_bytes()).collect();
    assert_eq!(serialized, "a+b%26%C3%A9*%7E");

    let encoded: String = form_urlencoded::Serializer::new(String::new())
        .append_pair("foo", "bar & baz")
        .append_pair("saison", "\u{c9}t\u{e9}+hiver")
        .finish();
    assert_eq!(encoded, "foo=bar+%26+baz&saison=%C3%89t%C3%A9%2Bhiver");

    let mut buffer = String::from("prefix?");
    {
        let mut serializer: form_urlencoded::Serializer<'_, &mut String> =
            form_urlencoded::Serializer::for_suffix(&mut buffer, "prefix?".len());
        serializer
            .append_pair("a", "1")
            .clear()
            .append_key_only("k")
            .extend_pairs([("x", "y")])
            .extend_pairs(&[(String::from("s"), String::from("t"))])
            .extend_keys_only::<[&str; 1], &str>(["only"])
            .extend_keys_only::<Vec<String>, String>(vec![String::from("also")]);
        let finished: &mut String = serializer.finish();
        finished.push('!');
    }
    assert_eq!(buffer, "prefix?k&x=y&s=t&only&also!");

    let custom: String = form_urlencoded::Serializer::new(Collect(String::new()))
        .encoding_override(Some(&latin1))
        .append_pair("\u{e9}", "b c")
        .finish();
    assert_eq!(custom, "%E9=b+c");
}

fn serializer_signatures<T: form_urlencoded::Target>() {
    type S<'a, T> = form_urlencoded::Serializer<'a, T>;
    let _: fn(T) -> S<'static, T> = S::new;
    let _: fn(T, usize) -> S<'static, T> = S::for_suffix;
    let _: for<'r> fn(&'r mut S<'static, T>) -> &'r mut S<'static, T> = S::clear;
    let _: for<'r> fn(&'r mut S<'static, T>, EncodingOverride<'static>) -> &'r mut S<'static, T> =
        S::encoding_override;
    let _: for<'r> fn(&'r mut S<'static, T>, &str, &str) -> &'r mut S<'static, T> = S::append_pair;
    let _: for<'r> fn(&'r mut S<'static, T>, &str) -> &'r mut S<'static, T> = S::append_key_only;
    let _: for<'r> fn(&'r mut S<'static, T>, Vec<(String, String)>) -> &'r mut S<'static, T> =
        S::extend_pairs::<Vec<(String, String)>, String, String>;
    let _: for<'r> fn(&'r mut S<'static, T>, Vec<String>) -> &'r mut S<'static, T> =
        S::extend_keys_only::<Vec<String>, String>;
    let _: fn(&mut S<'static, T>) -> T::Finished = S::finish;
    let _: fn(&mut T) -> &mut String = T::as_mut_string;
    let _: fn(T) -> T::Finished = <T as form_urlencoded::Target>::finish;
}

#[test]
fn quirks_module() {
    use url::quirks;
    let _: fn(&str) -> String = quirks::domain_to_ascii;
    let _: fn(&str) -> String = quirks::domain_to_unicode;
    let _: fn(&Url) -> &str = quirks::href;
    let _: fn(&mut Url, &str) -> Result<(), ParseError> = quirks::set_href;
    let _: fn(&Url) -> String = quirks::origin;
    let _: fn(&Url) -> &str = quirks::protocol;
    let _: fn(&mut Url, &str) -> Result<(), ()> = quirks::set_protocol;
    let _: fn(&Url) -> &str = quirks::username;
    let _: fn(&mut Url, &str) -> Result<(), ()> = quirks::set_username;
    let _: fn(&Url) -> &str = quirks::password;
    let _: fn(&mut Url, &str) -> Result<(), ()> = quirks::set_password;
    let _: fn(&Url) -> &str = quirks::host;
    let _: fn(&mut Url, &str) -> Result<(), ()> = quirks::set_host;
    let _: fn(&Url) -> &str = quirks::hostname;
    let _: fn(&mut Url, &str) -> Result<(), ()> = quirks::set_hostname;
    let _: fn(&Url) -> &str = quirks::port;
    let _: fn(&mut Url, &str) -> Result<(), ()> = quirks::set_port;
    let _: fn(&Url) -> &str = quirks::pathname;
    let _: fn(&mut Url, &str) = quirks::set_pathname;
    let _: fn(&Url) -> &str = quirks::search;
    let _: fn(&mut Url, &str) = quirks::set_search;
    let _: fn(&Url) -> &str = quirks::hash;
    let _: fn(&mut Url, &str) = quirks::set_hash;

    assert_eq!(
        quirks::domain_to_ascii("B\u{fc}cher.example"),
        "xn--bcher-kva.example"
    );
    assert_eq!(
        quirks::domain_to_unicode("xn--bcher-kva.example"),
        "b\u{fc}cher.example"
    );
    assert_eq!(quirks::domain_to_ascii("[::1"), "");
    let mut url = example();
    assert_eq!(
        quirks::href(&url),
        "https://user:pass@example.com:8080/a/b?q=1#frag"
    );
    assert_eq!(quirks::origin(&url), "https://example.com:8080");
    assert_eq!(quirks::protocol(&url), "https:");
    assert_eq!(quirks::username(&url), "user");
    assert_eq!(quirks::password(&url), "pass");
    assert_eq!(quirks::host(&url), "example.com:8080");
    assert_eq!(quirks::hostname(&url), "example.com");
    assert_eq!(quirks::port(&url), "8080");
    assert_eq!(quirks::pathname(&url), "/a/b");
    assert_eq!(quirks::search(&url), "?q=1");
    assert_eq!(quirks::hash(&url), "#frag");
    assert_eq!(quirks::set_protocol(&mut url, "http:"), Ok(()));
    assert_eq!(quirks::set_username(&mut url, "u"), Ok(()));
    assert_eq!(quirks::set_password(&mut url, ""), Ok(()));
    assert_eq!(quirks::set_host(&mut url, "example.org:81"), Ok(()));
    assert_eq!(quirks::set_hostname(&mut url, "example.net"), Ok(()));
    assert_eq!(quirks::set_port(&mut url, "82"), Ok(()));
    quirks::set_pathname(&mut url, "p");
    quirks::set_search(&mut url, "s");
    quirks::set_hash(&mut url, "h");
    assert_eq!(url.as_str(), "http://u@example.net:82/p?s#h");
    assert_eq!(
        quirks::set_href(&mut url, "/relative"),
        Err(ParseError::RelativeUrlWithoutBase)
    );
    assert_eq!(quirks::set_href(&mut url, "https://x.example/"), Ok(()));
    assert_eq!(url.as_str(), "https://x.example/");
}

#[cfg(feature = "expose_internals")]
#[test]
fn quirks_internal_components() {
    use url::quirks::{internal_components, InternalComponents};
    let _: fn(&Url) -> InternalComponents = internal_components;
    assert_copy::<InternalComponents>();
    let url = example();
    // A pattern without `..`: a field added, removed or retyped fails to compile.
    let InternalComponents {
        scheme_end,
        username_end,
        host_start,
        host_end,
        port,
        path_start,
        query_start,
        fragment_start,
    } = internal_components(&url);
    let offsets: [u32; 5] = [scheme_end, username_end, host_start, host_end, path_start];
    let port: Option<u16> = port;
    let query_start: Option<u32> = query_start;
    let fragment_start: Option<u32> = fragment_start;
    let href = "https://user:pass@example.com:8080/a/b?q=1#frag";
    assert_eq!(
        offsets,
        [
            "https".len(),
            "https://user".len(),
            "https://user:pass@".len(),
            "https://user:pass@example.com".len(),
            "https://user:pass@example.com:8080".len(),
        ]
        .map(|n| u32::try_from(n).unwrap())
    );
    assert_eq!(port, Some(8080));
    assert_eq!(
        query_start,
        Some(u32::try_from(href.find('?').unwrap()).unwrap())
    );
    assert_eq!(
        fragment_start,
        Some(u32::try_from(href.find('#').unwrap()).unwrap())
    );
}

#[cfg(feature = "std")]
#[test]
fn file_paths() {
    let _: fn(std::path::PathBuf) -> Result<Url, ()> = Url::from_file_path::<std::path::PathBuf>;
    let _: fn(String) -> Result<Url, ()> = Url::from_directory_path::<String>;
    let _: fn(&Url) -> Result<std::path::PathBuf, ()> = Url::to_file_path;
    if cfg!(unix) {
        let url = Url::from_file_path("/tmp/a b").unwrap();
        assert_eq!(url.as_str(), "file:///tmp/a%20b");
        assert_eq!(url.to_file_path(), Ok(std::path::PathBuf::from("/tmp/a b")));
        let dir = Url::from_directory_path(std::path::Path::new("/tmp/d")).unwrap();
        assert_eq!(dir.as_str(), "file:///tmp/d/");
        assert_eq!(Url::from_file_path("relative"), Err(()));
        assert_eq!(Url::parse("https://x/").unwrap().to_file_path(), Err(()));
    }
}

#[cfg(feature = "serde")]
#[test]
fn serde_items() {
    let _ = serde_json::to_string::<Url>;
    let _ = serde_json::from_str::<Url>;
    let _ = serde_json::to_string::<Host>;
    let _ = serde_json::from_str::<Host>;
    let _ = serde_json::to_string::<Host<&str>>;
    let url = example();
    let json = serde_json::to_string(&url).unwrap();
    assert_eq!(json, "\"https://user:pass@example.com:8080/a/b?q=1#frag\"");
    assert_eq!(serde_json::from_str::<Url>(&json).unwrap(), url);
    assert!(serde_json::from_str::<Url>("\"/relative\"").is_err());

    let mut internal = Vec::new();
    let written: Result<(), serde_json::Error> =
        url.serialize_internal(&mut serde_json::Serializer::new(&mut internal));
    written.unwrap();
    let read: Result<Url, serde_json::Error> =
        Url::deserialize_internal(&mut serde_json::Deserializer::from_slice(&internal));
    assert_eq!(read.unwrap(), url);

    let host: Host = Host::Ipv4(Ipv4Addr::LOCALHOST);
    let json = serde_json::to_string(&host).unwrap();
    assert_eq!(serde_json::from_str::<Host>(&json).unwrap(), host);
}
