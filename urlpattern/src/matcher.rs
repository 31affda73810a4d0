//! Matching a part list without a regular expression engine.
//!
//! The standard matches every component with the regular expression that "generate a regular
//! expression and name list" (2.2) makes of its part list; its note allows matching the part
//! list directly. This module does so for part lists with no custom regexp and no modifier:
//! fixed text, `:name` segment wildcards and `*` full wildcards, with their prefixes and
//! suffixes. That is almost every route (`/books/:id`, `/static/*`, `*.example.com`).
//!
//! The steps below are the regular expression's, in its order: a fixed text is the escaped
//! string; a segment wildcard is `([^<delimiter>]+?)`, lazy, so each end is tried from the
//! shortest; a full wildcard is `(.*)`, greedy, from the longest (`.` stops at a line
//! terminator). Trying ends in that order and taking the first that lets the rest match gives
//! the regular expression's match and captures. Failed (step, position) pairs are remembered,
//! so the time is bounded by steps × length², never exponential. The fuzz target `urlpattern`
//! checks this matcher against the regular expression engine on every input.

use alloc::borrow::Cow;
use alloc::collections::BTreeSet;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::ops::Range;

use crate::parser::{Modifier, Options, Part, PartType};

#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    /// Escaped fixed text: these bytes (ASCII-case-insensitively with ignore case).
    Literal(String),
    /// `([^<delimiter>]+?)`, capture group `.0`.
    Segment(usize),
    /// `(.*)`, capture group `.0`.
    Full(usize),
}

/// A part list the direct matcher handles.
#[derive(Clone, Debug)]
pub(crate) struct Simple {
    /// Borrowed for `*` alone ([`Simple::full_wildcard`]), which seven of a `{ pathname }`
    /// pattern's eight components are.
    steps: Cow<'static, [Step]>,
    delimiter: Option<char>,
    ignore_case: bool,
    groups: usize,
    wildcards: usize,
}

