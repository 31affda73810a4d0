//! A route set's match: the route, and its groups as ranges of the matched URL's components,
//! borrowed, not copied.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use super::trie::Group;
use super::{Route, Slot};
use crate::engine::{DefaultEngine, RegexEngine};
use crate::name::ComponentName;
use crate::pattern::UrlPattern;
use crate::types::{ComponentResult, UrlPatternResult};

/// The groups a match keeps in place; more go to the heap.
const INLINE: usize = 8;

/// No group (an optional group that did not match), among the inline spans.
const NONE: (u32, u32) = (u32::MAX, 0);

/// The groups' ranges, in component order: in place as 32-bit offsets (a match is small to
/// move), or on the heap for more than [`INLINE`] groups or inputs of 4 GiB.
pub(crate) enum Spans {
    Inline([(u32, u32); INLINE], usize),
    Heap(Vec<Slot>),
}

impl Spans {
    /// Room for `len` groups of inputs at most `longest` bytes long.
    pub(crate) fn new(len: usize, longest: usize) -> Self {
        if len <= INLINE && longest < u32::MAX as usize {
            Spans::Inline([NONE; INLINE], len)
        } else {
            Spans::Heap(alloc::vec![None; len])
        }
    }

    pub(crate) fn set(&mut self, i: usize, range: Slot) {
        match self {
            Spans::Inline(slots, _) => {
                if let Some(slot) = slots.get_mut(i) {
                    *slot = range
                        .and_then(|r| {
                            Some((u32::try_from(r.start).ok()?, u32::try_from(r.end).ok()?))
                        })
                        .unwrap_or(NONE);
                }
            }
            Spans::Heap(slots) => {
                if let Some(slot) = slots.get_mut(i) {
                    *slot = range;
                }
            }
        }
    }

    pub(crate) fn get(&self, i: usize) -> Slot {
        match self {
            Spans::Inline(slots, len) => {
                let &(start, end) = slots.get(..*len)?.get(i)?;
                (start != u32::MAX).then_some(start as usize..end as usize)
            }
            Spans::Heap(slots) => slots.get(i).cloned().flatten(),
        }
    }

    /// Sets the slots from `from` on to the walk's `groups`, which lie in an input no longer
    /// than the `longest` given to [`Spans::new`]: inline, each offset is below `u32::MAX`
    /// and fits as it is (`u32::try_from` for each was 30 instructions a lookup, callgrind).
    pub(crate) fn set_walked(&mut self, from: usize, groups: &[Group]) {
        match self {
            Spans::Inline(slots, _) => {
                for (slot, &(start, end)) in slots.iter_mut().skip(from).zip(groups) {
                    *slot = (start as u32, end as u32);
                }
            }
            Spans::Heap(slots) => {
                for (slot, &(start, end)) in slots.iter_mut().skip(from).zip(groups) {
                    *slot = Some(start..end);
                }
            }
        }
    }

    /// Runs `f` on the slots `from..to` as byte ranges (a copy for inline spans).
    pub(crate) fn fill(
        &mut self,
        from: usize,
        to: usize,
        f: impl FnOnce(&mut [Slot]) -> bool,
    ) -> bool {
        match self {
            Spans::Inline(..) => {
                let mut tmp: [Slot; INLINE] = Default::default();
                let Some(out) = tmp.get_mut(..to.saturating_sub(from)) else {
                    return false;
                };
                let ok = f(out);
                for (k, range) in tmp.into_iter().enumerate().take(to.saturating_sub(from)) {
                    self.set(from + k, range);
                }
                ok
            }
            Spans::Heap(slots) => slots.get_mut(from..to).is_some_and(f),
        }
    }
}

/// What a lookup matches: a URL, or a pathname alone (`exec({ pathname })`: the other
/// components are the empty string). Components are read only when a route needs them.
#[derive(Clone, Copy)]
pub(crate) enum Source<'u> {
    /// A URL, and its pathname (read once: a lookup needs it several times).
    Url(&'u whatwg_url::Url, &'u str),
    Pathname(&'u str),
}

