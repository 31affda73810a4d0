//! The storage of a `URLSearchParams`'s list (spec 6.2): every name and value back to back in
//! one `String`, and the pairs as ranges into it.
//!
//! A list of `(String, String)` costs two allocations per pair; parsing a query this way costs
//! two for the whole list (the text and the ranges), which is most of the time of a
//! parse-append-sort-serialize round. Removing or replacing a pair leaves its old bytes behind
//! as garbage; the text is compacted once the garbage outweighs the live bytes, so memory stays
//! within twice the live text and every operation stays amortized O(its own size).

use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::hash::{Hash, Hasher};
use core::ops::Range;

/// One pair: the name is `text[name_start..name_end]`, the value
/// `text[value_start..value_end]` (right after the name, unless the value was replaced).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pair {
    name_start: usize,
    name_end: usize,
    value_start: usize,
    value_end: usize,
}

impl Pair {
    fn name(self) -> Range<usize> {
        self.name_start..self.name_end
    }

    fn value(self) -> Range<usize> {
        self.value_start..self.value_end
    }

    /// How many bytes of the text the pair holds.
    fn len(self) -> usize {
        self.name_end - self.name_start + self.value_end - self.value_start
    }

    /// The pair's name and value in `text` (the text of the list the pair came from).
    pub(crate) fn get(self, text: &str) -> (&str, &str) {
        (
            text.get(self.name()).unwrap_or_default(),
            text.get(self.value()).unwrap_or_default(),
        )
    }
}

#[derive(Clone, Default)]
pub(crate) struct PairList {
    text: String,
    pairs: Vec<Pair>,
    /// Bytes of `text` no pair refers to any more.
    garbage: usize,
}

impl PairList {
    pub(crate) const fn new() -> Self {
        PairList {
            text: String::new(),
            pairs: Vec::new(),
            garbage: 0,
        }
    }

    /// An empty list sized for `pairs` pairs whose names and values total `text` bytes.
    pub(crate) fn with_capacity(pairs: usize, text: usize) -> Self {
        PairList {
            text: String::with_capacity(text),
            pairs: Vec::with_capacity(pairs),
            garbage: 0,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.pairs.len()
    }

    /// Appends `(name, value)` to the list.
    pub(crate) fn push(&mut self, name: &str, value: &str) {
        let name_start = self.text.len();
        self.text.push_str(name);
        let name_end = self.text.len();
        self.text.push_str(value);
        self.pairs.push(Pair {
            name_start,
            name_end,
            value_start: name_end,
            value_end: self.text.len(),
        });
    }

    /// The pairs, to be read with [`Pair::get`] on [`text`](Self::text).
    pub(crate) fn pairs(&self) -> &[Pair] {
        &self.pairs
    }

    pub(crate) fn text(&self) -> &str {
        &self.text
    }

    pub(crate) fn iter(&self) -> impl DoubleEndedIterator<Item = (&str, &str)> + '_ {
        self.pairs.iter().map(|pair| pair.get(&self.text))
    }

    /// Replaces the value of the pair at `index` (nothing if there is no such pair).
    pub(crate) fn set_value(&mut self, index: usize, value: &str) {
        let text_len = self.text.len();
        let Some(pair) = self.pairs.get_mut(index) else {
            return;
        };
        if pair.value_end == text_len {
            // The value is the last text written: it is replaced where it is.
            self.text.truncate(pair.value_start);
        } else {
            // Otherwise the new value goes at the end; the old one is garbage.
            self.garbage += pair.value_end - pair.value_start;
        }
        pair.value_start = self.text.len();
        self.text.push_str(value);
        pair.value_end = self.text.len();
        self.compact_if_wasteful();
    }

    /// Keeps the pairs for which `keep` (given the pair's index, name and value) is true.
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(usize, &str, &str) -> bool) {
        let text = &self.text;
        let mut removed = 0;
        let mut index = 0;
        self.pairs.retain(|pair| {
            let (name, value) = pair.get(text);
            let kept = keep(index, name, value);
            index += 1;
            if !kept {
                removed += pair.len();
            }
            kept
        });
        self.garbage += removed;
        if self.pairs.is_empty() {
            self.clear();
        } else {
            self.compact_if_wasteful();
        }
    }

    /// A stable sort of the pairs by `compare` on their names: insertion sort of runs of
    /// [`RUN`] pairs (a whole query, mostly), then bottom-up merges, so O(n log n) at worst.
    /// Written out rather than `slice::sort_by`, whose instantiation for `Pair` was an eighth of
    /// this crate's generated code (build time, docs/weight.md); the name comparisons cost the most
    /// either way.
    pub(crate) fn sort_by_name(&mut self, compare: impl Fn(&str, &str) -> Ordering) {
        let text = &self.text;
        let before = |a: &Pair, b: &Pair| compare(a.get(text).0, b.get(text).0) == Ordering::Less;
        let pairs = &mut self.pairs;
        if pairs.len() < 2 {
            return;
        }
        for run in pairs.chunks_mut(RUN) {
            insertion_sort(run, &before);
        }
        let mut width = RUN;
        while width < pairs.len() {
            let mut merged = Vec::with_capacity(pairs.len());
            for chunk in pairs.chunks(2 * width) {
                let (left, right) = chunk.split_at(width.min(chunk.len()));
                merge(left, right, &mut merged, &before);
            }
            *pairs = merged;
            width *= 2;
        }
    }

    pub(crate) fn clear(&mut self) {
        self.text.clear();
        self.pairs.clear();
        self.garbage = 0;
    }

    /// Rewrites the text with the live pairs only, once garbage is more than half of it.
    fn compact_if_wasteful(&mut self) {
        if self.garbage <= self.text.len() / 2 {
            return;
        }
        let mut text = String::with_capacity(self.text.len() - self.garbage);
        for pair in &mut self.pairs {
            let (name, value) = pair.get(&self.text);
            let name_start = text.len();
            text.push_str(name);
            let name_end = text.len();
            text.push_str(value);
            *pair = Pair {
                name_start,
                name_end,
                value_start: name_end,
                value_end: text.len(),
            };
        }
        self.text = text;
        self.garbage = 0;
    }
}

