//! The web-platform-tests' URL files as protocol requests, each with what the standard expects,
//! run as WPT's own harness runs them (url/resources/*.json and the `*.window.js` beside them).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde_json::Value;
use whatwg_url::Component;

use super::protocol::{Answer, Request, Validation, ours, replace_lone_surrogates};

/// What the standard expects of one request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// The parse fails.
    Failure,
    /// These components have these values (the others are not checked).
    Fields(Vec<(Component, String)>),
    /// Validating the input gives this (`validate`).
    Validation(Box<Validation>),
}

impl Expect {
    /// Every component of `answer` (this project's answer to a generated request).
    pub fn all_of(answer: &Answer) -> Expect {
        match answer {
            Answer::Url(components) => Expect::Fields(
                Component::ALL
                    .into_iter()
                    .zip(components.iter().cloned())
                    .collect(),
            ),
            Answer::Validation(v) => Expect::Validation(v.clone()),
            Answer::Failure | Answer::Unsupported => Expect::Failure,
        }
    }

    /// Whether `answer` is what is expected.
    pub fn holds(&self, answer: &Answer) -> bool {
        match (self, answer) {
            (Expect::Failure, Answer::Failure) => true,
            (Expect::Fields(fields), Answer::Url(components)) => fields
                .iter()
                .all(|(c, want)| components.get(*c as usize) == Some(want)),
            (Expect::Validation(want), Answer::Validation(got)) => want == got,
            _ => false,
        }
    }
}

/// One request of a fixture case.
#[derive(Clone, Debug)]
pub struct Check {
    /// The case (index in its suite) it belongs to: a case passes when all its checks do.
    pub case: u32,
    pub request: Request,
    pub expect: Expect,
}

/// One row of the conformance table: a fixture file run one way.
#[derive(Clone, Debug, Default)]
pub struct Suite {
    pub name: String,
    pub cases: u32,
    pub checks: Vec<Check>,
}

impl Suite {
    fn new(name: &str) -> Suite {
        Suite {
            name: name.to_owned(),
            ..Suite::default()
        }
    }

    /// Adds a case made of `checks`.
    fn case(&mut self, checks: impl IntoIterator<Item = (Request, Expect)>) {
        let case = self.cases;
        self.checks
            .extend(checks.into_iter().map(|(request, expect)| Check {
                case,
                request,
                expect,
            }));
        self.cases += 1;
    }
}

/// The fixture directory: `dir` when given, else `$URL_WPT_DIR`, else the first `fixtures/wpt`
/// at or above the working directory (the repository's copy).
pub fn fixture_dir(dir: Option<&Path>) -> Result<PathBuf, String> {
    if let Some(dir) = dir {
        return Ok(dir.to_path_buf());
    }
    if let Some(dir) = std::env::var_os("URL_WPT_DIR") {
        return Ok(PathBuf::from(dir));
    }
    let cwd = std::env::current_dir().map_err(|e| e.to_string())?;
    cwd.ancestors()
        .map(|dir| dir.join("fixtures").join("wpt"))
        .find(|dir| dir.join("urltestdata.json").is_file())
        .ok_or_else(|| {
            "no WPT fixtures: give --wpt DIR (wpt/url/resources), set URL_WPT_DIR, or run inside \
             the whatwg-url repository"
                .to_owned()
        })
}

/// For `--validation`: each urltestdata file's inputs asked as `validate`, a row named
/// `FILE (validate)`. The fixtures say nothing of validation errors: each case expects this
/// project's answer, as a generated request does.
pub fn validation_suites(suites: &[Suite]) -> Vec<Suite> {
    suites
        .iter()
        .filter(|suite| suite.name.starts_with("urltestdata"))
        .map(|suite| {
            let mut validate = Suite::new(&format!("{} (validate)", suite.name));
            for check in &suite.checks {
                if let Request::Parse { input, base } = &check.request {
                    let request = Request::Validate {
                        input: input.clone(),
                        base: base.clone(),
                    };
                    let expect = Expect::all_of(&ours(&request));
                    validate.case([(request, expect)]);
                }
            }
            validate
        })
        .collect()
}

