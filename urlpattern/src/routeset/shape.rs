//! What of a pathname pattern the route trie can say: its part list cut into path segments.
//!
//! A pathname pattern (delimiter `/`, no ignore case) matches like its regular expression
//! (2.2 "generate a regular expression and name list"): fixed text is itself, `:name` is
//! `([^/]+?)`, `*` is `(.*)`. Cut at each `/` of its fixed text, most route patterns are a
//! list of segments, each fixed text or one `:name` between fixed text (`v:version.json`),
//! which matches exactly one segment of the input: `[^/]` cannot cross a `/`, and what comes
//! after the group up to the next `/` (or the end) is fixed, so the group is the segment less
//! that prefix and suffix, whatever its laziness. A last `*` with fixed text around it takes
//! the rest of the input: `(.*)` is greedy and only fixed text follows it, so it ends where
//! that text starts at the end. Anything else (a `(regexp)` group, a modifier, two groups in
//! one segment, a `*` with more groups after it) ends the segments that the trie checks, and
//! the route's own pattern decides from there (a checked candidate).

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use crate::parser::{Modifier, Options, Part, PartType};

/// Segments deeper than this are left to the route's own pattern, which bounds the trie's
/// depth (and the lookup's recursion) whatever the table.
pub(crate) const MAX_DEPTH: usize = 32;

/// One segment of a pathname pattern.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Seg {
    /// Fixed text: the input's segment is exactly this.
    Exact(Box<str>),
    /// `prefix` `([^/]+?)` `suffix`: the segment starts with `prefix`, ends with `suffix`,
    /// and the group is at least one code point between them.
    Param { prefix: Box<str>, suffix: Box<str> },
}

/// How the pattern goes on after its segments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum End {
    /// It ends: the input has no more segments.
    Here,
    /// `prefix` `(.*)` `suffix` over the rest of the input, from the next segment on.
    Tail { prefix: Box<str>, suffix: Box<str> },
    /// Something the trie cannot say: the input has a next segment, and the route's pattern
    /// decides.
    Checked,
}

/// A pathname pattern as the trie sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    pub(crate) segs: Vec<Seg>,
    pub(crate) end: End,
}

/// A run of the part list: fixed text, or one of the two wildcards.
#[derive(Clone, Copy)]
enum Token<'a> {
    Text(&'a str),
    Segment,
    Full,
}

/// The segment being read. Most segments are one piece of a part's text, which is borrowed
/// until the segment is boxed (one allocation at its length); a segment of several pieces is
/// built in a string.
#[derive(Default)]
struct Current<'a> {
    before: Cow<'a, str>,
    group: Option<bool>,
    after: Cow<'a, str>,
}

impl<'a> Current<'a> {
    fn push_text(&mut self, text: &'a str) {
        let to = match self.group {
            None => &mut self.before,
            Some(_) => &mut self.after,
        };
        if to.is_empty() {
            *to = Cow::Borrowed(text);
        } else if !text.is_empty() {
            to.to_mut().push_str(text);
        }
    }

    /// The segment read, `self` left empty for the next.
    fn take(&mut self) -> Seg {
        let done = core::mem::take(self);
        match done.group {
            None => Seg::Exact(boxed(done.before)),
            Some(_) => Seg::Param {
                prefix: boxed(done.before),
                suffix: boxed(done.after),
            },
        }
    }
}

fn boxed(text: Cow<'_, str>) -> Box<str> {
    match text {
        Cow::Borrowed(text) => text.into(),
        Cow::Owned(text) => text.into_boxed_str(),
    }
}

impl Shape {
    fn checked(segs: Vec<Seg>) -> Shape {
        Shape {
            segs,
            end: End::Checked,
        }
    }

