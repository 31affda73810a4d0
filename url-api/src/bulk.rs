//! Parsing many URLs one after another into one `Url`: the buffer is reused, so a batch
//! allocates only while its longest URL grows it.

use url_core::ParseError;

use crate::Url;

impl Url {
    /// Parses `input` into this URL, reusing its memory: for programs that parse many URLs
    /// one after another and keep none of them (a log, a column, a crawl frontier).
    ///
    /// On success `self` is the URL that [`Url::parse`] gives for `input` against `base`
    /// (already parsed here, so that it is parsed once for the whole batch), and its
    /// serialization was written into the buffer `self` already had: once that buffer has
    /// grown to the longest URL met, parsing allocates nothing. On failure the error is the
    /// one [`Url::parse`] returns and `self` is `about:blank` (its buffer kept for the next
    /// call), whatever it held before.
    ///
    /// ```
    /// use whatwg_url::Url;
    ///
    /// let lines = ["https://EXAMPLE.com/a", "http://a b/", "https://example.org:443/./b"];
    /// let mut url = Url::default(); // about:blank
    /// let mut hosts = Vec::new();
    /// for line in lines {
    ///     if url.parse_into(line, None).is_ok() {
    ///         hosts.push(url.hostname().to_owned());
    ///     }
    /// }
    /// assert_eq!(hosts, ["example.com", "example.org"]);
    ///
    /// let base = Url::parse("https://example.org/docs/", None)?;
    /// url.parse_into("../img.png", Some(&base))?;
    /// assert_eq!(url.href(), "https://example.org/img.png");
    /// assert!(url.parse_into("https://exa mple.org/", None).is_err());
    /// assert_eq!(url.href(), "about:blank");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn parse_into(&mut self, input: &str, base: Option<&Url>) -> Result<(), ParseError> {
        self.inner.parse_into(input, base.map(|base| &base.inner))
    }
}

impl Default for Url {
    /// `about:blank`, the URL [`Url::parse_into`] leaves on failure: a starting point for it.
    ///
    /// ```
    /// let url = whatwg_url::Url::default();
    /// assert_eq!(url.href(), "about:blank");
    /// assert_eq!(url, whatwg_url::Url::parse("about:blank", None)?);
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    fn default() -> Url {
        Url::from(url_core::UrlRecord::default())
    }
}
