//! The syntax of ECMAScript regular expressions with the `v` flag (ECMA-262, 22.2.1, with
//! `UnicodeMode` and `UnicodeSetsMode`), and its early errors: what `RegExpCreate(source, "v")`
//! refuses with a `SyntaxError`.
//!
//! While checking, it writes the same pattern in the syntax of `regex-automata` (the `regex`
//! crate's engine, which matches in linear time): ECMAScript's classes spelled out (`\d` is
//! `[0-9]`, `.` excludes the four line terminators, `\b` is ASCII), every literal as `\x{…}`,
//! named groups as plain groups (they are numbered alike), and `v`-mode set operations as
//! `regex`'s own `&&` and `--`. What that syntax cannot say (lookaround, backreferences,
//! `\q{…}` strings, properties of strings, lone surrogates, a capture inside a repeated group,
//! whose value ECMAScript resets at each repetition) marks the pattern as needing a
//! backtracking engine.
//!
//! regress, the backtracking engine, accepts some patterns ECMAScript refuses, such as identity
//! escapes of letters (`\m`); this checker runs first, so the default engine refuses exactly
//! what ECMAScript refuses, apart from the names inside `\p{…}`, which the engines check against
//! their Unicode tables. It also bounds nesting, which keeps every recursive step (ours and the
//! engines') on a small stack.

use alloc::string::String;
use alloc::vec::Vec;

use crate::tokenizer::is_valid_name_code_point;

mod class;
mod escape;
mod optional;

/// Deepest nesting of groups and classes accepted.
pub(crate) const MAX_DEPTH: usize = 128;

/// Properties of strings (22.2.2.9, `v` mode only): a class holding one may match more than
/// one code point, so it cannot be negated.
const PROPERTIES_OF_STRINGS: [&str; 7] = [
    "Basic_Emoji",
    "Emoji_Keycap_Sequence",
    "RGI_Emoji_Modifier_Sequence",
    "RGI_Emoji_Flag_Sequence",
    "RGI_Emoji_Tag_Sequence",
    "RGI_Emoji_ZWJ_Sequence",
    "RGI_Emoji",
];

/// A class escape (`\d`, `\p{…}`, …) as a class in `regex` syntax.
enum Escape {
    Char(u32),
    Class(String),
}

/// What the translation knows of a piece of pattern: whether it can match the empty string,
/// and, when it is exactly one quantified atom `Y<q>` with `Y` never empty and a minimum of
/// zero, where `<q>` is in the output.
#[derive(Clone, Copy)]
struct Shape {
    nullable: bool,
    star: Option<(usize, usize)>,
}

impl Shape {
    /// Matches only the empty string (an assertion, nothing).
    const EMPTY: Shape = Shape {
        nullable: true,
        star: None,
    };
    /// Matches one code point.
    const ONE: Shape = Shape {
        nullable: false,
        star: None,
    };
}

/// A checked pattern in `regex` syntax, and whether it says all the ECMAScript pattern says.
pub(crate) struct Translation {
    pub(crate) source: String,
    pub(crate) linear: bool,
}

struct Checker {
    /// The pattern in `regex` syntax.
    out: String,
    /// Whether `out` means what the pattern means.
    linear: bool,
    /// Whether the last class escape was a property of strings.
    escape_strings: bool,
    /// Whether `.` matches line terminators (the `s` modifier), innermost group last.
    dot_all: Vec<bool>,
    chars: Vec<char>,
    pos: usize,
    depth: usize,
    /// Capturing groups seen (left parentheses so far).
    groups: usize,
    /// Each named group: its name and the (disjunction, alternative) path to it.
    names: Vec<(String, Vec<(usize, usize)>)>,
    /// `\k<name>` references, checked at the end.
    references: Vec<String>,
    /// The largest `\N` seen.
    max_backreference: usize,
    /// The current (disjunction, alternative) path.
    path: Vec<(usize, usize)>,
    disjunctions: usize,
    /// Set by each disjunction as it ends: the `|` separators (positions in `out`) whose
    /// removal leaves it unable to match the empty string, when only its empty alternatives
    /// let it (`x|yy|`). Read by `term` right after a group (`optional.rs`).
    empty_alternatives: Option<Vec<usize>>,
}

type Result<T> = core::result::Result<T, String>;

fn err<T>(why: &str, at: usize) -> Result<T> {
    Err(alloc::format!("{why} at offset {at}"))
}

fn is_syntax_character(c: char) -> bool {
    matches!(
        c,
        '^' | '$' | '\\' | '.' | '*' | '+' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '|'
    )
}

