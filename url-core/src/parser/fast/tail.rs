//! The fast path's path, query and fragment: one forward pass over the rest of the input that
//! takes the place of the path state, the query state and the fragment state (spec 4.4) on an
//! input that is already normal.
//!
//! The pass is a three-state automaton (path, query, fragment) over sixteen bytes at a time,
//! in the style of simdjson's structural index: a block classifier (`marks.rs`: SSE2 or NEON
//! where there is one, `simd.rs`) marks the bytes that may be events, and the pass visits only
//! the marked bytes, with `trailing_zeros`, looking each up in the one 256-entry class table
//! ([`TAIL`], [`Pass::take`]). In the path state ([`BlockMarks::path`]) the marks are the bytes
//! that are not an ASCII letter, digit, `/`, `-` or `_` (bytes in no class of [`TAIL`] but
//! `/`'s), but for a `.` after a byte of the block other than `/`, which cannot start a dot
//! segment (`marks.rs`, `is_plain_dot`); once the pass is in the query or fragment state
//! ([`BlockMarks::query_fragment`]), the bytes that may stop those states. In most blocks one
//! byte or none is marked. It replaces a scan per component that restarted at each delimiter
//! and stopped at every `.` and `%` of the path,
//! and then a pass over eight bytes at a time with a table load per byte (callgrind,
//! `url-profile ours parse`, instructions a URL: kasztp 543.2 to 519.5, node_files 617.1 to
//! 586.4, isaacs_files 899.4 to 737.1, the bench's generated long URLs 15,910 to 12,636). A
//! marked byte is an event when it is:
//!
//! - a byte that the current state would percent-encode ([`T_SPECIAL_PATH`] and the other stop
//!   classes, from `percent`'s sets), where the fast path gives up, except for the `?` that
//!   starts the query (path state, step 1.5) and the `#` that starts the fragment (path state,
//!   step 1.6; query state, step 3);
//! - with `units` (a listener, `quiet.rs`), a code point that is not a URL unit (spec 4.3): a
//!   `%` must start a percent-encoded byte, anything else gives up;
//! - in the path state, a `.` or `%` right after a `/`: the start of a segment that may be a
//!   single- or double-dot segment (path state, steps 1.2 to 1.4).
//!
//! The last block is the input's last sixteen bytes, its marks shifted so that no byte before
//! the pass's position counts (shorter input is copied into a block padded with zeros).
//!
//! The first [`WINDOW`] bytes are looked at as one window (`window_marks`: two blocks, the
//! second moved back to the input's end, without a branch on where the input ends), so that a
//! tail that ends within it, as most web URLs' do, takes one decision instead of one per block
//! (callgrind with `--branch-sim=yes`, kasztp, with the same window for the host: simulated
//! mispredictions 2.51 to 1.32 a URL, for 42 more instructions, 519.6 to 561.7). A path still
//! in the path state after the window, with at most two windows of input left, takes those
//! windows too, not blocks: the blocks' loop and its last, shifted block decided where such a
//! tail ends in one or two mispredicted branches. That took node_files (82% of its tails are
//! longer than a window) from 0.80 to 0.50 simulated mispredictions a URL, crate_urls from
//! 1.14 to 1.07 and kasztp from 0.82 to 0.78, for about 6 more instructions a URL, and
//! `url-profile ours parse` from 1.00 to 0.92 of its time on node_files, 0.97–0.99 on
//! crate_urls and 0.98 on kasztp, isaacs_files unchanged (medians of 7 to 9 interleaved runs of
//! builds with functions and blocks aligned).
//!
//! Measured and dropped: classifying each state's stops themselves in the block (its set as
//! SSE2 comparisons, about forty instructions a block; kasztp +23 a URL, node_files +65 against
//! the table), and the path state's marks in every state (long queries, where `=`, `&` and `%`
//! are marked, then cost more than the table: the long URLs +39%; the windows after the first
//! in the query state too: kasztp's URLs with a query of 16 to 42 bytes appended, 3.5% more
//! time, against 1–2% with the windows in the path state only).

