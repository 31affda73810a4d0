//! rust-url's component getters, each a slice of the serialization (spec 4.5) or the record.

use crate::host::Host;
use crate::origin::Origin;
use crate::Url;
use core::str;
use whatwg_url::HostKind;

impl Url {
    /// Return the origin of this URL (spec 4.7): a tuple for `http`, `https`, `ws`, `wss`,
    /// `ftp` (and `blob:` URLs of those), an opaque origin otherwise.
    ///
    /// ```rust
    /// use url::{Host, Origin, Url};
    /// let url = Url::parse("blob:https://example.com/foo")?;
    /// assert_eq!(url.origin(), Origin::Tuple("https".into(), Host::Domain("example.com".into()), 443));
    /// # Ok::<(), url::ParseError>(())
    /// ```
    pub fn origin(&self) -> Origin {
        Origin::of(&self.inner)
    }

    /// Return the scheme of this URL, lower-cased, as an ASCII string without the ':' delimiter.
    #[inline]
    pub fn scheme(&self) -> &str {
        self.inner.scheme()
    }

    /// Return whether the URL is special (has a special scheme, spec 4.2).
    #[inline]
    pub fn is_special(&self) -> bool {
        self.inner.is_special()
    }

    /// Return whether the URL has an 'authority', which can contain a username, password,
    /// host, and port number: the serialization has `//` after the scheme (its host is not
    /// null).
    #[inline]
    pub fn has_authority(&self) -> bool {
        self.inner.host_kind().is_some()
    }

    /// Return the authority of this URL as an ASCII string: what stands between the `//` and
    /// the path (`username:password@host:port`); empty without an authority or when it is
    /// empty (`file:///`).
    ///
    /// ```rust
    /// use url::Url;
    /// let url = Url::parse("ftp://rms:secret123@example.com:2121/")?;
    /// assert_eq!(url.authority(), "rms:secret123@example.com:2121");
    /// let url = Url::parse("unix:/run/foo.socket")?;
    /// assert_eq!(url.authority(), "");
    /// # Ok::<(), url::ParseError>(())
    /// ```
    pub fn authority(&self) -> &str {
        let o = self.offsets();
        if o.has_authority && o.path_start > o.scheme_end + "://".len() {
            self.as_str()
                .get(o.scheme_end + "://".len()..o.path_start)
                .unwrap_or_default()
        } else {
            ""
        }
    }

    /// Return whether this URL is a cannot-be-a-base URL, meaning that parsing a relative URL
    /// string with this URL as the base will return an error: it has an opaque path.
    #[inline]
    pub fn cannot_be_a_base(&self) -> bool {
        self.inner.has_opaque_path()
    }

    /// Return the username for this URL (typically the empty string) as a percent-encoded
    /// ASCII string.
    #[inline]
    pub fn username(&self) -> &str {
        self.inner.username()
    }

    /// Return the password for this URL, if any, as a percent-encoded ASCII string.
    #[inline]
    pub fn password(&self) -> Option<&str> {
        Some(self.inner.password()).filter(|p| !p.is_empty())
    }

    /// Equivalent to `url.host().is_some()`: the host is neither null nor empty.
    #[inline]
    pub fn has_host(&self) -> bool {
        !matches!(self.inner.host_kind(), None | Some(HostKind::Empty))
    }

    /// Return the string representation of the host (domain or IP address) for this URL, if
    /// any. Non-ASCII domains are punycode-encoded per IDNA; IPv6 addresses are given between
    /// `[` and `]` brackets. `None` for a null or empty host (`file:///tmp`).
    #[inline]
    pub fn host_str(&self) -> Option<&str> {
        if self.has_host() {
            Some(self.inner.hostname())
        } else {
            None
        }
    }

    /// Return the parsed representation of the host for this URL. Non-ASCII domain labels
    /// are punycode-encoded per IDNA if this is the host of a special URL, or percent encoded
    /// for non-special URLs.
    pub fn host(&self) -> Option<Host<&str>> {
        self.inner.host_ref().and_then(Host::from_url)
    }

    /// If this URL has a host and it is a domain name (not an IP address), return it. An
    /// opaque host counts as a domain, as in rust-url.
    pub fn domain(&self) -> Option<&str> {
        match self.host() {
            Some(Host::Domain(d)) => Some(d),
            _ => None,
        }
    }

    /// Return the port number for this URL, if any: never the scheme's default port.
    #[inline]
    pub fn port(&self) -> Option<u16> {
        self.inner.port_number()
    }

    /// Return the port number for this URL, or the default port number if it is known (spec
    /// 4.2's special schemes).
    #[inline]
    pub fn port_or_known_default(&self) -> Option<u16> {
        self.inner.port_or_known_default()
    }

    /// Resolve a URL's host and port number to `SocketAddr`.
    ///
    /// If the URL has the default port number of a scheme that is unknown to this library,
    /// `default_port_number` provides an opportunity to provide the actual port number.
    #[cfg(feature = "std")]
    pub fn socket_addrs(
        &self,
        default_port_number: impl Fn() -> Option<u16>,
    ) -> std::io::Result<alloc::vec::Vec<std::net::SocketAddr>> {
        self.inner.socket_addrs(default_port_number)
    }

    /// Return the path for this URL, as a percent-encoded ASCII string: the URL path
    /// serializer's output (spec 4.5), the standard's `pathname`.
    #[inline]
    pub fn path(&self) -> &str {
        self.inner.pathname()
    }

    /// Unless this URL is cannot-be-a-base, return an iterator of '/' slash-separated path
    /// segments, each as a percent-encoded ASCII string.
    ///
    /// Return `None` for cannot-be-a-base URLs (and URLs whose path is empty).
    ///
    /// When `Some` is returned, the iterator always contains at least one string (which may
    /// be empty).
    pub fn path_segments(&self) -> Option<str::Split<'_, char>> {
        self.path().strip_prefix('/').map(|rest| rest.split('/'))
    }

    /// Return this URL's query string, if any, as a percent-encoded ASCII string.
    #[inline]
    pub fn query(&self) -> Option<&str> {
        self.inner.query()
    }

    /// Parse the URL's query string, if any, as `application/x-www-form-urlencoded` and
    /// return an iterator of (key, value) pairs.
    ///
    /// ```rust
    /// use std::borrow::Cow;
    /// use url::Url;
    /// let url = Url::parse("https://example.com/products?page=2&sort=desc")?;
    /// let mut pairs = url.query_pairs();
    /// assert_eq!(pairs.count(), 2);
    /// assert_eq!(pairs.next(), Some((Cow::Borrowed("page"), Cow::Borrowed("2"))));
    /// # Ok::<(), url::ParseError>(())
    /// ```
    #[inline]
    pub fn query_pairs(&self) -> form_urlencoded::Parse<'_> {
        form_urlencoded::parse(self.query().unwrap_or("").as_bytes())
    }

    /// Return this URL's fragment identifier, if any, as a percent-encoded ASCII string.
    #[inline]
    pub fn fragment(&self) -> Option<&str> {
        self.inner.fragment()
    }
}
