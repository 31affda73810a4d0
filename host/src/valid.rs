//! Host writing (spec 3.4, July 2026 edition): the grammars that say which strings are
//! *valid*, as checkers written from the grammar, not from the host parser.
//!
//! The standard means a valid host string to be exactly what the host parser accepts without
//! a validation error. These checkers follow the writing grammar; where the two still differ,
//! that is a difference in the standard itself (see `url-api/VALIDITY-DISAGREEMENTS.md`).
//!
//! The one place the grammar itself calls an algorithm is the valid domain: it runs the domain
//! parser with `beStrict` true and the ends-in-a-number checker.
//!
//! ```
//! use host::valid::{is_valid_host_string, is_valid_opaque_host_string};
//!
//! assert!(is_valid_host_string("example.com"));
//! assert!(is_valid_host_string("faß.example"));
//! assert!(is_valid_host_string("192.0.2.1"));
//! assert!(is_valid_host_string("[2001:db8::1]"));
//! assert!(!is_valid_host_string("example.255")); // ends in a number
//! assert!(!is_valid_host_string("[::01]")); // IPv6 piece with a leading zero
//! assert!(!is_valid_host_string("a_b.example")); // strict UTS #46 rejects `_`
//! assert!(is_valid_opaque_host_string("a_b%20c"));
//! ```

use crate::domain::domain_to_ascii;
use crate::ipv4::ends_in_a_number;
use crate::sets::FORBIDDEN_HOST_CODE_POINTS;
use crate::validation::NoSink;
use percent::classes::is_url_code_point;
use percent::is_percent_encoded_byte;
use percent::{AsciiSet, ByteTable};

/// Whether `input` is zero or more URL units (spec 4.3) none of which is a code point in
/// `excluding`: each code point is a URL code point (spec 4.3) not in `excluding`, except that
/// `%` must start a percent-encoded byte (`%` and two ASCII hex digits), which is one URL
/// unit. An empty `input` answers `true`.
///
/// The URL-writing grammars of `url-api` build on this, so the class is defined once, here.
///
/// ```
/// use host::valid::is_url_units;
/// use percent::AsciiSet;
///
/// assert!(is_url_units("a%2Fb~ü", &AsciiSet::EMPTY));
/// assert!(!is_url_units("a%2", &AsciiSet::EMPTY)); // not a percent-encoded byte
/// assert!(!is_url_units("a b", &AsciiSet::EMPTY)); // U+0020 is not a URL code point
/// assert!(!is_url_units("a/b", &AsciiSet::from_bytes(b"/")));
/// ```
pub fn is_url_units(input: &str, excluding: &AsciiSet) -> bool {
    let bytes = input.as_bytes();
    // ASCII URL code points are skipped eight bytes at a time; the scan stops at `%`, at
    // every other ASCII byte and at every non-ASCII byte.
    let mut i = 0;
    loop {
        i = percent::scan(&NOT_ASCII_URL_CODE_POINT, bytes, i, 1);
        match bytes.get(i) {
            None => break,
            // A percent-encoded byte is one URL unit; a lone `%` is none.
            Some(b'%') if is_percent_encoded_byte(bytes, i) => i += 3,
            Some(b) if !b.is_ascii() => match input.get(i..).and_then(|rest| rest.chars().next()) {
                Some(c) if is_url_code_point(c) => i += c.len_utf8(),
                _ => return false,
            },
            Some(_) => return false,
        }
    }
    // The excluded bytes are URL code points, which the scan passed over: outside a
    // percent-encoded byte, none may appear.
    if *excluding == AsciiSet::EMPTY {
        return true;
    }
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%' {
            i += 3;
        } else if excluding.contains(b) {
            return false;
        } else {
            i += 1;
        }
    }
    true
}

/// The bytes [`is_url_units`] stops at: every byte that is not an ASCII URL code point.
static NOT_ASCII_URL_CODE_POINT: ByteTable = {
    let mut table = ByteTable::EMPTY;
    let mut b = 0u8;
    loop {
        if !(b.is_ascii() && is_url_code_point(b as char)) {
            table = table.with(b, 1);
        }
        if b == u8::MAX {
            break table;
        }
        b += 1;
    }
};

