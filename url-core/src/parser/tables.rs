//! Byte sets the states scan for, and the small predicates of spec 4.1 and 4.2 that work
//! on bytes (Windows drive letters, single- and double-dot segments).
//!
//! Code-point classes and percent-encode sets live in `percent`; these are the parser's own
//! delimiter sets.

use percent::AsciiSet;

/// Scheme state, step 1: ASCII alphanumeric, `+`, `-` and `.`.
pub(crate) const SCHEME: AsciiSet = AsciiSet::EMPTY
    .add_range(b'a', b'z')
    .add_range(b'A', b'Z')
    .add_range(b'0', b'9')
    .union(AsciiSet::from_bytes(b"+-."));

/// Where the authority, host and path states end for a URL that is not special: EOF,
/// `/`, `?` or `#`.
pub(crate) const END: AsciiSet = AsciiSet::from_bytes(b"/?#");
/// The same for a special URL, which also ends them at `\`.
pub(crate) const END_SPECIAL: AsciiSet = END.add(b'\\');

/// What the host state looks at: the ends above, `:` (outside brackets) and the brackets.
pub(crate) const HOST: AsciiSet = END.union(AsciiSet::from_bytes(b":[]"));
/// The same for a special URL.
pub(crate) const HOST_SPECIAL: AsciiSet = HOST.add(b'\\');

/// Path state ends of a segment with a state override (`?` and `#` are then ordinary).
pub(crate) const PATH_OVERRIDE: AsciiSet = AsciiSet::from_bytes(b"/");
/// The same for a special URL.
pub(crate) const PATH_OVERRIDE_SPECIAL: AsciiSet = AsciiSet::from_bytes(b"/\\");

/// Where the opaque path state stops copying: `?`, `#`, and U+0020 SPACE (which it treats
/// apart).
pub(crate) const OPAQUE_PATH: AsciiSet = AsciiSet::from_bytes(b"?# ");

/// The index of the first byte of `bytes` in `set` (ASCII only), if any.
#[inline(always)]
pub(crate) fn find(bytes: &[u8], set: &AsciiSet) -> Option<usize> {
    bytes.iter().position(|&b| set.contains(b))
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
