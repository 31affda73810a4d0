//! Target `host`: the host parser (spec 3.5) and its parts.
//!
//! Input: the first chunk, as text. For `isOpaque` false and true:
//! - nothing panics; the fast path (no sink) and the general path (every validation error)
//!   give the same result and the same output; on failure nothing is appended and the failure
//!   is the last error reported;
//! - round trip: the serialization parses again to the same kind and the same serialization,
//!   [`host::HostRef::from_serialized`] accepts it, and [`host::Host`]'s parser and serializer
//!   agree with [`host::parse_host_into`];
//! - a domain never ends in a number (it would have been an IPv4 address);
//! - domain to Unicode and back gives the domain again.
//!
//! Also the IPv4 and IPv6 parsers alone (serialize then parse gives the address back; the IPv4
//! serializer matches `std`'s), and the domain parser with `beStrict` true and false (a strict
//! success is also the relaxed result; on a domain that is not ASCII the relaxed result is
//! `idna`'s ToASCII with the relaxed settings and the domain parser's step 5, so the host
//! layer's shortcut of step 4 for Latin-1 domains is checked against it). Where `idna` refuses
//! a domain of more than 1,000 bytes (it refuses labels past its limits on length, which
//! UTS #46 does not have), the host layer's own UTS #46 steps decide; on every domain, those
//! steps give `idna`'s result wherever `idna` takes the domain, and fail where it refuses a
//! domain too short to have such a label.

use host::{
    Host, HostKind, HostRef, NoSink, ReportedError, domain_to_ascii, domain_to_unicode,
    ends_in_a_number, parse_host_into, parse_ipv4, parse_ipv6, serialize_ipv4_into,
    serialize_ipv6_into,
};

use crate::input;

/// Checks one input (see the module docs).
pub fn check(data: &[u8]) {
    let first = input::chunks(data).next().unwrap_or_default();
    let input = input::text(first);
    for is_opaque in [false, true] {
        if let Some((kind, serialized)) = host_parser(&input, is_opaque) {
            round_trip(kind, &serialized, is_opaque);
        }
    }
    ip_addresses(&input);
    domain_parser(&input);
    if !input.is_empty() {
        let _ = ends_in_a_number(&input);
    }
}

/// The host parser with and without a sink; the kind and serialization on success.
fn host_parser(input: &str, is_opaque: bool) -> Option<(HostKind, String)> {
    const PREFIX: &str = "prefix:";
    let mut fast_out = String::from(PREFIX);
    let fast = parse_host_into(input, is_opaque, &mut fast_out, &mut NoSink);
    let mut errors: Vec<ReportedError> = Vec::new();
    let mut general_out = String::from(PREFIX);
    let general = parse_host_into(input, is_opaque, &mut general_out, &mut errors);
    assert_eq!(
        (&fast, &fast_out),
        (&general, &general_out),
        "host parser with a sink disagrees on {input:?} (opaque: {is_opaque})"
    );
    let owned = if is_opaque {
        Host::parse_opaque(input)
    } else {
        Host::parse(input)
    };
    match general {
        Err(failure) => {
            assert_eq!(general_out, PREFIX, "failure appended output for {input:?}");
            assert_eq!(
                errors.last(),
                Some(&failure),
                "failure not last for {input:?}"
            );
            assert_eq!(owned, Err(failure), "Host::parse on {input:?}");
            None
        }
        Ok(kind) => {
            let serialized = general_out.split_off(PREFIX.len());
            let Ok(owned) = owned else {
                panic!("Host::parse fails where parse_host_into succeeds: {input:?}");
            };
            assert_eq!(owned.kind(), kind, "Host::parse kind for {input:?}");
            assert_eq!(
                owned.to_string(),
                serialized,
                "Host's Display for {input:?}"
            );
            Some((kind, serialized))
        }
    }
}

/// The host serialization parses to itself.
fn round_trip(kind: HostKind, serialized: &str, is_opaque: bool) {
    let Some(view) = HostRef::from_serialized(kind, serialized) else {
        panic!("from_serialized({kind:?}, {serialized:?}) refuses the parser's own output");
    };
    let mut again = String::new();
    view.serialize_into(&mut again);
    assert_eq!(again, serialized, "HostRef::serialize_into");
    let mut out = String::new();
    let reparsed = parse_host_into(serialized, is_opaque, &mut out, &mut NoSink);
    assert_eq!(
        (reparsed, out.as_str()),
        (Ok(kind), serialized),
        "the serialization {serialized:?} does not parse to itself (opaque: {is_opaque})"
    );
    if kind == HostKind::Domain && !is_opaque {
        assert!(
            !ends_in_a_number(serialized),
            "domain {serialized:?} ends in a number"
        );
        let unicode = domain_to_unicode(serialized);
        if unicode != serialized {
            let mut out = String::new();
            let back = parse_host_into(&unicode, false, &mut out, &mut NoSink);
            assert_eq!(
                (back, out.as_str()),
                (Ok(HostKind::Domain), serialized),
                "domain to Unicode {unicode:?} does not go back to {serialized:?}"
            );
        }
    }
}

