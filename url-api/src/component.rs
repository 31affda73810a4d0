//! The `URL` interface's attributes by name (spec 6.1): one table of the components, for every
//! caller that picks them at run time (a command line's `--set hostname=…`, a column per
//! component, a template's `{pathname}`).

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;
use core::ops::Range;
use core::str::FromStr;

use url_core::SchemeType;

use crate::SetterError;
use crate::url::Url;

/// A string attribute of the `URL` interface (spec 6.1): the getters, in the interface's order
/// (`href`, `origin`, `protocol`, …, `hash`; `searchParams` is an object, not a string).
///
/// Read one with [`Url::component`], change one with [`Url::set_component`] (the standard's
/// setter; `origin` has none), find it in the href with [`Url::component_range`]. Names parse
/// as the standard spells them:
///
/// ```
/// use whatwg_url::{Component, Url};
///
/// let url = Url::parse("https://user@example.com:8080/a?q#f", None)?;
/// let hostname: Component = "hostname".parse()?;
/// assert_eq!(url.component(hostname), "example.com");
/// assert_eq!(Component::Search.to_string(), "search");
/// let names: Vec<&str> = Component::ALL.iter().map(|c| c.name()).collect();
/// assert_eq!(names[..3], ["href", "origin", "protocol"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Component {
    /// `href`: the URL serializer's output (spec 4.5).
    Href,
    /// `origin`: the serialization of the URL's origin (spec 4.7; `null` when opaque). It has
    /// no setter.
    Origin,
    /// `protocol`: the scheme and `:`.
    Protocol,
    /// `username`.
    Username,
    /// `password`.
    Password,
    /// `host`: the host and, when the port is not null, `:` and the port.
    Host,
    /// `hostname`: the host.
    Hostname,
    /// `port`: the port, empty when null.
    Port,
    /// `pathname`: the URL path serializer's output.
    Pathname,
    /// `search`: `?` and the query, empty when the query is null or empty.
    Search,
    /// `hash`: `#` and the fragment, empty when the fragment is null or empty.
    Hash,
}

impl Component {
    /// Every component, in the order the `URL` interface declares its attributes (spec 6.1).
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

    /// The components that show the URL record's fields (spec 4.1), one each, in the record's
    /// order: `protocol` (scheme), `username`, `password`, `hostname` (host), `port`,
    /// `pathname` (path), `search` (query), `hash` (fragment). `href`, `origin` and `host` show
    /// none alone: the whole, a value derived from the record, and two fields together.
    ///
    /// They are the URLPattern Standard's eight components, matched against a URL's fields
    /// ([`Url::record_field`]).
    ///
    /// ```
    /// use whatwg_url::Component;
    ///
    /// let names: Vec<&str> = Component::RECORD.iter().map(|c| c.name()).collect();
    /// assert_eq!(names, ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"]);
    /// assert_eq!(Component::Pathname.record_index(), Some(5));
    /// assert!(!Component::Host.is_record_field());
    /// ```
    pub const RECORD: [Component; 8] = [
        Component::Protocol,
        Component::Username,
        Component::Password,
        Component::Hostname,
        Component::Port,
        Component::Pathname,
        Component::Search,
        Component::Hash,
    ];

    /// The component's place in [`RECORD`](Component::RECORD), or `None` when it shows no
    /// field of the URL record alone (`href`, `origin`, `host`).
    pub const fn record_index(self) -> Option<usize> {
        match self {
            Component::Protocol => Some(0),
            Component::Username => Some(1),
            Component::Password => Some(2),
            Component::Hostname => Some(3),
            Component::Port => Some(4),
            Component::Pathname => Some(5),
            Component::Search => Some(6),
            Component::Hash => Some(7),
            Component::Href | Component::Origin | Component::Host => None,
        }
    }

    /// Whether the component shows one field of the URL record (spec 4.1): whether it is in
    /// [`RECORD`](Component::RECORD).
    pub const fn is_record_field(self) -> bool {
        self.record_index().is_some()
    }

    /// The attribute's name as the standard spells it (`"hostname"`).
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

