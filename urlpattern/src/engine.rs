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

/// The default engine: ECMAScript syntax with the `v` flag, checked by this crate, then matched
/// in linear time by [`regex-automata`](https://docs.rs/regex-automata) (the `regex` crate's
/// engine) wherever its syntax can say the same thing, which is every pattern but those with
/// lookaround, backreferences, `\q{…}` strings, properties of strings, lone surrogates or a
/// capture ECMAScript would reset (inside a repeated group, or an optional one that can match
/// the empty string otherwise than as `(Y*)?` or through empty alternatives, `(x|)?`, which
/// have linear spellings). Those are refused, or with the `regress` feature go to
/// [`regress`](https://docs.rs/regress), a backtracking ECMAScript engine in safe Rust, whose
/// time is not bounded (as in JavaScript engines); [`LinearEngine`] always refuses them.
#[cfg(feature = "ecmascript")]
#[derive(Clone, Copy, Debug, Default)]
pub struct EcmaEngine;

/// Linear time or an error: [`EcmaEngine`] without the backtracking fallback. Matching takes
/// time linear in the haystack for any pattern it accepts; patterns that need backtracking
/// (lookaround, backreferences, …) are refused when compiled. For patterns from untrusted
/// sources.
#[cfg(feature = "ecmascript")]
#[derive(Clone, Copy, Debug, Default)]
pub struct LinearEngine;

/// Backtracking only: every pattern on [`regress`](https://docs.rs/regress) (after this
/// crate's syntax check). For comparison; [`EcmaEngine`] is faster and bounded where it can be.
#[cfg(feature = "regress")]
#[derive(Clone, Copy, Debug, Default)]
pub struct RegressEngine;

/// A regular expression compiled by [`EcmaEngine`], [`LinearEngine`] or `RegressEngine`.
#[cfg(feature = "ecmascript")]
#[derive(Clone, Debug)]
pub enum EcmaRegex {
    /// On `regex-automata`: linear time.
    Linear(regex_automata::meta::Regex),
    /// On `regress`: backtracking.
    #[cfg(feature = "regress")]
    Backtracking(regress::Regex),
}

/// Bytes of compiled automaton a pattern may take (`a{1000}{1000}` is refused, not built).
#[cfg(feature = "ecmascript")]
const SIZE_LIMIT: usize = 4 << 20;

#[cfg(feature = "ecmascript")]
fn compile_linear(translated: &str, ignore_case: bool) -> Result<EcmaRegex, String> {
    use regex_automata::meta::Regex;
    use regex_automata::util::syntax;
    let config = Regex::config()
        .nfa_size_limit(Some(SIZE_LIMIT))
        .hybrid_cache_capacity(2 << 20);
    let syntax = syntax::Config::new().case_insensitive(ignore_case);
    Regex::builder()
        .configure(config)
        .syntax(syntax)
        .build(translated)
        .map(EcmaRegex::Linear)
        .map_err(|e| alloc::format!("{e}"))
}

#[cfg(feature = "regress")]
fn compile_backtracking(source: &str, ignore_case: bool) -> Result<EcmaRegex, String> {
    let flags = regress::Flags {
        icase: ignore_case,
        unicode_sets: true,
        ..regress::Flags::default()
    };
    regress::Regex::with_flags(source, flags)
        .map(EcmaRegex::Backtracking)
        .map_err(|e| alloc::format!("{e}"))
}

#[cfg(feature = "ecmascript")]
fn is_match(regex: &EcmaRegex, haystack: &str) -> bool {
    match regex {
        EcmaRegex::Linear(r) => r.is_match(haystack),
        #[cfg(feature = "regress")]
        EcmaRegex::Backtracking(r) => r.find(haystack).is_some(),
    }
}

#[cfg(feature = "ecmascript")]
fn captures(regex: &EcmaRegex, haystack: &str, groups: &mut Vec<Option<Range<usize>>>) -> bool {
    groups.clear();
    match regex {
        EcmaRegex::Linear(r) => {
            let mut caps = r.create_captures();
            r.captures(haystack, &mut caps);
            if !caps.is_match() {
                return false;
            }
            let n = caps.group_len();
            groups.extend((1..n).map(|i| caps.get_group(i).map(|s| s.range())));
            true
        }
        #[cfg(feature = "regress")]
        EcmaRegex::Backtracking(r) => match r.find(haystack) {
            Some(found) => {
                groups.extend(found.captures);
                true
            }
            None => false,
        },
    }
}

/// `RegexEngine` for an engine of this module, given how it compiles.
macro_rules! ecma_engine {
    ($engine:ty, $compile:expr) => {
        #[cfg(feature = "ecmascript")]
        impl RegexEngine for $engine {
            type Regex = EcmaRegex;

            fn compile(&self, source: &str, ignore_case: bool) -> Result<EcmaRegex, String> {
                let compile: fn(&str, bool) -> Result<EcmaRegex, String> = $compile;
                compile(source, ignore_case)
            }

            fn is_match(&self, regex: &EcmaRegex, haystack: &str) -> bool {
                is_match(regex, haystack)
            }

            fn captures(
                &self,
                regex: &EcmaRegex,
                haystack: &str,
                groups: &mut Vec<Option<Range<usize>>>,
            ) -> bool {
                captures(regex, haystack, groups)
            }
        }
    };
}

/// Why a pattern is refused without a backtracking engine.
#[cfg(feature = "ecmascript")]
const NEEDS_BACKTRACKING: &str = "the pattern needs a backtracking engine (lookaround, a backreference, `\\q{…}`, a property of strings, a lone surrogate or a capture ECMAScript resets): LinearEngine refuses it, and EcmaEngine runs it only with the `regress` feature";

ecma_engine!(EcmaEngine, |source, ignore_case| {
    let translation = crate::ecma::check(source)?;
    #[cfg(feature = "regress")]
    if translation.linear {
        // A pattern over the size limit still has ECMAScript's meaning on regress.
        if let Ok(regex) = compile_linear(&translation.source, ignore_case) {
            return Ok(regex);
        }
    }
    #[cfg(feature = "regress")]
    return compile_backtracking(source, ignore_case);
    #[cfg(not(feature = "regress"))]
    if translation.linear {
        compile_linear(&translation.source, ignore_case)
    } else {
        Err(String::from(NEEDS_BACKTRACKING))
    }
});

ecma_engine!(LinearEngine, |source, ignore_case| {
    let translation = crate::ecma::check(source)?;
    if !translation.linear {
        return Err(String::from(NEEDS_BACKTRACKING));
    }
    compile_linear(&translation.source, ignore_case)
});

#[cfg(feature = "regress")]
ecma_engine!(RegressEngine, |source, ignore_case| {
    crate::ecma::check(source)?;
    compile_backtracking(source, ignore_case)
});

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

/// The engine [`crate::UrlPattern`] uses unless told otherwise: [`EcmaEngine`] with the
/// `ecmascript` feature (on by default), [`NoRegexEngine`] without.
#[cfg(feature = "ecmascript")]
pub type DefaultEngine = EcmaEngine;
/// The engine [`crate::UrlPattern`] uses unless told otherwise: [`EcmaEngine`] with the
/// `ecmascript` feature (on by default), [`NoRegexEngine`] without.
#[cfg(not(feature = "ecmascript"))]
pub type DefaultEngine = NoRegexEngine;
