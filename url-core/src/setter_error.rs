//! Why a setter of the `URL` interface (spec 6.1) stopped early: the error of the `try_set_*`
//! methods (`setter_steps.rs`), which whatwg-url's `Url` setters and its `Url::set_component`
//! return as they are.

use core::fmt;

use crate::error::ParseError;
use host::ReportedError;

/// Why a `try_set_*` setter stopped before completing its steps (spec 6.1).
///
/// Every setter but the host setter leaves the URL byte-for-byte unchanged when it returns
/// an error. The host setter follows the spec: given `host:port` with a valid host and an
/// invalid port, it sets the host and then fails on the port
/// ([`InvalidPort`](SetterError::InvalidPort)).
///
/// ```
/// use url_core::{SetterError, UrlRecord};
///
/// let mut url = UrlRecord::parse("file:///etc/hosts", None)?;
/// match url.try_set_port("8080") {
///     Err(SetterError::CannotHaveUsernamePasswordPort) => {}
///     other => panic!("unexpected {other:?}"),
/// }
/// assert_eq!(url.as_str(), "file:///etc/hosts");
/// # Ok::<(), url_core::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SetterError {
    /// `username`, `password`, `port`: the URL cannot have a username/password/port (spec
    /// 4.2): its host is null or empty, or its scheme is `file`.
    CannotHaveUsernamePasswordPort,
    /// `host`, `hostname`, `pathname`: the URL has an opaque path (spec 4.2).
    HasOpaquePath,
    /// `protocol`: the value does not start with a scheme (an ASCII alpha, then ASCII
    /// alphanumerics, `+`, `-` or `.`) ended by `:` or the end of the value.
    InvalidScheme,
    /// `protocol`: the scheme state forbids this change (spec 4.4, scheme state, step 2.1):
    /// between a special and a non-special scheme, to `file` when the URL includes
    /// credentials or has a port, or from `file` when the host is empty.
    SchemeChangeNotAllowed,
    /// `host`, `hostname`: the host is not valid (the host parser failed, a special URL got
    /// an empty host, an empty host was given to a URL with credentials or a port, or the
    /// `hostname` setter was given a port). Holds the failing validation error when the
    /// spec names one.
    InvalidHost(Option<ReportedError>),
    /// `host`, `port`: the port is not valid (not digits, or above 65535). Holds the failing
    /// validation error when the spec names one. For `host`, the host has been set.
    InvalidPort(Option<ReportedError>),
    /// The result would be longer than the URL record can hold (`u32::MAX` bytes).
    TooLong,
    /// `href` through whatwg-url's `Url::set_component`: the value is not a URL (the href setter's
    /// `TypeError`), for this reason.
    InvalidHref(ParseError),
    /// whatwg-url's `Url::set_component` was given `origin`, which has no setter (spec 6.1).
    ReadOnly,
}

impl fmt::Display for SetterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match self {
            SetterError::CannotHaveUsernamePasswordPort => {
                "the URL cannot have a username, password or port (no host, an empty host, or a file: URL)"
            }
            SetterError::HasOpaquePath => "the URL has an opaque path",
            SetterError::InvalidScheme => "the value does not start with a valid scheme",
            SetterError::SchemeChangeNotAllowed => {
                "this scheme change is not allowed (special/non-special, or file: with credentials, a port or an empty host)"
            }
            SetterError::InvalidHost(Some(e)) => return write!(f, "invalid host: {e}"),
            SetterError::InvalidHost(None) => "invalid host",
            SetterError::InvalidPort(Some(e)) => return write!(f, "invalid port: {e}"),
            SetterError::InvalidPort(None) => "invalid port",
            SetterError::TooLong => "the URL would be longer than u32::MAX bytes",
            SetterError::InvalidHref(e) => return write!(f, "not a URL: {e}"),
            SetterError::ReadOnly => "the origin has no setter (it is read-only)",
        };
        f.write_str(why)
    }
}

impl core::error::Error for SetterError {}
