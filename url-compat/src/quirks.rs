//! Getters and setters for URL components implemented per <https://url.spec.whatwg.org/#api>
//!
//! Unless you need to be interoperable with web browsers, you probably want to use `Url`
//! method instead. Here they are whatwg-url's getters and setters (spec 6.1) with rust-url's
//! signatures: a setter returns `Err(())` where the standard's setter leaves the URL as it was.

use crate::{ParseError, Url};
use alloc::string::String;

/// Internal components / offsets of a URL.
///
/// <https://user@pass:example.com:1234/foo/bar?baz#quux>
///      |      |    |          | ^^^^|       |   |
///      |      |    |          | |   |       |   `----- fragment_start
///      |      |    |          | |   |       `--------- query_start
///      |      |    |          | |   `----------------- path_start
///      |      |    |          | `--------------------- port
///      |      |    |          `----------------------- host_end
///      |      |    `---------------------------------- host_start
///      |      `--------------------------------------- username_end
///      `---------------------------------------------- scheme_end
#[derive(Copy, Clone)]
#[cfg(feature = "expose_internals")]
pub struct InternalComponents {
    /// The end of the scheme (its `:`).
    pub scheme_end: u32,
    /// The end of the username.
    pub username_end: u32,
    /// The start of the host.
    pub host_start: u32,
    /// The end of the host.
    pub host_end: u32,
    /// The port.
    pub port: Option<u16>,
    /// The start of the path.
    pub path_start: u32,
    /// The `?` of the query.
    pub query_start: Option<u32>,
    /// The `#` of the fragment.
    pub fragment_start: Option<u32>,
}

/// Internal component / parsed offsets of the URL.
///
/// This can be useful for implementing efficient serialization for the URL.
#[cfg(feature = "expose_internals")]
pub fn internal_components(url: &Url) -> InternalComponents {
    let o = url.offsets();
    let to_u32 = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    InternalComponents {
        scheme_end: to_u32(o.scheme_end),
        username_end: to_u32(o.username_end),
        host_start: to_u32(o.host_start),
        host_end: to_u32(o.host_end),
        port: o.port,
        path_start: to_u32(o.path_start),
        query_start: o.query_start.map(to_u32),
        fragment_start: o.fragment_start.map(to_u32),
    }
}

/// <https://url.spec.whatwg.org/#dom-url-domaintoascii>: the empty string for a domain the
/// host parser refuses or for an IP address.
pub fn domain_to_ascii(domain: &str) -> String {
    match crate::Host::parse(domain) {
        Ok(crate::Host::Domain(domain)) => domain,
        _ => String::new(),
    }
}

/// <https://url.spec.whatwg.org/#dom-url-domaintounicode>
pub fn domain_to_unicode(domain: &str) -> String {
    match crate::Host::parse(domain) {
        Ok(crate::Host::Domain(ref domain)) => whatwg_host::domain_to_unicode(domain).into(),
        _ => String::new(),
    }
}

/// Getter for <https://url.spec.whatwg.org/#dom-url-href>
pub fn href(url: &Url) -> &str {
    url.as_str()
}

/// Setter for <https://url.spec.whatwg.org/#dom-url-href>
pub fn set_href(url: &mut Url, value: &str) -> Result<(), ParseError> {
    *url = Url::parse(value)?;
    Ok(())
}

/// Getter for <https://url.spec.whatwg.org/#dom-url-origin>
pub fn origin(url: &Url) -> String {
    url.as_whatwg().origin()
}

/// Getter for <https://url.spec.whatwg.org/#dom-url-protocol>
#[inline]
pub fn protocol(url: &Url) -> &str {
    url.as_whatwg().protocol()
}

/// Setter for <https://url.spec.whatwg.org/#dom-url-protocol>
#[allow(clippy::result_unit_err)]
pub fn set_protocol(url: &mut Url, new_protocol: &str) -> Result<(), ()> {
    url.inner_mut()
        .try_set_protocol(new_protocol)
        .map_err(|_| ())
}

/// Getter for <https://url.spec.whatwg.org/#dom-url-username>
#[inline]
pub fn username(url: &Url) -> &str {
    url.username()
}

/// Setter for <https://url.spec.whatwg.org/#dom-url-username>
#[allow(clippy::result_unit_err)]
pub fn set_username(url: &mut Url, new_username: &str) -> Result<(), ()> {
    url.inner_mut()
        .try_set_username(new_username)
        .map_err(|_| ())
}

/// Getter for <https://url.spec.whatwg.org/#dom-url-password>
#[inline]
pub fn password(url: &Url) -> &str {
    url.as_whatwg().password()
}

/// Setter for <https://url.spec.whatwg.org/#dom-url-password>
#[allow(clippy::result_unit_err)]
pub fn set_password(url: &mut Url, new_password: &str) -> Result<(), ()> {
    url.inner_mut()
        .try_set_password(new_password)
        .map_err(|_| ())
}

/// Getter for <https://url.spec.whatwg.org/#dom-url-host>
#[inline]
pub fn host(url: &Url) -> &str {
    url.as_whatwg().host()
}

/// Setter for <https://url.spec.whatwg.org/#dom-url-host>
#[allow(clippy::result_unit_err)]
pub fn set_host(url: &mut Url, new_host: &str) -> Result<(), ()> {
    url.inner_mut().try_set_host(new_host).map_err(|_| ())
}

/// Getter for <https://url.spec.whatwg.org/#dom-url-hostname>
#[inline]
pub fn hostname(url: &Url) -> &str {
    url.as_whatwg().hostname()
}

/// Setter for <https://url.spec.whatwg.org/#dom-url-hostname>
#[allow(clippy::result_unit_err)]
pub fn set_hostname(url: &mut Url, new_hostname: &str) -> Result<(), ()> {
    url.inner_mut()
        .try_set_hostname(new_hostname)
        .map_err(|_| ())
}

/// Getter for <https://url.spec.whatwg.org/#dom-url-port>
#[inline]
pub fn port(url: &Url) -> &str {
    url.as_whatwg().port()
}

/// Setter for <https://url.spec.whatwg.org/#dom-url-port>
#[allow(clippy::result_unit_err)]
pub fn set_port(url: &mut Url, new_port: &str) -> Result<(), ()> {
    url.inner_mut().try_set_port(new_port).map_err(|_| ())
}

/// Getter for <https://url.spec.whatwg.org/#dom-url-pathname>
#[inline]
pub fn pathname(url: &Url) -> &str {
    url.path()
}

/// Setter for <https://url.spec.whatwg.org/#dom-url-pathname>
pub fn set_pathname(url: &mut Url, new_pathname: &str) {
    url.inner_mut().set_pathname(new_pathname);
}

/// Getter for <https://url.spec.whatwg.org/#dom-url-search>
pub fn search(url: &Url) -> &str {
    url.as_whatwg().search()
}

/// Setter for <https://url.spec.whatwg.org/#dom-url-search>
pub fn set_search(url: &mut Url, new_search: &str) {
    url.inner_mut().set_search(new_search);
}

/// Getter for <https://url.spec.whatwg.org/#dom-url-hash>
pub fn hash(url: &Url) -> &str {
    url.as_whatwg().hash()
}

/// Setter for <https://url.spec.whatwg.org/#dom-url-hash>
pub fn set_hash(url: &mut Url, new_hash: &str) {
    url.inner_mut().set_hash(new_hash);
}
