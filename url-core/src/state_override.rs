//! The state overrides of the basic URL parser (spec 4.4): what the setters (spec 6) start it
//! in. Its own module, below both the parser and its error types, which name it.

/// The states a caller may give the basic URL parser as *state override* (spec 4.4), each
/// used by one setter of the API (spec 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StateOverride {
    /// Scheme start state (the `protocol` setter; the input must end with `:`).
    SchemeStart,
    /// Host state (the `host` setter: a host and an optional `:port`).
    Host,
    /// Hostname state (the `hostname` setter: a host alone).
    Hostname,
    /// Port state (the `port` setter).
    Port,
    /// Path start state (the `pathname` setter). The path state appends segments to the
    /// url's path: empty it first (see [`UrlRecord::clear_path`](crate::UrlRecord::clear_path)) to replace it.
    PathStart,
    /// Query state (the `search` setter). The query state appends to the url's query: set it
    /// to the empty string first to replace it.
    Query,
    /// Fragment state (the `hash` setter). The fragment state appends to the url's fragment:
    /// set it to the empty string first to replace it.
    Fragment,
}
