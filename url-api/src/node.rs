//! The helpers of Node.js's `url` module, with Node's behaviour and Rust names:
//! [`file_url_to_path`], [`path_to_file_url`], [`url_to_http_options`], [`format`],
//! [`domain_to_ascii`], [`domain_to_unicode`]. Where a Rust caller gains from it, a failure is
//! an error value instead of Node's exception or empty string; `MIGRATING.md` lists each
//! difference.

use alloc::string::String;
use alloc::vec::Vec;

use crate::{FilePathError, HostKind, Url};

/// Node's `url.fileURLToPath(url, { windows })`: the path a `file:` URL names, as a string,
/// in the Windows or POSIX style (Node's default is the host platform's: pass
/// `cfg!(windows)`).
///
/// Errors as [`Url::to_posix_path`] and [`Url::to_windows_path`], and
/// [`FilePathError::NotUnicode`] for a POSIX path that is not UTF-8 (Node throws a `URIError`
/// there; [`Url::to_posix_path`] gives the bytes).
///
/// ```
/// use whatwg_url::{node, Url};
/// let url = Url::parse("file:///C:/path/", None).unwrap();
/// assert_eq!(node::file_url_to_path(&url, true)?, r"C:\path\");
/// let url = Url::parse("file:///hello%20world", None).unwrap();
/// assert_eq!(node::file_url_to_path(&url, false)?, "/hello world");
/// # Ok::<(), whatwg_url::FilePathError>(())
/// ```
pub fn file_url_to_path(url: &Url, windows: bool) -> Result<String, FilePathError> {
    if windows {
        let units = url.to_windows_path()?;
        String::from_utf16(&units).map_err(|_| FilePathError::NotUnicode)
    } else {
        String::from_utf8(url.to_posix_path()?).map_err(|_| FilePathError::NotUnicode)
    }
}

/// Node's `url.pathToFileURL(path, { windows })`: the `file:` URL of an absolute path.
///
/// Node resolves a relative path against the working directory first; here a relative path
/// is [`FilePathError::RelativePath`] (resolve it with `std::path::absolute` if that is what
/// you mean: a library should not read the process's working directory behind your back).
///
/// ```
/// use whatwg_url::node;
/// assert_eq!(node::path_to_file_url("/foo#1", false)?.href(), "file:///foo%231");
/// assert_eq!(node::path_to_file_url("/some/path%.c", false)?.href(), "file:///some/path%25.c");
/// assert_eq!(node::path_to_file_url(r"C:\a b\", true)?.href(), "file:///C:/a%20b/");
/// # Ok::<(), whatwg_url::FilePathError>(())
/// ```
pub fn path_to_file_url(path: &str, windows: bool) -> Result<Url, FilePathError> {
    if windows {
        let units: Vec<u16> = path.encode_utf16().collect();
        Url::from_windows_path(&units)
    } else {
        Url::from_posix_path(path.as_bytes())
    }
}

/// The options object of Node's `url.urlToHttpOptions(url)`, for `http.request`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HttpOptions {
    /// `protocol`, with its `:`.
    pub protocol: String,
    /// `hostname`, without the brackets of an IPv6 address.
    pub hostname: String,
    /// `hash`.
    pub hash: String,
    /// `search`.
    pub search: String,
    /// `pathname`.
    pub pathname: String,
    /// `pathname` followed by `search`.
    pub path: String,
    /// `href`.
    pub href: String,
    /// The port, when the URL has one (Node leaves the property out otherwise).
    pub port: Option<u16>,
    /// `username:password`, each percent-decoded, when either is not empty.
    pub auth: Option<String>,
}

/// Node's `url.urlToHttpOptions(url)`.
///
/// ```
/// use whatwg_url::{node, Url};
/// let url = Url::parse("https://a:b%20c@[::1]:8080/p?q#h", None).unwrap();
/// let options = node::url_to_http_options(&url);
/// assert_eq!(options.hostname, "::1");
/// assert_eq!(options.path, "/p?q");
/// assert_eq!(options.port, Some(8080));
/// assert_eq!(options.auth.as_deref(), Some("a:b c"));
/// ```
pub fn url_to_http_options(url: &Url) -> HttpOptions {
    let hostname = url.hostname();
    let hostname = match url.host_kind() {
        Some(HostKind::Ipv6) => hostname
            .strip_prefix('[')
            .and_then(|h| h.strip_suffix(']'))
            .unwrap_or(hostname),
        _ => hostname,
    };
    let decode =
        |s: &str| String::from_utf8_lossy(&percent::percent_decode(s.as_bytes())).into_owned();
    let auth = (!url.username().is_empty() || !url.password().is_empty()).then(|| {
        let mut auth = decode(url.username());
        auth.push(':');
        auth.push_str(&decode(url.password()));
        auth
    });
    let mut path = String::from(url.pathname());
    path.push_str(url.search());
    HttpOptions {
        protocol: url.protocol().into(),
        hostname: hostname.into(),
        hash: url.hash().into(),
        search: url.search().into(),
        pathname: url.pathname().into(),
        path,
        href: url.href().into(),
        port: url.port_number(),
        auth,
    }
}

