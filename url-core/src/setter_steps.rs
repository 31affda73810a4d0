//! The setter steps of the `URL` interface (spec 6.1), whole: each `try_set_*` method checks
//! what the setter checks, makes the edit the setter makes before it parses (the pathname
//! setter empties the path, the search and hash setters set their component to ""), and runs
//! the basic URL parser with the setter's state override (`parser/overrides.rs`: a shortcut
//! for values that need nothing done, else the state machine, then the commit). whatwg-url's
//! `Url` setters call one of these and nothing else of the record, so that a setter goes
//! down once: `Url::try_set_pathname` → [`UrlRecord::try_set_pathname`] → the path shortcut,
//! or the path start state and the commit.

use crate::error::{Overridden, OverrideError, ParseError};
use crate::setter_error::SetterError;
use crate::state_override::StateOverride;
use crate::url::UrlRecord;
use alloc::string::String;
#[cfg(feature = "testing")]
use host::NoSink;
use host::ReportedError;
#[cfg(feature = "testing")]
use percent::Utf8;

/// Whether the basic URL parser with a state override may take its shortcuts for values that
/// need nothing done: always, but in the `testing` hooks, which run the same setter steps
/// with the general state machine alone.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shortcuts {
    Taken,
    #[cfg(feature = "testing")]
    Skipped,
}

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

impl UrlRecord {
    /// Whether the URL may grow by `added` input bytes without risking `ParseError::TooLong`
    /// (a byte of input becomes at most 3 bytes of serialization, `%XX`).
    fn fits(&self, added: usize) -> bool {
        self.serialization
            .len()
            .saturating_add(added.saturating_mul(3))
            < u32::MAX as usize
    }

    /// The basic URL parser with this URL and `state` as state override (spec 4.4), with or
    /// without its shortcuts.
    #[inline]
    fn parse_override(
        &mut self,
        input: &str,
        state: StateOverride,
        shortcuts: Shortcuts,
    ) -> Result<Overridden, OverrideError> {
        match shortcuts {
            Shortcuts::Taken => self.basic_parse_override(input, state),
            #[cfg(feature = "testing")]
            Shortcuts::Skipped => self.basic_parse_override_with(input, state, &Utf8, &mut NoSink),
        }
    }

    /// The `protocol` setter (spec 6.1): basic URL parse `value` followed by `:` with this URL
    /// and the scheme start state as state override. Anything after the first `:` is ignored.
    ///
    /// ```
    /// use url_core::{SetterError, UrlRecord};
    /// let mut url = UrlRecord::parse("web+app://example.com/", None)?;
    /// assert_eq!(url.try_set_protocol("web+other:ignored"), Ok(()));
    /// assert_eq!(url.try_set_protocol("http"), Err(SetterError::SchemeChangeNotAllowed));
    /// assert_eq!(url.as_str(), "web+other://example.com/");
    /// # Ok::<(), url_core::ParseError>(())
    /// ```
    pub fn try_set_protocol(&mut self, value: &str) -> Result<(), SetterError> {
        if !self.fits(value.len()) {
            return Err(SetterError::TooLong);
        }
        let mut input = String::with_capacity(value.len() + 1);
        input.push_str(value);
        input.push(':');
        match self.basic_parse_override(&input, StateOverride::SchemeStart) {
            Err(e) => Err(too_long_or(e.error, SetterError::InvalidScheme)),
            // The scheme state "returns" without a change when the change is not allowed
            // (spec 4.4, scheme state, step 2.1).
            Ok(Overridden::Unchanged) => Err(SetterError::SchemeChangeNotAllowed),
            Ok(Overridden::Changed) => Ok(()),
        }
    }

    /// The `username` setter (spec 6.1): unless the URL cannot have a username/password/port,
    /// set the username (spec 4.2) to `value`, percent-encoded with the userinfo
    /// percent-encode set.
    pub fn try_set_username(&mut self, value: &str) -> Result<(), SetterError> {
        if self.cannot_have_username_password_port() {
            return Err(SetterError::CannotHaveUsernamePasswordPort);
        }
        if !self.fits(value.len()) {
            return Err(SetterError::TooLong);
        }
        self.set_username(value);
        Ok(())
    }

