//! The dictionaries and enumerations of the `URLPattern` interface (1.1): its input, options
//! and results (the component names are `name.rs`'s).

use alloc::string::String;
use alloc::vec::Vec;

use crate::init::UrlPatternInit;
use crate::name::ComponentName;

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
        match name {
            ComponentName::Protocol => &self.protocol,
            ComponentName::Username => &self.username,
            ComponentName::Password => &self.password,
            ComponentName::Hostname => &self.hostname,
            ComponentName::Port => &self.port,
            ComponentName::Pathname => &self.pathname,
            ComponentName::Search => &self.search,
            // `ComponentName::Hash`: the eight are the seven above and this one.
            _ => &self.hash,
        }
    }

    /// The result of the component `name`, to change.
    pub fn component_mut(&mut self, name: ComponentName) -> &mut ComponentResult {
        match name {
            ComponentName::Protocol => &mut self.protocol,
            ComponentName::Username => &mut self.username,
            ComponentName::Password => &mut self.password,
            ComponentName::Hostname => &mut self.hostname,
            ComponentName::Port => &mut self.port,
            ComponentName::Pathname => &mut self.pathname,
            ComponentName::Search => &mut self.search,
            // `ComponentName::Hash`: the eight are the seven above and this one.
            _ => &mut self.hash,
        }
    }
}