    /// The shape of a pathname component's part list.
    pub(crate) fn of(parts: &[Part], options: &Options) -> Shape {
        if options.delimiter != "/" || options.ignore_case {
            return Shape::checked(Vec::new());
        }
        // The parts up to the first with a modifier or a `(regexp)`, as tokens: read twice
        // (the `/` count, then the segments), not gathered in a list.
        let plain = parts
            .iter()
            .position(|p| p.modifier != Modifier::None || p.kind == PartType::Regexp)
            .unwrap_or(parts.len());
        let tokens = parts.get(..plain).unwrap_or(&[]).iter().flat_map(|part| {
            let (text, group, after) = match part.kind {
                PartType::SegmentWildcard => (&*part.prefix, Some(Token::Segment), &*part.suffix),
                PartType::FullWildcard => (&*part.prefix, Some(Token::Full), &*part.suffix),
                _ => (&*part.value, None, ""),
            };
            [Some(Token::Text(text)), group, Some(Token::Text(after))]
                .into_iter()
                .flatten()
        });
        Self::from_tokens(tokens, plain < parts.len())
    }

    /// The segments of `tokens`; `cut`: more that the trie cannot say follows them.
    fn from_tokens<'a>(tokens: impl Iterator<Item = Token<'a>> + Clone, cut: bool) -> Shape {
        // A segment a `/` of the text, and the last: room for them at once.
        let slashes: usize = tokens
            .clone()
            .map(|t| match t {
                Token::Text(text) => text.bytes().filter(|&b| b == b'/').count(),
                _ => 0,
            })
            .sum();
        let mut segs: Vec<Seg> = Vec::with_capacity(slashes.min(MAX_DEPTH) + 1);
        let mut cur = Current::default();
        let mut rest = tokens;
        while let Some(token) = rest.next() {
            match token {
                Token::Text(text) => {
                    let mut left: &'a str = text;
                    while let Some(slash) = left.bytes().position(|b| b == b'/') {
                        cur.push_text(left.get(..slash).unwrap_or(""));
                        // A `/`: the segment is complete.
                        segs.push(cur.take());
                        if segs.len() == MAX_DEPTH {
                            return Shape::checked(segs);
                        }
                        left = left.get(slash + 1..).unwrap_or("");
                    }
                    cur.push_text(left);
                }
                Token::Segment if cur.group.is_none() => cur.group = Some(true),
                Token::Full if cur.group.is_none() => {
                    // Only fixed text may follow, as far as the end.
                    let mut suffix = String::new();
                    for next in rest.by_ref() {
                        match next {
                            Token::Text(text) => suffix.push_str(text),
                            _ => return Shape::checked(segs),
                        }
                    }
                    if cut {
                        return Shape::checked(segs);
                    }
                    return Shape {
                        segs,
                        end: End::Tail {
                            prefix: boxed(cur.before),
                            suffix: suffix.into(),
                        },
                    };
                }
                // A second group in one segment.
                Token::Segment | Token::Full => return Shape::checked(segs),
            }
        }
        if cut {
            return Shape::checked(segs);
        }
        segs.push(cur.take());
        Shape {
            segs,
            end: End::Here,
        }
    }
}

impl Seg {
    /// Whether the input segment `seg` matches; for a `:name`, its group's range in `seg`.
    /// `seg` is the bytes of a whole segment, so whole code points, as are the prefix and
    /// suffix: a group of at least one byte between them is at least one code point.
    pub(crate) fn matches(&self, seg: &[u8]) -> Option<Option<core::ops::Range<usize>>> {
        match self {
            Seg::Exact(text) => (text.as_bytes() == seg).then_some(None),
            Seg::Param { prefix, suffix } if prefix.is_empty() && suffix.is_empty() => {
                (!seg.is_empty()).then_some(Some(0..seg.len()))
            }
            Seg::Param { prefix, suffix } => {
                let end = seg.len().checked_sub(suffix.len())?;
                (end > prefix.len()
                    && seg.starts_with(prefix.as_bytes())
                    && seg.ends_with(suffix.as_bytes()))
                .then_some(Some(prefix.len()..end))
            }
        }
    }
}

/// `prefix(.*)suffix` on `rest`: the group's range in `rest`. `.` stops at a line terminator.
pub(crate) fn tail_matches(
    prefix: &str,
    suffix: &str,
    rest: &str,
) -> Option<core::ops::Range<usize>> {
    let end = rest.len().checked_sub(suffix.len())?;
    if end < prefix.len() || !rest.starts_with(prefix) || !rest.ends_with(suffix) {
        return None;
    }
    let middle = rest.get(prefix.len()..end)?;
    (crate::matcher::line_terminator_or_end(middle) == middle.len()).then_some(prefix.len()..end)
}
