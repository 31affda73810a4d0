//! Conversions to and from rust-url's `url::Url` (feature `url`), so that a program can parse
//! with this crate at its edge and still hand a `url::Url` to a crate that takes one (reqwest,
//! for one).
//!
//! Cost: one parse by the other parser of the href, which is already normalized, so each
//! conversion is a few hundred nanoseconds and one allocation. The two parsers agree on the
//! serialization of almost every URL; where they do not (see `fuzz/DIVERGENCES.md`: rust-url
//! keeps some older behaviours of the standard), the conversion fails with
//! [`InteropError::Disagreement`] instead of handing on a different URL.
//!
//! Measured (`cargo test -p whatwg-url --features url --test interop`): of the 97,631 real URLs
//! of the project's datasets, every one converts both ways; of the 350 inputs of WPT's
//! `urltestdata.json` that parse without a base, 326 convert, rust-url reads 16 as another URL
//! and rejects 8 (inputs written to probe the standard's corners: IDNA, IPv4 forms, opaque
//! paths).

use alloc::string::String;
use core::fmt;

use crate::Url;

/// Why a URL could not be converted between this crate and rust-url.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum InteropError {
    /// The other parser rejects the href.
    Rejected {
        /// The href that was given.
        href: String,
    },
    /// The other parser reads the href as another URL.
    Disagreement {
        /// The href that was given.
        href: String,
        /// The other parser's serialization of it.
        other: String,
    },
}

impl fmt::Display for InteropError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InteropError::Rejected { href } => write!(f, "the other URL parser rejects {href:?}"),
            InteropError::Disagreement { href, other } => {
                write!(f, "the other URL parser reads {href:?} as {other:?}")
            }
        }
    }
}

impl core::error::Error for InteropError {}

impl TryFrom<&Url> for url::Url {
    type Error = InteropError;

    /// rust-url's parse of our href, when it gives the same href.
    ///
    /// ```
    /// let ours = whatwg_url::Url::parse("https://EXAMPLE.com/a?b#c", None).unwrap();
    /// let theirs = url::Url::try_from(&ours)?;
    /// assert_eq!(theirs.as_str(), ours.href());
    /// # Ok::<(), whatwg_url::InteropError>(())
    /// ```
    fn try_from(ours: &Url) -> Result<url::Url, InteropError> {
        let href = ours.href();
        let theirs =
            url::Url::parse(href).map_err(|_| InteropError::Rejected { href: href.into() })?;
        if theirs.as_str() == href {
            Ok(theirs)
        } else {
            Err(InteropError::Disagreement {
                href: href.into(),
                other: theirs.as_str().into(),
            })
        }
    }
}

impl TryFrom<Url> for url::Url {
    type Error = InteropError;

    /// See the conversion from `&Url`.
    fn try_from(ours: Url) -> Result<url::Url, InteropError> {
        url::Url::try_from(&ours)
    }
}

impl TryFrom<&url::Url> for Url {
    type Error = InteropError;

    /// Our parse of rust-url's serialization, when it gives the same href.
    ///
    /// ```
    /// let theirs = url::Url::parse("https://example.com/a b")?;
    /// let ours = whatwg_url::Url::try_from(&theirs).unwrap();
    /// assert_eq!(ours.href(), "https://example.com/a%20b");
    /// # Ok::<(), url::ParseError>(())
    /// ```
    fn try_from(theirs: &url::Url) -> Result<Url, InteropError> {
        let href = theirs.as_str();
        let ours =
            Url::parse(href, None).map_err(|_| InteropError::Rejected { href: href.into() })?;
        if ours.href() == href {
            Ok(ours)
        } else {
            Err(InteropError::Disagreement {
                href: href.into(),
                other: ours.href().into(),
            })
        }
    }
}

impl TryFrom<url::Url> for Url {
    type Error = InteropError;

    /// See the conversion from `&url::Url`.
    fn try_from(theirs: url::Url) -> Result<Url, InteropError> {
        Url::try_from(&theirs)
    }
}
