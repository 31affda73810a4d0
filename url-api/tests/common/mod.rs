//! Helpers shared by the fixture-driven tests of this crate.
#![allow(dead_code)]
#![allow(clippy::restriction)] // test code: unwrapping or indexing is a failed test

use test_support::Value;
use whatwg_url::Url;

/// A JSON string's USVString form.
pub fn text(v: &Value) -> Result<String, String> {
    v.as_str()
        .map(str::to_owned)
        .ok_or_else(|| format!("expected a string, got {v:?}"))
}

/// An op's `args` as strings.
pub fn args(op: &Value) -> Result<Vec<String>, String> {
    op.get("args")
        .and_then(Value::as_array)
        .unwrap_or(&[])
        .iter()
        .map(text)
        .collect()
}

/// `[[name, value], ...]`.
pub fn pairs(v: &Value) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    for pair in v.as_array().ok_or("expected an array of pairs")? {
        match pair.as_array() {
            Some([n, v]) => out.push((text(n)?, text(v)?)),
            _ => return Err(format!("not a pair: {pair:?}")),
        }
    }
    Ok(out)
}

/// The getter of the `URL` attribute `name`.
pub fn get(url: &Url, name: &str) -> Result<String, String> {
    Ok(match name {
        "href" => url.href().to_owned(),
        "origin" => url.origin().to_string(),
        "protocol" => url.protocol().to_owned(),
        "username" => url.username().to_owned(),
        "password" => url.password().to_owned(),
        "host" => url.host().to_owned(),
        "hostname" => url.hostname().to_owned(),
        "port" => url.port().to_owned(),
        "pathname" => url.pathname().to_owned(),
        "search" => url.search().to_owned(),
        "hash" => url.hash().to_owned(),
        "searchParams" => url.search_params().to_string(),
        _ => return Err(format!("unknown attribute {name}")),
    })
}

/// The setter of the `URL` attribute `name`. The href setter's failure is returned as `Err`.
pub fn set(url: &mut Url, name: &str, value: &str) -> Result<(), String> {
    match name {
        "href" => {
            return url
                .set_href(value)
                .map_err(|e| format!("href setter threw: {e}"));
        }
        "protocol" => url.set_protocol(value),
        "username" => url.set_username(value),
        "password" => url.set_password(value),
        "host" => url.set_host(value),
        "hostname" => url.set_hostname(value),
        "port" => url.set_port(value),
        "pathname" => url.set_pathname(value),
        "search" => url.set_search(value),
        "hash" => url.set_hash(value),
        _ => return Err(format!("unknown attribute {name}")),
    }
    Ok(())
}

/// `new URL(url, base)` with the fixture's `base` (`null` = no base).
pub fn parse(case: &Value, url_key: &str, base_key: &str) -> Result<Url, String> {
    let input = case.str_field(url_key).ok_or("no url")?;
    let base = case.str_field(base_key);
    Url::parse(input, base).map_err(|e| format!("parse({input:?}, {base:?}) failed: {e}"))
}

/// The attributes urltestdata.json gives for a URL that parses, in the fixture's order.
pub const GETTERS: [&str; 12] = [
    "href",
    "origin",
    "protocol",
    "username",
    "password",
    "host",
    "hostname",
    "port",
    "pathname",
    "search",
    "hash",
    "searchParams",
];

/// Runs `run_case` over every case of a urltestdata-shaped fixture (comment strings are not
/// cases) as conformance row `row`.
pub fn run_urltestdata(fixture: &str, row: &str, run_case: fn(&Value) -> Result<(), String>) {
    let mut conf = test_support::Conformance::new(row);
    for case in &test_support::cases(fixture) {
        let name = format!(
            "{:?} against {:?}",
            case.str_field("input").unwrap_or("?"),
            case.str_field("base")
        );
        conf.check(&name, run_case(case));
    }
    conf.finish();
}
