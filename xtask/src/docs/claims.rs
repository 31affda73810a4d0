//! Claims a page makes about the repository, read from its prose (fenced blocks are left out:
//! `blocks.rs` and `sessions.rs` check those). Each function finds one class of claim; `mod.rs`
//! compares what it finds with the repository: the paths a page names, the features it says
//! are on or off by default, the Rust versions it states, the performance figures it quotes
//! (docs/performance.md's alone), the maps of files it keeps (docs/architecture.md's alone) and
//! the history it tells (a CHANGELOG.md's alone).

use super::facts::code_spans;

/// The lines of `text` outside fenced blocks: (line number, line).
pub fn prose(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut fence: Option<char> = None;
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let opens = trimmed
            .chars()
            .next()
            .filter(|c| (*c == '`' || *c == '~') && trimmed.starts_with(&c.to_string().repeat(3)));
        match (fence, opens) {
            (None, Some(c)) => fence = Some(c),
            (Some(f), Some(c)) if f == c => fence = None,
            (None, None) => out.push((n + 1, line)),
            _ => {}
        }
    }
    out
}

/// The extensions of the files a page may name.
const FILE_EXTENSIONS: [&str; 13] = [
    "rs", "md", "toml", "py", "json", "txt", "svg", "yml", "yaml", "csv", "lock", "sh", "js",
];

/// Whether `s` reads as a path in the repository: relative, of path characters, with a folder
/// and a file extension we keep, or ending in `/`.
fn looks_like_path(s: &str) -> bool {
    let chars_ok = s
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "_-./".contains(c));
    if !chars_ok || s.starts_with('/') || !s.contains('/') || s.contains("//") {
        return false;
    }
    if s.ends_with('/') {
        return s.len() > 1;
    }
    let name = s.rsplit('/').next().unwrap_or_default();
    name.rsplit_once('.')
        .is_some_and(|(stem, ext)| !stem.is_empty() && FILE_EXTENSIONS.contains(&ext))
}

/// Every path `text` names outside fenced blocks: `(line, path, is a link target)`. A link's
/// target is relative to the page; a code span's may be relative to the page's folder or to
/// the workspace root. Web addresses and anchors are left out, build outputs (`target/`) too.
pub fn named_paths(text: &str) -> Vec<(usize, String, bool)> {
    let mut out = Vec::new();
    for (n, line) in prose(text) {
        for span in code_spans(line) {
            if looks_like_path(&span) && !span.starts_with("target/") {
                out.push((n, span, false));
            }
        }
        for (at, _) in line.match_indices("](") {
            let rest = &line[at + 2..];
            let Some(end) = rest.find(')') else { continue };
            let target = rest[..end].split('#').next().unwrap_or_default();
            if target.is_empty() || target.contains(':') || target.contains(' ') {
                continue;
            }
            out.push((n, target.to_owned(), true));
        }
    }
    out
}

/// What a line says of a feature's default.
const ON: [&str; 3] = ["(default)", "on by default", "default: on"];
const OFF: [&str; 2] = ["off by default", "default: off"];
const ALL_OFF: &str = "all off by default";

/// Each feature `text` says is on or off by default: `(line, feature, on)`, the feature a code
/// span of the line, the default the nearest phrase after it (or before, when none follows).
/// "all off by default" says it of every feature (`*`) as well as of each one named.
pub fn default_claims(text: &str) -> Vec<(usize, String, bool)> {
    let mut out = Vec::new();
    for (n, line) in prose(text) {
        let lower = line.to_ascii_lowercase();
        let mut phrases: Vec<(usize, bool)> = Vec::new();
        for (words, on) in [(&ON[..], true), (&OFF[..], false)] {
            for phrase in words {
                phrases.extend(lower.match_indices(phrase).map(|(at, _)| (at, on)));
            }
        }
        if phrases.is_empty() {
            continue;
        }
        if lower.contains(ALL_OFF) {
            out.push((n, "*".to_owned(), false));
        }
        let mut from = 0;
        for (i, span) in line.split('`').enumerate() {
            let at = from;
            from += span.len() + 1;
            if i % 2 == 0
                || span.is_empty()
                || !span
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            {
                continue;
            }
            // The phrase next to the span: no other code span between them.
            let end = at + span.len() + 1;
            let next_span = line
                .get(end..)
                .and_then(|rest| rest.find('`'))
                .map_or(line.len(), |i| end + i);
            let previous_span = line[..at.saturating_sub(1)].rfind('`').unwrap_or(0);
            let after = phrases
                .iter()
                .filter(|(p, _)| *p >= end && *p < next_span)
                .min_by_key(|(p, _)| *p);
            let before = phrases
                .iter()
                .filter(|(p, _)| *p < at && *p >= previous_span)
                .max_by_key(|(p, _)| *p);
            if let Some((_, on)) = after.or(before) {
                out.push((n, span.to_owned(), *on));
            }
        }
    }
    out
}

