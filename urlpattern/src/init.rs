//! `URLPatternInit` and 3.2 "process a URLPatternInit".

use alloc::string::{String, ToString};

use whatwg_url::Url;

use crate::canon::Canon;
use crate::error::{Error, Reason};
use crate::escape::escape_pattern_string;
use crate::name::{ComponentName, member};

/// The standard's `URLPatternInit` dictionary: a pattern (or, given to `test`/`exec`, a URL) by
/// components. A `None` member is a member the dictionary does not have.
///
/// ```
/// use whatwg_urlpattern::{UrlPattern, UrlPatternInit};
///
/// let init = UrlPatternInit {
///     pathname: Some("/books/:id".into()),
///     ..Default::default()
/// };
/// let pattern = UrlPattern::new((&init).into(), None, Default::default())?;
/// assert_eq!(pattern.protocol(), "*");
/// assert!(pattern.test("https://example.com/books/123".into(), None)?);
/// # Ok::<(), whatwg_urlpattern::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct UrlPatternInit {
    /// `protocol`
    pub protocol: Option<String>,
    /// `username`
    pub username: Option<String>,
    /// `password`
    pub password: Option<String>,
    /// `hostname`
    pub hostname: Option<String>,
    /// `port`
    pub port: Option<String>,
    /// `pathname`
    pub pathname: Option<String>,
    /// `search`
    pub search: Option<String>,
    /// `hash`
    pub hash: Option<String>,
    /// `baseURL`
    pub base_url: Option<String>,
}

impl UrlPatternInit {
    /// The member of the component `name` (`&init.pathname` for
    /// [`ComponentName::Pathname`]), as a string.
    ///
    /// ```
    /// use whatwg_urlpattern::{ComponentName, UrlPatternInit};
    ///
    /// let mut init = UrlPatternInit::default();
    /// *init.component_mut(ComponentName::Hostname) = Some("example.com".into());
    /// assert_eq!(init.hostname.as_deref(), Some("example.com"));
    /// assert_eq!(init.component(ComponentName::Hostname), Some("example.com"));
    /// assert_eq!(init.component(ComponentName::Port), None);
    /// ```
    pub fn component(&self, name: ComponentName) -> Option<&str> {
        member!(self, name, &).as_deref()
    }

    /// The member of the component `name` (`&mut init.pathname` for
    /// [`ComponentName::Pathname`]).
    pub fn component_mut(&mut self, name: ComponentName) -> &mut Option<String> {
        member!(self, name, &mut)
    }
}

/// The `type` argument of "process a URLPatternInit".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum InitType {
    Pattern,
    Url,
}

/// Process a base URL string.
fn process_base_url_string(input: &str, kind: InitType) -> String {
    match kind {
        InitType::Url => input.to_string(),
        InitType::Pattern => {
            let mut out = String::with_capacity(input.len());
            escape_pattern_string(input, &mut out);
            out
        }
    }
}

/// Is an absolute pathname.
fn is_absolute_pathname(input: &str, kind: InitType) -> bool {
    let b = input.as_bytes();
    match b {
        [] => false,
        [b'/', ..] => true,
        _ if kind == InitType::Url => false,
        [b'\\' | b'{', b'/', ..] => true,
        _ => false,
    }
}

fn canonicalize_if_url(value: &str, kind: InitType, canon: Canon) -> Result<String, Error> {
    match kind {
        InitType::Pattern => Ok(value.to_string()),
        InitType::Url => canon.canonicalize(value),
    }
}

/// Process a URLPatternInit (3.2), the result's members starting as `result`'s.
pub(crate) fn process(
    init: &UrlPatternInit,
    kind: InitType,
    mut result: UrlPatternInit,
) -> Result<UrlPatternInit, Error> {
    result.base_url = None;
    let mut base_url = None;
    if let Some(base) = &init.base_url {
        let base = Url::parse(base, None).map_err(|_| Error::new(Reason::InvalidBaseUrl))?;
        let has = |m: &Option<String>| m.is_some();
        if !has(&init.protocol) {
            result.protocol = Some(process_base_url_string(base.scheme(), kind));
        }
        let authority_given = has(&init.protocol) || has(&init.hostname) || has(&init.port);
        if kind != InitType::Pattern && !authority_given && !has(&init.username) {
            result.username = Some(process_base_url_string(base.username(), kind));
        }
        if kind != InitType::Pattern
            && !authority_given
            && !has(&init.username)
            && !has(&init.password)
        {
            result.password = Some(process_base_url_string(base.password(), kind));
        }
        if !has(&init.protocol) && !has(&init.hostname) {
            result.hostname = Some(process_base_url_string(base.hostname(), kind));
        }
        if !authority_given {
            result.port = Some(base.port().to_string());
        }
        if !authority_given && !has(&init.pathname) {
            result.pathname = Some(process_base_url_string(base.pathname(), kind));
        }
        if !authority_given && !has(&init.pathname) && !has(&init.search) {
            result.search = Some(process_base_url_string(base.query().unwrap_or(""), kind));
        }
        if !authority_given && !has(&init.pathname) && !has(&init.search) && !has(&init.hash) {
            result.hash = Some(process_base_url_string(base.fragment().unwrap_or(""), kind));
        }
        base_url = Some(base);
    }
    // Process protocol for init: one trailing `:` removed.
    if let Some(protocol) = &init.protocol {
        let stripped = protocol.strip_suffix(':').unwrap_or(protocol);
        result.protocol = Some(canonicalize_if_url(stripped, kind, Canon::Protocol)?);
    }
    if let Some(username) = &init.username {
        result.username = Some(canonicalize_if_url(username, kind, Canon::Username)?);
    }
    if let Some(password) = &init.password {
        result.password = Some(canonicalize_if_url(password, kind, Canon::Password)?);
    }
    if let Some(hostname) = &init.hostname {
        result.hostname = Some(canonicalize_if_url(hostname, kind, Canon::Hostname)?);
    }
    let result_protocol = result.protocol.clone().unwrap_or_default();
    if let Some(port) = &init.port {
        let canon = Canon::Port(Some(result_protocol.clone()));
        result.port = Some(canonicalize_if_url(port, kind, canon)?);
    }
    if let Some(pathname) = &init.pathname {
        let mut pathname = pathname.clone();
        if let Some(base) = base_url.as_ref().filter(|b| !b.has_opaque_path()) {
            if !is_absolute_pathname(&pathname, kind) {
                let base_path = process_base_url_string(base.pathname(), kind);
                if let Some(slash) = base_path.rfind('/') {
                    let mut new_pathname = String::from(base_path.get(..=slash).unwrap_or(""));
                    new_pathname.push_str(&pathname);
                    pathname = new_pathname;
                }
            }
        }
        // Process pathname for init.
        result.pathname = Some(match kind {
            InitType::Pattern => pathname,
            InitType::Url => {
                let special =
                    result_protocol.is_empty() || whatwg_url::is_special_scheme(&result_protocol);
                let canon = if special {
                    Canon::Pathname
                } else {
                    Canon::OpaquePathname
                };
                canon.canonicalize(&pathname)?
            }
        });
    }
    if let Some(search) = &init.search {
        let stripped = search.strip_prefix('?').unwrap_or(search);
        result.search = Some(canonicalize_if_url(stripped, kind, Canon::Search)?);
    }
    if let Some(hash) = &init.hash {
        let stripped = hash.strip_prefix('#').unwrap_or(hash);
        result.hash = Some(canonicalize_if_url(stripped, kind, Canon::Hash)?);
    }
    Ok(result)
}
