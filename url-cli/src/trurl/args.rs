//! trurl's command line, read as trurl reads it: options and URLs in any order, `--` ending
//! the options, a value after the option or attached (`-g{path}`, `--set=host=h`), and trurl's
//! usage errors with its exit codes.

use super::report::Fatal;

/// trurl's exit codes for usage errors.
pub const EXIT_FILE: u8 = 1;
pub const EXIT_APPEND: u8 = 2;
pub const EXIT_ARG: u8 = 3;
pub const EXIT_FLAG: u8 = 4;
pub const EXIT_TRIM: u8 = 8;
pub const EXIT_REPLACE: u8 = 12;

/// What a trurl command line asks for.
#[derive(Debug, Default)]
pub struct Options {
    /// URL arguments and `--url` values, in order.
    pub urls: Vec<String>,
    /// `-f`, `--url-file` (`-` for stdin): read instead of the URLs.
    pub file: Option<String>,
    /// `--append path=…`: segments.
    pub append_paths: Vec<String>,
    /// `--append query=…`: pairs as given.
    pub append_queries: Vec<String>,
    pub sets: Vec<String>,
    pub iterates: Vec<String>,
    /// `--qtrim` and `--trim query=…`: patterns.
    pub trims: Vec<String>,
    /// `--replace` / `--replace-append` data, as given.
    pub replaces: Vec<String>,
    /// `--replace-append` (or `--force-replace`) was given: every replacement appends.
    pub replace_append: bool,
    pub redirect: Option<String>,
    pub separator: Option<char>,
    pub get: Option<String>,
    pub json: bool,
    pub verify: bool,
    pub curl: bool,
    pub default_port: bool,
    pub punycode: bool,
    pub as_idn: bool,
    pub no_guess_scheme: bool,
    pub sort_query: bool,
    pub urlencode: bool,
    pub quiet: bool,
}

/// The command line: options to run, or help or the version to print.
pub enum Parsed {
    Run(Box<Options>),
    Help,
    Version,
}

/// The options that take a value, attached or as the next argument: (name, short name).
/// `--replace` and `--replace-append` take the next argument only.
const WITH_VALUE: [(&str, Option<&str>); 10] = [
    ("--url", None),
    ("--url-file", Some("-f")),
    ("--append", Some("-a")),
    ("--set", Some("-s")),
    ("--iterate", None),
    ("--redirect", None),
    ("--query-separator", None),
    ("--trim", None),
    ("--qtrim", None),
    ("--get", Some("-g")),
];

/// Reads `args` (without the program's name).
pub fn parse(args: &[String]) -> Result<Parsed, Fatal> {
    let mut o = Options::default();
    let mut args = args.iter();
    let mut end_of_options = false;
    while let Some(arg) = args.next() {
        if end_of_options || !arg.starts_with('-') {
            o.urls.push(arg.clone());
            continue;
        }
        match arg.as_str() {
            "--" => end_of_options = true,
            "-v" | "--version" => return Ok(Parsed::Version),
            "-h" | "--help" => return Ok(Parsed::Help),
            "--json" => {
                if o.get.is_some() {
                    return Err(Fatal::usage(
                        EXIT_FLAG,
                        "--json is mutually exclusive with --get",
                    ));
                }
                o.json = true;
            }
            "--verify" => o.verify = true,
            "--accept-space" | "--keep-port" => {}
            "--curl" => o.curl = true,
            "--default-port" => o.default_port = true,
            "--punycode" | "--as-idn" => {
                let (this, other) = if arg == "--punycode" {
                    (&mut o.punycode, o.as_idn)
                } else {
                    (&mut o.as_idn, o.punycode)
                };
                if other {
                    return Err(Fatal::usage(
                        EXIT_FLAG,
                        "--punycode is mutually exclusive with --as-idn",
                    ));
                }
                *this = true;
            }
            "--no-guess-scheme" => o.no_guess_scheme = true,
            "--sort-query" => o.sort_query = true,
            "--urlencode" => o.urlencode = true,
            "--quiet" => o.quiet = true,
            "--replace" | "--replace-append" | "--force-replace" => {
                let Some(data) = args.next() else {
                    return Err(Fatal::usage(
                        EXIT_REPLACE,
                        "No data passed to replace component",
                    ));
                };
                o.replaces.push(data.clone());
                o.replace_append |= arg != "--replace";
            }
            _ => {
                let Some((name, attached)) = with_value(arg) else {
                    let shown = if arg.starts_with("--") {
                        arg.split('=').next().unwrap_or(arg)
                    } else {
                        arg.get(..2).unwrap_or(arg)
                    };
                    return Err(Fatal::usage(EXIT_FLAG, format!("unknown option: {shown}")));
                };
                let value = match attached {
                    Some(value) => value.to_owned(),
                    None => args.next().cloned().ok_or_else(|| {
                        let given = if arg.starts_with("--") {
                            name
                        } else {
                            &arg[..2]
                        };
                        Fatal::usage(EXIT_ARG, format!("Missing argument for {given}"))
                    })?,
                };
                take(&mut o, name, value)?;
            }
        }
    }
    Ok(Parsed::Run(Box::new(o)))
}