/// The byte offset of the first ECMAScript LineTerminator (`\n`, `\r`, U+2028, U+2029:
/// what `.` does not match) in `s`, or its length. A byte scan: U+2028 and U+2029 are the
/// only line terminators outside ASCII, and both start with the byte 0xE2.
pub(crate) fn line_terminator_or_end(s: &str) -> usize {
    let bytes = s.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'\n' | b'\r' => return i,
            0xE2 if matches!(bytes.get(i + 1..i + 3), Some([0x80, 0xA8 | 0xA9])) => return i,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// The (step, position) pairs known to fail, allocated at the first failure: one bit each
/// while that takes at most 128 KiB, a set beyond (long inputs against many steps).
enum Memo {
    Empty { steps: usize, width: usize },
    Bits { width: usize, bits: Vec<u64> },
    Set(BTreeSet<(usize, usize)>),
}

impl Memo {
    const MAX_BITS: usize = 1 << 20;

    fn new(steps: usize, len: usize) -> Self {
        Memo::Empty {
            steps,
            width: len + 1,
        }
    }

    fn failed(&self, step: usize, pos: usize) -> bool {
        match self {
            Memo::Empty { .. } => false,
            Memo::Bits { width, bits } => {
                let i = step * width + pos;
                bits.get(i / 64)
                    .is_some_and(|w| w & (1u64 << (i % 64)) != 0)
            }
            Memo::Set(set) => set.contains(&(step, pos)),
        }
    }

    fn set_failed(&mut self, step: usize, pos: usize) {
        if let Memo::Empty { steps, width } = *self {
            *self = match steps.checked_mul(width) {
                Some(n) if n <= Self::MAX_BITS => Memo::Bits {
                    width,
                    bits: vec![0; n.div_ceil(64)],
                },
                _ => Memo::Set(BTreeSet::new()),
            };
        }
        match self {
            Memo::Empty { .. } => {}
            Memo::Bits { width, bits } => {
                let i = step * *width + pos;
                if let Some(w) = bits.get_mut(i / 64) {
                    *w |= 1u64 << (i % 64);
                }
            }
            Memo::Set(set) => {
                set.insert((step, pos));
            }
        }
    }
}

/// A wildcard step's current choice of end.
struct Choice {
    step: usize,
    start: usize,
    end: usize,
}

impl Simple {
    /// The direct matcher for `parts`, if every part is one it handles.
    pub(crate) fn new(parts: &[Part], options: &Options) -> Option<Simple> {
        // At most a literal, a wildcard and a literal a part: allocated once.
        let mut steps: Vec<Step> = Vec::with_capacity(3 * parts.len());
        let mut groups = 0;
        // The fixed text up to the next wildcard, gathered in one buffer and copied into its
        // step at its length (a step's string grown piece by piece was reallocated).
        let mut text = String::new();
        let flush = |steps: &mut Vec<Step>, text: &mut String| {
            if !text.is_empty() {
                steps.push(Step::Literal(String::from(text.as_str())));
                text.clear();
            }
        };
        for part in parts {
            if part.modifier != Modifier::None {
                return None;
            }
            match part.kind {
                PartType::FixedText => text.push_str(&part.value),
                PartType::SegmentWildcard | PartType::FullWildcard => {
                    text.push_str(&part.prefix);
                    flush(&mut steps, &mut text);
                    steps.push(if part.kind == PartType::SegmentWildcard {
                        Step::Segment(groups)
                    } else {
                        Step::Full(groups)
                    });
                    groups += 1;
                    text.push_str(&part.suffix);
                }
                PartType::Regexp => return None,
            }
        }
        flush(&mut steps, &mut text);
        let wildcards = groups;
        Some(Simple {
            steps: Cow::Owned(steps),
            delimiter: options.delimiter.chars().next(),
            ignore_case: options.ignore_case,
            groups,
            wildcards,
        })
    }

    /// What [`Simple::new`] makes of the part list of `*` alone (one full wildcard, no prefix
    /// or suffix), without allocating.
    pub(crate) fn full_wildcard(options: &Options) -> Simple {
        static STEPS: [Step; 1] = [Step::Full(0)];
        Simple {
            steps: Cow::Borrowed(&STEPS),
            delimiter: options.delimiter.chars().next(),
            ignore_case: options.ignore_case,
            groups: 1,
            wildcards: 1,
        }
    }

    /// Whether the part list is `*` alone: `(.*)`, which matches every string without a line
    /// terminator.
    pub(crate) fn is_full_wildcard(&self) -> bool {
        matches!(&*self.steps, [Step::Full(_)])
    }

    fn literal_at(&self, text: &str, input: &str, pos: usize) -> bool {
        input
            .get(pos..)
            .is_some_and(|rest| starts_with(rest, text, self.ignore_case))
    }

    /// Matches `input`; with `caps`, fills it with each group's range (in order).
    pub(crate) fn matches(
        &self,
        input: &str,
        caps: Option<&mut Vec<Option<Range<usize>>>>,
    ) -> bool {
        match caps {
            Some(caps) => {
                caps.clear();
                caps.resize(self.groups, None);
                self.matches_into(input, Some(caps))
            }
            None => self.matches_into(input, None),
        }
    }

    /// Matches `input`; with `caps`, sets each group's range in it (group `i` at `caps[i]`;
    /// a slice shorter than the group count keeps the groups that fit).
    pub(crate) fn matches_into(
        &self,
        input: &str,
        mut caps: Option<&mut [Option<Range<usize>>]>,
    ) -> bool {
        let len = input.len();
        let steps: &[Step] = &self.steps;
        // The shapes of most components, without the general loop's set-up: `*` alone, and
        // fixed text alone (an exact component), the same steps in short.
        match steps {
            [Step::Full(group)] => {
                if line_terminator_or_end(input) != len {
                    return false;
                }
                set(&mut caps, *group, 0..len);
                return true;
            }
            [Step::Literal(text)] => return text.len() == len && self.literal_at(text, input, 0),
            [] => return input.is_empty(),
            _ => {}
        }
        let mut memo = (self.wildcards > 1).then(|| Memo::new(steps.len(), len));
        let mut stack: Vec<Choice> = Vec::new();
        let mut i = 0;
        let mut pos = 0;
        'forward: loop {
            // Run forward from (i, pos) until the end or a failure.
            let ok = loop {
                let Some(step) = steps.get(i) else {
                    break pos == len;
                };
                match step {
                    Step::Literal(text) => {
                        if !self.literal_at(text, input, pos) {
                            break false;
                        }
                        pos += text.len();
                        i += 1;
                    }
                    Step::Segment(group) | Step::Full(group) => {
                        if memo.as_ref().is_some_and(|m| m.failed(i, pos)) {
                            break false;
                        }
                        let rest = input.get(pos..).unwrap_or("");
                        // A last step can only end at the input's end; another tries its first
                        // end now and the others when backtracking.
                        let last = i + 1 == steps.len();
                        let first_end = if matches!(step, Step::Segment(_)) {
                            // Lazy: the shortest segment first.
                            if last {
                                let one_segment = !rest.is_empty()
                                    && self.delimiter.is_none_or(|d| !rest.contains(d));
                                one_segment.then_some(len)
                            } else {
                                rest.chars()
                                    .next()
                                    .filter(|c| Some(*c) != self.delimiter)
                                    .map(|c| pos + c.len_utf8())
                            }
                        } else {
                            // Greedy: up to the first line terminator.
                            let end = pos + line_terminator_or_end(rest);
                            if last {
                                (end == len).then_some(len)
                            } else {
                                Some(end)
                            }
                        };
                        let Some(end) = first_end else {
                            break false;
                        };
                        if !last {
                            stack.push(Choice {
                                step: i,
                                start: pos,
                                end,
                            });
                        }
                        set(&mut caps, *group, pos..end);
                        pos = end;
                        i += 1;
                    }
                }
            };
            if ok {
                return true;
            }
            // Backtrack: the latest choice takes its next end, or is exhausted.
            while let Some(choice) = stack.last_mut() {
                let step = choice.step;
                let next_end = match steps.get(step) {
                    Some(Step::Segment(_)) => input
                        .get(choice.end..)
                        .and_then(|s| s.chars().next())
                        .filter(|c| Some(*c) != self.delimiter)
                        .map(|c| choice.end + c.len_utf8()),
                    Some(Step::Full(_)) => (choice.end > choice.start).then(|| {
                        let before = input.get(..choice.end).unwrap_or("");
                        choice.end - before.chars().next_back().map_or(1, char::len_utf8)
                    }),
                    _ => None,
                };
                match next_end {
                    Some(end) => {
                        choice.end = end;
                        let start = choice.start;
                        if let Some(Step::Segment(g) | Step::Full(g)) = steps.get(step) {
                            set(&mut caps, *g, start..end);
                        }
                        i = step + 1;
                        pos = end;
                        continue 'forward;
                    }
                    None => {
                        if let Some(m) = memo.as_mut() {
                            m.set_failed(step, choice.start);
                        }
                        stack.pop();
                    }
                }
            }
            return false;
        }
    }
}

/// Whether `input` starts with the fixed text `text`, as the regular expression's escaped
/// text matches it: with ignore case, ASCII-case-insensitively (both sides are ASCII, being
/// canonicalized, and there the `i` flag's simple case folding is ASCII case-insensitivity).
pub(crate) fn starts_with(input: &str, text: &str, ignore_case: bool) -> bool {
    if ignore_case {
        input
            .get(..text.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(text))
    } else {
        input.starts_with(text)
    }
}

fn set(caps: &mut Option<&mut [Option<Range<usize>>]>, group: usize, range: Range<usize>) {
    if let Some(slot) = caps.as_deref_mut().and_then(|c| c.get_mut(group)) {
        *slot = Some(range);
    }
}
