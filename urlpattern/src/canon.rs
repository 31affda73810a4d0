//! 3.1 Encoding callbacks: each component's text canonicalized by the URL Standard, through
//! `whatwg-url`'s public API (its parser and the `URL` setters, which run the basic URL parser
//! with the state override the callbacks name).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use whatwg_url::{SchemeType, Url};

use crate::error::{Error, Reason};
use crate::name::ComponentName;

/// The dummy URL's input ("create a dummy URL").
const DUMMY: &str = "https://dummy.invalid/";

/// An encoding callback (3.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Canon {
    Protocol,
    Username,
    Password,
    Hostname,
    Ipv6Hostname,
    /// Canonicalize a port, given the protocol when there is one.
    Port(Option<String>),
    Pathname,
    OpaquePathname,
    Search,
    Hash,
}

/// Create a dummy URL (`https://dummy.invalid/`, or another constant input that parses).
fn dummy_url() -> Result<Url, Error> {
    parse_dummy(DUMMY)
}

fn parse_dummy(input: &str) -> Result<Url, Error> {
    // Only constant inputs come here, and they parse; a failure would be a parser bug, which
    // is reported as a refusal rather than a panic.
    Url::parse(input, None).map_err(|e| {
        Error::new(Reason::Canonicalize(format!(
            "the dummy URL `{input}`: {e}"
        )))
    })
}

fn refused(component: ComponentName, why: impl core::fmt::Display) -> Error {
    Error::new(Reason::Canonicalize(format!("{why}"))).in_component(component.as_str())
}

/// An encoding callback run over the text of one pattern string: its dummy URL created once,
/// and the values it has seen remembered (a pathname pattern's `:name` prefixes are mostly
/// `/`). The callbacks that use a dummy URL set one component on it and read that component
/// back, which the other components and an earlier value of it do not change (each setter
/// replaces its component whole), so one dummy URL serves every call.
pub(crate) struct Encoder<'a> {
    canon: &'a Canon,
    dummy: Option<Url>,
    seen: Vec<(String, String)>,
}

impl<'a> Encoder<'a> {
    /// Values remembered, at most (the lookup is a scan).
    const SEEN: usize = 8;

    pub(crate) fn new(canon: &'a Canon) -> Self {
        Encoder {
            canon,
            dummy: None,
            seen: Vec::new(),
        }
    }

    /// The callback on `value`.
    pub(crate) fn encode(&mut self, value: &str) -> Result<String, Error> {
        if value.is_empty() {
            return Ok(String::new());
        }
        // Text the callback gives back as it is needs neither the dummy URL nor a place
        // among the values remembered.
        if self.canon.keeps(value) {
            return Ok(value.to_string());
        }
        if let Some((_, encoded)) = self.seen.iter().find(|(v, _)| v == value) {
            return Ok(encoded.clone());
        }
        let encoded = self.canon.canonicalize_on(value, &mut self.dummy)?;
        if self.seen.len() < Self::SEEN {
            self.seen.push((value.to_string(), encoded.clone()));
        }
        Ok(encoded)
    }
}

/// The dummy URL in `slot`, created the first time.
fn dummy_in(slot: &mut Option<Url>) -> Result<&mut Url, Error> {
    match slot {
        Some(url) => Ok(url),
        None => Ok(slot.insert(dummy_url()?)),
    }
}

impl Canon {
    /// Runs the callback on `value`.
    pub(crate) fn canonicalize(&self, value: &str) -> Result<String, Error> {
        self.canonicalize_on(value, &mut None)
    }

    /// Whether the callback is known to return `value` as it is, without running it.
    ///
    /// Shortcut for "canonicalize a pathname" (3.1), steps 3–10, on a value with a leading
    /// slash (so no `/-` to add and remove): steps 5–8 create the dummy URL (`https:`), empty
    /// its path, run the basic URL parser with path start state as state override and
    /// serialize the path, which are the `pathname` setter's own steps on that URL, and
    /// whatwg-url says which values they give back unchanged (`is_canonical_special_path`,
    /// which the setters fuzz target checks against the setter's general steps).
    fn keeps(&self, value: &str) -> bool {
        matches!(self, Canon::Pathname) && whatwg_url::is_canonical_special_path(value)
    }

