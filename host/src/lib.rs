//! Hosts as the [WHATWG URL Standard](https://url.spec.whatwg.org/) defines them (section 3).
//!
//! CONTRACT STUB: the signatures below are the interface `url-core` builds on; bodies are
//! being written. Do not change a signature without updating url-core.
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;

pub mod validation;

use alloc::borrow::Cow;
use alloc::string::String;
pub use core::net::{Ipv4Addr, Ipv6Addr};
use percent::AsciiSet;
pub use validation::{
    FnSink, NoSink, OffsetSink, ReportedError, ValidationError, ValidationSink,
};

/// The kind of a host (spec 3.1), without its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// A domain (ASCII, lowercased, after domain to ASCII).
    Domain,
    /// An IPv4 address.
    Ipv4,
    /// An IPv6 address.
    Ipv6,
    /// An opaque host (hosts of non-special URLs).
    Opaque,
    /// The empty host.
    Empty,
}

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

impl<'a> HostRef<'a> {
    /// Rebuilds the view from a host's serialization (as [`parse_host_into`] wrote it, IPv6 with
    /// brackets) and its kind. `None` if `serialized` is not a serialization of that kind.
    pub fn from_serialized(kind: HostKind, serialized: &'a str) -> Option<HostRef<'a>> {
        let _ = (kind, serialized);
        todo!()
    }
}

/// The forbidden host code points (spec 3.2), ASCII part.
pub const FORBIDDEN_HOST_CODE_POINTS: &AsciiSet = &AsciiSet::EMPTY;
/// The forbidden domain code points (spec 3.2).
pub const FORBIDDEN_DOMAIN_CODE_POINTS: &AsciiSet = &AsciiSet::EMPTY;

/// The host parser (spec 3.5) with `isOpaque`, appending the host serializer's output (3.6)
/// to `out`. Returns the host's kind. On failure `out` is left as it was and the failing
/// validation error is returned (it was also reported to `sink`). Offsets are byte offsets in
/// `input`.
pub fn parse_host_into<S: ValidationSink>(
    input: &str,
    is_opaque: bool,
    out: &mut String,
    sink: &mut S,
) -> Result<HostKind, ReportedError> {
    let _ = (input, is_opaque, out, sink);
    todo!()
}

/// The domain parser (spec 3.3, July 2026: formerly "domain to ASCII").
pub fn domain_to_ascii<'a, S: ValidationSink>(
    domain: &'a str,
    be_strict: bool,
    sink: &mut S,
) -> Result<Cow<'a, str>, ReportedError> {
    let _ = (domain, be_strict, sink);
    todo!()
}

/// Domain to Unicode (spec 3.3, July 2026).
pub fn domain_to_unicode(domain: &str) -> Cow<'_, str> {
    let _ = domain;
    todo!()
}

/// The ends-in-a-number checker (spec 3.5, July 2026).
pub fn ends_in_a_number(input: &str) -> bool {
    let _ = input;
    todo!()
}
