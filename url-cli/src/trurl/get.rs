//! What trurl mode prints of a URL: its components by trurl's names, decoded unless asked
//! for encoded; `--get` templates; the JSON object of `--json`.

use std::borrow::Cow;

use serde_json::{Map, Value, json};
use whatwg_url::{Component, HostKind, Url};

use super::pairs;
use super::report::{Fatal, note};
use crate::forms::Forms;
use crate::template::{Field, Part, Template};

/// trurl's `--get` errors' exit code.
const EXIT_GET: u8 = 10;

/// trurl's components, in its order, and the standard's component each one is (`None`: curl's
/// IMAP options and IPv6 zone ID, which the standard does not have).
pub const COMPONENTS: [(&str, Option<Component>); 10] = [
    ("scheme", Some(Component::Protocol)),
    ("user", Some(Component::Username)),
    ("password", Some(Component::Password)),
    ("options", None),
    ("host", Some(Component::Hostname)),
    ("port", Some(Component::Port)),
    ("path", Some(Component::Pathname)),
    ("query", Some(Component::Search)),
    ("fragment", Some(Component::Hash)),
    ("zoneid", None),
];

/// trurl's component `name` of `url`, encoded (as the URL holds it), in `forms`; `None` when
/// the URL has none (no user, password, host, port, query or fragment).
pub fn component<'a>(url: &'a Url, name: &str, forms: &Forms) -> Option<Cow<'a, str>> {
    let nonempty = |s: Cow<'a, str>| (!s.is_empty()).then_some(s);
    match name {
        "scheme" => Some(Cow::Borrowed(url.scheme())),
        "user" => nonempty(Cow::Borrowed(url.username())),
        "password" => nonempty(Cow::Borrowed(url.password())),
        "host" => match url.host_kind() {
            None | Some(HostKind::Empty) => None,
            Some(_) => Some(forms.hostname(url)),
        },
        "port" => nonempty(forms.port(url)),
        "path" => Some(Cow::Borrowed(url.pathname())),
        "query" => url.query().map(Cow::Borrowed),
        "fragment" => url.fragment().map(Cow::Borrowed),
        _ => None,
    }
}

/// The trurl name of a template's field, where it has one.
fn trurl_name(field: &Field) -> Option<&'static str> {
    Some(match field {
        Field::Scheme => "scheme",
        Field::Component(Component::Username) => "user",
        Field::Component(Component::Password) => "password",
        Field::Component(Component::Host | Component::Hostname) => "host",
        Field::Component(Component::Port) => "port",
        Field::Component(Component::Pathname) => "path",
        Field::Query => "query",
        Field::Fragment => "fragment",
        Field::Absent(name) => name,
        _ => return None,
    })
}

/// The text of decoded bytes (a byte sequence that is not UTF-8 gets U+FFFD).
fn text(bytes: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(bytes)
}

/// The values of the pairs named `key` in the query of `url` (split at `separator`):
/// decoded (a NUL byte in a value printed as `.`), or in trurl's encoded form.
fn query_values(url: &Url, key: &str, separator: char, encoded: bool) -> Vec<String> {
    let mut values = Vec::new();
    for pair in pairs::split(url.query().unwrap_or_default(), separator) {
        if encoded {
            let pair = pairs::normalize(pair);
            if let Some((name, value)) = pair.split_once('=')
                && name == key
            {
                values.push(value.to_owned());
            }
        } else if let (name, Some(value)) = pairs::decoded(pair)
            && name == key.as_bytes()
        {
            let value: Vec<u8> = value
                .iter()
                .map(|&b| if b == 0 { b'.' } else { b })
                .collect();
            values.push(text(&value).into_owned());
        }
    }
    values
}

/// `template` filled from `url`, as trurl fills it: components decoded unless `url:`, `:`
/// or `--urlencode` ask for them encoded; a component the URL lacks is empty, or an error with
/// `must:`; a decoded value with a NUL byte is a note and empty, or an error with `strict:`.
pub fn render(
    template: &Template,
    url: &Url,
    forms: &Forms,
    separator: char,
    quiet: bool,
) -> Result<String, Fatal> {
    let mut out = String::new();
    for part in &template.parts {
        let placeholder = match part {
            Part::Text(text) => {
                out.push_str(text);
                continue;
            }
            Part::Placeholder(placeholder) => placeholder,
        };
        let forms = placeholder.forms(forms);
        match &placeholder.field {
            Field::QueryFirst(key) | Field::QueryAll(key) => {
                let values = query_values(url, key, separator, forms.encoded);
                match placeholder.field {
                    Field::QueryFirst(_) => out.push_str(values.first().map_or("", String::as_str)),
                    _ => out.push_str(&values.join(" ")),
                }
            }
            Field::Component(Component::Href) => out.push_str(&forms.href(url)),
            field => match trurl_name(field) {
                Some(name) => {
                    let Some(value) = component(url, name, &forms) else {
                        if placeholder.must {
                            return Err(Fatal::usage(EXIT_GET, format!("missing must:{name}")));
                        }
                        continue;
                    };
                    if forms.encoded || matches!(name, "scheme" | "port") {
                        out.push_str(&value);
                        continue;
                    }
                    let decoded = pairs::decode(&value);
                    if decoded.contains(&0) {
                        if placeholder.strict {
                            return Err(Fatal::usage(
                                EXIT_GET,
                                format!("problems URL decoding {name}"),
                            ));
                        }
                        if !quiet {
                            note(&format!(
                                "URL decode error, most likely because of rubbish in the input ({name})"
                            ));
                        }
                        continue;
                    }
                    out.push_str(&text(&decoded));
                }
                // The names trurl does not have are wurl's, printed as wurl prints them.
                None => field.render(url, &forms, crate::query::Separator::default(), &mut out),
            },
        }
    }
    Ok(out)
}

/// The JSON object trurl prints for `url`: `url`, the `parts` it has (decoded unless
/// `encoded`), and `params` (the query's pairs, decoded) when it has a query.
pub fn json_object(url: &Url, forms: &Forms, separator: char, encoded: bool) -> Value {
    let mut parts = Map::new();
    for (name, _) in COMPONENTS {
        let Some(value) = component(url, name, forms) else {
            continue;
        };
        let value = if encoded || matches!(name, "scheme" | "port") {
            value.into_owned()
        } else if name == "query" {
            text(&pairs::decode(&value.replace('+', " "))).into_owned()
        } else {
            text(&pairs::decode(&value)).into_owned()
        };
        parts.insert(name.into(), json!(value));
    }
    let mut object = Map::new();
    object.insert("url".into(), json!(forms.href(url)));
    object.insert("parts".into(), Value::Object(parts));
    if let Some(query) = url.query().filter(|q| !q.is_empty()) {
        let params: Vec<Value> = pairs::split(query, separator)
            .map(|pair| {
                let (name, value) = pairs::decoded(pair);
                json!({ "key": text(&name), "value": text(&value.unwrap_or_default()) })
            })
            .collect();
        object.insert("params".into(), Value::Array(params));
    }
    Value::Object(object)
}