    /// Runs the callback on `value`, with the dummy URL in `dummy` (created there if absent)
    /// where it needs the dummy URL `https://dummy.invalid/`.
    fn canonicalize_on(&self, value: &str, dummy: &mut Option<Url>) -> Result<String, Error> {
        // Every callback returns the empty string as it is.
        if value.is_empty() {
            return Ok(String::new());
        }
        if self.keeps(value) {
            return Ok(value.to_string());
        }
        match self {
            // Canonicalize a protocol: parse `<value>://dummy.invalid/`; its scheme.
            Canon::Protocol => Url::parse(&format!("{value}://dummy.invalid/"), None)
                .map(|url| url.scheme().to_string())
                .map_err(|e| {
                    refused(
                        ComponentName::Protocol,
                        format_args!("`{value}` is not a valid scheme ({e})"),
                    )
                }),
            // Canonicalize a username / password: the setter on the dummy URL.
            Canon::Username => {
                let url = dummy_in(dummy)?;
                url.set_username(value);
                Ok(url.username().to_string())
            }
            Canon::Password => {
                let url = dummy_in(dummy)?;
                url.set_password(value);
                Ok(url.password().to_string())
            }
            // Canonicalize a hostname: the basic URL parser with the hostname state as state
            // override (the hostname setter, whose URL has no opaque path).
            Canon::Hostname => {
                let mut url = dummy_url()?;
                url.try_set_hostname(value).map_err(|e| {
                    refused(
                        ComponentName::Hostname,
                        format_args!("`{value}` is not a valid hostname ({e})"),
                    )
                })?;
                Ok(url.hostname().to_string())
            }
            Canon::Ipv6Hostname => canonicalize_ipv6_hostname(value),
            Canon::Port(protocol) => canonicalize_port(value, protocol.as_deref()),
            Canon::Pathname => canonicalize_pathname(value, dummy_in(dummy)?),
            Canon::OpaquePathname => canonicalize_opaque_pathname(value),
            // Canonicalize a search / hash: the query (fragment) state over the value. The
            // setters drop one leading `?` (`#`) first, so they are given one.
            Canon::Search => {
                let url = dummy_in(dummy)?;
                url.set_search(&format!("?{value}"));
                Ok(url.query().unwrap_or("").to_string())
            }
            Canon::Hash => {
                let url = dummy_in(dummy)?;
                url.set_hash(&format!("#{value}"));
                Ok(url.fragment().unwrap_or("").to_string())
            }
        }
    }
}

/// Canonicalize an IPv6 hostname: ASCII hex digits, `[`, `]` and `:` only, lowercased.
fn canonicalize_ipv6_hostname(value: &str) -> Result<String, Error> {
    let mut result = String::with_capacity(value.len());
    for c in value.chars() {
        if !(c.is_ascii_hexdigit() || matches!(c, '[' | ']' | ':')) {
            return Err(refused(
                ComponentName::Hostname,
                format_args!("`{c}` cannot be in an IPv6 address pattern"),
            ));
        }
        result.push(c.to_ascii_lowercase());
    }
    Ok(result)
}

/// Canonicalize a port: the basic URL parser with the port state as state override, on the
/// dummy URL whose scheme is `protocol` when given (so that its default port becomes null).
fn canonicalize_port(value: &str, protocol: Option<&str>) -> Result<String, Error> {
    // The port state depends on the scheme only through its default port; a URL that can have
    // a port with the same default stands for any scheme (`file` has none, and its URLs cannot
    // take the port setter).
    //
    // Step 3 as changed on 15 June 2026 (whatwg/urlpattern pull request
    // 286): "If protocolValue was given, set the dummy URL's scheme to
    // protocolValue; otherwise, set the dummy URL's scheme to the empty string", so that no
    // default port applies: a port pattern being compiled keeps `443` in `443*` and `*443`.
    // A pattern's default port is emptied by "create", step 6, instead.
    let default_port = protocol.and_then(|p| SchemeType::from_scheme(p).default_port());
    let mut url = match (protocol, default_port) {
        (Some(p), Some(_)) => parse_dummy(&format!("{p}://dummy.invalid/"))?,
        _ => parse_dummy("dummy://dummy.invalid/")?,
    };
    url.try_set_port(value).map_err(|e| {
        refused(
            ComponentName::Port,
            format_args!("`{value}` is not a valid port ({e})"),
        )
    })?;
    Ok(url.port().to_string())
}

/// Canonicalize a pathname: the path start state over the value; a value without a leading
/// `/` is given `/-` first (so that the parser neither adds a slash nor reads a leading dot
/// segment), and those two code points are removed from the result.
fn canonicalize_pathname(value: &str, url: &mut Url) -> Result<String, Error> {
    let leading_slash = value.starts_with('/');
    if leading_slash {
        url.set_pathname(value);
    } else {
        url.set_pathname(&format!("/-{value}"));
    }
    let result = url.pathname();
    Ok(if leading_slash {
        result.to_string()
    } else {
        result.get(2..).unwrap_or("").to_string()
    })
}

/// Canonicalize an opaque pathname: the opaque path state over the value.
///
/// `whatwg-url` has no setter for an opaque path, so the value is parsed as the path of
/// `dummy:-<value>-`: the scheme state goes to the opaque path state, which then reads the
/// value exactly as the state override would. The `-` before keeps a leading `/` from making
/// a hierarchical path, the `-` after keeps trailing spaces from being trimmed as the ends of
/// an input are; both are removed from the path.
fn canonicalize_opaque_pathname(value: &str) -> Result<String, Error> {
    let url = Url::parse(&format!("dummy:-{value}-"), None).map_err(|e| {
        refused(
            ComponentName::Pathname,
            format_args!("`{value}` is not a valid opaque path ({e})"),
        )
    })?;
    let path = url.pathname();
    let path = path.strip_prefix('-').unwrap_or(path);
    // The trailing `-` is in the path unless a `?` or `#` ended the path before it.
    let ends_path = !value.contains(['?', '#']);
    let path = if ends_path {
        path.strip_suffix('-').unwrap_or(path)
    } else {
        path
    };
    Ok(path.to_string())
}
