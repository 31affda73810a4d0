//! `Origin` and `OpaqueOrigin` (spec 4.7, with the HTML standard's definition of an origin).

use crate::host::Host;
use alloc::format;
use alloc::string::String;
use core::sync::atomic::{AtomicUsize, Ordering};
use whatwg_url::SchemeType;

/// The origin of an URL (spec 4.7): an opaque origin, or a tuple of scheme, host and port (the
/// port is the scheme's default when the URL has none).
///
/// ```
/// use url::{Host, Origin, Url};
/// let url = Url::parse("https://example.org/foo").unwrap();
/// assert_eq!(url.origin(), Origin::Tuple("https".into(), Host::Domain("example.org".into()), 443));
/// assert!(!Url::parse("data:,x").unwrap().origin().is_tuple());
/// ```
#[derive(PartialEq, Eq, Hash, Clone, Debug)]
pub enum Origin {
    /// A globally unique identifier.
    Opaque(OpaqueOrigin),
    /// Consists of the URL's scheme, host and port.
    Tuple(String, Host<String>, u16),
}

impl Origin {
    /// Creates a new opaque origin that is only equal to itself.
    pub fn new_opaque() -> Origin {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        Origin::Opaque(OpaqueOrigin(COUNTER.fetch_add(1, Ordering::SeqCst)))
    }

    /// Return whether this origin is a (scheme, host, port) tuple (as opposed to an opaque
    /// origin).
    pub fn is_tuple(&self) -> bool {
        matches!(self, Origin::Tuple(..))
    }

    /// The ASCII serialization of an origin (HTML standard).
    pub fn ascii_serialization(&self) -> String {
        match self {
            Origin::Opaque(_) => "null".into(),
            Origin::Tuple(scheme, host, port) => serialize(scheme, host, *port),
        }
    }

    /// The Unicode serialization of an origin: the ASCII one with the domain to Unicode.
    pub fn unicode_serialization(&self) -> String {
        match self {
            Origin::Opaque(_) => "null".into(),
            Origin::Tuple(scheme, Host::Domain(domain), port) => {
                let domain = whatwg_host::domain_to_unicode(domain);
                serialize(scheme, &Host::Domain(&*domain), *port)
            }
            Origin::Tuple(scheme, host, port) => serialize(scheme, host, *port),
        }
    }

    /// The facade's origin of a URL: whatwg-url's origin record (spec 4.7, blob URLs
    /// included) in rust-url's shape.
    pub(crate) fn of(url: &whatwg_url::Url) -> Origin {
        match url.origin_record() {
            whatwg_url::Origin::Tuple(tuple) => {
                let scheme = tuple.scheme();
                let port = tuple
                    .port()
                    .or_else(|| SchemeType::from_scheme(scheme).default_port())
                    .unwrap_or(0);
                match tuple.host().and_then(Host::from_url) {
                    Some(host) => Origin::Tuple(scheme.into(), host.to_owned(), port),
                    None => Origin::new_opaque(),
                }
            }
            whatwg_url::Origin::Opaque(_) => Origin::new_opaque(),
        }
    }
}

fn serialize<S: AsRef<str>>(scheme: &str, host: &Host<S>, port: u16) -> String {
    if SchemeType::from_scheme(scheme).default_port() == Some(port) {
        format!("{scheme}://{host}")
    } else {
        format!("{scheme}://{host}:{port}")
    }
}

/// Opaque identifier for URLs that have file or other schemes.
#[derive(Eq, PartialEq, Hash, Clone, Debug)]
pub struct OpaqueOrigin(usize);
