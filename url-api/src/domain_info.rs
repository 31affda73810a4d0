//! The URL's host's public suffix and registrable domain (spec 3.2), through `host`'s
//! compiled-in Public Suffix List (feature `psl`, off by default: it doubles a clean build).

use url_core::HostRef;

use crate::Url;

impl Url {
    /// The public suffix (spec 3.2) of the URL's host: `None` if the host is null or not a
    /// domain (an IP address, an opaque host, the empty host). A trailing dot is kept.
    ///
    /// ```
    /// use whatwg_url::Url;
    ///
    /// assert_eq!(Url::parse("https://www.example.co.uk/", None)?.public_suffix(), Some("co.uk"));
    /// assert_eq!(Url::parse("https://whatwg.github.io./", None)?.public_suffix(), Some("github.io."));
    /// assert_eq!(Url::parse("https://пример.рф/", None)?.public_suffix(), Some("xn--p1ai"));
    /// assert_eq!(Url::parse("https://192.0.2.1/", None)?.public_suffix(), None);
    /// assert_eq!(Url::parse("git://github.com/whatwg/url.git", None)?.public_suffix(), None);
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn public_suffix(&self) -> Option<&str> {
        self.domain_host()?.public_suffix()
    }

    /// The registrable domain (spec 3.2) of the URL's host: its public suffix and the label
    /// before it; `None` if the host is not a domain or is itself a public suffix.
    ///
    /// ```
    /// use whatwg_url::Url;
    ///
    /// let url = Url::parse("https://sub.www.EXAMPLE.com/", None)?;
    /// assert_eq!(url.registrable_domain(), Some("example.com"));
    /// assert_eq!(Url::parse("https://github.io/", None)?.registrable_domain(), None);
    /// assert_eq!(Url::parse("http://[::1]/", None)?.registrable_domain(), None);
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn registrable_domain(&self) -> Option<&str> {
        self.domain_host()?.registrable_domain()
    }

    /// The URL's host if it is a domain, borrowed from the serialization.
    fn domain_host(&self) -> Option<HostRef<'_>> {
        match self.inner.host()? {
            domain @ HostRef::Domain(_) => Some(domain),
            _ => None,
        }
    }
}
