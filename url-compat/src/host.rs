//! `Host<S>`: rust-url's host type, with the standard's host parser (spec 3.5) behind it.

use crate::ParseError;
use alloc::string::String;
use core::fmt;
use core::net::{Ipv4Addr, Ipv6Addr};
#[cfg(feature = "serde")]
use serde_derive::{Deserialize, Serialize};

/// The host name of an URL.
///
/// rust-url's type: a domain (or, for a non-special URL, an opaque host: rust-url does not tell
/// them apart), an IPv4 or an IPv6 address. A URL's empty host is no `Host` (`Url::host` is
/// `None`), as in rust-url.
#[cfg_attr(feature = "serde", derive(Deserialize, Serialize))]
#[derive(Clone, Debug, Eq, Ord, PartialOrd, Hash)]
pub enum Host<S = String> {
    /// A DNS domain name, as '.' dot-separated labels (ASCII, after domain to ASCII); or the
    /// opaque host of a non-special URL, percent-encoded.
    Domain(S),
    /// An IPv4 address.
    Ipv4(Ipv4Addr),
    /// An IPv6 address. `Display` writes it in brackets, compressed as the standard's IPv6
    /// serializer does (spec 3.6).
    Ipv6(Ipv6Addr),
}

impl Host<&str> {
    /// Return a copy of `self` that owns an allocated `String` but does not borrow an `&Url`.
    pub fn to_owned(&self) -> Host<String> {
        match *self {
            Host::Domain(domain) => Host::Domain(domain.into()),
            Host::Ipv4(address) => Host::Ipv4(address),
            Host::Ipv6(address) => Host::Ipv6(address),
        }
    }
}

impl Host<String> {
    /// Parse a host: either an IPv6 address in [] square brackets, or a domain (spec 3.5, the
    /// host parser, for a special URL: percent-decoding, domain to ASCII, IPv4 forms).
    ///
    /// ```
    /// use url::Host;
    /// assert_eq!(Host::parse("EXAMPLE.com").unwrap(), Host::Domain("example.com".to_owned()));
    /// assert_eq!(Host::parse("0x7f.1").unwrap(), Host::<String>::Ipv4([127, 0, 0, 1].into()));
    /// assert!(Host::parse("exa mple.com").is_err());
    /// ```
    pub fn parse(input: &str) -> Result<Self, ParseError> {
        Self::parse_with(input, false)
    }

    /// Parse a host the way a non-special URL's is parsed (spec 3.5 with `isOpaque`): an IPv6
    /// address in brackets, or an opaque host, percent-encoded with the C0 control set.
    pub fn parse_opaque(input: &str) -> Result<Self, ParseError> {
        Self::parse_with(input, true)
    }

    fn parse_with(input: &str, opaque: bool) -> Result<Self, ParseError> {
        if input.is_empty() {
            return Err(ParseError::EmptyHost);
        }
        let parsed = if opaque {
            whatwg_host::Host::parse_opaque(input)
        } else {
            whatwg_host::Host::parse(input)
        };
        match parsed {
            Ok(whatwg_host::Host::Domain(d) | whatwg_host::Host::Opaque(d)) => Ok(Host::Domain(d)),
            Ok(whatwg_host::Host::Ipv4(a)) => Ok(Host::Ipv4(a)),
            Ok(whatwg_host::Host::Ipv6(a)) => Ok(Host::Ipv6(a)),
            Ok(whatwg_host::Host::Empty) => Err(ParseError::EmptyHost),
            Err(e) => Err(ParseError::from_validation_error(e.error, false)),
        }
    }
}

impl<'a> Host<&'a str> {
    /// The borrowed host of a URL record (`None` for a null or empty host, as rust-url).
    pub(crate) fn from_url(host: whatwg_url::HostRef<'a>) -> Option<Self> {
        match host {
            whatwg_url::HostRef::Domain(d) | whatwg_url::HostRef::Opaque(d) => {
                Some(Host::Domain(d))
            }
            whatwg_url::HostRef::Ipv4(a) => Some(Host::Ipv4(a)),
            whatwg_url::HostRef::Ipv6(a) => Some(Host::Ipv6(a)),
            whatwg_url::HostRef::Empty => None,
        }
    }
}

impl<S: AsRef<str>> fmt::Display for Host<S> {
    /// The host serializer (spec 3.6).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Host::Domain(domain) => f.write_str(domain.as_ref()),
            Host::Ipv4(address) => {
                let mut out = String::new();
                whatwg_host::serialize_ipv4_into(*address, &mut out);
                f.write_str(&out)
            }
            Host::Ipv6(address) => {
                let mut out = String::new();
                whatwg_host::serialize_ipv6_into(*address, &mut out);
                if out.starts_with('[') {
                    f.write_str(&out)
                } else {
                    write!(f, "[{out}]")
                }
            }
        }
    }
}

impl<S, T> PartialEq<Host<T>> for Host<S>
where
    S: PartialEq<T>,
{
    fn eq(&self, other: &Host<T>) -> bool {
        match (self, other) {
            (Host::Domain(a), Host::Domain(b)) => a == b,
            (Host::Ipv4(a), Host::Ipv4(b)) => a == b,
            (Host::Ipv6(a), Host::Ipv6(b)) => a == b,
            (_, _) => false,
        }
    }
}
