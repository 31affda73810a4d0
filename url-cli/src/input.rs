//! Lines of input, streamed: files (or `-`) in order, else stdin. Memory holds one line at a
//! time, whatever the file's size.

use std::fs::File;
use std::io::{self, BufRead, BufReader};

/// One line of input.
pub enum Line {
    /// A line of text without its line ending.
    Text(String),
    /// A line that is not UTF-8.
    NotUtf8 {
        /// 1-based line number in its source.
        number: usize,
        /// The file name, or `stdin`.
        source: String,
        /// Where the first invalid byte is.
        valid_up_to: usize,
    },
}

/// Calls `handle` for each non-blank line of each of `files` (`-`: stdin), or of stdin when
/// `files` is empty. A UTF-8 byte-order mark at the start of a source, the line ending (LF or
/// CRLF) and blank lines are dropped.
pub fn each_line(
    files: &[String],
    handle: &mut dyn FnMut(Line) -> io::Result<()>,
) -> io::Result<()> {
    if files.is_empty() {
        return each_line_of(io::stdin().lock(), "stdin", handle);
    }
    for name in files {
        if name == "-" {
            each_line_of(io::stdin().lock(), "stdin", handle)?;
        } else {
            let file =
                File::open(name).map_err(|e| io::Error::new(e.kind(), format!("{name}: {e}")))?;
            each_line_of(BufReader::with_capacity(1 << 16, file), name, handle)?;
        }
    }
    Ok(())
}

fn each_line_of(
    mut reader: impl BufRead,
    source: &str,
    handle: &mut dyn FnMut(Line) -> io::Result<()>,
) -> io::Result<()> {
    let mut buf = Vec::new();
    let mut number = 0;
    loop {
        buf.clear();
        if reader.read_until(b'\n', &mut buf)? == 0 {
            return Ok(());
        }
        number += 1;
        let mut bytes = buf.as_slice();
        if number == 1 {
            bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        }
        bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
        bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        if bytes.is_empty() {
            continue;
        }
        let line = match std::str::from_utf8(bytes) {
            Ok(text) => Line::Text(text.to_owned()),
            Err(e) => Line::NotUtf8 {
                number,
                source: source.to_owned(),
                valid_up_to: e.valid_up_to(),
            },
        };
        handle(line)?;
    }
}
