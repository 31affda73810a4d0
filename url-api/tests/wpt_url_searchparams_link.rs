//! `api/url-searchparams-link.json` (a URL and its searchParams kept in step) and
//! `api/urlsearchparams-iteration.json` (mutation during iteration).

mod common;

use common::{args, pairs, text};
use test_support::{Conformance, Value, field_eq, load};
use whatwg_url::{Url, UrlSearchParams};

/// Applies a link-file op to `url` (its searchParams through the update-steps guard).
fn apply_to_url(url: &mut Url, op: &Value, name: Option<&str>) -> Result<(), String> {
    let op_name = op.str_field("op").ok_or("op without a name")?;
    let mut a = args(op)?;
    if let Some(name) = name {
        for arg in &mut a {
            if arg == "$name" {
                name.clone_into(arg);
            }
        }
    }
    match (op_name, a.as_slice()) {
        ("set_search", [v]) => url.set_search(v),
        ("set_href", [v]) => url
            .set_href(v)
            .map_err(|e| format!("href setter threw: {e}"))?,
        ("params.append", [n, v]) => url.search_params_mut().append(n, v),
        ("params.set", [n, v]) => url.search_params_mut().set(n, v),
        ("params.delete", [n]) => url.search_params_mut().delete(n, None),
        ("params.delete", [n, v]) => url.search_params_mut().delete(n, Some(v)),
        ("params.sort", []) => url.search_params_mut().sort(),
        _ => return Err(format!("unknown op {op_name} {a:?}")),
    }
    Ok(())
}

/// Applies a link-file op to a standalone `UrlSearchParams`.
fn apply_to_params(params: &mut UrlSearchParams, op: &Value, name: &str) -> Result<(), String> {
    let op_name = op.str_field("op").ok_or("op without a name")?;
    let a: Vec<String> = args(op)?
        .into_iter()
        .map(|s| if s == "$name" { name.to_owned() } else { s })
        .collect();
    match (op_name, a.as_slice()) {
        ("params.append", [n, v]) => params.append(n, v),
        ("params.set", [n, v]) => params.set(n, v),
        ("params.delete", [n]) => params.delete(n, None),
        ("params.delete", [n, v]) => params.delete(n, Some(v)),
        ("params.sort", []) => params.sort(),
        _ => return Err(format!("op {op_name} {a:?} needs a URL")),
    }
    Ok(())
}

fn run_link_case(case: &Value) -> Result<(), String> {
    let mut url = common::parse(case, "url", "base")?;
    for op in case.get("ops").and_then(Value::as_array).unwrap_or(&[]) {
        apply_to_url(&mut url, op, None)?;
    }
    let expect = case.get("expect").ok_or("no expect")?;
    for (key, want) in expect.as_object().ok_or("expect is not an object")? {
        match key.as_str() {
            "href" | "search" | "pathname" => {
                field_eq(key, text(want)?.as_str(), common::get(&url, key)?.as_str())?
            }
            "params.toString" => field_eq(key, &text(want)?, &url.search_params().to_string())?,
            "params.size" => field_eq(
                key,
                &want.as_f64(),
                &Some(url.search_params().size() as f64),
            )?,
            "params.get" => {
                for (name, want) in want.as_object().ok_or("params.get")? {
                    let want = if want.is_null() {
                        None
                    } else {
                        Some(text(want)?)
                    };
                    field_eq(
                        &format!("get({name:?})"),
                        &want.as_deref(),
                        &url.search_params().get(name),
                    )?;
                }
            }
            "params.has" => {
                for (name, want) in want.as_object().ok_or("params.has")? {
                    field_eq(
                        &format!("has({name:?})"),
                        &want.as_bool(),
                        &Some(url.search_params().has(name, None)),
                    )?;
                }
            }
            "search_reparsed_entries" => {
                let got: Vec<(String, String)> =
                    UrlSearchParams::parse(url.search()).into_iter().collect();
                field_eq(key, &pairs(want)?, &got)?
            }
            _ => return Err(format!("unknown expectation {key}")),
        }
    }
    Ok(())
}

#[test]
fn wpt_url_searchparams_link() {
    let mut conf = Conformance::new("api/url-searchparams-link.json");
    for case in load("api/url-searchparams-link.json")
        .as_array()
        .expect("an array")
    {
        conf.check(case.str_field("name").unwrap_or("?"), run_link_case(case));
    }
    conf.finish();
}

/// The object iterated over: a standalone `UrlSearchParams`, or a URL's searchParams.
enum Target {
    Params(UrlSearchParams),
    Url(Url),
}

impl Target {
    fn pair_at(&self, index: usize) -> Option<(String, String)> {
        let at = |p: &UrlSearchParams| {
            p.iter()
                .nth(index)
                .map(|(n, v)| (n.to_owned(), v.to_owned()))
        };
        match self {
            Target::Params(p) => at(p),
            Target::Url(u) => at(&u.search_params()),
        }
    }

    fn to_params_string(&self) -> String {
        match self {
            Target::Params(p) => p.to_string(),
            Target::Url(u) => u.search_params().to_string(),
        }
    }
}

fn run_iteration_case(case: &Value) -> Result<(), String> {
    let mut target = match (case.str_field("init"), case.str_field("url")) {
        (Some(init), None) => Target::Params(UrlSearchParams::parse(init)),
        (None, Some(url)) => Target::Url(Url::parse(url, None).map_err(|e| format!("parse: {e}"))?),
        _ => return Err("exactly one of init and url must be given".into()),
    };
    let rules = case
        .get("on_visit")
        .and_then(Value::as_array)
        .unwrap_or(&[]);
    let mut seen = Vec::new();
    // The WebIDL pair iterator: an index into the current list, re-read at each step.
    let mut index = 0;
    while let Some((name, value)) = target.pair_at(index) {
        index += 1;
        let rule = rules.iter().find(|r| {
            r.get("match_name").is_none_or(Value::is_null)
                || r.str_field("match_name") == Some(&name)
        });
        let Some(rule) = rule else {
            seen.push((name, value));
            continue;
        };
        if rule.get("record").and_then(Value::as_bool).unwrap_or(false) {
            seen.push((name.clone(), value));
        }
        for op in rule.get("ops").and_then(Value::as_array).unwrap_or(&[]) {
            match &mut target {
                Target::Params(p) => apply_to_params(p, op, &name)?,
                Target::Url(u) => apply_to_url(u, op, Some(&name))?,
            }
        }
    }
    let expect = case.get("expect").ok_or("no expect")?;
    if let Some(want) = expect.get("seen") {
        field_eq("seen", &pairs(want)?, &seen)?;
    }
    if let Some(want) = expect.get("seen_names") {
        let want: Vec<String> = want
            .as_array()
            .ok_or("seen_names")?
            .iter()
            .map(text)
            .collect::<Result<_, _>>()?;
        let got: Vec<String> = seen.iter().map(|(n, _)| n.clone()).collect();
        field_eq("seen_names", &want, &got)?;
    }
    if let Some(want) = expect.str_field("params.toString") {
        field_eq("params.toString", want, target.to_params_string().as_str())?;
    }
    Ok(())
}

#[test]
fn wpt_urlsearchparams_iteration() {
    let mut conf = Conformance::new("api/urlsearchparams-iteration.json");
    for case in load("api/urlsearchparams-iteration.json")
        .as_array()
        .expect("an array")
    {
        conf.check(
            case.str_field("name").unwrap_or("?"),
            run_iteration_case(case),
        );
    }
    conf.finish();
}