/// Whether `input` is a valid host string (spec 3.4): a valid domain string, a valid
/// IPv4-address string, or `[`, a valid IPv6-address string and `]`.
///
/// ```
/// use host::valid::is_valid_host_string;
/// assert!(is_valid_host_string("EXAMPLE.com"));
/// assert!(is_valid_host_string("[::ffff:192.0.2.1]"));
/// assert!(!is_valid_host_string("1.2.3")); // neither an IPv4-address string nor a domain
/// assert!(!is_valid_host_string(""));
/// ```
pub fn is_valid_host_string(input: &str) -> bool {
    if let Some(inside) = input
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
    {
        return is_valid_ipv6_address_string(inside);
    }
    is_valid_ipv4_address_string(input) || is_valid_domain_string(input)
}

/// Whether `input` is a valid domain (spec 3.4, July 2026 edition):
///
/// 1. Let domain be the result of running the domain parser with `input` and `beStrict` true.
/// 2. If domain is failure, return false.
/// 3. If the ends-in-a-number checker returns true for domain, return false.
/// 4. Return true.
///
/// ```
/// use host::valid::is_valid_domain;
/// assert!(is_valid_domain("example.com"));
/// assert!(is_valid_domain("xn--fa-hia.example"));
/// assert!(!is_valid_domain("example.com.")); // VerifyDnsLength: empty root label
/// assert!(!is_valid_domain("0x7f.example.0x1")); // ends in a number
/// assert!(!is_valid_domain("-lead.example")); // CheckHyphens
/// ```
pub fn is_valid_domain(input: &str) -> bool {
    // Steps 1-2.
    let Ok(domain) = domain_to_ascii(input, true, &mut NoSink) else {
        return false;
    };
    // Step 3 (July 2026). The domain parser never returns the empty string.
    !domain.is_empty() && !ends_in_a_number(&domain)
}

/// Whether `input` is a valid domain string (spec 3.4): a string that is a valid domain
/// ([`is_valid_domain`]).
pub fn is_valid_domain_string(input: &str) -> bool {
    is_valid_domain(input)
}

/// Whether `input` is a valid IPv4-address string (spec 3.4): four shortest possible strings
/// of ASCII digits, each representing a decimal number in the range 0 to 255, separated by
/// `.`.
///
/// ```
/// use host::valid::is_valid_ipv4_address_string;
/// assert!(is_valid_ipv4_address_string("0.10.255.9"));
/// assert!(!is_valid_ipv4_address_string("01.2.3.4")); // not the shortest string
/// assert!(!is_valid_ipv4_address_string("1.2.3.256"));
/// assert!(!is_valid_ipv4_address_string("1.2.3.4."));
/// assert!(!is_valid_ipv4_address_string("0x7f.0.0.1"));
/// ```
pub fn is_valid_ipv4_address_string(input: &str) -> bool {
    let mut parts = 0usize;
    for part in input.split('.') {
        parts += 1;
        if parts > 4 || !is_valid_ipv4_decimal(part.as_bytes()) {
            return false;
        }
    }
    parts == 4
}

/// The shortest possible string of ASCII digits for a number in 0 to 255: one to three
/// digits, no leading `0` unless the number is 0.
fn is_valid_ipv4_decimal(part: &[u8]) -> bool {
    match part {
        [b'0'..=b'9'] => true,
        [b'1'..=b'9', b'0'..=b'9'] => true,
        [a @ b'1'..=b'2', b @ b'0'..=b'9', c @ b'0'..=b'9'] => {
            let value = u16::from(a - b'0') * 100 + u16::from(b - b'0') * 10 + u16::from(c - b'0');
            value <= 255
        }
        _ => false,
    }
}

