//! trurl mode (`wurl --trurl …`, or the binary run through a link named `trurl`): trurl's
//! command line, output, messages and exit codes around the URL Standard's parser and setters.
//! What a URL is and how it is written stays the standard's; what trurl chose for its
//! interface (guessing schemes, its component names, printing components decoded, its JSON,
//! its query editing) is trurl's.

mod args;
mod get;
mod pairs;
mod run;

use std::ffi::OsStr;
use std::path::Path;
use std::process::ExitCode;

/// An error that ends the run: trurl's exit code and message.
#[derive(Debug)]
pub struct Fatal {
    code: u8,
    message: String,
}

impl Fatal {
    fn usage(code: u8, message: impl Into<String>) -> Fatal {
        Fatal {
            code,
            message: message.into(),
        }
    }
}

/// The arguments after the program's name when they ask for trurl mode: the program is named
/// `trurl`, or `--trurl` comes before any `--`.
pub fn requested(args: &[String]) -> Option<Vec<String>> {
    let program = args.first().map(Path::new);
    let by_name = program
        .and_then(Path::file_stem)
        .is_some_and(|stem| stem == OsStr::new("trurl"));
    let rest = args.get(1..).unwrap_or_default();
    if by_name {
        return Some(rest.to_vec());
    }
    let mut options = rest.iter().take_while(|a| *a != "--");
    let at = options.position(|a| a == "--trurl")?;
    let mut rest = rest.to_vec();
    rest.remove(at);
    Some(rest)
}

/// Runs trurl mode over `args` (the program's name left out).
pub fn main(args: &[String]) -> ExitCode {
    match run::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(fatal) if fatal.message.is_empty() => ExitCode::from(fatal.code),
        Err(fatal) => {
            eprint!(
                "trurl error: {}\ntrurl error: Try trurl -h for help\n",
                fatal.message
            );
            ExitCode::from(fatal.code)
        }
    }
}

/// A note on stderr, as trurl writes one.
fn note(message: &str) {
    eprintln!("trurl note: {message}");
}

const HELP: &str = "\
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
fn version() -> String {
    format!(
        "trurl version {} (wurl in trurl mode, the WHATWG URL Standard)\n\
         features: get-empty no-guess-scheme normalize-ipv4 punycode punycode2idn url-strerror white-space\n",
        env!("CARGO_PKG_VERSION")
    )
}

#[cfg(test)]
mod tests {
    use super::requested;

    #[test]
    fn mode_by_name_or_option() {
        let args = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            requested(&args(&["/usr/bin/trurl", "-g", "{host}"])),
            Some(args(&["-g", "{host}"]))
        );
        assert_eq!(
            requested(&args(&["wurl", "x", "--trurl", "y"])),
            Some(args(&["x", "y"]))
        );
        assert_eq!(requested(&args(&["wurl", "--", "--trurl"])), None);
        assert_eq!(requested(&args(&["wurl", "x"])), None);
    }
}
