//! The percent-encode sets of spec 1.3, written straight from the standard's English text (not
//! from `whatwg-percent`'s tables, which build the sets from one another), and UTF-8
//! percent-encoding with them: the oracle that tests state what an encoder or a setter must
//! produce with.

/// The C0 control percent-encode set: the C0 controls and every code point above U+007E (~).
pub fn c0_control_set(c: char) -> bool {
    c <= '\u{1f}' || c > '~'
}

/// The fragment percent-encode set: the C0 control set and U+0020 SPACE, U+0022 ("),
/// U+003C (<), U+003E (>) and U+0060 (`).
pub fn fragment_set(c: char) -> bool {
    c0_control_set(c) || matches!(c, ' ' | '"' | '<' | '>' | '`')
}

/// The query percent-encode set: the C0 control set and U+0020 SPACE, U+0022 ("), U+0023 (#),
/// U+003C (<) and U+003E (>).
pub fn query_set(c: char) -> bool {
    c0_control_set(c) || matches!(c, ' ' | '"' | '#' | '<' | '>')
}

/// The special-query percent-encode set: the query set and U+0027 (').
pub fn special_query_set(c: char) -> bool {
    query_set(c) || c == '\''
}

/// The path percent-encode set: the query set and U+003F (?), U+005E (^), U+0060 (`), U+007B ({)
/// and U+007D (}).
pub fn path_set(c: char) -> bool {
    query_set(c) || matches!(c, '?' | '^' | '`' | '{' | '}')
}

/// The userinfo percent-encode set: the path set and U+002F (/), U+003A (:), U+003B (;),
/// U+003D (=), U+0040 (@), U+005B ([) to U+005D (]) inclusive, and U+007C (|).
pub fn userinfo_set(c: char) -> bool {
    path_set(c) || matches!(c, '/' | ':' | ';' | '=' | '@' | '[' | '\\' | ']' | '|')
}

/// The component percent-encode set: the userinfo set and U+0024 ($) to U+0026 (&) inclusive,
/// U+002B (+) and U+002C (,).
pub fn component_set(c: char) -> bool {
    userinfo_set(c) || matches!(c, '$' | '%' | '&' | '+' | ',')
}

/// The application/x-www-form-urlencoded percent-encode set: the component set and U+0021 (!),
/// U+0027 (') to U+0029 RIGHT PARENTHESIS inclusive, and U+007E (~).
pub fn form_urlencoded_set(c: char) -> bool {
    component_set(c) || matches!(c, '!' | '\'' | '(' | ')' | '~')
}

/// UTF-8 percent-encode `input` with `set`: each code point in the set becomes its UTF-8 bytes,
/// each as `%XX` (upper-case hex).
pub fn utf8_percent_encode(input: &str, set: fn(char) -> bool) -> String {
    let mut out = String::new();
    for c in input.chars() {
        if set(c) {
            let mut buf = [0; 4];
            for byte in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{byte:02X}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_as_the_standard_lists_them() {
        let members =
            |set: fn(char) -> bool| -> String { (' '..='~').filter(|&c| set(c)).collect() };
        assert_eq!(members(fragment_set), " \"<>`");
        assert_eq!(members(query_set), " \"#<>");
        assert_eq!(members(path_set), " \"#<>?^`{}");
        assert_eq!(members(userinfo_set), " \"#/:;<=>?@[\\]^`{|}");
        assert_eq!(members(component_set), " \"#$%&+,/:;<=>?@[\\]^`{|}");
        assert_eq!(utf8_percent_encode("a b\u{e9}", path_set), "a%20b%C3%A9");
    }
}
