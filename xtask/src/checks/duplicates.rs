//! `cargo xtask duplicates [--all] [DIR ...]`: repeated blocks of code, and oversized files.
//!
//! A block is six or more consecutive *significant* lines that appear twice with the same shape.
//! A line's shape is the line without its comment and surrounding whitespace, with every string,
//! character and number literal replaced by a placeholder (`"…"`, `0`): two helpers that differ
//! only in a fixture name or a constant are the same block. Blank lines, comment lines and lines
//! of brackets alone (`}`, `});`, `],`) and rows of literals (a table of test inputs) are not
//! significant: they would make any two functions or tables look alike.
//!
//! Default directories: [`LIBRARY_DIRS`],
//! every `.rs` file under them (sources, tests, benches, examples). The check fails when a
//! block's two places lie in two different packages, or when a file under a library package's
//! `src/` is over [`MAX_LIBRARY_FILE_LINES`] lines. Blocks inside one package are listed (and
//! count as failures too with `--strict`): a test file may repeat a fixture loop, the reader
//! judges.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The packages with library code, by directory: the library crates and the leaves above them,
/// `url-cli` and `python/`'s extension sources included. Not the tool crates (`xtask`, `fuzz`,
/// `bench`), nor `test-support` (fixture readers for the tests; its `unicode.rs` is a data
/// table over the library file limit).
pub const LIBRARY_DIRS: [&str; 10] = [
    "percent",
    "host",
    "form-urlencoded",
    "url-core",
    "url-api",
    "urlpattern",
    "url-cli",
    "url-arrow",
    "url-compat",
    "python",
];
/// Lines a block has at least.
const MIN_LINES: usize = 6;
/// The longest file a library package's `src/` may hold (small files, one purpose: docs/architecture.md).
pub const MAX_LIBRARY_FILE_LINES: usize = 600;

const USAGE: &str = "\
usage: cargo xtask duplicates [--strict] [DIR ...]

  DIR        directories to scan (default: the packages with library code, LIBRARY_DIRS in
             xtask/src/checks/duplicates.rs)
  --strict   also fail on blocks repeated inside one package";

/// One significant line: where it is and its shape.
struct Line {
    number: usize,
    shape: String,
}

/// One scanned file.
struct File {
    path: PathBuf,
    /// The top directory it was found under (its package).
    package: String,
    lines: Vec<Line>,
}

/// A block found twice: file index and first significant line index of each place, and its
/// length in significant lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Block {
    a: (usize, usize),
    b: (usize, usize),
    len: usize,
}

