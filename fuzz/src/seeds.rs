//! The seed corpus, built from the WPT fixtures and the datasets (never committed: `cargo
//! xtask fuzz` writes it to `fuzz/corpus/<target>/`, and `tests/replay.rs` builds it in memory).
//!
//! Fixtures are found as `test_support::load` finds them (`$URL_WPT_DIR`, else the
//! repository's `fixtures/wpt`); datasets as `test_support::datasets` finds them
//! (`$URL_DATASETS_DIR`, else `fixtures/datasets`).

use std::collections::BTreeSet;

use test_support::Value;

use crate::input::{PAIR_SEP, join, op_chunk, pair_chunk};
use crate::search_params::Op;
use crate::setters::Setter;

/// The WPT fixture files the seeds come from.
pub const FIXTURES: [&str; 13] = [
    "urltestdata.json",
    "urltestdata-javascript-only.json",
    "setters_tests.json",
    "toascii.json",
    "IdnaTestV2.json",
    "IdnaTestV2-removed.json",
    "percent-encoding.json",
    "api/setters-stripping.json",
    "api/url-misc.json",
    "api/url-searchparams-link.json",
    "api/url-statics.json",
    "api/urlencoded-parser.json",
    "api/urlsearchparams.json",
];

/// The strings of the fixtures, sorted by the role they play.
#[derive(Clone, Debug, Default)]
pub struct Strings {
    /// URL inputs with their base: every input/base of the URL fixtures, every href (expected
    /// or initial) with no base.
    pub urls: Vec<(String, Option<String>)>,
    /// Hosts: toascii and IdnaTestV2 inputs, the host fields of urltestdata, the host setter
    /// values.
    pub hosts: Vec<String>,
    /// Setter cases: initial href, setter, value.
    pub setter_cases: Vec<(String, Setter, String)>,
    /// Query strings and form bodies: urlencoded-parser inputs, URLSearchParams string inits,
    /// the search fields of urltestdata.
    pub queries: Vec<String>,
    /// Encoded `search_params` inputs from the URLSearchParams fixtures (init or URL, then ops).
    pub search_params: Vec<Vec<u8>>,
    /// Other strings to percent-encode (percent-encoding.json inputs).
    pub texts: Vec<String>,
}

fn str_of<'a>(value: &'a Value, key: &str) -> Option<&'a str> {
    value.get(key).and_then(Value::as_str)
}

fn objects(value: &Value) -> impl Iterator<Item = &Value> {
    value
        .as_array()
        .unwrap_or_default()
        .iter()
        .filter(|v| v.as_object().is_some())
}

/// Reads every fixture of [`FIXTURES`].
pub fn fixture_strings() -> Strings {
    let mut s = Strings::default();
    for file in ["urltestdata.json", "urltestdata-javascript-only.json"] {
        for case in objects(&test_support::load(file)) {
            if let Some(input) = str_of(case, "input") {
                s.urls
                    .push((input.into(), str_of(case, "base").map(Into::into)));
            }
            if let Some(href) = str_of(case, "href") {
                s.urls.push((href.into(), None));
            }
            for key in ["host", "hostname"] {
                if let Some(host) = str_of(case, key).filter(|h| !h.is_empty()) {
                    s.hosts.push(host.into());
                }
            }
            if let Some(search) = str_of(case, "search") {
                s.queries.push(search.into());
            }
        }
    }
    let setters = test_support::load("setters_tests.json");
    for (attribute, cases) in setters.as_object().unwrap_or_default() {
        let Some(setter) = Setter::from_name(attribute) else {
            continue;
        };
        for case in objects(cases) {
            let (Some(href), Some(value)) = (str_of(case, "href"), str_of(case, "new_value"))
            else {
                continue;
            };
            s.urls.push((href.into(), None));
            if let Some(expected) = case.get("expected").and_then(|e| str_of(e, "href")) {
                s.urls.push((expected.into(), None));
            }
            if matches!(setter, Setter::Host | Setter::Hostname) {
                s.hosts.push(value.into());
            }
            s.setter_cases.push((href.into(), setter, value.into()));
        }
    }
    for file in ["toascii.json", "IdnaTestV2.json", "IdnaTestV2-removed.json"] {
        for case in objects(&test_support::load(file)) {
            if let Some(input) = str_of(case, "input") {
                s.hosts.push(input.into());
            }
        }
    }
    for case in objects(&test_support::load("percent-encoding.json")) {
        if let Some(input) = str_of(case, "input") {
            s.texts.push(input.into());
        }
    }
    for case in objects(&test_support::load("api/setters-stripping.json")) {
        let (Some(url), Some(property), Some(input)) = (
            str_of(case, "url"),
            str_of(case, "property"),
            str_of(case, "input"),
        ) else {
            continue;
        };
        s.urls.push((url.into(), None));
        if let Some(setter) = Setter::from_name(property) {
            s.setter_cases.push((url.into(), setter, input.into()));
        }
    }
    for file in ["api/url-misc.json", "api/url-statics.json"] {
        for case in objects(&test_support::load(file)) {
            if let Some(url) = str_of(case, "url") {
                s.urls
                    .push((url.into(), str_of(case, "base").map(Into::into)));
            }
            for key in ["href", "expected_href", "set_href"] {
                if let Some(href) = str_of(case, key) {
                    s.urls.push((href.into(), None));
                }
            }
        }
    }
    for case in objects(&test_support::load("api/urlencoded-parser.json")) {
        if let Some(input) = str_of(case, "input") {
            s.queries.push(input.into());
        }
    }
    for case in objects(&test_support::load("api/urlsearchparams.json")) {
        let init = str_of(case, "init");
        if let Some(init) = init {
            s.queries.push(init.into());
        }
        s.search_params
            .push(search_params_input(init.unwrap_or_default(), case));
    }
    for case in objects(&test_support::load("api/url-searchparams-link.json")) {
        if let Some(url) = str_of(case, "url") {
            s.urls
                .push((url.into(), str_of(case, "base").map(Into::into)));
            s.search_params.push(search_params_input(url, case));
        }
    }
    s
}