    /// The `password` setter (spec 6.1): like [`UrlRecord::try_set_username`], for the
    /// password.
    pub fn try_set_password(&mut self, value: &str) -> Result<(), SetterError> {
        if self.cannot_have_username_password_port() {
            return Err(SetterError::CannotHaveUsernamePasswordPort);
        }
        if !self.fits(value.len()) {
            return Err(SetterError::TooLong);
        }
        self.set_password(value);
        Ok(())
    }

    /// The `host` setter (spec 6.1): unless the URL has an opaque path, basic URL parse
    /// `value` with this URL and the host state as state override. A port after the host is
    /// set too; without one the port is unchanged. A valid host with an invalid port sets the
    /// host, then fails with [`SetterError::InvalidPort`], as the spec does.
    pub fn try_set_host(&mut self, value: &str) -> Result<(), SetterError> {
        self.host_steps(value, StateOverride::Host, Shortcuts::Taken)
    }

    /// The `hostname` setter (spec 6.1): the same with the hostname state, which fails on a
    /// port.
    pub fn try_set_hostname(&mut self, value: &str) -> Result<(), SetterError> {
        self.host_steps(value, StateOverride::Hostname, Shortcuts::Taken)
    }

    /// The host and hostname setters' steps.
    fn host_steps(
        &mut self,
        value: &str,
        state: StateOverride,
        shortcuts: Shortcuts,
    ) -> Result<(), SetterError> {
        // Step 1: if this's URL has an opaque path, then return.
        if self.opaque_path {
            return Err(SetterError::HasOpaquePath);
        }
        if !self.fits(value.len()) {
            return Err(SetterError::TooLong);
        }
        // Step 2: basic URL parse the value with this's URL and the host (hostname) state.
        // The host state may go on to the port state: a failure there is the port's.
        self.parse_override(value, state, shortcuts)
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

    /// The `port` setter (spec 6.1): unless the URL cannot have a username/password/port, the
    /// empty string sets the port to null, and anything else is basic URL parsed with this URL
    /// and the port state as state override.
    pub fn try_set_port(&mut self, value: &str) -> Result<(), SetterError> {
        // Step 1: if this's URL cannot have a username/password/port, then return.
        if self.cannot_have_username_password_port() {
            return Err(SetterError::CannotHaveUsernamePasswordPort);
        }
        // Step 2: the empty string sets the port to null.
        if value.is_empty() {
            self.set_port(None);
            return Ok(());
        }
        // Step 3: basic URL parse the value with the port state as state override.
        self.basic_parse_override(value, StateOverride::Port)
            .map(|_| ())
            .map_err(|e| too_long_or(e.error, SetterError::InvalidPort(reported(e.error))))
    }

    /// The `pathname` setter (spec 6.1): unless the URL has an opaque path, empty the path and
    /// basic URL parse `value` with this URL and the path start state as state override.
    ///
    /// ```
    /// use url_core::{SetterError, UrlRecord};
    /// let mut url = UrlRecord::parse("https://example.com/a?q", None)?;
    /// url.try_set_pathname("b c/../d")?;
    /// assert_eq!(url.as_str(), "https://example.com/d?q");
    /// let mut data = UrlRecord::parse("data:text/plain,hi", None)?;
    /// assert_eq!(data.try_set_pathname("/x"), Err(SetterError::HasOpaquePath));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_set_pathname(&mut self, value: &str) -> Result<(), SetterError> {
        self.pathname_steps(value, Shortcuts::Taken)
    }

    fn pathname_steps(&mut self, value: &str, shortcuts: Shortcuts) -> Result<(), SetterError> {
        // Step 1: if this's URL has an opaque path, then return.
        if self.opaque_path {
            return Err(SetterError::HasOpaquePath);
        }
        // Steps 2 and 3 in one splice, where the path shortcut takes the value.
        if shortcuts == Shortcuts::Taken && self.replace_path_shortcut(value).is_some() {
            return Ok(());
        }
        // Step 2: empty this's URL's path; step 3: basic URL parse the value.
        self.edit_then_parse(
            value,
            StateOverride::PathStart,
            shortcuts,
            UrlRecord::clear_path,
        )
    }

