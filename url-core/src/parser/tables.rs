//! Byte sets the states scan for, and the small predicates of spec 4.1 and 4.2 that work
//! on bytes (Windows drive letters, single- and double-dot segments).
//!
//! Code-point classes and percent-encode sets live in `percent`; these are the parser's own
//! delimiter sets.

use percent::{AsciiSet, ByteTable, C0_CONTROL, PATH, scan};

/// A set of bytes: a one-class [`ByteTable`], so that membership is one load and [`find`] is
/// `percent`'s scanner. The parser's delimiter sets (ASCII only) are built from `percent`'s
/// [`AsciiSet`]s.
#[derive(Clone, Copy)]
pub(crate) struct ByteSet(ByteTable);

/// The one class of a [`ByteSet`]'s table.
const MEMBER: u8 = 1;

impl ByteSet {
    /// The ASCII members of `set` (non-ASCII bytes are never members).
    const fn ascii(set: AsciiSet) -> ByteSet {
        let mut table = ByteTable::EMPTY;
        let mut b = 0;
        while b < 0x80 {
            if set.contains(b) {
                table = table.with(b, MEMBER);
            }
            b += 1;
        }
        ByteSet(table)
    }

    /// Whether `byte` is a member.
    #[inline(always)]
    pub(crate) const fn contains(&self, byte: u8) -> bool {
        self.0.contains(byte, MEMBER)
    }
}

/// Scheme state, step 1: ASCII alphanumeric, `+`, `-` and `.`.
pub(crate) const SCHEME: ByteSet = ByteSet::ascii(
    AsciiSet::EMPTY
        .add_range(b'a', b'z')
        .add_range(b'A', b'Z')
        .add_range(b'0', b'9')
        .union(AsciiSet::from_bytes(b"+-.")),
);

/// Where the authority, host and path states end for a URL that is not special: EOF,
/// `/`, `?` or `#`.
const ENDS: AsciiSet = AsciiSet::from_bytes(b"/?#");
/// The same for a special URL, which also ends them at `\`.
const ENDS_SPECIAL: AsciiSet = ENDS.add(b'\\');
/// [`ENDS`] as a table.
pub(crate) const END: ByteSet = ByteSet::ascii(ENDS);
/// [`ENDS_SPECIAL`] as a table.
pub(crate) const END_SPECIAL: ByteSet = ByteSet::ascii(ENDS_SPECIAL);

/// What the host state looks at: the ends above, `:` (outside brackets) and the brackets.
pub(crate) const HOST: ByteSet = ByteSet::ascii(ENDS.union(AsciiSet::from_bytes(b":[]")));
/// The same for a special URL.
pub(crate) const HOST_SPECIAL: ByteSet =
    ByteSet::ascii(ENDS_SPECIAL.union(AsciiSet::from_bytes(b":[]")));

/// The authority state's first scan: the ends, and what makes an authority other than a
/// plain host (`@` for userinfo, `:` for a port or password, `[` for an IPv6 address).
pub(crate) const AUTHORITY: ByteSet = ByteSet::ascii(ENDS.union(AsciiSet::from_bytes(b"@:[")));
/// The same for a special URL.
pub(crate) const AUTHORITY_SPECIAL: ByteSet =
    ByteSet::ascii(ENDS_SPECIAL.union(AsciiSet::from_bytes(b"@:[")));

/// What the host state looks for once the authority state has found the terminator.
pub(crate) const COLON_OR_BRACKET: ByteSet = ByteSet::ascii(AsciiSet::from_bytes(b":[]"));

/// Path state ends of a segment with a state override (`?` and `#` are then ordinary).
pub(crate) const PATH_OVERRIDE: ByteSet = ByteSet::ascii(AsciiSet::from_bytes(b"/"));
/// The same for a special URL.
pub(crate) const PATH_OVERRIDE_SPECIAL: ByteSet = ByteSet::ascii(AsciiSet::from_bytes(b"/\\"));

/// Where the opaque path state stops copying: `?`, `#`, and U+0020 SPACE (which it treats
/// apart).
const OPAQUE_PATH: AsciiSet = AsciiSet::from_bytes(b"?# ");

