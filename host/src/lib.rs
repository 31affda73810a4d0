//! Hosts as the [WHATWG URL Standard](https://url.spec.whatwg.org/) defines them (section 3,
//! July 2026 edition): the host parser with its IPv4, IPv6 and opaque-host parsers, the host
//! serializer, the domain parser ("domain to ASCII") and domain to Unicode through UTS #46, the
//! forbidden code point sets, and the validation errors of the whole URL parser
//! ([`validation`]).
//!
//! Parsers are generic over a [`ValidationSink`]: pass [`NoSink`] to ignore validation errors
//! at no cost, or a `Vec<ReportedError>` to collect them with their byte offsets.
//!
//! ```
//! use host::{parse_host_into, Host, HostKind, NoSink, ReportedError, ValidationError};
//!
//! // The host parser appends the host serializer's output.
//! let mut out = String::new();
//! let kind = parse_host_into("EXAMPLE.com", false, &mut out, &mut NoSink).unwrap();
//! assert_eq!((kind, out.as_str()), (HostKind::Domain, "example.com"));
//!
//! // Owned hosts, with Display as the host serializer.
//! assert_eq!(Host::parse("0xffffffff").unwrap().to_string(), "255.255.255.255");
//! assert_eq!(Host::parse("faß.example").unwrap(), Host::Domain("xn--fa-hia.example".into()));
//! assert_eq!(Host::parse_opaque("faß.example").unwrap().to_string(), "fa%C3%9F.example");
//! assert_eq!(Host::parse("[0:0::1]").unwrap().to_string(), "[::1]");
//! assert!(Host::parse("example^example").is_err());
//!
//! // Validation errors, with byte offsets in the input.
//! let mut errors: Vec<ReportedError> = Vec::new();
//! let mut out = String::new();
//! parse_host_into("[::01]", false, &mut out, &mut errors).unwrap();
//! assert_eq!(out, "[::1]");
//! assert_eq!(errors, [ReportedError { error: ValidationError::Ipv6PieceLeadingZero, offset: 3 }]);
//! ```
//!
//! The crate is `no_std` (it needs `alloc`, as `idna` does).
#![no_std]
// Library code never panics on input: no unwrap/expect/panic, no unchecked indexing (each
// allowed exception says why its index is in range). Tests may use them freely.

extern crate alloc;

pub mod validation;

mod domain;
mod host;
mod ipv4;
mod ipv6;
mod kind;
mod latin1;
mod ldh;
mod long_labels;
mod opaque;
mod parser;
#[cfg(feature = "psl")]
mod public_suffix;
mod punycode;
mod punycode_long;
mod relaxed;
mod sets;
mod uts46;
pub mod valid;

pub use core::net::{Ipv4Addr, Ipv6Addr};
pub use domain::{domain_to_ascii, domain_to_unicode};
pub use host::{Host, HostRef};
pub use ipv4::{ends_in_a_number, ends_in_a_number_utf8, parse_ipv4, serialize_ipv4_into};
pub use ipv6::{parse_ipv6, serialize_ipv6_into};
pub use kind::HostKind;
pub use ldh::{strict_ldh_domain, strict_ldh_label};
pub use parser::{parse_host_into, parse_host_into_unreported};
pub use sets::{
    FORBIDDEN_DOMAIN_CODE_POINTS, FORBIDDEN_HOST_CODE_POINTS, is_forbidden_domain_code_point,
    is_forbidden_host_code_point,
};
pub use validation::{FnSink, NoSink, OffsetSink, ReportedError, ValidationError, ValidationSink};

/// Unicode ToASCII with the domain parser's relaxed settings (spec 3.3, step 4) by the steps
/// that run where `idna` refuses a label for its length (`long_labels.rs`), on any domain: for
/// the `host` fuzz target, which checks that they give `idna`'s result wherever `idna` takes
/// the domain. Not API.
#[doc(hidden)]
#[cfg(feature = "testing")]
pub fn uts46_to_ascii_without_length_limits(domain: &str) -> Option<alloc::string::String> {
    long_labels::to_ascii(domain)
}

/// The README's examples, compiled and run as doctests; one of them needs the `psl` feature
/// (`cargo xtask test` runs the tests a second time with every feature on).
#[cfg(all(doctest, feature = "psl"))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
