//! `--get TEMPLATE`: text with `{component}` placeholders, checked once, rendered per URL. A
//! placeholder may name forms before the component (`{default:port}`, `{idn:host}`,
//! `{url:query:q}`, as trurl's); the command line's forms (`--default-port`, `--as-idn`,
//! `--urlencode`) apply to every placeholder.

use whatwg_url::{Component, Url};

use crate::forms::{Forms, HostForm};
use crate::query::Separator;

/// A placeholder of a template.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Field {
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
    /// trurl's `{options}` and `{zoneid}` (curl's IMAP options and IPv6 zone ID): the
    /// standard has neither (the options are part of the password, and a zone ID is no part
    /// of an IPv6 address), so a URL never has them.
    Absent(&'static str),
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
            "options" => Field::Absent("options"),
            "zoneid" => Field::Absent("zoneid"),
            getter => Field::Component(getter.parse().ok()?),
        })
    }

    /// Appends this field of `url`, in `forms`, to `out`.
    pub fn render(&self, url: &Url, forms: &Forms, separator: Separator, out: &mut String) {
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
            Field::Absent(_) => {}
        }
    }

    /// Whether `url` has this component (`must:`): a scheme and a path always; a username,
    /// password and port when not empty; a host, query and fragment when not null.
    pub fn present(&self, url: &Url) -> bool {
        match self {
            Field::Component(Component::Username) => !url.username().is_empty(),
            Field::Component(Component::Password) => !url.password().is_empty(),
            Field::Component(Component::Port) => !url.port().is_empty(),
            Field::Component(Component::Host | Component::Hostname) => url.host_kind().is_some(),
            Field::Component(Component::Search) | Field::Query => url.query().is_some(),
            Field::Component(Component::Hash) | Field::Fragment => url.fragment().is_some(),
            Field::Absent(_) => false,
            _ => true,
        }
    }

    /// The name a message gives this field.
    pub fn name(&self) -> String {
        match self {
            Field::Component(component) => component.name().to_owned(),
            Field::Scheme => "scheme".into(),
            Field::Query => "query".into(),
            Field::Fragment => "fragment".into(),
            Field::RegistrableDomain => "registrable_domain".into(),
            Field::PublicSuffix => "public_suffix".into(),
            Field::Subdomain => "subdomain".into(),
            Field::Display => "display".into(),
            Field::QueryFirst(key) => format!("query:{key}"),
            Field::QueryAll(key) => format!("query-all:{key}"),
            Field::Absent(name) => (*name).into(),
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

/// Why a template cannot be read: the placeholder as written between its brackets.
#[derive(Debug)]
pub enum TemplateError {
    /// A name that is no component.
    Unknown {
        component: String,
        placeholder: String,
    },
    /// A word before a `:` that is no form.
    Syntax(String),
    /// `puny:` and `idn:` together.
    PunyAndIdn(String),
}

impl std::fmt::Display for TemplateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TemplateError::Unknown { placeholder, .. } => {
                write!(f, "--get: unknown component {{{placeholder}}} (see --help)")
            }
            TemplateError::Syntax(p) => write!(f, "--get: bad syntax: {{{p}}} (see --help)"),
            TemplateError::PunyAndIdn(p) => {
                write!(f, "--get: {{{p}}}: `puny:` and `idn:` exclude each other")
            }
        }
    }
}

/// A placeholder: a field and the forms it names (`None`: the command line's).
#[derive(Debug)]
pub struct Placeholder {
    pub field: Field,
    default_port: bool,
    host: Option<HostForm>,
    /// `url:` or a lone `:`: printed encoded.
    pub encoded: bool,
    /// `strict:`: a value that cannot be decoded is an error, not a note (trurl mode, where
    /// components are printed decoded).
    pub strict: bool,
    /// `must:`: a component the URL does not have is an error, not an empty field.
    pub must: bool,
}

impl Placeholder {
    /// `name` with its forms (a lone `:` first; then `default:`, `puny:`, `idn:`, `url:`,
    /// `strict:`, `must:` in any order), as trurl reads them.
    fn parse(name: &str) -> Result<Placeholder, TemplateError> {
        let mut placeholder = Placeholder {
            field: Field::Component(Component::Href),
            default_port: false,
            host: None,
            encoded: false,
            strict: false,
            must: false,
        };
        let mut rest = name;
        if let Some(tail) = rest.strip_prefix(':') {
            placeholder.encoded = true;
            rest = tail;
        }
        loop {
            let host = |form| match placeholder.host {
                Some(other) if other != form => Err(TemplateError::PunyAndIdn(name.to_owned())),
                _ => Ok(Some(form)),
            };
            let Some((word, tail)) = rest.split_once(':') else {
                break;
            };
            match word {
                "default" => placeholder.default_port = true,
                "puny" => placeholder.host = host(HostForm::Serialized)?,
                "idn" => placeholder.host = host(HostForm::Unicode)?,
                "url" => placeholder.encoded = true,
                "strict" => placeholder.strict = true,
                "must" => placeholder.must = true,
                "query" | "query-all" => break,
                _ => return Err(TemplateError::Syntax(name.to_owned())),
            }
            rest = tail;
        }
        placeholder.field = Field::parse(rest).ok_or_else(|| TemplateError::Unknown {
            component: rest.to_owned(),
            placeholder: name.to_owned(),
        })?;
        Ok(placeholder)
    }

