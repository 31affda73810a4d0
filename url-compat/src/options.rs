//! `ParseOptions`: rust-url's parser builder (base URL, query encoding, syntax-violation
//! callback) over the standard's basic URL parser.

use crate::{ParseError, SyntaxViolation, Url};
use alloc::borrow::Cow;
use form_urlencoded::EncodingOverride;
use whatwg_url::{Encoded, Encoder};

/// Full configuration for the URL parser.
#[derive(Copy, Clone)]
#[must_use]
pub struct ParseOptions<'a> {
    base_url: Option<&'a Url>,
    encoding_override: EncodingOverride<'a>,
    violation_fn: Option<&'a dyn Fn(SyntaxViolation)>,
}

impl<'a> ParseOptions<'a> {
    pub(crate) fn new() -> Self {
        ParseOptions {
            base_url: None,
            encoding_override: None,
            violation_fn: None,
        }
    }

    /// Change the base URL
    ///
    /// See the notes of [`Url::join`] for more details about how this base is considered
    /// when parsing.
    pub fn base_url(mut self, new: Option<&'a Url>) -> Self {
        self.base_url = new;
        self
    }

    /// Override the character encoding of query strings (the encoding of spec 4.4's query
    /// state, for special URLs). This is a legacy concept only relevant for HTML.
    pub fn encoding_override(mut self, new: EncodingOverride<'a>) -> Self {
        self.encoding_override = new;
        self
    }

    /// Call the provided function or closure for a non-fatal `SyntaxViolation` when it occurs
    /// during parsing: each validation error of the standard (spec 1.1) that has a
    /// `SyntaxViolation` variant.
    ///
    /// ```
    /// use url::{SyntaxViolation, Url};
    /// use std::cell::RefCell;
    /// let violations = RefCell::new(Vec::new());
    /// let url = Url::options()
    ///     .syntax_violation_callback(Some(&|v| violations.borrow_mut().push(v)))
    ///     .parse("https:////example.com")?;
    /// assert_eq!(url.as_str(), "https://example.com/");
    /// assert_eq!(violations.into_inner(), vec!(SyntaxViolation::ExpectedDoubleSlash));
    /// # Ok::<(), url::ParseError>(())
    /// ```
    pub fn syntax_violation_callback(mut self, new: Option<&'a dyn Fn(SyntaxViolation)>) -> Self {
        self.violation_fn = new;
        self
    }

    /// Parse an URL string with the configuration so far.
    pub fn parse(self, input: &str) -> Result<Url, ParseError> {
        let opaque_base = self.base_url.is_some_and(Url::cannot_be_a_base);
        if let Some(violation_fn) = self.violation_fn {
            self.report(input, violation_fn);
        }
        let result = match (self.base_url, self.encoding_override) {
            // `Url::parse` and `Url::join`, whose URL is made in place.
            (None, None) => return Url::parse(input),
            (Some(base), None) => return base.join(input),
            (None, Some(encode)) => {
                whatwg_url::Url::parse_with_encoding(input, None, &Override(encode))
            }
            (Some(base), Some(encode)) => base
                .as_whatwg()
                .join_with_encoding(input, &Override(encode)),
        };
        result
            .map(Url::from_whatwg)
            .map_err(|e| ParseError::from_standard(&e, opaque_base))
    }

    /// Sends the validation errors of parsing `input` (against the base) to `violation_fn`.
    fn report(&self, input: &str, violation_fn: &dyn Fn(SyntaxViolation)) {
        let (result, errors) =
            whatwg_url::Url::parse_with_validation(input, self.base_url.map(Url::as_str));
        let file = match &result {
            Ok(url) => url.scheme() == "file",
            Err(_) => input
                .trim_start()
                .get(..5)
                .is_some_and(|s| s.eq_ignore_ascii_case("file:")),
        };
        // rust-url's `FileWithHostAndWindowsDrive`: a `file:` URL with a host whose path
        // starts with a Windows drive letter. The standard dropped that validation error (a
        // host and a drive letter are kept together: urltestdata's `file://example.net/C:/`),
        // but rust-url's callers may count on the warning, so it is reported from the result.
        if let Ok(url) = &result {
            let path = url.pathname().as_bytes();
            if file
                && !url.hostname().is_empty()
                && matches!(path, [b'/', letter, b':', ..] if letter.is_ascii_alphabetic())
                && matches!(path.get(3), None | Some(b'/'))
            {
                violation_fn(SyntaxViolation::FileWithHostAndWindowsDrive);
            }
        }
        // A run of the same violation is reported once, as rust-url does (the standard
        // reports `https:////h`'s extra slashes one by one).
        let mut last = None;
        for reported in errors {
            let violation =
                SyntaxViolation::from_reported(reported.error, reported.offset, input, file);
            if violation.is_some() && violation != last {
                if let Some(v) = violation {
                    violation_fn(v);
                }
            }
            last = violation;
        }
    }
}

/// rust-url's encoding override (a function from text to bytes) as the standard's encoder.
struct Override<'a>(&'a dyn Fn(&str) -> Cow<'_, [u8]>);

impl Encoder for Override<'_> {
    fn encode(&self, input: &str, emit: &mut dyn FnMut(Encoded<'_>)) {
        emit(Encoded::Bytes(&(self.0)(input)));
    }
}
