//! 1.4 Internals: compiling a component, and matching it.

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use crate::canon::Canon;
use crate::engine::RegexEngine;
use crate::error::{Error, Reason};
use crate::generate;
use crate::matcher::Simple;
use crate::name::ComponentName;
use crate::parser::{Options, Part, PartType, parse_pattern_string};

/// How a component is matched.
enum Matcher<R> {
    /// The part list directly (no regexp group, no modifier).
    Simple(Simple),
    /// The regular expression, after checking the fixed text it must start with. Boxed: a
    /// compiled expression can be some hundred bytes, which every component would carry (and
    /// every move of a pattern copy) though most route components match directly.
    Regex { regex: Box<R>, prefix: String },
}

/// A component (1.3): pattern string, group name list, has regexp groups; and what matches it.
pub(crate) struct Component<R> {
    /// The pattern string and the group name list are borrowed for `*` alone.
    pub(crate) pattern_string: Cow<'static, str>,
    pub(crate) names: Cow<'static, [Cow<'static, str>]>,
    pub(crate) has_regexp_groups: bool,
    pub(crate) parts: Cow<'static, [Part]>,
    pub(crate) canon: Canon,
    pub(crate) options: Options,
    matcher: Matcher<R>,
}

impl<R> Component<R> {
    /// Compile a component (1.4).
    pub(crate) fn compile<E: RegexEngine<Regex = R>>(
        input: &str,
        canon: Canon,
        options: Options,
        engine: &E,
        name: ComponentName,
    ) -> Result<Self, Error> {
        // Shortcut for 2.1.5 parse a pattern string and what follows, on the pattern `*`
        // alone: what create (1.3, step 5) gives every component a pattern leaves out, seven
        // of eight in a `{ pathname }` route. Its part list is one full wildcard named `0`
        // with no prefix or suffix, whatever the options (the encoding callback sees only
        // empty text), matched directly; `tests::wildcard_shortcut` checks it against the
        // general steps for every component's callback and options.
        if input == "*" {
            return Ok(Self::full_wildcard(canon, options));
        }
        Self::compile_parts(input, canon, options, engine, name)
    }

    /// The component of the pattern `*`: what the general steps give, with the name list,
    /// pattern string and direct matcher of `*` borrowed (a route table builds seven of
    /// them a route; allocating them was a third of building one).
    fn full_wildcard(canon: Canon, options: Options) -> Self {
        static NAMES: [Cow<'static, str>; 1] = [Cow::Borrowed("0")];
        static PARTS: [Part; 1] = [Part {
            kind: PartType::FullWildcard,
            value: String::new(),
            modifier: crate::parser::Modifier::None,
            name: Cow::Borrowed("0"),
            prefix: String::new(),
            suffix: String::new(),
        }];
        Component {
            pattern_string: Cow::Borrowed("*"),
            names: Cow::Borrowed(&NAMES),
            has_regexp_groups: false,
            parts: Cow::Borrowed(&PARTS),
            canon,
            matcher: Matcher::Simple(Simple::full_wildcard(&options)),
            options,
        }
    }

    /// 1.4 compile a component, by the general steps.
    fn compile_parts<E: RegexEngine<Regex = R>>(
        input: &str,
        canon: Canon,
        options: Options,
        engine: &E,
        name: ComponentName,
    ) -> Result<Self, Error> {
        let name = name.as_str();
        let parts =
            parse_pattern_string(input, &options, &canon).map_err(|e| e.in_component(name))?;
        let names: Vec<Cow<'static, str>> = parts
            .iter()
            .filter(|p| p.kind != PartType::FixedText)
            .map(|p| p.name.clone())
            .collect();
        let has_regexp_groups = parts.iter().any(|p| p.kind == PartType::Regexp);
        // The standard compiles every component; a part list the direct matcher takes makes a
        // regular expression of escaped text and the two wildcards, which always compiles, so
        // it is not built.
        let matcher = match Simple::new(&parts, &options) {
            Some(simple) => Matcher::Simple(simple),
            None => {
                let (source, _) = generate::regular_expression_and_name_list(&parts, &options);
                let regex = engine
                    .compile(&source, options.ignore_case)
                    .map_err(|why| Error::new(Reason::InvalidRegExp(why)).in_component(name))?;
                let prefix = match parts.first() {
                    Some(p)
                        if p.kind == PartType::FixedText
                            && p.modifier == crate::parser::Modifier::None =>
                    {
                        p.value.clone()
                    }
                    _ => String::new(),
                };
                Matcher::Regex {
                    regex: Box::new(regex),
                    prefix,
                }
            }
        };
        let pattern_string = generate::pattern_string(&parts, &options);
        Ok(Component {
            pattern_string: Cow::Owned(pattern_string),
            names: Cow::Owned(names),
            has_regexp_groups,
            parts: Cow::Owned(parts),
            canon,
            options,
            matcher,
        })
    }

    /// Whether the pattern is `*` alone, which every component of a URL record matches: the
    /// basic URL parser removes ASCII tab and newline (so `\n` and `\r`) from its input and
    /// percent-encodes every non-ASCII code point in every component (hosts: Punycode), so no
    /// component holds a line terminator, the only code points `(.*)` does not match. Every
    /// value `test` and `exec` match comes from a URL record or from the URL parser's
    /// canonicalization of an init member.
    pub(crate) fn matches_every_url_component(&self) -> bool {
        matches!(&self.matcher, Matcher::Simple(s) if s.is_full_wildcard())
    }

    fn prefix_ok(&self, prefix: &str, input: &str) -> bool {
        crate::matcher::starts_with(input, prefix, self.options.ignore_case)
    }

    /// `RegExpBuiltinExec(regular expression, input)` is not null.
    pub(crate) fn test<E: RegexEngine<Regex = R>>(&self, engine: &E, input: &str) -> bool {
        match &self.matcher {
            Matcher::Simple(s) => s.matches(input, None),
            Matcher::Regex { regex, prefix } => {
                self.prefix_ok(prefix, input) && engine.is_match(regex, input)
            }
        }
    }

    /// `RegExpBuiltinExec` with the groups' ranges written to `out` (group `i`, the name
    /// list's entry `i`, at `out[i]`, as far as `out` reaches), without allocating unless the
    /// regular expression engine runs.
    pub(crate) fn captures_into<E: RegexEngine<Regex = R>>(
        &self,
        engine: &E,
        input: &str,
        out: &mut [Option<Range<usize>>],
    ) -> bool {
        match &self.matcher {
            Matcher::Simple(s) => s.matches_into(input, Some(out)),
            Matcher::Regex { regex, prefix } => {
                let mut scratch = Vec::new();
                if !(self.prefix_ok(prefix, input) && engine.captures(regex, input, &mut scratch)) {
                    return false;
                }
                for (slot, group) in out.iter_mut().zip(scratch) {
                    *slot = group;
                }
                true
            }
        }
    }

    /// `RegExpBuiltinExec`, then "create a component match result": the groups by name.
    pub(crate) fn exec<E: RegexEngine<Regex = R>>(
        &self,
        engine: &E,
        input: &str,
        scratch: &mut Vec<Option<Range<usize>>>,
    ) -> Option<Vec<(String, Option<String>)>> {
        let matched = match &self.matcher {
            Matcher::Simple(s) => s.matches(input, Some(scratch)),
            Matcher::Regex { regex, prefix } => {
                self.prefix_ok(prefix, input) && engine.captures(regex, input, scratch)
            }
        };
        if !matched {
            return None;
        }
        // Group `index` of the result is the name list's entry `index - 1`, whatever groups
        // a custom regexp adds of its own (the standard's behaviour).
        let groups = self
            .names
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let value = scratch
                    .get(i)
                    .cloned()
                    .flatten()
                    .and_then(|r| input.get(r))
                    .map(String::from);
                (String::from(&**name), value)
            })
            .collect();
        Some(groups)
    }
}

