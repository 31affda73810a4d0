//! A router: many patterns, one URL, the first match or all of them (what `URLPatternList`
//! proposals and every web framework's route table do), without trying every pattern.

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

use whatwg_url::Url;

use crate::engine::{DefaultEngine, RegexEngine};
use crate::error::Error;
use crate::name::ComponentName;
use crate::pattern::UrlPattern;
use crate::types::UrlPatternResult;

/// A route table: patterns in the order they were added, each with a value (a handler, a
/// route name).
///
/// Matching tries only the routes whose pathname can match: each route is filed under the
/// fixed start of its pathname pattern, cut after its last `/` (`/api/users/:id` under
/// `/api/users/`), and a URL looks up each prefix of its pathname that ends in `/`. Routes
/// whose pathname starts with a group (or that ignore case) are tried for every URL. The
/// order of the routes decides, as if each were tried in turn. [`RouteSet`](crate::RouteSet)
/// gives the same answers from a trie over path segments, with borrowed groups, many times
/// faster on large tables.
///
/// ```
/// use whatwg_url::Url;
/// use whatwg_urlpattern::Router;
///
/// let mut router = Router::new();
/// router.add_str("https://example.com/books/:id", "book")?;
/// router.add_str("https://example.com/books/:id/reviews", "reviews")?;
/// router.add_str("https://example.com/*", "fallback")?;
///
/// let url = Url::parse("https://example.com/books/42/reviews", None).unwrap();
/// let found = router.find(&url).unwrap();
/// assert_eq!(*found.value, "reviews");
/// assert_eq!(found.result.pathname.get("id"), Some("42"));
/// assert_eq!(router.find_all(&url).map(|m| *m.value).collect::<Vec<_>>(), ["reviews", "fallback"]);
/// # Ok::<(), whatwg_urlpattern::Error>(())
/// ```
pub struct Router<T, E: RegexEngine = DefaultEngine> {
    routes: Vec<(UrlPattern<E>, T)>,
    /// Route indices by the `/`-ended fixed start of their pathname pattern.
    by_prefix: BTreeMap<String, Vec<usize>>,
    /// Routes tried for every URL.
    always: Vec<usize>,
}

/// A route that matched: its index, its value and the groups.
#[derive(Debug)]
pub struct RouterMatch<'a, T> {
    /// The route's position in the table.
    pub index: usize,
    /// The value the route was added with.
    pub value: &'a T,
    /// `exec`'s result.
    pub result: UrlPatternResult,
}

impl<T> Router<T> {
    /// An empty table with the default engine (`Router::<T, E>::default()` for another).
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds the constructor string `pattern` (an absolute pattern) with `value`.
    pub fn add_str(&mut self, pattern: &str, value: T) -> Result<(), Error> {
        self.add(UrlPattern::route(pattern)?, value);
        Ok(())
    }
}

impl<T, E: RegexEngine> Default for Router<T, E> {
    fn default() -> Self {
        Router {
            routes: Vec::new(),
            by_prefix: BTreeMap::new(),
            always: Vec::new(),
        }
    }
}

impl<T, E: RegexEngine> Router<T, E> {
    /// Adds a compiled pattern with `value`, after the routes already there.
    pub fn add(&mut self, pattern: UrlPattern<E>, value: T) {
        let index = self.routes.len();
        let pathname = pattern.component_ref(ComponentName::Pathname);
        let prefix = pathname.literal_prefix();
        match prefix.rfind('/') {
            Some(slash) if !pathname.options.ignore_case => {
                let key = prefix.get(..=slash).unwrap_or("/");
                self.by_prefix
                    .entry(String::from(key))
                    .or_default()
                    .push(index);
            }
            _ => self.always.push(index),
        }
        self.routes.push((pattern, value));
    }

    /// The number of routes.
    pub fn len(&self) -> usize {
        self.routes.len()
    }

    /// Whether there is no route.
    pub fn is_empty(&self) -> bool {
        self.routes.is_empty()
    }

    /// The indices of the routes that can match a URL with this pathname, in table order.
    fn candidates(&self, pathname: &str) -> Vec<usize> {
        let mut found: Vec<usize> = self.always.clone();
        for (i, b) in pathname.bytes().enumerate() {
            if b == b'/' {
                if let Some(routes) = pathname.get(..=i).and_then(|k| self.by_prefix.get(k)) {
                    found.extend_from_slice(routes);
                }
            }
        }
        found.sort_unstable();
        found
    }

    /// The value of the first route that matches `url`, without its groups.
    pub fn test(&self, url: &Url) -> Option<&T> {
        self.candidates(url.pathname())
            .into_iter()
            .filter_map(|i| self.routes.get(i))
            .find(|(p, _)| p.test_url(url))
            .map(|(_, v)| v)
    }

    /// The first route that matches `url`, with its groups.
    pub fn find<'r>(&'r self, url: &'r Url) -> Option<RouterMatch<'r, T>> {
        self.find_all(url).next()
    }

    /// Every route that matches `url`, in table order.
    pub fn find_all<'r>(&'r self, url: &'r Url) -> impl Iterator<Item = RouterMatch<'r, T>> + 'r {
        self.candidates(url.pathname())
            .into_iter()
            .filter_map(move |index| {
                let (pattern, value) = self.routes.get(index)?;
                let result = pattern.exec_url(url)?;
                Some(RouterMatch {
                    index,
                    value,
                    result,
                })
            })
    }

    /// The patterns and values, in table order.
    pub fn routes(&self) -> impl Iterator<Item = (&UrlPattern<E>, &T)> {
        self.routes.iter().map(|(p, v)| (p, v))
    }
}
