//! Editing options, checked once and applied to each URL in a fixed order: `--redirect`, each
//! `--set` in order, each `--append` (path segments, then query pairs), `--qtrim`, each
//! `--replace` / `--replace-append`, `--sort-query`. Every change goes through the standard's
//! setters (spec 6.1) or URLSearchParams (spec 6.2); a setter that refuses a value is
//! reported, not ignored as a browser would.

use whatwg_url::{Component, Url, UrlSearchParams};

use crate::cli::Cli;
use crate::query::Separator;

/// The component a `--set` or `--iterate` name names: a getter's name (spec 6.1, but `origin`,
/// which has no setter), or one of trurl's (`url`, `scheme`, `user`, `path`, `query`,
/// `fragment`). `option` is the option as given, for the message.
fn settable(given: &str, option: &str) -> Result<Component, String> {
    let name = match given {
        "url" => "href",
        "scheme" => "protocol",
        "user" => "username",
        "path" => "pathname",
        "query" => "search",
        "fragment" => "hash",
        other => other,
    };
    match name.parse::<Component>() {
        Ok(component) if component.has_setter() => Ok(component),
        Ok(component) => Err(format!("{option}: {component} has no setter (see --help)")),
        Err(_) => Err(format!(
            "{option}: unknown component {given:?} (see --help)"
        )),
    }
}

/// Runs the standard's setter of `component`; a refused value is an error with the reason.
fn set(url: &mut Url, component: Component, value: &str) -> Result<(), String> {
    url.set_component(component, value)
        .map_err(|e| e.to_string())
}

/// `--append`'s targets.
#[derive(Debug)]
enum Append {
    /// A path segment.
    Segment(String),
    /// A query pair.
    Pair(String, String),
}

/// `--replace` (`append: false`) and `--replace-append` (`append: true`).
#[derive(Debug)]
struct Replace {
    name: String,
    value: String,
    append: bool,
}

/// A `--set` (or one value of an `--iterate`).
#[derive(Debug)]
pub struct Set {
    pub component: Component,
    pub value: String,
    /// The option as given, for messages.
    pub given: String,
    /// trurl's `COMPONENT?=VALUE`: only where the component is empty.
    pub only_if_unset: bool,
}

impl Set {
    /// `COMPONENT=VALUE`, trurl's `COMPONENT:=VALUE` and `COMPONENT?=VALUE` (and `?:=`,
    /// `:?=`): the component's name, the value, whether it is encoded already (`:=`; the
    /// standard's setters take a value as it is either way, trurl mode encodes a plain `=`
    /// value first) and `?=`. `None` without `=`.
    pub fn split(given: &str) -> Option<(&str, &str, bool, bool)> {
        let (mut name, value) = given.split_once('=')?;
        let (mut encoded, mut only_if_unset) = (false, false);
        for _ in 0..2 {
            if let Some(rest) = name.strip_suffix(':').filter(|r| !r.is_empty()) {
                encoded = true;
                name = rest;
            } else if let Some(rest) = name.strip_suffix('?').filter(|r| !r.is_empty()) {
                only_if_unset = true;
                name = rest;
            }
        }
        Some((name, value, encoded, only_if_unset))
    }

    /// Applies this set to `url` (with `?=`, only where the component's getter is empty).
    fn apply(&self, url: &mut Url) -> Result<(), String> {
        if self.only_if_unset && !url.component(self.component).is_empty() {
            return Ok(());
        }
        set(url, self.component, &self.value).map_err(|e| format!("--set {:?}: {e}", self.given))
    }
}

/// The edits of a command line.
#[derive(Debug, Default)]
pub struct Edits {
    redirect: Option<String>,
    /// `--set`, in order.
    pub sets: Vec<Set>,
    appends: Vec<Append>,
    qtrims: Vec<String>,
    replaces: Vec<Replace>,
    sort_query: bool,
    separator: Separator,
    /// `--iterate`: a component and the values it takes, in order.
    iterate: Vec<(Component, Vec<String>, String)>,
}

