//! The forbidden host and forbidden domain code points (spec 3.2), defined once for the
//! whole workspace.

use percent::AsciiSet;

/// ASCII bytes that are forbidden host code points (spec 3.2): U+0000 NULL, U+0009 TAB,
/// U+000A LF, U+000D CR, U+0020 SPACE, `#`, `/`, `:`, `<`, `>`, `?`, `@`, `[`, `\`, `]`, `^`, `|`.
const FORBIDDEN_HOST: AsciiSet = AsciiSet::from_bytes(b"\0\t\n\r #/:<>?@[\\]^|");

/// ASCII bytes that are forbidden domain code points (spec 3.2): the forbidden host code
/// points, the C0 controls, U+0025 (%) and U+007F DELETE.
const FORBIDDEN_DOMAIN: AsciiSet = FORBIDDEN_HOST
    .union(AsciiSet::EMPTY.add_range(0x00, 0x1F))
    .add(b'%')
    .add(0x7F);

/// The forbidden host code points (spec 3.2). Every forbidden host code point is ASCII, so
/// this set is exact: use [`AsciiSet::contains`] (not `should_percent_encode`, which would
/// also answer `true` for non-ASCII bytes).
pub const FORBIDDEN_HOST_CODE_POINTS: &AsciiSet = &FORBIDDEN_HOST;

/// The forbidden domain code points (spec 3.2): a forbidden host code point, a C0 control,
/// U+0025 (%) or U+007F DELETE. All ASCII, so [`AsciiSet::contains`] is exact.
pub const FORBIDDEN_DOMAIN_CODE_POINTS: &AsciiSet = &FORBIDDEN_DOMAIN;

/// Whether `c` is a forbidden host code point (spec 3.2).
#[inline]
pub const fn is_forbidden_host_code_point(c: char) -> bool {
    (c as u32) < 0x80 && FORBIDDEN_HOST.contains(c as u8)
}

/// Whether `c` is a forbidden domain code point (spec 3.2).
#[inline]
pub const fn is_forbidden_domain_code_point(c: char) -> bool {
    (c as u32) < 0x80 && FORBIDDEN_DOMAIN.contains(c as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forbidden_host_code_points_are_the_spec_list() {
        let listed = "\u{0}\t\n\r #/:<>?@[\\]^|";
        for b in 0u8..0x80 {
            let c = char::from(b);
            assert_eq!(is_forbidden_host_code_point(c), listed.contains(c), "{c:?}");
        }
        assert!(!is_forbidden_host_code_point('%'));
        assert!(!is_forbidden_host_code_point('\u{1}'));
        assert!(!is_forbidden_host_code_point('é'));
    }

    #[test]
    fn forbidden_domain_code_points_add_controls_percent_and_delete() {
        for b in 0u8..0x80 {
            let c = char::from(b);
            let expected = is_forbidden_host_code_point(c)
                || percent::classes::is_c0_control(c)
                || c == '%'
                || c == '\u{7F}';
            assert_eq!(is_forbidden_domain_code_point(c), expected, "{c:?}");
        }
        assert!(!is_forbidden_domain_code_point('\u{80}'));
        assert!(!is_forbidden_domain_code_point('_'));
    }
}
