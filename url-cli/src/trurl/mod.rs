//! trurl mode (`wurl --trurl …`, or the binary run through a link named `trurl`): trurl's
//! command line, output, messages and exit codes around the URL Standard's parser and setters.
//! What a URL is and how it is written stays the standard's; what trurl chose for its
//! interface (guessing schemes, its component names, printing components decoded, its JSON,
//! its query editing) is trurl's.

mod args;
mod get;
mod pairs;
mod report;
mod run;

use std::ffi::OsStr;
use std::path::Path;
use std::process::ExitCode;

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
        Err(fatal) => fatal.report(),
    }
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
