//! The standard's `TypeError`s, each with its reason and, where there is one, the position.

use alloc::string::String;
use core::fmt;

/// Why a pattern was refused, or why `test`/`exec` threw (the standard's `TypeError`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Reason {
    /// The tokenizer (2.1.2) refused a code point of the pattern string.
    Tokenize(&'static str),
    /// The pattern parser (2.1.5) met a token where the grammar has no place for it.
    UnexpectedToken {
        /// What the parser needed there.
        expected: &'static str,
    },
    /// Two groups of one component share a name (2.1.5, is a duplicate name).
    DuplicateName(String),
    /// The regular expression engine refused a component's regular expression.
    InvalidRegExp(String),
    /// A component's text was refused by its canonicalizer (3.1, encoding callbacks): the URL
    /// parser's reason.
    Canonicalize(String),
    /// The base URL could not be parsed.
    InvalidBaseUrl,
    /// A constructor string without a protocol was given no base URL.
    RelativeWithoutBase,
    /// A base URL was given beside a `UrlPatternInit` (it has its own `base_url`).
    BaseUrlWithInit,
}

/// A `TypeError` of the URLPattern Standard: the reason, the component it concerns and the
/// byte offset in that component's pattern string, when known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    reason: Reason,
    component: Option<&'static str>,
    position: Option<usize>,
}

impl Error {
    pub(crate) fn new(reason: Reason) -> Self {
        Error {
            reason,
            component: None,
            position: None,
        }
    }

    pub(crate) fn at(reason: Reason, position: usize) -> Self {
        Error {
            reason,
            component: None,
            position: Some(position),
        }
    }

    pub(crate) fn in_component(mut self, component: &'static str) -> Self {
        self.component.get_or_insert(component);
        self
    }

    /// Why.
    pub fn reason(&self) -> &Reason {
        &self.reason
    }

    /// The component (`"pathname"`, …) whose pattern was refused, if the error concerns one.
    pub fn component(&self) -> Option<&'static str> {
        self.component
    }

    /// The byte offset in that component's pattern string (or in the constructor string).
    pub fn position(&self) -> Option<usize> {
        self.position
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid URL pattern")?;
        if let Some(component) = self.component {
            write!(f, " ({component}")?;
            if let Some(p) = self.position {
                write!(f, " at byte {p}")?;
            }
            f.write_str(")")?;
        } else if let Some(p) = self.position {
            write!(f, " (at byte {p})")?;
        }
        f.write_str(": ")?;
        match &self.reason {
            Reason::Tokenize(why) => f.write_str(why),
            Reason::UnexpectedToken { expected } => write!(f, "expected {expected}"),
            Reason::DuplicateName(name) => write!(f, "the group name `{name}` is used twice"),
            Reason::InvalidRegExp(why) => write!(f, "invalid regular expression: {why}"),
            Reason::Canonicalize(why) => f.write_str(why),
            Reason::InvalidBaseUrl => f.write_str("the base URL is not a valid URL"),
            Reason::RelativeWithoutBase => {
                f.write_str("a pattern string without a protocol needs a base URL")
            }
            Reason::BaseUrlWithInit => {
                f.write_str("a base URL cannot be given beside a URLPatternInit (use its base_url)")
            }
        }
    }
}

impl core::error::Error for Error {}