impl PartialEq for PairList {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for PairList {}

impl Hash for PairList {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_usize(self.len());
        for pair in self.iter() {
            pair.hash(state);
        }
    }
}

/// How many pairs [`PairList::sort_by_name`] sorts by insertion before it merges.
const RUN: usize = 16;

/// Sorts `run` stably: each pair moves back past the pairs it goes `before`.
fn insertion_sort(run: &mut [Pair], before: &impl Fn(&Pair, &Pair) -> bool) {
    for i in 1..run.len() {
        let mut j = i;
        while j > 0 {
            match (run.get(j), run.get(j - 1)) {
                (Some(b), Some(a)) if before(b, a) => run.swap(j, j - 1),
                _ => break,
            }
            j -= 1;
        }
    }
}

/// Appends the merge of the sorted `left` and `right` to `out`; on a tie, `left` first (stable).
fn merge(
    mut left: &[Pair],
    mut right: &[Pair],
    out: &mut Vec<Pair>,
    before: &impl Fn(&Pair, &Pair) -> bool,
) {
    while let (Some(l), Some(r)) = (left.first(), right.first()) {
        if before(r, l) {
            out.push(*r);
            right = right.get(1..).unwrap_or_default();
        } else {
            out.push(*l);
            left = left.get(1..).unwrap_or_default();
        }
    }
    // `push` into the room the caller made, not `extend_from_slice`, whose growth path is
    // shared with the other vectors' and would cost them (measured on the parse-sort round).
    for &pair in left.iter().chain(right) {
        out.push(pair);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::borrow::ToOwned;
    use alloc::format;

    /// Random pushes, value replacements, removals and sorts against a list of owned pairs;
    /// after each, the same pairs and a text within twice the live bytes (plus the last write).
    #[test]
    fn matches_a_list_of_owned_pairs() {
        let mut seed = 0x2545_f491_u64;
        let mut next = move |below: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            usize::try_from(seed >> 33).unwrap_or(0) % below
        };
        let mut list = PairList::new();
        let mut model: Vec<(String, String)> = Vec::new();
        for step in 0..20_000 {
            let name = format!("n{}", next(7));
            let value = "v".repeat(next(12));
            match next(10) {
                0..=3 => {
                    list.push(&name, &value);
                    model.push((name, value));
                }
                4..=6 if !model.is_empty() => {
                    let index = next(model.len());
                    list.set_value(index, &value);
                    value.clone_into(&mut model[index].1);
                }
                7 => {
                    list.retain(|_, n, _| n != name);
                    model.retain(|(n, _)| *n != name);
                }
                8 => {
                    list.sort_by_name(|a, b| a.cmp(b));
                    model.sort_by(|a, b| a.0.cmp(&b.0));
                }
                9 if step % 1_000 == 0 => {
                    list.clear();
                    model.clear();
                }
                _ => {}
            }
            assert!(
                list.iter()
                    .eq(model.iter().map(|(n, v)| (n.as_str(), v.as_str())))
            );
            let live: usize = model.iter().map(|(n, v)| n.len() + v.len()).sum();
            assert!(list.text().len() <= 2 * live + 32, "step {step}");
        }
    }

    /// The sort against the standard library's stable sort at every length up to a few runs,
    /// with many equal names, so that each merge and each tie is seen.
    #[test]
    fn sort_is_stable_at_every_length() {
        for len in 0..=4 * RUN + 3 {
            let mut list = PairList::new();
            let mut model: Vec<(String, String)> = Vec::new();
            for i in 0..len {
                let (name, value) = (format!("n{}", (i * 7 + len) % 5), format!("{i}"));
                list.push(&name, &value);
                model.push((name, value));
            }
            list.sort_by_name(|a, b| a.cmp(b));
            model.sort_by(|a, b| a.0.cmp(&b.0));
            let expected = model.iter().map(|(n, v)| (n.as_str(), v.as_str()));
            assert!(list.iter().eq(expected), "length {len}");
        }
    }

    #[test]
    fn equal_lists_hash_alike_whatever_their_garbage() {
        /// Records what is hashed, so equal records mean equal hashes for any hasher.
        #[derive(Default)]
        struct Record(Vec<u8>);
        impl Hasher for Record {
            fn finish(&self) -> u64 {
                0
            }
            fn write(&mut self, bytes: &[u8]) {
                self.0.extend_from_slice(bytes);
            }
        }
        let record = |list: &PairList| {
            let mut hasher = Record::default();
            list.hash(&mut hasher);
            hasher.0
        };
        let mut a = PairList::new();
        a.push("a", "1");
        a.push("b", "2");
        a.set_value(0, "3");
        let mut b = PairList::new();
        b.push("a", "3");
        b.push("b", "2");
        assert!(a == b);
        assert_eq!(record(&a), record(&b));
    }
}
