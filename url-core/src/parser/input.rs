//! Preparing the input (spec 4.4, basic URL parser steps 1 to 3) and mapping offsets in the
//! prepared input back to the input as given.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use host::{ValidationError, ValidationSink};
use percent::classes::is_ascii_tab_or_newline;

/// Maps a byte offset in the prepared input (stripped and without tabs or newlines) to the
/// byte offset in the input as the caller gave it.
#[derive(Debug, Default)]
pub(crate) struct InputMap {
    /// Bytes stripped from the start (leading C0 control or space).
    lead: usize,
    /// For each removed tab or newline, in order: the prepared-input offset of the byte that
    /// followed it (so that a failure's offset is right even when nobody listens).
    removed: Vec<usize>,
}

impl InputMap {
    /// The offset in the input as given of prepared-input offset `i`.
    #[inline]
    pub(crate) fn original(&self, i: usize) -> usize {
        // Every removed byte recorded at a prepared offset <= i came before it.
        self.lead + i + self.removed.partition_point(|&k| k <= i)
    }
}

/// Steps 1 to 3 of the basic URL parser: strip leading and trailing C0 control or space (only
/// when no url is given, `strip`), then remove every ASCII tab or newline, reporting
/// `invalid-URL-unit` once for each of the two. The common case (nothing to remove) borrows.
pub(crate) fn prepare<'i, S: ValidationSink>(
    input: &'i str,
    strip: bool,
    sink: &mut S,
) -> (Cow<'i, str>, InputMap) {
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
    let mut cleaned = String::with_capacity(t.len());
    let mut run_start = 0;
    for (i, &b) in t.iter().enumerate().skip(first) {
        if is_ascii_tab_or_newline(b) {
            cleaned.push_str(trimmed.get(run_start..i).unwrap_or_default());
            map.removed.push(cleaned.len());
            run_start = i + 1;
        }
    }
    cleaned.push_str(trimmed.get(run_start..).unwrap_or_default());
    (Cow::Owned(cleaned), map)
}

/// A sink that hands offsets of a substring of the prepared input (starting at `base`) on to
/// the caller's sink as offsets in the input as given.
pub(crate) struct MapSink<'s, S: ?Sized> {
    pub(crate) inner: &'s mut S,
    pub(crate) map: &'s InputMap,
    pub(crate) base: usize,
}

impl<S: ValidationSink + ?Sized> ValidationSink for MapSink<'_, S> {
    const ENABLED: bool = S::ENABLED;

    #[inline]
    fn report(&mut self, error: ValidationError, offset: usize) {
        self.inner
            .report(error, self.map.original(self.base + offset))
    }
}
