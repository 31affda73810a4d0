//! Code-point classes of the standard (Infra terms used in spec 1, and 4.1's URL code points).
//!
//! Defined once here; every other crate of the workspace uses these.

/// A C0 control: U+0000 to U+001F.
#[inline]
pub const fn is_c0_control(c: char) -> bool {
    (c as u32) <= 0x1F
}

/// A C0 control or space: U+0000 to U+0020. The URL parser strips these from both ends.
#[inline]
pub const fn is_c0_control_or_space(c: char) -> bool {
    (c as u32) <= 0x20
}

/// An ASCII tab or newline: U+0009, U+000A or U+000D. The URL parser removes these anywhere.
#[inline]
pub const fn is_ascii_tab_or_newline(byte: u8) -> bool {
    matches!(byte, b'\t' | b'\n' | b'\r')
}

/// A noncharacter: U+FDD0 to U+FDEF, and the last two code points of every plane.
#[inline]
pub const fn is_noncharacter(c: char) -> bool {
    let c = c as u32;
    (c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE
}

/// ASCII bytes that are URL code points (spec 4.1): alphanumerics and
/// `!$&'()*+,-./:;=?@_~`.
const URL_ASCII: crate::AsciiSet = crate::AsciiSet::EMPTY
    .add_range(b'a', b'z')
    .add_range(b'A', b'Z')
    .add_range(b'0', b'9')
    .union(crate::AsciiSet::from_bytes(b"!$&'()*+,-./:;=?@_~"));

/// A URL code point (spec 4.1): ASCII alphanumeric, one of `!$&'()*+,-./:;=?@_~`, or a code
/// point in U+00A0 to U+10FFFD excluding surrogates and noncharacters.
#[inline]
pub const fn is_url_code_point(c: char) -> bool {
    if (c as u32) < 0x80 {
        URL_ASCII.contains(c as u8)
    } else {
        (c as u32) >= 0xA0 && !is_noncharacter(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_code_points_follow_spec_4_1() {
        for c in [
            'a',
            'Z',
            '0',
            '!',
            '$',
            '~',
            '\u{A0}',
            '\u{10FFFD}',
            '\u{FFFD}',
        ] {
            assert!(is_url_code_point(c), "{c:?}");
        }
        for c in [
            '%',
            '#',
            ' ',
            '"',
            '<',
            '[',
            '^',
            '`',
            '{',
            '|',
            '\u{7F}',
            '\u{9F}',
            '\u{FDD0}',
            '\u{FFFF}',
            '\u{10FFFF}',
        ] {
            assert!(!is_url_code_point(c), "{c:?}");
        }
    }

    #[test]
    fn controls() {
        assert!(is_c0_control('\u{1F}') && !is_c0_control(' '));
        assert!(is_c0_control_or_space(' ') && !is_c0_control_or_space('!'));
        assert!(is_ascii_tab_or_newline(b'\r') && !is_ascii_tab_or_newline(b'\x0B'));
    }
}
