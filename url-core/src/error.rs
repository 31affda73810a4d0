//! What the parser returns: its failure, and with a state override, what it did.

use crate::state_override::StateOverride;
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

/// What the basic URL parser did with a state override (spec 4.4) when it did not fail: the
/// setters of the API (spec 6.1) tell a change from the spec's early "return".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Overridden {
    /// The states ran to their end and set the components the input gave (which may equal
    /// the ones the URL had).
    Changed,
    /// A state returned before changing anything, as the spec's "return" with a state override
    /// given: the scheme state when the scheme change is not allowed (scheme state, step 2.1),
    /// the path start state on a URL with an opaque path.
    Unchanged,
}

/// The basic URL parser with a state override returned failure: why, and in which state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OverrideError {
    /// The state that returned failure, named by the override that enters it: the override
    /// given, or [`StateOverride::Port`] when the host state went on to the port state (host
    /// setter given `host:port`) and the port failed; the host is set then (spec 6.1).
    pub state: StateOverride,
    /// The failure: the failing validation error, [`ParseError::OverrideFailure`] where the
    /// spec names none, or [`ParseError::TooLong`].
    pub error: ParseError,
}

impl fmt::Display for OverrideError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (in the {:?} state)", self.error, self.state)
    }
}

impl core::error::Error for OverrideError {}

impl From<OverrideError> for ParseError {
    fn from(e: OverrideError) -> Self {
        e.error
    }
}
