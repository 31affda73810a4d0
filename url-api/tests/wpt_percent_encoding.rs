//! Every case of every encoding of WPT's `percent-encoding.json`, through
//! [`Url::parse_with_encoding`] (feature `encoding`).
//!
//! How WPT runs these (url/percent-encoding.window.js): for each case and each encoding of its
//! `output`, it loads a document in that encoding holding
//! `<a href="https://doesnotmatter.invalid/?INPUT#INPUT">`, then checks that the link's
//! `search` is `?` + the expected output of that encoding (the query of a special URL is
//! encoded with the document's encoding, spec 4.4 query state) and that its `hash` is `#` +
//! the `utf-8` output (a fragment is always UTF-8). Parsing the href with the document's
//! encoding is exactly [`Url::parse_with_encoding`] with the encoding of that label.
#![cfg(feature = "encoding")]

use test_support::{Conformance, Value, cases, field_eq};
use whatwg_url::{EncodingRsEncoder, Url};

/// The document's URL, for the links that are references (the test page's, in WPT).
const DOCUMENT: &str = "https://document.invalid/dir/page.html";

/// `href` as a link of a document in the encoding `label` (whose URL is [`DOCUMENT`] when
/// `relative`): its query in that encoding, its fragment in UTF-8.
fn run_case(
    href: &str,
    relative: bool,
    label: &str,
    expected: &str,
    utf8: &str,
) -> Result<(), String> {
    let encoder =
        EncodingRsEncoder::for_label(label).ok_or_else(|| format!("no encoding {label:?}"))?;
    let url = if relative {
        Url::parse(DOCUMENT, None).and_then(|document| document.join_with_encoding(href, &encoder))
    } else {
        Url::parse_with_encoding(href, None, &encoder)
    }
    .map_err(|e| format!("{href:?} does not parse: {e}"))?;
    field_eq("search", format!("?{expected}").as_str(), url.search())?;
    field_eq("hash", format!("#{utf8}").as_str(), url.hash())
}

/// Every case and encoding, with the case's input in the links that `links` makes of it
/// (each an href, and whether it is a reference against [`DOCUMENT`]).
fn check_all_encodings(name: &str, links: impl Fn(&str) -> Vec<(String, bool)>) {
    let mut conformance = Conformance::new(name);
    for case in cases("percent-encoding.json") {
        let input = case.str_field("input").unwrap_or_default();
        let outputs = case
            .get("output")
            .and_then(Value::as_object)
            .unwrap_or_default();
        let utf8 = case.get("output").and_then(|o| o.str_field("utf-8"));
        if outputs.is_empty() || utf8.is_none() {
            conformance.check(
                &format!("input {input:?}"),
                Err(format!("case without outputs or utf-8 output: {case:?}")),
            );
            continue;
        }
        for (href, relative) in links(input) {
            for (label, expected) in outputs {
                let name = format!("{href:?} with encoding {label}");
                let result = match (expected.as_str(), utf8) {
                    (Some(expected), Some(utf8)) => {
                        run_case(&href, relative, label, expected, utf8)
                    }
                    _ => Err(format!("output for {label} is not a string")),
                };
                conformance.check(&name, result);
            }
        }
    }
    conformance.finish();
}

#[test]
fn wpt_percent_encoding_all_encodings() {
    check_all_encodings("percent-encoding.json (all encodings)", |input| {
        vec![(
            format!("https://doesnotmatter.invalid/?{input}#{input}"),
            false,
        )]
    });
}

/// The same links written as references, resolved against the document's URL: the query
/// state encodes the same way whichever state reached it. A scheme-relative reference is
/// parsed as the absolute URL of the base's scheme (the special authority ignore slashes
/// state), which must keep the document's encoding too.
#[test]
fn wpt_percent_encoding_all_encodings_in_references() {
    check_all_encodings(
        "percent-encoding.json (all encodings, references)",
        |input| {
            [
                format!("//doesnotmatter.invalid/?{input}#{input}"),
                format!("/path?{input}#{input}"),
                format!("other?{input}#{input}"),
                format!("?{input}#{input}"),
            ]
            .into_iter()
            .map(|href| (href, true))
            .collect()
        },
    );
}
