//! `--get TEMPLATE`: text with `{component}` placeholders, checked once, rendered per URL.

use whatwg_url::Url;

/// A placeholder of a template.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Field {
    Href,
    Protocol,
    Scheme,
    Username,
    Password,
    Host,
    Hostname,
    Port,
    Pathname,
    Search,
    Query,
    Hash,
    Fragment,
    Origin,
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
    fn parse(name: &str) -> Option<Field> {
        if let Some(key) = name.strip_prefix("query:") {
            return Some(Field::QueryFirst(key.to_owned()));
        }
        if let Some(key) = name.strip_prefix("query-all:") {
            return Some(Field::QueryAll(key.to_owned()));
        }
        Some(match name {
            "href" | "url" => Field::Href,
            "protocol" => Field::Protocol,
            "scheme" => Field::Scheme,
            "username" | "user" => Field::Username,
            "password" => Field::Password,
            "host" => Field::Host,
            "hostname" => Field::Hostname,
            "port" => Field::Port,
            "pathname" | "path" => Field::Pathname,
            "search" => Field::Search,
            "query" => Field::Query,
            "hash" => Field::Hash,
            "fragment" => Field::Fragment,
            "origin" => Field::Origin,
            "registrable_domain" | "apex" => Field::RegistrableDomain,
            "public_suffix" | "tld" => Field::PublicSuffix,
            "subdomain" => Field::Subdomain,
            "display" => Field::Display,
            _ => return None,
        })
    }

    fn render(&self, url: &Url, out: &mut String) {
        match self {
            Field::Href => out.push_str(url.href()),
            Field::Protocol => out.push_str(url.protocol()),
            Field::Scheme => out.push_str(url.scheme()),
            Field::Username => out.push_str(url.username()),
            Field::Password => out.push_str(url.password()),
            Field::Host => out.push_str(url.host()),
            Field::Hostname => out.push_str(url.hostname()),
            Field::Port => out.push_str(url.port()),
            Field::Pathname => out.push_str(url.pathname()),
            Field::Search => out.push_str(url.search()),
            Field::Query => out.push_str(url.query().unwrap_or_default()),
            Field::Hash => out.push_str(url.hash()),
            Field::Fragment => out.push_str(url.fragment().unwrap_or_default()),
            Field::Origin => out.push_str(&url.origin()),
            Field::RegistrableDomain => out.push_str(url.registrable_domain().unwrap_or_default()),
            Field::PublicSuffix => out.push_str(url.public_suffix().unwrap_or_default()),
            Field::Subdomain => out.push_str(subdomain(url)),
            Field::Display => out.push_str(&url.to_display_string()),
            Field::QueryFirst(key) => {
                out.push_str(url.search_params().get(key).unwrap_or_default());
            }
            Field::QueryAll(key) => out.push_str(&url.search_params().get_all(key).join(" ")),
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

/// A parsed template: literal text and fields.
#[derive(Debug)]
pub struct Template {
    parts: Vec<Result<String, Field>>,
}

impl Template {
    /// Parses `text`; an unknown or unclosed placeholder is a usage error.
    pub fn parse(text: &str) -> Result<Template, String> {
        let mut parts = Vec::new();
        let mut literal = String::new();
        let mut rest = text;
        while let Some(i) = rest.find(['{', '}']) {
            let (before, after) = rest.split_at(i);
            literal.push_str(before);
            if let Some(tail) = after.strip_prefix("{{") {
                literal.push('{');
                rest = tail;
            } else if let Some(tail) = after.strip_prefix("}}") {
                literal.push('}');
                rest = tail;
            } else if let Some(tail) = after.strip_prefix('{') {
                let end = tail
                    .find('}')
                    .ok_or_else(|| format!("--get: unclosed `{{` in {text:?}"))?;
                let name = &tail[..end];
                let field = Field::parse(name)
                    .ok_or_else(|| format!("--get: unknown component {{{name}}} (see --help)"))?;
                parts.push(Ok(std::mem::take(&mut literal)));
                parts.push(Err(field));
                rest = &tail[end + 1..];
            } else {
                return Err(format!("--get: a lone `}}` in {text:?} (write `}}}}`)"));
            }
        }
        literal.push_str(rest);
        parts.push(Ok(literal));
        Ok(Template { parts })
    }

    /// The template with `url`'s components.
    pub fn render(&self, url: &Url) -> String {
        let mut out = String::new();
        for part in &self.parts {
            match part {
                Ok(text) => out.push_str(text),
                Err(field) => field.render(url, &mut out),
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
        let render = |t: &str| Template::parse(t).unwrap().render(&url);
        assert_eq!(
            render("{hostname} {port}{pathname}"),
            "www.example.co.uk 81/a/b"
        );
        assert_eq!(
            render("{apex}|{tld}|{subdomain}"),
            "example.co.uk|co.uk|www"
        );
        assert_eq!(
            render("{query:x} {query-all:x} [{query:y}] [{query:z}]"),
            "1 1 2 [ ] []"
        );
        assert_eq!(render("{{{scheme}}}"), "{https}");
        assert!(Template::parse("{nope}").is_err());
        assert!(Template::parse("{href").is_err());
        assert!(Template::parse("a } b").is_err());
    }
}