/// Every suite of the fixture files in `dir`; a file that is missing is named in the notes.
pub fn load_all(dir: &Path) -> Result<(Vec<Suite>, Vec<String>), String> {
    type Reader = fn(&Value, &str) -> Vec<Suite>;
    let files: [(&str, Reader); 7] = [
        ("urltestdata.json", urltestdata),
        ("urltestdata-javascript-only.json", urltestdata),
        ("setters_tests.json", setters),
        ("toascii.json", toascii),
        ("IdnaTestV2.json", idna),
        ("IdnaTestV2-removed.json", idna),
        ("percent-encoding.json", percent_encoding),
    ];
    let mut suites = Vec::new();
    let mut notes = Vec::new();
    for (file, read) in files {
        let path = dir.join(file);
        if !path.is_file() {
            notes.push(format!("{file}: not in {}", dir.display()));
            continue;
        }
        suites.extend(read(&load(&path)?, file));
    }
    if suites.is_empty() {
        return Err(format!("no WPT URL fixture in {}", dir.display()));
    }
    for suite in &mut suites {
        let set_aside = set_aside_unicode_skew(suite);
        if set_aside > 0 {
            notes.push(format!(
                "{}: {set_aside} case(s) not scored: this project's IDNA data is of a newer \
                 Unicode version than the fixture's and answers them otherwise (code points \
                 assigned since); `cargo xtask conformance` sets the same cases apart",
                suite.name
            ));
        }
    }
    Ok((suites, notes))
}

/// Whether a suite's answers depend on the Unicode version of the IDNA data (UTS #46 mapping):
/// the IdnaTestV2 and toascii rows.
fn idna_data_dependent(suite: &Suite) -> bool {
    suite.name.starts_with("IdnaTestV2") || suite.name.starts_with("toascii")
}

/// Takes out of an IDNA suite the cases on which this project's parser, the oracle, disagrees
/// with the fixture, and returns how many. The fixtures carry one Unicode version and the IDNA
/// data in use may be newer (a code point unassigned then is disallowed, assigned now is valid):
/// on those cases the standard's answer is the one of the data in use, so the fixture cannot
/// score them. Every other suite is kept whole; the unit test below holds this project to every
/// case that is kept.
fn set_aside_unicode_skew(suite: &mut Suite) -> u32 {
    if !idna_data_dependent(suite) {
        return 0;
    }
    let skewed: BTreeSet<u32> = suite
        .checks
        .iter()
        .filter(|check| !check.expect.holds(&ours(&check.request)))
        .map(|check| check.case)
        .collect();
    if skewed.is_empty() {
        return 0;
    }
    let mut renumbered = Suite::new(&suite.name);
    let mut case_checks: BTreeMap<u32, Vec<(Request, Expect)>> = BTreeMap::new();
    for check in suite.checks.drain(..) {
        if !skewed.contains(&check.case) {
            case_checks
                .entry(check.case)
                .or_default()
                .push((check.request, check.expect));
        }
    }
    for (_, checks) in case_checks {
        renumbered.case(checks);
    }
    *suite = renumbered;
    skewed.len() as u32
}

/// Reads a JSON file, its lone surrogates made U+FFFD (see [`replace_lone_surrogates`]).
pub fn load(path: &Path) -> Result<Value, String> {
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    serde_json::from_str(&replace_lone_surrogates(&text))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// The case objects of a fixture array (its strings are comments).
fn objects(value: &Value) -> impl Iterator<Item = &Value> {
    value
        .as_array()
        .into_iter()
        .flatten()
        .filter(|v| v.is_object())
}

fn str_of<'a>(value: &'a Value, key: &str) -> Option<&'a str> {
    value.get(key).and_then(Value::as_str)
}

/// urltestdata.json: `new URL(input, base)` has the case's fields, or throws.
fn urltestdata(data: &Value, file: &str) -> Vec<Suite> {
    let mut suite = Suite::new(file);
    for case in objects(data) {
        let Some(input) = str_of(case, "input") else {
            continue;
        };
        let request = Request::Parse {
            input: input.to_owned(),
            base: str_of(case, "base").map(str::to_owned),
        };
        let expect = if case.get("failure").and_then(Value::as_bool) == Some(true) {
            Expect::Failure
        } else {
            Expect::Fields(
                Component::ALL
                    .into_iter()
                    .filter_map(|c| Some((c, str_of(case, c.name())?.to_owned())))
                    .collect(),
            )
        };
        suite.case([(request, expect)]);
    }
    vec![suite]
}

