//! The `URLPattern` class (1.1) and the URL pattern struct's high-level operations (1.3):
//! create, match, has regexp groups.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

use whatwg_url::{Url, any_special_scheme};

use crate::canon::Canon;
use crate::component::Component;
use crate::constructor::parse_constructor_string;
use crate::engine::{DefaultEngine, RegexEngine};
use crate::error::{Error, Reason};
use crate::init::{InitType, UrlPatternInit, process};
use crate::name::ComponentName;
use crate::parser::Options;
use crate::types::{
    ComponentResult, MatchInput, UrlPatternInput, UrlPatternOptions, UrlPatternResult,
};

/// A URL pattern (the standard's `URLPattern`): eight component patterns, matched against
/// URLs with [`test`](UrlPattern::test) and [`exec`](UrlPattern::exec).
///
/// `E` runs the `(regexp)` groups and modifiers; other patterns are matched directly (see the
/// crate's documentation).
///
/// # Bounds
///
/// Patterns without a custom regular expression or modifier are matched in time bounded by
/// (parts × input length²), whatever the pattern. A pattern with one goes to the engine `E`;
/// the default engine backtracks, as ECMAScript's do, so an untrusted *pattern* with nested
/// quantifiers (`(a+)+b`) can take exponential time: compile untrusted patterns with an engine
/// that bounds its work, or refuse those with [`has_regexp_groups`](UrlPattern::has_regexp_groups).
/// Pattern strings are parsed in linear time; a component has at most 16,384 parts.
pub struct UrlPattern<E: RegexEngine = DefaultEngine> {
    engine: E,
    pub(crate) components: [Component<E::Regex>; 8],
}

/// The order `test` matches the components in. All must match, so the order changes only the
/// cost: cheap rejections first, the pathname and hostname (where URLs differ most), then the
/// protocol and port; username and password (rarely constrained) last.
pub(crate) const TEST_ORDER: [ComponentName; 8] = [
    ComponentName::Pathname,
    ComponentName::Hostname,
    ComponentName::Protocol,
    ComponentName::Port,
    ComponentName::Search,
    ComponentName::Hash,
    ComponentName::Username,
    ComponentName::Password,
];

/// A component's value to match, in [`ComponentName::ALL`]'s order.
type Values<'a> = [&'a str; 8];

impl UrlPattern {
    /// `new URLPattern(input, baseURL, options)` with the default engine.
    ///
    /// ```
    /// use whatwg_urlpattern::UrlPattern;
    ///
    /// let pattern = UrlPattern::new("https://*.example.com/books/:id".into(), None, Default::default())?;
    /// assert_eq!(pattern.hostname(), "*.example.com");
    /// let result = pattern.exec("https://shop.example.com/books/42".into(), None)?.unwrap();
    /// assert_eq!(result.pathname.get("id"), Some("42"));
    /// assert_eq!(result.hostname.get("0"), Some("shop"));
    /// # Ok::<(), whatwg_urlpattern::Error>(())
    /// ```
    pub fn new(
        input: UrlPatternInput<'_>,
        base_url: Option<&str>,
        options: UrlPatternOptions,
    ) -> Result<Self, Error> {
        Self::with_engine(input, base_url, options, DefaultEngine::default())
    }
}

impl UrlPattern {
    /// A route of a table: the absolute constructor string `pattern`, default options.
    pub(crate) fn route(pattern: &str) -> Result<Self, Error> {
        Self::new(
            UrlPatternInput::String(pattern),
            None,
            UrlPatternOptions::default(),
        )
    }
}

