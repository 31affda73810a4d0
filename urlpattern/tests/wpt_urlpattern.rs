//! The URLPattern fixtures of web-platform-tests (`urlpattern/`), by the harness rules of the
//! fixtures' README: `urlpatterntestdata.json` (constructor, getters, `test`, `exec`),
//! `urlpattern-compare-test-data.json` (`compareComponent`) and
//! `urlpattern-generate-test-data.json` (`generate`).
#![allow(clippy::restriction)]
// The fixtures hold `(regexp)` groups throughout: they need the default engine.
#![cfg(feature = "ecmascript")]

use std::cmp::Ordering;

use test_support::{Conformance, Value, field_eq, load};
use whatwg_urlpattern::{
    ComponentName, ComponentResult, MatchInput, UrlPattern, UrlPatternInit, UrlPatternInput,
    UrlPatternOptions,
};

const MEMBERS: [&str; 9] = [
    "protocol", "username", "password", "hostname", "port", "pathname", "search", "hash", "baseURL",
];

fn init_of(value: &Value) -> Result<UrlPatternInit, String> {
    let mut init = UrlPatternInit::default();
    for (key, v) in value.as_object().ok_or("not an object")? {
        if !MEMBERS.contains(&key.as_str()) {
            continue;
        }
        let s = Some(
            v.as_str()
                .ok_or_else(|| format!("{key} is not a string"))?
                .to_owned(),
        );
        match key.as_str() {
            "protocol" => init.protocol = s,
            "username" => init.username = s,
            "password" => init.password = s,
            "hostname" => init.hostname = s,
            "port" => init.port = s,
            "pathname" => init.pathname = s,
            "search" => init.search = s,
            "hash" => init.hash = s,
            "baseURL" => init.base_url = s,
            // A dictionary ignores members it does not have (WebIDL).
            _ => {}
        }
    }
    Ok(init)
}

fn member<'a>(init: &'a UrlPatternInit, name: &str) -> Option<&'a str> {
    match name {
        "protocol" => init.protocol.as_deref(),
        "username" => init.username.as_deref(),
        "password" => init.password.as_deref(),
        "hostname" => init.hostname.as_deref(),
        "port" => init.port.as_deref(),
        "pathname" => init.pathname.as_deref(),
        "search" => init.search.as_deref(),
        "hash" => init.hash.as_deref(),
        "baseURL" => init.base_url.as_deref(),
        _ => None,
    }
}

/// An argument list's first element: a string or an init dictionary.
enum Arg {
    Str(String),
    Init(UrlPatternInit),
}

impl Arg {
    fn of(value: &Value) -> Result<Arg, String> {
        match value.as_str() {
            Some(s) => Ok(Arg::Str(s.to_owned())),
            None => Ok(Arg::Init(init_of(value)?)),
        }
    }
    fn input(&self) -> UrlPatternInput<'_> {
        match self {
            Arg::Str(s) => UrlPatternInput::String(s),
            Arg::Init(i) => UrlPatternInput::Init(i),
        }
    }
}

/// `new URLPattern(...args)`, resolved as WebIDL resolves the two overloads: three arguments
/// are (input, baseURL, options), with baseURL converted to a string (an object is
/// `"[object Object]"`); two are (input, baseURL) when the second is a string, else
/// (input, options); none is `new URLPattern({})`.
fn construct(args: &[Value]) -> Result<(Arg, Option<String>, UrlPatternOptions), String> {
    let first = match args.first() {
        Some(v) => Arg::of(v)?,
        None => Arg::Init(UrlPatternInit::default()),
    };
    let to_string = |v: &Value| {
        v.as_str()
            .map_or("[object Object]".to_owned(), str::to_owned)
    };
    let options_of = |v: &Value| UrlPatternOptions {
        ignore_case: v
            .get("ignoreCase")
            .and_then(Value::as_bool)
            .unwrap_or(false),
    };
    Ok(match args {
        [_, base, options, ..] => (first, Some(to_string(base)), options_of(options)),
        [_, second] if second.as_str().is_some() => {
            (first, Some(to_string(second)), UrlPatternOptions::default())
        }
        [_, options] => (first, None, options_of(options)),
        _ => (first, None, UrlPatternOptions::default()),
    })
}

fn string_list(value: Option<&Value>) -> Vec<String> {
    value
        .and_then(Value::as_array)
        .unwrap_or(&[])
        .iter()
        .filter_map(|v| v.as_str().map(str::to_owned))
        .collect()
}