impl<'u> Source<'u> {
    /// A URL to match.
    pub(crate) fn url(url: &'u whatwg_url::Url) -> Self {
        Source::Url(url, crate::pattern::url_value(url, ComponentName::Pathname))
    }

    /// The value of the component `name`.
    pub(crate) fn value(self, name: ComponentName) -> &'u str {
        match self {
            Source::Url(_, path) if name == ComponentName::Pathname => path,
            Source::Url(url, _) => crate::pattern::url_value(url, name),
            Source::Pathname(path) if name == ComponentName::Pathname => path,
            Source::Pathname(_) => "",
        }
    }
}

/// A route of a [`RouteSet`](super::RouteSet) that matched: its index and value, and its
/// groups, which borrow from the matched URL (or pathname): `exec`'s result without
/// allocating. [`to_result`](RouteMatch::to_result) makes the owned `UrlPatternResult`.
pub struct RouteMatch<'s, 'u, T, E: RegexEngine = DefaultEngine> {
    /// The route's position in the table.
    pub index: usize,
    /// The value the route was added with.
    pub value: &'s T,
    route: &'s Route<T, E>,
    source: Source<'u>,
    spans: Spans,
}

impl<'s, 'u, T, E: RegexEngine> RouteMatch<'s, 'u, T, E> {
    pub(crate) fn new(
        index: usize,
        route: &'s Route<T, E>,
        source: Source<'u>,
        spans: Spans,
    ) -> Self {
        RouteMatch {
            index,
            value: &route.value,
            route,
            source,
            spans,
        }
    }

    /// The route's pattern.
    pub fn pattern(&self) -> &'s UrlPattern<E> {
        &self.route.pattern
    }

    /// The component's input (`result[component].input`).
    pub fn input(&self, component: ComponentName) -> &'u str {
        self.source.value(component)
    }

    /// The component's groups, each name with its value (`None`: an optional group that did
    /// not match), in the pattern's order (`result[component].groups`).
    pub fn groups(
        &self,
        component: ComponentName,
    ) -> impl Iterator<Item = (&'s str, Option<&'u str>)> + '_ {
        let i = component.index();
        let input = self.input(component);
        let names = &self.route.pattern.component_ref(component).names[..];
        let from = self.route.offsets.get(i).copied().unwrap_or(0);
        let to = self.route.offsets.get(i + 1).copied().unwrap_or(0);
        // A `*` component keeps no spans: its one group is its whole input.
        let whole = from == to;
        let spans = &self.spans;
        names.iter().enumerate().map(move |(g, name)| {
            let value = if whole {
                Some(input)
            } else {
                spans.get(from + g).and_then(|r| input.get(r))
            };
            (&**name, value)
        })
    }

    /// The value of the group `name` of `component`, if it exists and matched.
    pub fn get(&self, component: ComponentName, name: &str) -> Option<&'u str> {
        self.groups(component)
            .find(|(n, _)| *n == name)
            .and_then(|(_, v)| v)
    }

    /// The value of the pathname group `name` (`:name`, or `0` for the first `*`).
    pub fn param(&self, name: &str) -> Option<&'u str> {
        self.get(ComponentName::Pathname, name)
    }

    /// The owned result, as `exec` gives it, except `inputs`, which is left empty (the caller
    /// has the URL or pathname it matched).
    pub fn to_result(&self) -> UrlPatternResult {
        let component = |c: ComponentName| ComponentResult {
            input: self.input(c).to_string(),
            groups: self
                .groups(c)
                .map(|(n, v)| (String::from(n), v.map(String::from)))
                .collect(),
        };
        let mut result = UrlPatternResult::default();
        for name in ComponentName::ALL {
            *result.component_mut(name) = component(name);
        }
        result
    }
}

impl<T: fmt::Debug, E: RegexEngine> fmt::Debug for RouteMatch<'_, '_, T, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RouteMatch")
            .field("index", &self.index)
            .field("value", self.value)
            .field(
                ComponentName::Pathname.as_str(),
                &self.groups(ComponentName::Pathname).collect::<Vec<_>>(),
            )
            .finish_non_exhaustive()
    }
}
