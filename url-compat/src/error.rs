//! `ParseError` and `SyntaxViolation`: rust-url 2.5.8's error types, with the standard's
//! validation errors (spec 1.1, July 2026 edition) mapped onto their variants.

use core::fmt;
use whatwg_url::ValidationError;

/// Errors that can occur during parsing.
///
/// The same variants and messages as rust-url 2.5.8. The parser is the standard's: which
/// variant a failure gets follows the validation error that made the standard's parser fail
/// (see [`ParseError`]'s `From` conversion in the crate README).
///
/// This may be extended in the future so exhaustive matching is forbidden.
#[derive(PartialEq, Eq, Clone, Copy, Debug)]
#[non_exhaustive]
pub enum ParseError {
    /// `empty host`
    EmptyHost,
    /// `invalid international domain name`
    IdnaError,
    /// `invalid port number`
    InvalidPort,
    /// `invalid IPv4 address`
    InvalidIpv4Address,
    /// `invalid IPv6 address`
    InvalidIpv6Address,
    /// `invalid domain character`
    InvalidDomainCharacter,
    /// `relative URL without a base`
    RelativeUrlWithoutBase,
    /// `relative URL with a cannot-be-a-base base`
    RelativeUrlWithCannotBeABaseBase,
    /// `a cannot-be-a-base URL doesn’t have a host to set`
    SetHostOnCannotBeABaseUrl,
    /// `URLs more than 4 GB are not supported`
    Overflow,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseError::EmptyHost => "empty host",
            ParseError::IdnaError => "invalid international domain name",
            ParseError::InvalidPort => "invalid port number",
            ParseError::InvalidIpv4Address => "invalid IPv4 address",
            ParseError::InvalidIpv6Address => "invalid IPv6 address",
            ParseError::InvalidDomainCharacter => "invalid domain character",
            ParseError::RelativeUrlWithoutBase => "relative URL without a base",
            ParseError::RelativeUrlWithCannotBeABaseBase => {
                "relative URL with a cannot-be-a-base base"
            }
            ParseError::SetHostOnCannotBeABaseUrl => {
                "a cannot-be-a-base URL doesn\u{2019}t have a host to set"
            }
            ParseError::Overflow => "URLs more than 4 GB are not supported",
        })
    }
}

impl core::error::Error for ParseError {}

impl From<::idna::Errors> for ParseError {
    fn from(_: ::idna::Errors) -> Self {
        ParseError::IdnaError
    }
}

impl ParseError {
    /// The variant for a failure of the standard's parser. `with_opaque_base`: the parse had a
    /// base URL with an opaque path (rust-url's "cannot-be-a-base" base).
    pub(crate) fn from_standard(error: &whatwg_url::ParseError, with_opaque_base: bool) -> Self {
        match error.validation_error() {
            Some(e) => Self::from_validation_error(e, with_opaque_base),
            None if matches!(error, whatwg_url::ParseError::TooLong) => ParseError::Overflow,
            None => ParseError::InvalidDomainCharacter,
        }
    }

    /// The variant of the failure `e` (spec 1.1's table, July 2026 edition).
    pub(crate) fn from_validation_error(e: ValidationError, with_opaque_base: bool) -> Self {
        use ValidationError as V;
        match e {
            V::DomainToAscii => ParseError::IdnaError,
            V::Ipv4EmptyPart
            | V::Ipv4TooFewParts
            | V::Ipv4TooManyParts
            | V::Ipv4NonNumericPart
            | V::Ipv4NonDecimalPart
            | V::Ipv4OutOfRangePart
            | V::Ipv4NonAsciiInput => ParseError::InvalidIpv4Address,
            V::Ipv6Unclosed
            | V::Ipv6InvalidCompression
            | V::Ipv6TooManyPieces
            | V::Ipv6MultipleCompression
            | V::Ipv6InvalidCodePoint
            | V::Ipv6TooFewPieces
            | V::Ipv6PieceLeadingZero
            | V::Ipv4InIpv6TooManyPieces
            | V::Ipv4InIpv6InvalidCodePoint
            | V::Ipv4InIpv6OutOfRangePart
            | V::Ipv4InIpv6TooFewParts => ParseError::InvalidIpv6Address,
            V::MissingSchemeNonRelativeUrl if with_opaque_base => {
                ParseError::RelativeUrlWithCannotBeABaseBase
            }
            V::MissingSchemeNonRelativeUrl => ParseError::RelativeUrlWithoutBase,
            V::HostMissing | V::InvalidCredentials => ParseError::EmptyHost,
            V::PortOutOfRange | V::PortInvalid => ParseError::InvalidPort,
            _ => ParseError::InvalidDomainCharacter,
        }
    }
}