/// The names that a Rust-version sentence may say it is about, and the folders they stand
/// for (`libraries`: the library packages).
pub const VERSION_SUBJECTS: [(&str, &str); 9] = [
    ("library packages", "libraries"),
    ("libraries", "libraries"),
    ("xtask", "xtask"),
    ("url-cli", "url-cli"),
    ("wurl", "url-cli"),
    ("fuzz", "fuzz"),
    ("url-fuzz", "fuzz"),
    ("bench", "bench"),
    ("url-bench", "bench"),
];

/// Every Rust version `text` states (`Rust 1.85`, `rustc 1.85`, `MSRV … 1.85`; a version with a
/// patch number is a record of a run, not a requirement): `(line, subjects, version)`, where
/// the subjects are the folders of [`VERSION_SUBJECTS`] named in the same clause (between
/// `;`, `.` and the line's ends).
pub fn rust_versions(text: &str) -> Vec<(usize, Vec<String>, String)> {
    let mut out = Vec::new();
    for (n, line) in prose(text) {
        for clause in clauses(line) {
            if !(clause.contains("Rust ") || clause.contains("rustc ") || clause.contains("MSRV")) {
                continue;
            }
            let mut subjects: Vec<String> = Vec::new();
            // A command in a code span (`cargo xtask compat`) is not a subject.
            let plain: String = clause
                .split('`')
                .enumerate()
                .filter(|(i, _)| i % 2 == 0)
                .map(|(_, s)| s)
                .collect();
            let words: Vec<String> = plain
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                .map(str::to_ascii_lowercase)
                .collect();
            for (name, dir) in VERSION_SUBJECTS {
                let named = if name.contains(' ') {
                    plain.to_ascii_lowercase().contains(name)
                } else {
                    words.iter().any(|w| w == name)
                };
                if named && !subjects.iter().any(|s| s == dir) {
                    subjects.push(dir.to_owned());
                }
            }
            for version in versions_in(&clause) {
                out.push((n, subjects.clone(), version));
            }
        }
    }
    out
}

/// `line` cut at `;` and at a `.` that ends a sentence (followed by a space or the end), so
/// that `1.85` stays whole.
fn clauses(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = line.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        let next = chars.get(i + 1);
        if *c == ';' || (*c == '.' && next.is_none_or(|n| n.is_whitespace())) {
            out.push(std::mem::take(&mut current));
        } else {
            current.push(*c);
        }
    }
    out.push(current);
    out
}

/// The versions `1.NN` of `clause` that follow `Rust`, `rustc` or `MSRV` closely (within a
/// few words), without a patch number.
fn versions_in(clause: &str) -> Vec<String> {
    let mut out = Vec::new();
    let words: Vec<&str> = clause.split_whitespace().collect();
    for (i, word) in words.iter().enumerate() {
        let w = word.trim_matches(|c: char| !(c.is_ascii_digit() || c == '.'));
        let w = w.trim_end_matches('.');
        let Some(minor) = w.strip_prefix("1.") else {
            continue;
        };
        if minor.is_empty() || !minor.chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        let near = words[i.saturating_sub(4)..i]
            .iter()
            .any(|p| p.starts_with("Rust") || p.starts_with("rustc") || p.contains("MSRV"));
        if near {
            out.push(w.to_owned());
        }
    }
    out
}

/// The lines of `text` that quote a performance figure: a time per item (`ns`, `µs`), an
/// instruction count (`Ir`, `instructions`), a ratio (`1.45×`), a rate (`12 MB/s`, `9 rows/s`,
/// `170,000 a second`).
pub fn performance_figures(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    for (n, line) in prose(text) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let figure = words.windows(2).any(|w| {
            let number = w[0]
                .trim_start_matches(['(', '*'])
                .trim_end_matches(['*', ','])
                .replace(',', "");
            let is_number = number.parse::<f64>().is_ok();
            let unit = w[1].trim_end_matches([',', '.', ';', ')', '*']);
            is_number && ["ns", "µs", "Ir", "instructions", "MB/s", "rows/s"].contains(&unit)
        }) || words.windows(3).any(|w| {
            // A rate in words: `170,000 a second`, `5 per second`.
            w[0].replace(',', "").parse::<f64>().is_ok()
                && ["a", "per"].contains(&w[1])
                && w[2].trim_end_matches([',', '.', ';', ')']) == "second"
        }) || words.iter().any(|w| {
            let w = w.trim_start_matches(['(', '*']);
            w.split('×')
                .next()
                .is_some_and(|n| w.contains('×') && n.contains('.') && n.parse::<f64>().is_ok())
        });
        if figure {
            out.push(n);
        }
    }
    out
}

/// The largest number of rows of one table of `text` that name a source file (a code span with
/// a path to a `.rs` file, or to a `src/` or `tests/` folder): a map of files when it is 3 or
/// more.
pub fn file_map_rows(text: &str) -> usize {
    let (mut best, mut run) = (0, 0);
    for (_, line) in prose(text) {
        if !line.trim_start().starts_with('|') {
            run = 0;
            continue;
        }
        let names_file = code_spans(line).iter().any(|s| {
            looks_like_path(s) && (s.ends_with(".rs") || s.contains("src/") || s.contains("tests/"))
        });
        if names_file {
            run += 1;
            best = best.max(run);
        }
    }
    best
}

