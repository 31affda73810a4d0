//! UNC server names and `file:` URL hosts, one rule both ways: a server is the URL's host as
//! the host parser gives it, and an IPv6 address is written `[…]` in the URL and in the
//! `ipv6-literal.net` form in the path (`[2001:db8::1]` is `2001-db8--1.ipv6-literal.net`),
//! which is how Windows takes an IPv6 address as a UNC server.

use alloc::string::String;

use super::FilePathError;
use crate::Url;
use host::{Host, HostKind};

/// The DNS zone Windows reads as an IPv6 address written with `-` for `:`.
const IPV6_LITERAL: &str = ".ipv6-literal.net";

/// Path → URL: the URL host serialization of a UNC server name.
pub(super) fn server_to_host(server: &[u8]) -> Result<String, FilePathError> {
    let server = core::str::from_utf8(server).map_err(|_| FilePathError::UnsupportedHost)?;
    // `[::1]` is no UNC server on Windows (the `ipv6-literal.net` form is). The host parser
    // decodes `%XX` in a domain: a server name holding `%` would name another server.
    // `localhost` is the empty host in a `file:` URL (spec 4.4 file host state), which would
    // lose the UNC path.
    if server.starts_with('[') || server.contains('%') || server.eq_ignore_ascii_case("localhost") {
        return Err(FilePathError::UnsupportedHost);
    }
    // `Host::parse`, not the generic `parse_host_into`: its one copy is compiled in `host`.
    match Host::parse(server) {
        // A name the host parser maps to `.` (`。`, `．`) would be the device prefix `\\.\`, as the
        // URL host `.` is (found by the parse fuzz target).
        Ok(Host::Domain(host)) if host == "." => Err(FilePathError::UnsupportedPrefix),
        Ok(Host::Domain(host)) if host != "localhost" => match ipv6_literal(&host) {
            Some(address) => address,
            None => Ok(host),
        },
        Ok(host @ Host::Ipv4(_)) => Ok(serialized(&host)),
        _ => Err(FilePathError::UnsupportedHost),
    }
}

/// URL → path: the UNC server name of a URL's (non-empty) host, in Unicode for a domain.
pub(super) fn host_to_server(url: &Url) -> Result<String, FilePathError> {
    let hostname = url.hostname();
    match url.host_kind() {
        // `\\.\…` would be a device path (`file://./pipe/x` must not name `\\.\pipe\x`).
        Some(HostKind::Domain) if hostname == "." => Err(FilePathError::UnsupportedPrefix),
        // A domain in the zone is the address Windows reads it as (or no server at all).
        Some(HostKind::Domain) => match ipv6_literal(hostname) {
            Some(address) => address.map(|bracketed| literal_of(&bracketed)),
            None => Ok(host::domain_to_unicode(hostname).into_owned()),
        },
        Some(HostKind::Ipv6) => Ok(literal_of(hostname)),
        _ => Ok(hostname.into()),
    }
}

/// A domain under `ipv6-literal.net` as the bracketed IPv6 address it spells: `None` for a
/// domain outside the zone, an error for one inside that is no address (a zone ID, `sN`,
/// included: a URL cannot hold one).
fn ipv6_literal(domain: &str) -> Option<Result<String, FilePathError>> {
    let label = domain.strip_suffix(IPV6_LITERAL)?;
    let mut bracketed = String::with_capacity(label.len() + 2);
    bracketed.push('[');
    bracketed.extend(label.chars().map(|c| if c == '-' { ':' } else { c }));
    bracketed.push(']');
    Some(match Host::parse(&bracketed) {
        Ok(host @ Host::Ipv6(_)) if !label.contains('.') => Ok(serialized(&host)),
        _ => Err(FilePathError::UnsupportedHost),
    })
}

/// The host serializer's output for `host` (spec 3.6; an IPv6 address in brackets).
fn serialized(host: &Host) -> String {
    let mut out = String::new();
    host.serialize_into(&mut out);
    out
}

/// `[2001:db8::1]` → `2001-db8--1.ipv6-literal.net`.
fn literal_of(bracketed: &str) -> String {
    let address = bracketed.trim_start_matches('[').trim_end_matches(']');
    let mut out: String = address
        .chars()
        .map(|c| if c == ':' { '-' } else { c })
        .collect();
    out.push_str(IPV6_LITERAL);
    out
}
