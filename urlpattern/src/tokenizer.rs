//! 2.1.2 Tokenizing: a pattern string as a list of tokens.
//!
//! Positions are byte offsets into the input (the standard counts code points; every use of an
//! index here is a substring, so byte offsets give the same strings).

use alloc::vec::Vec;

use crate::error::{Error, Reason};

/// A token's type (2.1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TokenType {
    Open,
    Close,
    Regexp,
    Name,
    Char,
    EscapedChar,
    OtherModifier,
    Asterisk,
    End,
    InvalidChar,
}

/// A token: its type, the position of its first code point and its value (a span of the input).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Token<'a> {
    pub(crate) kind: TokenType,
    pub(crate) index: usize,
    pub(crate) value: &'a str,
}

/// A tokenize policy: `strict` throws on a tokenizing error, `lenient` makes an `invalid-char`
/// token of it (the constructor string parser's choice).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Policy {
    Strict,
    Lenient,
}

struct Tokenizer<'a> {
    input: &'a str,
    policy: Policy,
    tokens: Vec<Token<'a>>,
    index: usize,
    next_index: usize,
    code_point: char,
}

impl<'a> Tokenizer<'a> {
    /// Get the next code point.
    fn next(&mut self) {
        let c = self
            .input
            .get(self.next_index..)
            .and_then(|s| s.chars().next());
        let c = c.unwrap_or('\0');
        self.code_point = c;
        self.next_index += c.len_utf8();
    }

    /// Seek and get the next code point.
    fn seek(&mut self, index: usize) {
        self.next_index = index;
        self.next();
    }

    /// Add a token (`value` is the span `value_position..value_position + value_length`).
    fn add(&mut self, kind: TokenType, next_position: usize, value_position: usize, len: usize) {
        let value = self
            .input
            .get(value_position..value_position + len)
            .unwrap_or("");
        self.tokens.push(Token {
            kind,
            index: self.index,
            value,
        });
        self.index = next_position;
    }

    /// Add a token with default length.
    fn add_default_length(&mut self, kind: TokenType, next_position: usize, value_position: usize) {
        self.add(
            kind,
            next_position,
            value_position,
            next_position - value_position,
        );
    }

    /// Add a token with default position and length.
    fn add_default(&mut self, kind: TokenType) {
        self.add_default_length(kind, self.next_index, self.index);
    }

    /// Process a tokenizing error.
    fn error(
        &mut self,
        next_position: usize,
        value_position: usize,
        why: &'static str,
    ) -> Result<(), Error> {
        if self.policy == Policy::Strict {
            return Err(Error::at(Reason::Tokenize(why), self.index));
        }
        self.add_default_length(TokenType::InvalidChar, next_position, value_position);
        Ok(())
    }
}

/// Tokenize `input` under `policy` (2.1.2). The list always ends with an `end` token.
pub(crate) fn tokenize(input: &str, policy: Policy) -> Result<Vec<Token<'_>>, Error> {
    let mut t = Tokenizer {
        input,
        policy,
        // At most one token a code point, and the `end` token: one allocation, not a
        // doubling per few tokens (a tenth of building a route table went to growing these
        // lists, callgrind).
        tokens: Vec::with_capacity(input.len() + 1),
        index: 0,
        next_index: 0,
        code_point: '\0',
    };
    let len = input.len();
    while t.index < len {
        t.seek(t.index);
        match t.code_point {
            '*' => t.add_default(TokenType::Asterisk),
            '+' | '?' => t.add_default(TokenType::OtherModifier),
            '\\' => {
                // The last code point: nothing to escape.
                if t.next_index >= len {
                    t.error(t.next_index, t.index, "a pattern cannot end with `\\`")?;
                    continue;
                }
                let escaped_index = t.next_index;
                t.next();
                t.add_default_length(TokenType::EscapedChar, t.next_index, escaped_index);
            }
            '{' => t.add_default(TokenType::Open),
            '}' => t.add_default(TokenType::Close),
            ':' => {
                let name_start = t.next_index;
                let mut name_position = name_start;
                while name_position < len {
                    t.seek(name_position);
                    let first = name_position == name_start;
                    if !is_valid_name_code_point(t.code_point, first) {
                        break;
                    }
                    name_position = t.next_index;
                }
                if name_position <= name_start {
                    t.error(name_start, t.index, "`:` must be followed by a group name")?;
                    continue;
                }
                t.add_default_length(TokenType::Name, name_position, name_start);
            }
            '(' => tokenize_regexp(&mut t)?,
            _ => t.add_default(TokenType::Char),
        }
    }
    t.add_default_length(TokenType::End, t.index, t.index);
    Ok(t.tokens)
}

/// The `(` branch of tokenize: a regexp token up to the balancing `)`.
fn tokenize_regexp(t: &mut Tokenizer<'_>) -> Result<(), Error> {
    let len = t.input.len();
    let mut depth = 1usize;
    let regexp_start = t.next_index;
    let mut regexp_position = regexp_start;
    let mut error: Option<&'static str> = None;
    while regexp_position < len {
        t.seek(regexp_position);
        let c = t.code_point;
        if !c.is_ascii() {
            error = Some("a regular expression group may hold only ASCII code points");
            break;
        }
        if regexp_position == regexp_start && c == '?' {
            error = Some("a regular expression group cannot start with `?`");
            break;
        }
        if c == '\\' {
            if regexp_position == len - 1 {
                error = Some("a regular expression group cannot end with `\\`");
                break;
            }
            t.next();
            if !t.code_point.is_ascii() {
                error = Some("a regular expression group may hold only ASCII code points");
                break;
            }
            regexp_position = t.next_index;
            continue;
        }
        if c == ')' {
            depth -= 1;
            if depth == 0 {
                regexp_position = t.next_index;
                break;
            }
        } else if c == '(' {
            depth += 1;
            if regexp_position == len - 1 {
                error = Some("unbalanced `(` in a regular expression group");
                break;
            }
            let temporary_position = t.next_index;
            t.next();
            // Only non-capturing or lookaround groups may nest: `(?`.
            if t.code_point != '?' {
                error = Some(
                    "a capturing group inside a regular expression group must be written `(?:…)`, or as a separate group",
                );
                break;
            }
            t.next_index = temporary_position;
        }
        regexp_position = t.next_index;
    }
    if let Some(why) = error {
        return t.error(regexp_start, t.index, why);
    }
    if depth != 0 {
        return t.error(
            regexp_start,
            t.index,
            "unbalanced `(` in a regular expression group",
        );
    }
    let regexp_length = regexp_position - regexp_start - 1;
    if regexp_length == 0 {
        return t.error(
            regexp_start,
            t.index,
            "an empty regular expression group `()`",
        );
    }
    t.add(
        TokenType::Regexp,
        regexp_position,
        regexp_start,
        regexp_length,
    );
    Ok(())
}

/// Is a valid name code point: ECMAScript's IdentifierStart (first) or IdentifierPart.
pub(crate) fn is_valid_name_code_point(c: char, first: bool) -> bool {
    use icu_properties::CodePointSetData;
    use icu_properties::props::{IdContinue, IdStart};
    if c.is_ascii() {
        return c.is_ascii_alphabetic() || c == '$' || c == '_' || (!first && c.is_ascii_digit());
    }
    if first {
        CodePointSetData::new::<IdStart>().contains(c)
    } else {
        // ZWNJ and ZWJ are IdentifierPart but not ID_Continue.
        c == '\u{200C}' || c == '\u{200D}' || CodePointSetData::new::<IdContinue>().contains(c)
    }
}