/// A `search_params` input: `first`, then the case's `ops` as operation chunks.
fn search_params_input(first: &str, case: &Value) -> Vec<u8> {
    let mut chunks: Vec<Vec<u8>> = vec![first.as_bytes().to_vec()];
    let ops = case
        .get("ops")
        .and_then(Value::as_array)
        .unwrap_or_default();
    for op in ops {
        let name = str_of(op, "op").unwrap_or_default();
        let args: Vec<&str> = op
            .get("args")
            .and_then(Value::as_array)
            .unwrap_or_default()
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let arg = |i: usize| args.get(i).copied().unwrap_or_default();
        let chunk = match (name.trim_start_matches("params."), args.len()) {
            ("append", _) => pair_chunk(Op::Append as u8, arg(0), arg(1)),
            ("delete", 1) => op_chunk(Op::Delete as u8, arg(0)),
            ("delete", _) => pair_chunk(Op::DeleteValue as u8, arg(0), arg(1)),
            ("set", _) => pair_chunk(Op::Set as u8, arg(0), arg(1)),
            ("sort", _) => op_chunk(Op::Sort as u8, ""),
            ("set_search", _) => pair_chunk(Op::SetSearch as u8, "", arg(0)),
            ("set_href", _) => pair_chunk(Op::SetHref as u8, "", arg(0)),
            _ => continue,
        };
        chunks.push(chunk);
    }
    let parts: Vec<&[u8]> = chunks.iter().map(Vec::as_slice).collect();
    join(&parts)
}

/// Every line of every dataset (`test_support::datasets::lines`: `$URL_DATASETS_DIR`, else
/// `fixtures/datasets`; a leading BOM removed, empty lines skipped).
///
/// # Panics
/// When the datasets cannot be read: a missing dataset is an error, not a silent skip.
pub fn dataset_lines() -> Vec<String> {
    test_support::datasets::lines()
}

/// The host of a URL line, found the simple way (after `//`, before the path, after the last
/// `@`, without a port): a host-shaped seed, whatever the parser would make of it.
fn rough_host(line: &str) -> Option<&str> {
    let (_, rest) = line.split_once("//")?;
    let authority = rest.split(['/', '?', '#', '\\']).next()?;
    let host = authority.rsplit('@').next()?;
    Some(match host.rfind(':') {
        Some(colon) if !host.ends_with(']') => &host[..colon],
        _ => host,
    })
}