/// Where the path state's fast scan stops: the ends of a segment, and every byte that the
/// path percent-encode set encodes (`?` and `#` are in it, so the same sets serve with a
/// state override, where they are ordinary).
pub(crate) const PATH_STOP: AsciiSet = (*PATH).union(ENDS);
/// The same for a special URL.
pub(crate) const PATH_STOP_SPECIAL: AsciiSet = (*PATH).union(ENDS_SPECIAL);

/// Where the path state's run of whole segments stops: a byte to encode, `.` and `%` (which
/// a single- or double-dot segment must hold), and, for a special URL, `\`. `/` does not
/// stop it, so that a run of ordinary segments is copied in one piece.
pub(crate) const PATH_RUN_STOP: AsciiSet = (*PATH).union(AsciiSet::from_bytes(b".%"));
/// The same for a special URL.
pub(crate) const PATH_RUN_STOP_SPECIAL: AsciiSet = PATH_RUN_STOP.add(b'\\');

/// Where the path state's run of whole segments stops when it takes segments that need
/// percent-encoding too: `.` and `%` (a dot segment), `?` and `#` (the path's end without a
/// state override). `/` is not in the path percent-encode set, so such a run encodes as its
/// segments would one by one.
pub(crate) const PATH_ENCODED_RUN_STOP: ByteSet = ByteSet::ascii(AsciiSet::from_bytes(b".%?#"));
/// The same for a special URL, which also ends a segment at `\`.
pub(crate) const PATH_ENCODED_RUN_STOP_SPECIAL: ByteSet =
    ByteSet::ascii(AsciiSet::from_bytes(b".%?#\\"));

/// Where the opaque path state's fast scan stops: `?`, `#`, space, and what the C0 control
/// percent-encode set encodes.
pub(crate) const OPAQUE_PATH_STOP: AsciiSet = (*C0_CONTROL).union(OPAQUE_PATH);

/// The index of the first byte of `bytes` in `set`, if any (`percent::scan`: eight bytes per
/// branch). Out of line, as [`first_to_encode`] is: the state machine scans at a dozen places,
/// and each inlined scan was a copy of it in every binary that parses URLs (5 KB in all); its
/// callers scan whole runs of the input, where a call costs little beside the scan.
#[inline(never)]
pub(crate) fn find(bytes: &[u8], set: &ByteSet) -> Option<usize> {
    let at = scan(&set.0, bytes, 0, MEMBER);
    (at < bytes.len()).then_some(at)
}

/// `percent::first_byte_to_encode`, out of line for the state machine (see [`find`]).
#[inline(never)]
pub(crate) fn first_to_encode(bytes: &[u8], set: &AsciiSet) -> Option<usize> {
    percent::first_byte_to_encode(bytes, set)
}

/// Whether `bytes` holds a byte below `0x0E` (the ASCII tabs and newlines are 0x09, 0x0A and
/// 0x0D), eight bytes at a time: a word has a byte below `n` (for `n <= 0x80`) exactly when
/// `(x - n * 0x01..01) & !x & 0x80..80` is not zero.
#[inline]
pub(crate) fn may_hold_tab_or_newline(bytes: &[u8]) -> bool {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_ne_bytes(word);
        if x.wrapping_sub(ONES * 0x0E) & !x & HIGH != 0 {
            return true;
        }
    }
    chunks.remainder().iter().any(|&b| b < 0x0E)
}

/// A Windows drive letter (spec 4.2): an ASCII alpha and `:` or `|`.
#[inline]
pub(crate) fn is_windows_drive_letter(s: &[u8]) -> bool {
    matches!(s, [a, b':' | b'|'] if a.is_ascii_alphabetic())
}

/// A normalized Windows drive letter (spec 4.2): an ASCII alpha and `:`.
#[inline]
pub(crate) fn is_normalized_windows_drive_letter(s: &[u8]) -> bool {
    matches!(s, [a, b':'] if a.is_ascii_alphabetic())
}

