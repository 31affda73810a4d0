//! The regular expression engine behind `(regexp)` groups and modifiers.
//!
//! The standard compiles every component to an ECMAScript regular expression with the `v` flag
//! (`vi` with `ignoreCase`). Most components never need one: [`crate::matcher`] matches empty,
//! fixed, wildcard and named-segment patterns directly. The rest go to a [`RegexEngine`], so a
//! JavaScript runtime can plug in its own ECMAScript engine and others take the default.

use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

/// An ECMAScript regular expression engine (`RegExpCreate` and `RegExpBuiltinExec` of the
/// standard, with the `v` flag).
///
/// `source` is always anchored (`^…$`), and the haystacks are the components of a URL, which
/// are ASCII after canonicalization.
pub trait RegexEngine {
    /// A compiled regular expression.
    type Regex;

    /// `RegExpCreate(source, "v")`, or `"vi"` when `ignore_case`. An `Err` is the engine's
    /// reason (the standard's `SyntaxError`, turned into a `TypeError`).
    fn compile(&self, source: &str, ignore_case: bool) -> Result<Self::Regex, String>;

    /// Whether `regex` matches `haystack`.
    fn is_match(&self, regex: &Self::Regex, haystack: &str) -> bool;

    /// `RegExpBuiltinExec`: on a match, `groups` is cleared and filled with the byte range of
    /// each capture group in order (group 1 first; `None` for a group that did not
    /// participate), and `true` is returned.
    fn captures(
        &self,
        regex: &Self::Regex,
        haystack: &str,
        groups: &mut Vec<Option<Range<usize>>>,
    ) -> bool;
}

/// The default engine: [`regress`](https://docs.rs/regress), ECMAScript regular expressions in
/// safe, pure Rust, with the `v` flag's syntax (`unicode_sets`).
///
/// regress is a backtracking engine, as ECMAScript engines are: a regular expression with
/// nested quantifiers can take time exponential in the haystack's length. This crate bounds
/// what reaches it: see [`crate::UrlPattern`]'s "Bounds" section.
#[cfg(feature = "regress")]
#[derive(Clone, Copy, Debug, Default)]
pub struct RegressEngine;

#[cfg(feature = "regress")]
impl RegexEngine for RegressEngine {
    type Regex = regress::Regex;

    fn compile(&self, source: &str, ignore_case: bool) -> Result<regress::Regex, String> {
        // ECMAScript's early errors first: regress accepts some patterns they refuse.
        crate::ecma::check(source)?;
        let flags = regress::Flags {
            icase: ignore_case,
            unicode_sets: true,
            ..regress::Flags::default()
        };
        regress::Regex::with_flags(source, flags).map_err(|e| alloc::format!("{e}"))
    }

    fn is_match(&self, regex: &regress::Regex, haystack: &str) -> bool {
        regex.find(haystack).is_some()
    }

    fn captures(
        &self,
        regex: &regress::Regex,
        haystack: &str,
        groups: &mut Vec<Option<Range<usize>>>,
    ) -> bool {
        let Some(found) = regex.find(haystack) else {
            return false;
        };
        groups.clear();
        groups.extend(found.captures);
        true
    }
}

/// An engine that refuses every regular expression: with it, patterns whose components the
/// direct matcher handles (no `(regexp)` group, no `?` `*` `+` modifier) work, and the others
/// are refused when constructed.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoRegexEngine;

impl RegexEngine for NoRegexEngine {
    type Regex = core::convert::Infallible;

    fn compile(&self, _source: &str, _ignore_case: bool) -> Result<Self::Regex, String> {
        Err(String::from(
            "this pattern needs a regular expression engine (enable the `regress` feature or bring one)",
        ))
    }

    fn is_match(&self, regex: &Self::Regex, _haystack: &str) -> bool {
        match *regex {}
    }

    fn captures(&self, regex: &Self::Regex, _: &str, _: &mut Vec<Option<Range<usize>>>) -> bool {
        match *regex {}
    }
}

/// The engine [`crate::UrlPattern`] uses unless told otherwise: [`RegressEngine`] with the
/// `regress` feature (on by default), [`NoRegexEngine`] without.
#[cfg(feature = "regress")]
pub type DefaultEngine = RegressEngine;
/// The engine [`crate::UrlPattern`] uses unless told otherwise: [`RegressEngine`] with the
/// `regress` feature (on by default), [`NoRegexEngine`] without.
#[cfg(not(feature = "regress"))]
pub type DefaultEngine = NoRegexEngine;
