//! Input, streamed in blocks of whole lines: files (or `-`) in order, else stdin. A block is
//! about [`BLOCK`] bytes cut at a line end, so memory holds a few blocks whatever the input's
//! size, and workers can split and parse blocks in parallel.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};

use crate::buffers;

/// The size a block is read to before it is extended to the end of its last line.
pub const BLOCK: usize = 256 * 1024;

/// One line of input.
pub enum Line<'a> {
    /// A line of text without its line ending.
    Text(&'a str),
    /// A line that is not UTF-8.
    NotUtf8 {
        /// 1-based line number in its source.
        number: usize,
        /// The file name, or `stdin`.
        source: &'a str,
        /// Where the first invalid byte is.
        valid_up_to: usize,
    },
}

/// Whole lines of one source.
pub struct Block {
    /// The file name, or `stdin`.
    pub source: String,
    /// The number of the block's first line in its source.
    pub first_line: usize,
    /// Whether the block starts its source (where a byte-order mark may be).
    pub starts_source: bool,
    /// The lines, with their line endings.
    pub bytes: Vec<u8>,
}

impl Block {
    /// Calls `each` for every non-blank line (line ending, and a byte-order mark at the start
    /// of a source, removed); a line of spaces and tabs only is blank.
    pub fn lines(&self, mut each: impl FnMut(Line<'_>)) {
        let mut bytes = self.bytes.as_slice();
        if self.starts_source {
            bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        }
        for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            // A blank line: empty, or spaces and tabs (looked at only when it starts with one).
            if matches!(line.first(), None | Some(b' ' | b'\t'))
                && line.iter().all(|&b| b == b' ' || b == b'\t')
            {
                continue;
            }
            each(match std::str::from_utf8(line) {
                Ok(text) => Line::Text(text),
                Err(e) => Line::NotUtf8 {
                    number: self.first_line + i,
                    source: &self.source,
                    valid_up_to: e.valid_up_to(),
                },
            });
        }
    }
}

/// Calls `handle` with the blocks of each of `files` (`-`: stdin), or of stdin when `files` is
/// empty.
pub fn each_block(
    files: &[String],
    handle: &mut dyn FnMut(Block) -> io::Result<()>,
) -> io::Result<()> {
    if files.is_empty() {
        return blocks_of(io::stdin().lock(), "stdin", handle);
    }
    for name in files {
        if name == "-" {
            blocks_of(io::stdin().lock(), "stdin", handle)?;
        } else {
            let file =
                File::open(name).map_err(|e| io::Error::new(e.kind(), format!("{name}: {e}")))?;
            blocks_of(BufReader::with_capacity(1 << 16, file), name, handle)?;
        }
    }
    Ok(())
}

fn blocks_of(
    mut reader: impl BufRead,
    source: &str,
    handle: &mut dyn FnMut(Block) -> io::Result<()>,
) -> io::Result<()> {
    let mut first_line = 1;
    let mut starts_source = true;
    loop {
        let mut bytes = buffers::take(BLOCK + 1024);
        (&mut reader).take(BLOCK as u64).read_to_end(&mut bytes)?;
        if bytes.is_empty() {
            return Ok(());
        }
        if bytes.last() != Some(&b'\n') {
            // The rest of the last line, however long.
            reader.read_until(b'\n', &mut bytes)?;
        }
        let lines = bytes.iter().filter(|&&b| b == b'\n').count();
        let block = Block {
            source: source.to_owned(),
            first_line,
            starts_source,
            bytes,
        };
        handle(block)?;
        first_line += lines;
        starts_source = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collect(block: &Block) -> Vec<String> {
        let mut out = Vec::new();
        block.lines(|line| {
            out.push(match line {
                Line::Text(t) => t.to_owned(),
                Line::NotUtf8 { number, .. } => format!("bad {number}"),
            })
        });
        out
    }

    #[test]
    fn blocks_end_at_line_ends_and_number_lines() {
        let mut input = Vec::new();
        for i in 0..100_000 {
            input.extend_from_slice(format!("https://h/{i}\r\n").as_bytes());
        }
        input.extend_from_slice(b"\xff\nlast");
        let mut blocks = Vec::new();
        blocks_of(io::Cursor::new(input), "t", &mut |b| {
            blocks.push(b);
            Ok(())
        })
        .unwrap();
        assert!(blocks.len() > 1);
        let lines: Vec<String> = blocks.iter().flat_map(collect).collect();
        assert_eq!(lines.len(), 100_002);
        assert_eq!(lines[12_345], "https://h/12345");
        assert_eq!(lines[100_000], "bad 100001");
        assert_eq!(lines[100_001], "last");
    }

    #[test]
    fn byte_order_mark_only_at_the_start() {
        let block = Block {
            source: "t".into(),
            first_line: 1,
            starts_source: true,
            bytes: b"\xEF\xBB\xBFa\n\n\xEF\xBB\xBFb\n \t \r\n\t\n".to_vec(),
        };
        assert_eq!(collect(&block), ["a", "\u{feff}b"]);
    }
}