/// "Starts with a Windows drive letter" (spec 4.2): a Windows drive letter, then the end
/// or one of `/`, `\`, `?`, `#`.
#[inline]
pub(crate) fn starts_with_windows_drive_letter(s: &[u8]) -> bool {
    match s {
        [a, b, rest @ ..] => {
            is_windows_drive_letter(&[*a, *b])
                && matches!(rest.first(), None | Some(b'/' | b'\\' | b'?' | b'#'))
        }
        _ => false,
    }
}

/// Strips one dot (`.` or an ASCII case-insensitive `%2e`) from the start of `s`.
#[inline]
fn strip_dot(s: &[u8]) -> Option<&[u8]> {
    match s {
        [b'.', rest @ ..] => Some(rest),
        [b'%', b'2', b'e' | b'E', rest @ ..] => Some(rest),
        _ => None,
    }
}

/// A single-dot URL path segment (spec 4.1): `.` or `%2e`, ASCII case-insensitive.
#[inline]
pub(crate) fn is_single_dot(s: &[u8]) -> bool {
    s.len() <= 3 && strip_dot(s).is_some_and(<[u8]>::is_empty)
}

/// A double-dot URL path segment (spec 4.1): `..`, `.%2e`, `%2e.` or `%2e%2e`, ASCII
/// case-insensitive.
#[inline]
pub(crate) fn is_double_dot(s: &[u8]) -> bool {
    s.len() <= 6
        && strip_dot(s)
            .and_then(strip_dot)
            .is_some_and(<[u8]>::is_empty)
}

/// The two kinds of dot segment (spec 4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DotSegment {
    Single,
    Double,
}

/// Which dot segment `s` is, if it is one.
#[inline]
pub(crate) fn dot_segment(s: &[u8]) -> Option<DotSegment> {
    if is_double_dot(s) {
        Some(DotSegment::Double)
    } else if is_single_dot(s) {
        Some(DotSegment::Single)
    } else {
        None
    }
}

/// The dot segment (spec 4.1) that `s` starts with and its length, when the byte after it
/// ends a path segment (EOF or a byte of `ends`): the path state's buffer (spec 4.4 path
/// state, step 1) found without scanning for the segment's end.
#[inline]
pub(crate) fn leading_dot_segment(s: &[u8], ends: &ByteSet) -> Option<(usize, DotSegment)> {
    let after_one = strip_dot(s)?;
    let (after, dots) = match strip_dot(after_one) {
        Some(after_two) => (after_two, DotSegment::Double),
        None => (after_one, DotSegment::Single),
    };
    match after.first() {
        Some(&b) if !ends.contains(b) => None,
        _ => Some((s.len() - after.len(), dots)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;
    use percent::{FRAGMENT, QUERY, SPECIAL_QUERY};

    /// Inputs of every length up to 19 (so that the scan meets whole chunks of eight, the
    /// input's last eight bytes and shorter input), each byte value at each position in a run
    /// of `a`.
    fn inputs() -> Vec<Vec<u8>> {
        let mut inputs = Vec::new();
        for len in 0..20 {
            inputs.push(alloc::vec![b'a'; len]);
            for at in 0..len {
                for b in 0..=u8::MAX {
                    let mut input = alloc::vec![b'a'; len];
                    if let Some(slot) = input.get_mut(at) {
                        *slot = b;
                    }
                    inputs.push(input);
                }
            }
        }
        inputs
    }

    #[test]
    fn first_to_encode_is_the_first_byte_to_encode() {
        let sets = [
            C0_CONTROL,
            FRAGMENT,
            PATH,
            QUERY,
            SPECIAL_QUERY,
            &OPAQUE_PATH_STOP,
        ];
        for input in inputs() {
            for set in sets {
                let expected = input.iter().position(|&b| set.should_percent_encode(b));
                assert_eq!(first_to_encode(&input, set), expected, "{input:?}");
            }
        }
    }

    #[test]
    fn find_is_the_first_member() {
        let sets = [
            &END,
            &END_SPECIAL,
            &HOST,
            &AUTHORITY,
            &PATH_ENCODED_RUN_STOP,
        ];
        for input in inputs() {
            for set in sets {
                let expected = input.iter().position(|&b| set.contains(b));
                assert_eq!(find(&input, set), expected, "{input:?}");
            }
        }
    }
}
