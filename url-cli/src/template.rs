//! `--get TEMPLATE`: text with `{component}` placeholders, checked once, rendered per URL. A
//! placeholder may name forms before the component (`{default:port}`, `{idn:host}`,
//! `{url:query:q}`, as trurl's); the command line's forms (`--default-port`, `--as-idn`,
//! `--urlencode`) apply to every placeholder.

use whatwg_url::{Component, Url};

use crate::forms::{Forms, HostForm};
use crate::query::Separator;

/// A placeholder of a template.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Field {
    /// A getter of the `URL` interface (spec 6.1), by its name.
    Component(Component),
    /// The scheme, without the `:` of `protocol`.
    Scheme,
    /// The query, without the `?` of `search`.
    Query,
    /// The fragment, without the `#` of `hash`.
    Fragment,
    RegistrableDomain,
    PublicSuffix,
    Subdomain,
    Display,
    /// `{query:KEY}`: the first value of KEY.
    QueryFirst(String),
    /// `{query-all:KEY}`: every value of KEY, separated by a space (as trurl).
    QueryAll(String),
}

impl Field {
    /// A getter's name (`{hostname}`), trurl's (`{url}`, `{user}`, `{path}`, `{scheme}`,
    /// `{query}`, `{fragment}`, `{query:KEY}`, …) or one of the host's domain parts.
    fn parse(name: &str) -> Option<Field> {
        if let Some(key) = name.strip_prefix("query:") {
            return Some(Field::QueryFirst(key.to_owned()));
        }
        if let Some(key) = name.strip_prefix("query-all:") {
            return Some(Field::QueryAll(key.to_owned()));
        }
        Some(match name {
            "url" => Field::Component(Component::Href),
            "user" => Field::Component(Component::Username),
            "path" => Field::Component(Component::Pathname),
            "scheme" => Field::Scheme,
            "query" => Field::Query,
            "fragment" => Field::Fragment,
            "registrable_domain" | "apex" => Field::RegistrableDomain,
            "public_suffix" | "tld" => Field::PublicSuffix,
            "subdomain" => Field::Subdomain,
            "display" => Field::Display,
            getter => Field::Component(getter.parse().ok()?),
        })
    }

    fn render(&self, url: &Url, forms: &Forms, separator: Separator, out: &mut String) {
        match self {
            // The components the forms change (the host's form, the default port).
            Field::Component(Component::Href) => out.push_str(&forms.href(url)),
            Field::Component(Component::Host) => out.push_str(&forms.host(url)),
            Field::Component(Component::Hostname) => out.push_str(&forms.hostname(url)),
            Field::Component(Component::Port) => out.push_str(&forms.port(url)),
            Field::Component(Component::Origin) => out.push_str(&forms.origin(url)),
            Field::Component(component) => {
                // Writing to a String never fails.
                let _ = url.write_component(*component, out);
            }
            Field::Scheme => out.push_str(url.scheme()),
            Field::Query => out.push_str(url.query().unwrap_or_default()),
            Field::Fragment => out.push_str(url.fragment().unwrap_or_default()),
            Field::RegistrableDomain => out.push_str(url.registrable_domain().unwrap_or_default()),
            Field::PublicSuffix => out.push_str(url.public_suffix().unwrap_or_default()),
            Field::Subdomain => out.push_str(subdomain(url)),
            Field::Display => out.push_str(&url.to_display_string()),
            Field::QueryFirst(key) => {
                let params = separator.params(url);
                out.push_str(&forms.query_value(params.get(key).unwrap_or_default()));
            }
            Field::QueryAll(key) => {
                let params = separator.params(url);
                let values: Vec<_> = params
                    .get_all(key)
                    .into_iter()
                    .map(|v| forms.query_value(v))
                    .collect();
                out.push_str(&values.join(" "));
            }
        }
    }
}

/// The labels of the hostname before its registrable domain (`www` of `www.example.co.uk`).
pub fn subdomain(url: &Url) -> &str {
    let hostname = url.hostname();
    match url.registrable_domain() {
        Some(apex) if hostname.len() > apex.len() => hostname
            .strip_suffix(apex)
            .and_then(|s| s.strip_suffix('.'))
            .unwrap_or_default(),
        _ => "",
    }
}

/// A placeholder: a field and the forms it names (`None`: the command line's).
#[derive(Debug)]
struct Placeholder {
    field: Field,
    default_port: bool,
    host: Option<HostForm>,
    encoded: bool,
}

