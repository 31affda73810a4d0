//! A compiled route set: many patterns, one URL, the first match (or every match) in table
//! order, as trying each pattern's `exec` in turn gives, at the speed of a radix router.
//!
//! The pathname patterns are compiled into a trie over path segments (`shape`, `trie`);
//! what the trie cannot say stays with the route's own pattern, tried only where the trie
//! leads (a checked candidate). The other components of each route are then matched as
//! `exec` matches them. Results borrow from the URL (`matched`).

mod matched;
mod segment;
mod shape;
mod trie;

use alloc::vec::Vec;
use core::ops::Range;

use whatwg_url::Url;

use crate::engine::{DefaultEngine, RegexEngine};
use crate::error::Error;
use crate::name::ComponentName;
use crate::pattern::{TEST_ORDER, UrlPattern};
use crate::types::UrlPatternOptions;

pub use matched::RouteMatch;
use matched::{Source, Spans};
use shape::{End, Shape};
use trie::{Group, Groups, KEPT, Trie, Visit};

/// A route: its pattern and value, and what the lookup needs of it.
pub(crate) struct Route<T, E: RegexEngine> {
    pub(crate) pattern: UrlPattern<E>,
    pub(crate) value: T,
    shape: Shape,
    /// The components besides the pathname that are not `*`, most selective first.
    checks: Vec<ComponentName>,
    /// Those of them that have groups.
    captured: Vec<ComponentName>,
    /// Where each component's groups start among the match's spans (component `i` from
    /// `offsets[i]` to `offsets[i + 1]`); a `*` component has none there (its group is its
    /// whole input).
    pub(crate) offsets: [usize; ComponentName::ALL.len() + 1],
}

/// A compiled route table: patterns in the order they were added, each with a value (a
/// handler, a route name), matched as one set.
///
/// [`find`](RouteSet::find) gives what calling `exec` on each pattern in table order and
/// taking the first non-null result gives, and [`find_all`](RouteSet::find_all) every such
/// result in order, for every pattern: `(regexp)` groups, modifiers, `ignoreCase` and
/// patterns on any component included. The pathname patterns are compiled into a trie over
/// path segments (fixed segments, `:name` segments with fixed text around them, a last `*`),
/// so a lookup follows the request's segments instead of trying each route; a route whose
/// pathname the trie can only partly say is checked with its own pattern where the trie
/// leads. Lookups allocate nothing for routes the trie says whole (up to
/// eight groups outside `*` components): the [`RouteMatch`] borrows the URL.
///
/// ```
/// use whatwg_url::Url;
/// use whatwg_urlpattern::{ComponentName, RouteSet};
///
/// let mut routes = RouteSet::new();
/// routes.add_str("https://api.example.com/repos/:owner/:repo", "repo")?;
/// routes.add_str("https://api.example.com/repos/:owner/:repo/issues/:n", "issue")?;
/// routes.add_str("https://*.example.com/*", "fallback")?;
///
/// let url = Url::parse("https://api.example.com/repos/whatwg/url/issues/42", None).unwrap();
/// let found = routes.find(&url).unwrap();
/// assert_eq!(*found.value, "issue");
/// assert_eq!(found.param("repo"), Some("url"));
/// assert_eq!(found.param("n"), Some("42"));
/// let all: Vec<&str> = routes.find_all(&url).map(|m| *m.value).collect();
/// assert_eq!(all, ["issue", "fallback"]);
/// assert_eq!(routes.find(&url).map(|m| m.get(ComponentName::Hostname, "0")), Some(None));
///
/// // By pathname alone: `exec({ pathname })`, where only `*` matches the other components.
/// let mut paths = RouteSet::new();
/// paths.add_pathname("/users/:id", 1)?;
/// assert_eq!(paths.find_pathname("/users/7").map(|m| (*m.value, m.param("id"))), Some((1, Some("7"))));
/// # Ok::<(), whatwg_urlpattern::Error>(())
/// ```
pub struct RouteSet<T, E: RegexEngine = DefaultEngine> {
    routes: Vec<Route<T, E>>,
    trie: Trie,
}