impl<E: RegexEngine> UrlPattern<E> {
    /// `new URLPattern(input, baseURL, options)` with the regular expression engine `engine`.
    pub fn with_engine(
        input: UrlPatternInput<'_>,
        base_url: Option<&str>,
        options: UrlPatternOptions,
        engine: E,
    ) -> Result<Self, Error> {
        // 1.3 create, steps 1–3.
        let parsed;
        let init = match input {
            UrlPatternInput::String(s) => {
                let mut init = parse_constructor_string(s, &engine)?;
                if base_url.is_none() && init.protocol.is_none() {
                    return Err(Error::new(Reason::RelativeWithoutBase));
                }
                init.base_url = base_url.map(str::to_string);
                parsed = init;
                &parsed
            }
            UrlPatternInput::Init(init) => {
                if base_url.is_some() {
                    return Err(Error::new(Reason::BaseUrlWithInit));
                }
                init
            }
        };
        let processed = process(init, InitType::Pattern, UrlPatternInit::default())?;
        // Step 5: a missing component is a wildcard (read as `*` here rather than stored).
        fn get(member: &Option<String>) -> &str {
            member.as_deref().unwrap_or("*")
        }
        let protocol = get(&processed.protocol);
        let mut port = get(&processed.port);
        // Step 6: a special scheme's default port is the empty port.
        let default = whatwg_url::SchemeType::from_scheme(protocol).default_port();
        if default.is_some_and(|d| port == d.to_string()) {
            port = "";
        }
        let hostname = get(&processed.hostname);
        let compile = |input: &str, canon: Canon, options: Options, name| {
            Component::compile(input, canon, options, &engine, name)
        };
        let protocol_c = compile(
            protocol,
            Canon::Protocol,
            Options::DEFAULT,
            ComponentName::Protocol,
        )?;
        let username_c = compile(
            get(&processed.username),
            Canon::Username,
            Options::DEFAULT,
            ComponentName::Username,
        )?;
        let password_c = compile(
            get(&processed.password),
            Canon::Password,
            Options::DEFAULT,
            ComponentName::Password,
        )?;
        let hostname_c = if hostname_is_ipv6(hostname) {
            compile(
                hostname,
                Canon::Ipv6Hostname,
                Options::HOSTNAME,
                ComponentName::Hostname,
            )?
        } else {
            compile(
                hostname,
                Canon::Hostname,
                Options::HOSTNAME,
                ComponentName::Hostname,
            )?
        };
        let port_c = compile(
            port,
            Canon::Port(None),
            Options::DEFAULT,
            ComponentName::Port,
        )?;
        let ignore_case = options.ignore_case;
        let compile_options = Options {
            ignore_case,
            ..Options::DEFAULT
        };
        // Step 15: "protocol component matches a special scheme".
        let special = any_special_scheme(|scheme| protocol_c.test(&engine, scheme));
        let pathname_c = if special {
            let path_options = Options {
                ignore_case,
                ..Options::PATHNAME
            };
            compile(
                get(&processed.pathname),
                Canon::Pathname,
                path_options,
                ComponentName::Pathname,
            )?
        } else {
            compile(
                get(&processed.pathname),
                Canon::OpaquePathname,
                compile_options,
                ComponentName::Pathname,
            )?
        };
        let search_c = compile(
            get(&processed.search),
            Canon::Search,
            compile_options,
            ComponentName::Search,
        )?;
        let hash_c = compile(
            get(&processed.hash),
            Canon::Hash,
            compile_options,
            ComponentName::Hash,
        )?;
        let components = [
            protocol_c, username_c, password_c, hostname_c, port_c, pathname_c, search_c, hash_c,
        ];
        Ok(UrlPattern { components, engine })
    }

    /// The component `name`: `components` is in [`ComponentName::ALL`]'s order.
    #[inline]
    pub(crate) fn component_ref(&self, name: ComponentName) -> &Component<E::Regex> {
        // In bounds: a `ComponentName` is its place in `ALL`, 0 to 7, and there are eight
        // components. An index, not a `match`: the match cost 1.8% of the instructions of
        // `test_url` and the route set (callgrind).
        #[allow(clippy::indexing_slicing)]
        &self.components[name.index()]
    }

    /// The normalized pattern string of `component`.
    pub fn get(&self, component: ComponentName) -> &str {
        &self.component_ref(component).pattern_string
    }

    pub(crate) fn component_parts(&self, name: ComponentName) -> &[crate::parser::Part] {
        &self.component_ref(name).parts
    }
    /// The normalized protocol pattern.
    pub fn protocol(&self) -> &str {
        self.get(ComponentName::Protocol)
    }
    /// The normalized username pattern.
    pub fn username(&self) -> &str {
        self.get(ComponentName::Username)
    }
    /// The normalized password pattern.
    pub fn password(&self) -> &str {
        self.get(ComponentName::Password)
    }
    /// The normalized hostname pattern.
    pub fn hostname(&self) -> &str {
        self.get(ComponentName::Hostname)
    }
    /// The normalized port pattern.
    pub fn port(&self) -> &str {
        self.get(ComponentName::Port)
    }
    /// The normalized pathname pattern.
    pub fn pathname(&self) -> &str {
        self.get(ComponentName::Pathname)
    }
    /// The normalized search pattern.
    pub fn search(&self) -> &str {
        self.get(ComponentName::Search)
    }
    /// The normalized hash pattern.
    pub fn hash(&self) -> &str {
        self.get(ComponentName::Hash)
    }