/// The seeds of target `name` (deduplicated, in a stable order), from `strings` and `lines`.
pub fn seeds_for(name: &str, strings: &Strings, lines: &[String]) -> Vec<Vec<u8>> {
    let mut seeds: BTreeSet<Vec<u8>> = BTreeSet::new();
    let urls = || {
        strings.urls.iter().map(|(input, base)| match base {
            Some(base) => join(&[input.as_bytes(), base.as_bytes()]),
            None => input.as_bytes().to_vec(),
        })
    };
    match name {
        "arrow" => {
            // Each fixture URL (with its base as a base chunk), and the dataset URLs ten rows
            // at a time with a null row among them.
            seeds.extend(strings.urls.iter().map(|(input, base)| match base {
                Some(base) => join(&[&[&[PAIR_SEP], base.as_bytes()].concat(), input.as_bytes()]),
                None => input.as_bytes().to_vec(),
            }));
            for group in lines.chunks(10) {
                let mut rows: Vec<&[u8]> = group.iter().map(|l| l.as_bytes()).collect();
                rows.insert(rows.len() / 2, &[PAIR_SEP]);
                seeds.insert(join(&rows));
            }
        }
        "parse" | "differential" | "validity" | "facade" => {
            seeds.extend(urls());
            seeds.extend(
                strings
                    .hosts
                    .iter()
                    .map(|h| format!("https://{h}/").into_bytes()),
            );
            seeds.extend(lines.iter().map(|l| l.as_bytes().to_vec()));
        }
        "setters" => {
            seeds.extend(strings.setter_cases.iter().map(|(href, setter, value)| {
                join(&[href.as_bytes(), &op_chunk(*setter as u8, value)])
            }));
            seeds.extend(urls());
            // Each dataset URL with its own pathname set again and a port set.
            seeds.extend(lines.iter().map(|l| {
                join(&[
                    l.as_bytes(),
                    &op_chunk(Setter::Search as u8, "?q=1"),
                    &op_chunk(Setter::Port as u8, "8080"),
                ])
            }));
        }
        "search_params" => {
            seeds.extend(strings.search_params.iter().cloned());
            seeds.extend(
                strings
                    .queries
                    .iter()
                    .map(|q| join(&[q.as_bytes(), &op_chunk(Op::Sort as u8, "")])),
            );
            seeds.extend(lines.iter().map(|l| {
                join(&[
                    l.as_bytes(),
                    &pair_chunk(Op::Append as u8, "a b", "c&d"),
                    &op_chunk(Op::Sort as u8, ""),
                ])
            }));
        }
        "host" => {
            seeds.extend(strings.hosts.iter().map(|h| h.as_bytes().to_vec()));
            seeds.extend(
                lines
                    .iter()
                    .filter_map(|l| rough_host(l))
                    .map(|h| h.as_bytes().to_vec()),
            );
        }
        "simd" => {
            // Hosts, and whole URLs: blocks of URL bytes, and hosts that end in each way. One
            // dataset line in eight: the check slides over 64 windows of each input, so the
            // lines' blocks repeat one another, and all of them cost minutes in the debug replay.
            seeds.extend(strings.hosts.iter().map(|h| h.as_bytes().to_vec()));
            seeds.extend(urls());
            seeds.extend(lines.iter().step_by(8).map(|l| l.as_bytes().to_vec()));
        }
        "percent" => {
            let texts = strings
                .texts
                .iter()
                .chain(strings.queries.iter())
                .chain(strings.urls.iter().map(|(input, _)| input))
                .chain(lines.iter());
            for (i, text) in texts.enumerate() {
                // Cycle through the sets.
                let mut seed = vec![u8::try_from(i % 8).unwrap_or_default()];
                seed.extend_from_slice(text.as_bytes());
                seeds.insert(seed);
            }
        }
        "urlpattern" => {
            // The fixture's string patterns with their string inputs, and routes of each shape
            // against dataset URLs.
            let fixture = test_support::load("urlpattern/urlpatterntestdata.json");
            for case in fixture.as_array().unwrap_or(&[]) {
                let pattern = case
                    .get("pattern")
                    .and_then(|p| p.as_array())
                    .and_then(|p| p.first());
                let input = case
                    .get("inputs")
                    .and_then(|p| p.as_array())
                    .and_then(|p| p.first());
                if let (Some(p), Some(i)) = (
                    pattern.and_then(|p| p.as_str()),
                    input.and_then(|i| i.as_str()),
                ) {
                    seeds.insert(join(&[p.as_bytes(), i.as_bytes()]));
                }
            }
            let routes = [
                "https://*/:a/:b",
                "*://*/*.:ext",
                "http{s}?://*.example.com/:path*",
                "https://example.com/api/:v(v\\d+)/:rest+",
                "/:a?/b*/:c(x|y)?#:h",
            ];
            for (i, line) in lines.iter().enumerate().take(3000) {
                let route = routes[i % routes.len()];
                seeds.insert(join(&[route.as_bytes(), line.as_bytes()]));
            }
        }
        "routeset" => {
            // Generator choices (a deterministic stream per seed), some with a dataset URL as
            // an extra request and a route of each shape as an extra pattern.
            let routes = ["/api/:v/*", "/:a/:b(\\d+)", "/{x/}?:y.json", "*"];
            for i in 0..400u64 {
                let mut rng = test_support::rng::Rng::new(i);
                // Never 0xFF, the chunk separator.
                let choices: Vec<u8> = (0..96).map(|_| (rng.next_u64() % 255) as u8).collect();
                let mut parts: Vec<&[u8]> = vec![&choices];
                let line = lines.get(i as usize).map(String::as_bytes);
                if let Some(line) = line.filter(|_| i % 2 == 0) {
                    parts.push(line);
                    parts.push(routes[i as usize % routes.len()].as_bytes());
                }
                seeds.insert(join(&parts));
            }
        }
        "form_urlencoded" => {
            seeds.extend(strings.queries.iter().map(|q| q.as_bytes().to_vec()));
            seeds.extend(lines.iter().map(|l| {
                let query = l.split_once('?').map_or(l.as_str(), |(_, q)| q);
                query.as_bytes().to_vec()
            }));
        }
        _ => {}
    }
    seeds.into_iter().collect()
}
