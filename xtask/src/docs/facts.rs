//! Facts the pages state that have a source elsewhere: the published packages
//! (`xtask/src/packages.rs`), the MSRV (the workspace's `rust-version`), the features (the
//! manifests) and the `cargo xtask` commands (its usage text). Each check reads the page's
//! words and the source, and says where they disagree.

use std::collections::BTreeSet;

/// Cells of a Markdown table row (`| a | b |`), trimmed.
fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    inner.split('|').map(|c| c.trim().to_owned()).collect()
}

/// The rows (as cells) of every table of `text` whose header's first cells are `header`.
pub fn table_rows(text: &str, header: &[&str]) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        let line = line.trim();
        if !line.starts_with('|') {
            inside = false;
            continue;
        }
        let row = cells(line);
        if row.iter().zip(header).all(|(a, b)| a == b) && row.len() >= header.len() {
            inside = true;
        } else if inside && !row.iter().all(|c| c.chars().all(|x| "-: ".contains(x))) {
            rows.push(row);
        }
    }
    rows
}

/// The text of each `` `code` `` span of `cell`.
pub fn code_spans(cell: &str) -> Vec<String> {
    cell.split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .map(|(_, s)| s.to_owned())
        .collect()
}

/// The target of the first Markdown link of `cell` (`[text](target)`).
pub fn link_target(cell: &str) -> Option<String> {
    let start = cell.find("](")? + 2;
    let end = start + cell[start..].find(')')?;
    Some(cell[start..end].to_owned())
}

const NUMBER_WORDS: [&str; 21] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
];

/// The number a word spells (`8`, `eight`, `Eight`).
fn number(word: &str) -> Option<usize> {
    let word = word.to_ascii_lowercase();
    word.parse()
        .ok()
        .or_else(|| NUMBER_WORDS.iter().position(|w| *w == word))
}

/// Every "N published packages" of `text` (the phrase may wrap): (line, N).
pub fn published_counts(text: &str) -> Vec<(usize, usize)> {
    let words: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .flat_map(|(n, line)| line.split_whitespace().map(move |w| (n + 1, w)))
        .collect();
    words
        .windows(3)
        .filter(|w| w[1].1 == "published" && w[2].1.starts_with("packages"))
        .filter_map(|w| {
            Some((
                w[1].0,
                number(w[0].1.trim_matches(|c: char| !c.is_alphanumeric()))?,
            ))
        })
        .collect()
}

/// The versions `1.NN` in `line`, with their byte offsets.
fn versions(line: &str) -> Vec<(usize, String)> {
    let bytes = line.as_bytes();
    let mut out = Vec::new();
    for (at, _) in line.match_indices("1.") {
        let before = at.checked_sub(1).and_then(|i| bytes.get(i));
        if before.is_some_and(|b| b.is_ascii_digit() || *b == b'.') {
            continue;
        }
        let digits: String = line[at + 2..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let rest = &line[at + 2 + digits.len()..];
        let patch = rest.starts_with('.') && rest[1..].starts_with(|c: char| c.is_ascii_digit());
        if digits.is_empty() || patch {
            continue;
        }
        out.push((at, format!("1.{digits}")));
    }
    out
}

/// For each line of `text` that names the MSRV ("MSRV", not "MSRV-aware") beside a version:
/// (line, the version nearest to the word).
pub fn msrv_mentions(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        for (at, _) in line.match_indices("MSRV") {
            let after = line[at + 4..].chars().next();
            if after.is_some_and(|c| c.is_alphanumeric() || c == '-') {
                continue;
            }
            let nearest = versions(line)
                .into_iter()
                .min_by_key(|(v, _)| v.abs_diff(at));
            if let Some((_, version)) = nearest {
                out.push((n + 1, version));
            }
        }
    }
    out
}

/// A TOML section's lines (`[name]` up to the next section), with arrays that span lines
/// joined into one.
fn section(manifest: &str, name: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut inside = false;
    let mut open = false;
    for line in manifest.lines() {
        let line = line.split(" #").next().unwrap_or(line).trim();
        if line.starts_with('[') && !open {
            inside = line == format!("[{name}]");
            continue;
        }
        if !inside || line.is_empty() || line.starts_with('#') {
            continue;
        }
        if open {
            if let Some(last) = out.last_mut() {
                last.push(' ');
                last.push_str(line);
            }
        } else {
            out.push(line.to_owned());
        }
        let text = out.last().map(String::as_str).unwrap_or_default();
        open = text.matches('[').count() > text.matches(']').count();
    }
    out
}

/// The value of `key = "value"` in a manifest's section.
pub fn string_key(manifest: &str, section_name: &str, key: &str) -> Option<String> {
    section(manifest, section_name)
        .into_iter()
        .find_map(|line| {
            let (k, v) = line.split_once('=')?;
            (k.trim() == key).then(|| v.trim().trim_matches('"').to_owned())
        })
}

/// The strings of `key = ["a", "b"]` in a manifest's section.
pub fn array_key(manifest: &str, section_name: &str, key: &str) -> Vec<String> {
    section(manifest, section_name)
        .into_iter()
        .find_map(|line| {
            let (k, v) = line.split_once('=')?;
            (k.trim() == key).then(|| {
                v.split('"')
                    .enumerate()
                    .filter(|(i, _)| i % 2 == 1)
                    .map(|(_, s)| s.to_owned())
                    .collect()
            })
        })
        .unwrap_or_default()
}