    /// The component an attribute's name names, exactly as the standard spells it
    /// (`"pathname"`; not `"Pathname"`, not `"path"`). [`FromStr`] does the same with a reason.
    ///
    /// ```
    /// use whatwg_url::Component;
    ///
    /// assert_eq!(Component::from_name("port"), Some(Component::Port));
    /// assert_eq!(Component::from_name("query"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Component> {
        Component::ALL.into_iter().find(|c| c.name() == name)
    }

    /// Whether the attribute has a setter (all but `origin`, which is read-only).
    pub const fn has_setter(self) -> bool {
        !matches!(self, Component::Origin)
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of the `URL` interface's string attributes (see [`Component`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownComponent {
    name: String,
}

impl UnknownComponent {
    /// The name as given.
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl fmt::Display for UnknownComponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown URL component {:?}: expected one of ", self.name)?;
        for (i, component) in Component::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(component.name())?;
        }
        Ok(())
    }
}

impl core::error::Error for UnknownComponent {}

impl FromStr for Component {
    type Err = UnknownComponent;

    /// See [`Component::from_name`].
    ///
    /// ```
    /// use whatwg_url::Component;
    ///
    /// assert_eq!("hash".parse(), Ok(Component::Hash));
    /// let error = "fragment".parse::<Component>().unwrap_err();
    /// assert!(error.to_string().starts_with("unknown URL component \"fragment\""));
    /// ```
    fn from_str(name: &str) -> Result<Component, UnknownComponent> {
        Component::from_name(name).ok_or_else(|| UnknownComponent {
            name: String::from(name),
        })
    }
}

/// Writes `parts` to `out`, an origin's serialization in pieces.
fn write_parts<W: fmt::Write + ?Sized>(out: &mut W, parts: &[&str]) -> fmt::Result {
    parts.iter().try_for_each(|part| out.write_str(part))
}

