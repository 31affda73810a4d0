//! Parsing with an encoding (spec 4.4, the URL parser's `encoding` argument): the legacy
//! concept through which HTML encodes the query of a special URL with the document's encoding.

use url_core::{Encoder, NoSink, ParseError};

use crate::Url;

impl Url {
    /// The URL parser (spec 4.4) with an `encoding`, as HTML's "encoding-parse a URL" runs it
    /// for a document whose encoding is `encoding`: `base`, when given, is parsed first (with
    /// the same encoding, as HTML parses a document's base URL), then `input` against it.
    ///
    /// The encoding only reaches the query of a special URL other than `ws:` and `wss:` (4.4
    /// query state, step 1); everything else is UTF-8 whatever `encoding` is, and the fragment
    /// always is. Code points the encoding cannot represent are written `%26%23N%3B` (spec
    /// 1.3). With the `encoding` feature, `EncodingRsEncoder` gives every encoding of the
    /// Encoding Standard by its label (with "get an output encoding": UTF-16BE/LE and
    /// replacement become UTF-8); any [`Encoder`] works.
    ///
    /// `new URL()` in JavaScript always uses UTF-8: that is [`Url::parse`].
    ///
    /// ```
    /// # #[cfg(feature = "encoding")] {
    /// use whatwg_url::{EncodingRsEncoder, Url};
    ///
    /// let windows_1252 = EncodingRsEncoder::for_label("windows-1252").unwrap();
    /// let url = Url::parse_with_encoding("https://example.com/smörgåsbord?smörgåsbord#å", None, &windows_1252)?;
    /// // Spec 4.3's example: the query is encoded with the document's encoding ...
    /// assert_eq!(url.search(), "?sm%F6rg%E5sbord");
    /// // ... the path and the fragment with UTF-8.
    /// assert_eq!(url.pathname(), "/sm%C3%B6rg%C3%A5sbord");
    /// assert_eq!(url.hash(), "#%C3%A5");
    ///
    /// // Not special: UTF-8 throughout. A code point windows-1252 lacks: a character reference.
    /// let url = Url::parse_with_encoding("x:?ö", None, &windows_1252)?;
    /// assert_eq!(url.search(), "?%C3%B6");
    /// let url = Url::parse_with_encoding("?☃", Some("http://h/"), &windows_1252)?;
    /// assert_eq!(url.href(), "http://h/?%26%239731%3B");
    /// # }
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn parse_with_encoding<E: Encoder + ?Sized>(
        input: &str,
        base: Option<&str>,
        encoding: &E,
    ) -> Result<Url, ParseError> {
        // Both parses through one instantiation, each record made in its `Url` (see
        // `Url::parse_as`), the base with `encoding` too and read where it was made.
        Url::with_base_parsed_by(
            base,
            |base| Url::parse_with_sink(base, None, encoding, &mut NoSink),
            |base| Url::parse_with_sink(input, base, encoding, &mut NoSink),
            Err,
        )
    }

    /// [`Url::join`] with an `encoding`: parses `input` relative to this URL, encoding the query
    /// of a special URL with `encoding` (see [`Url::parse_with_encoding`]).
    ///
    /// ```
    /// # #[cfg(feature = "encoding")] {
    /// use whatwg_url::{EncodingRsEncoder, Url};
    ///
    /// let euc_kr = EncodingRsEncoder::for_label("euc-kr").unwrap();
    /// let base = Url::parse("https://example.kr/search", None)?;
    /// assert_eq!(base.join_with_encoding("?q=†", &euc_kr)?.search(), "?q=%A2%D3");
    /// assert_eq!(base.join("?q=†")?.search(), "?q=%E2%80%A0");
    /// # }
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn join_with_encoding<E: Encoder + ?Sized>(
        &self,
        input: &str,
        encoding: &E,
    ) -> Result<Url, ParseError> {
        Url::parse_with_sink(input, Some(self), encoding, &mut NoSink)
    }
}