impl<T> RouteSet<T> {
    /// An empty set with the default engine (`RouteSet::<T, E>::default()` for another).
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds the constructor string `pattern` (an absolute pattern) with `value`.
    pub fn add_str(&mut self, pattern: &str, value: T) -> Result<(), Error> {
        self.add(UrlPattern::route(pattern)?, value);
        Ok(())
    }

    /// Adds the pattern `{ pathname }` (every other component `*`) with `value`.
    pub fn add_pathname(&mut self, pathname: &str, value: T) -> Result<(), Error> {
        let init = crate::init::UrlPatternInit {
            pathname: Some(pathname.into()),
            ..Default::default()
        };
        let pattern = UrlPattern::new((&init).into(), None, UrlPatternOptions::default())?;
        self.add(pattern, value);
        Ok(())
    }
}

impl<T, E: RegexEngine> Default for RouteSet<T, E> {
    fn default() -> Self {
        RouteSet {
            routes: Vec::new(),
            trie: Trie::default(),
        }
    }
}

impl<T, E: RegexEngine> FromIterator<(UrlPattern<E>, T)> for RouteSet<T, E> {
    fn from_iter<I: IntoIterator<Item = (UrlPattern<E>, T)>>(iter: I) -> Self {
        let mut set = Self::default();
        let iter = iter.into_iter();
        // A route is large (eight compiled components): room for all of them at once rather
        // than copies of the table as it doubles.
        set.routes.reserve(iter.size_hint().0);
        for (pattern, value) in iter {
            set.add(pattern, value);
        }
        set
    }
}

/// The first route that matches, and whether to keep looking; the groups the walk found for
/// it, and where the rest of the input starts.
struct First<'a, T, E: RegexEngine> {
    set: &'a RouteSet<T, E>,
    source: Source<'a>,
    best: usize,
    /// The best route's groups and their number, if the walk kept them (not cleared before
    /// the walk: `None` is one store, an array of groups sixteen).
    found: Option<(Groups, usize)>,
    next: Option<usize>,
}

impl<T, E: RegexEngine> Visit for First<'_, T, E> {
    fn bound(&self) -> usize {
        self.best
    }
    fn candidate(&mut self, route: usize, next: Option<usize>, groups: &Groups, depth: usize) {
        if self.set.accepts(route, next, self.source) {
            self.best = route;
            self.next = next;
            // The whole array, a fixed copy: a slice of the depth's length was a call to
            // `memcpy`, 3% of a lookup (callgrind).
            self.found = (depth <= KEPT).then_some((*groups, depth));
        }
    }
}

/// The pathname groups of a route as the walk found them: the `:name` segments' ranges, and
/// where the rest of the input (a tail's) starts.
#[derive(Clone, Copy)]
struct Walked<'a> {
    groups: &'a [Group],
    next: Option<usize>,
}

/// Every route that matches.
struct All<'a, T, E: RegexEngine> {
    set: &'a RouteSet<T, E>,
    source: Source<'a>,
    found: Vec<usize>,
}

impl<T, E: RegexEngine> Visit for All<'_, T, E> {
    fn bound(&self) -> usize {
        usize::MAX
    }
    fn candidate(&mut self, route: usize, next: Option<usize>, _: &Groups, _: usize) {
        if self.set.accepts(route, next, self.source) {
            self.found.push(route);
        }
    }
}

impl<T, E: RegexEngine> RouteSet<T, E> {
    /// Adds a compiled pattern with `value`, after the routes already there.
    pub fn add(&mut self, pattern: UrlPattern<E>, value: T) {
        let index = self.routes.len();
        let pathname = pattern.component_ref(ComponentName::Pathname);
        let shape = Shape::of(&pathname.parts, &pathname.options);
        // `test`'s order (cheap rejections first) but the pathname, which is the trie's.
        let checks = TEST_ORDER
            .into_iter()
            .filter(|&name| {
                name != ComponentName::Pathname
                    && !pattern.component_ref(name).matches_every_url_component()
            })
            .collect();
        let captured = ComponentName::ALL
            .into_iter()
            .filter(|&name| {
                let c = pattern.component_ref(name);
                name != ComponentName::Pathname
                    && !c.matches_every_url_component()
                    && !c.names.is_empty()
            })
            .collect();
        let mut offsets = [0; ComponentName::ALL.len() + 1];
        let mut at = 0;
        for name in ComponentName::ALL {
            let c = pattern.component_ref(name);
            if let Some(o) = offsets.get_mut(name.index()) {
                *o = at;
            }
            if name == ComponentName::Pathname || !c.matches_every_url_component() {
                at += c.names.len();
            }
        }
        if let Some(last) = offsets.last_mut() {
            *last = at;
        }
        self.trie.insert(index, &shape);
        self.routes.push(Route {
            pattern,
            value,
            shape,
            checks,
            captured,
            offsets,
        });
    }

