//! Escaping a string for a regular expression (2.2) and for a pattern string (2.3). Below the
//! parser, which escapes the delimiter of a segment wildcard regexp, and generation.

use alloc::string::String;

/// Escape a regexp string (2.2), appending to `out`.
pub(crate) fn escape_regexp_string(input: &str, out: &mut String) {
    for c in input.chars() {
        if matches!(
            c,
            '.' | '+'
                | '*'
                | '?'
                | '^'
                | '$'
                | '{'
                | '}'
                | '('
                | ')'
                | '['
                | ']'
                | '|'
                | '/'
                | '\\'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
}

/// Escape a pattern string (2.3), appending to `out`.
pub(crate) fn escape_pattern_string(input: &str, out: &mut String) {
    for c in input.chars() {
        if matches!(c, '+' | '*' | '?' | ':' | '{' | '}' | '(' | ')' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
}
