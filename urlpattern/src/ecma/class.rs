//! Character classes with the `v` flag (ECMA-262 22.2.1, ClassSetExpression): unions, `&&`
//! intersections, `--` subtractions, nested classes and `\q{…}` strings.

use super::{Checker, Escape, Result, err};

impl Checker {
    /// A class after `[` (v mode), through `]`; whether it may contain strings.
    pub(super) fn class(&mut self) -> Result<bool> {
        let start = self.pos - 1;
        self.enter()?;
        let negated = self.eat('^');
        self.out.push('[');
        let strings = if self.eat(']') {
            // `[]` matches nothing and `[^]` anything: `regex` has no empty class syntax.
            self.out.push_str(if negated {
                r"\x{0}-\x{10FFFF}"
            } else {
                r"^\x{0}-\x{10FFFF}"
            });
            false
        } else {
            if negated {
                self.out.push('^');
            }
            self.class_contents(start)?
        };
        self.out.push(']');
        if negated && strings {
            return err("a negated class cannot hold strings", start);
        }
        self.depth -= 1;
        Ok(strings && !negated)
    }

    /// ClassSetExpression through the closing `]` (not empty).
    fn class_contents(&mut self, start: usize) -> Result<bool> {
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
                    self.out.push_str(op);
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
        let out_len = self.out.len();
        if let Some(low) = self.class_set_character(start)? {
            self.literal(low);
            if self.peek() == Some('-') && self.peek_at(1) != Some('-') {
                self.pos += 1;
                let Some(high) = self.class_set_character(start)? else {
                    return err("a class range needs a character on each side", here);
                };
                if low > high {
                    return err("a class range out of order", here);
                }
                self.out.push('-');
                self.literal(high);
            }
            return Ok(false);
        }
        self.pos = here;
        self.out.truncate(out_len);
        self.class_operand(start)
    }

    /// ClassSetOperand: a nested class, `\q{…}`, a class escape or a character.
    fn class_operand(&mut self, start: usize) -> Result<bool> {
        if self.eat('[') {
            return self.class();
        }
        if self.looking_at("\\q{") {
            self.pos += 3;
            // Strings in a class: beyond `regex`.
            self.linear = false;
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
            self.escape_strings = false;
            return match self.character_or_class_escape(at, true)? {
                Escape::Class(class) => {
                    self.out.push_str(&class);
                    Ok(self.escape_strings)
                }
                Escape::Char(c) => {
                    self.literal(c);
                    Ok(false)
                }
            };
        }
        match self.class_set_character(start)? {
            Some(c) => {
                self.literal(c);
                Ok(false)
            }
            None => err("an invalid class", start),
        }
    }

    /// ClassSetCharacter: `Some(c)`, or `None` (position unchanged) when what follows is not
    /// one (a class escape, a nested class, `\q`).
    fn class_set_character(&mut self, start: usize) -> Result<Option<u32>> {
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
                return Ok(Some(u32::from(p)));
            }
            self.pos += 1;
            let linear = self.linear;
            return match self.character_or_class_escape(here, true)? {
                Escape::Char(c) => Ok(Some(c)),
                Escape::Class(_) => {
                    self.pos = here;
                    self.linear = linear;
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
        Ok(Some(u32::from(c)))
    }
}
