//! The trie over pathname segments: one node per distinct run of segments, each route filed
//! at the node its segments lead to.
//!
//! A lookup walks the input's segments from the root. At depth `k` the input's segment `k` is
//! fixed, so each node is visited at most once and a lookup costs at most the size of the trie
//! (in practice one path and a few `:name` branches). Every node knows the first route of its
//! subtree (routes are filed in table order), so the search for the first match leaves out
//! every subtree that cannot hold a route before the best one found so far.

use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::vec::Vec;

use super::shape::{End, Seg, Shape};

/// A node: the routes whose segments end here, and the children by the next segment.
struct Node {
    /// Children by a fixed segment.
    exact: BTreeMap<Box<str>, usize>,
    /// Children by a `:name` segment (its prefix and suffix), in order of creation, and the
    /// same by segment (to file a route in time logarithmic in the number of children).
    params: Vec<(Seg, usize)>,
    param_index: BTreeMap<Seg, usize>,
    /// Routes whose pattern ends here (`End::Here`), in table order.
    here: Vec<usize>,
    /// Routes that go on after these segments with a tail or their own pattern, in table order.
    rest: Vec<usize>,
    /// The first route filed in this subtree.
    first: usize,
}

impl Node {
    fn new(first: usize) -> Self {
        Node {
            exact: BTreeMap::new(),
            params: Vec::new(),
            param_index: BTreeMap::new(),
            here: Vec::new(),
            rest: Vec::new(),
            first,
        }
    }
}

/// What a lookup does with the routes the trie finds.
pub(crate) trait Visit {
    /// Routes from this index on are of no more interest.
    fn bound(&self) -> usize;
    /// The segments of `route` match the input's first segments; `next` is where the input's
    /// next segment starts (`None`: the input has no more).
    fn candidate(&mut self, route: usize, next: Option<usize>);
}

/// The trie.
pub(crate) struct Trie {
    nodes: Vec<Node>,
}

impl Default for Trie {
    fn default() -> Self {
        Trie {
            nodes: alloc::vec![Node::new(usize::MAX)],
        }
    }
}

/// The input's segment starting at `pos`, and where the next one starts.
fn segment_at(input: &str, pos: usize) -> (&str, Option<usize>) {
    let rest = input.get(pos..).unwrap_or("");
    match rest.find('/') {
        Some(slash) => (rest.get(..slash).unwrap_or(""), Some(pos + slash + 1)),
        None => (rest, None),
    }
}

impl Trie {
    /// Files `route` (after every route filed so far) under `shape`.
    pub(crate) fn insert(&mut self, route: usize, shape: &Shape) {
        let mut id = 0;
        for seg in &shape.segs {
            if let Some(node) = self.nodes.get_mut(id) {
                node.first = node.first.min(route);
            }
            let fresh = self.nodes.len();
            let Some(node) = self.nodes.get_mut(id) else {
                return;
            };
            let child = match seg {
                Seg::Exact(text) => match node.exact.get(&**text) {
                    Some(c) => Some(*c),
                    None => {
                        node.exact.insert(text.clone(), fresh);
                        None
                    }
                },
                Seg::Param { .. } => match node.param_index.get(seg) {
                    Some(c) => Some(*c),
                    None => {
                        node.param_index.insert(seg.clone(), fresh);
                        node.params.push((seg.clone(), fresh));
                        None
                    }
                },
            };
            id = match child {
                Some(c) => c,
                None => {
                    self.nodes.push(Node::new(route));
                    fresh
                }
            };
        }
        if let Some(node) = self.nodes.get_mut(id) {
            node.first = node.first.min(route);
            match shape.end {
                End::Here => node.here.push(route),
                End::Tail { .. } | End::Checked => node.rest.push(route),
            }
        }
    }

    /// Walks `input`'s segments, reporting every route whose segments match to `visit` (only
    /// those before its bound).
    pub(crate) fn walk<V: Visit>(&self, input: &str, visit: &mut V) {
        self.walk_from(0, input, Some(0), visit);
    }

    fn walk_from<V: Visit>(&self, id: usize, input: &str, pos: Option<usize>, visit: &mut V) {
        let Some(node) = self.nodes.get(id) else {
            return;
        };
        if node.first >= visit.bound() {
            return;
        }
        let Some(pos) = pos else {
            for &route in &node.here {
                if route >= visit.bound() {
                    break;
                }
                visit.candidate(route, None);
            }
            return;
        };
        for &route in &node.rest {
            if route >= visit.bound() {
                break;
            }
            visit.candidate(route, Some(pos));
        }
        let (seg, next) = segment_at(input, pos);
        if let Some(child) = node.exact.get(seg) {
            self.walk_from(*child, input, next, visit);
        }
        for (pattern, child) in &node.params {
            if pattern.matches(seg).is_some() {
                self.walk_from(*child, input, next, visit);
            }
        }
    }
}

/// The pathname groups of a route whose shape the trie matched on `input`: each `:name`
/// segment's and the tail's range, in order, written to `out`.
pub(crate) fn shape_captures(
    shape: &Shape,
    input: &str,
    out: &mut [Option<core::ops::Range<usize>>],
) {
    let mut slots = out.iter_mut();
    let mut pos = Some(0);
    for seg in &shape.segs {
        let Some(start) = pos else { return };
        let (text, next) = segment_at(input, start);
        if let Some(Some(range)) = seg.matches(text) {
            if let Some(slot) = slots.next() {
                *slot = Some(start + range.start..start + range.end);
            }
        }
        pos = next;
    }
    if let (End::Tail { prefix, suffix }, Some(start)) = (&shape.end, pos) {
        let range = input
            .get(start..)
            .and_then(|rest| super::shape::tail_matches(prefix, suffix, rest));
        if let (Some(range), Some(slot)) = (range, slots.next()) {
            *slot = Some(start + range.start..start + range.end);
        }
    }
}