impl Url {
    /// The getter of `component` (spec 6.1): borrowed from the href for every component, and
    /// for `origin` too where its serialization is the start of the href (a special URL but
    /// `file:` without credentials) or `"null"`; owned only for the origin of a URL with
    /// credentials or of a `blob:` URL. [`write_component`](Url::write_component) never
    /// allocates for any.
    ///
    /// ```
    /// use whatwg_url::{Component, Url};
    ///
    /// let url = Url::parse("https://example.com:8443/a?q#f", None)?;
    /// assert_eq!(url.component(Component::Host), "example.com:8443");
    /// assert_eq!(url.component(Component::Origin), "https://example.com:8443");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn component(&self, component: Component) -> Cow<'_, str> {
        match component {
            Component::Origin => match self.origin_in_href() {
                Some(origin) => Cow::Borrowed(origin),
                None => Cow::Owned(self.origin()),
            },
            other => Cow::Borrowed(self.getter(other)),
        }
    }

    /// The URL record's field (spec 4.1) that `component` shows, serialized, and the empty
    /// string where it is null: the scheme, username, password, host, port, path, query and
    /// fragment, without the `:`, `?` and `#` their getters add. `None` for the components
    /// that show no one field (`href`, `origin`, `host`; see [`Component::RECORD`]).
    ///
    /// This is what the URLPattern Standard matches (1.3 match, step 12).
    ///
    /// ```
    /// use whatwg_url::{Component, Url};
    ///
    /// let url = Url::parse("https://example.com/a?q=1", None)?;
    /// let fields: Vec<&str> = Component::RECORD.iter().filter_map(|&c| url.record_field(c)).collect();
    /// assert_eq!(fields, ["https", "", "", "example.com", "", "/a", "q=1", ""]);
    /// assert_eq!(url.record_field(Component::Host), None);
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    #[inline]
    pub fn record_field(&self, component: Component) -> Option<&str> {
        Some(match component {
            Component::Protocol => self.scheme(),
            Component::Username => self.username(),
            Component::Password => self.password(),
            Component::Hostname => self.hostname(),
            Component::Port => self.port(),
            Component::Pathname => self.pathname(),
            Component::Search => self.query().unwrap_or(""),
            Component::Hash => self.fragment().unwrap_or(""),
            Component::Href | Component::Origin | Component::Host => return None,
        })
    }

    /// The URL record's eight fields (spec 4.1) as [`record_field`](Url::record_field) gives
    /// each, in [`Component::RECORD`]'s order: all at once, without a dispatch on the component.
    ///
    /// ```
    /// use whatwg_url::Url;
    ///
    /// let url = Url::parse("ws://u@example.com:81/chat#top", None)?;
    /// assert_eq!(url.record_fields(), ["ws", "u", "", "example.com", "81", "/chat", "", "top"]);
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    #[inline]
    pub fn record_fields(&self) -> [&str; Component::RECORD.len()] {
        [
            self.scheme(),
            self.username(),
            self.password(),
            self.hostname(),
            self.port(),
            self.pathname(),
            self.query().unwrap_or(""),
            self.fragment().unwrap_or(""),
        ]
    }

    /// The getters that are slices of the href (all but `origin`, which gives `""` here).
    // Always inlined: a column kernel calls it once a row, where a call costs as much as the
    // getter (measured with callgrind: 11 instructions a URL).
    #[inline(always)]
    fn getter(&self, component: Component) -> &str {
        match component {
            Component::Href => self.href(),
            Component::Origin => "",
            Component::Protocol => self.protocol(),
            Component::Username => self.username(),
            Component::Password => self.password(),
            Component::Host => self.host(),
            Component::Hostname => self.hostname(),
            Component::Port => self.port(),
            Component::Pathname => self.pathname(),
            Component::Search => self.search(),
            Component::Hash => self.hash(),
        }
    }

    /// Writes the getter of `component` (spec 6.1) to `out`, allocating nothing (but for a
    /// `blob:` URL's origin, which parses the URL's path: spec 4.7).
    ///
    /// ```
    /// use whatwg_url::{Component, Url};
    ///
    /// let url = Url::parse("wss://u:p@example.com/chat", None)?;
    /// let mut row = String::new();
    /// for component in [Component::Origin, Component::Pathname] {
    ///     url.write_component(component, &mut row)?;
    ///     row.push('\t');
    /// }
    /// assert_eq!(row, "wss://example.com\t/chat\t");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn write_component<W: fmt::Write + ?Sized>(
        &self,
        component: Component,
        out: &mut W,
    ) -> fmt::Result {
        match component {
            Component::Origin => self.write_origin(out),
            other => out.write_str(self.getter(other)),
        }
    }

    /// Writes the `origin` getter's value (spec 6.1: the serialization of the URL's origin,
    /// spec 4.7 and HTML) to `out` without allocating, as [`origin`](Url::origin) gives it.
    /// A `blob:` URL's origin is that of the URL its path holds (when `http:` or `https:`),
    /// which is parsed for it.
    ///
    /// ```
    /// use whatwg_url::Url;
    ///
    /// let mut out = String::new();
    /// Url::parse("HTTPS://user@Example.com:443/x", None)?.write_origin(&mut out)?;
    /// out.push(' ');
    /// Url::parse("data:,x", None)?.write_origin(&mut out)?;
    /// assert_eq!(out, "https://example.com null");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn write_origin<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        if let Some(origin) = self.origin_in_href() {
            return out.write_str(origin);
        }
        match self.scheme_type() {
            // 4.7, a tuple origin with credentials in the href: protocol "//" host.
            SchemeType::Ftp
            | SchemeType::Http
            | SchemeType::Https
            | SchemeType::Ws
            | SchemeType::Wss => write_parts(out, &[self.protocol(), "//", self.host()]),
            // 4.7 "blob": the origin of the URL the path holds, when it is http(s).
            SchemeType::NotSpecial => match Url::parse(self.pathname(), None) {
                Ok(inner)
                    if matches!(inner.scheme_type(), SchemeType::Http | SchemeType::Https) =>
                {
                    inner.write_origin(out)
                }
                _ => out.write_str("null"),
            },
            SchemeType::File => out.write_str("null"),
        }
    }

    /// The origin's serialization where no allocation is needed: `"null"` for the schemes whose
    /// origin is opaque (but `blob:`), and for the tuple origins (`ftp`, `http(s)`, `ws(s)`) of
    /// URLs without credentials the start of the href. HTML's serialization of a tuple origin is
    /// scheme `://` host, then `:` port when the port is not null: the protocol, `//` and the
    /// `host` getter, which is how the URL serializer begins (spec 4.5, steps 1 and 2).
    #[inline]
    fn origin_in_href(&self) -> Option<&str> {
        match self.scheme_type() {
            SchemeType::Ftp
            | SchemeType::Http
            | SchemeType::Https
            | SchemeType::Ws
            | SchemeType::Wss => {
                if self.as_core().includes_credentials() {
                    return None;
                }
                let port = self.port();
                let port = if port.is_empty() {
                    0
                } else {
                    ":".len() + port.len()
                };
                let length = self.scheme().len() + "://".len() + self.hostname().len() + port;
                self.href().get(..length)
            }
            SchemeType::File => Some("null"),
            SchemeType::NotSpecial if self.scheme() == "blob" => None,
            SchemeType::NotSpecial => Some("null"),
        }
    }

    /// Where the getter of `component` lies in the [`href`](Url::href), as a byte range:
    /// `None` for `origin` (in general not a part of the href) and for a component whose
    /// getter gives the empty string.
    ///
    /// ```
    /// use whatwg_url::{Component, Url};
    ///
    /// let url = Url::parse("https://example.com:8080/a/b?q=1", None)?;
    /// let range = url.component_range(Component::Pathname).unwrap();
    /// assert_eq!(&url.href()[range], "/a/b");
    /// assert_eq!(url.component_range(Component::Host), Some(8..24));
    /// assert_eq!(url.component_range(Component::Hash), None);
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn component_range(&self, component: Component) -> Option<Range<usize>> {
        let len = self.getter(component).len();
        if len == 0 || component == Component::Origin {
            return None;
        }
        // Each getter is found by what the serializer writes before or after it (spec 4.5):
        // `before` bytes precede it, or `after` bytes follow it.
        let (before, after) = match component {
            Component::Href | Component::Protocol => (Some(0), 0),
            // scheme "://" username
            Component::Username => (Some(self.scheme().len() + "://".len()), 0),
            // username ":" password
            Component::Password => {
                let username = self.username().len();
                (Some(self.scheme().len() + "://".len() + username + 1), 0)
            }
            // host [":" port], then the path, query and fragment.
            Component::Host | Component::Port => (None, self.path_onward().len()),
            Component::Hostname => {
                let port = self.port();
                let port = if port.is_empty() { 0 } else { 1 + port.len() };
                (None, self.path_onward().len() + port)
            }
            Component::Pathname => (None, self.path_onward().len().saturating_sub(len)),
            // "?" query, then the fragment; "#" fragment ends the href.
            Component::Search => (None, self.fragment().map_or(0, |f| 1 + f.len())),
            Component::Hash | Component::Origin => (None, 0),
        };
        let start = match before {
            Some(start) => start,
            None => self.href().len().checked_sub(after + len)?,
        };
        Some(start..start + len)
    }

    /// Runs the setter of `component` (spec 6.1) with `value`: for `href` the href setter (a
    /// parse; [`SetterError::InvalidHref`] on failure), for the others their `try_set_*`
    /// method. `origin` has no setter: [`SetterError::ReadOnly`], the URL unchanged.
    ///
    /// ```
    /// use whatwg_url::{Component, SetterError, Url};
    ///
    /// let mut url = Url::parse("https://example.com/", None)?;
    /// url.set_component(Component::Pathname, "/a b")?;
    /// url.set_component("search".parse()?, "q=1")?;
    /// assert_eq!(url.href(), "https://example.com/a%20b?q=1");
    /// assert_eq!(url.set_component(Component::Origin, "https://x"), Err(SetterError::ReadOnly));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_component(&mut self, component: Component, value: &str) -> Result<(), SetterError> {
        match component {
            Component::Href => self.set_href(value).map_err(SetterError::InvalidHref),
            Component::Origin => Err(SetterError::ReadOnly),
            Component::Protocol => self.try_set_protocol(value),
            Component::Username => self.try_set_username(value),
            Component::Password => self.try_set_password(value),
            Component::Host => self.try_set_host(value),
            Component::Hostname => self.try_set_hostname(value),
            Component::Port => self.try_set_port(value),
            Component::Pathname => self.try_set_pathname(value),
            Component::Search => self.try_set_search(value),
            Component::Hash => self.try_set_hash(value),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Component;
    use crate::url::Url;

    /// `record_index` is the place in `RECORD`, and the record's fields are exactly the
    /// components that have one.
    #[test]
    fn record_index_is_the_place_in_record() {
        for (i, c) in Component::RECORD.into_iter().enumerate() {
            assert_eq!(c.record_index(), Some(i), "{c}");
        }
        let url = Url::parse("https://u:p@example.com:8080/a?q#f", None).unwrap();
        for c in Component::ALL {
            assert_eq!(c.is_record_field(), Component::RECORD.contains(&c), "{c}");
            assert_eq!(url.record_field(c).is_some(), c.is_record_field(), "{c}");
        }
        let fields = Component::RECORD.map(|c| url.record_field(c).unwrap());
        assert_eq!(url.record_fields(), fields);
    }
}
