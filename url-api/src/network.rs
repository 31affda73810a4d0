//! What a network client asks of a URL: its domain, its origin in Unicode, and (with `std`)
//! the socket addresses it names.

use alloc::format;
use alloc::string::String;

use crate::{HostRef, SetterError, Url};

impl Url {
    /// The URL's host when it is a domain (rust-url's `domain`): `None` for an IP address, an
    /// opaque, empty or null host.
    ///
    /// ```
    /// use whatwg_url::Url;
    /// assert_eq!(Url::parse("https://EXAMPLE.com/", None)?.domain(), Some("example.com"));
    /// assert_eq!(Url::parse("https://127.0.0.1/", None)?.domain(), None);
    /// assert_eq!(Url::parse("foo://opaque/", None)?.domain(), None);
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn domain(&self) -> Option<&str> {
        match self.host_ref()? {
            HostRef::Domain(domain) => Some(domain),
            _ => None,
        }
    }

    /// The origin's serialization (spec 4.7) with a domain shown in Unicode (rust-url's
    /// `Origin::unicode_serialization`): for display, never for comparison.
    ///
    /// ```
    /// use whatwg_url::Url;
    /// let url = Url::parse("https://xn--mnchen-3ya.example:8443/x", None)?;
    /// assert_eq!(url.origin(), "https://xn--mnchen-3ya.example:8443");
    /// assert_eq!(url.origin_unicode(), "https://münchen.example:8443");
    /// assert_eq!(Url::parse("data:,x", None)?.origin_unicode(), "null");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn origin_unicode(&self) -> String {
        let origin = self.origin_record();
        if let url_core::Origin::Tuple(tuple) = &origin {
            if let Some(HostRef::Domain(domain)) = tuple.host() {
                let unicode = host::domain_to_unicode(domain);
                return match tuple.port() {
                    Some(port) => format!("{}://{unicode}:{port}", tuple.scheme()),
                    None => format!("{}://{unicode}", tuple.scheme()),
                };
            }
        }
        String::from(origin.ascii_serialization())
    }
}

impl Url {
    /// Makes the host null (rust-url's `set_host(None)`), where a URL may have a null host:
    /// a non-special, non-`file` URL (spec 4.1) without username, password or port, whose path
    /// is not empty (with a null host an empty path would serialize as an opaque one). A path
    /// that starts with an empty segment keeps its meaning through the serializer's `/.`
    /// (spec 4.5).
    ///
    /// Errors: [`SetterError::InvalidHost`] for a special URL or an empty path,
    /// [`SetterError::CannotHaveUsernamePasswordPort`] when the URL has a username, password
    /// or port. A URL whose host is null already is left as it is.
    ///
    /// ```
    /// use whatwg_url::{SetterError, Url};
    /// let mut url = Url::parse("git://example.com//repo?x#y", None).unwrap();
    /// url.try_set_host_null()?;
    /// assert_eq!(url.href(), "git:/.//repo?x#y");
    /// let mut web = Url::parse("https://example.com/", None).unwrap();
    /// assert_eq!(web.try_set_host_null(), Err(SetterError::InvalidHost(None)));
    /// # Ok::<(), SetterError>(())
    /// ```
    pub fn try_set_host_null(&mut self) -> Result<(), SetterError> {
        if self.host_kind().is_none() {
            return Ok(());
        }
        if self.is_special() || self.pathname().is_empty() {
            return Err(SetterError::InvalidHost(None));
        }
        if !self.username().is_empty()
            || !self.password().is_empty()
            || self.port_number().is_some()
        {
            return Err(SetterError::CannotHaveUsernamePasswordPort);
        }
        // The serialization of the same record with a null host (spec 4.5): scheme, `:`, the
        // `/.` guard for a path starting with an empty segment, path, query, fragment.
        let mut serialization = String::with_capacity(self.href().len());
        serialization.push_str(self.protocol());
        if self.pathname().starts_with("//") {
            serialization.push_str("/.");
        }
        serialization.push_str(self.path_onward());
        let parsed =
            Url::parse(&serialization, None).map_err(|_| SetterError::InvalidHost(None))?;
        debug_assert_eq!(parsed.pathname(), self.pathname());
        *self = parsed;
        Ok(())
    }
}

#[cfg(feature = "std")]
mod sockets {
    extern crate std;

    use std::io;
    use std::net::{SocketAddr, ToSocketAddrs};
    use std::vec::Vec;

    use crate::{HostRef, Url};

    impl Url {
        /// The socket addresses the URL's host and port name (rust-url's `socket_addrs`): an
        /// IP address as it is, a domain resolved by the system (`ToSocketAddrs`, which
        /// blocks). The port is the URL's, else its scheme's default, else what
        /// `default_port_number` gives.
        ///
        /// Errors: `io::ErrorKind::InvalidInput` for no host, the empty host or no port; the
        /// resolver's error for a name it cannot resolve.
        ///
        /// ```
        /// use whatwg_url::Url;
        /// let url = Url::parse("https://127.0.0.1/", None).unwrap();
        /// assert_eq!(url.socket_addrs(|| None)?, ["127.0.0.1:443".parse().unwrap()]);
        /// let ipv6 = Url::parse("foo://[::1]/", None).unwrap();
        /// assert_eq!(ipv6.socket_addrs(|| Some(9000))?, ["[::1]:9000".parse().unwrap()]);
        /// assert!(ipv6.socket_addrs(|| None).is_err());
        /// # Ok::<(), std::io::Error>(())
        /// ```
        pub fn socket_addrs(
            &self,
            default_port_number: impl Fn() -> Option<u16>,
        ) -> io::Result<Vec<SocketAddr>> {
            let invalid = |why: &str| io::Error::new(io::ErrorKind::InvalidInput, why);
            let port = self
                .port_or_known_default()
                .or_else(default_port_number)
                .ok_or_else(|| invalid("the URL has no port and its scheme no default port"))?;
            match self.host_ref() {
                Some(HostRef::Ipv4(ip)) => Ok(Vec::from([SocketAddr::from((ip, port))])),
                Some(HostRef::Ipv6(ip)) => Ok(Vec::from([SocketAddr::from((ip, port))])),
                // An opaque host (a non-special URL's: `redis://cache:6379`) is a name too, as
                // rust-url resolves it.
                Some(HostRef::Domain(name) | HostRef::Opaque(name)) => {
                    Ok((name, port).to_socket_addrs()?.collect())
                }
                Some(HostRef::Empty) | None => Err(invalid("the URL has no host")),
            }
        }
    }
}
