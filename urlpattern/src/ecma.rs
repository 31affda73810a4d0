//! The syntax of ECMAScript regular expressions with the `v` flag (ECMA-262, 22.2.1, with
//! `UnicodeMode` and `UnicodeSetsMode`), and its early errors: what `RegExpCreate(source, "v")`
//! refuses with a `SyntaxError`.
//!
//! The default engine (regress) accepts some patterns ECMAScript refuses, such as identity
//! escapes of letters (`\m`); this checker runs first, so the default engine refuses exactly
//! what ECMAScript refuses, apart from the names inside `\p{…}`, which regress checks against
//! its Unicode tables. It also bounds nesting, which keeps every recursive step (ours and the
//! engine's) on a small stack.

use alloc::string::String;
use alloc::vec::Vec;

use crate::tokenizer::is_valid_name_code_point;

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

struct Checker {
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

impl Checker {
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

    /// Disjunction :: Alternative ( `|` Alternative )*
    fn disjunction(&mut self) -> Result<()> {
        let id = self.disjunctions;
        self.disjunctions += 1;
        let mut alternative = 0;
        loop {
            self.path.push((id, alternative));
            let r = self.alternative();
            self.path.pop();
            r?;
            if !self.eat('|') {
                return Ok(());
            }
            alternative += 1;
        }
    }

