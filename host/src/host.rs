//! The host record (spec 3.1), owned and borrowed, and the host serializer (spec 3.6) as
//! `Display`.

use crate::ipv4::serialize_ipv4_into;
use crate::ipv6::serialize_ipv6_into;
use crate::kind::HostKind;
use crate::sets::FORBIDDEN_DOMAIN_CODE_POINTS;
use crate::validation::{NoSink, ReportedError};
use alloc::string::String;
use core::fmt;
use core::net::{Ipv4Addr, Ipv6Addr};

/// An owned host (spec 3.1).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Host {
    /// A domain.
    Domain(String),
    /// An IPv4 address.
    Ipv4(Ipv4Addr),
    /// An IPv6 address.
    Ipv6(Ipv6Addr),
    /// An opaque host.
    Opaque(String),
    /// The empty host.
    Empty,
}

/// A borrowed host: what a parsed URL's getter hands out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostRef<'a> {
    /// A domain.
    Domain(&'a str),
    /// An IPv4 address.
    Ipv4(Ipv4Addr),
    /// An IPv6 address.
    Ipv6(Ipv6Addr),
    /// An opaque host.
    Opaque(&'a str),
    /// The empty host.
    Empty,
}

impl Host {
    /// The host parser (spec 3.5) with `isOpaque` false: the host of a special URL.
    /// Validation errors are ignored; see [`crate::parse_host_into`] to receive them.
    ///
    /// ```
    /// use host::Host;
    /// assert_eq!(Host::parse("EXAMPLE.com").unwrap(), Host::Domain("example.com".into()));
    /// assert_eq!(Host::parse("0x7f.1").unwrap(), Host::Ipv4([127, 0, 0, 1].into()));
    /// assert!(Host::parse("exa mple").is_err());
    /// ```
    pub fn parse(input: &str) -> Result<Host, ReportedError> {
        Self::parse_with(input, false)
    }

    /// The host parser (spec 3.5) with `isOpaque` true: the host of a non-special URL. The
    /// empty input gives [`Host::Empty`].
    ///
    /// ```
    /// use host::Host;
    /// assert_eq!(Host::parse_opaque("EXA%41mple").unwrap(), Host::Opaque("EXA%41mple".into()));
    /// assert_eq!(Host::parse_opaque("").unwrap(), Host::Empty);
    /// assert!(Host::parse_opaque("a b").is_err());
    /// ```
    pub fn parse_opaque(input: &str) -> Result<Host, ReportedError> {
        Self::parse_with(input, true)
    }

    fn parse_with(input: &str, is_opaque: bool) -> Result<Host, ReportedError> {
        let mut out = String::new();
        let kind = crate::parse_host_into_unreported(input, is_opaque, &mut out)?;
        // The serialization the parser wrote is valid for its kind.
        Ok(HostRef::from_serialized(kind, &out).map_or(Host::Empty, |h| h.to_owned()))
    }

    /// The kind of this host.
    pub fn kind(&self) -> HostKind {
        self.as_ref().kind()
    }

    /// A borrowed view of this host.
    pub fn as_ref(&self) -> HostRef<'_> {
        match self {
            Host::Domain(d) => HostRef::Domain(d),
            Host::Ipv4(a) => HostRef::Ipv4(*a),
            Host::Ipv6(a) => HostRef::Ipv6(*a),
            Host::Opaque(o) => HostRef::Opaque(o),
            Host::Empty => HostRef::Empty,
        }
    }

    /// The host serializer (spec 3.6), appending to `out`.
    pub fn serialize_into(&self, out: &mut String) {
        self.as_ref().serialize_into(out)
    }
}

