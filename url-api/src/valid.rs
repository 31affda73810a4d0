//! URL writing (spec 4.3, July 2026 edition): whether a string is a *valid URL string*,
//! checked against the writing grammar itself, independently of the URL parser.
//!
//! The standard intends a valid URL string to be exactly an input on which the URL parser
//! reports no validation error and does not fail. This checker is written from the grammar,
//! so it can be compared with the parser ([`Url::parse_with_validation`]); the places where
//! the two still differ by the standard's own text are listed in `VALIDITY-DISAGREEMENTS.md`.
//!
//! Only the base URL's record is used, as the grammar says: its scheme (which picks the
//! scheme-relative form of a relative-URL string) and whether it has an opaque path.
//!
//! ```
//! use whatwg_url::is_valid_url_string;
//!
//! assert!(is_valid_url_string("https://example.com/././foo", None));
//! assert!(is_valid_url_string("hello:world", Some("https://example.com/")));
//! assert!(is_valid_url_string("example", Some("https://example.com/demo")));
//! assert!(!is_valid_url_string("https:example.org", None));
//! assert!(!is_valid_url_string("https://user:password@example.org/", None));
//! assert!(!is_valid_url_string("https://example.org/foo bar", None));
//! assert!(!is_valid_url_string("example", None)); // relative, and no base
//! assert!(!is_valid_url_string("https://example/%?%#%", None));
//! ```

use host::valid::{is_url_units, is_valid_host_string, is_valid_opaque_host_string};
use percent::AsciiSet;
use url_core::SchemeType;

use crate::Url;

/// Code points a URL-query string or URL-fragment string excludes: none.
const NOTHING: &AsciiSet = &AsciiSet::EMPTY;

/// Code points a path string excludes besides its `/` separators: `?` (spec 4.3, URL-path-segment
/// string and opaque-path-URL string).
const PATH_EXCLUDED: &AsciiSet = &AsciiSet::from_bytes(b"?");

/// Whether `input` is a valid URL string (spec 4.3) given the base URL `base` (a string, parsed
/// by the URL parser first, as `new URL(input, base)` does).
///
/// A valid URL string is a relative-URL-with-fragment string (only with a base) or an
/// absolute-URL-with-fragment string. If `base` is given but does not parse, the answer is
/// `false`: there is no base URL to resolve against, and [`Url::parse`] fails.
///
/// ```
/// use whatwg_url::is_valid_url_string;
///
/// assert!(is_valid_url_string("..", Some("file:///C:/demo")));
/// assert!(is_valid_url_string("#top", Some("mailto:someone@example.org")));
/// assert!(!is_valid_url_string("?q", Some("mailto:someone@example.org")));
/// assert!(!is_valid_url_string("https://example.org/", Some("not a URL")));
/// ```
pub fn is_valid_url_string(input: &str, base: Option<&str>) -> bool {
    Url::with_base(
        base,
        |base| is_valid_url_string_against(input, base),
        |_| false,
    )
}

/// Whether `input` is a valid URL string (spec 4.3) given an already parsed base URL (or
/// none): a relative-URL-with-fragment string (only with a base) or an
/// absolute-URL-with-fragment string.
///
/// ```
/// use whatwg_url::{is_valid_url_string_against, Url};
///
/// let base = Url::parse("https://example.com/a/b", None)?;
/// assert!(is_valid_url_string_against("../c?x#y", Some(&base)));
/// assert!(is_valid_url_string_against("//cdn.example/x.js", Some(&base)));
/// assert!(!is_valid_url_string_against("\\example\\..\\demo/.\\", Some(&base)));
/// # Ok::<(), whatwg_url::ParseError>(())
/// ```
pub fn is_valid_url_string_against(input: &str, base: Option<&Url>) -> bool {
    is_absolute_url_with_fragment_string(input)
        || base.is_some_and(|base| is_relative_url_with_fragment_string(input, base))
}

/// An absolute-URL-with-fragment string: an absolute-URL string, optionally followed by `#`
/// and a URL-fragment string. No other part of a valid URL string contains `#` (it is not a
/// URL code point), so the first `#` starts the fragment.
fn is_absolute_url_with_fragment_string(input: &str) -> bool {
    let (before_fragment, fragment) = split_off(input, '#');
    fragment.is_none_or(is_url_fragment_string) && is_absolute_url_string(before_fragment)
}