/// The option `arg` names that takes a value, and the value when it is attached.
fn with_value(arg: &str) -> Option<(&'static str, Option<&str>)> {
    for (long, short) in WITH_VALUE {
        if let Some(rest) = arg.strip_prefix(long) {
            match rest.strip_prefix('=') {
                Some(value) => return Some((long, Some(value))),
                None if rest.is_empty() => return Some((long, None)),
                None => {}
            }
        }
        if let Some(short) = short
            && let Some(rest) = arg.strip_prefix(short)
        {
            return Some((long, (!rest.is_empty()).then_some(rest)));
        }
    }
    None
}

/// Stores the `value` of the option `name`.
fn take(o: &mut Options, name: &str, value: String) -> Result<(), Fatal> {
    match name {
        "--url" => o.urls.push(value),
        "--url-file" => {
            if o.file.is_some() {
                return Err(Fatal::usage(EXIT_FLAG, "only one --url-file is supported"));
            }
            if value != "-" && std::fs::metadata(&value).is_err() {
                return Err(Fatal::usage(
                    EXIT_FILE,
                    format!("--url-file {value} not found"),
                ));
            }
            o.file = Some(value);
        }
        "--append" => {
            if let Some(segment) = value.strip_prefix("path=") {
                o.append_paths.push(segment.to_owned());
            } else if let Some(pair) = value.strip_prefix("query=") {
                o.append_queries.push(pair.to_owned());
            } else {
                return Err(Fatal::usage(
                    EXIT_APPEND,
                    format!("--append unsupported component: {value}"),
                ));
            }
        }
        "--set" => o.sets.push(value),
        "--iterate" => o.iterates.push(value),
        "--redirect" => {
            if o.redirect.is_some() {
                return Err(Fatal::usage(EXIT_FLAG, "only one --redirect is supported"));
            }
            o.redirect = Some(value);
        }
        "--query-separator" => {
            if o.separator.is_some() {
                return Err(Fatal::usage(
                    EXIT_FLAG,
                    "only one --query-separator is supported",
                ));
            }
            if value.len() != 1 {
                return Err(Fatal::usage(
                    EXIT_FLAG,
                    "only single-letter query separators are supported",
                ));
            }
            o.separator = value.chars().next();
        }
        "--trim" => match value.strip_prefix("query=") {
            Some(pattern) => o.trims.push(pattern.to_owned()),
            None => {
                return Err(Fatal::usage(
                    EXIT_TRIM,
                    format!("Unsupported trim component: {value}"),
                ));
            }
        },
        "--qtrim" => o.trims.push(value),
        _ => {
            if o.get.is_some() {
                return Err(Fatal::usage(EXIT_FLAG, "only one --get is supported"));
            }
            if o.json {
                return Err(Fatal::usage(
                    EXIT_FLAG,
                    "--get is mutually exclusive with --json",
                ));
            }
            o.get = Some(value);
        }
    }
    Ok(())
}
