//! The facade's items that come from other crates are those crates' items, as in rust-url
//! 2.5.8: `url::form_urlencoded` is the `form_urlencoded` crate, so the values `Url` gives
//! (`query_pairs`, `query_pairs_mut`) are the types that code written against that crate takes.
//!
//! Each identity is checked by the compiler (a value of the facade's type is passed where the
//! other crate's type is expected, with no conversion), then something real is asserted. The
//! four idioms at the end are the everyday code that does this (serde_urlencoded, reqwest).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use url::{Url, UrlQuery};

/// Compiles only when both arguments have one type.
fn same_type<T>(_: &T, _: &T) {}

#[test]
fn the_form_urlencoded_module_is_the_crate() {
    // Functions: the same items, so the same `fn` pointer types.
    let parse: fn(&[u8]) -> form_urlencoded::Parse<'_> = url::form_urlencoded::parse;
    let byte_serialize: fn(&[u8]) -> form_urlencoded::ByteSerialize<'_> =
        url::form_urlencoded::byte_serialize;

    // Types: each facade path names the crate's type.
    let ours: url::form_urlencoded::Parse<'_> = parse(b"a=1&b=%C3%A9");
    let theirs: form_urlencoded::Parse<'_> = form_urlencoded::parse(b"a=1&b=%C3%A9");
    same_type(&ours, &theirs);
    let owned: form_urlencoded::ParseIntoOwned<'_> = ours.into_owned();
    same_type(&owned, &theirs.into_owned());
    assert_eq!(
        owned.collect::<Vec<_>>(),
        [("a".into(), "1".into()), ("b".into(), "é".into())]
    );
    let encoded: url::form_urlencoded::ByteSerialize<'_> = byte_serialize(b"x y&z");
    same_type(&encoded, &form_urlencoded::byte_serialize(b""));
    assert_eq!(encoded.collect::<String>(), "x+y%26z");

    let mut serializer: form_urlencoded::Serializer<'_, String> =
        url::form_urlencoded::Serializer::new(String::new());
    assert_eq!(serializer.append_pair("q", "a b").finish(), "q=a+b");

    // A `Target` implemented against the crate is a target of `url::form_urlencoded`.
    struct Counted(String);
    impl form_urlencoded::Target for Counted {
        fn as_mut_string(&mut self) -> &mut String {
            &mut self.0
        }
        fn finish(self) -> Self::Finished {
            self.0.len()
        }
        type Finished = usize;
    }
    let length = url::form_urlencoded::Serializer::new(Counted(String::new()))
        .append_pair("k", "v")
        .finish();
    assert_eq!(length, 3);

    // `EncodingOverride` is the crate's alias, at the crate root as in rust-url.
    fn latin1(s: &str) -> Cow<'_, [u8]> {
        s.chars().map(|c| c as u8).collect()
    }
    let override_: url::EncodingOverride<'_> = Some(&latin1);
    let same: form_urlencoded::EncodingOverride<'_> = override_;
    let mut serializer = form_urlencoded::Serializer::new(String::new());
    serializer.encoding_override(same);
    assert_eq!(serializer.append_pair("n", "é").finish(), "n=%E9");
}

#[test]
fn url_gives_the_crates_types() {
    let mut url = Url::parse("https://example.com/?a=1&b=two+words").unwrap();
    let pairs: form_urlencoded::Parse<'_> = url.query_pairs();
    assert_eq!(pairs.count(), 2);
    let serializer: form_urlencoded::Serializer<'_, UrlQuery<'_>> = url.query_pairs_mut();
    drop(serializer);
    assert_eq!(url.as_str(), "https://example.com/?a=1&b=two+words");
}

#[test]
fn idna_errors_convert_as_in_rust_url() {
    // `impl From<idna::Errors> for ParseError`: the `idna` crate's own type.
    let errors: idna::Errors = idna::domain_to_ascii_strict("a\u{0}b").unwrap_err();
    let error: url::ParseError = errors.into();
    assert_eq!(error, url::ParseError::IdnaError);
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Search {
    q: String,
    page: u32,
}

/// Idiom 1, as reqwest's `RequestBuilder::query` does it: serde_urlencoded writes into the
/// serializer `query_pairs_mut` returns.
#[test]
fn serde_urlencoded_serializes_into_query_pairs_mut() {
    let mut url = Url::parse("https://example.com/search?lang=en#top").unwrap();
    {
        let mut pairs = url.query_pairs_mut();
        let serializer = serde_urlencoded::Serializer::new(&mut pairs);
        Search {
            q: "rust & url".into(),
            page: 2,
        }
        .serialize(serializer)
        .unwrap();
    }
    assert_eq!(
        url.as_str(),
        "https://example.com/search?lang=en&q=rust+%26+url&page=2#top"
    );
}

/// Idiom 2: serde_urlencoded reads the pairs `query_pairs` returns.
#[test]
fn serde_urlencoded_deserializes_query_pairs() {
    let url = Url::parse("https://example.com/search?q=caf%C3%A9&page=7").unwrap();
    let search = Search::deserialize(serde_urlencoded::Deserializer::new(url.query_pairs()));
    assert_eq!(
        search.unwrap(),
        Search {
            q: "café".into(),
            page: 7
        }
    );
}

/// Idiom 3: `form_urlencoded::Parse` named as the return type of `query_pairs`.
fn pairs_of(url: &Url) -> form_urlencoded::Parse<'_> {
    url.query_pairs()
}

#[test]
fn parse_named_as_the_return_type() {
    let url = Url::parse("https://example.com/?x=1&y=2&x=3").unwrap();
    let mut seen: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (name, value) in pairs_of(&url) {
        seen.entry(name.into_owned())
            .or_default()
            .push(value.into_owned());
    }
    assert_eq!(seen["x"], ["1", "3"]);
    assert_eq!(seen["y"], ["2"]);
}

/// Idiom 4: a `url::form_urlencoded::Serializer` passed to code that takes the crate's.
fn append_credentials(body: &mut form_urlencoded::Serializer<'_, String>) {
    body.append_pair("grant_type", "client_credentials")
        .append_pair("scope", "read write");
}

#[test]
fn the_facades_serializer_passed_to_code_that_takes_the_crates() {
    let mut body = url::form_urlencoded::Serializer::new(String::new());
    append_credentials(&mut body);
    assert_eq!(
        body.finish(),
        "grant_type=client_credentials&scope=read+write"
    );
}
