//! The error the parser returns on failure.

use core::fmt;
use host::{ReportedError, ValidationError};

/// Why the basic URL parser returned failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseError {
    /// The parser returned failure because of this validation error (a "Failure: yes" row of
    /// the spec's table), found at this byte offset of the input as given.
    Invalid(ReportedError),
    /// With a state override only: the spec says "return failure" without naming a validation
    /// error (for example a scheme state override given `"1http"`, or a port state override
    /// given `"x"`).
    OverrideFailure,
    /// The input, or the serialization it would produce, is longer than `u32::MAX` bytes: the
    /// record stores its offsets as `u32`.
    TooLong,
}

impl ParseError {
    /// The failing validation error, if there is one.
    pub const fn validation_error(&self) -> Option<ValidationError> {
        match self {
            ParseError::Invalid(e) => Some(e.error),
            _ => None,
        }
    }

    /// The byte offset in the input where the failing validation error was found.
    pub const fn offset(&self) -> Option<usize> {
        match self {
            ParseError::Invalid(e) => Some(e.offset),
            _ => None,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Invalid(e) => write!(f, "invalid URL: {e}"),
            ParseError::OverrideFailure => f.write_str("invalid value for this URL component"),
            ParseError::TooLong => f.write_str("URL longer than u32::MAX bytes"),
        }
    }
}

impl core::error::Error for ParseError {}

impl From<ReportedError> for ParseError {
    fn from(e: ReportedError) -> Self {
        ParseError::Invalid(e)
    }
}
