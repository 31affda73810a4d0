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
use percent::AsciiSet;

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
    if !host::valid::is_url_units(input, &AsciiSet::EMPTY) {
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
