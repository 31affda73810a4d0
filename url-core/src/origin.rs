//! Origins (spec 4.7, with the HTML standard's definition of an origin).

use crate::scheme::SchemeType;
use crate::url::{UrlRecord, to_u32};
use alloc::string::String;
use core::fmt;
use core::sync::atomic::{AtomicUsize, Ordering};
use host::{HostKind, HostRef, NoSink};
use percent::Utf8;

/// An origin (HTML): an opaque origin, or a tuple origin (scheme, host, port, domain) whose
/// domain is always null here.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// An opaque origin: equal only to itself (and its clones).
    Opaque(OpaqueOrigin),
    /// A tuple origin.
    Tuple(TupleOrigin),
}

/// An opaque origin: an internal value with no serialization but `"null"`. Each
/// [`OpaqueOrigin::new`] is different from every other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OpaqueOrigin(usize);

impl OpaqueOrigin {
    /// A new opaque origin, distinct from every other one made by this process.
    pub fn new() -> OpaqueOrigin {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        OpaqueOrigin(NEXT.fetch_add(1, Ordering::Relaxed))
    }
}

impl Default for OpaqueOrigin {
    fn default() -> Self {
        OpaqueOrigin::new()
    }
}

/// A tuple origin (scheme, host, port) with a null domain, stored as its ASCII serialization
/// (`scheme "://" host [":" port]`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TupleOrigin {
    serialization: String,
    scheme_end: u32,
    host_kind: HostKind,
    port: Option<u16>,
}

impl TupleOrigin {
    /// The origin's scheme.
    pub fn scheme(&self) -> &str {
        self.serialization
            .get(..self.scheme_end as usize)
            .unwrap_or_default()
    }

    /// The origin's host, serialized (spec 3.6).
    pub fn host_str(&self) -> &str {
        let start = self.scheme_end as usize + 3;
        let end = match self.port {
            Some(_) => self
                .serialization
                .rfind(':')
                .unwrap_or(self.serialization.len()),
            None => self.serialization.len(),
        };
        self.serialization.get(start..end).unwrap_or_default()
    }

    /// The origin's host as a borrowed host.
    pub fn host(&self) -> Option<HostRef<'_>> {
        HostRef::from_serialized(self.host_kind, self.host_str())
    }

    /// The origin's port (null when it is the scheme's default port).
    pub fn port(&self) -> Option<u16> {
        self.port
    }
}

impl Origin {
    /// A new opaque origin: same origin only with itself (and its clones).
    ///
    /// ```
    /// use url_core::Origin;
    /// let a = Origin::new_opaque();
    /// assert!(a.is_opaque() && a.same_origin(&a.clone()));
    /// assert!(!a.same_origin(&Origin::new_opaque()));
    /// assert_eq!(a.ascii_serialization(), "null");
    /// ```
    pub fn new_opaque() -> Origin {
        Origin::Opaque(OpaqueOrigin::new())
    }

    /// Whether the origin is opaque.
    ///
    /// ```
    /// use url_core::UrlRecord;
    /// assert!(UrlRecord::parse("data:,x", None).unwrap().origin().is_opaque());
    /// assert!(!UrlRecord::parse("https://h/", None).unwrap().origin().is_opaque());
    /// ```
    pub fn is_opaque(&self) -> bool {
        matches!(self, Origin::Opaque(_))
    }

    /// The ASCII serialization of an origin (HTML): `"null"` for an opaque origin, else
    /// `scheme "://" host [":" port]`.
    ///
    /// ```
    /// use url_core::UrlRecord;
    /// let url = UrlRecord::parse("https://u@xn--mnchen-3ya.de:8443/p", None).unwrap();
    /// assert_eq!(url.origin().ascii_serialization(), "https://xn--mnchen-3ya.de:8443");
    /// ```
    pub fn ascii_serialization(&self) -> &str {
        match self {
            Origin::Opaque(_) => "null",
            Origin::Tuple(t) => &t.serialization,
        }
    }

    /// Same origin (HTML): both opaque and identical, or both tuples with equal scheme, host
    /// and port.
    ///
    /// ```
    /// use url_core::UrlRecord;
    /// let origin = |s: &str| UrlRecord::parse(s, None).unwrap().origin();
    /// assert!(origin("https://h/a").same_origin(&origin("https://h:443/b")));
    /// assert!(!origin("https://h/").same_origin(&origin("http://h/")));
    /// ```
    pub fn same_origin(&self, other: &Origin) -> bool {
        self == other
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.ascii_serialization())
    }
}

