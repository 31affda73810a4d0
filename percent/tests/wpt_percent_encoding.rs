//! The `utf-8` column of WPT's `percent-encoding.json`, every case.
//!
//! How WPT runs these (url/percent-encoding.window.js): for each case it loads a document in
//! the given encoding holding `<a href="https://doesnotmatter.invalid/?INPUT#INPUT">`, then
//! checks that the link's `search` is `?` + the expected output of that encoding, and that
//! its `hash` is `#` + the `utf-8` output (a fragment is always UTF-8). For the `utf-8`
//! column both checks apply, and we model what the URL parser does with that href:
//!
//! - the parser removes every ASCII tab or newline from the input (4.4, basic URL parser);
//! - the query state runs up to the first `#` and, the URL being special (`https`), encodes
//!   with the special-query percent-encode set (4.4 query state);
//! - the fragment state takes everything after that `#` and encodes it with the fragment
//!   percent-encode set (4.4 fragment state).
//!
//! The leading/trailing C0-control-or-space trimming does not reach INPUT, which sits in the
//! middle of the href (the fixture's trailing `A` on a control character is for that reason).

use percent::{FRAGMENT, SPECIAL_QUERY, Utf8, classes::is_ascii_tab_or_newline};
use test_support::{Conformance, cases, field_eq};

/// What `search` and `hash` are for `https://doesnotmatter.invalid/?INPUT#INPUT`.
fn search_and_hash(input: &str) -> (String, String) {
    let href_tail: String = format!("{input}#{input}")
        .chars()
        .filter(|&c| !u8::try_from(c).is_ok_and(is_ascii_tab_or_newline))
        .collect();
    let (query, fragment) = href_tail.split_once('#').unwrap_or((&href_tail, ""));
    let mut search = String::from("?");
    percent::percent_encode_after_encoding(&Utf8, query, SPECIAL_QUERY, false, &mut search);
    let mut hash = String::from("#");
    percent::percent_encode_after_encoding(&Utf8, fragment, FRAGMENT, false, &mut hash);
    (search, hash)
}

#[test]
fn wpt_percent_encoding_utf8() {
    let mut conformance = Conformance::new("percent-encoding.json (utf-8)");
    for case in cases("percent-encoding.json") {
        let Some(input) = case.str_field("input") else {
            conformance.check("case without input", Err(format!("{case:?}")));
            continue;
        };
        let name = format!("input {input:?}");
        let Some(expected) = case.get("output").and_then(|o| o.str_field("utf-8")) else {
            conformance.check(&name, Err("case has no utf-8 output".to_owned()));
            continue;
        };
        let (search, hash) = search_and_hash(input);
        let result = field_eq("search", &format!("?{expected}"), &search)
            .and_then(|()| field_eq("hash", &format!("#{expected}"), &hash));
        conformance.check(&name, result);
    }
    conformance.finish();
}