    /// The forms this placeholder prints in, given the command line's.
    pub fn forms(&self, forms: &Forms) -> Forms {
        Forms {
            default_port: forms.default_port || self.default_port,
            host: self.host.unwrap_or(forms.host),
            encoded: forms.encoded || self.encoded,
        }
    }

    fn render(&self, url: &Url, forms: &Forms, separator: Separator, out: &mut String) {
        self.field.render(url, &self.forms(forms), separator, out);
    }
}

/// A part of a template.
#[derive(Debug)]
pub enum Part {
    Text(String),
    Placeholder(Placeholder),
}

/// A parsed template: literal text and placeholders.
#[derive(Debug)]
pub struct Template {
    pub parts: Vec<Part>,
}

impl Template {
    /// Parses `text` as trurl reads a template: the first `{` or `[` in it opens every
    /// placeholder (closed by `}` or `]`), and the other bracket is plain text; the opening
    /// bracket twice is that bracket; an opening bracket that is never closed is plain text;
    /// `\{`, `\[`, `\}`, `\\`, `\t`, `\n`, `\r` stand for those characters, another
    /// backslash for itself; `}}` is `}`. An unknown component or form is a usage error.
    pub fn parse(text: &str) -> Result<Template, TemplateError> {
        let mut parts = Vec::new();
        let mut literal = String::new();
        let mut brackets: Option<(char, char)> = None;
        let mut rest = text;
        while let Some(i) = rest.find(['{', '[', '}', '\\']) {
            let (before, after) = rest.split_at(i);
            literal.push_str(before);
            let mut chars = after.chars();
            let (first, second) = (chars.next().unwrap_or_default(), chars.next());
            if first == '\\' {
                let escaped = match second {
                    Some(c @ ('{' | '[' | '}' | '\\')) => c,
                    Some('t') => '\t',
                    Some('n') => '\n',
                    Some('r') => '\r',
                    _ => {
                        literal.push('\\');
                        rest = &after[1..];
                        continue;
                    }
                };
                literal.push(escaped);
                rest = &after[2..];
                continue;
            }
            if first == '}' && second == Some('}') && brackets.is_none_or(|(open, _)| open == '{') {
                literal.push('}');
                rest = &after[2..];
                continue;
            }
            if first == '}' {
                literal.push('}');
                rest = &after[1..];
                continue;
            }
            let (open, close) = *brackets.get_or_insert(match first {
                '[' => ('[', ']'),
                _ => ('{', '}'),
            });
            if first != open {
                literal.push(first);
                rest = &after[1..];
                continue;
            }
            if second == Some(open) {
                literal.push(open);
                rest = &after[2..];
                continue;
            }
            let tail = &after[1..];
            let Some(end) = tail.find(close) else {
                literal.push(open);
                rest = tail;
                continue;
            };
            parts.push(Part::Text(std::mem::take(&mut literal)));
            parts.push(Part::Placeholder(Placeholder::parse(&tail[..end])?));
            rest = &tail[end + 1..];
        }
        literal.push_str(rest);
        parts.push(Part::Text(literal));
        Ok(Template { parts })
    }

    /// Why `url` cannot fill the template: a component a `must:` placeholder names and the
    /// URL lacks.
    pub fn missing(&self, url: &Url) -> Result<(), String> {
        for part in &self.parts {
            if let Part::Placeholder(p) = part
                && p.must
                && !p.field.present(url)
            {
                return Err(format!("--get: the URL has no {} (must:)", p.field.name()));
            }
        }
        Ok(())
    }

    /// Whether a placeholder says `must:`.
    pub fn has_must(&self) -> bool {
        self.parts
            .iter()
            .any(|part| matches!(part, Part::Placeholder(p) if p.must))
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
        assert!(Template::parse("{nope}").is_err());
        assert!(Template::parse("{nope:host}").is_err());
        // trurl's syntax: `[component]` when `[` comes first, an unclosed bracket as text.
        for (template, rendered) in [
            ("[scheme] {host}", "https {host}"),
            ("{scheme} [x]", "https [x]"),
            ("[[[scheme]]", "[https]"),
            ("{href", "{href"),
            ("a } b", "a } b"),
            ("} [scheme]", "} https"),
            ("\\[{scheme}", "[https"),
            ("{strict:must:query}", "x=1&x=2&y=%20"),
        ] {
            assert_eq!(render(template), rendered, "{template}");
        }
        let must = Template::parse("{must:fragment}{options}").unwrap();
        assert!(must.has_must());
        assert!(must.missing(&url).is_ok());
        let bare = Url::parse("https://h/", None).unwrap();
        assert!(must.missing(&bare).unwrap_err().contains("no fragment"));
    }
}
