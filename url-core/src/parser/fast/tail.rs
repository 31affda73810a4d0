//! The fast path's path, query and fragment: one forward pass over the rest of the input that
//! takes the place of the path state, the query state and the fragment state (spec 4.4) on an
//! input that is already normal.
//!
//! The pass is a three-state automaton (path, query, fragment) over eight bytes at a time,
//! driven by one 256-entry class table ([`TAIL`]). A chunk is first tested with one table load
//! per byte OR-ed together ([`any_of`], [`Pass::may_hold_event`]), which most chunks pass
//! without a hit; only a chunk that may hold an event has its classes gathered into one word
//! ([`classes`], out of line in [`Pass::take_chunk`]), in which every event of the chunk is
//! found with masks and `trailing_zeros`, state changes included, without scanning the chunk
//! again. It replaces a scan per component that restarted at each delimiter and stopped at
//! every `.` and `%` of the path (measured with callgrind on `url-profile ours parse`, kasztp:
//! 714.7 to 642.6 instructions a URL together with the one-copy build). The events:
//!
//! - a byte that the current state would percent-encode ([`T_SPECIAL_PATH`] and the other stop
//!   classes, from `percent`'s sets), where the fast path gives up, except for the `?` that
//!   starts the query (path state, step 1.5) and the `#` that starts the fragment (path state,
//!   step 1.6; query state, step 3);
//! - with `units` (a listener, `quiet.rs`), a code point that is not a URL unit (spec 4.3): a
//!   `%` must start a percent-encoded byte, anything else gives up;
//! - in the path state, a `.` or `%` right after a `/`: the start of a segment that may be a
//!   single- or double-dot segment (path state, steps 1.2 to 1.4), found without stopping at
//!   every dot: the `/` bits of the word shifted one byte on meet the `.`/`%` bits.
//!
//! The last chunk is the input's last eight bytes, its classes shifted so that no byte before
//! the pass's position counts (shorter input is gathered byte by byte).

use super::scan::{
    T_DOT, T_FRAGMENT, T_PATH, T_QUERY, T_SLASH, T_SPECIAL_PATH, T_SPECIAL_QUERY, TAIL, UNITS_TAIL,
    any_of, classes, splat,
};
use crate::parser::tables::{is_double_dot, is_single_dot};
use percent::{ByteTable, is_percent_encoded_byte};

/// Where a path ends and what follows it.
pub(super) struct Tail {
    /// The index of the `?` that starts the query, if any.
    pub(super) query: Option<usize>,
    /// The index of the `#` that starts the fragment, if any.
    pub(super) fragment: Option<usize>,
}

/// The state the pass is in: the basic URL parser's state of the same name.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Path,
    Query,
    Fragment,
}

/// Whether the byte at `i` ends a path segment: EOF, `/`, `?` or `#` (a special URL's `\`
/// stops the pass before it matters).
#[inline(always)]
fn ends_segment(bytes: &[u8], i: usize) -> bool {
    matches!(bytes.get(i), None | Some(b'/' | b'?' | b'#' | b'\\'))
}

/// The segment that starts at `i`, cut at seven bytes (one more than the longest dot segment,
/// `%2e%2e`): enough for [`is_single_dot`] and [`is_double_dot`], in constant time.
#[inline(always)]
pub(super) fn dot_segment_candidate(bytes: &[u8], i: usize) -> &[u8] {
    let rest = bytes.get(i..).unwrap_or_default();
    let window = rest.get(..7).unwrap_or(rest);
    let end = (0..window.len())
        .find(|&k| ends_segment(window, k))
        .unwrap_or(window.len());
    window.get(..end).unwrap_or_default()
}

/// Whether the segment that starts at `i` is a single- or double-dot segment (spec 4.1).
#[inline(always)]
fn is_dot_segment_at(bytes: &[u8], i: usize) -> bool {
    let segment = dot_segment_candidate(bytes, i);
    is_single_dot(segment) || is_double_dot(segment)
}

/// The pass: its state, and what it has found.
struct Pass<'a> {
    bytes: &'a [u8],
    table: &'static ByteTable,
    units: bool,
    path_stop: u8,
    query_stop: u8,
    state: State,
    /// The classes the pass looks for in its state: the state's stops, and in the path state
    /// also [`T_DOT`].
    watch: u8,
    tail: Tail,
}