/// ECMAScript's WhiteSpace and LineTerminator (`\s`), as a `regex` class body.
const SPACE: &str =
    r"\t\n\x0B\x0C\r \xA0\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}";

impl Checker {
    /// A code point as a `regex` literal (a lone surrogate cannot be one).
    fn literal(&mut self, c: u32) {
        match char::from_u32(c) {
            Some(ch) if ch.is_ascii_alphanumeric() => self.out.push(ch),
            Some(_) => {
                let _ = core::fmt::Write::write_fmt(&mut self.out, format_args!("\\x{{{c:X}}}"));
            }
            None => self.linear = false,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }
    fn peek_at(&self, n: usize) -> Option<char> {
        self.chars.get(self.pos + n).copied()
    }
    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn looking_at(&self, s: &str) -> bool {
        s.chars()
            .enumerate()
            .all(|(i, c)| self.peek_at(i) == Some(c))
    }

    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return err(
                "groups and classes nested too deeply (more than 128)",
                self.pos,
            );
        }
        Ok(())
    }

    /// Disjunction :: Alternative ( `|` Alternative )*.
    fn disjunction(&mut self) -> Result<Shape> {
        let id = self.disjunctions;
        self.disjunctions += 1;
        let mut alternative = 0;
        let mut shape = Shape::EMPTY;
        // Per alternative: whether it is empty (every term writes something, so an
        // alternative that wrote nothing has none) and whether it is nullable; and where each
        // `|` was written.
        let (mut alternatives, mut separators) = (Vec::new(), Vec::new());
        loop {
            self.path.push((id, alternative));
            let before = self.out.len();
            let r = self.alternative();
            self.path.pop();
            let this = r?;
            alternatives.push((self.out.len() == before, this.nullable));
            shape = if alternative == 0 {
                this
            } else {
                Shape {
                    nullable: shape.nullable || this.nullable,
                    star: None,
                }
            };
            if !self.eat('|') {
                self.empty_alternatives =
                    optional::removable_separators(&alternatives, &separators);
                return Ok(shape);
            }
            separators.push(self.out.len());
            self.out.push('|');
            alternative += 1;
        }
    }

    /// Alternative :: Term*.
    fn alternative(&mut self) -> Result<Shape> {
        let mut shape = Shape::EMPTY;
        let mut terms = 0;
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' {
                break;
            }
            let this = self.term()?;
            shape = if terms == 0 {
                this
            } else {
                Shape {
                    nullable: shape.nullable && this.nullable,
                    star: None,
                }
            };
            terms += 1;
        }
        Ok(shape)
    }

    /// Term :: Assertion | Atom Quantifier?.
    fn term(&mut self) -> Result<Shape> {
        let start = self.pos;
        let groups_before = self.groups;
        let mut empty_alternatives = None;
        let (quantifiable, atom) = match self.peek() {
            Some(c @ ('^' | '$')) => {
                self.pos += 1;
                self.out.push(c);
                (false, Shape::EMPTY)
            }
            Some('\\') if matches!(self.peek_at(1), Some('b' | 'B')) => {
                self.out.push_str(if self.peek_at(1) == Some('b') {
                    r"(?-u:\b)"
                } else {
                    r"(?-u:\B)"
                });
                self.pos += 2;
                (false, Shape::EMPTY)
            }
            Some('(') => {
                let group = self.group()?;
                empty_alternatives = self.empty_alternatives.take();
                group
            }
            Some('[') => {
                self.pos += 1;
                self.class()?;
                (true, Shape::ONE)
            }
            Some('.') => {
                self.pos += 1;
                if self.dot_all.last().copied().unwrap_or(false) {
                    self.out.push_str("(?s:.)");
                } else {
                    self.out.push_str(r"[^\n\r\x{2028}\x{2029}]");
                }
                (true, Shape::ONE)
            }
            Some('\\') => {
                self.pos += 1;
                let nullable = self.atom_escape()?;
                (
                    true,
                    Shape {
                        nullable,
                        star: None,
                    },
                )
            }
            Some('*' | '+' | '?') => return err("nothing to repeat", start),
            Some('{') => return err("a lone `{` (write `\\{`)", start),
            Some(c @ (']' | '}')) => {
                return err(if c == ']' { "a lone `]`" } else { "a lone `}`" }, start);
            }
            Some(c) => {
                self.pos += 1;
                self.literal(u32::from(c));
                (true, Shape::ONE)
            }
            None => return Ok(Shape::EMPTY),
        };
        let quantifier_start = self.pos;
        let Some((repeats, min_zero)) = self.quantifier()? else {
            return Ok(atom);
        };
        if !quantifiable {
            return err("this assertion cannot be repeated", start);
        }
        let mut nullable = atom.nullable;
        // Captures inside a quantified atom, where ECMAScript and `regex` differ: ECMAScript
        // resets them at each repetition (`regex` keeps the last value), and refuses an
        // optional iteration that matches the empty string (`(.*)?` leaves the group
        // undefined where `regex` captures ""). That second case has a `regex` spelling when
        // the atom is one `Y*` with `Y` never empty: the iteration is `Y+` (`(.*)?` is
        // `(.+)?`), which `min_one` writes in place of the inner quantifier; or when it is a
        // group that only its empty alternatives make nullable: they go (`(x|)?` is `(x)?`).
        if self.groups > groups_before {
            if repeats {
                self.linear = false;
            } else if min_zero && nullable {
                match (atom.star, empty_alternatives) {
                    (Some(range), _) if self.min_one(range) => nullable = false,
                    (_, Some(separators)) => {
                        self.remove_separators(&separators);
                        nullable = false;
                    }
                    _ => self.linear = false,
                }
            }
        }
        let text: String = self
            .chars
            .get(quantifier_start..self.pos)
            .unwrap_or(&[])
            .iter()
            .collect();
        let out_start = self.out.len();
        self.out.push_str(&text);
        Ok(Shape {
            nullable: nullable || min_zero,
            star: (min_zero && !nullable).then_some((out_start, self.out.len())),
        })
    }

    /// Quantifier, if one follows: `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each maybe lazy.
    /// `Some((repeats, min_zero))`: whether it may repeat more than once, and may match none.
    fn quantifier(&mut self) -> Result<Option<(bool, bool)>> {
        let start = self.pos;
        let (repeats, min_zero) = match self.peek() {
            Some(c @ ('*' | '+')) => {
                self.pos += 1;
                (true, c == '*')
            }
            Some('?') => {
                self.pos += 1;
                (false, true)
            }
            Some('{') => {
                self.pos += 1;
                let Some(min) = self.decimal() else {
                    return err("a lone `{` (write `\\{`)", start);
                };
                let max = if self.eat(',') {
                    self.decimal()
                } else {
                    Some(min.clone())
                };
                if !self.eat('}') {
                    return err("an unterminated `{n,m}` quantifier", start);
                }
                if let Some(max) = &max {
                    if compare_decimal(&min, max) == core::cmp::Ordering::Greater {
                        return err("numbers out of order in a `{n,m}` quantifier", start);
                    }
                }
                let repeats =
                    max.is_none_or(|m| compare_decimal(&m, "1") == core::cmp::Ordering::Greater);
                (repeats, min == "0")
            }
            _ => return Ok(None),
        };
        self.eat('?');
        Ok(Some((repeats, min_zero)))
    }

    /// DecimalDigits, as its digits without leading zeros.
    fn decimal(&mut self) -> Option<String> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.pos == start {
            return None;
        }
        let digits: String = self.chars.get(start..self.pos)?.iter().collect();
        let trimmed = digits.trim_start_matches('0');
        Some(String::from(if trimmed.is_empty() { "0" } else { trimmed }))
    }

    /// A group or lookaround after `(`: whether a quantifier may follow it, and its shape.
    fn group(&mut self) -> Result<(bool, Shape)> {
        let start = self.pos;
        self.pos += 1;
        self.enter()?;
        let mut dot_all = self.dot_all.last().copied().unwrap_or(false);
        let quantifiable = if self.eat('?') {
            match self.peek() {
                Some(':') => {
                    self.pos += 1;
                    self.out.push_str("(?:");
                    true
                }
                Some('=' | '!') => {
                    self.pos += 1;
                    self.lookaround();
                    false
                }
                Some('<') if matches!(self.peek_at(1), Some('=' | '!')) => {
                    self.pos += 2;
                    self.lookaround();
                    false
                }
                Some('<') => {
                    self.pos += 1;
                    let name = self.group_name()?;
                    self.groups += 1;
                    self.names.push((name, self.path.clone()));
                    // Numbered as ECMAScript numbers it; the name is ours to keep.
                    self.out.push('(');
                    true
                }
                _ => {
                    let (added, removed) = self.modifiers(start)?;
                    if added.contains('s') {
                        dot_all = true;
                    } else if removed.contains('s') {
                        dot_all = false;
                    }
                    self.out.push_str("(?");
                    self.out.push_str(&added);
                    if !removed.is_empty() {
                        self.out.push('-');
                        self.out.push_str(&removed);
                    }
                    self.out.push(':');
                    true
                }
            }
        } else {
            self.groups += 1;
            self.out.push('(');
            true
        };
        self.dot_all.push(dot_all);
        let shape = self.disjunction()?;
        self.dot_all.pop();
        if !self.eat(')') {
            return err("an unterminated group", start);
        }
        self.out.push(')');
        self.depth -= 1;
        if !quantifiable {
            // A lookaround matches no code point.
            return Ok((false, Shape::EMPTY));
        }
        Ok((true, shape))
    }

    /// A lookaround: ECMAScript syntax, beyond `regex`.
    fn lookaround(&mut self) {
        self.linear = false;
        self.out.push_str("(?:");
    }

    /// `(?ims-ims:` modifiers (ES2025), after `(?`: the flags added and removed.
    fn modifiers(&mut self, start: usize) -> Result<(String, String)> {
        let mut added = String::new();
        let mut removed = String::new();
        let mut removing = false;
        loop {
            match self.peek() {
                Some(c @ ('i' | 'm' | 's')) => {
                    if added.contains(c) || removed.contains(c) {
                        return err("a modifier given twice", start);
                    }
                    if removing {
                        removed.push(c);
                    } else {
                        added.push(c);
                    }
                }
                Some('-') if !removing => removing = true,
                Some(':') => {
                    if added.is_empty() && removed.is_empty() {
                        return err("an invalid group `(?`", start);
                    }
                    self.pos += 1;
                    return Ok((added, removed));
                }
                _ => return err("an invalid group `(?`", start),
            }
            self.pos += 1;
        }
    }

    /// GroupName after `<`, through `>`.
    fn group_name(&mut self) -> Result<String> {
        let start = self.pos;
        let mut name = String::new();
        loop {
            let c = match self.peek() {
                Some('>') if !name.is_empty() => {
                    self.pos += 1;
                    return Ok(name);
                }
                Some('\\') => {
                    self.pos += 1;
                    if !self.eat('u') {
                        return err("an invalid group name", start);
                    }
                    let c = self.unicode_escape(start)?;
                    match char::from_u32(c) {
                        Some(c) => c,
                        None => return err("an invalid group name", start),
                    }
                }
                Some(c) => {
                    self.pos += 1;
                    c
                }
                None => return err("an unterminated group name", start),
            };
            if !is_valid_name_code_point(c, name.is_empty()) {
                return err("an invalid group name", start);
            }
            name.push(c);
        }
    }
}