/// The options of Node's `url.format(URL, options)`; [`Default`] is Node's defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormatOptions {
    /// Keep the username and password (default `true`).
    pub auth: bool,
    /// Keep the fragment (default `true`).
    pub fragment: bool,
    /// Keep the query (default `true`).
    pub search: bool,
    /// Show a domain in Unicode instead of Punycode (default `false`).
    pub unicode: bool,
}

impl Default for FormatOptions {
    fn default() -> Self {
        FormatOptions {
            auth: true,
            fragment: true,
            search: true,
            unicode: false,
        }
    }
}

/// Node's `url.format(URL, options)`: the href without what the options leave out.
///
/// ```
/// use whatwg_url::{node, Url};
/// use whatwg_url::node::FormatOptions;
/// let url = Url::parse("https://a:b@xn--mnchen-3ya.de/p?q#h", None).unwrap();
/// let options = FormatOptions { auth: false, fragment: false, unicode: true, ..Default::default() };
/// assert_eq!(node::format(&url, options), "https://münchen.de/p?q");
/// assert_eq!(node::format(&url, FormatOptions::default()), url.href());
/// ```
pub fn format(url: &Url, options: FormatOptions) -> String {
    let mut url = url.clone();
    if !options.fragment {
        url.set_hash("");
    }
    if !options.search {
        url.set_search("");
    }
    if !options.auth {
        url.set_username("");
        url.set_password("");
    }
    let href = String::from(url.href());
    if !options.unicode || url.host_kind() != Some(HostKind::Domain) {
        return href;
    }
    let ascii = url.hostname();
    let unicode = host::domain_to_unicode(ascii);
    // The href ends with the host (hostname and port), then the path, query and fragment.
    let before = href.len() - url.host().len() - url.path_onward().len();
    match (href.get(..before), href.get(before + ascii.len()..)) {
        (Some(head), Some(tail)) => {
            let mut out = String::with_capacity(href.len() + unicode.len());
            out.push_str(head);
            out.push_str(&unicode);
            out.push_str(tail);
            out
        }
        _ => href,
    }
}

/// Node's `url.domainToASCII(domain)`: the host parser's ASCII serialization of a domain,
/// `""` when the domain is invalid (Node's convention, kept so that ported code behaves the
/// same; [`host::domain_to_ascii`] gives the reason).
///
/// ```
/// use whatwg_url::node;
/// assert_eq!(node::domain_to_ascii("español.com"), "xn--espaol-zwa.com");
/// assert_eq!(node::domain_to_ascii("中文.com"), "xn--fiq228c.com");
/// assert_eq!(node::domain_to_ascii("xn--iñvalid.com"), "");
/// ```
pub fn domain_to_ascii(domain: &str) -> String {
    // `Host::parse`, not the generic `parse_host_into`: its one copy is compiled in `host`.
    let mut out = String::new();
    if let Ok(host @ (host::Host::Domain(_) | host::Host::Ipv4(_) | host::Host::Ipv6(_))) =
        host::Host::parse(domain)
    {
        host.serialize_into(&mut out);
    }
    out
}

/// Node's `url.domainToUnicode(domain)`: [`domain_to_ascii`], then shown in Unicode; `""`
/// when the domain is invalid.
///
/// ```
/// use whatwg_url::node;
/// assert_eq!(node::domain_to_unicode("xn--espaol-zwa.com"), "español.com");
/// assert_eq!(node::domain_to_unicode("xn--fiq228c.com"), "中文.com");
/// assert_eq!(node::domain_to_unicode("xn--iñvalid.com"), "");
/// ```
pub fn domain_to_unicode(domain: &str) -> String {
    let ascii = domain_to_ascii(domain);
    if ascii.is_empty() {
        return ascii;
    }
    host::domain_to_unicode(&ascii).into_owned()
}