/// setters_tests.json: for each attribute, `new URL(href)[attribute] = new_value` gives the
/// `expected` fields.
fn setters(data: &Value, file: &str) -> Vec<Suite> {
    let mut suite = Suite::new(file);
    for (name, cases) in data.as_object().into_iter().flatten() {
        let Some(setter) = Component::from_name(name) else {
            continue; // "comment"
        };
        for case in objects(cases) {
            let (Some(href), Some(value)) = (str_of(case, "href"), str_of(case, "new_value"))
            else {
                continue;
            };
            let fields = case
                .get("expected")
                .and_then(Value::as_object)
                .into_iter()
                .flatten()
                .filter_map(|(k, v)| Some((Component::from_name(k)?, v.as_str()?.to_owned())))
                .collect();
            let request = Request::Set {
                href: href.to_owned(),
                setter,
                value: value.to_owned(),
            };
            suite.case([(request, Expect::Fields(fields))]);
        }
    }
    vec![suite]
}

/// `https://{host}/x` parses with host and hostname `output`, or fails (toascii.window.js,
/// IdnaTestV2.window.js).
fn via_url(host: &str, output: Option<&str>) -> (Request, Expect) {
    let request = Request::Parse {
        input: format!("https://{host}/x"),
        base: None,
    };
    let expect = match output {
        None => Expect::Failure,
        Some(out) => Expect::Fields(vec![
            (Component::Href, format!("https://{out}/x")),
            (Component::Host, out.to_owned()),
            (Component::Hostname, out.to_owned()),
            (Component::Pathname, "/x".to_owned()),
        ]),
    };
    (request, expect)
}

/// toascii.json: through the parser, and through the `host` and `hostname` setters of
/// `https://x/x` (which leave `x` where `output` is null).
fn toascii(data: &Value, file: &str) -> Vec<Suite> {
    let mut parse = Suite::new(&format!("{file} (via URL)"));
    let mut set = Suite::new(&format!("{file} (URL.host/hostname setters)"));
    for case in objects(data) {
        let Some(input) = str_of(case, "input") else {
            continue;
        };
        let output = str_of(case, "output");
        parse.case([via_url(input, output)]);
        set.case([Component::Host, Component::Hostname].map(|setter| {
            let request = Request::Set {
                href: "https://x/x".to_owned(),
                setter,
                value: input.to_owned(),
            };
            let expect = Expect::Fields(vec![
                (setter, output.unwrap_or("x").to_owned()),
                (Component::Pathname, "/x".to_owned()),
            ]);
            (request, expect)
        }));
    }
    vec![parse, set]
}

/// IdnaTestV2.json: `https://{input}/x` with `:`, `/`, `?`, `#` and `\` percent-encoded so that
/// the whole input reaches the host parser; an empty input is not a case.
fn idna(data: &Value, file: &str) -> Vec<Suite> {
    let mut suite = Suite::new(&format!("{file} (via URL)"));
    for case in objects(data) {
        let Some(input) = str_of(case, "input").filter(|i| !i.is_empty()) else {
            continue;
        };
        let mut host = String::with_capacity(input.len());
        for c in input.chars() {
            match c {
                ':' => host.push_str("%3A"),
                '/' => host.push_str("%2F"),
                '?' => host.push_str("%3F"),
                '#' => host.push_str("%23"),
                '\\' => host.push_str("%5C"),
                c => host.push(c),
            }
        }
        suite.case([via_url(&host, str_of(case, "output"))]);
    }
    vec![suite]
}

