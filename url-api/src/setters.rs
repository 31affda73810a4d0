//! The setter steps of the `URL` interface (spec 6.1).
//!
//! Each attribute has a `set_*` method with the spec's behaviour (a silent no-op where the
//! spec says "return", and for every failure of the basic URL parser with a state override)
//! and a `try_set_*` method that does the same and says why it stopped early. Each
//! `try_set_*` is one call of url-core's method of the same name, which holds the setter's
//! steps, its state override and their shortcuts (url-core's `setter_steps.rs`).

use url_core::ParseError;

use crate::SetterError;
use crate::url::Url;

impl Url {
    /// The `href` setter (spec 6.1): parses `value` with the basic URL parser, without a
    /// base, and on success replaces this URL (and so its search params). On failure (the
    /// spec's `TypeError`) the URL is unchanged.
    ///
    /// ```
    /// let mut url = whatwg_url::Url::parse("https://example.com/?a=1", None)?;
    /// url.set_href("http://example.org/?b=2")?;
    /// assert_eq!(url.search_params().get("b"), Some("2"));
    /// assert!(url.set_href("/relative").is_err());
    /// assert_eq!(url.href(), "http://example.org/?b=2");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn set_href(&mut self, value: &str) -> Result<(), ParseError> {
        *self = Url::parse_record(value, None)?;
        Ok(())
    }

    /// The `protocol` setter (spec 6.1); see [`try_set_protocol`](Url::try_set_protocol).
    ///
    /// ```
    /// let mut url = whatwg_url::Url::parse("http://example.com:443/", None)?;
    /// url.set_protocol("https");
    /// assert_eq!(url.href(), "https://example.com/");
    /// url.set_protocol("mailto"); // special to non-special: ignored
    /// assert_eq!(url.href(), "https://example.com/");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn set_protocol(&mut self, value: &str) {
        let _ = self.try_set_protocol(value);
    }

    /// The `protocol` setter (spec 6.1): basic URL parse `value` followed by `:` with this
    /// URL and the scheme start state as state override. Anything after the first `:` is
    /// ignored.
    ///
    /// ```
    /// use whatwg_url::{SetterError, Url};
    ///
    /// let mut url = Url::parse("web+app://example.com/", None)?;
    /// assert_eq!(url.try_set_protocol("web+other:ignored"), Ok(()));
    /// assert_eq!(url.protocol(), "web+other:");
    /// assert_eq!(url.try_set_protocol("1abc"), Err(SetterError::InvalidScheme));
    /// assert_eq!(url.try_set_protocol("http"), Err(SetterError::SchemeChangeNotAllowed));
    /// assert_eq!(url.href(), "web+other://example.com/");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    ///
    /// A switch to `file` keeps the host and the path as they are (4.4 scheme state, with a
    /// state override), so the href may not parse back to the same URL: a parse makes the
    /// host `localhost` empty and writes a first segment `c|` as `c:`, steps of a parse only.
    /// The reference implementation and Node's `URL` give the same.
    ///
    /// ```
    /// let mut url = whatwg_url::Url::parse("http://localhost/c|/x", None)?;
    /// url.set_protocol("file");
    /// assert_eq!(url.href(), "file://localhost/c|/x");
    /// assert_eq!(whatwg_url::Url::parse(url.href(), None)?.href(), "file:///c:/x");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn try_set_protocol(&mut self, value: &str) -> Result<(), SetterError> {
        self.inner.try_set_protocol(value)
    }

    /// The `username` setter (spec 6.1); see [`try_set_username`](Url::try_set_username).
    ///
    /// ```
    /// let mut url = whatwg_url::Url::parse("https://example.com/", None)?;
    /// url.set_username("me@home");
    /// assert_eq!(url.href(), "https://me%40home@example.com/");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn set_username(&mut self, value: &str) {
        let _ = self.try_set_username(value);
    }

    /// The `username` setter (spec 6.1): unless the URL cannot have a
    /// username/password/port, set the username (spec 4.2) to `value`, percent-encoded with
    /// the userinfo percent-encode set.
    ///
    /// ```
    /// use whatwg_url::{SetterError, Url};
    ///
    /// let mut url = Url::parse("file:///etc/hosts", None)?;
    /// assert_eq!(url.try_set_username("me"), Err(SetterError::CannotHaveUsernamePasswordPort));
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn try_set_username(&mut self, value: &str) -> Result<(), SetterError> {
        self.inner.try_set_username(value)
    }

    /// The `password` setter (spec 6.1); see [`try_set_password`](Url::try_set_password).
    ///
    /// ```
    /// let mut url = whatwg_url::Url::parse("https://me@example.com/", None)?;
    /// url.set_password("p:w");
    /// assert_eq!(url.href(), "https://me:p%3Aw@example.com/");
    /// url.set_password("");
    /// assert_eq!(url.href(), "https://me@example.com/");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn set_password(&mut self, value: &str) {
        let _ = self.try_set_password(value);
    }

    /// The `password` setter (spec 6.1): unless the URL cannot have a
    /// username/password/port, set the password (spec 4.2) to `value`, percent-encoded with
    /// the userinfo percent-encode set.
    ///
    /// ```
    /// use whatwg_url::{SetterError, Url};
    ///
    /// let mut url = Url::parse("mailto:me@example.com", None)?;
    /// assert_eq!(url.try_set_password("pw"), Err(SetterError::CannotHaveUsernamePasswordPort));
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn try_set_password(&mut self, value: &str) -> Result<(), SetterError> {
        self.inner.try_set_password(value)
    }

    /// The `host` setter (spec 6.1); see [`try_set_host`](Url::try_set_host).
    ///
    /// ```
    /// let mut url = whatwg_url::Url::parse("https://example.com:8080/path", None)?;
    /// url.set_host("example.org");
    /// assert_eq!(url.href(), "https://example.org:8080/path"); // the port is kept
    /// url.set_host("example.net:9090");
    /// assert_eq!(url.host(), "example.net:9090");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn set_host(&mut self, value: &str) {
        let _ = self.try_set_host(value);
    }

    /// The `host` setter (spec 6.1): unless the URL has an opaque path, basic URL parse
    /// `value` with this URL and the host state as state override. A port after the host is
    /// set too; without one the port is unchanged.
    ///
    /// ```
    /// use whatwg_url::{SetterError, Url};
    ///
    /// let mut url = Url::parse("https://example.com/", None)?;
    /// assert!(matches!(url.try_set_host("exa mple.org"), Err(SetterError::InvalidHost(_))));
    /// // A valid host with an invalid port: the host is set, as the spec says.
    /// assert!(matches!(url.try_set_host("example.org:99999"), Err(SetterError::InvalidPort(_))));
    /// assert_eq!(url.href(), "https://example.org/");
    ///
    /// let mut opaque = Url::parse("mailto:me@example.com", None)?;
    /// assert_eq!(opaque.try_set_host("example.org"), Err(SetterError::HasOpaquePath));
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn try_set_host(&mut self, value: &str) -> Result<(), SetterError> {
        self.inner.try_set_host(value)
    }

    /// The `hostname` setter (spec 6.1); see [`try_set_hostname`](Url::try_set_hostname).
    ///
    /// ```
    /// let mut url = whatwg_url::Url::parse("https://example.com:8080/", None)?;
    /// url.set_hostname("EXAMPLE.org");
    /// assert_eq!(url.href(), "https://example.org:8080/");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn set_hostname(&mut self, value: &str) {
        let _ = self.try_set_hostname(value);
    }

    /// The `hostname` setter (spec 6.1): unless the URL has an opaque path, basic URL parse
    /// `value` with this URL and the hostname state as state override. A value with a port
    /// changes nothing.
    ///
    /// ```
    /// use whatwg_url::{SetterError, Url};
    ///
    /// let mut url = Url::parse("https://example.com/", None)?;
    /// assert!(matches!(url.try_set_hostname("example.org:81"), Err(SetterError::InvalidHost(_))));
    /// assert_eq!(url.href(), "https://example.com/");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn try_set_hostname(&mut self, value: &str) -> Result<(), SetterError> {
        self.inner.try_set_hostname(value)
    }

    /// The `port` setter (spec 6.1); see [`try_set_port`](Url::try_set_port).
    ///
    /// ```
    /// let mut url = whatwg_url::Url::parse("https://example.com/", None)?;
    /// url.set_port("8443");
    /// assert_eq!(url.href(), "https://example.com:8443/");
    /// url.set_port("443"); // the default port is stored as null
    /// assert_eq!(url.href(), "https://example.com/");
    /// url.set_port("8080abc"); // digits up to the first non-digit
    /// assert_eq!(url.port(), "8080");
    /// url.set_port("");
    /// assert_eq!(url.port(), "");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn set_port(&mut self, value: &str) {
        let _ = self.try_set_port(value);
    }

    /// The `port` setter (spec 6.1): unless the URL cannot have a username/password/port, the
    /// empty string sets the port to null, and anything else is basic URL parsed with this
    /// URL and the port state as state override.
    ///
    /// ```
    /// use whatwg_url::{SetterError, Url};
    ///
    /// let mut url = Url::parse("https://example.com:8080/", None)?;
    /// assert!(matches!(url.try_set_port("65536"), Err(SetterError::InvalidPort(_))));
    /// assert!(matches!(url.try_set_port("x"), Err(SetterError::InvalidPort(_))));
    /// assert_eq!(url.port(), "8080");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn try_set_port(&mut self, value: &str) -> Result<(), SetterError> {
        self.inner.try_set_port(value)
    }

    /// The `pathname` setter (spec 6.1); see [`try_set_pathname`](Url::try_set_pathname).
    ///
    /// ```
    /// let mut url = whatwg_url::Url::parse("https://example.com/a?q", None)?;
    /// url.set_pathname("b c/../d");
    /// assert_eq!(url.href(), "https://example.com/d?q");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn set_pathname(&mut self, value: &str) {
        let _ = self.try_set_pathname(value);
    }

    /// The `pathname` setter (spec 6.1): unless the URL has an opaque path, empty the path
    /// and basic URL parse `value` with this URL and the path start state as state override.
    ///
    /// ```
    /// use whatwg_url::{SetterError, Url};
    ///
    /// let mut url = Url::parse("data:text/plain,hi", None)?;
    /// assert_eq!(url.try_set_pathname("/x"), Err(SetterError::HasOpaquePath));
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn try_set_pathname(&mut self, value: &str) -> Result<(), SetterError> {
        self.inner.try_set_pathname(value)
    }

    /// The `search` setter (spec 6.1); see [`try_set_search`](Url::try_set_search).
    ///
    /// ```
    /// let mut url = whatwg_url::Url::parse("https://example.com/?a=1#f", None)?;
    /// url.set_search("?b=2 3");
    /// assert_eq!(url.href(), "https://example.com/?b=2%203#f");
    /// assert_eq!(url.search_params().get("b"), Some("2 3"));
    /// url.set_search("");
    /// assert_eq!(url.href(), "https://example.com/#f");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn set_search(&mut self, value: &str) {
        let _ = self.try_set_search(value);
    }

    /// The `search` setter (spec 6.1): the empty string sets the query to null; otherwise
    /// one leading `?` is removed, the query is set to the empty string, and the rest is
    /// basic URL parsed with this URL and the query state as state override. The search
    /// params (the query object's list) follow, since they are read from the query.
    ///
    /// Fails only with [`SetterError::TooLong`].
    ///
    /// ```
    /// let mut url = whatwg_url::Url::parse("https://example.com/", None)?;
    /// assert_eq!(url.try_set_search("q='x'"), Ok(()));
    /// assert_eq!(url.search(), "?q=%27x%27"); // special-query percent-encode set
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn try_set_search(&mut self, value: &str) -> Result<(), SetterError> {
        self.inner.try_set_search(value)
    }

    /// The `hash` setter (spec 6.1); see [`try_set_hash`](Url::try_set_hash).
    ///
    /// ```
    /// let mut url = whatwg_url::Url::parse("https://example.com/", None)?;
    /// url.set_hash("#a b");
    /// assert_eq!(url.href(), "https://example.com/#a%20b");
    /// url.set_hash("");
    /// assert_eq!(url.href(), "https://example.com/");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn set_hash(&mut self, value: &str) {
        let _ = self.try_set_hash(value);
    }

    /// The `hash` setter (spec 6.1): the empty string sets the fragment to null; otherwise
    /// one leading `#` is removed, the fragment is set to the empty string, and the rest is
    /// basic URL parsed with this URL and the fragment state as state override.
    ///
    /// Fails only with [`SetterError::TooLong`].
    ///
    /// ```
    /// let mut url = whatwg_url::Url::parse("https://example.com/", None)?;
    /// assert_eq!(url.try_set_hash("#"), Ok(()));
    /// assert_eq!(url.href(), "https://example.com/#");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn try_set_hash(&mut self, value: &str) -> Result<(), SetterError> {
        self.inner.try_set_hash(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each setter crosses into url-core once: its `try_set_*` body is one call of the record,
    /// and its `set_*` body one call of its `try_set_*` (so a setter reads down one path:
    /// architecture.md, "A setter, top to bottom").
    #[test]
    fn each_setter_calls_url_core_once() {
        use alloc::format;
        let source = include_str!("setters.rs");
        let source = source.split("#[cfg(test)]").next().unwrap_or_default();
        let mut setters = 0;
        for item in source.split("    pub fn ").skip(1) {
            let name = item.split('(').next().unwrap_or_default();
            let body = item.split("\n    }\n").next().unwrap_or_default();
            let crossings = body.matches("self.inner").count() + body.matches("url_core::").count();
            let calls = body.matches("self.try_set_").count();
            if let Some(attribute) = name.strip_prefix("try_set_") {
                assert_eq!(
                    crossings, 1,
                    "{name} crosses into url-core {crossings} times"
                );
                assert!(
                    body.contains(&format!("self.inner.try_set_{attribute}(value)")),
                    "{name}"
                );
                setters += 1;
            } else if name != "set_href" {
                assert_eq!((crossings, calls), (0, 1), "{name}");
            }
        }
        assert_eq!(
            setters, 9,
            "the nine attribute setters with a try_set_* form"
        );
    }

    #[test]
    fn host_setter_tells_a_port_failure_from_a_host_failure() {
        let mut url = Url::parse("https://example.com/", None).unwrap();
        // The host state sets the host, then the port state fails (spec 6.1).
        assert_eq!(
            url.try_set_host("example.org:x"),
            Err(SetterError::InvalidPort(None))
        );
        assert_eq!(url.host(), "example.org");
        assert!(matches!(
            url.try_set_host("[::1]:99999"),
            Err(SetterError::InvalidPort(Some(_)))
        ));
        assert_eq!(url.try_set_host("[::1]"), Ok(()));
        // The host ends at "/" (or "\\" in a special URL): no port state.
        assert_eq!(url.try_set_host("a/b:c"), Ok(()));
        assert_eq!(url.try_set_host("b\\c:d"), Ok(()));
        assert_eq!(url.host(), "b");
        assert!(matches!(
            url.try_set_host("exa mple:1"),
            Err(SetterError::InvalidHost(Some(_)))
        ));
        // Not a terminator in a non-special URL: the opaque host fails before any port.
        let mut opaque = Url::parse("foo://h/", None).unwrap();
        assert!(matches!(
            opaque.try_set_host("a\\b:1"),
            Err(SetterError::InvalidHost(Some(_)))
        ));
        // The hostname state fails on ":" itself.
        assert_eq!(
            url.try_set_hostname("c:1"),
            Err(SetterError::InvalidHost(None))
        );
    }

    #[test]
    fn protocol_setter_reads_the_scheme_state_outcome() {
        let mut url = Url::parse("https://example.com/", None).unwrap();
        assert_eq!(url.try_set_protocol("HT\tTP:x"), Ok(()));
        assert_eq!(url.protocol(), "http:");
        assert_eq!(
            url.try_set_protocol("foo"),
            Err(SetterError::SchemeChangeNotAllowed)
        );
        assert_eq!(url.try_set_protocol("1x"), Err(SetterError::InvalidScheme));
        // The same scheme again is a change to the same value, not a refusal.
        assert_eq!(url.try_set_protocol("http"), Ok(()));
        assert_eq!(url.href(), "http://example.com/");
    }
}