/// Non-fatal syntax violations that can occur during parsing.
///
/// rust-url 2.5.8's variants. The parser reports the standard's validation errors (every one of
/// spec 1.1's table); [`crate::ParseOptions::syntax_violation_callback`] receives each one that
/// has a variant here. Errors without one (IPv4 parts in other bases, IDNA warnings, …) are not
/// reported through this type: `whatwg_url::Url::parse_with_validation` gives all of them.
///
/// This may be extended in the future so exhaustive matching is forbidden.
#[derive(PartialEq, Eq, Clone, Copy, Debug)]
#[non_exhaustive]
pub enum SyntaxViolation {
    /// ```text
    /// backslash
    /// ```
    Backslash,
    /// ```text
    /// leading or trailing control or space character are ignored in URLs
    /// ```
    C0SpaceIgnored,
    /// ```text
    /// embedding authentication information (username or password) in an URL is not recommended
    /// ```
    EmbeddedCredentials,
    /// ```text
    /// expected //
    /// ```
    ExpectedDoubleSlash,
    /// ```text
    /// expected // after file:
    /// ```
    ExpectedFileDoubleSlash,
    /// ```text
    /// file: with host and Windows drive letter
    /// ```
    FileWithHostAndWindowsDrive,
    /// ```text
    /// non-URL code point
    /// ```
    NonUrlCodePoint,
    /// ```text
    /// NULL characters are ignored in URL fragment identifiers
    /// ```
    NullInFragment,
    /// ```text
    /// expected 2 hex digits after %
    /// ```
    PercentDecode,
    /// ```text
    /// tabs or newlines are ignored in URLs
    /// ```
    TabOrNewlineIgnored,
    /// ```text
    /// unencoded @ sign in username or password
    /// ```
    UnencodedAtSign,
}

impl SyntaxViolation {
    /// The message, as rust-url words it.
    pub fn description(&self) -> &'static str {
        match self {
            SyntaxViolation::Backslash => "backslash",
            SyntaxViolation::C0SpaceIgnored => {
                "leading or trailing control or space character are ignored in URLs"
            }
            SyntaxViolation::EmbeddedCredentials => {
                "embedding authentication information (username or password) in an URL is not recommended"
            }
            SyntaxViolation::ExpectedDoubleSlash => "expected //",
            SyntaxViolation::ExpectedFileDoubleSlash => "expected // after file:",
            SyntaxViolation::FileWithHostAndWindowsDrive => "file: with host and Windows drive letter",
            SyntaxViolation::NonUrlCodePoint => "non-URL code point",
            SyntaxViolation::NullInFragment => {
                "NULL characters are ignored in URL fragment identifiers"
            }
            SyntaxViolation::PercentDecode => "expected 2 hex digits after %",
            SyntaxViolation::TabOrNewlineIgnored => "tabs or newlines are ignored in URLs",
            SyntaxViolation::UnencodedAtSign => "unencoded @ sign in username or password",
        }
    }

    /// The variant for the validation error `error` found at byte `offset` of `input`, if
    /// rust-url has one. The standard names one error, invalid-URL-unit, for what rust-url
    /// tells apart by the code point (a tab or newline, a C0 control or space at either end, a
    /// `%` without two hex digits, any other non-URL code point): the code point at the
    /// offset decides.
    pub(crate) fn from_reported(
        error: ValidationError,
        offset: usize,
        input: &str,
        file: bool,
    ) -> Option<SyntaxViolation> {
        use ValidationError as V;
        Some(match error {
            V::InvalidReverseSolidus => SyntaxViolation::Backslash,
            V::InvalidCredentials => match input.as_bytes().get(offset) {
                Some(b'@') if input.get(..offset).is_some_and(|b| b.contains('@')) => {
                    SyntaxViolation::UnencodedAtSign
                }
                _ => SyntaxViolation::EmbeddedCredentials,
            },
            V::SpecialSchemeMissingFollowingSolidus if file => {
                SyntaxViolation::ExpectedFileDoubleSlash
            }
            V::SpecialSchemeMissingFollowingSolidus => SyntaxViolation::ExpectedDoubleSlash,
            V::FileInvalidWindowsDriveLetterHost => SyntaxViolation::FileWithHostAndWindowsDrive,
            V::InvalidUrlUnit => {
                let unit = input.get(offset..).and_then(|rest| rest.chars().next());
                let at_either_end = input
                    .trim_matches(|c: char| c <= ' ')
                    .len()
                    .lt(&input.len())
                    && (input
                        .get(..offset)
                        .is_some_and(|s| s.chars().all(|c| c <= ' '))
                        || input
                            .get(offset..)
                            .is_some_and(|s| s.chars().all(|c| c <= ' ')));
                match unit {
                    Some('\t' | '\n' | '\r') => SyntaxViolation::TabOrNewlineIgnored,
                    Some(c) if c <= ' ' && at_either_end => SyntaxViolation::C0SpaceIgnored,
                    Some('%') => SyntaxViolation::PercentDecode,
                    Some('\0') => SyntaxViolation::NullInFragment,
                    _ => SyntaxViolation::NonUrlCodePoint,
                }
            }
            _ => return None,
        })
    }
}

impl fmt::Display for SyntaxViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.description(), f)
    }
}
