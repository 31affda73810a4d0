//! Target `validity`: the valid-URL-string checker (spec 4.3, July 2026) against the URL
//! parser (spec 4.4), and the valid-host-string checker (spec 3.4) against the host parser
//! (spec 3.5).
//!
//! Input: `input` or `input 0xFF base` (see [`crate::input`]). Properties:
//! - nothing panics;
//! - [`whatwg_url::is_valid_url_string`] is `true` exactly when [`Url::parse_with_validation`]
//!   succeeds and reports no validation error, except in the classes of
//!   `url-api/VALIDITY-DISAGREEMENTS.md`, recognized by [`spec_disagreement_class`];
//! - the same for [`host::valid::is_valid_host_string`] (the first chunk as a host of a special
//!   URL) and [`host::valid::is_valid_opaque_host_string`] (as a non-empty opaque host).

use host::{Host, HostKind, NoSink, ReportedError, parse_host_into};
use whatwg_url::{Url, is_valid_url_string};

use crate::input;

/// Checks one input (see the module docs).
pub fn check(data: &[u8]) {
    let (input, base) = input::input_and_base(data);
    let base = base.as_deref();

    let grammar = is_valid_url_string(&input, base);
    let (result, errors) = Url::parse_with_validation(&input, base);
    let parser = result.is_ok() && errors.is_empty();
    if grammar != parser {
        let names: Vec<&str> = errors.iter().map(ReportedError::name).collect();
        assert!(
            spec_disagreement_class(&input, base, grammar, parser).is_some(),
            "valid URL string {input:?} (base {base:?}): grammar says {grammar}, parser says \
             {parser} ({result:?}, errors {names:?}), in no class of VALIDITY-DISAGREEMENTS.md"
        );
    }

    host_strings(&input);
}

/// The valid host string and valid opaque-host string grammars against the host parser.
fn host_strings(input: &str) {
    let grammar = host::valid::is_valid_host_string(input);
    let parser = host_parser_is_clean(input, false);
    assert!(
        grammar == parser || (!grammar && is_non_ascii_ipv4_host(input)),
        "valid host string {input:?}: grammar says {grammar}, parser says {parser}"
    );
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

/// The class of `url-api/VALIDITY-DISAGREEMENTS.md` a disagreement belongs to, if any.
pub fn spec_disagreement_class(
    input: &str,
    base: Option<&str>,
    grammar: bool,
    parser: bool,
) -> Option<&'static str> {
    (!grammar && parser && is_non_ascii_ipv4_url(input, base)).then_some("non-ASCII IPv4")
}

/// Class "non-ASCII IPv4" for a host: not ASCII, and the host parser makes an IPv4 address of
/// it.
fn is_non_ascii_ipv4_host(input: &str) -> bool {
    let mut out = String::new();
    !input.is_ascii() && parse_host_into(input, false, &mut out, &mut NoSink) == Ok(HostKind::Ipv4)
}

/// Class "non-ASCII IPv4" for a URL: the host's text (after the first `//`, up to `/`, `?`,
/// `#` or `:`) is such a host, and the input with the address written in its place is valid.
fn is_non_ascii_ipv4_url(input: &str, base: Option<&str>) -> bool {
    let Some(start) = input.find("//").map(|i| i + 2) else {
        return false;
    };
    let rest = input.get(start..).unwrap_or_default();
    let end = start + rest.find(['/', '?', '#', ':']).unwrap_or(rest.len());
    let Some(host_text) = input.get(start..end) else {
        return false;
    };
    if !is_non_ascii_ipv4_host(host_text) {
        return false;
    }
    let Ok(Host::Ipv4(address)) = Host::parse(host_text) else {
        return false;
    };
    let rewritten = format!(
        "{}{address}{}",
        input.get(..start).unwrap_or_default(),
        input.get(end..).unwrap_or_default()
    );
    is_valid_url_string(&rewritten, base)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agreeing_and_classified_inputs_pass() {
        check(b"https://example.com/a?b#c");
        check(b"https://exa mple.com/");
        check(b"../x?y#z\xffhttps://example.org/a/b");
        check(b"#frag\xffmailto:x");
        check("https://１２７.０.０.１/".as_bytes());
        check("１２７.０.０.１".as_bytes());
        check(b"\xff\xfe\xff");
    }

    #[test]
    fn the_class_predicate_is_narrow() {
        let input = "https://１２７.０.０.１/";
        assert_eq!(
            spec_disagreement_class(input, None, false, true),
            Some("non-ASCII IPv4")
        );
        // Another reason to be invalid (the space): not the class.
        assert_eq!(
            spec_disagreement_class("https://１２７.０.０.１/ x", None, false, true),
            None
        );
        // The other direction is never the class.
        assert_eq!(spec_disagreement_class(input, None, true, false), None);
    }
}
