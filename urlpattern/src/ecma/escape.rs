//! Escapes (ECMA-262 22.2.1, AtomEscape and CharacterEscape with `UnicodeMode`): what may
//! follow a `\`, and what it stands for in `regex` syntax.

use alloc::string::String;

use super::{Checker, Escape, PROPERTIES_OF_STRINGS, Result, SPACE, err, is_syntax_character};

impl Checker {
    /// After `\u`: `XXXX` (a surrogate pair `\uXXXX\uXXXX` is one code point) or `{X…}`.
    pub(super) fn unicode_escape(&mut self, start: usize) -> Result<u32> {
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
            return Ok(value);
        }
        let lead = self
            .hex4()
            .ok_or_else(|| alloc::format!("an invalid `\\u` escape at offset {start}"))?;
        if (0xD800..0xDC00).contains(&lead) && self.looking_at("\\u") {
            let save = self.pos;
            self.pos += 2;
            match self.hex4() {
                Some(trail) if (0xDC00..0xE000).contains(&trail) => {
                    return Ok(0x10000 + ((lead - 0xD800) << 10) + (trail - 0xDC00));
                }
                _ => self.pos = save,
            }
        }
        Ok(lead)
    }

    fn hex4(&mut self) -> Option<u32> {
        let mut value = 0;
        for i in 0..4 {
            value = value * 16 + self.peek_at(i)?.to_digit(16)?;
        }
        self.pos += 4;
        Some(value)
    }

    /// AtomEscape, after `\`; whether it can match the empty string (a backreference can).
    pub(super) fn atom_escape(&mut self) -> Result<bool> {
        let start = self.pos - 1;
        match self.peek() {
            Some('1'..='9') => {
                let digits = self.decimal().unwrap_or_default();
                let n = digits.parse::<usize>().unwrap_or(usize::MAX);
                self.max_backreference = self.max_backreference.max(n);
                self.linear = false;
                Ok(true)
            }
            Some('k') => {
                self.pos += 1;
                if !self.eat('<') {
                    return err("`\\k` must be followed by `<name>`", start);
                }
                let name = self.group_name()?;
                self.references.push(name);
                self.linear = false;
                Ok(true)
            }
            _ => {
                match self.character_or_class_escape(start, false)? {
                    Escape::Char(c) => self.literal(c),
                    Escape::Class(class) => self.out.push_str(&class),
                }
                Ok(false)
            }
        }
    }

    /// CharacterClassEscape or CharacterEscape after `\`. In a class (`in_class`), `\b` is a
    /// backspace and `-` escapes.
    pub(super) fn character_or_class_escape(
        &mut self,
        start: usize,
        in_class: bool,
    ) -> Result<Escape> {
        let Some(c) = self.peek() else {
            return err("`\\` at the end of the pattern", start);
        };
        self.pos += 1;
        let class = |negated: bool, body: &str| {
            alloc::format!("[{}{body}]", if negated { "^" } else { "" })
        };
        Ok(Escape::Char(match c {
            'd' | 'D' => return Ok(Escape::Class(class(c == 'D', "0-9"))),
            'w' | 'W' => return Ok(Escape::Class(class(c == 'W', "0-9A-Za-z_"))),
            's' | 'S' => return Ok(Escape::Class(class(c == 'S', SPACE))),
            'p' | 'P' => {
                let (body, strings) = self.property(start)?;
                self.escape_strings = strings;
                if strings {
                    if c == 'P' {
                        return err("`\\P{…}` of a property of strings", start);
                    }
                    self.linear = false;
                }
                return Ok(Escape::Class(alloc::format!("\\{c}{{{body}}}")));
            }
            'f' => 0x0C,
            'n' => 0x0A,
            'r' => 0x0D,
            't' => 0x09,
            'v' => 0x0B,
            'b' if in_class => 0x08,
            'c' => match self.peek() {
                Some(l) if l.is_ascii_alphabetic() => {
                    self.pos += 1;
                    u32::from(l) % 32
                }
                _ => return err("`\\c` must be followed by an ASCII letter", start),
            },
            '0' if !self.peek().is_some_and(|d| d.is_ascii_digit()) => 0,
            'x' => {
                let hi = self.peek().and_then(|c| c.to_digit(16));
                let lo = self.peek_at(1).and_then(|c| c.to_digit(16));
                match (hi, lo) {
                    (Some(h), Some(l)) => {
                        self.pos += 2;
                        h * 16 + l
                    }
                    _ => return err("`\\x` must be followed by two hex digits", start),
                }
            }
            'u' => self.unicode_escape(start)?,
            c if is_syntax_character(c) || c == '/' => u32::from(c),
            '-' if in_class => u32::from(c),
            _ => {
                return err(
                    "an invalid escape (with the `v` flag only syntax characters and `/` can be escaped)",
                    start,
                );
            }
        }))
    }

    /// `{Name}` or `{Name=Value}` after `\p` / `\P`: the body, and whether it is a property
    /// of strings.
    fn property(&mut self, start: usize) -> Result<(String, bool)> {
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
        let strings = PROPERTIES_OF_STRINGS.contains(&body.as_str());
        Ok((body, strings))
    }
}
