//! The fast path for a parser that listens for validation errors: an already normal URL
//! ([`super::parse_normal`]) for which the general path would report nothing.
//!
//! The general path reports, on an input the fast path takes, only the types of
//! `GENERAL_PATH_REPORTS` (a test checks the list both ways on the WPT inputs, the datasets
//! and generated inputs: nothing else is reported there, and each of them is): a code point that is not
//! a URL unit (invalid-URL-unit: a byte outside the URL code points, such as `|`, `^` or `{` in
//! a query, or a `%` not followed by two hex digits), and strict domain to ASCII failing on the
//! host (domain-to-ASCII: `a_b.example`, a trailing dot, a label over 63 bytes). The fast path
//! has already excluded everything else that is reported (credentials, `\`, dot segments,
//! bytes to encode, non-ASCII hosts, IPv4 addresses not in serialized form), and with its
//! `UNITS` parameter (`recognize::<true>`) its own scans exclude those two as well: the path,
//! query and fragment scans stop at what is not a URL unit, the host scan at what is not an
//! ASCII letter, digit, hyphen or dot, and the labels are then checked as strict domain to
//! ASCII would (`host::strict_ldh_domain`). This is done for the special
//! schemes; other URLs take the general path. `file` URLs have reports of their
//! own, none of which an input the fast path takes can meet: the file host state's Windows
//! drive letter host and "localhost", and the path state's Windows drive letter quirk, are left
//! to the general path by the fast path already (`special` in `fast/mod.rs`); the file slash
//! state's base-dependent steps need a single slash, which is not normal; a file URL's empty
//! host reports nothing. The parse fuzz target and `tests/fast_path.rs` compare records and the
//! reported errors with the general path.
//!
//! Measured and dropped: where the quiet fast path gives up, the non-listening fast path's
//! record with the reports sent from here (the host parser's, through the same reporting call
//! as the host state's, and the invalid-URL-unit checks over the path, query and fragment).
//! Instructions a URL (callgrind, `url-profile ours validation`) on kasztp's URLs with
//! validation errors: a domain-to-ASCII host such as `a_b.example` 2,527 to 1,909, the other
//! URLs the fast path takes 3,049 to 2,539, but a URL with a `\` (which both fast paths leave)
//! 4,671 to 5,046 (a second scan before the general path). Such URLs are few (389 of kasztp's
//! 48,010), and each dataset as a whole moved by 0.3% at most, either way (kasztp +0.08%,
//! crate_urls +0.28%, isaacs_files -0.25%).
//! Also dropped, the same for the host alone (a second scan that goes on past what strict
//! domain to ASCII refuses, then the host parser's reports): 2,527 to 1,562 on those kasztp
//! URLs and kasztp 0.3% fewer as a whole, but isaacs_files, which has no such URL, 0.7% more
//! (its tail pass compiled otherwise).

use super::{build, recognize};
use crate::url::UrlRecord;
use alloc::string::String;

/// The validation error types the general path can report on an input the (non-listening)
/// fast path takes: what the quiet fast path's own checks must exclude. `tests/fast_path.rs`
/// checks it against the general path; a new validation error type the fast path can meet
/// shows up there as reported but missing from this list.
#[cfg(feature = "testing")]
pub const GENERAL_PATH_REPORTS: [host::ValidationError; 2] = [
    host::ValidationError::InvalidUrlUnit,
    host::ValidationError::DomainToAscii,
];

/// [`super::parse_normal`], when the general path would report no validation error for
/// `input`.
// `#[inline]`: only `UrlRecord::parse_with` with a listening sink calls it, and that is
// instantiated in the crate that listens; a program that never does does not compile it.
#[inline]
pub(crate) fn parse_normal_quiet(input: &str, buffer: Option<&mut String>) -> Option<UrlRecord> {
    // Spec 4.3's URL units: only the path, query and fragment can hold a code point that is
    // not one, and the scans of `recognize::<true>` stop at them. (The scheme is ASCII
    // alphanumeric, `+`, `-` or `.`; there are no credentials; the port is digits; a domain of
    // anything but letters, digits, hyphens and dots fails strict domain to ASCII
    // (UseSTD3ASCIIRules), which that scan also checks; an IPv4 host is digits and dots.)
    // The host parser reports nothing either: `recognize::<true>` takes special URLs only,
    // whose host is a domain that passed strict domain to ASCII's checks (an `xn--` label is
    // the general path's), an IPv4 address in serialized form, or a `file:` URL's empty host
    // (`special` in `mod.rs`).
    let layout = recognize::<true>(input)?;
    build(input, layout, buffer)
}
