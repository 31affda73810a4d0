//! A URL's components as borrowed strings, and the URL serializer (spec 4.5) that builds a
//! record from them: `UrlRecord::check_invariants` re-derives a record with it. (Setters and state
//! overrides do not: they edit one component in place, `splice.rs`.)

use crate::error::ParseError;
use crate::scheme::SchemeType;
use crate::url::{Bounds, UrlRecord};
use alloc::string::String;
use host::HostKind;

/// The components of a URL record (spec 4.1), each as its serialization holds it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Parts<'a> {
    pub(crate) scheme: &'a str,
    pub(crate) username: &'a str,
    pub(crate) password: &'a str,
    pub(crate) host: Option<(HostKind, &'a str)>,
    pub(crate) port: Option<u16>,
    /// The URL path serializer's output: the opaque path, or `""` / `"/a/b"` for a list.
    pub(crate) path: &'a str,
    pub(crate) opaque_path: bool,
    pub(crate) query: Option<&'a str>,
    pub(crate) fragment: Option<&'a str>,
}

/// A port's decimal digits ("serialize an integer", spec 1), written into `buf`.
pub(crate) fn port_digits(port: u16, buf: &mut [u8; 5]) -> &str {
    let mut i = buf.len();
    let mut n = port;
    loop {
        i -= 1;
        if let Some(d) = buf.get_mut(i) {
            *d = b'0' + (n % 10) as u8;
        }
        n /= 10;
        if n == 0 || i == 0 {
            break;
        }
    }
    buf.get(i..)
        .and_then(|digits| core::str::from_utf8(digits).ok())
        .unwrap_or_default()
}

/// Appends a port's decimal serialization to `out`.
pub(crate) fn push_port(port: u16, out: &mut String) {
    out.push_str(port_digits(port, &mut [0; 5]));
}

impl<'a> Parts<'a> {
    /// The components of `url`.
    // `#[inline]`, like `build` below: only `UrlRecord::check_invariants` (itself `#[inline]`)
    // uses them, so they are compiled where it is called, not with every build of this crate.
    #[inline]
    pub(crate) fn of(url: &'a UrlRecord) -> Parts<'a> {
        Parts {
            scheme: url.scheme(),
            username: url.username(),
            password: url.password(),
            host: url.host_kind().zip(url.host_str()),
            port: url.port(),
            path: url.path(),
            opaque_path: url.has_opaque_path(),
            query: url.query(),
            fragment: url.fragment(),
        }
    }

    /// The URL serializer (spec 4.5), recording the boundaries as it goes.
    #[inline]
    pub(crate) fn build(&self) -> Result<UrlRecord, ParseError> {
        let len = self.scheme.len()
            + self.username.len()
            + self.password.len()
            + self.host.map_or(0, |(_, h)| h.len())
            + self.path.len()
            + self.query.map_or(0, str::len)
            + self.fragment.map_or(0, str::len)
            + 16;
        let mut out = String::with_capacity(len);
        // Step 1: scheme and ":".
        out.push_str(self.scheme);
        let scheme_end = out.len();
        out.push(':');
        let (username_end, host_start, host_end);
        // Step 2: the authority, when the host is non-null.
        if let Some((_, host)) = self.host {
            out.push_str("//");
            out.push_str(self.username);
            username_end = out.len();
            if !self.password.is_empty() {
                out.push(':');
                out.push_str(self.password);
            }
            if !self.username.is_empty() || !self.password.is_empty() {
                out.push('@');
            }
            host_start = out.len();
            out.push_str(host);
            host_end = out.len();
            if let Some(port) = self.port {
                out.push(':');
                push_port(port, &mut out);
            }
        } else {
            username_end = out.len();
            host_start = out.len();
            host_end = out.len();
            // Step 3: the "/." guard for a host-less URL whose path starts with an empty
            // segment.
            if !self.opaque_path && self.path.starts_with("//") {
                out.push_str("/.");
            }
        }
        // Step 4: the path.
        let path_start = out.len();
        out.push_str(self.path);
        // Steps 5 and 6.
        let mut query_start = None;
        if let Some(query) = self.query {
            query_start = Some(out.len());
            out.push('?');
            out.push_str(query);
        }
        let mut fragment_start = None;
        if let Some(fragment) = self.fragment {
            fragment_start = Some(out.len());
            out.push('#');
            out.push_str(fragment);
        }
        let bounds = Bounds {
            scheme_end,
            username_end,
            host_start,
            host_end,
            path_start,
            query_start,
            fragment_start,
            port: if self.host.is_some() { self.port } else { None },
            host: self.host.map(|(kind, _)| kind),
            scheme_type: SchemeType::from_scheme(self.scheme),
            opaque_path: self.opaque_path,
        };
        UrlRecord::from_parts(out, bounds).ok_or(ParseError::TooLong)
    }
}