    /// Alternative :: Term*
    fn alternative(&mut self) -> Result<()> {
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' {
                return Ok(());
            }
            self.term()?;
        }
        Ok(())
    }

    /// Term :: Assertion | Atom Quantifier?
    fn term(&mut self) -> Result<()> {
        let start = self.pos;
        let quantifiable = match self.peek() {
            Some('^' | '$') => {
                self.pos += 1;
                false
            }
            Some('\\') if matches!(self.peek_at(1), Some('b' | 'B')) => {
                self.pos += 2;
                false
            }
            Some('(') => self.group()?,
            Some('[') => {
                self.pos += 1;
                self.class()?;
                true
            }
            Some('.') => {
                self.pos += 1;
                true
            }
            Some('\\') => {
                self.pos += 1;
                self.atom_escape()?;
                true
            }
            Some('*' | '+' | '?') => return err("nothing to repeat", start),
            Some('{') => return err("a lone `{` (write `\\{`)", start),
            Some(c @ (']' | '}')) => {
                return err(if c == ']' { "a lone `]`" } else { "a lone `}`" }, start);
            }
            Some(_) => {
                self.pos += 1;
                true
            }
            None => return Ok(()),
        };
        if self.quantifier()? && !quantifiable {
            return err("this assertion cannot be repeated", start);
        }
        Ok(())
    }

    /// Quantifier, if one follows: `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each maybe lazy.
    fn quantifier(&mut self) -> Result<bool> {
        let start = self.pos;
        match self.peek() {
            Some('*' | '+' | '?') => self.pos += 1,
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
                if let Some(max) = max {
                    if compare_decimal(&min, &max) == core::cmp::Ordering::Greater {
                        return err("numbers out of order in a `{n,m}` quantifier", start);
                    }
                }
            }
            _ => return Ok(false),
        }
        self.eat('?');
        Ok(true)
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

    /// A group or lookaround after `(`; whether a quantifier may follow it.
    fn group(&mut self) -> Result<bool> {
        let start = self.pos;
        self.pos += 1;
        self.enter()?;
        let quantifiable = if self.eat('?') {
            match self.peek() {
                Some(':') => {
                    self.pos += 1;
                    true
                }
                Some('=' | '!') => {
                    self.pos += 1;
                    false
                }
                Some('<') if matches!(self.peek_at(1), Some('=' | '!')) => {
                    self.pos += 2;
                    false
                }
                Some('<') => {
                    self.pos += 1;
                    let name = self.group_name()?;
                    self.groups += 1;
                    self.names.push((name, self.path.clone()));
                    true
                }
                _ => {
                    self.modifiers(start)?;
                    true
                }
            }
        } else {
            self.groups += 1;
            true
        };
        self.disjunction()?;
        if !self.eat(')') {
            return err("an unterminated group", start);
        }
        self.depth -= 1;
        Ok(quantifiable)
    }

    /// `(?ims-ims:` modifiers (ES2025), after `(?`.
    fn modifiers(&mut self, start: usize) -> Result<()> {
        let mut seen = String::new();
        let mut removing = false;
        let mut added = 0;
        let mut removed = 0;
        loop {
            match self.peek() {
                Some(c @ ('i' | 'm' | 's')) => {
                    if seen.contains(c) {
                        return err("a modifier given twice", start);
                    }
                    seen.push(c);
                    if removing {
                        removed += 1;
                    } else {
                        added += 1;
                    }
                }
                Some('-') if !removing => removing = true,
                Some(':') if added + removed > 0 || !removing => {
                    if added + removed == 0 {
                        return err("an invalid group `(?`", start);
                    }
                    self.pos += 1;
                    return Ok(());
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
                    self.unicode_escape(start)?
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

    /// After `\u`: `XXXX` (a surrogate pair `\uXXXX\uXXXX` is one code point) or `{X…}`.
    fn unicode_escape(&mut self, start: usize) -> Result<char> {
        if self.eat('{') {
            let mut value: u32 = 0;
            let mut digits = 0;
            while let Some(d) = self.peek().and_then(|c| c.to_digit(16)) {
                value = value.saturating_mul(16).saturating_add(d);
                digits += 1;
                self.pos += 1;
            }
            if digits == 0 || value > 0x10FFFF || !self.eat('}') {
                return err("an invalid `\\u{…}` escape", start);
            }
            return Ok(char::from_u32(value).unwrap_or('\u{FFFD}'));
        }
        let lead = self
            .hex4()
            .ok_or_else(|| alloc::format!("an invalid `\\u` escape at offset {start}"))?;
        if (0xD800..0xDC00).contains(&lead) && self.looking_at("\\u") {
            let save = self.pos;
            self.pos += 2;
            match self.hex4() {
                Some(trail) if (0xDC00..0xE000).contains(&trail) => {
                    let c = 0x10000 + ((lead - 0xD800) << 10) + (trail - 0xDC00);
                    return Ok(char::from_u32(c).unwrap_or('\u{FFFD}'));
                }
                _ => self.pos = save,
            }
        }
        // A lone surrogate: a code point no URL component holds.
        Ok(char::from_u32(lead).unwrap_or('\u{FFFD}'))
    }

    fn hex4(&mut self) -> Option<u32> {
        let mut value = 0;
        for i in 0..4 {
            value = value * 16 + self.peek_at(i)?.to_digit(16)?;
        }
        self.pos += 4;
        Some(value)
    }

    /// AtomEscape, after `\`.
    fn atom_escape(&mut self) -> Result<()> {
        let start = self.pos - 1;
        match self.peek() {
            Some('1'..='9') => {
                let digits = self.decimal().unwrap_or_default();
                let n = digits.parse::<usize>().unwrap_or(usize::MAX);
                self.max_backreference = self.max_backreference.max(n);
                Ok(())
            }
            Some('k') => {
                self.pos += 1;
                if !self.eat('<') {
                    return err("`\\k` must be followed by `<name>`", start);
                }
                let name = self.group_name()?;
                self.references.push(name);
                Ok(())
            }
            _ => self.character_or_class_escape(start, false).map(|_| ()),
        }
    }

    /// CharacterClassEscape or CharacterEscape after `\`; `Some(c)` for a single code point,
    /// `None` for a class. In a class (`in_class`), `\b` is a backspace and `-` escapes.
    fn character_or_class_escape(&mut self, start: usize, in_class: bool) -> Result<Option<char>> {
        let Some(c) = self.peek() else {
            return err("`\\` at the end of the pattern", start);
        };
        self.pos += 1;
        Ok(Some(match c {
            'd' | 'D' | 's' | 'S' | 'w' | 'W' => return Ok(None),
            'p' | 'P' => {
                let strings = self.property(start)?;
                if strings && c == 'P' {
                    return err("`\\P{…}` of a property of strings", start);
                }
                return Ok(None);
            }
            'f' => '\x0C',
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            'v' => '\x0B',
            'b' if in_class => '\x08',
            'c' => match self.peek() {
                Some(l) if l.is_ascii_alphabetic() => {
                    self.pos += 1;
                    char::from(l as u8 % 32)
                }
                _ => return err("`\\c` must be followed by an ASCII letter", start),
            },
            '0' if !self.peek().is_some_and(|d| d.is_ascii_digit()) => '\0',
            'x' => {
                let hi = self.peek().and_then(|c| c.to_digit(16));
                let lo = self.peek_at(1).and_then(|c| c.to_digit(16));
                match (hi, lo) {
                    (Some(h), Some(l)) => {
                        self.pos += 2;
                        char::from((h * 16 + l) as u8)
                    }
                    _ => return err("`\\x` must be followed by two hex digits", start),
                }
            }
            'u' => self.unicode_escape(start)?,
            c if is_syntax_character(c) || c == '/' => c,
            '-' if in_class => c,
            _ => {
                return err(
                    "an invalid escape (with the `v` flag only syntax characters and `/` can be escaped)",
                    start,
                );
            }
        }))
    }

    /// `{Name}` or `{Name=Value}` after `\p` / `\P`; whether it is a property of strings.
    fn property(&mut self, start: usize) -> Result<bool> {
        if !self.eat('{') {
            return err("`\\p` must be followed by `{…}`", start);
        }
        let from = self.pos;
        let mut equals = 0;
        while let Some(c) = self.peek() {
            if c == '}' {
                break;
            }
            if c == '=' {
                equals += 1;
            } else if !(c.is_ascii_alphanumeric() || c == '_') {
                return err("an invalid property name", start);
            }
            self.pos += 1;
        }
        let body: String = self
            .chars
            .get(from..self.pos)
            .unwrap_or(&[])
            .iter()
            .collect();
        if !self.eat('}')
            || body.is_empty()
            || equals > 1
            || body.starts_with('=')
            || body.ends_with('=')
        {
            return err("an invalid `\\p{…}`", start);
        }
        Ok(PROPERTIES_OF_STRINGS.contains(&body.as_str()))
    }

    /// A class after `[` (v mode), through `]`; whether it may contain strings.
    fn class(&mut self) -> Result<bool> {
        let start = self.pos - 1;
        self.enter()?;
        let negated = self.eat('^');
        let strings = self.class_contents(start)?;
        if negated && strings {
            return err("a negated class cannot hold strings", start);
        }
        self.depth -= 1;
        Ok(strings && !negated)
    }

    /// ClassSetExpression through the closing `]`.
    fn class_contents(&mut self, start: usize) -> Result<bool> {
        if self.eat(']') {
            return Ok(false);
        }
        let mut strings = self.class_operand_or_range(start)?;
        let operator = if self.looking_at("&&") {
            Some("&&")
        } else if self.looking_at("--") {
            Some("--")
        } else {
            None
        };
        match operator {
            Some(op) => {
                let mut all = strings;
                while self.looking_at(op) {
                    self.pos += 2;
                    if op == "&&" && self.peek() == Some('&') {
                        return err("`&&&` in a class", start);
                    }
                    let operand = self.class_operand(start)?;
                    if op == "&&" {
                        all = all && operand;
                    }
                }
                if !self.eat(']') {
                    return err("a class mixes `&&`, `--` and union", start);
                }
                if op == "&&" {
                    strings = all;
                }
                Ok(strings)
            }
            None => loop {
                if self.eat(']') {
                    return Ok(strings);
                }
                if self.looking_at("&&") || self.looking_at("--") {
                    return err("a class mixes `&&`, `--` and union", start);
                }
                strings |= self.class_operand_or_range(start)?;
            },
        }
    }

    /// ClassSetRange or ClassSetOperand (in a union); whether it may contain strings.
    fn class_operand_or_range(&mut self, start: usize) -> Result<bool> {
        let here = self.pos;
        if let Some(low) = self.class_set_character(start)? {
            if self.peek() == Some('-') && self.peek_at(1) != Some('-') {
                self.pos += 1;
                let Some(high) = self.class_set_character(start)? else {
                    return err("a class range needs a character on each side", here);
                };
                if low > high {
                    return err("a class range out of order", here);
                }
            }
            return Ok(false);
        }
        self.pos = here;
        self.class_operand(start)
    }

    /// ClassSetOperand: a nested class, `\q{…}`, a class escape or a character.
    fn class_operand(&mut self, start: usize) -> Result<bool> {
        if self.eat('[') {
            return self.class();
        }
        if self.looking_at("\\q{") {
            self.pos += 3;
            let mut strings = false;
            let mut length = 0;
            loop {
                match self.peek() {
                    Some('}') => {
                        self.pos += 1;
                        return Ok(strings || length != 1);
                    }
                    Some('|') => {
                        self.pos += 1;
                        strings |= length != 1;
                        length = 0;
                    }
                    Some(_) => {
                        if self.class_set_character(start)?.is_none() {
                            return err("an invalid character in `\\q{…}`", start);
                        }
                        length += 1;
                    }
                    None => return err("an unterminated `\\q{…}`", start),
                }
            }
        }
        if self.peek() == Some('\\') {
            let at = self.pos;
            self.pos += 1;
            let is_property_of_strings = matches!(self.peek(), Some('p'))
                && PROPERTIES_OF_STRINGS.iter().any(|p| {
                    let mut s = String::from("p{");
                    s.push_str(p);
                    s.push('}');
                    self.looking_at(&s)
                });
            match self.character_or_class_escape(at, true)? {
                None => return Ok(is_property_of_strings),
                Some(_) => return Ok(false),
            }
        }
        match self.class_set_character(start)? {
            Some(_) => Ok(false),
            None => err("an invalid class", start),
        }
    }

    /// ClassSetCharacter: `Some(c)`, or `None` (position unchanged) when what follows is not
    /// one (a class escape, a nested class, `\q`).
    fn class_set_character(&mut self, start: usize) -> Result<Option<char>> {
        let here = self.pos;
        let Some(c) = self.peek() else {
            return err("an unterminated class", start);
        };
        if c == '\\' {
            let next = self.peek_at(1);
            if next == Some('q') {
                return Ok(None);
            }
            if let Some(p) = next.filter(|p| "&-!#%,:;<=>@`~".contains(*p)) {
                self.pos += 2;
                return Ok(Some(p));
            }
            self.pos += 1;
            return match self.character_or_class_escape(here, true)? {
                Some(c) => Ok(Some(c)),
                None => {
                    self.pos = here;
                    Ok(None)
                }
            };
        }
        if c == '[' {
            return Ok(None);
        }
        if matches!(c, '(' | ')' | ']' | '{' | '}' | '/' | '-' | '|') {
            return err(
                "a syntax character in a class must be escaped with the `v` flag",
                here,
            );
        }
        if let Some(n) = self.peek_at(1) {
            if n == c && "&!#$%*+,.:;<=>?@^`~".contains(c) {
                return err("a reserved double punctuator in a class", here);
            }
        }
        self.pos += 1;
        Ok(Some(c))
    }
}

/// `Ok` when `source` is a pattern `RegExpCreate(source, "v")` accepts (up to `\p{…}`
/// names); the reason otherwise.
pub(crate) fn check(source: &str) -> core::result::Result<(), String> {
    let mut c = Checker {
        chars: source.chars().collect(),
        pos: 0,
        depth: 0,
        groups: 0,
        names: Vec::new(),
        references: Vec::new(),
        max_backreference: 0,
        path: Vec::new(),
        disjunctions: 0,
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
    Ok(())
}

fn exclusive(a: &[(usize, usize)], b: &[(usize, usize)]) -> bool {
    a.iter()
        .any(|(d, alt)| b.iter().any(|(d2, alt2)| d == d2 && alt != alt2))
}

fn compare_decimal(a: &str, b: &str) -> core::cmp::Ordering {
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}
