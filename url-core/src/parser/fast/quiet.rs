//! The fast path for a parser that listens for validation errors: an already normal URL
//! ([`parse_normal`]) for which the general path would report nothing.
//!
//! The general path reports, on an input the fast path takes, only: a code point that is not
//! a URL unit (invalid-URL-unit: a byte outside the URL code points, such as `|`, `^` or `{` in
//! a query, or a `%` not followed by two hex digits), and strict domain to ASCII failing on the
//! host (domain-to-ASCII: `a_b.example`, a trailing dot, a label over 63 bytes). The fast path
//! has already excluded everything else that is reported (credentials, `\`, dot segments,
//! bytes to encode, non-ASCII hosts, IPv4 addresses not in serialized form). This is checked
//! only for the special schemes but `file` (`file` URLs have their own reports); other URLs
//! take the general path. The parse fuzz target and `tests/fast_path.rs` compare records and
//! the reported errors with the general path.

use super::parse_normal;
use crate::scheme::SchemeType;
use crate::url::Url;
use host::{HostKind, ValidationError, ValidationSink};
use percent::{AsciiSet, ByteTable};

/// The bytes a scan for URL units stops at: ASCII bytes that are not URL code points, `%`
/// (a URL unit only before two hex digits) and every non-ASCII byte (checked as text).
static NOT_PLAIN_URL_UNIT: ByteTable = {
    let mut table = ByteTable::EMPTY;
    let mut b = 0u8;
    loop {
        let url_code_point = b.is_ascii_alphanumeric()
            || matches!(
                b,
                b'!' | b'$'
                    | b'&'
                    | b'\''
                    | b'('
                    | b')'
                    | b'*'
                    | b'+'
                    | b','
                    | b'-'
                    | b'.'
                    | b'/'
                    | b':'
                    | b';'
                    | b'='
                    | b'?'
                    | b'@'
                    | b'_'
                    | b'~'
            );
        if !url_code_point {
            table = table.with(b, 1);
        }
        if b == u8::MAX {
            break table;
        }
        b += 1;
    }
};

/// Whether every code point of `input` is a URL unit (spec 4.2): `host::valid::is_url_units`,
/// eight ASCII bytes per step.
fn is_url_units(input: &str) -> bool {
    let bytes = input.as_bytes();
    let mut i = 0;
    loop {
        i = percent::scan(&NOT_PLAIN_URL_UNIT, bytes, i, 1);
        match bytes.get(i) {
            None => return true,
            Some(b'%') => {
                let hex = |k: usize| bytes.get(i + k).is_some_and(u8::is_ascii_hexdigit);
                if !(hex(1) && hex(2)) {
                    return false;
                }
                i += 3;
            }
            Some(b) if *b >= 0x80 => return host::valid::is_url_units(input, &AsciiSet::EMPTY),
            Some(_) => return false,
        }
    }
}

/// A sink that only remembers whether anything was reported.
struct Reported(bool);

impl ValidationSink for Reported {
    fn report(&mut self, _: ValidationError, _: usize) {
        self.0 = true;
    }
}

/// [`parse_normal`], when the general path would report no validation error for `input`.
pub(crate) fn parse_normal_quiet(input: &str) -> Option<Url> {
    let url = parse_normal(input)?;
    if !matches!(
        url.scheme_type,
        SchemeType::Http | SchemeType::Https | SchemeType::Ws | SchemeType::Wss | SchemeType::Ftp
    ) {
        return None;
    }
    if !is_url_units(input) {
        return None;
    }
    match url.host {
        Some(HostKind::Domain) => {
            let mut reported = Reported(false);
            host::domain_to_ascii(url.host_str()?, false, &mut reported).ok()?;
            if reported.0 {
                return None;
            }
        }
        Some(HostKind::Ipv4) => {}
        _ => return None,
    }
    Some(url)
}
