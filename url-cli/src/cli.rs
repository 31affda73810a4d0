//! The command line: one definition that `--help`, the completions and `--man` are made from.

use clap::{ArgAction, Parser};

/// URLs in bulk, parsed as browsers parse them (the WHATWG URL Standard).
///
/// Input: the URL arguments (and each --url), else each FILE given with --file (`-` for
/// stdin), else stdin; one URL per line (a byte-order mark, CR before LF and blank lines are
/// skipped). With --set and no URL or FILE, when stdin is a terminal or empty, one URL is
/// built from the --set components (as trurl does).
///
/// Exit status: 0 when every input parsed, 1 when some did not or a line was not UTF-8,
/// 2 on a usage error, 9 when --verify stopped at a bad input.
///
/// `wurl conform -- CMD ARGS…` runs another URL parser against the standard (`wurl conform
/// --help`).
#[derive(Parser, Debug)]
#[command(name = "wurl", version, about, long_about, disable_version_flag = true)]
pub struct Cli {
    /// URLs to process (none: read --file, else stdin).
    pub urls: Vec<String>,

    /// A URL to process, as trurl's --url (the same as a URL argument). May be repeated.
    #[arg(long = "url", value_name = "URL")]
    pub url_options: Vec<String>,

    /// Read URLs from FILE, one per line (`-` for stdin). May be given more than once.
    #[arg(short, long = "file", visible_alias = "url-file", value_name = "FILE")]
    pub files: Vec<String>,

    /// Resolve each input against this base URL.
    #[arg(short, long, value_name = "URL")]
    pub base: Option<String>,

    /// Give an input without a scheme one, as curl and trurl guess it: `ftp.`, `dict.`,
    /// `ldap.`, `imap.`, `smtp.` or `pop3.` at the start of the host name gives that scheme,
    /// anything else `http`. An input counts as having no scheme when the parser finds none
    /// (`example.com/x`), or when what it took for a scheme is followed by a port number
    /// (`localhost:8080`). Off by default: see the README. --json and --explain report it.
    #[arg(long, overrides_with = "no_guess_scheme", conflicts_with = "base")]
    pub guess_scheme: bool,

    /// trurl mode: trurl's options, output, messages and exit codes, with the URL Standard's
    /// parser (also when the binary is run through a link named `trurl`). See the README.
    #[arg(long)]
    pub trurl: bool,

    /// trurl's "only the schemes libcurl supports": refused, since which schemes libcurl
    /// supports is how it was built, while the URL Standard parses every scheme; filter on
    /// `--get '{scheme}'` instead.
    #[arg(long)]
    pub curl: bool,

    /// Do not guess schemes (the default; trurl's spelling, accepted for its scripts).
    #[arg(long, overrides_with = "guess_scheme")]
    pub no_guess_scheme: bool,

    /// Print this template for each URL: `{href}` (`{url}`), `{protocol}`, `{scheme}`,
    /// `{username}`, `{password}`, `{host}`, `{hostname}`, `{port}`, `{pathname}` (`{path}`),
    /// `{search}`, `{query}`, `{hash}`, `{fragment}`, `{origin}`, `{registrable_domain}`,
    /// `{public_suffix}`, `{subdomain}`, `{display}`, `{query:KEY}` (its first value,
    /// decoded), `{query-all:KEY}` (every value, space-separated). Forms before the name:
    /// `default:` (the scheme's default port where the URL has none: `{default:port}`,
    /// `{default:url}`), `puny:` or `idn:` (the host as ASCII or as Unicode: `{idn:host}`),
    /// `url:` or `:` (encoded: `{url:query:KEY}`), `must:` (a URL without the component
    /// fails), `strict:`. As in trurl, the first `{` or `[` of the template opens every
    /// placeholder (`[scheme]`), and a bracket never closed is text. `{{`, `}}`, `\{`, `\[`,
    /// `\}`, `\\`, `\t`, `\n`, `\r` for those characters.
    #[arg(short, long, value_name = "TEMPLATE", conflicts_with_all = ["json", "mode"])]
    pub get: Option<String>,