use super::classify::{BlockMarks, Native, WINDOW, window_marks};
use super::classify::{
    T_DOT, T_FRAGMENT, T_PATH, T_QUERY, T_SPECIAL_PATH, T_SPECIAL_QUERY, TAIL, UNITS_TAIL,
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
pub(super) enum State {
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
pub(in crate::parser) fn dot_segment_candidate(bytes: &[u8], i: usize) -> &[u8] {
    let rest = bytes.get(i..).unwrap_or_default();
    let window = rest.get(..7).unwrap_or(rest);
    let end = (0..window.len())
        .find(|&k| ends_segment(window, k))
        .unwrap_or(window.len());
    window.get(..end).unwrap_or_default()
}

/// Whether the segment that starts at `i` is a single- or double-dot segment (spec 4.1).
///
/// Out of line: asked only of a segment that starts with `.` or `%` (in 0.02% of the URLs of
/// kasztp.txt, 2.6% of node_files.txt's). Inlined into each copy of the pass, it was 3.1 KB of
/// every binary that parses URLs; out of line, the parse also runs fewer instructions on every
/// list (callgrind, `url-profile ours parse`: kasztp 0.1%, node_files 0.6% fewer; a path of a
/// megabyte 2% fewer).
#[inline(never)]
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
    tail: Tail,
}

impl Pass<'_> {
    /// The stop classes of the current state.
    #[inline(always)]
    fn stop(&self) -> u8 {
        match self.state {
            State::Path => self.path_stop,
            State::Query => self.query_stop,
            State::Fragment => T_FRAGMENT,
        }
    }

    /// Takes each byte that `marked` marks (bit `k`: the byte at `base + k`), first to last.
    #[inline(always)]
    fn take_marked(&mut self, base: usize, mut marked: u32) -> Option<()> {
        while marked != 0 {
            self.take(base + marked.trailing_zeros() as usize)?;
            marked &= marked - 1;
        }
        Some(())
    }

    /// Takes the byte at `at`, one that [`BlockMarks::path`] marks: a state change, nothing,
    /// or `None` to leave the input to the general path.
    #[inline(always)]
    fn take(&mut self, at: usize) -> Option<()> {
        let b = *self.bytes.get(at)?;
        let classes = self.table.get(b);
        if classes & self.stop() != 0 {
            match (b, self.state) {
                // Path state, step 1.5: the query state.
                (b'?', State::Path) => {
                    self.tail.query = Some(at);
                    self.state = State::Query;
                }
                // Path state, step 1.6, and query state, step 3: the fragment state.
                (b'#', State::Path | State::Query) => {
                    self.tail.fragment = Some(at);
                    self.state = State::Fragment;
                }
                // URL units: a `%` must start a percent-encoded byte.
                (b'%', _) if self.units && is_percent_encoded_byte(self.bytes, at) => {}
                // A byte to encode, a special URL's `\`, or not a URL unit.
                _ => return None,
            }
        }
        // Path state, steps 1.2 to 1.4: a segment that starts with `.` or `%` may be a single-
        // or double-dot segment, which is the general path's to drop or shorten.
        if self.state == State::Path
            && classes & T_DOT != 0
            && at.checked_sub(1).and_then(|j| self.bytes.get(j)) == Some(&b'/')
            && is_dot_segment_at(self.bytes, at)
        {
            return None;
        }
        Some(())
    }
}

/// The block of sixteen bytes that holds byte `i` and the ones after it, the number of its
/// bytes before `i`, and the bits of the bytes from `i` to the end of the input: the block at
/// `i`, or at the end the input's last sixteen bytes, or for shorter input a copy padded with
/// zeros.
#[inline(always)]
fn block_at(bytes: &[u8], i: usize) -> Option<([u8; 16], u32, u32)> {
    if let Some(block) = bytes
        .get(i..i + 16)
        .and_then(|c| <&[u8; 16]>::try_from(c).ok())
    {
        return Some((*block, 0, u32::from(u16::MAX)));
    }
    let left = bytes.len().checked_sub(i)?;
    let valid = (1u32 << left) - 1;
    match bytes.len().checked_sub(16) {
        Some(last) => {
            let block = bytes
                .get(last..)
                .and_then(|c| <&[u8; 16]>::try_from(c).ok())?;
            Some((*block, (i - last) as u32, valid))
        }
        None => {
            let mut padded = [0u8; 16];
            let rest = bytes.get(i..).unwrap_or_default();
            padded.get_mut(..rest.len())?.copy_from_slice(rest);
            Some((padded, 0, valid))
        }
    }
}