    /// The number of routes.
    pub fn len(&self) -> usize {
        self.routes.len()
    }

    /// Whether there is no route.
    pub fn is_empty(&self) -> bool {
        self.routes.is_empty()
    }

    /// The patterns and values, in table order.
    pub fn routes(&self) -> impl Iterator<Item = (&UrlPattern<E>, &T)> {
        self.routes.iter().map(|r| (&r.pattern, &r.value))
    }

    /// Whether `route` matches `source`, given that the trie matched its segments and the
    /// input's next segment starts at `next`.
    fn accepts(&self, route: usize, next: Option<usize>, source: Source<'_>) -> bool {
        let Some(r) = self.routes.get(route) else {
            return false;
        };
        let path = source.value(ComponentName::Pathname);
        let engine = r.pattern.engine();
        let path_ok = match (&r.shape.end, next) {
            (End::Here, None) => true,
            (End::Tail { prefix, suffix }, Some(at)) => path
                .get(at..)
                .and_then(|rest| shape::tail_matches(prefix, suffix, rest))
                .is_some(),
            (End::Checked, Some(_)) => r
                .pattern
                .component_ref(ComponentName::Pathname)
                .test(engine, path),
            _ => false,
        };
        // The checks never include the pathname. Which source it is is asked once, not for
        // each check: 0.6% of `url-profile urlpattern routes` (callgrind).
        let check =
            |name: ComponentName, value: &str| r.pattern.component_ref(name).test(engine, value);
        path_ok
            && match source {
                Source::Url(url, _) => r
                    .checks
                    .iter()
                    .all(|&name| check(name, crate::pattern::url_value(url, name))),
                Source::Pathname(_) => r.checks.iter().all(|&name| check(name, "")),
            }
    }

    /// The search for the first route that matches `source`, before the walk.
    fn search<'a>(&'a self, source: Source<'a>) -> First<'a, T, E> {
        First {
            set: self,
            source,
            best: usize::MAX,
            found: None,
            next: None,
        }
    }