    /// Print one JSON object per input: every component, the validation errors (name and byte
    /// offset), the failure when the input does not parse, and the scheme when it was guessed.
    #[arg(long, conflicts_with = "mode")]
    pub json: bool,

    /// Extract, as unfurl does: domains (hostnames), apexes (registrable domains), paths,
    /// keys (query names), values (query values), keypairs (query `name=value`). As in unfurl,
    /// the mode may also be the first argument: `wurl domains < urls.txt`.
    #[arg(short, long, value_enum)]
    pub mode: Option<Mode>,

    /// Print each output line once (first occurrence order).
    #[arg(short, long)]
    pub unique: bool,

    /// Set a component through the standard's setter, e.g. `--set pathname=/x`, `--set port=`.
    /// Components: href (url), protocol (scheme), username (user), password, host, hostname,
    /// port, pathname (path), search (query), hash (fragment). Applied in order. As in trurl,
    /// `COMPONENT?=VALUE` sets only where the component is empty; `COMPONENT:=VALUE` is the
    /// same as `=` (a setter never encodes a `%XX` again).
    #[arg(short, long = "set", value_name = "COMPONENT=VALUE")]
    pub sets: Vec<String>,

    /// Append to a component: `path=SEGMENT` (a path segment, percent-encoded) or
    /// `query=NAME=VALUE` (a query pair, form-encoded).
    #[arg(short, long = "append", value_name = "path=…|query=…")]
    pub appends: Vec<String>,

    /// Make one URL per value: `--iterate "port=80 8080"`; several --iterate give every
    /// combination (as trurl), each of another component. A value the setter refuses fails
    /// the input.
    #[arg(long = "iterate", value_name = "COMPONENT=VALUES")]
    pub iterates: Vec<String>,

    /// Remove query pairs whose name matches GLOB (`*` any run, `?` one character; `\*`, `\?`,
    /// `\\` for those characters).
    #[arg(long = "qtrim", value_name = "GLOB")]
    pub qtrims: Vec<String>,

    /// trurl's older spelling of --qtrim: `--trim query=GLOB`.
    #[arg(long = "trim", value_name = "query=GLOB")]
    pub trims: Vec<String>,

    /// Give the first query pair named NAME this value and drop the others of that name
    /// (URLSearchParams' `set`); a URL without such a pair is left as it is.
    #[arg(long = "replace", value_name = "NAME=VALUE")]
    pub replaces: Vec<String>,