/// Runs `pass` over the blocks from `i` on while `go` holds, looking up in each the bytes that
/// it marks (most blocks hold one or none; [`block_marks`]: the path's with `PATH`, else those
/// that may stop the query or the fragment state). Where it stopped, or `None` where the
/// general path must decide. The whole blocks first, with nothing to shift or mask, then the
/// bytes left ([`block_at`]): a loop that keeps no more than its position in registers, which
/// long paths and queries spend most of their instructions in. The marks are chosen by a
/// constant, not passed as a function: passed, the pass's copy with `units` (the quiet fast
/// path's) called them once a block (isaacs_files, 6% more instructions with a validation
/// listener).
#[inline(always)]
fn blocks<const PATH: bool>(
    pass: &mut Pass<'_>,
    mut i: usize,
    go: impl Fn(&Pass<'_>) -> bool,
) -> Option<usize> {
    while let Some(block) = pass
        .bytes
        .get(i..i + 16)
        .and_then(|c| <&[u8; 16]>::try_from(c).ok())
    {
        if !go(pass) {
            return Some(i);
        }
        pass.take_marked(i, block_marks::<PATH>(block, false))?;
        i += 16;
    }
    if i < pass.bytes.len() && go(pass) {
        let (block, shift, valid) = block_at(pass.bytes, i)?;
        let marks = block_marks::<PATH>(&block, true);
        pass.take_marked(i, (marks >> shift) & valid)?;
        i += 16;
    }
    Some(i)
}

/// The marks [`blocks`] looks up in `block`: without `PATH`, those that may stop the query or
/// the fragment state; with it, the path's. Past the windows paths run long and most blocks
/// hold no byte to look up, so a block that is not the `last` takes the dots' comparisons and
/// mask arithmetic only when it holds a byte that is not plain, every `.` counted
/// ([`BlockMarks::path_every_dot`], a superset of the path's marks); the last block, which
/// holds most paths' one `.`, takes the path's marks at once.
#[inline(always)]
fn block_marks<const PATH: bool>(block: &[u8; 16], last: bool) -> u32 {
    if !PATH {
        Native::query_fragment(block)
    } else if last || Native::path_every_dot(block) != 0 {
        Native::path(block)
    } else {
        0
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
        tail: Tail {
            query: None,
            fragment: None,
        },
    };
    // The path state's blocks (and with `units`, where more bytes stop each state, every
    // block) look up the bytes that are not plain; once the pass has left the path state,
    // only those that may stop the query or the fragment state. In a block where the state
    // changes, the path's marks, a superset, serve to its end.
    // The first window's marks at once (most web URLs end within it). A path that runs on
    // takes up to two more windows when the rest of the input fits in them (nearly every
    // longer tail of kasztp, crate_urls and node_files; few of isaacs_files' paths), then
    // block by block. (A window followed by one block where at most sixteen bytes are left
    // ran 1% fewer instructions on node_files and took 3% more time: the branch on what is
    // left mispredicts, 0.50 to 0.68 a URL in callgrind's `--branch-sim=yes`.)
    let mut i = from;
    while let Some(marked) = window_marks(bytes, i, Native::path) {
        pass.take_marked(i, marked)?;
        // The window held the rest of the input: no blocks to run.
        if bytes.len() - i <= WINDOW {
            return Some(pass.tail);
        }
        i += WINDOW;
        // Past the path state the blocks look up fewer bytes than the path's marks.
        if bytes.len() - i > 2 * WINDOW || !(units || pass.state == State::Path) {
            break;
        }
    }
    // After the windows, block by block ([`block_marks`]).
    let i = blocks::<true>(&mut pass, i, |pass| units || pass.state == State::Path)?;
    blocks::<false>(&mut pass, i, |_| true)?;
    Some(pass.tail)
}

/// Checks what follows `at` in the state `start`, to the end of the input. In the path state,
/// `at` is the list path's start (a `/`, or the query/fragment/EOF of an empty path): the path
/// must hold no byte to encode and no single- or double-dot segment (spec 4.1), the query and
/// the fragment no byte to encode. In the query or fragment state, `at` is the `?` or `#` that
/// starts it. With `units` (a special URL), each must also be URL units (spec 4.3). Where the
/// query and fragment start, or `None` where the general path must decide.
#[inline(always)]
pub(super) fn tail_at(
    bytes: &[u8],
    at: usize,
    start: State,
    special: bool,
    units: bool,
) -> Option<Tail> {
    let from = if start == State::Path { at } else { at + 1 };
    let tail = pass(bytes, from, start, special, units)?;
    Some(match start {
        State::Path => tail,
        State::Query => Tail {
            query: Some(at),
            fragment: tail.fragment,
        },
        State::Fragment => Tail {
            query: None,
            fragment: Some(at),
        },
    })
}

/// [`tail_at`] from the path state.
#[inline(always)]
pub(super) fn path_query_fragment(
    bytes: &[u8],
    from: usize,
    special: bool,
    units: bool,
) -> Option<Tail> {
    tail_at(bytes, from, State::Path, special, units)
}

/// [`tail_at`] from the query state.
#[inline(always)]
pub(super) fn query_fragment(bytes: &[u8], at: usize, special: bool, units: bool) -> Option<Tail> {
    tail_at(bytes, at, State::Query, special, units)
}

/// [`tail_at`] from the fragment state: `at` when nothing in the fragment needs encoding (and
/// with `units`, when it is URL units).
#[inline(always)]
pub(super) fn fragment(bytes: &[u8], at: usize, units: bool) -> Option<usize> {
    tail_at(bytes, at, State::Fragment, false, units)?.fragment
}
