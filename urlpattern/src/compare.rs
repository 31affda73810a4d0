//! Beyond the standard's text: `URLPattern.compareComponent` (shipped in Chromium) and
//! `generate` (a proposal), each checked against its web-platform-tests fixture.

use alloc::borrow::Cow;
use alloc::string::String;
use core::cmp::Ordering;

use crate::engine::RegexEngine;
use crate::error::{Error, Reason};
use crate::name::ComponentName;
use crate::parser::{Modifier, Part, PartType};
use crate::pattern::UrlPattern;

/// A modifier's rank: no modifier is the most specific, then `+`, `?`, `*`.
fn modifier_rank(m: Modifier) -> u8 {
    match m {
        Modifier::ZeroOrMore => 0,
        Modifier::Optional => 1,
        Modifier::OneOrMore => 2,
        Modifier::None => 3,
    }
}

/// Orders two parts: by type (fixed text > regexp > segment wildcard > full wildcard), then
/// modifier, then prefix, value and suffix as strings. Names do not count.
fn compare_part(left: &Part, right: &Part) -> Ordering {
    left.kind
        .cmp(&right.kind)
        .then_with(|| modifier_rank(left.modifier).cmp(&modifier_rank(right.modifier)))
        .then_with(|| left.prefix.cmp(&right.prefix))
        .then_with(|| left.value.cmp(&right.value))
        .then_with(|| left.suffix.cmp(&right.suffix))
}

/// The part a shorter list is compared as if it went on with: empty fixed text.
fn empty_fixed_part() -> Part {
    Part {
        kind: PartType::FixedText,
        value: String::new(),
        modifier: Modifier::None,
        name: Cow::Borrowed(""),
        prefix: String::new(),
        suffix: String::new(),
    }
}

impl<E: RegexEngine> UrlPattern<E> {
    /// `URLPattern.compareComponent(component, left, right)`: orders two patterns by how
    /// specific their `component` is (`Greater`: `left` is more specific), as a router sorts
    /// its routes. Part lists are compared part by part.
    ///
    /// ```
    /// use core::cmp::Ordering;
    /// use whatwg_urlpattern::{ComponentName, UrlPattern};
    ///
    /// let fixed = UrlPattern::new("https://example.com/books/new".into(), None, Default::default())?;
    /// let named = UrlPattern::new("https://example.com/books/:id".into(), None, Default::default())?;
    /// assert_eq!(UrlPattern::compare_component(ComponentName::Pathname, &fixed, &named), Ordering::Greater);
    /// # Ok::<(), whatwg_urlpattern::Error>(())
    /// ```
    pub fn compare_component<F: RegexEngine>(
        component: ComponentName,
        left: &UrlPattern<E>,
        right: &UrlPattern<F>,
    ) -> Ordering {
        let left = &left.component_parts(component);
        let right = &right.component_parts(component);
        let empty = empty_fixed_part();
        for i in 0..left.len().max(right.len()) {
            let l = left.get(i).unwrap_or(&empty);
            let r = right.get(i).unwrap_or(&empty);
            let order = compare_part(l, r);
            if order != Ordering::Equal {
                return order;
            }
        }
        Ordering::Equal
    }

    /// `generate(component, groups)`: the text of `component` that the pattern matches with
    /// these group values, each canonicalized as the component is. Only fixed text and named
    /// segment groups without a modifier can be generated; a group value may not hold the
    /// segment delimiter (`/` in the pathname, `.` in the hostname).
    ///
    /// ```
    /// use whatwg_urlpattern::{ComponentName, UrlPattern};
    ///
    /// let pattern = UrlPattern::new("https://example.com/books/:id".into(), None, Default::default())?;
    /// assert_eq!(pattern.generate(ComponentName::Pathname, &[("id", "war and peace")])?, "/books/war%20and%20peace");
    /// assert!(pattern.generate(ComponentName::Pathname, &[("id", "a/b")]).is_err());
    /// # Ok::<(), whatwg_urlpattern::Error>(())
    /// ```
    pub fn generate(
        &self,
        component: ComponentName,
        groups: &[(&str, &str)],
    ) -> Result<String, Error> {
        let c = self.component_ref(component);
        let refuse =
            |why: String| Error::new(Reason::Canonicalize(why)).in_component(component.as_str());
        let mut result = String::new();
        for part in c.parts.iter() {
            if part.modifier != Modifier::None {
                return Err(refuse(alloc::format!(
                    "cannot generate a part with the modifier `{}`",
                    part.modifier.as_str()
                )));
            }
            match part.kind {
                PartType::FixedText => result.push_str(&part.value),
                PartType::SegmentWildcard => {
                    let Some((_, value)) = groups.iter().find(|(n, _)| *n == part.name) else {
                        return Err(refuse(alloc::format!(
                            "no value for the group `{}`",
                            part.name
                        )));
                    };
                    let encoded = c.canon.canonicalize(value)?;
                    if !c.options.delimiter.is_empty() && encoded.contains(c.options.delimiter) {
                        return Err(refuse(alloc::format!(
                            "the value of `{}` holds the delimiter `{}`",
                            part.name,
                            c.options.delimiter
                        )));
                    }
                    result.push_str(&part.prefix);
                    result.push_str(&encoded);
                    result.push_str(&part.suffix);
                }
                PartType::FullWildcard | PartType::Regexp => {
                    return Err(refuse(String::from(
                        "cannot generate a wildcard or a regular expression group",
                    )));
                }
            }
        }
        Ok(result)
    }
}