    /// `hasRegExpGroups`: whether some component has a custom `(regexp)` group.
    pub fn has_regexp_groups(&self) -> bool {
        self.components.iter().any(|c| c.has_regexp_groups)
    }

    /// The engine.
    pub fn engine(&self) -> &E {
        &self.engine
    }

    /// Runs `f` on the eight component values of `input` (1.3 match, steps 1–13), or returns
    /// `Ok(None)` where the standard's match returns null before matching.
    fn with_values<T>(
        &self,
        input: UrlPatternInput<'_>,
        base_url: Option<&str>,
        f: impl FnOnce(Values<'_>) -> T,
    ) -> Result<Option<T>, Error> {
        match input {
            UrlPatternInput::Init(init) => {
                if base_url.is_some() {
                    return Err(Error::new(Reason::BaseUrlWithInit));
                }
                let mut start = UrlPatternInit::default();
                for name in ComponentName::ALL {
                    *start.component_mut(name) = Some(String::new());
                }
                // A failure to process the input is a non-match.
                let Ok(r) = process(init, InitType::Url, start) else {
                    return Ok(None);
                };
                let values = ComponentName::ALL.map(|name| r.component(name).unwrap_or(""));
                Ok(Some(f(values)))
            }
            UrlPatternInput::String(s) => {
                let url = match base_url {
                    Some(base) => {
                        let Ok(base) = Url::parse(base, None) else {
                            return Ok(None);
                        };
                        base.join(s)
                    }
                    None => Url::parse(s, None),
                };
                Ok(url.ok().map(|url| f(url_values(&url))))
            }
        }
    }

    /// Whether every component matches its value, `value(name)`, in [`TEST_ORDER`]; a `*`
    /// component is not matched and its value not read (see
    /// `Component::matches_every_url_component`).
    // Written out, one call a component, rather than as a loop over `TEST_ORDER`: each call's
    // component is then a constant, and reading its value (a `match` on it) and its place
    // fold away. The compiler did not unroll the loop (2.3% more instructions on
    // `url-profile urlpattern test`, callgrind).
    #[inline(always)]
    fn all_match<'v>(&self, value: impl Fn(ComponentName) -> &'v str) -> bool {
        let matches = |name: ComponentName| {
            let c = self.component_ref(name);
            c.matches_every_url_component() || c.test(&self.engine, value(name))
        };
        let [a, b, c, d, e, f, g, h] = TEST_ORDER;
        matches(a)
            && matches(b)
            && matches(c)
            && matches(d)
            && matches(e)
            && matches(f)
            && matches(g)
            && matches(h)
    }

    /// Matches the eight values.
    fn test_values(&self, values: Values<'_>) -> bool {
        self.all_match(|name| values.get(name.index()).copied().unwrap_or(""))
    }

    fn exec_values(
        &self,
        values: Values<'_>,
        inputs: impl FnOnce() -> Vec<MatchInput>,
    ) -> Option<UrlPatternResult> {
        // Most inputs do not match: find out without allocating, then record the groups.
        if !self.test_values(values) {
            return None;
        }
        self.groups(values, inputs)
    }

    /// `exec`'s result for `values`, which match.
    fn groups(
        &self,
        values: Values<'_>,
        inputs: impl FnOnce() -> Vec<MatchInput>,
    ) -> Option<UrlPatternResult> {
        let mut scratch: Vec<Option<Range<usize>>> = Vec::new();
        // A struct literal, each component's name a constant: filling a default result by
        // `component_mut` cost 1% more instructions (callgrind, `url-profile urlpattern test`).
        let mut exec = |name: ComponentName| {
            let value = values.get(name.index()).copied().unwrap_or("");
            let groups = self
                .component_ref(name)
                .exec(&self.engine, value, &mut scratch)?;
            Some(ComponentResult {
                input: value.to_string(),
                groups,
            })
        };
        Some(UrlPatternResult {
            protocol: exec(ComponentName::Protocol)?,
            username: exec(ComponentName::Username)?,
            password: exec(ComponentName::Password)?,
            hostname: exec(ComponentName::Hostname)?,
            port: exec(ComponentName::Port)?,
            pathname: exec(ComponentName::Pathname)?,
            search: exec(ComponentName::Search)?,
            hash: exec(ComponentName::Hash)?,
            inputs: inputs(),
        })
    }

