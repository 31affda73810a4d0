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

use super::segment::{SegmentAt, Slashes, hash, same, segment_at, segment_hash};
use super::shape::{End, Seg, Shape};

/// A node: the routes whose segments end here, and the children by the next segment.
struct Node {
    /// Children by a fixed segment.
    exact: Exact,
    /// Children by a `:name` segment (its prefix and suffix), in order of creation, and,
    /// once they are more than [`Exact::FEW`], the same by segment (to file a route in time
    /// logarithmic in the number of children; while few, they are compared one by one).
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
            exact: Exact::default(),
            params: Vec::new(),
            param_index: BTreeMap::new(),
            here: Vec::new(),
            rest: Vec::new(),
            first,
        }
    }

    /// The child of the `:name` segment `seg`, when filing.
    fn param_child(&self, seg: &Seg) -> Option<usize> {
        if self.params.len() <= Exact::FEW {
            return self.params.iter().find(|(s, _)| s == seg).map(|(_, c)| *c);
        }
        self.param_index.get(seg).copied()
    }

    /// Files `child` as the child of the `:name` segment `seg`; the index by segment is built
    /// when the children first outnumber [`Exact::FEW`].
    fn add_param(&mut self, seg: &Seg, child: usize) {
        self.params.push((seg.clone(), child));
        if self.params.len() == Exact::FEW + 1 {
            for (s, c) in &self.params {
                self.param_index.insert(s.clone(), *c);
            }
        } else if self.params.len() > Exact::FEW {
            self.param_index.insert(seg.clone(), child);
        }
    }
}

/// What a lookup does with the routes the trie finds.
pub(crate) trait Visit {
    /// Routes from this index on are of no more interest.
    fn bound(&self) -> usize;
    /// The segments of `route` match the input's first segments; `next` is where the input's
    /// next segment starts (`None`: the input has no more); `groups[..depth]`, the ranges in
    /// the input of the groups of its `:name` segments, in order (not kept beyond [`KEPT`]).
    fn candidate(&mut self, route: usize, next: Option<usize>, groups: &Groups, depth: usize);
}

/// A group's range in the input, as recorded by the walk.
pub(crate) type Group = (usize, usize);

/// The walk keeps the ranges of this many `:name` segments on its way down (a deeper route's
/// groups are found again from its shape).
pub(crate) const KEPT: usize = 8;

/// The ranges of the `:name` segments on the walk's way down.
pub(crate) type Groups = [Group; KEPT];

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

/// The input of a walk, and its slashes.
#[derive(Clone, Copy)]
struct Walk<'a> {
    input: &'a str,
    slashes: Slashes,
}

/// Children by a fixed segment: compared one by one while they are few,
/// then found in a hash table (open addressing, linear probing, at most half full, doubled as
/// it fills: building stays linear, a lookup compares one hash or a few, and text once).
#[derive(Default)]
struct Exact {
    entries: Vec<(Box<str>, usize)>,
    /// Each entry's hash.
    hashes: Vec<u64>,
    /// Entry index + 1 by hash (0: empty); a power of two long, or empty while few.
    slots: Vec<u32>,
}

impl Exact {
    /// Up to this many children are compared one by one.
    const FEW: usize = 8;

    fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The child of the segment `at` of `input`.
    #[inline]
    fn get(&self, input: &str, at: &SegmentAt<'_>) -> Option<usize> {
        self.get_text(at.text, || segment_hash(input, at.start, at.text))
    }

    /// The child of the segment `text`, whose hash `hash` gives when needed.
    #[inline]
    fn get_text(&self, text: &[u8], hash: impl FnOnce() -> u64) -> Option<usize> {
        if self.slots.is_empty() {
            return self
                .entries
                .iter()
                .find(|(t, _)| same(t.as_bytes(), text))
                .map(|(_, c)| *c);
        }
        let h = hash();
        let mask = self.slots.len() - 1;
        let mut i = h as usize & mask;
        loop {
            let e = (*self.slots.get(i)? as usize).checked_sub(1)?;
            if self.hashes.get(e) == Some(&h) {
                if let Some((t, c)) = self.entries.get(e) {
                    // Up to eight bytes, equal hashes and lengths are equal texts: [`hash`]
                    // is then `mix(mix(0, w), len)` of the text's one zero-padded word `w`,
                    // and `mix(h, ·)` is a bijection (an XOR, then a product by an odd
                    // constant), so the word, and with the length the text, is the same.
                    if t.len() == text.len() && (text.len() <= 8 || same(t.as_bytes(), text)) {
                        return Some(*c);
                    }
                }
            }
            i = (i + 1) & mask;
        }
    }

    fn insert(&mut self, text: Box<str>, child: usize) {
        let h = hash(text.as_bytes());
        self.hashes.push(h);
        self.entries.push((text, child));
        let n = self.entries.len();
        if n > Self::FEW && (self.slots.is_empty() || 2 * n > self.slots.len()) {
            self.rebuild((2 * n).next_power_of_two());
        } else if !self.slots.is_empty() {
            self.place(h, n);
        }
    }

    /// A table of `size` slots for the entries.
    fn rebuild(&mut self, size: usize) {
        self.slots = alloc::vec![0; size];
        for e in 0..self.hashes.len() {
            if let Some(&h) = self.hashes.get(e) {
                self.place(h, e + 1);
            }
        }
    }

