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
    /// [`ParseError::from_standard`] as the failure function of `whatwg_url::Url::parse_as`,
    /// one type for every call, so that the facade holds one compiled copy of the parser.
    pub(crate) fn standard(
        with_opaque_base: bool,
    ) -> impl Fn(whatwg_url::ParseError) -> Self + Copy {
        move |error| Self::from_standard(&error, with_opaque_base)
    }

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
        match mapping(e).0 {
            Failure::Idna => ParseError::IdnaError,
            Failure::Ipv4 => ParseError::InvalidIpv4Address,
            Failure::Ipv6 => ParseError::InvalidIpv6Address,
            Failure::NoScheme if with_opaque_base => ParseError::RelativeUrlWithCannotBeABaseBase,
            Failure::NoScheme => ParseError::RelativeUrlWithoutBase,
            Failure::EmptyHost => ParseError::EmptyHost,
            Failure::Port => ParseError::InvalidPort,
            Failure::DomainCharacter => ParseError::InvalidDomainCharacter,
        }
    }
}

/// What a validation error type becomes in rust-url's terms when the parse fails with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Failure {
    Idna,
    Ipv4,
    Ipv6,
    /// `RelativeUrlWithoutBase`, or `RelativeUrlWithCannotBeABaseBase` with an opaque base.
    NoScheme,
    EmptyHost,
    Port,
    /// rust-url's variant for a host it refuses; also the answer for the types that are never
    /// a failure.
    DomainCharacter,
}

/// Which [`SyntaxViolation`] a reported validation error type becomes, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Violation {
    /// rust-url has no variant for it.
    None,
    Backslash,
    /// `EmbeddedCredentials` or `UnencodedAtSign`, by the byte at the offset.
    Credentials,
    /// `ExpectedDoubleSlash`, or `ExpectedFileDoubleSlash` for a `file:` URL.
    DoubleSlash,
    FileWithHostAndWindowsDrive,
    /// One of rust-url's variants for a code point, by the code point at the offset.
    UrlUnit,
}

/// Every validation error type with its [`Failure`] and [`Violation`]. `ValidationError` is
/// `#[non_exhaustive]`, so a `match` on it outside its crate needs a catch-all arm; this table
/// has exactly `ValidationError::COUNT` entries instead, so a new type does not compile until it
/// has its row (a test checks that each type has exactly one).
const MAPPING: [(ValidationError, Failure, Violation); ValidationError::COUNT] = {
    use Failure as F;
    use ValidationError as V;
    use Violation as S;
    [
        (V::DomainToAscii, F::Idna, S::None),
        (V::DomainPercentEncoded, F::DomainCharacter, S::None),
        (V::HostInvalidCodePoint, F::DomainCharacter, S::None),
        (V::Ipv4EmptyPart, F::Ipv4, S::None),
        (V::Ipv4TooFewParts, F::Ipv4, S::None),
        (V::Ipv4TooManyParts, F::Ipv4, S::None),
        (V::Ipv4NonNumericPart, F::Ipv4, S::None),
        (V::Ipv4NonDecimalPart, F::Ipv4, S::None),
        (V::Ipv4OutOfRangePart, F::Ipv4, S::None),
        (V::Ipv4NonAsciiInput, F::Ipv4, S::None),
        (V::Ipv6Unclosed, F::Ipv6, S::None),
        (V::Ipv6InvalidCompression, F::Ipv6, S::None),
        (V::Ipv6TooManyPieces, F::Ipv6, S::None),
        (V::Ipv6MultipleCompression, F::Ipv6, S::None),
        (V::Ipv6InvalidCodePoint, F::Ipv6, S::None),
        (V::Ipv6TooFewPieces, F::Ipv6, S::None),
        (V::Ipv6PieceLeadingZero, F::Ipv6, S::None),
        (V::Ipv4InIpv6TooManyPieces, F::Ipv6, S::None),
        (V::Ipv4InIpv6InvalidCodePoint, F::Ipv6, S::None),
        (V::Ipv4InIpv6OutOfRangePart, F::Ipv6, S::None),
        (V::Ipv4InIpv6TooFewParts, F::Ipv6, S::None),
        (V::InvalidUrlUnit, F::DomainCharacter, S::UrlUnit),
        (
            V::SpecialSchemeMissingFollowingSolidus,
            F::DomainCharacter,
            S::DoubleSlash,
        ),
        (V::MissingSchemeNonRelativeUrl, F::NoScheme, S::None),
        (V::InvalidReverseSolidus, F::DomainCharacter, S::Backslash),
        (V::InvalidCredentials, F::EmptyHost, S::Credentials),
        (V::HostMissing, F::EmptyHost, S::None),
        (V::PortOutOfRange, F::Port, S::None),
        (V::PortInvalid, F::Port, S::None),
        (
            V::FileInvalidWindowsDriveLetter,
            F::DomainCharacter,
            S::None,
        ),
        (
            V::FileInvalidWindowsDriveLetterHost,
            F::DomainCharacter,
            S::FileWithHostAndWindowsDrive,
        ),
    ]
};

/// `e`'s row of [`MAPPING`].
fn mapping(e: ValidationError) -> (Failure, Violation) {
    MAPPING
        .iter()
        .find(|(error, ..)| *error == e)
        .map_or((Failure::DomainCharacter, Violation::None), |&(_, f, v)| {
            (f, v)
        })
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
        Some(match mapping(error).1 {
            Violation::None => return None,
            Violation::Backslash => SyntaxViolation::Backslash,
            Violation::Credentials => match input.as_bytes().get(offset) {
                Some(b'@') if input.get(..offset).is_some_and(|b| b.contains('@')) => {
                    SyntaxViolation::UnencodedAtSign
                }
                _ => SyntaxViolation::EmbeddedCredentials,
            },
            Violation::DoubleSlash if file => SyntaxViolation::ExpectedFileDoubleSlash,
            Violation::DoubleSlash => SyntaxViolation::ExpectedDoubleSlash,
            Violation::FileWithHostAndWindowsDrive => SyntaxViolation::FileWithHostAndWindowsDrive,
            Violation::UrlUnit => {
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
        })
    }
}

impl fmt::Display for SyntaxViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.description(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_validation_error_has_one_row() {
        for e in ValidationError::ALL {
            let rows = MAPPING.iter().filter(|(error, ..)| *error == e).count();
            assert_eq!(rows, 1, "{e}: {rows} rows in MAPPING");
        }
    }
}
