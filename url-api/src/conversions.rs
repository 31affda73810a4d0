//! Standard trait implementations for [`Url`]: parsing from strings, formatting as the href.

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use url_core::ParseError;

use crate::url::Url;

impl FromStr for Url {
    type Err = ParseError;

    /// Parses an absolute URL string: `Url::parse(s, None)`.
    ///
    /// ```
    /// let url: whatwg_url::Url = "https://example.com/a".parse()?;
    /// assert_eq!(url.pathname(), "/a");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    fn from_str(s: &str) -> Result<Url, ParseError> {
        Url::parse(s, None)
    }
}

impl TryFrom<&str> for Url {
    type Error = ParseError;

    /// Parses an absolute URL string: `Url::parse(s, None)`.
    ///
    /// ```
    /// use whatwg_url::Url;
    ///
    /// let url = Url::try_from("https://example.com")?;
    /// assert_eq!(url.href(), "https://example.com/");
    /// assert!(Url::try_from("no scheme").is_err());
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    fn try_from(s: &str) -> Result<Url, ParseError> {
        Url::parse(s, None)
    }
}

impl TryFrom<String> for Url {
    type Error = ParseError;

    /// Parses an absolute URL string: `Url::parse(&s, None)`.
    ///
    /// ```
    /// let url = whatwg_url::Url::try_from(String::from("https://example.com/a b"))?;
    /// assert_eq!(url.pathname(), "/a%20b");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    fn try_from(s: String) -> Result<Url, ParseError> {
        Url::parse(&s, None)
    }
}

impl fmt::Display for Url {
    /// The href (the stringifier of spec 6.1).
    ///
    /// ```
    /// let url = whatwg_url::Url::parse("https://example.com/a?b", None)?;
    /// assert_eq!(url.to_string(), "https://example.com/a?b");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.href())
    }
}

impl fmt::Debug for Url {
    /// The href, then each component as the API's getters give it.
    ///
    /// ```
    /// let url = whatwg_url::Url::parse("https://h:81/p?q#f", None)?;
    /// let debug = format!("{url:?}");
    /// assert!(debug.starts_with("Url { href: \"https://h:81/p?q#f\", protocol: \"https:\""));
    /// assert!(debug.contains("port: \"81\""));
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Url")
            .field("href", &self.href())
            .field("protocol", &self.protocol())
            .field("username", &self.username())
            .field("password", &self.password())
            .field("hostname", &self.hostname())
            .field("port", &self.port())
            .field("pathname", &self.pathname())
            .field("search", &self.search())
            .field("hash", &self.hash())
            .finish()
    }
}

impl AsRef<str> for Url {
    /// The href.
    fn as_ref(&self) -> &str {
        self.href()
    }
}

impl From<Url> for String {
    /// The href.
    ///
    /// ```
    /// let s = String::from(whatwg_url::Url::parse("https://example.com", None)?);
    /// assert_eq!(s, "https://example.com/");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    fn from(url: Url) -> String {
        url.into_string()
    }
}
