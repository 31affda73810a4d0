//! The line protocol of `wurl conform` (docs/conformance-for-others.md): requests as JSON lines,
//! answers read back, and this project's own answer to each request.

use std::borrow::Cow;

use serde_json::Value;
use whatwg_url::{Component, Url, is_valid_url_string_against};

use super::json_line::{push_string, read_fields};

/// One question to the implementation under test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// `new URL(input, base)`.
    Parse { input: String, base: Option<String> },
    /// `url = new URL(href); url[setter] = value`.
    Set {
        href: String,
        setter: Component,
        value: String,
    },
    /// Whether `input` is a valid URL string against `base` (spec 4.3), and the validation
    /// errors the URL parser reports on it, in order (spec 4.4): opt-in (`--validation`), for
    /// an implementation that reports them.
    Validate { input: String, base: Option<String> },
}

/// The eleven components in the `URL` interface's order ([`Component::ALL`]).
pub type Components = [String; 11];

/// What an implementation answers to one request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The URL's components.
    Url(Box<Components>),
    /// The parse failed (`new URL` throws; for `set`, the href did not parse).
    Failure,
    /// What validating the input gives (`validate`).
    Validation(Box<Validation>),
    /// The implementation does not do this operation.
    Unsupported,
}

/// The answer to `validate`: `{"valid":BOOL,"errors":[NAME…],"parses":BOOL}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Validation {
    /// The input is a valid URL string against the base (spec 4.3).
    pub valid: bool,
    /// The validation errors the URL parser reports, by the names of the spec's table (1.1), in
    /// the order reported.
    pub errors: Vec<String>,
    /// The URL parser returns a URL (not failure).
    pub parses: bool,
}

