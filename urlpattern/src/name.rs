//! The names of a URL pattern's eight components (the members of 1.1's `URLPatternInit` and
//! `URLPatternResult`):
//! the URL components that show the URL record's fields, as whatwg-url names them.

use core::fmt;

use whatwg_url::Component;

/// One of the eight components of a URL pattern: the components of a URL that show the URL
/// record's fields (whatwg-url's [`Component::RECORD`](whatwg_url::Component::RECORD):
/// `protocol`, `username`, `password`, `hostname`, `port`, `pathname`, `search`, `hash`), in
/// the record's order, which is the standard's.
///
/// A [`whatwg_url::Component`] known to be one of those eight: names, order and the URL
/// value each is matched against come from whatwg-url. The associated constants are named as
/// the variants of the enum this type was before (`ComponentName::Pathname`), in expressions
/// and in patterns; a `match` needs a `_` arm.
///
/// ```
/// use whatwg_url::Component;
/// use whatwg_urlpattern::ComponentName;
///
/// let name: ComponentName = "hostname".parse().unwrap();
/// assert_eq!(name, ComponentName::Hostname);
/// assert_eq!(name.component(), Component::Hostname);
/// assert_eq!(ComponentName::try_from(Component::Search), Ok(ComponentName::Search));
/// assert_eq!(ComponentName::try_from(Component::Host), Err(Component::Host));
/// assert_eq!(ComponentName::Hash.to_string(), "hash");
/// ```
// The component itself, one byte: where it is a constant (`UrlPattern::all_match` names each
// component in turn), a `match` on it (the URL's field, in `Url::record_field`) and its place
// in `RECORD` (an index into a pattern's components) fold away.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ComponentName(Component);

#[allow(non_upper_case_globals)] // the names of the enum's variants this type replaced
impl ComponentName {
    /// `protocol`: the URL's scheme.
    pub const Protocol: ComponentName = ComponentName(Component::Protocol);
    /// `username`.
    pub const Username: ComponentName = ComponentName(Component::Username);
    /// `password`.
    pub const Password: ComponentName = ComponentName(Component::Password);
    /// `hostname`: the URL's host.
    pub const Hostname: ComponentName = ComponentName(Component::Hostname);
    /// `port`.
    pub const Port: ComponentName = ComponentName(Component::Port);
    /// `pathname`: the URL's path.
    pub const Pathname: ComponentName = ComponentName(Component::Pathname);
    /// `search`: the URL's query.
    pub const Search: ComponentName = ComponentName(Component::Search);
    /// `hash`: the URL's fragment.
    pub const Hash: ComponentName = ComponentName(Component::Hash);
}

impl ComponentName {
    /// All eight, in order ([`Component::RECORD`]'s).
    pub const ALL: [ComponentName; Component::RECORD.len()] = {
        let mut all = [ComponentName::Protocol; Component::RECORD.len()];
        let mut index = 0;
        while index < all.len() {
            #[allow(clippy::indexing_slicing)] // `index` < 8, the length of both
            {
                all[index] = ComponentName(Component::RECORD[index]);
            }
            index += 1;
        }
        all
    };

    /// The `URL` attribute this component is named after (whatwg-url's [`Component`]). Its
    /// value to match is the URL record's field it shows (1.3 match, step 12;
    /// [`whatwg_url::Url::record_field`]): for `protocol`, `search` and `hash`, the getter's
    /// value without its `:`, `?` or `#`.
    #[inline]
    pub const fn component(self) -> Component {
        self.0
    }

    /// The name as the standard writes it (`"pathname"`): the name of the `URL` attribute of
    /// the same name.
    pub fn as_str(self) -> &'static str {
        self.0.name()
    }

    /// The place in [`ALL`](ComponentName::ALL): a pattern keeps its components in that order.
    #[inline]
    pub(crate) const fn index(self) -> usize {
        // Always `Some`, below 8 (the eight are the record's); the remainder tells the compiler
        // so, and indexing an array of eight by it needs no bounds check.
        match self.0.record_index() {
            Some(index) => index % Component::RECORD.len(),
            None => 0,
        }
    }
}

/// The member of the component `$name` in `$dict`, a dictionary with one member a component
/// named as the component (`UrlPatternInit`, `UrlPatternResult`), borrowed with `$borrow`
/// (`&` or `&mut`): the one place that pairs the names with those members.
macro_rules! member {
    ($dict:expr, $name:expr, $($borrow:tt)+) => {
        match $name {
            ComponentName::Protocol => $($borrow)+ $dict.protocol,
            ComponentName::Username => $($borrow)+ $dict.username,
            ComponentName::Password => $($borrow)+ $dict.password,
            ComponentName::Hostname => $($borrow)+ $dict.hostname,
            ComponentName::Port => $($borrow)+ $dict.port,
            ComponentName::Pathname => $($borrow)+ $dict.pathname,
            ComponentName::Search => $($borrow)+ $dict.search,
            // `ComponentName::Hash`: the eight are the seven above and this one.
            _ => $($borrow)+ $dict.hash,
        }
    };
}
pub(crate) use member;

impl From<ComponentName> for Component {
    fn from(name: ComponentName) -> Component {
        name.component()
    }
}

impl TryFrom<Component> for ComponentName {
    /// The component given, when it is not one of the eight (`href`, `origin`, `host`).
    type Error = Component;

    fn try_from(component: Component) -> Result<ComponentName, Component> {
        if component.is_record_field() {
            Ok(ComponentName(component))
        } else {
            Err(component)
        }
    }
}

impl fmt::Debug for ComponentName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.component(), f)
    }
}

impl fmt::Display for ComponentName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl core::str::FromStr for ComponentName {
    type Err = ();

    /// The component of that name (whatwg-url's [`Component`] names), if it is one of the
    /// eight.
    fn from_str(s: &str) -> Result<Self, ()> {
        let component: Component = s.parse().map_err(|_| ())?;
        ComponentName::try_from(component).map_err(|_| ())
    }
}

#[cfg(test)]
mod tests {
    use super::ComponentName;
    use whatwg_url::Component;

    /// Each constant names its component, at its place in `ALL` (which `UrlPattern` indexes
    /// by), and names parse back.
    #[test]
    fn constants_are_their_components() {
        let constants = [
            (ComponentName::Protocol, Component::Protocol),
            (ComponentName::Username, Component::Username),
            (ComponentName::Password, Component::Password),
            (ComponentName::Hostname, Component::Hostname),
            (ComponentName::Port, Component::Port),
            (ComponentName::Pathname, Component::Pathname),
            (ComponentName::Search, Component::Search),
            (ComponentName::Hash, Component::Hash),
        ];
        assert_eq!(constants.map(|(name, _)| name), ComponentName::ALL);
        for (i, (name, component)) in constants.into_iter().enumerate() {
            assert_eq!(name.index(), i, "{name:?}");
            assert_eq!(name.component(), component);
            assert_eq!(name.as_str().parse(), Ok(name));
            assert_eq!(ComponentName::try_from(component), Ok(name));
            assert_eq!(alloc::format!("{name:?}"), alloc::format!("{component:?}"));
        }
        for other in [Component::Href, Component::Origin, Component::Host] {
            assert_eq!(ComponentName::try_from(other), Err(other));
            assert_eq!(other.name().parse::<ComponentName>(), Err(()));
        }
    }
}
