//! 2.2 and 2.3: a part list as a regular expression (with its name list), and as a pattern
//! string again.

use alloc::string::String;
use alloc::vec::Vec;

use crate::escape::{escape_pattern_string, escape_regexp_string};
use crate::parser::{
    FULL_WILDCARD_REGEXP, Modifier, Options, Part, PartType, segment_wildcard_regexp,
};
use crate::tokenizer::is_valid_name_code_point;

/// Generate a regular expression and name list (2.2).
pub(crate) fn regular_expression_and_name_list(
    parts: &[Part],
    options: &Options,
) -> (String, Vec<String>) {
    let mut result = String::from("^");
    let mut names = Vec::new();
    let segment = segment_wildcard_regexp(options);
    for part in parts {
        if part.kind == PartType::FixedText {
            if part.modifier == Modifier::None {
                escape_regexp_string(&part.value, &mut result);
            } else {
                // `(?:<fixed text>)<modifier>`
                result.push_str("(?:");
                escape_regexp_string(&part.value, &mut result);
                result.push(')');
                result.push_str(part.modifier.as_str());
            }
            continue;
        }
        debug_assert!(!part.name.is_empty());
        names.push(String::from(&*part.name));
        let regexp_value = match part.kind {
            PartType::SegmentWildcard => segment.as_str(),
            PartType::FullWildcard => FULL_WILDCARD_REGEXP,
            _ => part.value.as_str(),
        };
        if part.prefix.is_empty() && part.suffix.is_empty() {
            if matches!(part.modifier, Modifier::None | Modifier::Optional) {
                // `(<regexp value>)<modifier>`
                result.push('(');
                result.push_str(regexp_value);
                result.push(')');
                result.push_str(part.modifier.as_str());
            } else {
                // `((?:<regexp value>)<modifier>)`
                result.push_str("((?:");
                result.push_str(regexp_value);
                result.push(')');
                result.push_str(part.modifier.as_str());
                result.push(')');
            }
            continue;
        }
        if matches!(part.modifier, Modifier::None | Modifier::Optional) {
            // `(?:<prefix>(<regexp value>)<suffix>)<modifier>`
            result.push_str("(?:");
            escape_regexp_string(&part.prefix, &mut result);
            result.push('(');
            result.push_str(regexp_value);
            result.push(')');
            escape_regexp_string(&part.suffix, &mut result);
            result.push(')');
            result.push_str(part.modifier.as_str());
            continue;
        }
        // A repeated part with a prefix or suffix:
        // `(?:<prefix>((?:<regexp value>)(?:<suffix><prefix>(?:<regexp value>))*)<suffix>)?`
        result.push_str("(?:");
        escape_regexp_string(&part.prefix, &mut result);
        result.push_str("((?:");
        result.push_str(regexp_value);
        result.push_str(")(?:");
        escape_regexp_string(&part.suffix, &mut result);
        escape_regexp_string(&part.prefix, &mut result);
        result.push_str("(?:");
        result.push_str(regexp_value);
        result.push_str("))*)");
        escape_regexp_string(&part.suffix, &mut result);
        result.push(')');
        if part.modifier == Modifier::ZeroOrMore {
            result.push('?');
        }
    }
    result.push('$');
    (result, names)
}

fn starts_with_digit(name: &str) -> bool {
    name.as_bytes().first().is_some_and(u8::is_ascii_digit)
}

/// Generate a pattern string (2.3) from a part list.
pub(crate) fn pattern_string(parts: &[Part], options: &Options) -> String {
    // Room for every part's text and a few code points of syntax around it, at once: escapes
    // are rare, and a string grown step by step was reallocated for most patterns.
    let room: usize = parts
        .iter()
        .map(|p| p.value.len() + p.prefix.len() + p.suffix.len() + p.name.len() + 4)
        .sum();
    let mut result = String::with_capacity(room);
    for (index, part) in parts.iter().enumerate() {
        let previous = index.checked_sub(1).and_then(|i| parts.get(i));
        let next = parts.get(index + 1);
        if part.kind == PartType::FixedText {
            if part.modifier == Modifier::None {
                escape_pattern_string(&part.value, &mut result);
                continue;
            }
            result.push('{');
            escape_pattern_string(&part.value, &mut result);
            result.push('}');
            result.push_str(part.modifier.as_str());
            continue;
        }
        let custom_name = !starts_with_digit(&part.name);
        let mut needs_grouping =
            !part.suffix.is_empty() || (!part.prefix.is_empty() && part.prefix != options.prefix);
        if !needs_grouping
            && custom_name
            && part.kind == PartType::SegmentWildcard
            && part.modifier == Modifier::None
        {
            if let Some(next) = next.filter(|n| n.prefix.is_empty() && n.suffix.is_empty()) {
                if next.kind == PartType::FixedText {
                    needs_grouping = next
                        .value
                        .chars()
                        .next()
                        .is_some_and(|c| is_valid_name_code_point(c, false));
                } else {
                    needs_grouping = starts_with_digit(&next.name);
                }
            }
        }
        if !needs_grouping && part.prefix.is_empty() {
            if let Some(previous) = previous {
                if previous.kind == PartType::FixedText
                    && !options.prefix.is_empty()
                    && previous.value.ends_with(options.prefix)
                {
                    needs_grouping = true;
                }
            }
        }
        if needs_grouping {
            result.push('{');
        }
        escape_pattern_string(&part.prefix, &mut result);
        if custom_name {
            result.push(':');
            result.push_str(&part.name);
        }
        match part.kind {
            PartType::Regexp => {
                result.push('(');
                result.push_str(&part.value);
                result.push(')');
            }
            PartType::SegmentWildcard if !custom_name => {
                result.push('(');
                result.push_str(&segment_wildcard_regexp(options));
                result.push(')');
            }
            PartType::FullWildcard => {
                let star = previous
                    .is_none_or(|p| p.kind == PartType::FixedText || p.modifier != Modifier::None)
                    || needs_grouping
                    || !part.prefix.is_empty();
                if !custom_name && star {
                    result.push('*');
                } else {
                    result.push('(');
                    result.push_str(FULL_WILDCARD_REGEXP);
                    result.push(')');
                }
            }
            _ => {}
        }
        if part.kind == PartType::SegmentWildcard
            && custom_name
            && part
                .suffix
                .chars()
                .next()
                .is_some_and(|c| is_valid_name_code_point(c, false))
        {
            result.push('\\');
        }
        escape_pattern_string(&part.suffix, &mut result);
        if needs_grouping {
            result.push('}');
        }
        result.push_str(part.modifier.as_str());
    }
    result
}