/// An absolute-URL string: a URL-scheme string and `:`, then by the scheme
///
/// - a special scheme other than `file`: a scheme-relative-special-URL string;
/// - not a special scheme: a scheme-relative-URL string, a path-absolute-non-authority-URL
///   string or an opaque-path-URL string;
/// - `file`: a scheme-relative-file-URL string;
///
/// any optionally followed by `?` and a URL-query string. Before the query no part contains
/// `?`, so the first `?` starts it.
fn is_absolute_url_string(input: &str) -> bool {
    let (before_query, query) = split_off(input, '?');
    if !query.is_none_or(is_url_query_string) {
        return false;
    }
    let Some((scheme, rest)) = split_off_scheme(before_query) else {
        return false;
    };
    match scheme {
        SchemeType::File => is_scheme_relative_file_url_string(rest),
        SchemeType::NotSpecial => {
            is_scheme_relative_url_string(rest)
                || is_path_absolute_non_authority_url_string(rest)
                || is_opaque_path_url_string(rest)
        }
        _ => is_scheme_relative_special_url_string(rest),
    }
}

/// A relative-URL-with-fragment string: `#` and a URL-fragment string if the base URL has an
/// opaque path; otherwise a relative-URL string, optionally followed by `#` and a
/// URL-fragment string.
fn is_relative_url_with_fragment_string(input: &str, base: &Url) -> bool {
    if base.has_opaque_path() {
        return input.strip_prefix('#').is_some_and(is_url_fragment_string);
    }
    let (before_fragment, fragment) = split_off(input, '#');
    fragment.is_none_or(is_url_fragment_string)
        && is_relative_url_string(before_fragment, base.scheme_type())
}

/// A relative-URL string (July 2026): a path-absolute-non-authority-URL string, a
/// path-relative-scheme-less-URL string, or, switching on the base URL's scheme, a
/// scheme-relative-special-URL string (a special scheme other than `file`), a
/// scheme-relative-file-URL string (`file`) or a scheme-relative-URL string (otherwise); any
/// optionally followed by `?` and a URL-query string.
fn is_relative_url_string(input: &str, base_scheme: SchemeType) -> bool {
    let (before_query, query) = split_off(input, '?');
    if !query.is_none_or(is_url_query_string) {
        return false;
    }
    is_path_absolute_non_authority_url_string(before_query)
        || is_path_relative_scheme_less_url_string(before_query)
        || match base_scheme {
            SchemeType::File => is_scheme_relative_file_url_string(before_query),
            SchemeType::NotSpecial => is_scheme_relative_url_string(before_query),
            _ => is_scheme_relative_special_url_string(before_query),
        }
}

/// A scheme-relative-special-URL string: `//`, a valid host string, optionally `:` and a
/// URL-port string, optionally a path-absolute-URL string. A valid host string contains no
/// `/`, so the authority ends at the first `/`.
fn is_scheme_relative_special_url_string(input: &str) -> bool {
    let Some((authority, path)) = split_off_authority(input) else {
        return false;
    };
    let Some((host, port)) = split_host_and_port(authority) else {
        return false;
    };
    is_valid_host_string(host)
        && port.is_none_or(is_url_port_string)
        && path.is_none_or(is_path_absolute_url_string)
}

/// A scheme-relative-URL string: `//`, an opaque-host-and-port string, optionally a
/// path-absolute-URL string.
fn is_scheme_relative_url_string(input: &str) -> bool {
    let Some((authority, path)) = split_off_authority(input) else {
        return false;
    };
    is_opaque_host_and_port_string(authority) && path.is_none_or(is_path_absolute_url_string)
}

/// An opaque-host-and-port string: the empty string, or a valid opaque-host string optionally
/// followed by `:` and a URL-port string.
fn is_opaque_host_and_port_string(input: &str) -> bool {
    if input.is_empty() {
        return true;
    }
    split_host_and_port(input).is_some_and(|(host, port)| {
        is_valid_opaque_host_string(host) && port.is_none_or(is_url_port_string)
    })
}

/// A scheme-relative-file-URL string (July 2026): `//`, optionally followed by a valid host
/// string optionally followed by a path-absolute-URL string, or by a path-absolute-URL string.
fn is_scheme_relative_file_url_string(input: &str) -> bool {
    let Some(rest) = input.strip_prefix("//") else {
        return false;
    };
    if rest.is_empty() || rest.starts_with('/') {
        return is_path_absolute_url_string(rest) || rest.is_empty();
    }
    let (host, path) = match rest.find('/') {
        Some(slash) => (rest.get(..slash), rest.get(slash..)),
        None => (Some(rest), None),
    };
    host.is_some_and(is_valid_host_string) && path.is_none_or(is_path_absolute_url_string)
}

