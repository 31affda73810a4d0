//! The fenced code blocks of a Markdown page, and what each kind of block must be: a doctest,
//! a `wurl` session, a copy of a Python block that the wheel test runs, or text.

/// A fenced code block: its info string split into language and attributes, its first line
/// number (1-based, the fence's), and its lines.
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    pub lang: String,
    pub attrs: Vec<String>,
    pub line: usize,
    pub lines: Vec<String>,
}

/// Every fenced block of `text` (backtick or tilde fences, indented or not, as CommonMark reads
/// them: a closing fence has the same character, at least as many, and nothing after it).
pub fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<(char, usize, Block)> = None;
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim_start();
        let fence = fence_of(line);
        match &mut open {
            Some((c, len, block)) => {
                if let Some((fc, flen, rest)) = fence
                    && fc == *c
                    && flen >= *len
                    && rest.trim().is_empty()
                {
                    out.push(block.clone());
                    open = None;
                } else {
                    block.lines.push(raw.to_owned());
                }
            }
            None => {
                if let Some((c, len, info)) = fence {
                    let mut parts = info.trim().split([',', ' ']).filter(|p| !p.is_empty());
                    let lang = parts.next().unwrap_or_default().to_owned();
                    let attrs = parts.map(str::to_owned).collect();
                    open = Some((
                        c,
                        len,
                        Block {
                            lang,
                            attrs,
                            line: n + 1,
                            lines: Vec::new(),
                        },
                    ));
                }
            }
        }
    }
    out
}

/// `(fence character, its length, the info string)` when `line` opens or closes a fence.
fn fence_of(line: &str) -> Option<(char, usize, &str)> {
    let c = line.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let len = line.chars().take_while(|x| *x == c).count();
    if len < 3 {
        return None;
    }
    let rest = &line[len..];
    // A backtick fence's info string holds no backtick (else it is inline code).
    if c == '`' && rest.contains('`') {
        return None;
    }
    Some((c, len, rest))
}

/// Languages of blocks that hold no example to run: shown as they are.
pub const TEXT_LANGS: [&str; 5] = ["text", "toml", "json", "diff", "yaml"];

/// The marker of a shell block not run, followed by why (```` ```sh not-run: needs network ````):
/// commands that take minutes, need another machine, or act on the reader's own project.
pub const SH_NOT_RUN: &str = "not-run:";

/// rustdoc attributes that say on purpose that a Rust block is not run.
pub const NOT_RUN: [&str; 3] = ["ignore", "no_run", "compile_fail"];

/// What a block is, for the checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A Rust block that must run as a doctest.
    Doctest,
    /// A Rust block marked as not run (`ignore`, `no_run`, `compile_fail`), or a shell block
    /// that says why it is not run (`sh not-run: REASON`).
    MarkedNotRun,
    /// A shell session (`$ command`, then its output) to run.
    Session,
    /// Python, run by the wheel test.
    Python,
    /// Text, configuration or commands without output.
    Text,
}

/// The kind of `block`, or why it is refused.
pub fn kind(block: &Block) -> Result<Kind, String> {
    match block.lang.as_str() {
        "" => Err(
            "a block without a language (rustdoc runs it as Rust): write ```rust, ```text, ```console, …"
                .to_owned(),
        ),
        "rust" if block.attrs.iter().any(|a| NOT_RUN.contains(&a.as_str())) => {
            Ok(Kind::MarkedNotRun)
        }
        "rust" => Ok(Kind::Doctest),
        "console" => Ok(Kind::Session),
        "python" => Ok(Kind::Python),
        "sh" if block.lines.iter().any(|l| l.starts_with("$ ")) => Err(
            "a ```sh block with `$ ` prompts: a session that shows output is ```console, and runs"
                .to_owned(),
        ),
        "sh" if block.attrs.first().map(String::as_str) == Some(SH_NOT_RUN)
            && block.attrs.len() > 1 =>
        {
            Ok(Kind::MarkedNotRun)
        }
        "sh" => Err(format!(
            "a ```sh block runs nowhere: show it as a ```console session (which runs), or say why \
             it is not run: ```sh {SH_NOT_RUN} REASON"
        )),
        lang if TEXT_LANGS.contains(&lang) => Ok(Kind::Text),
        other => Err(format!(
            "a block in `{other}`: the checks know rust, console, python, sh and {}",
            TEXT_LANGS.join(", ")
        )),
    }
}

/// Whether `lines` start the block `of` (consecutive lines from its first one, trailing spaces
/// aside).
pub fn starts(lines: &[String], of: &[String]) -> bool {
    let trimmed = |l: &String| l.trim_end().to_owned();
    let mut lines: Vec<String> = lines.iter().map(trimmed).collect();
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    !lines.is_empty()
        && lines.len() <= of.len()
        && lines
            .iter()
            .zip(of.iter().map(trimmed))
            .all(|(a, b)| *a == b)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "\
# Title

```rust
let x = 1;
```

- a list item:
  ```console
  $ wurl a
  b
  ```

````text
```rust
not a block of its own
```
````

```
bare
```

Inline ```rust``` is not a fence.
~~~python,foo
x = 1
~~~
";

    #[test]
    fn reads_fences_as_commonmark_does() {
        let found = blocks(PAGE);
        let langs: Vec<&str> = found.iter().map(|b| b.lang.as_str()).collect();
        assert_eq!(langs, ["rust", "console", "text", "", "python"]);
        assert_eq!(found[0].line, 3);
        assert_eq!(found[0].lines, ["let x = 1;"]);
        assert_eq!(found[1].lines, ["  $ wurl a", "  b"]);
        assert_eq!(found[2].lines.len(), 3);
        assert_eq!(found[4].attrs, ["foo"]);
    }

    #[test]
    fn kinds_and_refusals() {
        let block = |lang: &str, attrs: &[&str], lines: &[&str]| Block {
            lang: lang.into(),
            attrs: attrs.iter().map(|a| a.to_string()).collect(),
            line: 1,
            lines: lines.iter().map(|l| l.to_string()).collect(),
        };
        assert_eq!(kind(&block("rust", &[], &[])), Ok(Kind::Doctest));
        assert_eq!(
            kind(&block("rust", &["no_run"], &[])),
            Ok(Kind::MarkedNotRun)
        );
        assert_eq!(
            kind(&block("rust", &["should_panic"], &[])),
            Ok(Kind::Doctest)
        );
        assert_eq!(kind(&block("console", &[], &[])), Ok(Kind::Session));
        assert_eq!(kind(&block("toml", &[], &[])), Ok(Kind::Text));
        // A shell block runs, or says why it does not.
        assert!(kind(&block("sh", &[], &["cargo x"])).is_err());
        assert!(kind(&block("sh", &["not-run:"], &["cargo x"])).is_err());
        assert_eq!(
            kind(&block(
                "sh",
                &["not-run:", "needs", "network"],
                &["cargo x"]
            )),
            Ok(Kind::MarkedNotRun)
        );
        assert!(kind(&block("sh", &[], &["$ wurl x", "y"])).is_err());
        assert!(kind(&block("", &[], &[])).is_err());
        assert!(kind(&block("cobol", &[], &[])).is_err());
    }

    #[test]
    fn a_block_starts_another() {
        let of: Vec<String> = ["a", "b  ", "c"].map(String::from).to_vec();
        assert!(starts(&["a".into(), "b".into(), "".into()], &of));
        assert!(!starts(&["b".into()], &of));
        assert!(!starts(&[], &of));
    }
}
