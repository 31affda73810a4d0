//! trurl mode's run: each URL (the arguments, or each line of `--url-file`, or one built from
//! `--set` alone) parsed with a guessed scheme where it has none, redirected, set, iterated,
//! appended to, its query edited, and printed; trurl's notes and errors on the way.

use std::io::{self, BufRead, BufReader, IsTerminal};

use whatwg_url::{Component, ParseError, Url, node};

use super::args::{self, EXIT_FLAG, Options, Parsed};
use super::get::{self, COMPONENTS};
use super::pairs;
use super::report::{self, Fatal, HELP, note, version};
use crate::edit::Set;
use crate::forms::{Forms, HostForm};
use crate::guess;
use crate::template::{Template, TemplateError};

const EXIT_SET: u8 = 5;
const EXIT_URL: u8 = 7;
const EXIT_BADURL: u8 = 9;
const EXIT_GET: u8 = 10;
const EXIT_ITERATE: u8 = 11;

/// trurl reads lines into a buffer of 4096 bytes: a line that does not fit (4095 bytes or
/// more before its newline) is skipped with a note.
const LONGEST_LINE: usize = 4094;

/// A `--set` (or one `--iterate` value) checked: the component's index in [`COMPONENTS`],
/// the value as set (encoded as trurl encodes it, unless given with `:=`), and `?=`.
struct TrurlSet {
    index: usize,
    value: String,
    only_if_unset: bool,
}

/// The index of trurl's component `name`.
fn index(name: &str) -> Option<usize> {
    COMPONENTS.iter().position(|(n, _)| *n == name)
}

impl TrurlSet {
    fn new(index: usize, value: &str, encoded: bool, only_if_unset: bool) -> TrurlSet {
        let name = COMPONENTS[index].0;
        // curl encodes neither a scheme nor a port, nor a host given as an IPv6 address.
        let as_is = encoded
            || matches!(name, "scheme" | "port")
            || (name == "host" && value.starts_with('['));
        TrurlSet {
            index,
            value: if as_is {
                value.to_owned()
            } else {
                pairs::encode_set(name, value)
            },
            only_if_unset,
        }
    }
}

/// A URL on its way: the URL, and whether its scheme was guessed (a guessed scheme counts as
/// unset for `scheme?=`).
struct Working {
    url: Url,
    guessed: bool,
}

/// The run's settings, checked before any URL is read.
struct Runner<'a> {
    o: &'a Options,
    sets: Vec<TrurlSet>,
    /// `--iterate`: the component's index, its values, whether they are encoded already.
    iterates: Vec<(usize, Vec<String>, bool)>,
    template: Option<Template>,
    forms: Forms,
    separator: char,
    /// JSON objects printed so far.
    objects: usize,
}

/// Runs trurl mode over `argv` (without the program's name).
pub fn run(argv: &[String]) -> Result<(), Fatal> {
    let o = match args::parse(argv)? {
        Parsed::Help => {
            print!("{HELP}");
            return Ok(());
        }
        Parsed::Version => {
            print!("{}", version());
            return Ok(());
        }
        Parsed::Run(o) => o,
    };
    if o.curl {
        return Err(Fatal::usage(
            EXIT_FLAG,
            "--curl is not supported: which schemes libcurl supports depends on how it was \
             built, and the URL Standard parses every scheme",
        ));
    }
    let mut runner = Runner::new(&o)?;
    report::write_at_once(o.file.as_deref() == Some("-") || io::stdout().is_terminal());
    if o.json {
        runner.print("[")?;
    }
    if let Some(file) = &o.file {
        runner.file(file)?;
    } else if o.urls.is_empty() {
        runner.one(None)?;
    } else {
        for url in &o.urls {
            runner.one(Some(url))?;
        }
    }
    runner.finish()
}

