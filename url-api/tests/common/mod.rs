//! Helpers shared by the fixture-driven tests of this crate.
#![allow(dead_code)]
#![allow(clippy::restriction)] // test code: unwrapping or indexing is a failed test

pub mod setters;
pub mod urltestdata;

use test_support::Value;
use whatwg_url::{Component, SetterError, Url};

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

/// The getter of the `URL` attribute `name` (a [`Component`], or `searchParams`).
pub fn get(url: &Url, name: &str) -> Result<String, String> {
    if name == "searchParams" {
        return Ok(url.search_params().to_string());
    }
    let component: Component = name.parse().map_err(|e| format!("{e}"))?;
    Ok(url.component(component).into_owned())
}

/// The setter of the `URL` attribute `name`, as the spec runs it (a refused value leaves the
/// URL as the setter left it). The href setter's failure is returned as `Err`.
pub fn set(url: &mut Url, name: &str, value: &str) -> Result<(), String> {
    let component: Component = name.parse().map_err(|e| format!("{e}"))?;
    match url.set_component(component, value) {
        Err(SetterError::InvalidHref(e)) => Err(format!("href setter threw: {e}")),
        Err(SetterError::ReadOnly) => Err(format!("{name} has no setter")),
        _ => Ok(()),
    }
}

/// `new URL(url, base)` with the fixture's `base` (`null` = no base).
pub fn parse(case: &Value, url_key: &str, base_key: &str) -> Result<Url, String> {
    let input = case.str_field(url_key).ok_or("no url")?;
    let base = case.str_field(base_key);
    Url::parse(input, base).map_err(|e| format!("parse({input:?}, {base:?}) failed: {e}"))
}

/// The attributes urltestdata.json gives for a URL that parses, in the fixture's order: the
/// string attributes, then `searchParams`.
pub fn getters() -> impl Iterator<Item = &'static str> {
    Component::ALL
        .into_iter()
        .map(Component::name)
        .chain(["searchParams"])
}

/// Runs `run_case` over every case of a urltestdata-shaped fixture (comment strings are not
/// cases) as conformance row `row`.
pub fn run_urltestdata(fixture: &str, row: &str, run_case: fn(&Value) -> Result<(), String>) {
    run_urltestdata_cases(&test_support::cases(fixture), row, run_case);
}

/// [`run_urltestdata`] over `cases` (read from wherever they are kept), each named by its
/// `input` and `base`.
pub fn run_urltestdata_cases(
    cases: &[Value],
    row: &str,
    run_case: fn(&Value) -> Result<(), String>,
) {
    let mut conf = test_support::Conformance::new(row);
    for case in cases {
        let name = format!(
            "{:?} against {:?}",
            case.str_field("input").unwrap_or("?"),
            case.str_field("base")
        );
        conf.check(&name, run_case(case));
    }
    conf.finish();
}
