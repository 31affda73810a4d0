//! What trurl mode says besides its output: its errors (which end the run with trurl's exit
//! code), its notes, its help and its version.

use std::cell::{Cell, RefCell};
use std::io::{self, Write};
use std::process::ExitCode;

thread_local! {
    /// Output not written yet: stdout is written in blocks, and before anything goes to
    /// stderr, so that a note follows the lines printed before it, as trurl's do.
    static PENDING: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// Each [`print()`] is written at once (to a terminal, or when reading stdin, which may
    /// be a stream: `tail -f log | trurl -f -`).
    static AT_ONCE: Cell<bool> = const { Cell::new(false) };
}

/// Whether each [`print()`] is written at once.
pub fn write_at_once(at_once: bool) {
    AT_ONCE.set(at_once);
}

/// The size the output is written at.
const BLOCK: usize = 64 * 1024;

/// Prints `text` on stdout (written once a block is full, or at [`flush`]).
pub fn print(text: &str) -> io::Result<()> {
    let full = PENDING.with_borrow_mut(|pending| {
        pending.extend_from_slice(text.as_bytes());
        pending.len() >= BLOCK || AT_ONCE.get()
    });
    if full { flush() } else { Ok(()) }
}

/// Writes what [`print()`] holds.
pub fn flush() -> io::Result<()> {
    PENDING.with_borrow_mut(|pending| {
        let mut out = io::stdout().lock();
        let written = out.write_all(pending).and_then(|()| out.flush());
        pending.clear();
        written
    })
}

/// An error that ends the run: trurl's exit code and message.
#[derive(Debug)]
pub struct Fatal {
    code: u8,
    message: String,
}

impl Fatal {
    /// trurl's exit `code`, with `message` on stderr (none when it is empty).
    pub fn usage(code: u8, message: impl Into<String>) -> Fatal {
        Fatal {
            code,
            message: message.into(),
        }
    }

    /// Prints the message as trurl does; the exit code.
    pub fn report(&self) -> ExitCode {
        let _ = flush();
        if !self.message.is_empty() {
            eprint!(
                "trurl error: {}\ntrurl error: Try trurl -h for help\n",
                self.message
            );
        }
        ExitCode::from(self.code)
    }
}

/// A note on stderr, as trurl writes one.
pub fn note(message: &str) {
    let _ = flush();
    eprintln!("trurl note: {message}");
}

pub const HELP: &str = "\
Usage: trurl [options] [URL]   (wurl in trurl mode: the URL Standard's parser)
  -a, --append [component]=[data]  - append data to component (path, query)
      --accept-space               - accepted (spaces are encoded as the standard says)
      --as-idn                     - hostnames in Unicode
      --curl                       - refused: the URL Standard parses every scheme
      --default-port               - add the scheme's default port
  -f, --url-file [file/-]          - read URLs from file or stdin
  -g, --get [{component}s]         - output component(s)
  -h, --help                       - this help
      --iterate [component]=[list] - create multiple URL outputs
      --json                       - output URLs as a JSON array
      --keep-port                  - accepted (the standard keeps no default port)
      --no-guess-scheme            - require a scheme in URLs
      --punycode                   - hostnames in punycode
      --qtrim [what]               - trim the query
      --query-separator [letter]   - if something else than '&'
      --quiet                      - suppress (some) notes
      --redirect [URL]             - redirect to this
      --replace [data]             - replace a query pair
      --replace-append [data]      - replace a query pair, or append it
  -s, --set [component]=[data]     - set component content (:= already encoded,
                                     ?= only when unset)
      --sort-query                 - sort the query pairs
      --url [URL]                  - URL to work with
      --urlencode                  - show components URL-encoded
  -v, --version                    - show version
      --verify                     - return error on (first) bad URL
 URL COMPONENTS:
  url, scheme, user, password, options, host, port, path, query, fragment, zoneid
";

/// trurl's version lines: the second names the features its test suite asks about.
pub fn version() -> String {
    format!(
        "trurl version {} (wurl in trurl mode, the WHATWG URL Standard)\n\
         features: get-empty no-guess-scheme normalize-ipv4 punycode punycode2idn url-strerror white-space\n",
        env!("CARGO_PKG_VERSION")
    )
}
