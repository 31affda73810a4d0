//! Preparing the input (spec 4.4, basic URL parser steps 1 to 3) and mapping offsets in the
//! prepared input back to the input as given.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use host::{HostKind, ReportedError, ValidationError, ValidationSink};

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
    pub(crate) map: &'a InputMap,
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
pub(crate) fn prepare<'i>(
    input: &'i str,
    strip: bool,
    sink: &mut Listener<'_>,
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
struct MapSink<'s> {
    inner: &'s mut dyn Report,
    map: &'s InputMap,
    base: usize,
}

impl ValidationSink for MapSink<'_> {
    #[inline]
    fn report(&mut self, error: ValidationError, offset: usize) {
        self.inner
            .report(error, self.map.original(self.base + offset))
    }
}
