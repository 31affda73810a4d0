//! Optional groups with captures, which ECMAScript and `regex` capture differently: ECMAScript
//! refuses an optional iteration that matches the empty string (RepeatMatcher, ECMA-262
//! 22.2.2.3.1, step 2.b: "if min = 0 and y's endIndex = x's endIndex, return failure"), so
//! `(x|)?` on "" leaves the group undefined where `regex` captures "". Two spellings say in
//! `regex` what ECMAScript means: an iteration `Y*` becomes `Y+`, and empty alternatives go
//! (`(x|yy|)?` is `(x|yy)?`: ECMAScript tries them last and refuses what they match).

use alloc::string::String;
use alloc::vec::Vec;

use super::Checker;

/// For a disjunction whose `alternatives` are (empty, nullable) and whose `|` separators are at
/// `separators` in the output: when some alternative is empty, some is not, and no non-empty
/// one is nullable, the separators to remove to leave the non-empty ones alone, in order.
pub(super) fn removable_separators(
    alternatives: &[(bool, bool)],
    separators: &[usize],
) -> Option<Vec<usize>> {
    let some_empty = alternatives.iter().any(|&(empty, _)| empty);
    let only_empty_nullable = alternatives
        .iter()
        .all(|&(empty, nullable)| empty || !nullable);
    if !some_empty || !only_empty_nullable || alternatives.iter().all(|&(empty, _)| empty) {
        return None;
    }
    // Separator i stands between alternatives i and i + 1: it stays when it joins a non-empty
    // alternative to a non-empty one before it.
    let mut seen_non_empty = false;
    let mut removed = Vec::new();
    for (i, &at) in separators.iter().enumerate() {
        seen_non_empty |= alternatives.get(i).is_some_and(|&(empty, _)| !empty);
        let next_non_empty = alternatives.get(i + 1).is_some_and(|&(empty, _)| !empty);
        if !(seen_non_empty && next_non_empty) {
            removed.push(at);
        }
    }
    Some(removed)
}

impl Checker {
    /// Rewrites the quantifier at `out[range]` (whose minimum is zero) to the same with a
    /// minimum of one: `*` `+`, `?` `{1}`, `{0,n}` `{1,n}`. False for `{0}` and `{0,0}`, which
    /// have no such form.
    pub(super) fn min_one(&mut self, range: (usize, usize)) -> bool {
        let Some(text) = self.out.get(range.0..range.1) else {
            return false;
        };
        let rewritten = if let Some(rest) = text.strip_prefix('*') {
            alloc::format!("+{rest}")
        } else if text.starts_with('?') {
            String::from("{1}")
        } else if let Some(body) = text.strip_prefix('{') {
            let rest = body.trim_start_matches('0');
            let max_is_zero = rest
                .strip_prefix(',')
                .is_some_and(|m| m.starts_with('0') && m.trim_start_matches('0').starts_with('}'));
            if rest.starts_with('}') || max_is_zero {
                return false;
            }
            alloc::format!("{{1{rest}")
        } else {
            return false;
        };
        self.out.replace_range(range.0..range.1, &rewritten);
        true
    }

    /// Removes the `|` at each of `separators` (positions in the output, ascending).
    pub(super) fn remove_separators(&mut self, separators: &[usize]) {
        for &at in separators.iter().rev() {
            if self.out.get(at..=at) == Some("|") {
                self.out.remove(at);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::check;
    use alloc::string::String;

    /// The output `regex` gets, when it means what the pattern means.
    fn linear(source: &str) -> Option<String> {
        check(source).ok().filter(|t| t.linear).map(|t| t.source)
    }

    #[test]
    fn empty_alternatives_of_an_optional_capture_go() {
        assert_eq!(linear("(x|yy|)?").as_deref(), Some("(x|yy)?"));
        assert_eq!(linear("(|x)?").as_deref(), Some("(x)?"));
        assert_eq!(linear("(x||y|)?").as_deref(), Some("(x|y)?"));
        assert_eq!(linear("(||x|y)??").as_deref(), Some("(x|y)??"));
        assert_eq!(linear("((x|)?)?").as_deref(), Some("((x){1})?"));
        // Without a capture, or when the group is required, nothing changes.
        assert_eq!(linear("(?:x|)?").as_deref(), Some("(?:x|)?"));
        assert_eq!(linear("(x|)").as_deref(), Some("(x|)"));
        // A nullable non-empty alternative, only empty ones, or a repeat: a backtracking case.
        assert_eq!(linear("(x*|)?"), None);
        assert_eq!(linear("(|)?"), None);
        assert_eq!(linear("(x|)*"), None);
    }
}
