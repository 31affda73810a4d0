//! The kinds of host (spec 3.1), shared by the host parser, which returns one, and the host
//! records, which have one. Its own module so that each of those imports it without importing
//! the other.

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