pub fn run(root: &Path, args: &[String]) -> ExitCode {
    let mut strict = false;
    let mut dirs: Vec<String> = Vec::new();
    for arg in args {
        match arg.as_str() {
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            "--strict" => strict = true,
            other if other.starts_with('-') => {
                eprintln!("error: unknown option `{other}`\n{USAGE}");
                return ExitCode::from(2);
            }
            dir => dirs.push(dir.to_owned()),
        }
    }
    if dirs.is_empty() {
        dirs = LIBRARY_DIRS.iter().map(|d| (*d).to_owned()).collect();
    }
    match check(root, &dirs, strict) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Scans `dirs` (relative to `root`), prints every block and oversized file; `Ok(true)` when
/// nothing fails the check.
pub fn check(root: &Path, dirs: &[String], strict: bool) -> Result<bool, String> {
    let mut files = Vec::new();
    for dir in dirs {
        let mut paths = Vec::new();
        collect_rs(&root.join(dir), &mut paths)?;
        paths.sort();
        for path in paths {
            let text = fs::read_to_string(&path)
                .map_err(|e| format!("reading {}: {e}", path.display()))?;
            files.push(File {
                path: path.strip_prefix(root).unwrap_or(&path).to_path_buf(),
                package: dir.clone(),
                lines: significant_lines(&text),
            });
        }
    }
    let blocks = find_blocks(&files);
    let mut failures = 0usize;
    let (mut across, mut within) = (0usize, 0usize);
    for block in &blocks {
        let (fa, fb) = (&files[block.a.0], &files[block.b.0]);
        let crosses = fa.package != fb.package;
        if crosses {
            across += 1;
        } else {
            within += 1;
        }
        if crosses || strict {
            failures += 1;
        }
        println!(
            "{} {} lines: {}:{} and {}:{}",
            if crosses { "ACROSS" } else { "within" },
            block.len,
            fa.path.display(),
            span(fa, block.a.1, block.len),
            fb.path.display(),
            span(fb, block.b.1, block.len),
        );
    }
    let mut oversized = 0usize;
    for dir in dirs.iter().filter(|d| LIBRARY_DIRS.contains(&d.as_str())) {
        let mut paths = Vec::new();
        collect_rs(&root.join(dir).join("src"), &mut paths)?;
        for path in paths {
            let text = fs::read_to_string(&path)
                .map_err(|e| format!("reading {}: {e}", path.display()))?;
            let count = text.lines().count();
            if count > MAX_LIBRARY_FILE_LINES {
                oversized += 1;
                println!(
                    "OVERSIZED {}: {count} lines (at most {MAX_LIBRARY_FILE_LINES})",
                    path.strip_prefix(root).unwrap_or(&path).display()
                );
            }
        }
    }
    failures += oversized;
    println!(
        "duplicates: {} files, {across} block(s) across packages, {within} inside one package, \
         {oversized} library file(s) over {MAX_LIBRARY_FILE_LINES} lines",
        files.len()
    );
    Ok(failures == 0)
}

/// `first-last` source line numbers of a block.
fn span(file: &File, start: usize, len: usize) -> String {
    let first = file.lines.get(start).map_or(0, |l| l.number);
    let last = file.lines.get(start + len - 1).map_or(first, |l| l.number);
    format!("{first}-{last}")
}

/// Every `.rs` file under `dir`, `target` directories left out.
fn collect_rs(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    if !dir.is_dir() {
        return Ok(());
    }
    let entries = fs::read_dir(dir).map_err(|e| format!("reading {}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry
            .map_err(|e| format!("reading {}: {e}", dir.display()))?
            .path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "target") {
                collect_rs(&path, out)?;
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    Ok(())
}

/// The significant lines of a source text, with their shapes (see the module docs).
fn significant_lines(text: &str) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut in_block_comment = false;
    for (i, raw) in text.lines().enumerate() {
        let mut line = raw.trim();
        if in_block_comment {
            match line.find("*/") {
                Some(end) => {
                    in_block_comment = false;
                    line = line[end + 2..].trim();
                }
                None => continue,
            }
        }
        if line.starts_with("/*") && !line.contains("*/") {
            in_block_comment = true;
            continue;
        }
        let shape = shape(line);
        if !is_code(&shape) {
            continue;
        }
        lines.push(Line {
            number: i + 1,
            shape,
        });
    }
    lines
}

/// Whether a shape says something of its own: a name outside literals. Lines of brackets alone
/// and rows of data (`("utf-16", "UTF-8"),`, `'\u{A0}',`) are not code: two tables of test
/// inputs share their shape without sharing anything.
fn is_code(shape: &str) -> bool {
    // Literal placeholders hold no letter; a byte or raw string's prefix is part of the literal.
    let stripped = ["b\"…\"", "b'…'", "r\"…\"", "br\"…\"", "c\"…\""]
        .iter()
        .fold(shape.to_owned(), |s, prefixed| s.replace(prefixed, ""));
    stripped.chars().any(|c| c.is_alphabetic() || c == '_')
}

/// A line's shape: comment removed, literals replaced, whitespace runs made one space.
fn shape(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars().peekable();
    let mut last_space = false;
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => break,
            '"' => {
                // A string literal (raw strings' hashes are not followed: rare in code shapes).
                let mut escaped = false;
                for d in chars.by_ref() {
                    if escaped {
                        escaped = false;
                    } else if d == '\\' {
                        escaped = true;
                    } else if d == '"' {
                        break;
                    }
                }
                out.push_str("\"…\"");
                last_space = false;
            }
            '\'' => {
                // A char literal ('x', '\n', '\u{..}') or a lifetime ('a): a literal ends with a
                // quote within a few characters.
                let rest: String = chars.clone().take(12).collect();
                match literal_char_len(&rest) {
                    Some(n) => {
                        for _ in 0..n {
                            chars.next();
                        }
                        out.push_str("'…'");
                    }
                    None => out.push('\''),
                }
                last_space = false;
            }
            c if c.is_ascii_digit()
                && !out
                    .chars()
                    .last()
                    .is_some_and(|p| p.is_alphanumeric() || p == '_') =>
            {
                while chars
                    .peek()
                    .is_some_and(|d| d.is_ascii_alphanumeric() || *d == '_' || *d == '.')
                {
                    // `0..n` is a range, not a number: stop before the second dot.
                    if *chars.peek().unwrap_or(&' ') == '.' {
                        let mut ahead = chars.clone();
                        ahead.next();
                        if !ahead.peek().is_some_and(|d| d.is_ascii_digit()) {
                            break;
                        }
                    }
                    chars.next();
                }
                out.push('0');
                last_space = false;
            }
            c if c.is_whitespace() => {
                if !last_space && !out.is_empty() {
                    out.push(' ');
                }
                last_space = true;
            }
            c => {
                out.push(c);
                last_space = false;
            }
        }
    }
    out.trim_end().to_owned()
}