/// The expected pattern string of `component`, by the README's rules 1–5.
fn expected_component(case: &Value, first: &Arg, base: Option<&str>, component: &str) -> String {
    if let Some(s) = case
        .get("expected_obj")
        .and_then(|o| o.get(component))
        .and_then(Value::as_str)
    {
        return s.to_owned();
    }
    if string_list(case.get("exactly_empty_components"))
        .iter()
        .any(|c| c == component)
    {
        return String::new();
    }
    let order = ["protocol", "hostname", "port", "pathname", "search", "hash"];
    if let Arg::Init(init) = first {
        if let Some(v) = member(init, component) {
            return v.to_owned();
        }
        if let Some(pos) = order.iter().position(|c| *c == component) {
            if order[..pos]
                .iter()
                .any(|earlier| member(init, earlier).is_some())
            {
                return "*".to_owned();
            }
        }
    }
    let base = match first {
        Arg::Init(init) => init.base_url.clone(),
        Arg::Str(_) => base.map(str::to_owned),
    };
    if let Some(base) = base.filter(|_| component != "username" && component != "password") {
        if let Ok(url) = whatwg_url::Url::parse(&base, None) {
            return match component {
                "protocol" => url.scheme().to_owned(),
                "hostname" => url.hostname().to_owned(),
                "port" => url.port().to_owned(),
                "pathname" => url.pathname().to_owned(),
                "search" => url.query().unwrap_or("").to_owned(),
                "hash" => url.fragment().unwrap_or("").to_owned(),
                _ => unreachable!(),
            };
        }
    }
    "*".to_owned()
}

fn groups_of(value: &Value) -> Result<Vec<(String, Option<String>)>, String> {
    let mut groups: Vec<(String, Option<String>)> = value
        .as_object()
        .ok_or("groups is not an object")?
        .iter()
        .map(|(k, v)| (k.clone(), v.as_str().map(str::to_owned)))
        .collect();
    groups.sort();
    Ok(groups)
}

fn check_component(name: &str, expected: &Value, got: &ComponentResult) -> Result<(), String> {
    let input = expected.str_field("input").ok_or("no input")?;
    field_eq(&format!("{name}.input"), input, got.input.as_str())?;
    let want = groups_of(expected.get("groups").ok_or("no groups")?)?;
    let mut have = got.groups.clone();
    have.sort();
    field_eq(&format!("{name}.groups"), &want, &have)
}

fn run_case(case: &Value) -> Result<(), String> {
    let args = case.get("pattern").and_then(Value::as_array).unwrap_or(&[]);
    let (first, base, options) = construct(args)?;
    let built = UrlPattern::new(first.input(), base.as_deref(), options);
    let want_error = case.get("expected_obj").and_then(Value::as_str) == Some("error");
    let pattern = match (built, want_error) {
        (Err(_), true) => return Ok(()),
        (Ok(p), true) => return Err(format!("constructed, expected an error: {p:?}")),
        (Err(e), false) => return Err(format!("constructor failed: {e}")),
        (Ok(p), false) => p,
    };
    for component in ComponentName::ALL {
        let want = expected_component(case, &first, base.as_deref(), component.as_str());
        field_eq(component.as_str(), want.as_str(), pattern.get(component))?;
    }
    if let Some(has) = case
        .get("expected_obj")
        .and_then(|o| o.get("hasRegExpGroups"))
        .and_then(Value::as_bool)
    {
        field_eq("hasRegExpGroups", &has, &pattern.has_regexp_groups())?;
    }
    let Some(inputs) = case.get("inputs").and_then(Value::as_array) else {
        return Ok(());
    };
    // `test()` with no argument is `test({})`.
    let input = match inputs.first() {
        Some(v) => Arg::of(v)?,
        None => Arg::Init(UrlPatternInit::default()),
    };
    let input_base = inputs.get(1).and_then(Value::as_str);
    let tested = pattern.test(input.input(), input_base);
    let executed = pattern.exec(input.input(), input_base);
    let expected = case.get("expected_match").ok_or("no expected_match")?;
    if expected.as_str() == Some("error") {
        return match (tested, executed) {
            (Err(_), Err(_)) => Ok(()),
            other => Err(format!("expected errors, got {other:?}")),
        };
    }
    let tested = tested.map_err(|e| format!("test threw: {e}"))?;
    let executed = executed.map_err(|e| format!("exec threw: {e}"))?;
    if expected.is_null() {
        field_eq("test", &false, &tested)?;
        return field_eq("exec", &true, &executed.is_none());
    }
    field_eq("test", &true, &tested)?;
    let result = executed.ok_or("exec returned null")?;
    // The result's inputs: the expected ones, or the entry's.
    let want_inputs = expected
        .get("inputs")
        .and_then(Value::as_array)
        .unwrap_or(inputs);
    let want_inputs: Vec<MatchInput> = want_inputs
        .iter()
        .map(|v| match Arg::of(v) {
            Ok(Arg::Str(s)) => Ok(MatchInput::String(s)),
            Ok(Arg::Init(i)) => Ok(MatchInput::Init(i)),
            Err(e) => Err(e),
        })
        .collect::<Result<_, _>>()?;
    field_eq("inputs", &want_inputs, &result.inputs)?;
    let empty = string_list(case.get("exactly_empty_components"));
    let default_match = Value::Object(vec![
        ("input".to_owned(), Value::String(str_value(""))),
        (
            "groups".to_owned(),
            Value::Object(vec![("0".to_owned(), Value::String(str_value("")))]),
        ),
    ]);
    let empty_match = Value::Object(vec![
        ("input".to_owned(), Value::String(str_value(""))),
        ("groups".to_owned(), Value::Object(vec![])),
    ]);
    for (name, got) in [
        ("protocol", &result.protocol),
        ("username", &result.username),
        ("password", &result.password),
        ("hostname", &result.hostname),
        ("port", &result.port),
        ("pathname", &result.pathname),
        ("search", &result.search),
        ("hash", &result.hash),
    ] {
        let want = match expected.get(name) {
            Some(w) => w,
            None if empty.iter().any(|c| c == name) => &empty_match,
            None => &default_match,
        };
        check_component(name, want, got)?;
    }
    Ok(())
}

