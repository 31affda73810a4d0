//! The components of the URL API (spec 6.1) that the kernels read, one column each.

use arrow_schema::ArrowError;
use whatwg_url::{SchemeType, Url};

use crate::column::RowSink;

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

    /// Appends the getter's value for `url` to `out` as a row.
    pub(crate) fn append<S: RowSink + ?Sized>(
        self,
        url: &Url,
        out: &mut S,
    ) -> Result<(), ArrowError> {
        match self {
            Component::Href => out.append(&[url.href()]),
            Component::Origin => append_origin(url, out),
            Component::Protocol => out.append(&[url.protocol()]),
            Component::Username => out.append(&[url.username()]),
            Component::Password => out.append(&[url.password()]),
            Component::Host => out.append(&[url.host()]),
            Component::Hostname => out.append(&[url.hostname()]),
            Component::Port => out.append(&[url.port()]),
            Component::Pathname => out.append(&[url.pathname()]),
            Component::Search => out.append(&[url.search()]),
            Component::Hash => out.append(&[url.hash()]),
        }
    }
}

/// The origin getter without its `String` for the schemes whose origin is a tuple of the URL's
/// own scheme, host and port (spec 4.7, origin, the `ftp`/`http(s)`/`ws(s)` case): their
/// serialization (HTML's serialization of an origin) is `protocol` + `//` + `host`, the host
/// getter leaving out the default port as the origin's serialization does. Other schemes
/// (`blob:`, `file:`, the rest) ask [`Url::origin`].
fn append_origin<S: RowSink + ?Sized>(url: &Url, out: &mut S) -> Result<(), ArrowError> {
    match url.scheme_type() {
        SchemeType::Ftp
        | SchemeType::Http
        | SchemeType::Https
        | SchemeType::Ws
        | SchemeType::Wss => out.append(&[url.protocol(), "//", url.host()]),
        SchemeType::File | SchemeType::NotSpecial => out.append(&[&url.origin()]),
    }
}