/// `Ok` when `source` is a pattern `RegExpCreate(source, "v")` accepts (up to `\p{…}`
/// names); the reason otherwise.
pub(crate) fn check(source: &str) -> core::result::Result<Translation, String> {
    let mut c = Checker {
        out: String::with_capacity(source.len() + 16),
        linear: true,
        escape_strings: false,
        dot_all: Vec::new(),
        chars: source.chars().collect(),
        pos: 0,
        depth: 0,
        groups: 0,
        names: Vec::new(),
        references: Vec::new(),
        max_backreference: 0,
        path: Vec::new(),
        disjunctions: 0,
        empty_alternatives: None,
    };
    c.disjunction()?;
    if c.pos < c.chars.len() {
        return err("an unmatched `)`", c.pos);
    }
    if c.max_backreference > c.groups {
        return Err(alloc::format!(
            "the backreference \\{} names a group that does not exist",
            c.max_backreference
        ));
    }
    for name in &c.references {
        if !c.names.iter().any(|(n, _)| n == name) {
            return Err(alloc::format!(
                "`\\k<{name}>` names a group that does not exist"
            ));
        }
    }
    // Two groups of one name are an error unless no match can have both: some disjunction
    // holds them in different alternatives.
    for (i, (name, path)) in c.names.iter().enumerate() {
        for (other, other_path) in c.names.iter().skip(i + 1) {
            if name == other && !exclusive(path, other_path) {
                return Err(alloc::format!("the group name `{name}` is used twice"));
            }
        }
    }
    Ok(Translation {
        source: c.out,
        linear: c.linear,
    })
}

fn exclusive(a: &[(usize, usize)], b: &[(usize, usize)]) -> bool {
    a.iter()
        .any(|(d, alt)| b.iter().any(|(d2, alt2)| d == d2 && alt != alt2))
}

fn compare_decimal(a: &str, b: &str) -> core::cmp::Ordering {
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}