impl Edits {
    /// The edits of `cli`, or a usage error.
    pub fn from_cli(cli: &Cli) -> Result<Edits, String> {
        let mut edits = Edits {
            redirect: cli.redirect.clone(),
            qtrims: cli.qtrims.clone(),
            sort_query: cli.sort_query,
            separator: Separator::parse(cli.query_separator.as_deref())?,
            ..Edits::default()
        };
        for trim in &cli.trims {
            match trim.split_once('=') {
                Some(("query" | "search", glob)) => edits.qtrims.push(glob.to_owned()),
                _ => {
                    return Err(format!(
                        "--trim {trim:?}: expected query=GLOB (only the query can be trimmed)"
                    ));
                }
            }
        }
        for (given, append) in cli
            .replaces
            .iter()
            .map(|r| (r, false))
            .chain(cli.replace_appends.iter().map(|r| (r, true)))
        {
            let (name, value) = given.split_once('=').unwrap_or((given, ""));
            if name.is_empty() {
                let option = if append {
                    "--replace-append"
                } else {
                    "--replace"
                };
                return Err(format!("{option} {given:?}: expected NAME=VALUE"));
            }
            edits.replaces.push(Replace {
                name: name.to_owned(),
                value: value.to_owned(),
                append,
            });
        }
        for set in &cli.sets {
            let (name, value, _, only_if_unset) = Set::split(set)
                .ok_or_else(|| format!("--set {set:?}: expected COMPONENT=VALUE"))?;
            let component = settable(name, &format!("--set {set:?}"))?;
            edits.sets.push(Set {
                component,
                value: value.to_owned(),
                given: set.clone(),
                only_if_unset,
            });
        }
        for iterate in &cli.iterates {
            let (name, values, ..) = Set::split(iterate).ok_or_else(|| {
                format!("--iterate {iterate:?}: expected COMPONENT=VALUE VALUE …")
            })?;
            let component = settable(name, &format!("--iterate {iterate:?}"))?;
            // Two options for one component would make each URL twice over, or undo a --set.
            if edits.iterate.iter().any(|(c, ..)| *c == component) {
                return Err(format!(
                    "--iterate {iterate:?}: {component} is iterated twice"
                ));
            }
            if edits.sets.iter().any(|s| s.component == component) {
                return Err(format!(
                    "--iterate {iterate:?}: {component} is also given to --set"
                ));
            }
            let values = values.split_whitespace().map(str::to_owned).collect();
            edits.iterate.push((component, values, iterate.clone()));
        }
        for append in &cli.appends {
            edits.appends.push(match append.split_once('=') {
                Some(("path" | "pathname", segment)) => Append::Segment(segment.to_owned()),
                Some(("query" | "search", pair)) => {
                    let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
                    Append::Pair(name.to_owned(), value.to_owned())
                }
                _ => {
                    return Err(format!(
                        "--append {append:?}: expected path=SEGMENT or query=NAME=VALUE"
                    ));
                }
            });
        }
        Ok(edits)
    }

    /// `url` with the edits applied, or why one could not be.
    pub fn apply(&self, url: Url) -> Result<Url, String> {
        self.apply_except(url, &[])
    }

    /// `url` with the edits applied but the `--set`s of the components in `except`.
    pub fn apply_except(&self, mut url: Url, except: &[Component]) -> Result<Url, String> {
        if let Some(relative) = &self.redirect {
            url = url
                .join(relative)
                .map_err(|e| format!("--redirect {relative:?}: {e}"))?;
        }
        for set in &self.sets {
            if !except.contains(&set.component) {
                set.apply(&mut url)?;
            }
        }
        let mut pairs = Vec::new();
        for append in &self.appends {
            match append {
                Append::Segment(segment) => {
                    let mut segments = url
                        .path_segments_mut()
                        .map_err(|e| format!("--append path={segment:?}: {e}"))?;
                    segments.pop_if_empty().push(segment);
                }
                Append::Pair(name, value) => pairs.push((name, value)),
            }
        }
        if !pairs.is_empty()
            || !self.qtrims.is_empty()
            || !self.replaces.is_empty()
            || (self.sort_query && url.query().is_some())
        {
            self.separator
                .edit(&mut url, |params| self.edit_query(params, &pairs))
                .map_err(|e| format!("query: {e}"))?;
        }
        Ok(url)
    }
}

impl Edits {
    /// The query edits, in trurl's order: `--qtrim`, the replacements, the appended pairs
    /// (which no trim removes), the sort; whether any changed the pairs.
    fn edit_query(&self, params: &mut UrlSearchParams, pairs: &[(&String, &String)]) -> bool {
        let mut changed = !pairs.is_empty();
        if !self.qtrims.is_empty() {
            let names: Vec<String> = params
                .keys()
                .filter(|name| self.qtrims.iter().any(|glob| glob_matches(glob, name)))
                .map(str::to_owned)
                .collect();
            for name in &names {
                params.delete(name, None);
            }
            changed |= !names.is_empty();
        }
        for replace in &self.replaces {
            if replace.append || params.has(&replace.name, None) {
                params.set(&replace.name, &replace.value);
                changed = true;
            }
        }
        for (name, value) in pairs {
            params.append(name, value);
        }
        if self.sort_query {
            params.sort();
            changed = true;
        }
        changed
    }