impl Placeholder {
    /// `name` with its forms (`default:`, `puny:`, `idn:`, `url:` or a lone `:`, in any order).
    fn parse(name: &str) -> Result<Placeholder, String> {
        let mut placeholder = Placeholder {
            field: Field::Component(Component::Href),
            default_port: false,
            host: None,
            encoded: false,
        };
        let mut rest = name;
        loop {
            let host = |form| match placeholder.host {
                Some(other) if other != form => Err(format!(
                    "--get: {{{name}}}: `puny:` and `idn:` exclude each other"
                )),
                _ => Ok(Some(form)),
            };
            if let Some(tail) = rest.strip_prefix("default:") {
                placeholder.default_port = true;
                rest = tail;
            } else if let Some(tail) = rest.strip_prefix("puny:") {
                placeholder.host = host(HostForm::Serialized)?;
                rest = tail;
            } else if let Some(tail) = rest.strip_prefix("idn:") {
                placeholder.host = host(HostForm::Unicode)?;
                rest = tail;
            } else if let Some(tail) = rest.strip_prefix("url:").or_else(|| rest.strip_prefix(':'))
            {
                placeholder.encoded = true;
                rest = tail;
            } else {
                break;
            }
        }
        placeholder.field = Field::parse(rest)
            .ok_or_else(|| format!("--get: unknown component {{{name}}} (see --help)"))?;
        Ok(placeholder)
    }

    fn render(&self, url: &Url, forms: &Forms, separator: Separator, out: &mut String) {
        let forms = Forms {
            default_port: forms.default_port || self.default_port,
            host: self.host.unwrap_or(forms.host),
            encoded: forms.encoded || self.encoded,
        };
        self.field.render(url, &forms, separator, out);
    }
}

/// A part of a template.
#[derive(Debug)]
enum Part {
    Text(String),
    Placeholder(Placeholder),
}

/// A parsed template: literal text and placeholders.
#[derive(Debug)]
pub struct Template {
    parts: Vec<Part>,
}

impl Template {
    /// Parses `text`; an unknown or unclosed placeholder is a usage error. `{{`, `}}` and
    /// trurl's backslash sequences (`\{`, `\}`, `\\`, `\t`, `\n`, `\r`) are literal
    /// text; another backslash is itself.
    pub fn parse(text: &str) -> Result<Template, String> {
        let mut parts = Vec::new();
        let mut literal = String::new();
        let mut rest = text;
        while let Some(i) = rest.find(['{', '}', '\\']) {
            let (before, after) = rest.split_at(i);
            literal.push_str(before);
            let mut chars = after.chars();
            let (first, second) = (chars.next(), chars.next());
            match (first, second) {
                (Some('{'), Some('{')) | (Some('\\'), Some('{')) => literal.push('{'),
                (Some('}'), Some('}')) | (Some('\\'), Some('}')) => literal.push('}'),
                (Some('\\'), Some('\\')) => literal.push('\\'),
                (Some('\\'), Some('t')) => literal.push('\t'),
                (Some('\\'), Some('n')) => literal.push('\n'),
                (Some('\\'), Some('r')) => literal.push('\r'),
                (Some('\\'), _) => {
                    literal.push('\\');
                    rest = &after[1..];
                    continue;
                }
                (Some('{'), _) => {
                    let tail = &after[1..];
                    let end = tail
                        .find('}')
                        .ok_or_else(|| format!("--get: unclosed `{{` in {text:?}"))?;
                    parts.push(Part::Text(std::mem::take(&mut literal)));
                    parts.push(Part::Placeholder(Placeholder::parse(&tail[..end])?));
                    rest = &tail[end + 1..];
                    continue;
                }
                _ => return Err(format!("--get: a lone `}}` in {text:?} (write `}}}}`)")),
            }
            rest = &after[2..];
        }
        literal.push_str(rest);
        parts.push(Part::Text(literal));
        Ok(Template { parts })
    }

    /// The template with `url`'s components, in `forms`, query pairs split at `separator`.
    pub fn render(&self, url: &Url, forms: &Forms, separator: Separator) -> String {
        let mut out = String::new();
        for part in &self.parts {
            match part {
                Part::Text(text) => out.push_str(text),
                Part::Placeholder(placeholder) => {
                    placeholder.render(url, forms, separator, &mut out);
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates() {
        let url = Url::parse("https://u:p@www.example.co.uk:81/a/b?x=1&x=2&y=%20#f", None).unwrap();
        let render = |t: &str| {
            Template::parse(t)
                .unwrap()
                .render(&url, &Forms::default(), Separator::default())
        };
        for (template, rendered) in [
            ("{hostname} {port}{pathname}", "www.example.co.uk 81/a/b"),
            ("{apex}|{tld}|{subdomain}", "example.co.uk|co.uk|www"),
            (
                "{query:x} {query-all:x} [{query:y}] [{query:z}]",
                "1 1 2 [ ] []",
            ),
            ("{{{scheme}}}", "{https}"),
            ("\\{x\\}\\t\\\\\\d", "{x}\t\\\\d"),
            ("{default:port}|{:query:y}|{url:query-all:x}", "81|+|1 2"),
        ] {
            assert_eq!(render(template), rendered, "{template}");
        }
        assert!(Template::parse("{puny:idn:host}").is_err());
        assert!(Template::parse("{must:host}").is_err());
        assert!(Template::parse("{nope}").is_err());
        assert!(Template::parse("{href").is_err());
        assert!(Template::parse("a } b").is_err());
    }
}