    /// Puts entry index + 1 `value` at the first free slot from `h`.
    fn place(&mut self, h: u64, value: usize) {
        let mask = self.slots.len().wrapping_sub(1);
        let mut i = h as usize & mask;
        while let Some(slot) = self.slots.get_mut(i) {
            if *slot == 0 {
                *slot = u32::try_from(value).unwrap_or(u32::MAX);
                return;
            }
            i = (i + 1) & mask;
        }
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
                Seg::Exact(text) => match node
                    .exact
                    .get_text(text.as_bytes(), || hash(text.as_bytes()))
                {
                    Some(c) => Some(c),
                    None => {
                        node.exact.insert(text.clone(), fresh);
                        None
                    }
                },
                Seg::Param { .. } => match node.param_child(seg) {
                    Some(c) => Some(c),
                    None => {
                        node.add_param(seg, fresh);
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
        let mut groups: Groups = [(0, 0); KEPT];
        let slashes = Slashes::of(input);
        let at = Some(SegmentAt::new(input, 0, slashes));
        let walk = Walk { input, slashes };
        self.walk_from(0, walk, at, &mut groups, 0, visit);
    }

    /// The node `id`, at the input's segment `at` (`None`: past the last one), the groups of
    /// the `:name` segments on the way there in `groups[..depth]`. The children that match
    /// are visited in order, the fixed one first; the last of them in this loop rather than
    /// by a call (most nodes on a lookup's way have one: 15% fewer instructions a lookup).
    fn walk_from<'a, V: Visit>(
        &self,
        mut id: usize,
        walk: Walk<'a>,
        mut at: Option<SegmentAt<'a>>,
        groups: &mut Groups,
        mut depth: usize,
        visit: &mut V,
    ) {
        loop {
            let Some(node) = self.nodes.get(id) else {
                return;
            };
            if node.first >= visit.bound() {
                return;
            }
            let Some(here) = at else {
                for &route in &node.here {
                    if route >= visit.bound() {
                        break;
                    }
                    visit.candidate(route, None, groups, depth);
                }
                return;
            };
            if let Some(&route) = node.rest.first() {
                if route < visit.bound() {
                    for &route in &node.rest {
                        if route >= visit.bound() {
                            break;
                        }
                        visit.candidate(route, Some(here.start), groups, depth);
                    }
                }
            }
            if node.exact.is_empty() && node.params.is_empty() {
                return;
            }
            let next = here
                .next
                .map(|pos| SegmentAt::new(walk.input, pos, walk.slashes));
            // The child to visit next, and the depth of groups there.
            let mut pending = node
                .exact
                .get(walk.input, &here)
                .map(|child| (child, depth));
            for (pattern, child) in &node.params {
                if let Some(Some(range)) = pattern.matches(here.text) {
                    if let Some((child, depth)) = pending.take() {
                        self.walk_from(child, walk, next, groups, depth, visit);
                    }
                    if let Some(slot) = groups.get_mut(depth) {
                        *slot = (here.start + range.start, here.start + range.end);
                    }
                    pending = Some((*child, depth + 1));
                }
            }
            let Some((child, child_depth)) = pending else {
                return;
            };
            (id, at, depth) = (child, next, child_depth);
        }
    }
}

/// The pathname groups of a route whose shape the trie matched on `input`: each `:name`
/// segment's and the tail's range, in order, given to `set` with its group number.
pub(crate) fn shape_captures(
    shape: &Shape,
    input: &str,
    mut set: impl FnMut(usize, core::ops::Range<usize>),
) {
    let mut group = 0;
    let mut pos = Some(0);
    for seg in &shape.segs {
        let Some(start) = pos else { return };
        let (text, next) = segment_at(input, start);
        // Fixed segments were compared by the walk and have no group.
        if matches!(seg, Seg::Param { .. }) {
            if let Some(Some(range)) = seg.matches(text.as_bytes()) {
                set(group, start + range.start..start + range.end);
                group += 1;
            }
        }
        pos = next;
    }
    if let (End::Tail { prefix, suffix }, Some(start)) = (&shape.end, pos) {
        let range = input
            .get(start..)
            .and_then(|rest| super::shape::tail_matches(prefix, suffix, rest));
        if let Some(range) = range {
            set(group, start + range.start..start + range.end);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Exact, same};

    #[test]
    fn exact_children_few_and_many() {
        let mut exact = Exact::default();
        for i in 0..100 {
            exact.insert(alloc::format!("s{i}").into(), i);
            for j in 0..=i {
                let key = alloc::format!("s{j}");
                let key = key.as_bytes();
                assert_eq!(exact.get_text(key, || super::hash(key)), Some(j));
            }
            assert_eq!(exact.get_text(b"s", || super::hash(b"s")), None);
            assert_eq!(exact.get_text(b"t1", || super::hash(b"t1")), None);
        }
        assert!(same(b"abc", b"abc") && !same(b"abc", b"abd") && !same(b"abc", b"ab"));
        let long = b"abcdefghijklmnopq";
        assert!(same(long, long) && !same(long, b"abcdefghijklmnopr"));
        assert!(!same(long, b"abcdefgXijklmnopq"));
    }
}
