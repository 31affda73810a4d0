#![doc = include_str!("../README.md")]
#![no_std]
// Library code never panics on input: no unwrap/expect/panic, no unchecked indexing.

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod error;
#[cfg(feature = "std")]
mod file_path;
mod getters;
mod host;
mod options;
mod origin;
mod path_segments;
mod query;
pub mod quirks;
#[cfg(feature = "serde")]
mod serde_impl;
mod setters;
mod slicing;
mod traits;

pub use crate::error::{ParseError, SyntaxViolation};
pub use crate::host::Host;
pub use crate::options::ParseOptions;
pub use crate::origin::{OpaqueOrigin, Origin};
pub use crate::path_segments::PathSegmentsMut;
pub use crate::query::UrlQuery;
pub use crate::slicing::Position;
/// The `form_urlencoded` crate itself, as rust-url re-exports it: `Url::query_pairs` and
/// `Url::query_pairs_mut` return its types, so code written against the crate (serde_urlencoded,
/// reqwest) takes them as they are.
pub use form_urlencoded;
pub use form_urlencoded::EncodingOverride;

use alloc::string::String;

/// A parsed URL record: rust-url 2.5.8's `Url`, holding a `whatwg_url::Url`.
///
/// Every method has rust-url's signature and contract; the parsing and the setters are the
/// WHATWG URL Standard's (July 2026 edition), through `whatwg-url`.
#[derive(Clone)]
pub struct Url {
    inner: whatwg_url::Url,
}

impl Url {
    /// Parse an absolute URL from a string.
    ///
    /// ```rust
    /// use url::Url;
    /// let url = Url::parse("https://example.net")?;
    /// assert_eq!(url.as_str(), "https://example.net/");
    /// # Ok::<(), url::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// If the function can not parse an absolute URL from the given string, a [`ParseError`]
    /// variant will be returned.
    #[inline]
    pub fn parse(input: &str) -> Result<Url, ParseError> {
        // Made in place (`whatwg_url::Url::parse_as`): a `match` on `whatwg_url::Url::parse`
        // moved the URL just after the parser had written it, a fifth of the time.
        whatwg_url::Url::parse_as(input, None, Url::from_whatwg, ParseError::standard(false))
    }

    /// Parse an absolute URL from a string and add params to its query string.
    ///
    /// Existing params are not removed.
    ///
    /// ```rust
    /// use url::Url;
    /// let url = Url::parse_with_params("https://example.net?dont=clobberme",
    ///                                  &[("lang", "rust"), ("browser", "servo")])?;
    /// assert_eq!("https://example.net/?dont=clobberme&lang=rust&browser=servo", url.as_str());
    /// # Ok::<(), url::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// If the function can not parse an absolute URL from the given string, a [`ParseError`]
    /// variant will be returned.
    pub fn parse_with_params<I, K, V>(input: &str, iter: I) -> Result<Url, ParseError>
    where
        I: IntoIterator,
        I::Item: core::borrow::Borrow<(K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut url = Url::options().parse(input);
        if let Ok(ref mut url) = url {
            url.query_pairs_mut().extend_pairs(iter);
        }
        url
    }

    /// Parse a string as an URL, with this URL as the base URL (the standard's basic URL
    /// parser with a base).
    ///
    /// ```rust
    /// use url::Url;
    /// let base = Url::parse("https://example.net/a/b.html")?;
    /// assert_eq!(base.join("c.png")?.as_str(), "https://example.net/a/c.png");
    /// assert_eq!(base.join("/c.png")?.as_str(), "https://example.net/c.png");
    /// # Ok::<(), url::ParseError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// If the function can not parse an URL from the given string with this URL as the base
    /// URL, a [`ParseError`] variant will be returned.
    #[inline]
    pub fn join(&self, input: &str) -> Result<Url, ParseError> {
        let fail = ParseError::standard(self.inner.has_opaque_path());
        whatwg_url::Url::parse_as(input, Some(&self.inner), Url::from_whatwg, fail)
    }

    /// Creates a relative URL if possible, with this URL as the base URL: every `Some(r)` is
    /// one that `self.join(r)` turns back into `url`.
    ///
    /// ```rust
    /// use url::Url;
    /// let base = Url::parse("https://example.net/a/b.html")?;
    /// let url = Url::parse("https://example.net/a/c.png")?;
    /// assert_eq!(base.make_relative(&url).as_deref(), Some("c.png"));
    /// # Ok::<(), url::ParseError>(())
    /// ```
    pub fn make_relative(&self, url: &Url) -> Option<String> {
        self.inner.make_relative(&url.inner)
    }

    /// Return a default `ParseOptions` that can fully configure the URL parser.
    ///
    /// ```rust
    /// use url::Url;
    /// let options = Url::options();
    /// let api = Url::parse("https://api.example.com")?;
    /// let base_url = options.base_url(Some(&api));
    /// let version_url = base_url.parse("version.json")?;
    /// assert_eq!(version_url.as_str(), "https://api.example.com/version.json");
    /// # Ok::<(), url::ParseError>(())
    /// ```
    pub fn options<'a>() -> ParseOptions<'a> {
        ParseOptions::new()
    }

    /// Return the serialization of this URL.
    ///
    /// This is fast since that serialization is already stored in the `Url` struct.
    #[inline]
    pub fn as_str(&self) -> &str {
        self.inner.href()
    }

    /// Return the serialization of this URL.
    #[inline]
    #[deprecated(since = "2.3.0", note = "use Into<String>")]
    pub fn into_string(self) -> String {
        self.into()
    }

    /// For internal testing, not part of the public API: checks that the serialization parses
    /// to the same record and that the component boundaries are consistent.
    #[doc(hidden)]
    pub fn check_invariants(&self) -> Result<(), String> {
        self.inner.as_core().check_invariants()?;
        let reparsed = Url::parse(self.as_str())
            .map_err(|e| alloc::format!("{:?} does not parse again: {e}", self.as_str()))?
            .inner;
        if reparsed.href() != self.as_str() {
            return Err(alloc::format!(
                "{:?} parses again as {:?}",
                self.as_str(),
                reparsed.href()
            ));
        }
        let offsets = self.offsets();
        if offsets != slicing::Offsets::of(&reparsed) {
            return Err(alloc::format!(
                "{:?}: boundaries differ after a parse",
                self.as_str()
            ));
        }
        Ok(())
    }

    /// The whatwg-url record inside: every method of the standard's API (`href`, `pathname`,
    /// `search_params`, `parse_with_validation`, …). Not in rust-url.
    pub fn as_whatwg(&self) -> &whatwg_url::Url {
        &self.inner
    }

    /// The whatwg-url record inside, by value. Not in rust-url.
    pub fn into_whatwg(self) -> whatwg_url::Url {
        self.inner
    }

    pub(crate) fn offsets(&self) -> slicing::Offsets {
        slicing::Offsets::of(&self.inner)
    }

    pub(crate) fn from_whatwg(inner: whatwg_url::Url) -> Url {
        Url { inner }
    }

    pub(crate) fn inner_mut(&mut self) -> &mut whatwg_url::Url {
        &mut self.inner
    }
}

impl From<whatwg_url::Url> for Url {
    fn from(inner: whatwg_url::Url) -> Url {
        Url { inner }
    }
}

impl From<Url> for whatwg_url::Url {
    fn from(url: Url) -> whatwg_url::Url {
        url.inner
    }
}
