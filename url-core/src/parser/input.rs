//! Preparing the input (spec 4.4, basic URL parser steps 1 to 3), filling the map of offsets
//! back to the input as given (`report.rs`, [`InputMap`]).

use super::fast::classify::tab_or_newline;
use super::report::{InputMap, Listener, Removed};
use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use host::ValidationError;
use percent::classes::is_ascii_tab_or_newline;

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
    // Steps 2 and 3: one scan finds the first tab or newline (sixteen bytes at a time where
    // the input is that long: none before `from`); only then copy.
    let t = trimmed.as_bytes();
    let from = tab_or_newline(t);
    let Some(first) = t
        .get(from..)
        .unwrap_or_default()
        .iter()
        .position(|&b| is_ascii_tab_or_newline(b))
        .map(|k| from + k)
    else {
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
    // Removing ASCII bytes from UTF-8 leaves UTF-8, so the conversion always succeeds. Its
    // error arm is the lossy conversion the host parser links in anyway (`str::replace` with
    // a set of characters would bring its pattern code into every binary for an arm never
    // taken).
    let cleaned = String::from_utf8(kept)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
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
        // One tab or newline at every place of inputs longer than the block scan's window
        // (`tab_or_newline`: two blocks of sixteen, then block by block).
        for len in [16, 31, 33, 47, 70] {
            for at in 0..len {
                let c = ["\t", "\n", "\r"][at % 3];
                all.push(format!("{}{c}{}", "a".repeat(at), "/".repeat(len - at)));
            }
        }
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