    /// Whether there is nothing to apply (`--iterate` aside).
    pub fn is_empty(&self) -> bool {
        self.redirect.is_none()
            && self.sets.is_empty()
            && self.appends.is_empty()
            && self.qtrims.is_empty()
            && self.replaces.is_empty()
            && !self.sort_query
    }

    /// Whether `--iterate` was given.
    pub fn iterates(&self) -> bool {
        !self.iterate.is_empty()
    }

    /// `url` once per combination of the `--iterate` values (the last option varying
    /// fastest), or `url` alone without `--iterate`.
    pub fn iterations(&self, url: Url) -> Vec<Result<Url, String>> {
        let mut urls = vec![Ok(url)];
        for (component, values, given) in &self.iterate {
            urls = urls
                .into_iter()
                .flat_map(|url| {
                    values.iter().map(move |value| {
                        let mut url = url.clone()?;
                        set(&mut url, *component, value)
                            .map_err(|e| format!("--iterate {given:?} ({value}): {e}"))?;
                        Ok(url)
                    })
                })
                .collect();
        }
        urls
    }
}

/// A character of a glob.
#[derive(Clone, Copy, PartialEq, Eq)]
enum GlobChar {
    /// `*`: any run of characters.
    Any,
    /// `?`: one character.
    One,
    /// A character as itself (`\*`, `\?`, `\\` for those).
    Literal(char),
}

/// `glob` read: a backslash makes the next character literal.
fn glob_chars(glob: &str) -> Vec<GlobChar> {
    let mut chars = glob.chars();
    let mut out = Vec::new();
    while let Some(c) = chars.next() {
        out.push(match c {
            '*' => GlobChar::Any,
            '?' => GlobChar::One,
            '\\' => GlobChar::Literal(chars.next().unwrap_or('\\')),
            c => GlobChar::Literal(c),
        });
    }
    out
}

/// Whether `text` matches `glob` (`*`: any run of characters, `?`: one character, `\` before
/// either for itself), in time proportional to their lengths' product at worst.
pub fn glob_matches(glob: &str, text: &str) -> bool {
    let (glob, text): (Vec<GlobChar>, Vec<char>) = (glob_chars(glob), text.chars().collect());
    let (mut g, mut t) = (0, 0);
    // The last `*` seen, and the text position it was tried at.
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        match glob.get(g) {
            Some(GlobChar::Any) => {
                star = Some((g, t));
                g += 1;
            }
            Some(&c) if c == GlobChar::One || c == GlobChar::Literal(text[t]) => {
                g += 1;
                t += 1;
            }
            _ => match star {
                Some((sg, st)) => {
                    g = sg + 1;
                    t = st + 1;
                    star = Some((sg, st + 1));
                }
                None => return false,
            },
        }
    }
    glob[g..].iter().all(|&c| c == GlobChar::Any)
}

#[cfg(test)]
mod tests {
    use super::{Component, glob_matches, settable};

    #[test]
    fn settable_names() {
        for (name, component) in [
            ("hostname", Component::Hostname),
            ("url", Component::Href),
            ("scheme", Component::Protocol),
            ("query", Component::Search),
            ("fragment", Component::Hash),
        ] {
            assert_eq!(settable(name, "--set"), Ok(component), "{name}");
        }
        let origin = settable("origin", "--set \"origin=x\"").unwrap_err();
        assert_eq!(
            origin,
            "--set \"origin=x\": origin has no setter (see --help)"
        );
        assert!(
            settable("Host", "--set")
                .unwrap_err()
                .contains("unknown component \"Host\"")
        );
    }

    #[test]
    fn globs() {
        for (glob, text, expected) in [
            ("utm_*", "utm_source", true),
            ("utm_*", "xutm_source", false),
            ("*", "", true),
            ("a?c", "abc", true),
            ("a?c", "ac", false),
            ("*b*", "abc", true),
            ("a*b*c", "axxbyyc", true),
            ("a*b*c", "axxbyy", false),
            ("fbclid", "fbclid", true),
            ("\\*", "*", true),
            ("\\*", "a", false),
            ("a\\?", "a?", true),
            ("a\\?", "ab", false),
            ("\\\\", "\\", true),
        ] {
            assert_eq!(glob_matches(glob, text), expected, "{glob} {text}");
        }
    }
}