/// A URL-port string: the empty string, or one or more ASCII digits for a decimal number that
/// is a 16-bit unsigned integer (leading zeros allowed).
fn is_url_port_string(input: &str) -> bool {
    let mut value = 0u32;
    for digit in input.bytes() {
        if !digit.is_ascii_digit() {
            return false;
        }
        value = value * 10 + u32::from(digit - b'0');
        if value > u32::from(u16::MAX) {
            return false;
        }
    }
    true
}

/// A path-absolute-URL string: `/` followed by zero or more URL-path-segment strings separated
/// by `/`. A URL-path-segment string is zero or more URL units other than `/` and `?` (single-
/// and double-dot segments included), so this is `/` and URL units other than `?`.
fn is_path_absolute_url_string(input: &str) -> bool {
    input
        .strip_prefix('/')
        .is_some_and(|segments| is_url_units(segments, PATH_EXCLUDED))
}

/// A path-absolute-non-authority-URL string (July 2026): a path-absolute-URL string that does
/// not start with `//`.
fn is_path_absolute_non_authority_url_string(input: &str) -> bool {
    !input.starts_with("//") && is_path_absolute_url_string(input)
}

/// A path-relative-URL string: zero or more URL-path-segment strings separated by `/`, not
/// starting with `/`.
fn is_path_relative_url_string(input: &str) -> bool {
    !input.starts_with('/') && is_url_units(input, PATH_EXCLUDED)
}

/// A path-relative-scheme-less-URL string: a path-relative-URL string that does not start with
/// a URL-scheme string followed by `:`.
fn is_path_relative_scheme_less_url_string(input: &str) -> bool {
    is_path_relative_url_string(input) && split_off_scheme(input).is_none()
}

/// An opaque-path-URL string (July 2026): zero or more URL units other than `?`, the first of
/// which (if any) is not `/`.
fn is_opaque_path_url_string(input: &str) -> bool {
    !input.starts_with('/') && is_url_units(input, PATH_EXCLUDED)
}

/// A URL-query string: zero or more URL units.
fn is_url_query_string(input: &str) -> bool {
    is_url_units(input, NOTHING)
}

/// A URL-fragment string: zero or more URL units.
fn is_url_fragment_string(input: &str) -> bool {
    is_url_units(input, NOTHING)
}

/// `input` up to the first `separator`, and what follows it (`None` without one).
fn split_off(input: &str, separator: char) -> (&str, Option<&str>) {
    match input.split_once(separator) {
        Some((before, after)) => (before, Some(after)),
        None => (input, None),
    }
}

/// If `input` starts with a URL-scheme string (an ASCII alpha, then ASCII alphanumerics, `+`,
/// `-` and `.`) followed by `:`, the scheme's type and what follows the `:`.
fn split_off_scheme(input: &str) -> Option<(SchemeType, &str)> {
    let bytes = input.as_bytes();
    if !bytes.first()?.is_ascii_alphabetic() {
        return None;
    }
    let end = bytes
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))?;
    if bytes.get(end) != Some(&b':') {
        return None;
    }
    let scheme = input.get(..end)?;
    let rest = input.get(end + 1..)?;
    Some((scheme_type(scheme), rest))
}

/// The type of a URL-scheme string, matched ASCII case-insensitively against the special
/// schemes (none is longer than 5 bytes).
fn scheme_type(scheme: &str) -> SchemeType {
    let mut lower = [0u8; 5];
    match lower.get_mut(..scheme.len()) {
        Some(buffer) => {
            buffer.copy_from_slice(scheme.as_bytes());
            buffer.make_ascii_lowercase();
            core::str::from_utf8(buffer).map_or(SchemeType::NotSpecial, SchemeType::from_scheme)
        }
        None => SchemeType::NotSpecial,
    }
}

/// After a leading `//`: the authority (up to the first `/`) and the path (from that `/`).
fn split_off_authority(input: &str) -> Option<(&str, Option<&str>)> {
    let rest = input.strip_prefix("//")?;
    Some(match rest.find('/') {
        Some(slash) => (rest.get(..slash)?, Some(rest.get(slash..)?)),
        None => (rest, None),
    })
}

/// An authority split into its host and optional port: a bracketed host ends at the first `]`
/// (and must be followed by nothing or `:`), any other at the first `:`. No valid host or
/// opaque-host string contains `:` outside brackets.
fn split_host_and_port(authority: &str) -> Option<(&str, Option<&str>)> {
    let host_end = if authority.starts_with('[') {
        authority.find(']')? + 1
    } else {
        authority.find(':').unwrap_or(authority.len())
    };
    let host = authority.get(..host_end)?;
    match authority.get(host_end..)? {
        "" => Some((host, None)),
        rest => Some((host, Some(rest.strip_prefix(':')?))),
    }
}