/// The length (after the opening quote) of a char literal at the start of `rest`, or `None` for
/// a lifetime.
fn literal_char_len(rest: &str) -> Option<usize> {
    let mut chars = rest.chars();
    let first = chars.next()?;
    if first == '\\' {
        let end = rest.char_indices().skip(2).find(|&(_, c)| c == '\'')?.0;
        return Some(rest[..=end].chars().count());
    }
    (chars.next()? == '\'').then_some(2)
}

/// Every maximal block of [`MIN_LINES`] or more significant lines found at two places, each
/// pair of places once. Windows of [`MIN_LINES`] lines are hashed by shape; matching windows
/// that continue each other are merged into one block.
fn find_blocks(files: &[File]) -> Vec<Block> {
    let mut by_shape: HashMap<Vec<&str>, Vec<(usize, usize)>> = HashMap::new();
    for (f, file) in files.iter().enumerate() {
        for start in 0..file.lines.len().saturating_sub(MIN_LINES - 1) {
            let key: Vec<&str> = file.lines[start..start + MIN_LINES]
                .iter()
                .map(|l| l.shape.as_str())
                .collect();
            by_shape.entry(key).or_default().push((f, start));
        }
    }
    let mut pairs: Vec<((usize, usize), (usize, usize))> = Vec::new();
    for places in by_shape.values() {
        // A shape seen many times (a macro-like table row) is listed pairwise only for its
        // first occurrences: enough to point at it.
        let places = &places[..places.len().min(8)];
        for (i, &a) in places.iter().enumerate() {
            for &b in &places[i + 1..] {
                // Overlapping windows of one file (a repeated line) are not a copy.
                if a.0 == b.0 && b.1 < a.1 + MIN_LINES {
                    continue;
                }
                pairs.push((a, b));
            }
        }
    }
    pairs.sort_unstable();
    let mut blocks: Vec<Block> = Vec::new();
    for (a, b) in pairs {
        if let Some(last) = blocks.last_mut()
            && last.a.0 == a.0
            && last.b.0 == b.0
            && last.a.1 + last.len - MIN_LINES + 1 == a.1
            && last.b.1 + last.len - MIN_LINES + 1 == b.1
        {
            last.len += 1;
            continue;
        }
        blocks.push(Block {
            a,
            b,
            len: MIN_LINES,
        });
    }
    blocks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_ignore_literals_comments_and_spacing() {
        assert_eq!(
            shape(r#"let x = f("a\"b", 42, 'c');  // note"#),
            r#"let x = f("…", 0, '…');"#
        );
        assert_eq!(shape("for i in 0..n {"), "for i in 0..n {");
        assert_eq!(
            shape("fn f<'a>(x: &'a str) -> u8 { b'\\n' }"),
            "fn f<'a>(x: &'a str) -> u8 { b'…' }"
        );
        assert_eq!(shape("x1 + 0x1F"), "x1 + 0");
    }

    fn file(text: &str, package: &str) -> File {
        File {
            path: PathBuf::from(package),
            package: package.to_owned(),
            lines: significant_lines(text),
        }
    }

    #[test]
    fn finds_a_block_across_files_and_merges_its_windows() {
        let body = "let a = 1;\nlet b = 2;\n}\nlet c = a + b;\n// comment\nprint(c);\nreturn c;\nfoo();\nbar();\n";
        let files = [
            file(&format!("fn one() {{\n{body}}}\n"), "p"),
            file(&format!("fn two() {{\n{}}}\n", body.replace('2', "7")), "q"),
        ];
        let blocks = find_blocks(&files);
        assert_eq!(blocks.len(), 1);
        assert_eq!(blocks[0].len, 7);
        assert_eq!(span(&files[0], blocks[0].a.1, blocks[0].len), "2-10");
    }

    #[test]
    fn data_rows_and_brackets_are_not_code() {
        assert!(!is_code(&shape("(\"utf-16\", \"UTF-8\"),")));
        assert!(!is_code(&shape("'\\u{A0}',")));
        assert!(!is_code("});"));
        assert!(is_code(&shape("Some(\"x\"),")));
    }

    #[test]
    fn short_or_bracket_only_repeats_are_not_blocks() {
        let text = "a();\n}\n}\n}\n}\n}\n}\nb();\n";
        let files = [file(text, "p"), file(text, "q")];
        assert!(find_blocks(&files).is_empty());
    }
}