/// The IPv4 and IPv6 parsers alone.
fn ip_addresses(input: &str) {
    if let Ok(address) = parse_ipv4(input, &mut NoSink) {
        let mut out = String::new();
        serialize_ipv4_into(address, &mut out);
        assert_eq!(out, address.to_string(), "IPv4 serializer");
        assert_eq!(parse_ipv4(&out, &mut NoSink), Ok(address), "IPv4 {out:?}");
    }
    if let Ok(address) = parse_ipv6(input, &mut NoSink) {
        let mut out = String::new();
        serialize_ipv6_into(address, &mut out);
        assert_eq!(parse_ipv6(&out, &mut NoSink), Ok(address), "IPv6 {out:?}");
        let mut errors: Vec<ReportedError> = Vec::new();
        let _ = parse_ipv6(&out, &mut errors);
        assert!(
            errors.is_empty(),
            "the IPv6 serialization {out:?} is not valid: {errors:?}"
        );
    }
}

/// The longest domain `idna` cannot refuse for a label's length (`host/src/long_labels.rs`).
const IDNA_LIMIT: usize = 1000;

/// The domain parser with `beStrict` true and false, with and without a sink.
fn domain_parser(input: &str) {
    without_length_limits(input);
    let strict = domain_to_ascii(input, true, &mut NoSink);
    let relaxed = domain_to_ascii(input, false, &mut NoSink);
    let mut errors: Vec<ReportedError> = Vec::new();
    let relaxed_general = domain_to_ascii(input, false, &mut errors);
    assert_eq!(
        relaxed, relaxed_general,
        "domain parser with a sink on {input:?}"
    );
    // Steps 4 and 5 run on a domain that is not ASCII (an ASCII one is lowercased, step 3).
    if !input.is_ascii() {
        assert_eq!(
            relaxed.as_deref().ok(),
            uts46_relaxed(input).as_deref(),
            "domain parser against idna on {input:?}"
        );
    }
    if let Ok(strict) = &strict {
        assert_eq!(
            relaxed.as_ref().ok(),
            Some(strict),
            "strict success is not the relaxed result for {input:?}"
        );
        assert!(
            errors.is_empty(),
            "strict success but errors for {input:?}: {errors:?}"
        );
    }
}

/// The domain parser with `beStrict` false (spec 3.3) on a domain that is not ASCII, by its
/// general steps: `idna`'s Unicode ToASCII with CheckHyphens, UseSTD3ASCIIRules and
/// VerifyDnsLength false (step 4; where `idna` refuses a domain long enough to have a label
/// past its limits on length, the host layer's steps without them), then failure on an empty
/// result or a forbidden domain code point (step 5).
fn uts46_relaxed(input: &str) -> Option<String> {
    let ascii = match idna_relaxed(input) {
        Some(ascii) => ascii,
        None if input.len() > IDNA_LIMIT => host::uts46_to_ascii_without_length_limits(input)?,
        None => return None,
    };
    let forbidden = ascii
        .bytes()
        .any(|b| host::FORBIDDEN_DOMAIN_CODE_POINTS.contains(b));
    (!ascii.is_empty() && !forbidden).then_some(ascii)
}

/// The host layer's UTS #46 steps for labels past `idna`'s limits on length, on any domain:
/// `idna`'s result where `idna` takes the domain, and a failure where it refuses one too short
/// to have such a label.
fn without_length_limits(input: &str) {
    let ours = host::uts46_to_ascii_without_length_limits(input);
    match idna_relaxed(input) {
        Some(theirs) => assert_eq!(
            ours.as_deref(),
            Some(theirs.as_str()),
            "UTS #46 steps without length limits against idna on {input:?}"
        ),
        None if input.len() <= IDNA_LIMIT => assert_eq!(
            ours, None,
            "UTS #46 steps without length limits take what idna refuses: {input:?}"
        ),
        None => {}
    }
}

/// `idna`'s Unicode ToASCII with the relaxed settings, and UTS #46's validity criterion 4 on
/// Punycode labels, which `idna` 1.1 leaves out (`host/src/relaxed.rs`): a label that decodes
/// to one beginning with `xn--` fails.
fn idna_relaxed(input: &str) -> Option<String> {
    use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
    let ascii = Uts46::new()
        .to_ascii(
            input.as_bytes(),
            AsciiDenyList::EMPTY,
            Hyphens::Allow,
            DnsLength::Ignore,
        )
        .ok()?;
    let decodes_to_xn = ascii.split('.').any(|label| {
        label
            .get(..4)
            .is_some_and(|prefix| prefix.eq_ignore_ascii_case("xn--"))
            && label
                .get(4..)
                .and_then(idna::punycode::decode_to_string)
                .is_some_and(|decoded| decoded.starts_with("xn--"))
    });
    (!decodes_to_xn).then(|| ascii.into_owned())
}
