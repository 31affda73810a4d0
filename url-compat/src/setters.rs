//! rust-url's setters, each through the standard's setters (spec 6.1, the basic URL parser
//! with a state override) where one exists, with rust-url's `Result` contract around them.

use crate::host::Host;
use crate::path_segments::PathSegmentsMut;
use crate::{ParseError, Url};
use alloc::format;
use alloc::string::String;
use core::net::IpAddr;
use whatwg_url::HostKind;

impl Url {
    /// Change this URL's fragment identifier: `None` removes it, `Some("")` leaves an empty
    /// one (the standard's hash setter, spec 6.1, with the `#` it takes off).
    ///
    /// ```rust
    /// use url::Url;
    /// let mut url = Url::parse("https://example.com/data.csv")?;
    /// url.set_fragment(Some("cell=4,1-6,2"));
    /// assert_eq!(url.as_str(), "https://example.com/data.csv#cell=4,1-6,2");
    /// url.set_fragment(None);
    /// assert_eq!(url.as_str(), "https://example.com/data.csv");
    /// # Ok::<(), url::ParseError>(())
    /// ```
    pub fn set_fragment(&mut self, fragment: Option<&str>) {
        match fragment {
            None => self.inner.set_hash(""),
            // The hash setter drops one leading "#" and maps "" to null: "#" + the value
            // keeps both (spec 6.1, hash setter, steps 2–5).
            Some(fragment) => self.inner.set_hash(&format!("#{fragment}")),
        }
    }

    /// Change this URL's query string: `None` removes it, `Some("")` leaves an empty one (the
    /// standard's search setter, spec 6.1, with the `?` it takes off).
    ///
    /// ```rust
    /// use url::Url;
    /// let mut url = Url::parse("https://example.com/products")?;
    /// url.set_query(Some("page=2"));
    /// assert_eq!(url.as_str(), "https://example.com/products?page=2");
    /// # Ok::<(), url::ParseError>(())
    /// ```
    pub fn set_query(&mut self, query: Option<&str>) {
        match query {
            None => self.inner.set_search(""),
            Some(query) => self.inner.set_search(&format!("?{query}")),
        }
    }

    /// Manipulate this URL's query string, viewed as a sequence of name/value pairs in
    /// `application/x-www-form-urlencoded` syntax. The URL gets the new query when the
    /// serializer is finished or dropped.
    ///
    /// ```rust
    /// use url::Url;
    /// let mut url = Url::parse("https://example.net?lang=fr#nav")?;
    /// url.query_pairs_mut().append_pair("foo", "bar & baz").append_pair("saisons", "\u{00C9}t\u{00E9}+hiver");
    /// assert_eq!(url.query(), Some("lang=fr&foo=bar+%26+baz&saisons=%C3%89t%C3%A9%2Bhiver"));
    /// assert_eq!(url.as_str(), "https://example.net/?lang=fr&foo=bar+%26+baz&saisons=%C3%89t%C3%A9%2Bhiver#nav");
    /// # Ok::<(), url::ParseError>(())
    /// ```
    pub fn query_pairs_mut(&mut self) -> form_urlencoded::Serializer<'_, crate::UrlQuery<'_>> {
        let query = crate::UrlQuery::new(self);
        form_urlencoded::Serializer::for_suffix(query, 0)
    }

    /// Change this URL's path.
    ///
    /// A URL with a path that is a list gets the standard's pathname setter (spec 6.1). A
    /// cannot-be-a-base URL gets `path` as its opaque path, as in rust-url: a leading `/` is
    /// written `%2F` (else the URL would have a list path), and `?` and `#` are
    /// percent-encoded so that they stay in the path.
    ///
    /// ```rust
    /// use url::Url;
    /// let mut url = Url::parse("https://example.com/api")?;
    /// url.set_path("data/report.txt");
    /// assert_eq!(url.as_str(), "https://example.com/data/report.txt");
    /// # Ok::<(), url::ParseError>(())
    /// ```
    pub fn set_path(&mut self, path: &str) {
        if !self.cannot_be_a_base() {
            self.inner.set_pathname(path);
            return;
        }
        let offsets = self.offsets();
        let mut href = String::with_capacity(self.as_str().len() + path.len());
        href.push_str(self.scheme());
        href.push(':');
        for (i, c) in path.char_indices() {
            match c {
                '/' if i == 0 => href.push_str("%2F"),
                '?' => href.push_str("%3F"),
                '#' => href.push_str("%23"),
                c if c < ' ' || c == '\u{7f}' => {
                    href.push_str(&format!("%{:02X}", u32::from(c)));
                }
                c => href.push(c),
            }
        }
        let rest_start = offsets
            .query_start
            .or(offsets.fragment_start)
            .unwrap_or(offsets.len);
        href.push_str(self.as_str().get(rest_start..).unwrap_or_default());
        if let Ok(url) = Url::parse(&href) {
            *self = url;
        }
    }