/// Words that tell this project's history rather than what is (and a heading "what changed"): a page says what the code does
/// now; what changed goes in a CHANGELOG.md. A line about another project or the standard (it
/// names "standard", "release" or "spec") may say what changed there, and a line that points to
/// the change log may say that it holds what changed.
const HISTORY: [&str; 7] = [
    "no longer",
    "used to be",
    "was renamed",
    "were renamed",
    "formerly",
    "previously",
    "has been replaced",
];

/// The lines of `text` that tell history (see [`HISTORY`]).
pub fn history(text: &str) -> Vec<usize> {
    prose(text)
        .into_iter()
        .filter(|(_, line)| {
            let lower = line.to_ascii_lowercase();
            let heading = line.starts_with('#') && lower.contains("what changed");
            (heading || HISTORY.iter().any(|w| lower.contains(w)))
                && !["standard", "release", "spec ", "changelog"]
                    .iter()
                    .any(|w| lower.contains(w))
        })
        .map(|(n, _)| n)
        .collect()
}

/// The comment lines of a source file (`//`, `#` in Python, TOML and shell): (line, text).
pub fn comments(text: &str, hash: bool) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .filter_map(|(n, line)| {
            let at = if hash {
                line.find('#')
            } else {
                line.find("//")
            }?;
            Some((n + 1, &line[at..]))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_named_paths_outside_blocks() {
        let page = "See `url-core/src/parser/fast.rs` and [the map](../docs/architecture.md#x).\n\
                    ```text\nsrc/ignored.rs\n```\n`cargo xtask docs`, `a/b`, `target/x/y.rs`, \
                    [web](https://example.com/a.md)";
        let found: Vec<(usize, String, bool)> = named_paths(page);
        assert_eq!(
            found,
            [
                (1, "url-core/src/parser/fast.rs".to_owned(), false),
                (1, "../docs/architecture.md".to_owned(), true)
            ]
        );
    }

    #[test]
    fn reads_default_claims() {
        let page = "Features (all off by default): `psl` (a), `serde`.\n- `std` (default): paths.\n\
                    `psl` (off by default; `x = 1`)\n`ecmascript` (default): `E`. `regress`: more";
        let claims = default_claims(page);
        assert!(claims.contains(&(1, "*".to_owned(), false)));
        assert!(claims.contains(&(1, "psl".to_owned(), false)));
        assert!(claims.contains(&(2, "std".to_owned(), true)));
        assert!(claims.contains(&(3, "psl".to_owned(), false)));
        assert!(claims.contains(&(4, "ecmascript".to_owned(), true)));
        assert!(
            !claims
                .iter()
                .any(|(_, f, _)| f == "regress" || f == "serde")
        );
    }

    #[test]
    fn reads_rust_versions_with_their_subjects() {
        let page = "The library packages build on Rust 1.85 (the MSRV); the tools (xtask, \
                    url-cli/wurl, fuzz, bench) need Rust 1.95.\nrustc 1.95.0 stable; it needs Rust 1.88.\n\
                    On Rust 1.85 (`cargo xtask compat` runs it).";
        let found = rust_versions(page);
        assert_eq!(
            found[0],
            (1, vec!["libraries".to_owned()], "1.85".to_owned())
        );
        assert_eq!(found[1].2, "1.95");
        assert_eq!(found[1].1, ["xtask", "url-cli", "fuzz", "bench"]);
        assert_eq!(found[2], (2, vec![], "1.88".to_owned()));
        assert_eq!(found[3], (3, vec![], "1.85".to_owned()));
        assert_eq!(found.len(), 4);
    }

    #[test]
    fn finds_performance_figures() {
        let page = "kasztp 46.5 ns against 79.1\n1,376 Ir a URL\n(1.45× and 1.49×)\n\
                    at 385,000 rows/s\nreports ns per URL, MB/s; section 4.4\n```text\n3 ns\n```\n\
                    median 170,000 a second";
        assert_eq!(performance_figures(page), [1, 2, 3, 4, 9]);
    }

    #[test]
    fn counts_file_map_rows() {
        let map = "| what | file |\n| --- | --- |\n| a | `src/a.rs` |\n| b | `host/src/b.rs` |\n| c | `c.rs` in `x/tests/` |\n";
        assert_eq!(file_map_rows(map), 3);
        assert_eq!(file_map_rows("| a | `src/a.rs` |\n\n| b | `src/b.rs` |"), 1);
    }

    #[test]
    fn finds_history() {
        let page = "## Component names: what changed\nThe workspace no longer declares it.\n\
                    The standard no longer clears the host.\nIt prints what changed.";
        assert_eq!(history(page), [1, 2]);
    }
}
