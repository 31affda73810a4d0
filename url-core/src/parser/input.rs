//! Preparing the input (spec 4.4, basic URL parser steps 1 to 3) and mapping offsets in the
//! prepared input back to the input as given.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use host::{HostKind, ReportedError, ValidationError, ValidationSink};
use percent::classes::is_ascii_tab_or_newline;

/// The object-safe half of [`ValidationSink`] (its `ENABLED` constant keeps that trait from
/// being a trait object): what the state machine calls to report.
pub(crate) trait Report {
    fn report(&mut self, error: ValidationError, offset: usize);

    /// The host parser (spec 3.5) on `input`, reporting to this sink with offsets in the
    /// input as given. Reached through the sink's vtable, so that a program that never
    /// listens links no reporting copy of the host parser.
    fn parse_host_into(&mut self, input: HostInput<'_>, out: &mut String) -> HostResult;
}

/// What the host parser returns.
type HostResult = Result<HostKind, ReportedError>;

/// A host to parse: `buffer`, a substring of the prepared input starting at `base`.
pub(crate) struct HostInput<'a> {
    pub(crate) buffer: &'a str,
    pub(crate) is_opaque: bool,
    pub(crate) map: &'a InputMap<'a>,
    pub(crate) base: usize,
}

impl<S: ValidationSink> Report for S {
    #[inline]
    fn report(&mut self, error: ValidationError, offset: usize) {
        ValidationSink::report(self, error, offset);
    }

    /// One copy of the reporting host parser for every sink: `MapSink` is not generic.
    #[inline]
    fn parse_host_into(&mut self, input: HostInput<'_>, out: &mut String) -> HostResult {
        let mut sink = MapSink {
            inner: self,
            map: input.map,
            base: input.base,
        };
        host::parse_host_into(input.buffer, input.is_opaque, out, &mut sink)
    }
}

/// The caller's validation sink as the state machine holds it: type-erased, so that the
/// general path is compiled once whatever the sink (and the encoder: `&dyn Encoder`), and
/// `None` when the sink drops everything ([`ValidationSink::ENABLED`] is `false`), so that
/// work done only to report is skipped at the cost of one test.
pub(crate) struct Listener<'s>(Option<&'s mut dyn Report>);

impl<'s> Listener<'s> {
    /// `sink`, or nobody when it drops everything.
    #[inline]
    pub(crate) fn of<S: ValidationSink>(sink: &'s mut S) -> Self {
        Listener(if S::ENABLED { Some(sink) } else { None })
    }

    /// Whether someone listens (the sink's `ENABLED`).
    #[inline(always)]
    pub(crate) fn enabled(&self) -> bool {
        self.0.is_some()
    }

    /// The same sink for a shorter time (`Listener` is invariant in its lifetime).
    #[inline(always)]
    pub(crate) fn reborrow(&mut self) -> Listener<'_> {
        Listener(self.sink())
    }

    /// The sink itself, when someone listens.
    #[inline(always)]
    pub(crate) fn sink(&mut self) -> Option<&mut dyn Report> {
        match &mut self.0 {
            Some(sink) => Some(&mut **sink),
            None => None,
        }
    }

    /// Reports `error` at `offset`, when someone listens.
    #[inline]
    pub(crate) fn report(&mut self, error: ValidationError, offset: usize) {
        if let Some(sink) = self.sink() {
            sink.report(error, offset);
        }
    }
}

/// Maps a byte offset in the prepared input (stripped and without tabs or newlines) to the
/// byte offset in the input as the caller gave it.
#[derive(Debug, Default)]
pub(crate) struct InputMap<'i> {
    /// Bytes stripped from the start (leading C0 control or space).
    lead: usize,
    /// Where the removed tabs and newlines are.
    removed: Removed<'i>,
}

/// The tabs and newlines steps 2 and 3 removed, as [`InputMap::original`] needs them.
#[derive(Debug, Default)]
enum Removed<'i> {
    /// None.
    #[default]
    None,
    /// Listed because a sink listens (every report maps an offset): for each removed tab or
    /// newline, in order, the prepared-input offset of the byte that followed it.
    Listed(Vec<usize>),
    /// Not listed (nobody listens: only a failure's offset is mapped, once): the input after
    /// step 1, counted again when asked.
    Unlisted(&'i [u8]),
}

impl InputMap<'_> {
    /// The offset in the input as given of prepared-input offset `i`.
    #[inline]
    pub(crate) fn original(&self, i: usize) -> usize {
        self.lead
            + match &self.removed {
                Removed::None => i,
                // Every removed byte recorded at a prepared offset <= i came before it.
                Removed::Listed(removed) => i + removed.partition_point(|&k| k <= i),
                // The (i + 1)-th byte kept, or as far past the end as `i` is past the kept.
                Removed::Unlisted(trimmed) => {
                    let mut kept = 0;
                    for (at, &b) in trimmed.iter().enumerate() {
                        if !is_ascii_tab_or_newline(b) {
                            if kept == i {
                                return self.lead + at;
                            }
                            kept += 1;
                        }
                    }
                    trimmed.len() + (i - kept)
                }
            }
    }
}