impl<R> Component<R> {
    /// For the fuzz target: when the direct matcher or the `*` shortcut decides this
    /// component, the standard's regular expression (from `engine`) must decide the same, with
    /// the same groups.
    pub(crate) fn check_against_engine<E: RegexEngine<Regex = R>>(
        &self,
        engine: &E,
        input: &str,
    ) -> Result<(), String> {
        let Matcher::Simple(simple) = &self.matcher else {
            return Ok(());
        };
        let (source, _) = generate::regular_expression_and_name_list(&self.parts, &self.options);
        let regex = engine.compile(&source, self.options.ignore_case)?;
        let mut want = Vec::new();
        let want_match = engine.captures(&regex, input, &mut want);
        let mut got = Vec::new();
        let got_match = simple.matches(input, Some(&mut got));
        if want_match != got_match {
            return Err(alloc::format!(
                "{source} on {input:?}: the engine says {want_match}, the direct matcher {got_match}"
            ));
        }
        if want_match && want.get(..got.len()) != Some(&got[..]) {
            return Err(alloc::format!(
                "{source} on {input:?}: groups {want:?} from the engine, {got:?} directly"
            ));
        }
        if self.matches_every_url_component() && !want_match {
            return Err(alloc::format!(
                "`*` does not match the URL component {input:?}"
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Component;
    use crate::canon::Canon;
    use crate::engine::NoRegexEngine;
    use crate::name::ComponentName;
    use crate::parser::Options;

    /// The shortcut for `*` gives what the general steps give, for every component's encoding
    /// callback and options.
    #[test]
    fn wildcard_shortcut() {
        let canons = [
            Canon::Protocol,
            Canon::Username,
            Canon::Password,
            Canon::Hostname,
            Canon::Ipv6Hostname,
            Canon::Port(None),
            Canon::Port(Some("https".into())),
            Canon::Pathname,
            Canon::OpaquePathname,
            Canon::Search,
            Canon::Hash,
        ];
        for canon in canons {
            for base in [Options::DEFAULT, Options::HOSTNAME, Options::PATHNAME] {
                for ignore_case in [false, true] {
                    let options = Options {
                        ignore_case,
                        ..base
                    };
                    let name = ComponentName::Pathname;
                    let general =
                        Component::compile_parts("*", canon.clone(), options, &NoRegexEngine, name)
                            .unwrap();
                    let short =
                        Component::compile("*", canon.clone(), options, &NoRegexEngine, name)
                            .unwrap();
                    assert_eq!(short.pattern_string, general.pattern_string);
                    assert_eq!(short.names, general.names);
                    assert_eq!(short.has_regexp_groups, general.has_regexp_groups);
                    assert_eq!(short.parts, general.parts);
                    assert_eq!(short.canon, general.canon);
                    assert_eq!(short.options, general.options);
                    assert!(short.matches_every_url_component());
                    assert!(general.matches_every_url_component());
                    for input in ["", "a", "/a/b", "x.y", "\n"] {
                        assert_eq!(
                            short.test(&NoRegexEngine, input),
                            general.test(&NoRegexEngine, input)
                        );
                    }
                }
            }
        }
    }
}