    /// Walks the trie for `search`, which then holds the first route that matches (`best`:
    /// `usize::MAX` if none does). The search stays in the caller's frame: returning it
    /// copied it, 29 instructions a lookup (callgrind).
    fn first<'a>(&'a self, search: &mut First<'a, T, E>) {
        self.trie
            .walk(search.source.value(ComponentName::Pathname), search);
    }

    /// The first route that matches `source`, with its groups.
    fn find_first<'s, 'u>(&'s self, source: Source<'u>) -> Option<RouteMatch<'s, 'u, T, E>> {
        let mut first = self.search(source);
        self.first(&mut first);
        if first.best == usize::MAX {
            return None;
        }
        let walked = first.found.as_ref().and_then(|(groups, n)| {
            Some(Walked {
                groups: groups.get(..*n)?,
                next: first.next,
            })
        });
        self.matched(first.best, source, walked)
    }

    /// Every route that matches `source`, in table order.
    fn all(&self, source: Source<'_>) -> Vec<usize> {
        let mut search = All {
            set: self,
            source,
            found: Vec::new(),
        };
        self.trie
            .walk(source.value(ComponentName::Pathname), &mut search);
        search.found.sort_unstable();
        search.found
    }

    /// The groups of `route`, which matches `source` (the pathname's as the walk found them,
    /// when given).
    fn matched<'s, 'u>(
        &'s self,
        route: usize,
        source: Source<'u>,
        walked: Option<Walked<'_>>,
    ) -> Option<RouteMatch<'s, 'u, T, E>> {
        let r = self.routes.get(route)?;
        let engine = r.pattern.engine();
        let path = source.value(ComponentName::Pathname);
        let longest = r
            .captured
            .iter()
            .map(|&name| source.value(name).len())
            .fold(path.len(), usize::max);
        let mut spans = Spans::new(r.offsets.last().copied().unwrap_or(0), longest);
        // The groups of component `name` are at its offset, up to the next component's.
        let range = |name: ComponentName| {
            let i = name.index();
            Some((*r.offsets.get(i)?, *r.offsets.get(i + 1)?))
        };
        for &name in &r.captured {
            let Some((from, to)) = range(name) else {
                continue;
            };
            let c = r.pattern.component_ref(name);
            let value = source.value(name);
            if !spans.fill(from, to, |out| c.captures_into(engine, value, out)) {
                return None;
            }
        }
        if let Some((from, to)) = range(ComponentName::Pathname).filter(|(from, to)| from < to) {
            if matches!(r.shape.end, End::Checked) {
                let c = r.pattern.component_ref(ComponentName::Pathname);
                if !spans.fill(from, to, |out| c.captures_into(engine, path, out)) {
                    return None;
                }
            } else if let Some(walked) = walked {
                // What `shape_captures` would find again, segment by segment.
                spans.set_walked(from, walked.groups);
                if let (End::Tail { prefix, suffix }, Some(at)) = (&r.shape.end, walked.next) {
                    let tail = path
                        .get(at..)
                        .and_then(|rest| shape::tail_matches(prefix, suffix, rest));
                    if let Some(range) = tail {
                        spans.set(
                            from + walked.groups.len(),
                            Some(at + range.start..at + range.end),
                        );
                    }
                }
            } else {
                trie::shape_captures(&r.shape, path, |k, range| spans.set(from + k, Some(range)));
            }
        }
        Some(RouteMatch::new(route, r, source, spans))
    }

    /// The first route that matches `url`, with its groups.
    pub fn find<'s, 'u>(&'s self, url: &'u Url) -> Option<RouteMatch<'s, 'u, T, E>> {
        self.find_first(Source::url(url))
    }

    /// Every route that matches `url`, in table order.
    pub fn find_all<'s, 'u>(
        &'s self,
        url: &'u Url,
    ) -> impl Iterator<Item = RouteMatch<'s, 'u, T, E>> + use<'s, 'u, T, E> {
        let source = Source::url(url);
        self.all(source)
            .into_iter()
            .filter_map(move |route| self.matched(route, source, None))
    }

    /// The value of the first route that matches `url`, and its index, without its groups.
    pub fn test(&self, url: &Url) -> Option<(usize, &T)> {
        let mut search = self.search(Source::url(url));
        self.first(&mut search);
        let route = search.best;
        self.routes.get(route).map(|r| (route, &r.value))
    }

    /// The first route that matches the pathname `pathname`, as `exec({ pathname })` on each
    /// pattern gives: the other components are the empty string, which only `*` matches.
    /// `pathname` is taken as the pathname of a special URL (`Url::pathname` of an `https:`
    /// URL) is: it is not canonicalized again, as `exec({ pathname })` would (as a special
    /// URL's pathname, since the protocol is empty: a non-special URL's `\` would become `/`).
    pub fn find_pathname<'s, 'u>(&'s self, pathname: &'u str) -> Option<RouteMatch<'s, 'u, T, E>> {
        self.find_first(Source::Pathname(pathname))
    }

    /// Every route that matches the pathname `pathname` (see [`find_pathname`](Self::find_pathname)),
    /// in table order.
    pub fn find_all_pathname<'s, 'u>(
        &'s self,
        pathname: &'u str,
    ) -> impl Iterator<Item = RouteMatch<'s, 'u, T, E>> + use<'s, 'u, T, E> {
        let source = Source::Pathname(pathname);
        self.all(source)
            .into_iter()
            .filter_map(move |route| self.matched(route, source, None))
    }
}

/// A span list slot (the group's range in its component's input).
pub(crate) type Slot = Option<Range<usize>>;