impl Request {
    /// Appends the request's JSON line (without the newline) to `out`.
    pub fn write_line(&self, out: &mut String) {
        // `{"op":OP,"input":S,"base":S or null`
        let input_and_base = |out: &mut String, op: &str, input: &str, base: Option<&str>| {
            out.push_str(r#"{"op":""#);
            out.push_str(op);
            out.push_str(r#"","input":"#);
            push_string(out, input);
            out.push_str(r#","base":"#);
            match base {
                Some(base) => push_string(out, base),
                None => out.push_str("null"),
            }
        };
        match self {
            Request::Parse { input, base } => input_and_base(out, "parse", input, base.as_deref()),
            Request::Set {
                href,
                setter,
                value,
            } => {
                out.push_str("{\"op\":\"set\",\"href\":");
                push_string(out, href);
                out.push_str(",\"setter\":\"");
                out.push_str(setter.name());
                out.push_str("\",\"value\":");
                push_string(out, value);
            }
            Request::Validate { input, base } => {
                input_and_base(out, "validate", input, base.as_deref());
            }
        }
        out.push('}');
    }

    /// The text whose characters a minimizer removes: the input, or the setter's value.
    pub fn text(&self) -> &str {
        match self {
            Request::Parse { input, .. } | Request::Validate { input, .. } => input,
            Request::Set { value, .. } => value,
        }
    }

    /// The same request with [`Request::text`] replaced.
    pub fn with_text(&self, text: String) -> Request {
        match self {
            Request::Parse { base, .. } => Request::Parse {
                input: text,
                base: base.clone(),
            },
            Request::Set { href, setter, .. } => Request::Set {
                href: href.clone(),
                setter: *setter,
                value: text,
            },
            Request::Validate { base, .. } => Request::Validate {
                input: text,
                base: base.clone(),
            },
        }
    }

    /// A short human-readable form: `parse "input" against "base"`, `set pathname "v" on "href"`.
    pub fn describe(&self) -> String {
        match self {
            Request::Parse { input, base: None } => format!("parse {input:?}"),
            Request::Parse {
                input,
                base: Some(base),
            } => format!("parse {input:?} against {base:?}"),
            Request::Set {
                href,
                setter,
                value,
            } => format!("set {setter} to {value:?} on {href:?}"),
            Request::Validate { input, base: None } => format!("validate {input:?}"),
            Request::Validate {
                input,
                base: Some(base),
            } => format!("validate {input:?} against {base:?}"),
        }
    }

    /// The request as a JSON value (for `--json` reports).
    pub fn to_json(&self) -> Value {
        let mut line = String::new();
        self.write_line(&mut line);
        serde_json::from_str(&line).unwrap_or(Value::Null)
    }
}

impl Answer {
    /// Reads one answer line. `Err` names what is wrong with it.
    pub fn from_line(line: &str) -> Result<Answer, String> {
        if let Some(fields) = read_fields(line) {
            if fields.failure {
                return Ok(Answer::Failure);
            }
            if fields.unsupported {
                return Ok(Answer::Unsupported);
            }
            let mut components = Components::default();
            for ((slot, found), component) in components
                .iter_mut()
                .zip(fields.components)
                .zip(Component::ALL)
            {
                *slot =
                    found.ok_or_else(|| format!("no `{component}`, `failure` or `unsupported`"))?;
            }
            return Ok(Answer::Url(Box::new(components)));
        }
        let text = replace_lone_surrogates(line);
        let value: Value = serde_json::from_str(&text).map_err(|e| format!("not JSON ({e})"))?;
        let object = value.as_object().ok_or("not a JSON object")?;
        if object.get("failure").and_then(Value::as_bool) == Some(true) {
            return Ok(Answer::Failure);
        }
        if object.get("unsupported").and_then(Value::as_bool) == Some(true) {
            return Ok(Answer::Unsupported);
        }
        if object.contains_key("valid") {
            return Validation::from_object(object).map(|v| Answer::Validation(Box::new(v)));
        }
        let mut components = Components::default();
        for (slot, component) in components.iter_mut().zip(Component::ALL) {
            *slot = match object.get(component.name()) {
                Some(Value::String(s)) => s.clone(),
                Some(_) => return Err(format!("`{component}` is not a string")),
                None => return Err(format!("no `{component}`, `failure` or `unsupported`")),
            };
        }
        Ok(Answer::Url(Box::new(components)))
    }

    /// The answer as a JSON value (the protocol's own shape).
    pub fn to_json(&self) -> Value {
        match self {
            Answer::Url(components) => Value::Object(
                Component::ALL
                    .iter()
                    .zip(components.iter())
                    .map(|(c, v)| (c.name().to_owned(), Value::from(v.as_str())))
                    .collect(),
            ),
            Answer::Validation(v) => serde_json::json!({
                "valid": v.valid,
                "errors": v.errors,
                "parses": v.parses,
            }),
            Answer::Failure => serde_json::json!({ "failure": true }),
            Answer::Unsupported => serde_json::json!({ "unsupported": true }),
        }
    }

    /// Appends the answer's line (without the newline) to `out`.
    pub fn write_line(&self, out: &mut String) {
        match self {
            Answer::Url(components) => {
                for (i, (c, v)) in Component::ALL.iter().zip(components.iter()).enumerate() {
                    out.push_str(if i == 0 { "{\"" } else { ",\"" });
                    out.push_str(c.name());
                    out.push_str("\":");
                    push_string(out, v);
                }
                out.push('}');
            }
            Answer::Validation(v) => {
                out.push_str(if v.valid {
                    r#"{"valid":true,"errors":["#
                } else {
                    r#"{"valid":false,"errors":["#
                });
                for (i, name) in v.errors.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    push_string(out, name);
                }
                out.push_str(if v.parses {
                    r#"],"parses":true}"#
                } else {
                    r#"],"parses":false}"#
                });
            }
            Answer::Failure => out.push_str("{\"failure\":true}"),
            Answer::Unsupported => out.push_str("{\"unsupported\":true}"),
        }
    }
}

impl Validation {
    /// This project's answer to `validate`: `None` when the base does not parse (the request
    /// is then a failure, as a parse against it is).
    pub fn of(input: &str, base: Option<&str>) -> Option<Validation> {
        let parsed_base = match base {
            Some(base) => Some(Url::parse(base, None).ok()?),
            None => None,
        };
        let (parsed, reported) = Url::parse_with_validation(input, base);
        Some(Validation {
            valid: is_valid_url_string_against(input, parsed_base.as_ref()),
            errors: reported.iter().map(|r| r.error.name().to_owned()).collect(),
            parses: parsed.is_ok(),
        })
    }

    fn from_object(object: &serde_json::Map<String, Value>) -> Result<Validation, String> {
        let flag = |key: &str| {
            object
                .get(key)
                .and_then(Value::as_bool)
                .ok_or_else(|| format!("`{key}` is not a boolean"))
        };
        let errors = object
            .get("errors")
            .and_then(Value::as_array)
            .ok_or("`errors` is not an array")?
            .iter()
            .map(|name| name.as_str().map(str::to_owned))
            .collect::<Option<Vec<_>>>()
            .ok_or("an error name is not a string")?;
        Ok(Validation {
            valid: flag("valid")?,
            errors,
            parses: flag("parses")?,
        })
    }
}

/// This project's answer: the standard's.
pub fn ours(request: &Request) -> Answer {
    match request {
        Request::Validate { input, base } => Validation::of(input, base.as_deref())
            .map_or(Answer::Failure, |v| Answer::Validation(Box::new(v))),
        Request::Parse { input, base } => match Url::parse(input, base.as_deref()) {
            Ok(url) => Answer::Url(Box::new(components_of(&url))),
            Err(_) => Answer::Failure,
        },
        Request::Set {
            href,
            setter,
            value,
        } => match Url::parse(href, None) {
            Ok(mut url) => {
                // A setter that throws (`href` given a string that does not parse) leaves the
                // URL as it was (spec 6.1, the href setter, step 2).
                let _ = url.set_component(*setter, value);
                Answer::Url(Box::new(components_of(&url)))
            }
            Err(_) => Answer::Failure,
        },
    }
}

/// Whether `answer` is this project's answer to `request` (what [`ours`] gives, compared
/// without copying the components).
pub fn agrees(request: &Request, answer: &Answer) -> bool {
    let url = match request {
        Request::Validate { .. } => return ours(request) == *answer,
        Request::Parse { input, base } => Url::parse(input, base.as_deref()),
        Request::Set {
            href,
            setter,
            value,
        } => Url::parse(href, None).map(|mut url| {
            let _ = url.set_component(*setter, value);
            url
        }),
    };
    match (url, answer) {
        (Ok(url), Answer::Url(theirs)) => Component::ALL
            .iter()
            .zip(theirs.iter())
            .all(|(c, theirs)| url.component(*c) == theirs.as_str()),
        (Err(_), Answer::Failure) => true,
        _ => false,
    }
}

/// The eleven getters of `url`.
pub fn components_of(url: &Url) -> Components {
    Component::ALL.map(|c| url.component(c).into_owned())
}

/// JSON text with each escaped lone UTF-16 surrogate (`\uD800` without its pair) replaced by
/// `\uFFFD`, as a browser's USVString conversion replaces it before the parser sees the string.
/// serde_json refuses lone surrogates; the WPT fixtures hold some.
pub fn replace_lone_surrogates(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let surrogate_at = |i: usize| -> Option<u16> {
        let escape = bytes.get(i..i + 6)?;
        if escape.get(..2)? != b"\\u" {
            return None;
        }
        let hex = std::str::from_utf8(escape.get(2..)?).ok()?;
        u16::from_str_radix(hex, 16)
            .ok()
            .filter(|u| (0xD800..0xE000).contains(u))
    };
    if !text.contains("\\u") {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut copied = 0;
    while i < bytes.len() {
        if bytes.get(i) != Some(&b'\\') {
            i += 1;
            continue;
        }
        match surrogate_at(i) {
            Some(0xD800..=0xDBFF)
                if surrogate_at(i + 6).is_some_and(|low| (0xDC00..0xE000).contains(&low)) =>
            {
                i += 12;
            }
            Some(_) => {
                out.push_str(text.get(copied..i).unwrap_or_default());
                out.push_str("\\uFFFD");
                i += 6;
                copied = i;
            }
            // Any other escape (`\\` included) is two characters at least: skip both, so that
            // `\\uD800` (a backslash, then text) is left alone.
            None => i += 2,
        }
    }
    out.push_str(text.get(copied..).unwrap_or_default());
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lone_surrogates_become_replacement_characters() {
        let fix = |s: &str| replace_lone_surrogates(s).into_owned();
        assert_eq!(fix(r#""a\uD800b""#), r#""a\uFFFDb""#);
        assert_eq!(fix(r#""\uDC00""#), r#""\uFFFD""#);
        assert_eq!(fix(r#""\uD83D\uDE00""#), r#""\uD83D\uDE00""#);
        assert_eq!(fix(r#""\\uD800""#), r#""\\uD800""#);
        assert_eq!(fix(r#""\uD800\uD800""#), r#""\uFFFD\uFFFD""#);
        let value: Value = serde_json::from_str(&fix(r#""x\uDBFF""#)).unwrap();
        assert_eq!(value, "x\u{FFFD}");
    }

    #[test]
    fn requests_are_json_lines() {
        let mut line = String::new();
        Request::Parse {
            input: "a\n\"b".into(),
            base: None,
        }
        .write_line(&mut line);
        assert_eq!(line, r#"{"op":"parse","input":"a\n\"b","base":null}"#);
        line.clear();
        Request::Set {
            href: "https://x/".into(),
            setter: Component::Pathname,
            value: "/é".into(),
        }
        .write_line(&mut line);
        assert_eq!(
            line,
            r#"{"op":"set","href":"https://x/","setter":"pathname","value":"/é"}"#
        );
    }

    fn to_line(answer: &Answer) -> String {
        let mut line = String::new();
        answer.write_line(&mut line);
        line
    }

    #[test]
    fn answers_read_back() {
        let ours = ours(&Request::Parse {
            input: "HTTP://EXAMPLE.com:80/a/../b?q#f".into(),
            base: None,
        });
        let Answer::Url(components) = &ours else {
            panic!("parses")
        };
        assert_eq!(components[0], "http://example.com/b?q#f");
        assert_eq!(Answer::from_line(&to_line(&ours)), Ok(ours.clone()));
        let request = Request::Parse {
            input: "HTTP://EXAMPLE.com:80/a/../b?q#f".into(),
            base: None,
        };
        assert!(agrees(&request, &ours));
        assert!(!agrees(&request, &Answer::Failure));
        assert_eq!(
            Answer::from_line(r#"{"failure":true}"#),
            Ok(Answer::Failure)
        );
        assert_eq!(
            Answer::from_line(r#"{"unsupported":true}"#),
            Ok(Answer::Unsupported)
        );
        assert!(
            Answer::from_line("oops")
                .unwrap_err()
                .starts_with("not JSON")
        );
        assert_eq!(
            Answer::from_line(r#"{"href":"x"}"#),
            Err("no `origin`, `failure` or `unsupported`".into())
        );
        assert_eq!(Answer::from_line("[1]"), Err("not a JSON object".into()));
    }

    #[test]
    fn a_throwing_setter_leaves_the_url() {
        let answer = ours(&Request::Set {
            href: "https://x/y".into(),
            setter: Component::Href,
            value: "not a url".into(),
        });
        let Answer::Url(components) = answer else {
            panic!("the href parses")
        };
        assert_eq!(components[0], "https://x/y");
    }

    #[test]
    fn validate_asks_for_the_errors_in_order() {
        let request = Request::Validate {
            input: " https://user@example.org/%s ".into(),
            base: None,
        };
        let mut line = String::new();
        request.write_line(&mut line);
        assert_eq!(
            line,
            r#"{"op":"validate","input":" https://user@example.org/%s ","base":null}"#
        );
        let answer = ours(&request);
        let Answer::Validation(v) = &answer else {
            panic!("validates")
        };
        // whatwg-url's test/validation.js: the order of the parser's steps, repeats kept.
        assert_eq!(
            v.errors,
            [
                "invalid-URL-unit",
                "invalid-credentials",
                "invalid-URL-unit"
            ]
        );
        assert!(!v.valid && v.parses);
        assert_eq!(
            to_line(&answer),
            r#"{"valid":false,"errors":["invalid-URL-unit","invalid-credentials","invalid-URL-unit"],"parses":true}"#
        );
        assert_eq!(Answer::from_line(&to_line(&answer)), Ok(answer.clone()));
        assert!(agrees(&request, &answer));
        assert!(!agrees(&request, &Answer::Failure));

        let valid = ours(&Request::Validate {
            input: "path/../file".into(),
            base: Some("https://example.com/".into()),
        });
        assert_eq!(
            to_line(&valid),
            r#"{"valid":true,"errors":[],"parses":true}"#
        );
        // Against a base that does not parse: a failure, as `parse` against it is.
        assert_eq!(
            ours(&Request::Validate {
                input: "a".into(),
                base: Some("b".into()),
            }),
            Answer::Failure
        );
        assert_eq!(
            Answer::from_line(r#"{"valid":1,"errors":[],"parses":true}"#),
            Err("`valid` is not a boolean".into())
        );
        assert_eq!(
            Answer::from_line(r#"{"valid":true,"errors":[1],"parses":true}"#),
            Err("an error name is not a string".into())
        );
    }
}