    /// `test(input, baseURL)`. `Err` where the standard throws (a base URL beside a
    /// `UrlPatternInit`); an input that is not a URL is `Ok(false)`.
    pub fn test(&self, input: UrlPatternInput<'_>, base_url: Option<&str>) -> Result<bool, Error> {
        Ok(self
            .with_values(input, base_url, |v| self.test_values(v))?
            .unwrap_or(false))
    }

    /// `exec(input, baseURL)`: the groups of each component on a match, `Ok(None)` otherwise.
    pub fn exec(
        &self,
        input: UrlPatternInput<'_>,
        base_url: Option<&str>,
    ) -> Result<Option<UrlPatternResult>, Error> {
        let inputs = || {
            let mut inputs = Vec::with_capacity(2);
            inputs.push(match input {
                UrlPatternInput::String(s) => MatchInput::String(s.to_string()),
                UrlPatternInput::Init(init) => MatchInput::Init(init.clone()),
            });
            if let (UrlPatternInput::String(_), Some(base)) = (input, base_url) {
                inputs.push(MatchInput::String(base.to_string()));
            }
            inputs
        };
        Ok(self
            .with_values(input, base_url, |v| self.exec_values(v, inputs))?
            .flatten())
    }

    /// `test` on a parsed URL: nothing is parsed again, and only the components a pattern
    /// constrains are read.
    pub fn test_url(&self, url: &Url) -> bool {
        self.all_match(|name| url_value(url, name))
    }

    /// `exec` on a parsed URL (its `inputs` is the URL's serialization).
    pub fn exec_url(&self, url: &Url) -> Option<UrlPatternResult> {
        let inputs = || alloc::vec![MatchInput::String(url.href().to_string())];
        // As `test_url` first, reading only the components the pattern constrains: most URLs
        // do not match, and their eight values are then never read.
        if !self.test_url(url) {
            return None;
        }
        self.groups(url_values(url), inputs)
    }
}

/// A URL's eight component values (1.3 match, steps 12.5–12.12).
pub(crate) fn url_values(url: &Url) -> Values<'_> {
    url.record_fields()
}

impl<E: RegexEngine> UrlPattern<E> {
    /// For the fuzz target (not a stable API): checks the shortcuts on `url`: each component
    /// the direct matcher handles gives the regular expression's result and groups, `test_url`
    /// agrees with `exec_url`, and a `*` component matches what `test_url` skips.
    #[doc(hidden)]
    pub fn check_shortcuts(&self, url: &Url) -> Result<(), String> {
        for name in ComponentName::ALL {
            let c = self.component_ref(name);
            c.check_against_engine(&self.engine, url_value(url, name))?;
        }
        let tested = self.test_url(url);
        let executed = self.exec_url(url).is_some();
        if tested != executed {
            return Err(alloc::format!("test_url {tested}, exec_url {executed}"));
        }
        Ok(())
    }
}

/// A URL's value of the component `name` (1.3 match, steps 12.5–12.12): the URL record's
/// field it shows, serialized, empty when null (whatwg-url's `record_field`, which has one for
/// each of the eight).
// Always inlined: where the component is known (the unrolled test order) the dispatch on it
// goes away; out of line it cost 5 instructions a call more than this crate's own match did
// (callgrind, `url-profile urlpattern test`).
#[inline(always)]
pub(crate) fn url_value(url: &Url, name: ComponentName) -> &str {
    url.record_field(name.component()).unwrap_or("")
}

/// Hostname pattern is an IPv6 address.
fn hostname_is_ipv6(input: &str) -> bool {
    matches!(input.as_bytes(), [b'[', _, ..] | [b'{' | b'\\', b'[', ..])
}

impl<E: RegexEngine> fmt::Debug for UrlPattern<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = f.debug_struct("UrlPattern");
        for name in ComponentName::ALL {
            s.field(name.as_str(), &self.get(name));
        }
        s.finish()
    }
}