    /// As --replace, but append the pair when the query has none of that name.
    #[arg(
        long = "replace-append",
        visible_alias = "force-replace",
        value_name = "NAME=VALUE"
    )]
    pub replace_appends: Vec<String>,

    /// The one character between query pairs for the query options (--qtrim, --replace,
    /// --sort-query, --append query=, `{query:KEY}`, the key modes); `&` by default.
    #[arg(long, value_name = "CHAR")]
    pub query_separator: Option<String>,

    /// Sort the query pairs by name (stable; URLSearchParams' `sort`).
    #[arg(long)]
    pub sort_query: bool,

    /// Resolve RELATIVE against each input and continue with the result.
    #[arg(long, value_name = "RELATIVE")]
    pub redirect: Option<String>,

    /// Print the scheme's default port where the URL has none (`https://h:443/`), in the
    /// output URL and in every template field (as `default:` does).
    #[arg(long)]
    pub default_port: bool,

    /// trurl's "keep an explicit default port": the URL Standard's parser stores a scheme's
    /// default port as no port (spec 4.4, port state), so there is nothing to keep; accepted
    /// with a note on stderr (see --default-port).
    #[arg(long)]
    pub keep_port: bool,

    /// Print hosts as ASCII (punycode), in the output URL and in every template field. The
    /// standard's serialization already does for special URLs; an opaque host stays as it is.
    #[arg(long, conflicts_with = "as_idn")]
    pub punycode: bool,

    /// Print domains in Unicode (domain to Unicode), in the output URL and in every template
    /// field; a host that is not a valid domain stays as it is.
    #[arg(long)]
    pub as_idn: bool,

    /// Print every template field encoded (as `url:` does): `{query:KEY}` values
    /// form-encoded; the other components are the standard's getters, encoded already.
    #[arg(long)]
    pub urlencode: bool,

    /// trurl's "accept spaces": the URL Standard's parser already percent-encodes spaces in
    /// the path, query, fragment and credentials (a space in a host is a failure still).
    #[arg(long)]
    pub accept_space: bool,

    /// Stop at the first input that does not parse (or whose edits fail, or that is not
    /// UTF-8): print why, and exit with status 9.
    #[arg(long, conflicts_with_all = ["invalid", "bench"])]
    pub verify: bool,

    /// Print no per-input failures and notes on stderr (the exit status still tells).
    #[arg(short, long)]
    pub quiet: bool,

    /// Print only the inputs that parse.
    #[arg(long, conflicts_with = "invalid")]
    pub valid: bool,

    /// Print only the inputs that do not parse (as given).
    #[arg(long)]
    pub invalid: bool,

    /// With --valid or --invalid: valid means a valid URL string (spec 4.3: no validation
    /// error), not merely one that parses.
    #[arg(long)]
    pub strict: bool,

    /// Print each validation error on stderr, with a caret under the bytes it is about, and
    /// the scheme when it was guessed.
    #[arg(long)]
    pub explain: bool,

    /// At the end, print on stderr how many inputs parsed, and the counts per failure and per
    /// validation error.
    #[arg(long)]
    pub stats: bool,

    /// Parse only, print nothing per input, and report on stderr: lines, bytes, time, ns per
    /// URL, MB/s (like adaparse's `-b`).
    #[arg(long, conflicts_with_all = ["get", "json", "mode", "valid", "invalid", "explain"])]
    pub bench: bool,

    /// Worker threads (default: the number of cores). Output stays in input order.
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<usize>,

    /// No progress bar (one is shown on stderr for files of 64 MiB or more when stderr is a
    /// terminal).
    #[arg(long)]
    pub no_progress: bool,

    /// Print a completion script for SHELL (bash, zsh, fish, elvish, powershell) and exit.
    #[arg(long, value_name = "SHELL", exclusive = true)]
    pub completions: Option<clap_complete::Shell>,

    /// Print this manual page (roff, for `man -l -`) and exit.
    #[arg(long, exclusive = true)]
    pub man: bool,

    /// Print the version and exit (`-v` as in trurl).
    #[arg(short = 'v', short_alias = 'V', long, action = ArgAction::Version)]
    pub version: Option<bool>,
}

impl Cli {
    /// unfurl's form, `wurl domains < urls.txt`: a first argument that names a mode (and is
    /// no URL) is the mode, when `--mode` is not given. trurl's `--url` values join the URL
    /// arguments.
    pub fn normalized(mut self) -> Cli {
        if self.mode.is_none()
            && let Some(first) = self.urls.first()
            && let Ok(mode) = <Mode as clap::ValueEnum>::from_str(first, false)
        {
            self.mode = Some(mode);
            self.urls.remove(0);
        }
        self.urls.append(&mut self.url_options);
        self
    }

    /// Whether the one URL may be built from the `--set` components: set, and no input named
    /// (trurl: "If no URL or --url-file argument is provided"); stdin, unless it is a
    /// terminal, is read first, and the URL built only when it held no line.
    pub fn builds_from_sets(&self) -> bool {
        !self.sets.is_empty() && self.urls.is_empty() && self.files.is_empty()
    }
}

/// unfurl's extraction modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// The hostname.
    Domains,
    /// The registrable domain (the public suffix and one more label).
    Apexes,
    /// The pathname.
    Paths,
    /// Each query name.
    Keys,
    /// Each query value.
    Values,
    /// Each query pair as `name=value` (decoded).
    Keypairs,
}
