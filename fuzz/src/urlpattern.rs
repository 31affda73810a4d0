//! Target `urlpattern`: a pattern and a URL. Chunks: the pattern (a constructor string; a
//! relative one gets the base `https://example.com/`), the URL to match, and optionally a third
//! chunk whose presence sets `ignoreCase`.
//!
//! The pattern is compiled with `LinearEngine`, which is what the default engine is in a
//! default build (this crate turns `regress` on for the comparison below, and with it the
//! default engine would fall back to backtracking, whose time is unbounded by design).
//!
//! Checks: construction and matching never panic nor hang; on every component the direct
//! matcher (or the `*` shortcut) decides, the standard's regular expression on the engine gives
//! the same answer and groups; `test_url` agrees with `exec_url`, and `test` on the URL string
//! with `test_url` on the parsed URL; a pattern built again from its own component pattern
//! strings matches the URL as the original does; on URLs of at most 16 bytes and patterns with
//! at most three groups and modifiers, the linear engine and the backtracking engine (regress)
//! give the same result and groups.

use whatwg_url::Url;
use whatwg_urlpattern::{
    ComponentName, LinearEngine, RegressEngine, UrlPattern, UrlPatternInit, UrlPatternInput,
    UrlPatternOptions,
};

use crate::input::{chunks, text};

/// The check.
pub fn check(data: &[u8]) {
    let mut parts = chunks(data);
    let pattern = text(parts.next().unwrap_or_default());
    let input = text(parts.next().unwrap_or_default());
    let options = UrlPatternOptions {
        ignore_case: parts.next().is_some(),
    };
    let built = UrlPattern::with_engine(pattern.as_ref().into(), None, options, LinearEngine)
        .or_else(|_| {
            UrlPattern::with_engine(
                pattern.as_ref().into(),
                Some("https://example.com/"),
                options,
                LinearEngine,
            )
        });
    let Ok(p) = built else { return };
    let Ok(url) = Url::parse(&input, None) else {
        assert!(
            !p.test(input.as_ref().into(), None).unwrap_or(false),
            "{input:?} is no URL"
        );
        return;
    };
    if let Err(why) = p.check_shortcuts(&url) {
        panic!("pattern {pattern:?}: {why}");
    }
    let tested = p.test(url.href().into(), None).unwrap_or(false);
    assert_eq!(tested, p.test_url(&url), "pattern {pattern:?} on {input:?}");
    // Backtracking takes time exponential in the length at worst (`:x+` alone is the nested
    // quantifier `((?:[^\/]+?)+)`), and a power of that with several: very short URLs and
    // patterns with few groups and modifiers only.
    let quantifiers = pattern
        .chars()
        .filter(|c| matches!(c, '*' | '+' | '?' | '{' | ':' | '('))
        .count();
    if url.href().len() <= 16 && quantifiers <= 3 {
        let input: UrlPatternInput<'_> = pattern.as_ref().into();
        let backtracking =
            UrlPattern::with_engine(input, None, options, RegressEngine).or_else(|_| {
                UrlPattern::with_engine(input, Some("https://example.com/"), options, RegressEngine)
            });
        let backtracking =
            backtracking.unwrap_or_else(|e| panic!("{pattern:?}: only regress refuses: {e}"));
        assert_eq!(
            p.exec_url(&url),
            backtracking.exec_url(&url),
            "pattern {pattern:?} on {input:?}: the default engine and regress differ"
        );
    }
    // The normalized pattern strings stand for the same pattern.
    let mut init = UrlPatternInit::default();
    for name in ComponentName::ALL {
        *init.component_mut(name) = Some(p.get(name).to_owned());
    }
    if let Ok(again) = UrlPattern::with_engine((&init).into(), None, options, LinearEngine) {
        assert_eq!(
            again.test_url(&url),
            tested,
            "pattern {pattern:?} and its normalized form {init:?} differ on {input:?}"
        );
    }
}
