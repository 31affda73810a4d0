//! Target `routeset`: a compiled `RouteSet` against its patterns' own `exec` tried in table
//! order. Chunks: the first drives the generator of `test_support::routes` (a table of up to
//! 16 routes built from overlapping pieces: fixed and `:name` segments, `(regexp)` groups,
//! modifiers, `*`, custom prefixes, other components, `ignoreCase`; and 8 request URLs); each
//! later chunk (up to 4) is either a URL, added to the requests, or otherwise a pathname
//! pattern, added to the table.
//!
//! Patterns are compiled with `LinearEngine` (matching in linear time). Checks, for every
//! request: `find`, `find_all` and `test` on the parsed URL give the index and the groups of
//! the first and of every pattern whose `exec_url` matches, in table order; `find_pathname`
//! and `find_all_pathname` on its pathname give what `exec({ pathname })` gives (for a special
//! URL, whose pathname that canonicalization keeps as it is).

use whatwg_url::Url;
use whatwg_urlpattern::{
    LinearEngine, RouteSet, UrlPattern, UrlPatternInit, UrlPatternOptions, UrlPatternResult,
};

use crate::input::{chunks, text};
use test_support::routes::{Bytes, GenRoute, request, route_table};

fn compile(route: &GenRoute) -> Option<UrlPattern<LinearEngine>> {
    let options = UrlPatternOptions {
        ignore_case: route.ignore_case,
    };
    if route.pathname_only {
        let init = UrlPatternInit {
            pathname: Some(route.pattern.clone()),
            ..Default::default()
        };
        UrlPattern::with_engine((&init).into(), None, options, LinearEngine).ok()
    } else {
        UrlPattern::with_engine(route.pattern.as_str().into(), None, options, LinearEngine).ok()
    }
}

fn without_inputs(mut r: UrlPatternResult) -> UrlPatternResult {
    r.inputs.clear();
    r
}

/// The check.
pub fn check(data: &[u8]) {
    let mut parts = chunks(data);
    let mut choices = Bytes(parts.next().unwrap_or_default());
    let mut table = route_table(&mut choices, 16);
    let mut requests: Vec<String> = (0..8).map(|_| request(&mut choices)).collect();
    for part in parts.take(4) {
        let part = text(part);
        if part.len() > 256 {
            continue;
        }
        if Url::parse(&part, None).is_ok() {
            requests.push(part.into_owned());
        } else {
            table.push(GenRoute {
                pattern: part.into_owned(),
                pathname_only: true,
                ignore_case: false,
            });
        }
    }
    let patterns: Vec<UrlPattern<LinearEngine>> = table.iter().filter_map(compile).collect();
    // Compiled again for the set (a `UrlPattern` is not `Clone`).
    let set: RouteSet<usize, LinearEngine> = table
        .iter()
        .filter_map(compile)
        .enumerate()
        .map(|(i, p)| (p, i))
        .collect();
    for input in &requests {
        let Ok(url) = Url::parse(input, None) else {
            continue;
        };
        let want: Vec<(usize, UrlPatternResult)> = patterns
            .iter()
            .enumerate()
            .filter_map(|(i, p)| Some((i, without_inputs(p.exec_url(&url)?))))
            .collect();
        let got: Vec<(usize, UrlPatternResult)> = set
            .find_all(&url)
            .map(|m| (m.index, m.to_result()))
            .collect();
        assert_eq!(got, want, "find_all on {input:?}, table {table:?}");
        let first = set.find(&url).map(|m| (m.index, m.to_result()));
        assert_eq!(
            first.as_ref(),
            want.first(),
            "find on {input:?}, table {table:?}"
        );
        assert_eq!(
            set.test(&url).map(|(i, _)| i),
            want.first().map(|(i, _)| *i),
            "test on {input:?}, table {table:?}"
        );

        // `find_pathname` takes a special URL's pathname as it is; `exec({ pathname })`
        // canonicalizes its pathname as a special one (the protocol is empty), which changes a
        // non-special URL's (`\` becomes `/`).
        if !url.is_special() {
            continue;
        }
        let path = url.pathname();
        let init = UrlPatternInit {
            pathname: Some(path.to_owned()),
            ..Default::default()
        };
        let want: Vec<(usize, UrlPatternResult)> = patterns
            .iter()
            .enumerate()
            .filter_map(|(i, p)| {
                let r = p.exec((&init).into(), None).ok()??;
                Some((i, without_inputs(r)))
            })
            .collect();
        let got: Vec<(usize, UrlPatternResult)> = set
            .find_all_pathname(path)
            .map(|m| (m.index, m.to_result()))
            .collect();
        assert_eq!(got, want, "find_all_pathname on {path:?}, table {table:?}");
        let first = set.find_pathname(path).map(|m| (m.index, m.to_result()));
        assert_eq!(
            first.as_ref(),
            want.first(),
            "find_pathname on {path:?}, table {table:?}"
        );
    }
}