fn str_value(s: &str) -> test_support::json::Str {
    test_support::json::Str {
        text: s.to_owned(),
        utf16: s.encode_utf16().collect(),
    }
}

#[test]
fn wpt_urlpatterntestdata() {
    let name = "urlpattern/urlpatterntestdata.json";
    let mut conf = Conformance::new(name);
    for case in load(name).as_array().expect("an array") {
        let label = format!("{:?}", case.get("pattern"));
        conf.check(&label, run_case(case));
    }
    conf.finish();
}

fn pattern_of(value: &Value) -> Result<UrlPattern, String> {
    let arg = Arg::of(value)?;
    UrlPattern::new(arg.input(), None, UrlPatternOptions::default()).map_err(|e| e.to_string())
}

#[test]
fn wpt_urlpattern_compare() {
    let name = "urlpattern/urlpattern-compare-test-data.json";
    let mut conf = Conformance::new(name);
    for case in load(name).as_array().expect("an array") {
        let label = format!(
            "{:?} {:?} {:?}",
            case.get("component"),
            case.get("left"),
            case.get("right")
        );
        let result = (|| {
            let component: ComponentName = case
                .str_field("component")
                .ok_or("no component")?
                .parse()
                .map_err(|()| "unknown component")?;
            let left = pattern_of(case.get("left").ok_or("no left")?)?;
            let right = pattern_of(case.get("right").ok_or("no right")?)?;
            let expected = match case.get("expected").and_then(Value::as_f64) {
                Some(x) if x < 0.0 => Ordering::Less,
                Some(x) if x > 0.0 => Ordering::Greater,
                Some(_) => Ordering::Equal,
                None => return Err("no expected".to_owned()),
            };
            field_eq(
                "left vs right",
                &expected,
                &UrlPattern::compare_component(component, &left, &right),
            )?;
            field_eq(
                "right vs left",
                &expected.reverse(),
                &UrlPattern::compare_component(component, &right, &left),
            )?;
            field_eq(
                "left vs left",
                &Ordering::Equal,
                &UrlPattern::compare_component(component, &left, &left),
            )
        })();
        conf.check(&label, result);
    }
    conf.finish();
}

#[test]
fn wpt_urlpattern_generate() {
    let name = "urlpattern/urlpattern-generate-test-data.json";
    let mut conf = Conformance::new(name);
    for case in load(name).as_array().expect("an array") {
        let label = format!(
            "{:?} {:?} {:?}",
            case.get("pattern"),
            case.get("component"),
            case.get("groups")
        );
        let result = (|| {
            let pattern = pattern_of(case.get("pattern").ok_or("no pattern")?)?;
            let groups: Vec<(String, String)> = case
                .get("groups")
                .and_then(Value::as_object)
                .ok_or("no groups")?
                .iter()
                .map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_owned()))
                .collect();
            let groups: Vec<(&str, &str)> = groups
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect();
            let expected = case.get("expected").and_then(Value::as_str);
            let got = match case
                .str_field("component")
                .ok_or("no component")?
                .parse::<ComponentName>()
            {
                Ok(component) => pattern.generate(component, &groups).ok(),
                Err(()) => None,
            };
            field_eq("generate", &expected, &got.as_deref())
        })();
        conf.check(&label, result);
    }
    conf.finish();
}

#[test]
fn members_are_the_standards() {
    // Every member the harness reads is one of URLPatternInit's.
    assert_eq!(MEMBERS.len(), 9);
}
