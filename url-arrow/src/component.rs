//! The components of the URL API (spec 6.1) that the kernels read, one column each.

use arrow_array::OffsetSizeTrait;
use whatwg_url::{SchemeType, Url};

use crate::column::Texts;

/// A getter of the `URL` class (spec 6.1), as a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Component {
    /// `href`: the URL serializer's output (the normalized URL).
    Href,
    /// `origin`: the serialization of the URL's origin (`null` for an opaque origin).
    Origin,
    /// `protocol`: the scheme and `:`.
    Protocol,
    /// `username`.
    Username,
    /// `password`.
    Password,
    /// `host`: the host and, when not the default, `:port`.
    Host,
    /// `hostname`: the host.
    Hostname,
    /// `port`: the port, empty when null.
    Port,
    /// `pathname`.
    Pathname,
    /// `search`: `?` and the query, empty when the query is null or empty.
    Search,
    /// `hash`: `#` and the fragment, empty when the fragment is null or empty.
    Hash,
}

impl Component {
    /// Every component, in the order of [`parse`](crate::parse)'s struct fields.
    pub const ALL: [Component; 11] = [
        Component::Href,
        Component::Origin,
        Component::Protocol,
        Component::Username,
        Component::Password,
        Component::Host,
        Component::Hostname,
        Component::Port,
        Component::Pathname,
        Component::Search,
        Component::Hash,
    ];

    /// The getter's name, which is also the struct field's name.
    pub const fn name(self) -> &'static str {
        match self {
            Component::Href => "href",
            Component::Origin => "origin",
            Component::Protocol => "protocol",
            Component::Username => "username",
            Component::Password => "password",
            Component::Host => "host",
            Component::Hostname => "hostname",
            Component::Port => "port",
            Component::Pathname => "pathname",
            Component::Search => "search",
            Component::Hash => "hash",
        }
    }

    /// The component a getter's name names (`"hostname"` → [`Component::Hostname`]).
    pub fn from_name(name: &str) -> Option<Component> {
        Component::ALL.into_iter().find(|c| c.name() == name)
    }

    /// Appends the getter's value for `url` as a row of `out`.
    #[inline]
    pub(crate) fn push<O: OffsetSizeTrait>(self, url: &Url, out: &mut Texts<O>) {
        match self {
            Component::Href => out.push(&[url.href()]),
            Component::Origin => push_origin(url, url.host(), out),
            Component::Protocol => out.push(&[url.protocol()]),
            Component::Username => out.push(&[url.username()]),
            Component::Password => out.push(&[url.password()]),
            Component::Host => out.push(&[url.host()]),
            Component::Hostname => out.push(&[url.hostname()]),
            Component::Port => out.push(&[url.port()]),
            Component::Pathname => out.push(&[url.pathname()]),
            Component::Search => out.push(&[url.search()]),
            Component::Hash => out.push(&[url.hash()]),
        }
    }
}

/// The origin getter without its `String` for the schemes whose origin is a tuple of the URL's
/// own scheme, host and port (spec 4.7, origin, the `ftp`/`http(s)`/`ws(s)` case): their
/// serialization (HTML's serialization of an origin) is `protocol` + `//` + `host` (`host`
/// being the host getter's value, which leaves out the default port as the origin's
/// serialization does). Other schemes (`blob:`, `file:`, the rest) ask [`Url::origin`].
#[inline]
pub(crate) fn push_origin<O: OffsetSizeTrait>(url: &Url, host: &str, out: &mut Texts<O>) {
    match url.scheme_type() {
        SchemeType::Ftp
        | SchemeType::Http
        | SchemeType::Https
        | SchemeType::Ws
        | SchemeType::Wss => {
            // Without credentials the URL's serialization starts with exactly this (spec 4.5,
            // URL serializer, steps 1 and 2): one copy from href instead of three.
            let protocol = url.protocol();
            let length = protocol.len() + "//".len() + host.len();
            match url.href().get(..length) {
                Some(origin) if url.username().is_empty() && url.password().is_empty() => {
                    out.push(&[origin]);
                }
                _ => out.push(&[protocol, "//", host]),
            }
        }
        SchemeType::File | SchemeType::NotSpecial => out.push(&[&url.origin()]),
    }
}