impl<'a> Runner<'a> {
    fn new(o: &'a Options) -> Result<Runner<'a>, Fatal> {
        let mut sets: Vec<TrurlSet> = Vec::new();
        for given in &o.sets {
            let Some((name, value, encoded, only_if_unset)) =
                Set::split(given).filter(|(name, ..)| !name.is_empty())
            else {
                return Err(Fatal::usage(
                    EXIT_SET,
                    format!("invalid --set syntax: {given}"),
                ));
            };
            let index = index(name)
                .ok_or_else(|| Fatal::usage(EXIT_SET, format!("unknown component: {name}")))?;
            if sets.iter().any(|s| s.index == index) {
                return Err(Fatal::usage(
                    EXIT_SET,
                    format!("duplicate --set for component {name}"),
                ));
            }
            sets.push(TrurlSet::new(index, value, encoded, only_if_unset));
        }
        let mut iterates: Vec<(usize, Vec<String>, bool)> = Vec::new();
        for given in &o.iterates {
            let Some((name, values)) = given.split_once('=') else {
                return Err(Fatal::usage(EXIT_ITERATE, "wrong iterate syntax"));
            };
            let (name, encoded) = match name.strip_suffix(':') {
                Some(name) => (name, true),
                None => (name, false),
            };
            let index = index(name)
                .ok_or_else(|| Fatal::usage(EXIT_ITERATE, "bad component for iterate"))?;
            if iterates.iter().any(|(i, ..)| *i == index) {
                return Err(Fatal::usage(
                    EXIT_ITERATE,
                    format!("duplicate component for iterate: {name}"),
                ));
            }
            if sets.iter().any(|s| s.index == index) {
                return Err(Fatal::usage(
                    EXIT_ITERATE,
                    format!("duplicate --iterate and --set for component {name}"),
                ));
            }
            let values = values.split(' ').map(str::to_owned).collect();
            iterates.push((index, values, encoded));
        }
        let template = match &o.get {
            Some(text) => Some(Template::parse(text).map_err(|e| {
                let message = match e {
                    TemplateError::Unknown { component, .. } => {
                        format!("\"{component}\" is not a recognized URL component")
                    }
                    TemplateError::Syntax(p) => format!("Bad --get syntax: {{{p}}}"),
                    TemplateError::PunyAndIdn(_) => {
                        "puny modifier is mutually exclusive with idn".into()
                    }
                };
                Fatal::usage(EXIT_GET, message)
            })?),
            None => None,
        };
        Ok(Runner {
            o,
            sets,
            iterates,
            template,
            forms: Forms {
                default_port: o.default_port,
                host: if o.as_idn {
                    HostForm::Unicode
                } else {
                    HostForm::Serialized
                },
                encoded: o.urlencode,
            },
            separator: o.separator.unwrap_or('&'),
            objects: 0,
        })
    }

    fn print(&mut self, text: &str) -> Result<(), Fatal> {
        report::print(text).map_err(stdout_error)
    }

    /// Ends the run's output: the JSON array closed, what is held written.
    fn finish(&mut self) -> Result<(), Fatal> {
        self.close_json()?;
        report::flush().map_err(stdout_error)
    }

    /// Ends the JSON array, when there is one.
    fn close_json(&mut self) -> Result<(), Fatal> {
        if self.o.json {
            let end = if self.objects > 0 { "\n]\n" } else { "]\n" };
            self.print(end)?;
        }
        Ok(())
    }

    /// A URL that cannot be had: a note, or with `--verify` the end of the run.
    fn verify(&mut self, code: u8, message: String, verify: bool) -> Result<(), Fatal> {
        if !verify {
            note(&message);
            return Ok(());
        }
        self.close_json()?;
        Err(Fatal::usage(code, message))
    }

    /// Each line of `file` (`-`: stdin), as trurl reads them: a line ending (LF or CRLF) and
    /// spaces and tabs at the end removed, blank lines and over-long lines skipped.
    fn file(&mut self, file: &str) -> Result<(), Fatal> {
        let reader: Box<dyn BufRead> = if file == "-" {
            Box::new(io::stdin().lock())
        } else {
            let f = std::fs::File::open(file).map_err(|_| {
                Fatal::usage(args::EXIT_FILE, format!("--url-file {file} not found"))
            })?;
            Box::new(BufReader::new(f))
        };
        for line in reader.split(b'\n') {
            let line = line.map_err(|e| Fatal::usage(args::EXIT_FILE, format!("{file}: {e}")))?;
            if line.len() > LONGEST_LINE {
                if !self.o.quiet {
                    note("skipping long line");
                }
                continue;
            }
            let line = line.strip_suffix(b"\r").unwrap_or(&line);
            let end = line
                .iter()
                .rposition(|&b| b != b' ' && b != b'\t')
                .map_or(0, |i| i + 1);
            if end > 0 {
                self.one(Some(&String::from_utf8_lossy(&line[..end])))?;
            }
        }
        Ok(())
    }

    /// `text` parsed, with a scheme guessed where it has none (unless `--no-guess-scheme`).
    fn parse(&self, text: &str) -> Result<Working, ParseError> {
        let parsed = Url::parse(text, None);
        if !self.o.no_guess_scheme
            && guess::wanted(text, &parsed)
            && let Some((url, ..)) = guess::parse(text, false)
        {
            return Ok(Working { url, guessed: true });
        }
        parsed.map(|url| Working {
            url,
            guessed: false,
        })
    }

    /// The URL `--set` alone describes: a scheme and a host (a `file:` URL needs no host).
    fn built(&self) -> Option<Working> {
        let value = |name: &str| {
            let i = index(name)?;
            self.sets
                .iter()
                .find(|s| s.index == i)
                .map(|s| s.value.as_str())
        };
        let scheme = value("scheme")?;
        let host = value("host").filter(|h| !h.is_empty());
        if host.is_none() && !scheme.eq_ignore_ascii_case("file") {
            return None;
        }
        let url = Url::parse(&format!("{scheme}://{}", host.unwrap_or_default()), None).ok()?;
        Some(Working {
            url,
            guessed: false,
        })
    }

    /// One input (`None`: the URL `--set` builds), through every edit, printed.
    fn one(&mut self, input: Option<&str>) -> Result<(), Fatal> {
        let start = match input {
            Some(text) => self
                .parse(text)
                .map_err(|e| format!("{} [{text}]", curl_reason(&e))),
            None => self
                .built()
                .ok_or_else(|| "not enough input for a URL".to_owned()),
        };
        let (code, verify) = match input {
            Some(_) => (EXIT_BADURL, self.o.verify),
            None => (EXIT_URL, true),
        };
        let mut working = match start {
            Ok(working) => working,
            Err(message) => return self.verify(code, message, verify),
        };
        if let Some(relative) = &self.o.redirect {
            match working.url.join(relative) {
                Ok(url) => working.url = url,
                Err(e) => {
                    let message = format!("invalid redirection: {} [{relative}]", curl_reason(&e));
                    return self.verify(EXIT_BADURL, message, verify);
                }
            }
        }
        for set in &self.sets {
            apply(&mut working, set);
        }
        for combination in self.combinations() {
            let mut working = Working {
                url: working.url.clone(),
                guessed: working.guessed,
            };
            for set in &combination {
                apply(&mut working, set);
            }
            self.append_paths(&mut working.url);
            self.edit_query(&mut working.url);
            self.output(&working.url)?;
        }
        Ok(())
    }

    /// Every combination of the `--iterate` values (the first option varying slowest); one
    /// empty combination without `--iterate`.
    fn combinations(&self) -> Vec<Vec<TrurlSet>> {
        let mut combinations: Vec<Vec<TrurlSet>> = vec![Vec::new()];
        for (index, values, encoded) in &self.iterates {
            combinations = combinations
                .into_iter()
                .flat_map(|done| {
                    values.iter().map(move |value| {
                        let mut next: Vec<TrurlSet> = done
                            .iter()
                            .map(|s| TrurlSet {
                                index: s.index,
                                value: s.value.clone(),
                                only_if_unset: false,
                            })
                            .collect();
                        next.push(TrurlSet::new(*index, value, *encoded, false));
                        next
                    })
                })
                .collect();
        }
        combinations
    }

    /// `--append path=`: each segment encoded as curl encodes it, after a `/`.
    fn append_paths(&self, url: &mut Url) {
        if self.o.append_paths.is_empty() {
            return;
        }
        let mut path = url.pathname().to_owned();
        for segment in &self.o.append_paths {
            if !path.ends_with('/') {
                path.push('/');
            }
            path.push_str(&pairs::encode(segment.as_bytes(), |_| false, false));
        }
        if let Err(e) = url.set_component(Component::Pathname, &path) {
            note(&format!("Error setting path: {e}"));
        }
    }

    /// trurl's query edits, in its order: `--qtrim`, `--replace`, `--append query=`,
    /// `--sort-query`; the query is then written as the pairs in trurl's form.
    fn edit_query(&self, url: &mut Url) {
        let o = self.o;
        if o.trims.is_empty()
            && o.replaces.is_empty()
            && o.append_queries.is_empty()
            && !o.sort_query
        {
            return;
        }
        let mut pairs: Vec<String> = pairs::split(url.query().unwrap_or_default(), self.separator)
            .map(pairs::normalize)
            .collect();
        pairs.retain(|pair| !o.trims.iter().any(|pattern| pairs::trims(pattern, pair)));
        for data in &o.replaces {
            let replacement = pairs::from_data(data);
            let name = pairs::name(&replacement).to_owned();
            let mut replaced = false;
            pairs.retain_mut(|pair| {
                if pairs::name(pair) != name {
                    return true;
                }
                if replaced {
                    return false;
                }
                replaced = true;
                pair.clone_from(&replacement);
                true
            });
            if !replaced && o.replace_append {
                pairs.push(replacement);
            }
        }
        pairs.extend(o.append_queries.iter().map(|data| pairs::from_data(data)));
        if o.sort_query {
            pairs::sort(&mut pairs);
        }
        let query = pairs.join(self.separator.encode_utf8(&mut [0; 4]));
        if let Err(e) = url.set_component(Component::Search, &query) {
            note(&format!("Error setting query: {e}"));
        }
    }

    /// Prints `url`: its JSON object, the template, or the URL.
    fn output(&mut self, url: &Url) -> Result<(), Fatal> {
        if self.forms.host == HostForm::Unicode
            && !self.o.quiet
            && url
                .domain()
                .is_some_and(|domain| !to_unicode_converts(domain))
        {
            note("Error converting url to IDN [Bad hostname]");
        }
        let text = if self.o.json {
            let object = get::json_object(url, &self.forms, self.separator, self.o.urlencode);
            let pretty = serde_json::to_string_pretty(&object).unwrap_or_default();
            let indented = pretty.replace('\n', "\n  ");
            let comma = if self.objects > 0 { "," } else { "" };
            self.objects += 1;
            format!("{comma}\n  {indented}")
        } else if let Some(template) = &self.template {
            let line = get::render(template, url, &self.forms, self.separator, self.o.quiet)?;
            format!("{line}\n")
        } else {
            format!("{}\n", self.forms.href(url))
        };
        self.print(&text)
    }
}

/// Whether domain to Unicode (spec 3.3) converts every label of `domain`: it fails, or leaves
/// an `xn--` label as it is when the label is not Punycode (a validation error, so the label
/// is printed in ASCII; trurl notes that).
fn to_unicode_converts(domain: &str) -> bool {
    let unicode = node::domain_to_unicode(domain);
    !unicode.is_empty()
        && domain
            .split('.')
            .zip(unicode.split('.'))
            .all(|(ascii, shown)| {
                !(ascii
                    .get(..4)
                    .is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
                    && ascii == shown)
            })
}

/// A failed write to stdout: `trurl … | head` ends quietly (the reader has what it wanted).
fn stdout_error(e: io::Error) -> Fatal {
    match e.kind() {
        io::ErrorKind::BrokenPipe => Fatal::usage(0, ""),
        _ => Fatal::usage(1, format!("stdout: {e}")),
    }
}

/// Applies one `--set` (or `--iterate` value) to `working`: with `?=` only where trurl finds
/// the component unset; a value the standard's setter refuses is a note.
fn apply(working: &mut Working, set: &TrurlSet) {
    let (name, component) = COMPONENTS[set.index];
    if set.only_if_unset {
        let is_set = match name {
            "scheme" => !working.guessed,
            // curl always has a path.
            "path" => true,
            _ => get::component(&working.url, name, &Forms::default()).is_some(),
        };
        if is_set {
            return;
        }
    }
    let Some(component) = component else {
        note(&format!(
            "Error setting {name}: the URL Standard has no such component"
        ));
        return;
    };
    match working.url.set_component(component, &set.value) {
        Ok(()) if name == "scheme" => working.guessed = false,
        Ok(()) => {}
        Err(e) => note(&format!("Error setting {name}: {e}")),
    }
}

/// The reason curl gives for a URL it cannot parse, for the standard's failure (by the
/// failure's name in the spec's table of validation errors).
fn curl_reason(e: &ParseError) -> &'static str {
    let name = match e {
        ParseError::Invalid(reported) => reported.name(),
        _ => "",
    };
    if name == "missing-scheme-non-relative-URL" {
        "Bad scheme"
    } else if name.starts_with("port-") {
        "Bad port number"
    } else if name.contains("IPv6") {
        "Bad IPv6 address"
    } else if ["IPv4-", "domain-", "host-"]
        .iter()
        .any(|p| name.starts_with(p))
    {
        "Bad hostname"
    } else {
        "Malformed input to a URL function"
    }
}