/// A manifest's features: `(name, on by default)`, `default` itself left out.
pub fn features(manifest: &str) -> Vec<(String, bool)> {
    let entries: Vec<(String, String)> = section(manifest, "features")
        .into_iter()
        .filter_map(|line| {
            let (k, v) = line.split_once('=')?;
            Some((k.trim().to_owned(), v.trim().to_owned()))
        })
        .collect();
    let defaults: Vec<String> = entries
        .iter()
        .find(|(k, _)| k == "default")
        .map(|(_, v)| {
            v.split('"')
                .enumerate()
                .filter(|(i, _)| i % 2 == 1)
                .map(|(_, s)| s.to_owned())
                .collect()
        })
        .unwrap_or_default();
    entries
        .into_iter()
        .filter(|(k, _)| k != "default")
        .map(|(k, _)| {
            let on = defaults.contains(&k);
            (k, on)
        })
        .collect()
}

/// The rows of a page's feature table (`| package | feature | default | … |`): one
/// `(package, feature, on by default)` per package named in a row.
pub fn feature_rows(text: &str) -> Result<BTreeSet<(String, String, bool)>, String> {
    let mut out = BTreeSet::new();
    for row in table_rows(text, &["package", "feature", "default"]) {
        let feature = row.get(1).map(|c| code_spans(c)).unwrap_or_default();
        let [feature] = feature.as_slice() else {
            return Err(format!("a feature row without one `feature`: {row:?}"));
        };
        let on = match row.get(2).map(String::as_str) {
            Some("on") => true,
            Some("off") => false,
            other => return Err(format!("default is `on` or `off`, not {other:?}: {row:?}")),
        };
        for package in code_spans(row.first().map(String::as_str).unwrap_or_default()) {
            out.insert((package, feature.clone(), on));
        }
    }
    Ok(out)
}

/// The lines of `text` that cite an issue by number (`issue 6`, `issues 28 and 29`, `issue #6`):
/// development history, which belongs in commit messages, not in what users read.
pub fn issue_numbers(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let cites = words.windows(2).any(|w| {
            let word = w[0].trim_start_matches('(').to_ascii_lowercase();
            (word == "issue" || word == "issues")
                && w[1]
                    .trim_start_matches('#')
                    .starts_with(|c: char| c.is_ascii_digit())
        });
        if cites {
            out.push(n + 1);
        }
    }
    out
}

/// The command names of `cargo xtask help` (a word at two spaces of indentation).
pub fn usage_commands(usage: &str) -> BTreeSet<String> {
    usage
        .lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|w| w.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
        .map(str::to_owned)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_in_words_and_digits_across_lines() {
        let text = "the eight published packages\nand the 7 published\npackages; seven packages";
        assert_eq!(published_counts(text), [(1, 8), (2, 7)]);
        assert!(published_counts("every published package").is_empty());
    }

    #[test]
    fn msrv_takes_the_nearest_version() {
        let text =
            "Rust 1.85 (the MSRV); regress needs 1.88\nMSRV-aware resolver 1.86\n0.1.85 MSRV";
        assert_eq!(msrv_mentions(text), [(1, "1.85".to_owned())]);
        assert_eq!(msrv_mentions("MSRV: Rust 1.84."), [(1, "1.84".to_owned())]);
    }

    #[test]
    fn reads_tables_links_and_code() {
        let text = "\
| package | folder | what |
| --- | --- | --- |
| `whatwg-url` | [url-api/](url-api/) | the API |
| `url-fuzz` (tool) | [fuzz/](fuzz/) | x |

| other | table |
| --- | --- |
| `x` | y |
";
        let rows = table_rows(text, &["package", "folder"]);
        assert_eq!(rows.len(), 2);
        assert_eq!(code_spans(&rows[1][0]), ["url-fuzz"]);
        assert_eq!(link_target(&rows[0][1]).as_deref(), Some("url-api/"));
    }

    #[test]
    fn reads_manifest_features_and_feature_tables() {
        let manifest = r#"
[package]
name = "whatwg-x" # a comment
rust-version = "1.85"

[features]
default = ["std"]
## docs
std = []
big = [
    "dep:a",
    "dep:b",
]
[dependencies]
a = "1"
"#;
        assert_eq!(
            string_key(manifest, "package", "name").as_deref(),
            Some("whatwg-x")
        );
        assert_eq!(
            features(manifest),
            [("std".to_owned(), true), ("big".to_owned(), false)]
        );
        let page = "\
| package | feature | default | what |
| --- | --- | --- | --- |
| `whatwg-x`, `whatwg-y` | `big` | off | more |
";
        let rows = feature_rows(page).unwrap();
        assert_eq!(rows.len(), 2);
        assert!(rows.contains(&("whatwg-y".into(), "big".into(), false)));
        assert!(
            feature_rows("| package | feature | default |\n|-|-|-|\n| `a` | `b` | maybe |")
                .is_err()
        );
    }

    #[test]
    fn issue_citations() {
        let text =
            "Side-by-side (issue 6): x\nissues 28 and 29\nissue #7\n/repos/issues/7\nthe issue's";
        assert_eq!(issue_numbers(text), [1, 2, 3]);
    }

    #[test]
    fn usage_command_names() {
        let usage = "usage: x\n\ncommands:\n  test                 The one\n                       more text\n  fuzz list            List\n  wpt-update [--from DIR]\n";
        let found: Vec<String> = usage_commands(usage).into_iter().collect();
        assert_eq!(found, ["fuzz", "test", "wpt-update"]);
    }
}
