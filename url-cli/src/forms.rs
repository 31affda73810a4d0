//! How components are printed: the host as serialized or in Unicode (`--as-idn`, `idn:`),
//! the scheme's default port where the URL has none (`--default-port`, `default:`), query
//! values encoded (`--urlencode`, `url:`), and the character between query pairs
//! (`--query-separator`). The facts (default ports, domains, domain to Unicode) come from
//! `whatwg-url`; this module only puts its answers where the options ask.

use std::borrow::Cow;

use whatwg_url::{Component, Url, UrlSearchParams, node};

use crate::cli::Cli;

/// The form a host is printed in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HostForm {
    /// As the standard serializes it: domains of special URLs in ASCII (punycode), opaque
    /// hosts percent-encoded. `--punycode` and `puny:` ask for this, the default.
    #[default]
    Serialized,
    /// Domains through domain to Unicode (`--as-idn`, `idn:`).
    Unicode,
}

/// The forms of one field (or, from the command line, of every field).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Forms {
    /// Print the scheme's default port where the URL has none.
    pub default_port: bool,
    /// The host's form.
    pub host: HostForm,
    /// Print query values encoded.
    pub encoded: bool,
}

impl Forms {
    /// The forms `cli` asks for everywhere.
    pub fn from_cli(cli: &Cli) -> Forms {
        Forms {
            default_port: cli.default_port,
            host: if cli.as_idn {
                HostForm::Unicode
            } else {
                HostForm::Serialized
            },
            encoded: cli.urlencode,
        }
    }

    /// Whether these forms print the URL as the standard serializes it.
    pub fn is_plain(&self) -> bool {
        !self.default_port && self.host == HostForm::Serialized
    }

    /// The hostname in this form.
    pub fn hostname<'a>(&self, url: &'a Url) -> Cow<'a, str> {
        match (self.host, url.domain()) {
            (HostForm::Unicode, Some(domain)) => {
                let unicode = node::domain_to_unicode(domain);
                if unicode.is_empty() {
                    Cow::Borrowed(url.hostname())
                } else {
                    Cow::Owned(unicode)
                }
            }
            _ => Cow::Borrowed(url.hostname()),
        }
    }

    /// The port in this form: with `default_port`, the scheme's default where the URL has
    /// none (spec 4.2: special schemes but `file` have one).
    pub fn port<'a>(&self, url: &'a Url) -> Cow<'a, str> {
        match url.port_or_known_default() {
            Some(port) if self.default_port && url.port().is_empty() => {
                Cow::Owned(port.to_string())
            }
            _ => Cow::Borrowed(url.port()),
        }
    }

    /// The host (hostname and port) in this form.
    pub fn host<'a>(&self, url: &'a Url) -> Cow<'a, str> {
        if self.is_plain() {
            return Cow::Borrowed(url.host());
        }
        let port = self.port(url);
        let hostname = self.hostname(url);
        if port.is_empty() {
            hostname
        } else {
            Cow::Owned(format!("{hostname}:{port}"))
        }
    }

    /// The origin in this form (the host in Unicode with `idn`; the origin of the standard
    /// has no default port to add).
    pub fn origin(&self, url: &Url) -> String {
        match self.host {
            HostForm::Unicode => url.origin_unicode(),
            HostForm::Serialized => url.origin(),
        }
    }

    /// The href in this form: the serialization with the host (and port) replaced by their
    /// forms, at the hostname's place in the href; a URL without a host (or with an empty one)
    /// is printed as it is.
    pub fn href<'a>(&self, url: &'a Url) -> Cow<'a, str> {
        let href = url.href();
        if self.is_plain() {
            return Cow::Borrowed(href);
        }
        let Some(hostname) = url.component_range(Component::Hostname) else {
            return Cow::Borrowed(href);
        };
        let (Some(before), Some(after)) = (href.get(..hostname.start), href.get(hostname.end..))
        else {
            return Cow::Borrowed(href);
        };
        let port = match url.port_or_known_default() {
            Some(port) if self.default_port && url.port().is_empty() => format!(":{port}"),
            _ => String::new(),
        };
        Cow::Owned(format!("{before}{}{port}{after}", self.hostname(url)))
    }

    /// A query value, form-encoded when `encoded` (URLSearchParams' serializer, spec 5.2).
    pub fn query_value<'a>(&self, value: &'a str) -> Cow<'a, str> {
        if !self.encoded {
            return Cow::Borrowed(value);
        }
        let mut params = UrlSearchParams::parse("");
        params.append("", value);
        let pair = params.to_string();
        Cow::Owned(pair.strip_prefix('=').unwrap_or(&pair).to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn forms(default_port: bool, host: HostForm) -> Forms {
        Forms {
            default_port,
            host,
            encoded: false,
        }
    }

    #[test]
    fn hrefs() {
        let cases = [
            (
                "https://u:p@xn--mnchen-3ya.de/a?b#c",
                true,
                HostForm::Unicode,
            ),
            ("https://u@h/", true, HostForm::Serialized),
            ("https://:p@h:8443/", true, HostForm::Serialized),
            ("http://[::1]/", true, HostForm::Serialized),
            ("file:///tmp/x", true, HostForm::Unicode),
            ("mailto:me@h", true, HostForm::Unicode),
            ("foo://xn--mnchen-3ya.de/", true, HostForm::Unicode),
        ];
        let expected = [
            "https://u:p@münchen.de:443/a?b#c",
            "https://u@h:443/",
            "https://:p@h:8443/",
            "http://[::1]:80/",
            "file:///tmp/x",
            "mailto:me@h",
            "foo://xn--mnchen-3ya.de/",
        ];
        for ((input, default_port, host), want) in cases.into_iter().zip(expected) {
            let url = Url::parse(input, None).unwrap();
            assert_eq!(forms(default_port, host).href(&url), want, "{input}");
        }
    }

    #[test]
    fn ports_hosts_and_values() {
        let url = Url::parse("https://xn--mnchen-3ya.de/", None).unwrap();
        let f = forms(true, HostForm::Unicode);
        assert_eq!(f.port(&url), "443");
        assert_eq!(f.host(&url), "münchen.de:443");
        assert_eq!(f.origin(&url), "https://münchen.de");
        let encoded = Forms {
            encoded: true,
            ..Forms::default()
        };
        assert_eq!(encoded.query_value("a b&c=é"), "a+b%26c%3D%C3%A9");
        assert_eq!(Forms::default().query_value("a b"), "a b");
    }
}
