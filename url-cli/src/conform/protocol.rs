//! The line protocol of `wurl conform` (docs/conformance-for-others.md): requests as JSON lines,
//! answers read back, and this project's own answer to each request.

use std::borrow::Cow;

use serde_json::Value;
use whatwg_url::{Component, Url};

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
    /// The implementation does not do this operation.
    Unsupported,
}

impl Request {
    /// Appends the request's JSON line (without the newline) to `out`.
    pub fn write_line(&self, out: &mut String) {
        match self {
            Request::Parse { input, base } => {
                out.push_str("{\"op\":\"parse\",\"input\":");
                push_string(out, input);
                out.push_str(",\"base\":");
                match base {
                    Some(base) => push_string(out, base),
                    None => out.push_str("null"),
                }
            }
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
        }
        out.push('}');
    }

    /// The text whose characters a minimizer removes: the input, or the setter's value.
    pub fn text(&self) -> &str {
        match self {
            Request::Parse { input, .. } => input,
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
            Answer::Failure => out.push_str("{\"failure\":true}"),
            Answer::Unsupported => out.push_str("{\"unsupported\":true}"),
        }
    }
}

/// This project's answer: the standard's.
pub fn ours(request: &Request) -> Answer {
    match request {
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
}
