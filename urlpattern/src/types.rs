//! The dictionaries and enumerations of the `URLPattern` interface (1.1): its input, options
//! and results, and the component names.

use alloc::string::String;
use alloc::vec::Vec;

use crate::init::UrlPatternInit;

/// `URLPatternInput`: a pattern (or URL) string, or a [`UrlPatternInit`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UrlPatternInput<'a> {
    /// A constructor string (a pattern), or a URL string given to `test`/`exec`.
    String(&'a str),
    /// A dictionary of components.
    Init(&'a UrlPatternInit),
}

impl<'a> From<&'a str> for UrlPatternInput<'a> {
    fn from(s: &'a str) -> Self {
        UrlPatternInput::String(s)
    }
}

impl<'a> From<&'a String> for UrlPatternInput<'a> {
    fn from(s: &'a String) -> Self {
        UrlPatternInput::String(s)
    }
}

impl<'a> From<&'a UrlPatternInit> for UrlPatternInput<'a> {
    fn from(init: &'a UrlPatternInit) -> Self {
        UrlPatternInput::Init(init)
    }
}

/// An owned [`UrlPatternInput`], as the `inputs` of a [`UrlPatternResult`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchInput {
    /// A URL string (the input, or the base URL string after it).
    String(String),
    /// The dictionary given to `exec`.
    Init(UrlPatternInit),
}

/// `URLPatternOptions`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct UrlPatternOptions {
    /// `ignoreCase`: the pathname, search and hash match case-insensitively.
    pub ignore_case: bool,
}

/// `URLPatternComponentResult`: the component's input and its groups, by name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ComponentResult {
    /// The component of the matched URL.
    pub input: String,
    /// Each group's name and value, in the pattern's order; `None` for an optional group
    /// that did not match (JavaScript's `undefined`).
    pub groups: Vec<(String, Option<String>)>,
}

impl ComponentResult {
    /// The value of the group `name`, if it exists and matched.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.groups
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.as_deref())
    }
}

/// `URLPatternResult`: what `exec` returns on a match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UrlPatternResult {
    /// The arguments of `exec` (the input, then the base URL string if one was given).
    pub inputs: Vec<MatchInput>,
    /// `protocol`
    pub protocol: ComponentResult,
    /// `username`
    pub username: ComponentResult,
    /// `password`
    pub password: ComponentResult,
    /// `hostname`
    pub hostname: ComponentResult,
    /// `port`
    pub port: ComponentResult,
    /// `pathname`
    pub pathname: ComponentResult,
    /// `search`
    pub search: ComponentResult,
    /// `hash`
    pub hash: ComponentResult,
}

/// The eight components, in the standard's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ComponentName {
    /// `protocol`
    Protocol,
    /// `username`
    Username,
    /// `password`
    Password,
    /// `hostname`
    Hostname,
    /// `port`
    Port,
    /// `pathname`
    Pathname,
    /// `search`
    Search,
    /// `hash`
    Hash,
}

impl ComponentName {
    /// All eight, in order.
    pub const ALL: [ComponentName; 8] = [
        ComponentName::Protocol,
        ComponentName::Username,
        ComponentName::Password,
        ComponentName::Hostname,
        ComponentName::Port,
        ComponentName::Pathname,
        ComponentName::Search,
        ComponentName::Hash,
    ];

    /// The name as the standard writes it (`"pathname"`): the name of the `URL` attribute
    /// (whatwg-url's [`Component`](whatwg_url::Component)) of the same name.
    pub fn as_str(self) -> &'static str {
        self.url_component().name()
    }

    /// The `URL` attribute this component is named after. Its value to match is the URL
    /// record's (1.3 match, step 12): for `protocol`, `search` and `hash`, the getter's value
    /// without its `:`, `?` or `#` (see `pattern::url_value`).
    pub(crate) const fn url_component(self) -> whatwg_url::Component {
        use whatwg_url::Component;
        match self {
            ComponentName::Protocol => Component::Protocol,
            ComponentName::Username => Component::Username,
            ComponentName::Password => Component::Password,
            ComponentName::Hostname => Component::Hostname,
            ComponentName::Port => Component::Port,
            ComponentName::Pathname => Component::Pathname,
            ComponentName::Search => Component::Search,
            ComponentName::Hash => Component::Hash,
        }
    }
}

impl core::str::FromStr for ComponentName {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        ComponentName::ALL
            .into_iter()
            .find(|c| c.as_str() == s)
            .ok_or(())
    }
}

#[cfg(test)]
mod tests {
    use super::ComponentName;

    /// `UrlPattern::component_ref` indexes the components by the variant's value.
    #[test]
    fn variants_are_their_places_in_all() {
        for (i, name) in ComponentName::ALL.into_iter().enumerate() {
            assert_eq!(name as usize, i, "{name:?}");
            assert_eq!(name.as_str().parse(), Ok(name));
            assert_eq!(name.as_str(), name.url_component().name());
        }
    }
}