impl<'a> HostRef<'a> {
    /// Rebuilds the view from a host's serialization (as [`crate::parse_host_into`] wrote
    /// it, IPv6 with brackets) and its kind. `None` if `serialized` is not a serialization of
    /// that kind: a domain must be non-empty ASCII without forbidden domain code points or
    /// ASCII upper-case letters; an IPv4 address must be four decimal numbers 0 to 255 without
    /// leading zeros; an IPv6 address must be bracketed and parse; an opaque host must be
    /// non-empty ASCII; the empty host must be empty.
    ///
    /// ```
    /// use host::{HostKind, HostRef};
    /// use std::net::Ipv4Addr;
    /// assert_eq!(HostRef::from_serialized(HostKind::Ipv4, "127.0.0.1"), Some(HostRef::Ipv4(Ipv4Addr::LOCALHOST)));
    /// assert_eq!(HostRef::from_serialized(HostKind::Domain, "example.com"), Some(HostRef::Domain("example.com")));
    /// assert_eq!(HostRef::from_serialized(HostKind::Ipv6, "[::1]").unwrap().to_string(), "[::1]");
    /// assert_eq!(HostRef::from_serialized(HostKind::Ipv4, "127.1"), None);
    /// ```
    pub fn from_serialized(kind: HostKind, serialized: &'a str) -> Option<HostRef<'a>> {
        let bytes = serialized.as_bytes();
        match kind {
            HostKind::Domain => (!bytes.is_empty()
                && bytes.iter().all(|&b| {
                    b.is_ascii()
                        && !b.is_ascii_uppercase()
                        && !FORBIDDEN_DOMAIN_CODE_POINTS.contains(b)
                }))
            .then_some(HostRef::Domain(serialized)),
            HostKind::Ipv4 => parse_dotted_decimal(bytes).map(HostRef::Ipv4),
            HostKind::Ipv6 => {
                let inside = serialized.strip_prefix('[')?.strip_suffix(']')?;
                crate::parse_ipv6(inside, &mut NoSink)
                    .ok()
                    .map(HostRef::Ipv6)
            }
            HostKind::Opaque => {
                (!bytes.is_empty() && serialized.is_ascii()).then_some(HostRef::Opaque(serialized))
            }
            HostKind::Empty => bytes.is_empty().then_some(HostRef::Empty),
        }
    }

    /// The kind of this host.
    pub fn kind(&self) -> HostKind {
        match self {
            HostRef::Domain(_) => HostKind::Domain,
            HostRef::Ipv4(_) => HostKind::Ipv4,
            HostRef::Ipv6(_) => HostKind::Ipv6,
            HostRef::Opaque(_) => HostKind::Opaque,
            HostRef::Empty => HostKind::Empty,
        }
    }

    /// An owned copy.
    ///
    /// ```
    /// use host::{Host, HostRef};
    /// assert_eq!(HostRef::Domain("example.com").to_owned(), Host::Domain("example.com".into()));
    /// ```
    pub fn to_owned(&self) -> Host {
        match *self {
            HostRef::Domain(d) => Host::Domain(d.into()),
            HostRef::Ipv4(a) => Host::Ipv4(a),
            HostRef::Ipv6(a) => Host::Ipv6(a),
            HostRef::Opaque(o) => Host::Opaque(o.into()),
            HostRef::Empty => Host::Empty,
        }
    }

    /// The host serializer (spec 3.6), appending to `out`: an IPv4 address in dotted decimal,
    /// an IPv6 address compressed in brackets, anything else as it is.
    pub fn serialize_into(&self, out: &mut String) {
        match *self {
            HostRef::Ipv4(a) => serialize_ipv4_into(a, out),
            HostRef::Ipv6(a) => {
                out.push('[');
                serialize_ipv6_into(a, out);
                out.push(']');
            }
            HostRef::Domain(s) | HostRef::Opaque(s) => out.push_str(s),
            HostRef::Empty => {}
        }
    }
}

/// Parses exactly the IPv4 serializer's output: four decimal numbers 0 to 255, without
/// leading zeros, separated by `.`.
fn parse_dotted_decimal(bytes: &[u8]) -> Option<Ipv4Addr> {
    let mut octets = [0u8; 4];
    let mut parts = bytes.split(|&b| b == b'.');
    for octet in &mut octets {
        let part = parts.next()?;
        if part.is_empty() || part.len() > 3 || (part.len() > 1 && part.first() == Some(&b'0')) {
            return None;
        }
        let mut value: u16 = 0;
        for &b in part {
            if !b.is_ascii_digit() {
                return None;
            }
            value = value * 10 + u16::from(b - b'0');
        }
        *octet = u8::try_from(value).ok()?;
    }
    if parts.next().is_some() {
        return None;
    }
    Some(Ipv4Addr::from(octets))
}

impl fmt::Display for HostRef<'_> {
    /// The host serializer (spec 3.6).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            HostRef::Domain(s) | HostRef::Opaque(s) => f.write_str(s),
            HostRef::Empty => Ok(()),
            _ => {
                let mut out = String::new();
                self.serialize_into(&mut out);
                f.write_str(&out)
            }
        }
    }
}

impl fmt::Display for Host {
    /// The host serializer (spec 3.6).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.as_ref(), f)
    }
}

impl<'a> From<&'a Host> for HostRef<'a> {
    fn from(host: &'a Host) -> HostRef<'a> {
        host.as_ref()
    }
}

impl From<HostRef<'_>> for Host {
    fn from(host: HostRef<'_>) -> Host {
        host.to_owned()
    }
}