    /// Return an object with methods to manipulate this URL's path segments, or `Err(())`
    /// if this URL is cannot-be-a-base.
    #[allow(clippy::result_unit_err)]
    pub fn path_segments_mut(&mut self) -> Result<PathSegmentsMut<'_>, ()> {
        PathSegmentsMut::new(self)
    }

    /// Whether the URL cannot have a username, password or port (spec 4.2): its host is null
    /// or empty, or its scheme is `file`.
    fn cannot_have_username_password_port(&self) -> bool {
        matches!(self.inner.host_kind(), None | Some(HostKind::Empty)) || self.scheme() == "file"
    }

    /// Change this URL's port number: `None` removes it; the scheme's default port is stored
    /// as no port (spec 4.4, port state).
    ///
    /// Returns `Err(())` when the URL cannot have a port: no host, an empty host, or `file:`.
    ///
    /// ```rust
    /// use url::Url;
    /// let mut url = Url::parse("ssh://example.net:2048/")?;
    /// url.set_port(Some(4096)).map_err(|_| url::ParseError::InvalidPort)?;
    /// assert_eq!(url.as_str(), "ssh://example.net:4096/");
    /// url.set_port(None).map_err(|_| url::ParseError::InvalidPort)?;
    /// assert_eq!(url.as_str(), "ssh://example.net/");
    /// # Ok::<(), url::ParseError>(())
    /// ```
    #[allow(clippy::result_unit_err)]
    pub fn set_port(&mut self, port: Option<u16>) -> Result<(), ()> {
        if self.cannot_have_username_password_port() {
            return Err(());
        }
        let value = port.map(|p| format!("{p}")).unwrap_or_default();
        self.inner.try_set_port(&value).map_err(|_| ())
    }

    /// Change this URL's host.
    ///
    /// `Some(host)`: the host is parsed as the standard's host parser does for this URL's
    /// scheme (spec 3.5), after anything from a `:` on is dropped (as rust-url does; an IPv6
    /// address in brackets keeps its colons); then set with the hostname setter. `None`
    /// removes the host, where the URL may be without one: a non-special URL loses its
    /// authority (username, password and port with it), a `file:` URL gets the empty host.
    ///
    /// ```rust
    /// use url::Url;
    /// let mut url = Url::parse("https://example.net")?;
    /// url.set_host(Some("rust-lang.org"))?;
    /// assert_eq!(url.as_str(), "https://rust-lang.org/");
    /// assert!(url.set_host(None).is_err());
    /// let mut url = Url::parse("foo://example.net/x")?;
    /// url.set_host(None)?;
    /// assert_eq!(url.as_str(), "foo:/x");
    /// # Ok::<(), url::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// `SetHostOnCannotBeABaseUrl` for a cannot-be-a-base URL, `EmptyHost` for an empty or
    /// removed host where the scheme needs one, and the host parser's errors.
    pub fn set_host(&mut self, host: Option<&str>) -> Result<(), ParseError> {
        if self.cannot_be_a_base() {
            return Err(ParseError::SetHostOnCannotBeABaseUrl);
        }
        let special = self.is_special();
        let file = self.scheme() == "file";
        let Some(host) = host else {
            return self.remove_host(special, file);
        };
        if host.is_empty() {
            if special && !file {
                return Err(ParseError::EmptyHost);
            }
            return self
                .inner
                .try_set_hostname("")
                .map_err(|_| ParseError::EmptyHost);
        }
        let mut host_substr = host;
        if !host.starts_with('[') || !host.ends_with(']') {
            match host.find(':') {
                Some(0) => return Err(ParseError::InvalidDomainCharacter),
                Some(colon) => host_substr = host.get(..colon).unwrap_or_default(),
                None => {}
            }
        }
        let parsed = if special {
            Host::parse(host_substr)?
        } else {
            Host::parse_opaque(host_substr)?
        };
        let serialized = format!("{parsed}");
        self.inner
            .try_set_hostname(&serialized)
            .map_err(|_| ParseError::InvalidDomainCharacter)
    }

    /// `set_host(None)`: the serialization of the same URL without its authority (spec 4.5:
    /// scheme, `:`, the `/.` guard where the path starts with an empty segment, path, query,
    /// fragment), parsed again; `file:` keeps `//` and an empty host.
    fn remove_host(&mut self, special: bool, file: bool) -> Result<(), ParseError> {
        if self.inner.host_kind().is_none() {
            return Ok(());
        }
        if file {
            return self
                .inner
                .try_set_hostname("")
                .map_err(|_| ParseError::EmptyHost);
        }
        if special {
            return Err(ParseError::EmptyHost);
        }
        let path_start = self.offsets().path_start;
        let path_onward = self.as_str().get(path_start..).unwrap_or_default();
        let mut href = String::with_capacity(self.as_str().len());
        href.push_str(self.scheme());
        href.push(':');
        if self.path().starts_with("//") {
            href.push_str("/.");
        }
        if self.path().is_empty() {
            href.push('/');
        }
        href.push_str(path_onward);
        *self = Url::parse(&href).map_err(|_| ParseError::EmptyHost)?;
        Ok(())
    }

    /// Change this URL's host to the given IP address.
    ///
    /// If this URL is cannot-be-a-base, do nothing and return `Err`.
    ///
    /// Compared to `Url::set_host`, this skips the host parser.
    #[allow(clippy::result_unit_err)]
    pub fn set_ip_host(&mut self, address: IpAddr) -> Result<(), ()> {
        if self.cannot_be_a_base() {
            return Err(());
        }
        let host = match address {
            IpAddr::V4(a) => Host::<String>::Ipv4(a),
            IpAddr::V6(a) => Host::<String>::Ipv6(a),
        };
        self.inner
            .try_set_hostname(&format!("{host}"))
            .map_err(|_| ())
    }

    /// Change this URL's password (spec 6.1, password setter; `None` is the empty password).
    ///
    /// Returns `Err(())` when the URL cannot have a password (no host, an empty host, or
    /// `file:`).
    #[allow(clippy::result_unit_err)]
    pub fn set_password(&mut self, password: Option<&str>) -> Result<(), ()> {
        if self.cannot_have_username_password_port() {
            return Err(());
        }
        self.inner
            .try_set_password(password.unwrap_or_default())
            .map_err(|_| ())
    }

    /// Change this URL's username (spec 6.1, username setter).
    ///
    /// Returns `Err(())` when the URL cannot have a username (no host, an empty host, or
    /// `file:`).
    ///
    /// ```rust
    /// use url::Url;
    /// let mut url = Url::parse("ftp://:secre1@example.com/")?;
    /// assert!(url.set_username("user1").is_ok());
    /// assert_eq!(url.as_str(), "ftp://user1:secre1@example.com/");
    /// # Ok::<(), url::ParseError>(())
    /// ```
    #[allow(clippy::result_unit_err)]
    pub fn set_username(&mut self, username: &str) -> Result<(), ()> {
        if self.cannot_have_username_password_port() {
            return Err(());
        }
        self.inner.try_set_username(username).map_err(|_| ())
    }

    /// Change this URL's scheme (spec 6.1, protocol setter: spec 4.4's scheme state with a
    /// state override).
    ///
    /// Returns `Err(())` when the new scheme is not a valid scheme (`scheme` may end with one
    /// `:`, nothing may follow it), or when the standard refuses the change: between a special
    /// and a non-special scheme, to `file` with credentials or a port, from `file` with an
    /// empty host.
    ///
    /// ```rust
    /// use url::Url;
    /// let mut url = Url::parse("https://example.net")?;
    /// assert!(url.set_scheme("http").is_ok());
    /// assert_eq!(url.as_str(), "http://example.net/");
    /// assert!(url.set_scheme("foo").is_err());
    /// # Ok::<(), url::ParseError>(())
    /// ```
    #[allow(clippy::result_unit_err)]
    pub fn set_scheme(&mut self, scheme: &str) -> Result<(), ()> {
        let name = scheme.strip_suffix(':').unwrap_or(scheme);
        let mut chars = name.chars();
        let valid = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
            && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
        if !valid {
            return Err(());
        }
        self.inner.try_set_protocol(name).map_err(|_| ())
    }
}
