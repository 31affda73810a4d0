//! Target `validity`: the valid-URL-string checker (spec 4.3, July 2026) against the URL
//! parser (spec 4.4), and the valid-host-string checker (spec 3.4) against the host parser
//! (spec 3.5).
//!
//! Input: `input` or `input 0xFF base` (see [`crate::input`]). Properties:
//! - nothing panics;
//! - [`whatwg_url::is_valid_url_string`] is `true` exactly when [`Url::parse_with_validation`]
//!   succeeds and reports no validation error (`url-api/VALIDITY-DISAGREEMENTS.md`: no class of
//!   disagreement is open since `IPv4-non-ASCII-input` closed the last one);
//! - the same for [`host::valid::is_valid_host_string`] (the first chunk as a host of a special
//!   URL) and [`host::valid::is_valid_opaque_host_string`] (as a non-empty opaque host).

use host::{ReportedError, parse_host_into};
use whatwg_url::{Url, is_valid_url_string};

use crate::input;

/// Checks one input (see the module docs).
pub fn check(data: &[u8]) {
    let (input, base) = input::input_and_base(data);
    let base = base.as_deref();

    let grammar = is_valid_url_string(&input, base);
    let (result, errors) = Url::parse_with_validation(&input, base);
    let parser = result.is_ok() && errors.is_empty();
    let names: Vec<&str> = errors.iter().map(ReportedError::name).collect();
    assert_eq!(
        grammar, parser,
        "valid URL string {input:?} (base {base:?}): grammar says {grammar}, parser says \
         {parser} ({result:?}, errors {names:?})"
    );

    host_strings(&input);
}

/// The valid host string and valid opaque-host string grammars against the host parser.
fn host_strings(input: &str) {
    let grammar = host::valid::is_valid_host_string(input);
    let parser = host_parser_is_clean(input, false);
    assert_eq!(grammar, parser, "valid host string {input:?}");
    if !input.is_empty() {
        let grammar = host::valid::is_valid_opaque_host_string(input);
        let parser = host_parser_is_clean(input, true);
        assert_eq!(grammar, parser, "valid opaque-host string {input:?}");
    }
}

/// Whether the host parser accepts `input` without any validation error.
fn host_parser_is_clean(input: &str, is_opaque: bool) -> bool {
    let mut errors: Vec<ReportedError> = Vec::new();
    let mut out = String::new();
    parse_host_into(input, is_opaque, &mut out, &mut errors).is_ok() && errors.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agreeing_inputs_pass() {
        check(b"https://example.com/a?b#c");
        check(b"https://exa mple.com/");
        check(b"../x?y#z\xffhttps://example.org/a/b");
        check(b"#frag\xffmailto:x");
        // Once the non-ASCII IPv4 class; now both sides call it invalid.
        check("https://１２７.０.０.１/".as_bytes());
        check("１２７.０.０.１".as_bytes());
        check(b"\xff\xfe\xff");
    }
}
