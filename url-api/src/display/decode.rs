//! Percent-decoding for rendering (spec 4.8.3).

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::chars::{is_invisible, is_mark, is_structure_lookalike};

/// A path, query, fragment or credential of a URL as it should be rendered for people (spec
/// 4.8.3): its sequences of percent-encoded bytes replaced with the code points that UTF-8
/// decoding them gives, "unless that renders those sequences invisible", and except for
/// sequences that "present spoofing risks".
///
/// A percent-encoded sequence is decoded only where the result, parsed again in any of those
/// components, percent-encodes back to the same bytes, so the rendering names the same URL.
/// That is: only code points outside ASCII are decoded (the parser UTF-8 percent-encodes every
/// one of them; an ASCII byte would come back as itself, or as a character that structures
/// the URL), and only when the code point
///
/// - is part of valid UTF-8 (invalid bytes stay encoded);
/// - is not invisible, blank, or a control of bidi ordering or joining (the spec's exception),
///   nor private use or a noncharacter;
/// - is not a look-alike of a character that structures a URL (`/`, `?`, `#`, …) or a padlock
///   (the spec's example of a spoofing risk, U+1F512);
/// - is not a combining mark that would draw over an ASCII character or the URL's structure
///   (a mark is decoded only after a code point decoded here).
///
/// The bytes are taken as UTF-8 whatever encoding made them (a query encoded with a legacy
/// encoding is usually not valid UTF-8, and then stays encoded).
///
/// ```
/// use whatwg_url::display::percent_decode_for_display;
///
/// assert_eq!(percent_decode_for_display("/caf%C3%A9/%E6%97%A5%E6%9C%AC"), "/café/日本");
/// // ASCII stays encoded: "%2F" is not "/", and "%41" would not re-encode.
/// assert_eq!(percent_decode_for_display("/a%2Fb%41%20"), "/a%2Fb%41%20");
/// // Invisible characters, structure look-alikes and invalid UTF-8 stay encoded.
/// assert_eq!(percent_decode_for_display("x%E2%80%AEy"), "x%E2%80%AEy"); // U+202E RLO
/// assert_eq!(percent_decode_for_display("a%E2%88%95b"), "a%E2%88%95b"); // U+2215 ∕
/// assert_eq!(percent_decode_for_display("%F0%9F%94%92"), "%F0%9F%94%92"); // U+1F512 🔒
/// assert_eq!(percent_decode_for_display("%C3%A9%FF%C3"), "é%FF%C3");
/// ```
pub fn percent_decode_for_display(component: &str) -> Cow<'_, str> {
    let bytes = component.as_bytes();
    let Some(first) = bytes.iter().position(|&b| b == b'%') else {
        return Cow::Borrowed(component);
    };
    let mut out = String::with_capacity(component.len());
    let mut copied = 0;
    let mut changed = false;
    // One buffer for every run (a `Vec`, not a second `SmallVec` type beside `utf16.rs`'s:
    // each is compiled with this crate).
    let mut decoded = Vec::new();
    let mut i = first;
    while i < bytes.len() {
        if !percent::is_percent_encoded_byte(bytes, i) {
            i += 1;
            continue;
        }
        // A run of percent-encoded bytes, three input bytes each.
        let start = i;
        decoded.clear();
        while percent::is_percent_encoded_byte(bytes, i) {
            decoded.push(hex(bytes.get(i + 1)) << 4 | hex(bytes.get(i + 2)));
            i += 3;
        }
        out.push_str(component.get(copied..start).unwrap_or_default());
        changed |= render_run(
            component.get(start..i).unwrap_or_default(),
            &decoded,
            &mut out,
        );
        copied = i;
    }
    if !changed {
        return Cow::Borrowed(component);
    }
    out.push_str(component.get(copied..).unwrap_or_default());
    Cow::Owned(out)
}

/// Appends one run: the code points of `decoded` that may be shown, and for every other byte
/// its percent-encoded form from `source` (byte `k` of `decoded` is `source[3k..3k + 3]`).
/// Returns whether a code point was decoded.
fn render_run(source: &str, decoded: &[u8], out: &mut String) -> bool {
    let encoded = |from: usize, to: usize| source.get(3 * from..3 * to).unwrap_or_default();
    let mut at = 0;
    // Whether the last thing appended is a code point decoded here (a mark may follow it).
    let mut after_shown = false;
    let mut shown_any = false;
    for chunk in decoded.utf8_chunks() {
        for c in chunk.valid().chars() {
            let len = c.len_utf8();
            if may_show(c, after_shown) {
                out.push(c);
                after_shown = true;
                shown_any = true;
            } else {
                out.push_str(encoded(at, at + len));
                after_shown = false;
            }
            at += len;
        }
        let invalid = chunk.invalid().len();
        if invalid > 0 {
            out.push_str(encoded(at, at + invalid));
            at += invalid;
            after_shown = false;
        }
    }
    shown_any
}

/// The rules of [`percent_decode_for_display`] for one code point.
fn may_show(c: char, after_shown: bool) -> bool {
    !c.is_ascii() && !is_invisible(c) && !is_structure_lookalike(c) && (after_shown || !is_mark(c))
}

/// The value of an ASCII hex digit (the caller has checked it is one).
fn hex(digit: Option<&u8>) -> u8 {
    match digit {
        Some(&d @ b'0'..=b'9') => d - b'0',
        Some(&d @ b'a'..=b'f') => d - b'a' + 10,
        Some(&d @ b'A'..=b'F') => d - b'A' + 10,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unchanged_without_percent_encoded_bytes() {
        for s in ["", "/a/b", "%", "%4", "%zz", "100%", "a%%41"] {
            assert!(
                matches!(percent_decode_for_display(s), Cow::Borrowed(_)),
                "{s}"
            );
        }
        assert_eq!(percent_decode_for_display("a%%41"), "a%%41");
    }

    #[test]
    fn lower_case_hex_and_mixed_runs() {
        assert_eq!(percent_decode_for_display("%c3%a9%41%C3%A9"), "é%41é");
        assert_eq!(percent_decode_for_display("%C3"), "%C3");
        assert_eq!(percent_decode_for_display("%C3%"), "%C3%");
        assert_eq!(percent_decode_for_display("%C3a%A9"), "%C3a%A9");
    }

    #[test]
    fn marks_only_after_decoded_code_points() {
        // U+0301 after "e" would draw over an ASCII letter: encoded.
        assert_eq!(percent_decode_for_display("e%CC%81"), "e%CC%81");
        // After a decoded letter it joins it.
        assert_eq!(percent_decode_for_display("%D0%B8%CC%86"), "\u{438}\u{306}");
        assert_eq!(percent_decode_for_display("/%CC%B8"), "/%CC%B8");
    }

    #[test]
    fn right_to_left_text_is_decoded() {
        // Bidi isolation (in `display`) takes care of the ordering.
        assert_eq!(
            percent_decode_for_display("/%D7%A9%D7%9C%D7%95%D7%9D"),
            "/שלום"
        );
    }

    #[test]
    fn long_runs() {
        let encoded = "%E2%98%83".repeat(100);
        assert_eq!(percent_decode_for_display(&encoded), "☃".repeat(100));
    }
}
