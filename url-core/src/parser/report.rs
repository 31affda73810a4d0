//! Reporting validation errors from the state machine: the caller's sink as the parser holds
//! it ([`Listener`]), offsets in the prepared input mapped back to the input as given
//! ([`InputMap`], filled by `input.rs`'s `prepare`), and the host parser reached through the
//! sink ([`Report::parse_host_into`]), so that a program that never listens links no reporting
//! copy of it.

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
    pub(super) lead: usize,
    /// Where the removed tabs and newlines are.
    pub(super) removed: Removed<'i>,
}

/// The tabs and newlines steps 2 and 3 removed, as [`InputMap::original`] needs them.
#[derive(Debug, Default)]
pub(super) enum Removed<'i> {
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
