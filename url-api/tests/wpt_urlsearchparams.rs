//! `api/urlsearchparams.json` (URLSearchParams constructors, methods and stringifier) and
//! `api/urlencoded-parser.json` run through `UrlSearchParams::parse`.

use test_support::{Conformance, Value, field_eq, load};
use whatwg_url::UrlSearchParams;

fn text(v: &Value) -> Result<String, String> {
    v.as_str()
        .map(str::to_owned)
        .ok_or_else(|| format!("expected a string, got {v:?}"))
}

fn args(op: &Value) -> Result<Vec<String>, String> {
    op.get("args")
        .and_then(Value::as_array)
        .unwrap_or(&[])
        .iter()
        .map(text)
        .collect()
}

fn pairs(v: &Value) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    for pair in v.as_array().ok_or("expected an array of pairs")? {
        match pair.as_array() {
            Some([n, v]) => out.push((text(n)?, text(v)?)),
            _ => return Err(format!("not a pair: {pair:?}")),
        }
    }
    Ok(out)
}

fn entries(params: &UrlSearchParams) -> Vec<(String, String)> {
    params
        .iter()
        .map(|(n, v)| (n.to_owned(), v.to_owned()))
        .collect()
}

/// Builds the object of an `init` (absent, string, sequence, record or copy of params).
/// `Ok(None)` means the constructor threw.
fn construct(
    init: Option<&Value>,
) -> Result<Option<(UrlSearchParams, Option<UrlSearchParams>)>, String> {
    let Some(init) = init else {
        return Ok(Some((UrlSearchParams::new(), None)));
    };
    if let Some(s) = init.as_str() {
        return Ok(Some((UrlSearchParams::parse(s), None)));
    }
    if let Some(seq) = init.as_array() {
        let mut items = Vec::new();
        for inner in seq {
            let inner = inner.as_array().ok_or("sequence item is not a list")?;
            items.push(
                inner
                    .iter()
                    .map(text)
                    .collect::<Result<Vec<String>, String>>()?,
            );
        }
        return Ok(UrlSearchParams::from_pairs(&items).ok().map(|p| (p, None)));
    }
    if let Some(record) = init.get("record") {
        let record = pairs(record)?;
        return Ok(Some((UrlSearchParams::from_record(record), None)));
    }
    if let Some(inner) = init.get("params") {
        return match construct(Some(inner))? {
            Some((source, _)) => Ok(Some((source.clone(), Some(source)))),
            None => Ok(None),
        };
    }
    Err(format!("unknown init {init:?}"))
}

fn apply(
    params: &mut UrlSearchParams,
    source: Option<&mut UrlSearchParams>,
    op: &Value,
) -> Result<(), String> {
    let name = op.str_field("op").ok_or("op without a name")?;
    let a = args(op)?;
    match (name, a.as_slice()) {
        ("append", [n, v]) => params.append(n, v),
        ("delete", [n]) => params.delete(n, None),
        ("delete", [n, v]) => params.delete(n, Some(v)),
        ("set", [n, v]) => params.set(n, v),
        ("sort", []) => params.sort(),
        ("source.append", [n, v]) => source.ok_or("no source object")?.append(n, v),
        _ => return Err(format!("unknown op {name} {a:?}")),
    }
    Ok(())
}

fn check_has(params: &UrlSearchParams, map: &Value, what: &str) -> Result<(), String> {
    for (name, want) in map.as_object().ok_or("has is not an object")? {
        field_eq(
            &format!("{what}({name:?})"),
            &want.as_bool(),
            &Some(params.has(name, None)),
        )?;
    }
    Ok(())
}

fn run_case(case: &Value) -> Result<(), String> {
    let expect = case.get("expect").ok_or("no expect")?;
    let constructed = construct(case.get("init"))?;
    let throws = expect
        .get("throws")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    field_eq("throws", &throws, &constructed.is_none())?;
    let Some((mut params, mut source)) = constructed else {
        return Ok(());
    };
    for op in case.get("ops").and_then(Value::as_array).unwrap_or(&[]) {
        apply(&mut params, source.as_mut(), op)?;
    }
    if let Some(want) = expect.str_field("toString") {
        field_eq("toString", want, params.to_string().as_str())?;
    }
    if let Some(want) = expect.get("entries") {
        field_eq("entries", &pairs(want)?, &entries(&params))?;
    }
    if let Some(want) = expect.get("size").and_then(Value::as_f64) {
        field_eq("size", &want, &(params.size() as f64))?;
    }
    if let Some(map) = expect.get("get") {
        for (name, want) in map.as_object().ok_or("get is not an object")? {
            let want = if want.is_null() {
                None
            } else {
                Some(text(want)?)
            };
            field_eq(
                &format!("get({name:?})"),
                &want.as_deref(),
                &params.get(name),
            )?;
        }
    }
    if let Some(map) = expect.get("getAll") {
        for (name, want) in map.as_object().ok_or("getAll is not an object")? {
            let want: Vec<String> = want
                .as_array()
                .ok_or("getAll value")?
                .iter()
                .map(text)
                .collect::<Result<_, _>>()?;
            field_eq(
                &format!("getAll({name:?})"),
                &want,
                &params.get_all(name).iter().map(|s| s.to_string()).collect(),
            )?;
        }
    }
    if let Some(map) = expect.get("has") {
        check_has(&params, map, "has")?;
    }
    if let Some(list) = expect.get("hasValue") {
        for item in list.as_array().ok_or("hasValue is not a list")? {
            match item.as_array() {
                Some([n, v, want]) => {
                    let (n, v) = (text(n)?, text(v)?);
                    field_eq(
                        &format!("has({n:?}, {v:?})"),
                        &want.as_bool(),
                        &Some(params.has(&n, Some(&v))),
                    )?;
                }
                _ => return Err(format!("bad hasValue item {item:?}")),
            }
        }
    }
    if let Some(src) = expect.get("source") {
        let source = source
            .as_ref()
            .ok_or("expectation on a source, but no source")?;
        if let Some(map) = src.get("has") {
            check_has(source, map, "source.has")?;
        }
    }
    Ok(())
}

#[test]
fn wpt_urlsearchparams() {
    let mut conf = Conformance::new("api/urlsearchparams.json");
    for case in load("api/urlsearchparams.json")
        .as_array()
        .expect("an array")
    {
        let name = case.str_field("name").unwrap_or("?");
        conf.check(name, run_case(case));
    }
    conf.finish();
}

#[test]
fn wpt_urlencoded_parser_through_urlsearchparams() {
    let mut conf = Conformance::new("api/urlencoded-parser.json (URLSearchParams)");
    for case in load("api/urlencoded-parser.json")
        .as_array()
        .expect("an array")
    {
        let input = case.str_field("input").unwrap_or("");
        let result = (|| {
            let want = pairs(case.get("output").ok_or("no output")?)?;
            field_eq("entries", &want, &entries(&UrlSearchParams::parse(input)))
        })();
        conf.check(&format!("{input:?}"), result);
    }
    conf.finish();
}