/// Whether `input` is a valid IPv6-address string (spec 3.4, July 2026 edition, defined inline
/// after RFC 5952 but with no leading zeros), without the brackets a host string puts around
/// it. One of:
///
/// - a valid IPv6-pieces string with effective piece length 8;
/// - a valid IPv6-pieces-and-IPv4 string with effective piece length 8;
/// - `::`, optionally preceded by a valid IPv6-pieces string, and optionally followed by a
///   valid IPv6-pieces string or a valid IPv6-pieces-and-IPv4 string, such that the effective
///   piece lengths of the preceding and following strings add up to at most 7.
///
/// A piece is a shortest possible string of ASCII hex digits for a number in 0 to 0xFFFF; an
/// embedded IPv4 address counts as two pieces.
///
/// ```
/// use host::valid::is_valid_ipv6_address_string;
/// assert!(is_valid_ipv6_address_string("2001:db8:0:0:0:0:0:1"));
/// assert!(is_valid_ipv6_address_string("::"));
/// assert!(is_valid_ipv6_address_string("1:2:3:4:5:6:7::"));
/// assert!(is_valid_ipv6_address_string("::ffff:192.0.2.1"));
/// assert!(is_valid_ipv6_address_string("::192.0.2.1"));
/// assert!(!is_valid_ipv6_address_string("::01")); // leading zero
/// assert!(!is_valid_ipv6_address_string("1:2:3:4::5:6:7:8")); // 8 pieces and `::`
/// assert!(!is_valid_ipv6_address_string("1::2::3"));
/// assert!(!is_valid_ipv6_address_string("[::1]"));
/// ```
pub fn is_valid_ipv6_address_string(input: &str) -> bool {
    match input.split_once("::") {
        Some((preceding, following)) => {
            let preceding = if preceding.is_empty() {
                Some(0)
            } else {
                ipv6_pieces_length(preceding)
            };
            let following = if following.is_empty() {
                Some(0)
            } else {
                ipv6_pieces_length(following).or_else(|| ipv6_pieces_and_ipv4_length(following))
            };
            matches!((preceding, following), (Some(p), Some(f)) if p + f <= 7)
        }
        None => {
            ipv6_pieces_length(input) == Some(8) || ipv6_pieces_and_ipv4_length(input) == Some(8)
        }
    }
}

/// The effective piece length of a valid IPv6-pieces string (one or more valid IPv6-piece
/// strings separated by `:`), or `None` if `input` is not one.
fn ipv6_pieces_length(input: &str) -> Option<usize> {
    let mut pieces = 0usize;
    for piece in input.split(':') {
        if !is_valid_ipv6_piece(piece.as_bytes()) {
            return None;
        }
        pieces += 1;
    }
    Some(pieces)
}

/// A valid IPv6-piece string: the shortest possible string of ASCII hex digits for a number in
/// 0 to 0xFFFF, so one to four hex digits and no leading `0` unless it is the only digit.
fn is_valid_ipv6_piece(piece: &[u8]) -> bool {
    (1..=4).contains(&piece.len())
        && piece.iter().all(u8::is_ascii_hexdigit)
        && (piece.len() == 1 || piece.first() != Some(&b'0'))
}

/// The effective piece length of a valid IPv6-pieces-and-IPv4 string (the number of pieces
/// plus 2), or `None` if `input` is not one: a valid IPv6-pieces string, `:` and a valid
/// IPv4-address string; or a valid IPv4-address string alone.
fn ipv6_pieces_and_ipv4_length(input: &str) -> Option<usize> {
    match input.rsplit_once(':') {
        Some((pieces, ipv4)) => {
            let pieces = ipv6_pieces_length(pieces)?;
            is_valid_ipv4_address_string(ipv4).then_some(pieces + 2)
        }
        None => is_valid_ipv4_address_string(input).then_some(2),
    }
}

/// Whether `input` is a valid opaque-host string (spec 3.4): one or more URL units excluding
/// forbidden host code points, or `[`, a valid IPv6-address string and `]`.
///
/// ```
/// use host::valid::is_valid_opaque_host_string;
/// assert!(is_valid_opaque_host_string("EXAMPLE.com"));
/// assert!(is_valid_opaque_host_string("ex%20ample"));
/// assert!(is_valid_opaque_host_string("[::1]"));
/// assert!(!is_valid_opaque_host_string("ex%2"));
/// assert!(!is_valid_opaque_host_string("a:b"));
/// assert!(!is_valid_opaque_host_string(""));
/// ```
pub fn is_valid_opaque_host_string(input: &str) -> bool {
    if let Some(inside) = input
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
    {
        return is_valid_ipv6_address_string(inside);
    }
    !input.is_empty() && is_url_units(input, FORBIDDEN_HOST_CODE_POINTS)
}