/// percent-encoding.json, UTF-8 (the one encoding a URL parser without a document has):
/// `https://doesnotmatter.invalid/?{input}#{input}` has search and hash the encoded input.
fn percent_encoding(data: &Value, file: &str) -> Vec<Suite> {
    let mut suite = Suite::new(&format!("{file} (utf-8)"));
    for case in objects(data) {
        let (Some(input), Some(output)) = (
            str_of(case, "input"),
            case.get("output").and_then(|o| str_of(o, "utf-8")),
        ) else {
            continue;
        };
        let request = Request::Parse {
            input: format!("https://doesnotmatter.invalid/?{input}#{input}"),
            base: None,
        };
        let expect = Expect::Fields(vec![
            (Component::Search, format!("?{output}")),
            (Component::Hash, format!("#{output}")),
        ]);
        suite.case([(request, expect)]);
    }
    vec![suite]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// This project passes every case (as `cargo xtask conformance` shows), so the suites read
    /// here must too: a wrong reading of a file shows as a failure.
    #[test]
    fn every_case_holds_for_this_project() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/wpt");
        let (suites, notes) = load_all(&dir).unwrap();
        // Only the IDNA rows may set cases apart, and only a few (the code points a newer
        // Unicode version assigned).
        for note in &notes {
            assert!(
                (note.starts_with("IdnaTestV2") || note.starts_with("toascii"))
                    && note.contains("not scored"),
                "{note}"
            );
            let count: u32 = note
                .split(": ")
                .nth(1)
                .and_then(|rest| rest.split(' ').next())
                .and_then(|n| n.parse().ok())
                .unwrap_or(u32::MAX);
            assert!(count <= 30, "{note}");
        }
        assert_eq!(suites.len(), 8);
        for suite in &suites {
            assert!(suite.cases > 0, "{}: no case", suite.name);
            for check in &suite.checks {
                assert!(
                    check.expect.holds(&ours(&check.request)),
                    "{}: {:?}",
                    suite.name,
                    check.request
                );
            }
        }
        let urltestdata = suites.iter().find(|s| s.name == "urltestdata.json");
        assert!(urltestdata.is_some_and(|s| s.cases > 800));
        let setters = suites.iter().find(|s| s.name == "setters_tests.json");
        assert!(setters.is_some_and(|s| s.checks.len() as u32 == s.cases));

        // `--validation`: the two urltestdata files, each input asked as `validate`.
        let validate = validation_suites(&suites);
        let names: Vec<&str> = validate.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "urltestdata.json (validate)",
                "urltestdata-javascript-only.json (validate)"
            ]
        );
        let rows = validate
            .iter()
            .zip(suites.iter().filter(|s| s.name.starts_with("urltestdata")));
        for (validate, parse) in rows {
            assert_eq!(validate.cases, parse.cases);
            for (v, p) in validate.checks.iter().zip(&parse.checks) {
                let (Request::Validate { input, base }, Request::Parse { input: i, base: b }) =
                    (&v.request, &p.request)
                else {
                    panic!("{:?} for {:?}", v.request, p.request)
                };
                assert_eq!((input, base), (i, b));
                // A fixture case that fails must fail to validate too (or its base does).
                if p.expect == Expect::Failure {
                    assert!(
                        matches!(&v.expect, Expect::Failure)
                            || matches!(&v.expect, Expect::Validation(x) if !x.parses && !x.valid),
                        "{:?}",
                        v
                    );
                }
            }
        }
    }

    /// A case the oracle answers otherwise leaves an IDNA suite (the rest renumbered), and is
    /// kept, to fail, in any other suite.
    #[test]
    fn only_idna_suites_set_cases_aside() {
        let parse = |input: &str| Request::Parse {
            input: input.to_owned(),
            base: None,
        };
        let suite_of = |name: &str| {
            let mut suite = Suite::new(name);
            suite.case([(
                parse("http://a.b/"),
                Expect::all_of(&ours(&parse("http://a.b/"))),
            )]);
            suite.case([(parse("http://c.d/"), Expect::Failure)]);
            suite.case([(parse("http://[/"), Expect::Failure)]);
            suite
        };
        let mut idna = suite_of("IdnaTestV2.json (via URL)");
        assert_eq!(set_aside_unicode_skew(&mut idna), 1);
        assert_eq!(idna.cases, 2);
        let cases: Vec<u32> = idna.checks.iter().map(|c| c.case).collect();
        assert_eq!(cases, [0, 1]);
        let mut other = suite_of("urltestdata.json");
        assert_eq!(set_aside_unicode_skew(&mut other), 0);
        assert_eq!(other.cases, 3);
    }
}