impl Pass<'_> {
    /// The stop classes of `state`.
    #[inline(always)]
    fn stop(&self, state: State) -> u8 {
        match state {
            State::Path => self.path_stop,
            State::Query => self.query_stop,
            State::Fragment => T_FRAGMENT,
        }
    }

    /// Moves to `state`.
    #[inline(always)]
    fn enter(&mut self, state: State) {
        self.state = state;
        self.watch = match state {
            State::Path => self.path_stop | T_DOT,
            _ => self.stop(state),
        };
    }

    /// Whether a chunk whose classes OR to `any` and that starts at `i` may hold an event:
    /// a stop, or in the path state a `.` or `%` that a `/` may come right before (one in the
    /// chunk, or the byte before it). Never `false` for a chunk with an event.
    #[inline(always)]
    fn may_hold_event(&self, any: u8, i: usize) -> bool {
        // Most chunks hold nothing watched: one test and one branch for them.
        let found = any & self.watch;
        found != 0
            && (found & !T_DOT != 0
                || any & T_SLASH != 0
                || i.checked_sub(1)
                    .is_some_and(|j| self.bytes.get(j) == Some(&b'/')))
    }

    /// [`Pass::take_events`] on the chunk at `i`.
    #[inline(never)]
    fn take_chunk(&mut self, chunk: &[u8; 8], i: usize) -> Option<()> {
        self.take_events(classes(self.table, chunk), i)
    }

    /// [`Pass::take_events`] on the bytes from `i` on of the input's last eight bytes, which
    /// start at `last`.
    #[inline(never)]
    fn take_last(&mut self, chunk: &[u8; 8], i: usize, last: usize) -> Option<()> {
        let word = classes(self.table, chunk) >> (8 * (i - last));
        self.take_events(word, i)
    }

    /// Takes every event of the chunk at `i` whose classes are `word` (zero past the end of
    /// the input): the state changes, or `None` to leave the input to the general path. Out of
    /// line: the chunk loop stays small, and only a chunk that may hold an event comes here.
    #[inline(always)]
    fn take_events(&mut self, word: u64, i: usize) -> Option<()> {
        let after_slash = i
            .checked_sub(1)
            .is_some_and(|j| self.bytes.get(j) == Some(&b'/'));
        // The bytes of the chunk not yet looked at.
        let mut unseen = u64::MAX;
        loop {
            let stops = word & splat(self.stop(self.state));
            let dots = if self.state == State::Path {
                // Each `/` bit moved to the `.`/`%` bit of the next byte.
                let slashes = (word & splat(T_SLASH)) << 9 | u64::from(after_slash) << 1;
                slashes & word & splat(T_DOT)
            } else {
                0
            };
            let events = (stops | dots) & unseen;
            if events == 0 {
                return Some(());
            }
            let k = events.trailing_zeros() / 8;
            let at = i + k as usize;
            let this = 0xFF << (8 * k);
            if stops & this != 0 {
                match (self.bytes.get(at), self.state) {
                    // Path state, step 1.5: the query state.
                    (Some(b'?'), State::Path) => {
                        self.tail.query = Some(at);
                        self.enter(State::Query);
                    }
                    // Path state, step 1.6, and query state, step 3: the fragment state.
                    (Some(b'#'), State::Path | State::Query) => {
                        self.tail.fragment = Some(at);
                        self.enter(State::Fragment);
                    }
                    // URL units: a `%` must start a percent-encoded byte.
                    (Some(b'%'), _) if self.units && is_percent_encoded_byte(self.bytes, at) => {}
                    // A byte to encode, a special URL's `\`, or not a URL unit.
                    _ => return None,
                }
            }
            // Path state, steps 1.2 to 1.4: a single- or double-dot segment is the general
            // path's to drop or shorten.
            if dots & this != 0 && is_dot_segment_at(self.bytes, at) {
                return None;
            }
            unseen = (u64::MAX << (8 * k)) << 8;
        }
    }
}

/// The path, query and fragment states from `from` (in `start`) to the end of the input: where
/// the query and fragment start, or `None` where the general path must decide.
#[inline(always)]
fn pass(bytes: &[u8], from: usize, start: State, special: bool, units: bool) -> Option<Tail> {
    let (path_stop, query_stop) = if special {
        (T_SPECIAL_PATH, T_SPECIAL_QUERY)
    } else {
        (T_PATH, T_QUERY)
    };
    let mut pass = Pass {
        bytes,
        table: if units { &UNITS_TAIL } else { &TAIL },
        units,
        path_stop,
        query_stop,
        state: start,
        watch: 0,
        tail: Tail {
            query: None,
            fragment: None,
        },
    };
    pass.enter(start);
    let table = pass.table;
    let mut i = from;
    while let Some(chunk) = bytes
        .get(i..i + 8)
        .and_then(|c| <&[u8; 8]>::try_from(c).ok())
    {
        if pass.may_hold_event(any_of(table, chunk), i) {
            pass.take_chunk(chunk, i)?;
        }
        i += 8;
    }
    if i < bytes.len() {
        match bytes.len().checked_sub(8) {
            // The input's last eight bytes, of which the first `i - last` were looked at.
            Some(last) => {
                let chunk = bytes
                    .get(last..)
                    .and_then(|c| <&[u8; 8]>::try_from(c).ok())?;
                if pass.may_hold_event(any_of(table, chunk), last) {
                    pass.take_last(chunk, i, last)?;
                }
            }
            None => {
                let rest = bytes.get(i..).unwrap_or_default();
                let word = rest
                    .iter()
                    .rev()
                    .fold(0, |word, &b| word << 8 | u64::from(table.get(b)));
                pass.take_events(word, i)?;
            }
        }
    }
    Some(pass.tail)
}

/// Checks a list path that starts at `from` (a `/`, or the query/fragment/EOF for an empty
/// path) and everything after it: the path must hold no byte to encode and no single- or
/// double-dot segment (spec 4.1), the query and the fragment no byte to encode; with `units`
/// (a special URL), each must also be URL units (spec 4.3).
#[inline(always)]
pub(super) fn path_query_fragment(
    bytes: &[u8],
    from: usize,
    special: bool,
    units: bool,
) -> Option<Tail> {
    pass(bytes, from, State::Path, special, units)
}

/// Checks the query that starts with the `?` at `at`, and the fragment after it (with `units`,
/// as URL units too).
#[inline(always)]
pub(super) fn query_fragment(bytes: &[u8], at: usize, special: bool, units: bool) -> Option<Tail> {
    let tail = pass(bytes, at + 1, State::Query, special, units)?;
    Some(Tail {
        query: Some(at),
        fragment: tail.fragment,
    })
}

/// Checks the fragment that starts with the `#` at `at`: returns `at` when nothing in it needs
/// encoding (and with `units`, when it is URL units).
#[inline(always)]
pub(super) fn fragment(bytes: &[u8], at: usize, units: bool) -> Option<usize> {
    pass(bytes, at + 1, State::Fragment, false, units).map(|_| at)
}