/// Steps 1 to 3 of the basic URL parser: strip leading and trailing C0 control or space (only
/// when no url is given, `strip`), then remove every ASCII tab or newline, reporting
/// `invalid-URL-unit` once for each of the two. The common case (nothing to remove) borrows.
pub(crate) fn prepare<'i>(
    input: &'i str,
    strip: bool,
    sink: &mut Listener<'_>,
) -> (Cow<'i, str>, InputMap<'i>) {
    let bytes = input.as_bytes();
    let mut map = InputMap::default();
    let mut trimmed = input;
    // Most input neither starts nor ends with C0 control or space: two loads decide.
    let nothing_to_strip =
        matches!((bytes.first(), bytes.last()), (Some(&f), Some(&l)) if f > b' ' && l > b' ');
    if strip && !nothing_to_strip {
        // Step 1: C0 control or space is U+0000 to U+0020, all ASCII, so bytes will do.
        let start = bytes.iter().position(|&b| b > b' ').unwrap_or(bytes.len());
        let end = bytes
            .iter()
            .rposition(|&b| b > b' ')
            .map_or(start, |i| i + 1);
        if start > 0 || end < bytes.len() {
            sink.report(
                ValidationError::InvalidUrlUnit,
                if start > 0 { 0 } else { end },
            );
        }
        trimmed = input.get(start..end).unwrap_or_default();
        map.lead = start;
    }
    // Steps 2 and 3: one scan finds the first tab or newline; only then copy.
    let t = trimmed.as_bytes();
    if !super::tables::may_hold_tab_or_newline(t) {
        return (Cow::Borrowed(trimmed), map);
    }
    let Some(first) = t.iter().position(|&b| is_ascii_tab_or_newline(b)) else {
        return (Cow::Borrowed(trimmed), map);
    };
    sink.report(ValidationError::InvalidUrlUnit, map.lead + first);
    let (head, tail) = t.split_at(first);
    let mut kept = Vec::with_capacity(t.len());
    kept.extend_from_slice(head);
    let mut listed = Vec::new();
    let listening = sink.enabled();
    // One pass: eight bytes without a byte below 0x0E are copied whole, the others byte by
    // byte without the tabs and newlines.
    let mut words = tail.chunks_exact(8);
    for word in &mut words {
        if super::tables::may_hold_tab_or_newline(word) {
            remove_tabs_and_newlines(word, &mut kept, &mut listed, listening);
        } else {
            kept.extend_from_slice(word);
        }
    }
    remove_tabs_and_newlines(words.remainder(), &mut kept, &mut listed, listening);
    map.removed = if listening {
        Removed::Listed(listed)
    } else {
        Removed::Unlisted(t)
    };
    // Removing ASCII bytes from UTF-8 leaves UTF-8, so the conversion always succeeds; its
    // error arm removes them again through `str`.
    let cleaned =
        String::from_utf8(kept).unwrap_or_else(|_| trimmed.replace(['\t', '\n', '\r'], ""));
    (Cow::Owned(cleaned), map)
}

/// Steps 2 and 3 on `bytes`: appends to `kept` all but the ASCII tabs and newlines, and, when
/// someone listens, lists where each removed one was (as [`Removed::Listed`] says).
#[inline]
fn remove_tabs_and_newlines(
    bytes: &[u8],
    kept: &mut Vec<u8>,
    listed: &mut Vec<usize>,
    listening: bool,
) {
    for &b in bytes {
        if !is_ascii_tab_or_newline(b) {
            kept.push(b);
        } else if listening {
            listed.push(kept.len());
        }
    }
}

/// A sink that hands offsets of a substring of the prepared input (starting at `base`) on to
/// the caller's sink as offsets in the input as given.
/// Built only when someone listens ([`Report::parse_host_into`]), so the map is a listed one
/// and mapping an offset does not count the input again.
struct MapSink<'s, 'i> {
    inner: &'s mut dyn Report,
    map: &'s InputMap<'i>,
    base: usize,
}

impl ValidationSink for MapSink<'_, '_> {
    #[inline]
    fn report(&mut self, error: ValidationError, offset: usize) {
        self.inner
            .report(error, self.map.original(self.base + offset))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::{format, vec};
    use host::{NoSink, ReportedError};

    /// Steps 1 to 3 as the standard writes them, on `str`.
    fn by_the_steps(input: &str) -> String {
        input
            .trim_matches(|c: char| c <= ' ')
            .replace(['\t', '\n', '\r'], "")
    }

    /// Every string over a small alphabet (ASCII, a tab and newlines, C0 and space, a
    /// two-byte character) up to length 5, and longer ones made from them, so that the
    /// eight-byte words see every mix.
    fn inputs() -> Vec<String> {
        let alphabet = ["a", "\t", "\n", "\r", " ", "\u{1}", "\u{e9}", "/"];
        let mut all = vec![String::new()];
        let mut last = vec![String::new()];
        for _ in 0..5 {
            last = last
                .iter()
                .flat_map(|s| alphabet.iter().map(move |c| format!("{s}{c}")))
                .collect();
            all.extend(last.iter().cloned());
        }
        let long: Vec<String> = all
            .iter()
            .step_by(7)
            .zip(all.iter().rev().step_by(5))
            .map(|(a, b)| format!("{a}{b}xyz{b}{a}{b}"))
            .collect();
        all.extend(long);
        all
    }

    #[test]
    fn one_pass_removal_and_both_maps_agree_with_the_steps() {
        for input in inputs() {
            for strip in [true, false] {
                let mut errors: Vec<ReportedError> = Vec::new();
                let (listening, listed) = prepare(&input, strip, &mut Listener::of(&mut errors));
                let (quiet, unlisted) = prepare(&input, strip, &mut Listener::of(&mut NoSink));
                let expected = if strip {
                    by_the_steps(&input)
                } else {
                    input.replace(['\t', '\n', '\r'], "")
                };
                assert_eq!(listening, expected, "{input:?}");
                assert_eq!(quiet, expected, "{input:?}");
                for i in 0..expected.len() + 3 {
                    assert_eq!(listed.original(i), unlisted.original(i), "{input:?} at {i}");
                }
                // The kept bytes map back to themselves in the input as given.
                for (i, b) in expected.bytes().enumerate() {
                    assert_eq!(input.as_bytes().get(unlisted.original(i)), Some(&b));
                }
            }
        }
    }
}
