//! The setter steps of the `URL` interface (spec 6.1).
//!
//! Each attribute has a `set_*` method with the spec's behaviour (a silent no-op where the
//! spec says "return", and for every failure of the basic URL parser with a state override)
//! and a `try_set_*` method that does the same and says why it stopped early.

use alloc::string::String;

use url_core::{Overridden, OverrideError, ParseError, ReportedError, StateOverride};

use crate::setter_error::SetterError;
use crate::url::Url;

/// Maps a failure of the basic URL parser in a setter that changes no host or port.
fn too_long_or(e: ParseError, otherwise: SetterError) -> SetterError {
    match e {
        ParseError::TooLong => SetterError::TooLong,
        _ => otherwise,
    }
}

fn reported(e: ParseError) -> Option<ReportedError> {
    match e {
        ParseError::Invalid(r) => Some(r),
        _ => None,
    }
}

/// Whether the URL may grow by `added` input bytes without risking `ParseError::TooLong`
/// (a byte of input becomes at most 3 bytes of serialization, `%XX`).
fn fits(url: &Url, added: usize) -> bool {
    url.href().len().saturating_add(added.saturating_mul(3)) < u32::MAX as usize
}

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
        self.inner = url_core::UrlRecord::parse(value, None)?;
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
    pub fn try_set_protocol(&mut self, value: &str) -> Result<(), SetterError> {
        if !fits(self, value.len()) {
            return Err(SetterError::TooLong);
        }
        let mut input = String::with_capacity(value.len() + 1);
        input.push_str(value);
        input.push(':');
        match self
            .inner
            .basic_parse_override(&input, StateOverride::SchemeStart)
        {
            Err(e) => Err(too_long_or(e.error, SetterError::InvalidScheme)),
            // The scheme state "returns" without a change when the change is not allowed
            // (spec 4.4, scheme state, step 2.1).
            Ok(Overridden::Unchanged) => Err(SetterError::SchemeChangeNotAllowed),
            Ok(Overridden::Changed) => Ok(()),
        }
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
        if self.inner.cannot_have_username_password_port() {
            return Err(SetterError::CannotHaveUsernamePasswordPort);
        }
        if !fits(self, value.len()) {
            return Err(SetterError::TooLong);
        }
        self.inner.set_username(value);
        Ok(())
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
        if self.inner.cannot_have_username_password_port() {
            return Err(SetterError::CannotHaveUsernamePasswordPort);
        }
        if !fits(self, value.len()) {
            return Err(SetterError::TooLong);
        }
        self.inner.set_password(value);
        Ok(())
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
        self.set_host_or_hostname(value, StateOverride::Host, Shortcuts::Taken)
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
        self.set_host_or_hostname(value, StateOverride::Hostname, Shortcuts::Taken)
    }

    /// The host and hostname setters' steps.
    pub(crate) fn set_host_or_hostname(
        &mut self,
        value: &str,
        state: StateOverride,
        shortcuts: Shortcuts,
    ) -> Result<(), SetterError> {
        // Step 1: if this's URL has an opaque path, then return.
        if self.inner.has_opaque_path() {
            return Err(SetterError::HasOpaquePath);
        }
        if !fits(self, value.len()) {
            return Err(SetterError::TooLong);
        }
        // Step 2: basic URL parse the value with this's URL and the host (hostname) state.
        // The host state may go on to the port state: a failure there is the port's.
        basic_parse_override(&mut self.inner, value, state, shortcuts)
            .map(|_| ())
            .map_err(|e| match e {
                OverrideError {
                    error: ParseError::TooLong,
                    ..
                } => SetterError::TooLong,
                OverrideError {
                    state: StateOverride::Port,
                    error,
                } => SetterError::InvalidPort(reported(error)),
                OverrideError { error, .. } => SetterError::InvalidHost(reported(error)),
            })
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
        // Step 1: if this's URL cannot have a username/password/port, then return.
        if self.inner.cannot_have_username_password_port() {
            return Err(SetterError::CannotHaveUsernamePasswordPort);
        }
        // Step 2: the empty string sets the port to null.
        if value.is_empty() {
            self.inner.set_port(None);
            return Ok(());
        }
        // Step 3: basic URL parse the value with the port state as state override.
        self.inner
            .basic_parse_override(value, StateOverride::Port)
            .map(|_| ())
            .map_err(|e| too_long_or(e.error, SetterError::InvalidPort(reported(e.error))))
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
        self.set_pathname_with(value, Shortcuts::Taken)
    }

    /// The pathname setter's steps.
    pub(crate) fn set_pathname_with(
        &mut self,
        value: &str,
        shortcuts: Shortcuts,
    ) -> Result<(), SetterError> {
        // Step 1: if this's URL has an opaque path, then return.
        if self.inner.has_opaque_path() {
            return Err(SetterError::HasOpaquePath);
        }
        // Step 2: empty this's URL's path; step 3: basic URL parse the value.
        self.edit_then_parse(value, StateOverride::PathStart, shortcuts, |url| {
            url.clear_path()
        })
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
        self.set_search_with(value, Shortcuts::Taken)
    }

    /// The search setter's steps.
    pub(crate) fn set_search_with(
        &mut self,
        value: &str,
        shortcuts: Shortcuts,
    ) -> Result<(), SetterError> {
        // Step 3: the empty string sets the query to null (the query object's list becomes
        // empty with it).
        if value.is_empty() {
            self.inner.set_query(None);
            return Ok(());
        }
        // Steps 4-6: remove a single leading "?", set the query to "", parse into it.
        let input = value.strip_prefix('?').unwrap_or(value);
        self.edit_then_parse(input, StateOverride::Query, shortcuts, |url| {
            url.set_empty_query()
        })
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
        self.set_hash_with(value, Shortcuts::Taken)
    }

    /// The hash setter's steps.
    pub(crate) fn set_hash_with(
        &mut self,
        value: &str,
        shortcuts: Shortcuts,
    ) -> Result<(), SetterError> {
        // Step 3: the empty string sets the fragment to null.
        if value.is_empty() {
            self.inner.set_fragment(None);
            return Ok(());
        }
        // Steps 4-6: remove a single leading "#", set the fragment to "", parse into it.
        let input = value.strip_prefix('#').unwrap_or(value);
        self.edit_then_parse(input, StateOverride::Fragment, shortcuts, |url| {
            url.set_empty_fragment()
        })
    }

    /// Runs `edit` on the record, then the basic URL parser on `input` with `state` as state
    /// override. Those parses fail only when the URL would be too long; then the URL is
    /// restored, so a failing setter changes nothing. A copy is kept only when the input is
    /// large enough for that to be possible.
    fn edit_then_parse(
        &mut self,
        input: &str,
        state: StateOverride,
        shortcuts: Shortcuts,
        edit: impl FnOnce(&mut url_core::UrlRecord),
    ) -> Result<(), SetterError> {
        let saved = (!fits(self, input.len())).then(|| self.inner.clone());
        edit(&mut self.inner);
        basic_parse_override(&mut self.inner, input, state, shortcuts)
            .map(|_| ())
            .map_err(|e| {
                if let Some(saved) = saved {
                    self.inner = saved;
                }
                too_long_or(e.error, SetterError::TooLong)
            })
    }
}

/// Whether the basic URL parser with a state override may take url-core's shortcuts for
/// values that need nothing done: always, but in the `testing` hooks (`testing.rs`), which run
/// the same setter steps with the general state machine alone.
#[derive(Clone, Copy)]
pub(crate) enum Shortcuts {
    Taken,
    #[cfg(feature = "testing")]
    Skipped,
}

/// The basic URL parser with `url` and `state` as state override (spec 4.4).
#[inline]
fn basic_parse_override(
    url: &mut url_core::UrlRecord,
    input: &str,
    state: StateOverride,
    shortcuts: Shortcuts,
) -> Result<Overridden, OverrideError> {
    match shortcuts {
        Shortcuts::Taken => url.basic_parse_override(input, state),
        #[cfg(feature = "testing")]
        Shortcuts::Skipped => url.basic_parse_override_without_shortcuts(input, state),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