/// The tuple origin (url's scheme, url's host, url's port, null).
fn tuple_origin(url: &UrlRecord) -> Origin {
    let (Some(kind), Some(host)) = (url.host_kind(), url.host_str()) else {
        return Origin::new_opaque();
    };
    let scheme = url.scheme();
    let mut serialization = String::with_capacity(scheme.len() + 3 + host.len() + 6);
    serialization.push_str(scheme);
    serialization.push_str("://");
    serialization.push_str(host);
    if let Some(port) = url.port_str() {
        serialization.push(':');
        serialization.push_str(port);
    }
    Origin::Tuple(TupleOrigin {
        serialization,
        scheme_end: to_u32(scheme.len()),
        host_kind: kind,
        port: url.port(),
    })
}

impl UrlRecord {
    /// The URL's origin (spec 4.7). Without a blob URL store, a `blob:` URL's origin is
    /// the origin of the URL its path holds when that is an `http`/`https` URL, else opaque.
    pub fn origin(&self) -> Origin {
        origin_of(self)
    }
}

/// The origin of a URL (spec 4.7), switching on its scheme.
fn origin_of(url: &UrlRecord) -> Origin {
    match url.scheme_type() {
        SchemeType::Ftp
        | SchemeType::Http
        | SchemeType::Https
        | SchemeType::Ws
        | SchemeType::Wss => tuple_origin(url),
        // "Unfortunate as it is, this is left as an exercise to the reader. When in doubt,
        // return a new opaque origin."
        SchemeType::File => Origin::new_opaque(),
        SchemeType::NotSpecial if url.scheme() == "blob" => blob_origin(url),
        SchemeType::NotSpecial => Origin::new_opaque(),
    }
}

/// 4.7 "blob": the blob URL entry is always null here (no blob URL store), so: parse the
/// URL path serialization; an `http`/`https` result gives its origin, anything else an opaque
/// origin. The state machine parses it, without the fast path: this is rare, and the
/// program's copy of the fast path is the one its own parses need (`UrlRecord::parse_as`).
fn blob_origin(url: &UrlRecord) -> Origin {
    match UrlRecord::parse_general(url.path(), None, &Utf8, &mut NoSink, None) {
        Ok(path_url) if matches!(path_url.scheme_type(), SchemeType::Http | SchemeType::Https) => {
            tuple_origin(&path_url)
        }
        _ => Origin::new_opaque(),
    }
}

#[cfg(test)]
mod tests {
    use crate::UrlRecord;

    fn origin(input: &str) -> super::Origin {
        UrlRecord::parse(input, None).unwrap().origin()
    }

    /// Spec 4.7: a tuple origin for the special schemes but `file`, serialized without the
    /// default port; an opaque origin for everything else; `blob:` looks inside.
    #[test]
    fn origins_follow_the_scheme() {
        assert_eq!(
            origin("https://EXAMPLE.com:443/a").ascii_serialization(),
            "https://example.com"
        );
        assert_eq!(
            origin("http://[::1]:8080/").ascii_serialization(),
            "http://[::1]:8080"
        );
        assert_eq!(origin("ws://h/").ascii_serialization(), "ws://h");
        assert_eq!(origin("ftp://h:21/").ascii_serialization(), "ftp://h");
        for opaque in [
            "file:///etc",
            "data:,x",
            "foo://h/",
            "mailto:me@h",
            "blob:data:,x",
        ] {
            let o = origin(opaque);
            assert!(o.is_opaque(), "{opaque}");
            assert_eq!(o.ascii_serialization(), "null", "{opaque}");
        }
        assert_eq!(
            origin("blob:https://h:1/uuid").ascii_serialization(),
            "https://h:1"
        );
    }

    #[test]
    fn same_origin_compares_tuples_and_identities() {
        assert!(origin("https://h/a").same_origin(&origin("https://h:443/b?c")));
        assert!(!origin("https://h/").same_origin(&origin("http://h/")));
        assert!(!origin("https://h/").same_origin(&origin("https://h:8443/")));
        // Each opaque origin is only the same origin as itself.
        let opaque = origin("data:,x");
        assert!(opaque.same_origin(&opaque.clone()));
        assert!(!opaque.same_origin(&origin("data:,x")));
    }
}