    /// The `search` setter (spec 6.1): the empty string sets the query to null; otherwise one
    /// leading `?` is removed, the query is set to the empty string, and the rest is basic URL
    /// parsed with this URL and the query state as state override. Fails only with
    /// [`SetterError::TooLong`].
    pub fn try_set_search(&mut self, value: &str) -> Result<(), SetterError> {
        self.search_steps(value, Shortcuts::Taken)
    }

    fn search_steps(&mut self, value: &str, shortcuts: Shortcuts) -> Result<(), SetterError> {
        // Step 3: the empty string sets the query to null.
        if value.is_empty() {
            self.set_query(None);
            return Ok(());
        }
        // Steps 4-6: remove a single leading "?", set the query to "", parse into it (in one
        // splice where the query shortcut takes the rest).
        let input = value.strip_prefix('?').unwrap_or(value);
        if shortcuts == Shortcuts::Taken && self.replace_query_shortcut(input).is_some() {
            return Ok(());
        }
        self.edit_then_parse(
            input,
            StateOverride::Query,
            shortcuts,
            UrlRecord::set_empty_query,
        )
    }

    /// The `hash` setter (spec 6.1): the empty string sets the fragment to null; otherwise one
    /// leading `#` is removed, the fragment is set to the empty string, and the rest is basic
    /// URL parsed with this URL and the fragment state as state override. Fails only with
    /// [`SetterError::TooLong`].
    pub fn try_set_hash(&mut self, value: &str) -> Result<(), SetterError> {
        self.hash_steps(value, Shortcuts::Taken)
    }

    fn hash_steps(&mut self, value: &str, shortcuts: Shortcuts) -> Result<(), SetterError> {
        // Step 3: the empty string sets the fragment to null.
        if value.is_empty() {
            self.set_fragment(None);
            return Ok(());
        }
        // Steps 4-6: remove a single leading "#", set the fragment to "", parse into it.
        let input = value.strip_prefix('#').unwrap_or(value);
        if shortcuts == Shortcuts::Taken && self.replace_fragment_shortcut(input).is_some() {
            return Ok(());
        }
        self.edit_then_parse(
            input,
            StateOverride::Fragment,
            shortcuts,
            UrlRecord::set_empty_fragment,
        )
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
        edit: impl FnOnce(&mut UrlRecord),
    ) -> Result<(), SetterError> {
        let saved = (!self.fits(input.len())).then(|| self.clone());
        edit(self);
        self.parse_override(input, state, shortcuts)
            .map(|_| ())
            .map_err(|e| {
                if let Some(saved) = saved {
                    *self = saved;
                }
                too_long_or(e.error, SetterError::TooLong)
            })
    }
}

/// Not API: the setters with the state override's shortcuts turned off (feature `testing`), so
/// that the fuzz targets and tests compare the shortcut path with the general state machine
/// through the same setter steps.
#[cfg(feature = "testing")]
impl UrlRecord {
    /// [`UrlRecord::try_set_pathname`] with the general state machine alone.
    #[doc(hidden)]
    pub fn try_set_pathname_without_shortcuts(&mut self, value: &str) -> Result<(), SetterError> {
        self.pathname_steps(value, Shortcuts::Skipped)
    }

    /// [`UrlRecord::try_set_search`] with the general state machine alone.
    #[doc(hidden)]
    pub fn try_set_search_without_shortcuts(&mut self, value: &str) -> Result<(), SetterError> {
        self.search_steps(value, Shortcuts::Skipped)
    }

    /// [`UrlRecord::try_set_hash`] with the general state machine alone.
    #[doc(hidden)]
    pub fn try_set_hash_without_shortcuts(&mut self, value: &str) -> Result<(), SetterError> {
        self.hash_steps(value, Shortcuts::Skipped)
    }

    /// [`UrlRecord::try_set_hostname`] with the general state machine alone.
    #[doc(hidden)]
    pub fn try_set_hostname_without_shortcuts(&mut self, value: &str) -> Result<(), SetterError> {
        self.host_steps(value, StateOverride::Hostname, Shortcuts::Skipped)
    }
}
