//! `TryFrom` between our `Url` and rust-url's (feature `url`): over the real-URL datasets and
//! every parsable `urltestdata.json` input, a conversion gives the same href or an error, never
//! another URL; and the two parsers agree on nearly every real URL.
#![cfg(feature = "url")]
#![allow(clippy::restriction)] // test code: unwrapping or indexing is a failed test

use whatwg_url::{InteropError, Url};

/// (converted, disagreements, rejected) over `inputs`, each conversion checked both ways.
fn convert_all<'a>(inputs: impl Iterator<Item = &'a str>) -> (usize, usize, usize) {
    let (mut converted, mut disagreements, mut rejected) = (0, 0, 0);
    for input in inputs {
        let Ok(ours) = Url::parse(input, None) else {
            continue;
        };
        match url::Url::try_from(&ours) {
            Ok(theirs) => {
                assert_eq!(theirs.as_str(), ours.href());
                assert_eq!(Url::try_from(&theirs).unwrap(), ours);
                converted += 1;
            }
            Err(InteropError::Disagreement { href, other }) => {
                assert_ne!(href, other);
                disagreements += 1;
            }
            Err(InteropError::Rejected { .. }) => rejected += 1,
            Err(e) => panic!("{e}"),
        }
    }
    (converted, disagreements, rejected)
}

#[test]
fn real_urls_convert_both_ways() {
    let lines = test_support::datasets::lines();
    let (converted, disagreements, rejected) = convert_all(lines.iter().map(String::as_str));
    eprintln!(
        "datasets: {converted} converted, {disagreements} read differently, {rejected} rejected by rust-url"
    );
    assert!(converted * 1000 >= 999 * (converted + disagreements + rejected));
}

#[test]
fn urltestdata_conversions_never_change_the_url() {
    let cases = test_support::cases("urltestdata.json");
    let inputs: Vec<&str> = cases
        .iter()
        .filter(|c| c.get("base").is_none_or(|b| b.is_null()))
        .filter_map(|c| c.str_field("input"))
        .collect();
    let (converted, disagreements, rejected) = convert_all(inputs.into_iter());
    eprintln!(
        "urltestdata: {converted} converted, {disagreements} read differently, {rejected} rejected by rust-url"
    );
    assert!(converted > 0);
}
