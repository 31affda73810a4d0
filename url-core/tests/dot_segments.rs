//! The path state's dot segments against a model written from the standard's words, on every
//! path of up to three segments from a small alphabet (dot segments in all their spellings,
//! near misses, segments to encode), with `/` and `\` between them and `?` or `#` after:
//! the parser's leading-dot-segment shortcut (spec 4.4 path state, step 1: the buffer found
//! without a scan) and its runs of whole segments, encoded in one piece (step 1.4 for each),
//! must give what steps 1.1 to 1.4 give on each buffer. Through the general
//! parser, the fast path, and the pathname state override.
#![allow(clippy::restriction)] // test code: unwrapping or indexing is a failed test

use url_core::{StateOverride, UrlRecord};

const SEGMENTS: &[&str] = &[
    "",
    ".",
    "..",
    "%2e",
    "%2E",
    ".%2e",
    "%2E.",
    "%2e%2E",
    "...",
    ".a",
    "a.",
    "%2",
    "%2f",
    "%2ex",
    "..%2e",
    "a",
    "\u{e9}",
    "a b",
    "{^}",
    "\u{4e2d}\u{7f}",
];

/// Spec 4.4 path state without state override, on what follows the path start state's `/`:
/// the path's serialization.
fn model(path: &str, special: bool, state_override: bool) -> String {
    let single = |b: &str| [".", "%2e"].contains(&b.to_ascii_lowercase().as_str());
    let double =
        |b: &str| ["..", ".%2e", "%2e.", "%2e%2e"].contains(&b.to_ascii_lowercase().as_str());
    let mut segments: Vec<String> = Vec::new();
    let mut buffer = String::new();
    let mut chars = path.chars();
    loop {
        let c = chars.next();
        // Step 1: EOF, "/", special and "\", or (without state override) "?" or "#".
        let slash = c == Some('/') || (special && c == Some('\\'));
        let ends = c.is_none() || slash || (!state_override && matches!(c, Some('?' | '#')));
        if let (false, Some(c)) = (ends, c) {
            // Step 2.2: UTF-8 percent-encode c using the path percent-encode set.
            if matches!(
                c,
                '\0'..='\x1f' | ' ' | '"' | '#' | '<' | '>' | '?' | '^' | '`' | '{' | '}'
            ) || c > '~'
            {
                for byte in c.to_string().bytes() {
                    buffer.push_str(&format!("%{byte:02X}"));
                }
            } else {
                buffer.push(c);
            }
            continue;
        }
        if double(&buffer) {
            segments.pop();
            if !slash {
                segments.push(String::new());
            }
        } else if single(&buffer) {
            if !slash {
                segments.push(String::new());
            }
        } else {
            segments.push(std::mem::take(&mut buffer));
        }
        buffer.clear();
        if !slash {
            break;
        }
    }
    segments.iter().map(|s| format!("/{s}")).collect()
}

/// Every path of up to three segments, separators `/` and `\`.
fn paths() -> Vec<String> {
    let mut all: Vec<String> = SEGMENTS.iter().map(|s| s.to_string()).collect();
    let mut last = all.clone();
    for _ in 0..2 {
        last = last
            .iter()
            .flat_map(|p| {
                SEGMENTS
                    .iter()
                    .flat_map(move |s| ["/", "\\"].map(|sep| format!("{p}{sep}{s}")))
            })
            .collect();
        all.extend(last.iter().cloned());
    }
    all
}

#[test]
fn dot_segments_follow_the_steps() {
    let paths = paths();
    assert!(paths.len() > 10_000);
    for path in &paths {
        for (scheme, special) in [("http", true), ("file", true), ("web+x", false)] {
            for tail in ["", "?q", "#f", "/"] {
                let input = format!("{scheme}://h/{path}{tail}");
                // In a path that is not special, "\" is kept as it is (the path set has no "\").
                let expected = model(&format!("{path}{tail}"), special, false);
                let general = UrlRecord::parse_without_fast_path(&input, None).unwrap();
                assert_eq!(general.path(), expected, "{input:?}");
                let parsed = UrlRecord::parse(&input, None).unwrap();
                assert_eq!(parsed.as_str(), general.as_str(), "{input:?}");
            }
            // The pathname setter's state override: "?" and "#" are ordinary there.
            let value = format!("{path}?q#f");
            let mut url = UrlRecord::parse(&format!("{scheme}://h/x"), None).unwrap();
            url.clear_path();
            url.basic_parse_override(&format!("/{value}"), StateOverride::PathStart)
                .unwrap();
            let expected = model(&value, special, true)
                .replace('?', "%3F")
                .replace('#', "%23");
            assert_eq!(url.path(), expected, "{value:?}");
            let mut general = UrlRecord::parse(&format!("{scheme}://h/x"), None).unwrap();
            general.clear_path();
            general
                .basic_parse_override_without_shortcuts(
                    &format!("/{value}"),
                    StateOverride::PathStart,
                )
                .unwrap();
            assert_eq!(url.as_str(), general.as_str(), "{value:?}");
        }
    }
}
