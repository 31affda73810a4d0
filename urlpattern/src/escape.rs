//! Escaping a string for a regular expression (2.2) and for a pattern string (2.3). Below the
//! parser, which escapes the delimiter of a segment wildcard regexp, and generation.

use alloc::string::String;

/// Appends `input` to `out` with a `\` before each code point `escaped` picks. Those are
/// ASCII, so the text between them is copied in runs rather than code point by code point.
fn escape_into(input: &str, out: &mut String, escaped: impl Fn(u8) -> bool) {
    let mut run = 0;
    for (i, b) in input.bytes().enumerate() {
        if escaped(b) {
            out.push_str(input.get(run..i).unwrap_or(""));
            out.push('\\');
            run = i;
        }
    }
    out.push_str(input.get(run..).unwrap_or(""));
}

/// Escape a regexp string (2.2), appending to `out`.
pub(crate) fn escape_regexp_string(input: &str, out: &mut String) {
    escape_into(input, out, |b| {
        matches!(
            b,
            b'.' | b'+'
                | b'*'
                | b'?'
                | b'^'
                | b'$'
                | b'{'
                | b'}'
                | b'('
                | b')'
                | b'['
                | b']'
                | b'|'
                | b'/'
                | b'\\'
        )
    });
}

/// Escape a pattern string (2.3), appending to `out`.
pub(crate) fn escape_pattern_string(input: &str, out: &mut String) {
    escape_into(input, out, |b| {
        matches!(
            b,
            b'+' | b'*' | b'?' | b':' | b'{' | b'}' | b'(' | b')' | b'\\'
        )
    });
}
