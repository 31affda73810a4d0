//! The dictionaries and enumerations of the `URLPattern` interface (1.1): its input, options
//! and results (the component names are `name.rs`'s).

use alloc::string::String;
use alloc::vec::Vec;

use crate::init::UrlPatternInit;
use crate::name::{ComponentName, member};

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

impl UrlPatternResult {
    /// The result of the component `name` (`&result.pathname` for
    /// [`ComponentName::Pathname`]).
    pub fn component(&self, name: ComponentName) -> &ComponentResult {
        member!(self, name, &)
    }

    /// The result of the component `name`, to change.
    pub fn component_mut(&mut self, name: ComponentName) -> &mut ComponentResult {
        member!(self, name, &mut)
    }
}

#[cfg(test)]
mod tests {
    use super::UrlPatternResult;
    use crate::init::UrlPatternInit;
    use crate::name::ComponentName;

    /// `member!` pairs each name with the member of that name, in both dictionaries.
    #[test]
    fn members_are_named_as_their_components() {
        for name in ComponentName::ALL {
            let mut init = UrlPatternInit::default();
            *init.component_mut(name) = Some(name.as_str().into());
            let mut result = UrlPatternResult::default();
            result.component_mut(name).input = name.as_str().into();
            assert_eq!(init.component(name), Some(name.as_str()));
            assert_eq!(result.component(name).input, name.as_str());
            let members = [
                ("protocol", init.protocol.as_deref(), &result.protocol.input),
                ("username", init.username.as_deref(), &result.username.input),
                ("password", init.password.as_deref(), &result.password.input),
                ("hostname", init.hostname.as_deref(), &result.hostname.input),
                ("port", init.port.as_deref(), &result.port.input),
                ("pathname", init.pathname.as_deref(), &result.pathname.input),
                ("search", init.search.as_deref(), &result.search.input),
                ("hash", init.hash.as_deref(), &result.hash.input),
            ];
            for (member, in_init, in_result) in members {
                let set = member == name.as_str();
                assert_eq!(in_init.is_some(), set, "{name} in {member}");
                assert_eq!(!in_result.is_empty(), set, "{name} in {member}");
            }
        }
    }
}
