//! 2.1.3–2.1.5 Parts, options and parsing a pattern string into a part list.

use alloc::borrow::Cow;
use alloc::collections::BTreeSet;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::canon::{Canon, Encoder};
use crate::error::{Error, Reason};
use crate::tokenizer::{Policy, Token, TokenType, tokenize};

/// A part's type (2.1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum PartType {
    // The order is compareComponent's (a full wildcard is the least specific).
    FullWildcard,
    SegmentWildcard,
    Regexp,
    FixedText,
}

/// A part's modifier (2.1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Modifier {
    None,
    Optional,
    ZeroOrMore,
    OneOrMore,
}

impl Modifier {
    /// Convert a modifier to a string (2.3).
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Modifier::None => "",
            Modifier::Optional => "?",
            Modifier::ZeroOrMore => "*",
            Modifier::OneOrMore => "+",
        }
    }
}

/// A part (2.1.3): at most one matching group, a fixed prefix and suffix, and a modifier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Part {
    pub(crate) kind: PartType,
    pub(crate) value: String,
    pub(crate) modifier: Modifier,
    /// Borrowed for `*` alone's `0` (a component built without allocating).
    pub(crate) name: Cow<'static, str>,
    pub(crate) prefix: String,
    pub(crate) suffix: String,
}

/// Options (2.1.4): the delimiter and prefix code points, and ignore case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Options {
    pub(crate) delimiter: &'static str,
    pub(crate) prefix: &'static str,
    pub(crate) ignore_case: bool,
}

impl Options {
    /// The default options.
    pub(crate) const DEFAULT: Options = Options {
        delimiter: "",
        prefix: "",
        ignore_case: false,
    };
    /// The hostname options.
    pub(crate) const HOSTNAME: Options = Options {
        delimiter: ".",
        prefix: "",
        ignore_case: false,
    };
    /// The pathname options.
    pub(crate) const PATHNAME: Options = Options {
        delimiter: "/",
        prefix: "/",
        ignore_case: false,
    };
}

/// The full wildcard regexp value.
pub(crate) const FULL_WILDCARD_REGEXP: &str = ".*";

/// Generate a segment wildcard regexp (2.1.5): `[^<delimiter>]+?`.
pub(crate) fn segment_wildcard_regexp(options: &Options) -> String {
    let mut result = String::from("[^");
    crate::escape::escape_regexp_string(options.delimiter, &mut result);
    result.push_str("]+?");
    result
}

/// Most parts a component may have. A pattern string of 64 KiB has at most about 21,000 parts
/// (`{a}?` is 4 bytes); the bound keeps "is a duplicate name" from turning quadratic.
const MAX_PARTS: usize = 1 << 14;

struct PatternParser<'a> {
    tokens: Vec<Token<'a>>,
    encoding: Encoder<'a>,
    options: &'a Options,
    parts: Vec<Part>,
    /// The names of `parts` that come from name tokens, for "is a duplicate name" in
    /// logarithmic time. The numeric names are left out: they are distinct (one counter), and
    /// a name token starts with an identifier start code point, never an ASCII digit, so no
    /// numeric name is a name token's.
    names: BTreeSet<&'a str>,
    pending_fixed_value: String,
    index: usize,
    next_numeric_name: usize,
}

impl<'a> PatternParser<'a> {
    /// Try to consume a token of type `kind`.
    fn try_consume(&mut self, kind: TokenType) -> Option<Token<'a>> {
        let next = *self.tokens.get(self.index)?;
        if next.kind != kind {
            return None;
        }
        self.index += 1;
        Some(next)
    }

    /// Try to consume a modifier token.
    fn try_consume_modifier(&mut self) -> Option<Token<'a>> {
        self.try_consume(TokenType::OtherModifier)
            .or_else(|| self.try_consume(TokenType::Asterisk))
    }

    /// Try to consume a regexp or wildcard token.
    fn try_consume_regexp_or_wildcard(&mut self, name: Option<Token<'a>>) -> Option<Token<'a>> {
        let token = self.try_consume(TokenType::Regexp);
        if name.is_none() && token.is_none() {
            return self.try_consume(TokenType::Asterisk);
        }
        token
    }

    /// Consume a required token.
    fn consume_required(
        &mut self,
        kind: TokenType,
        expected: &'static str,
    ) -> Result<Token<'a>, Error> {
        self.try_consume(kind).ok_or_else(|| {
            let at = self.tokens.get(self.index).map_or(0, |t| t.index);
            Error::at(Reason::UnexpectedToken { expected }, at)
        })
    }

    /// The `char` token `first`, just consumed as fixed text, and the `char` tokens after it
    /// that the loop of 2.1.5 would consume as fixed text one by one, consumed at once: their
    /// values are the input's code points from `first`'s index on, back to back.
    ///
    /// Shortcut for 2.1.5 parse a pattern string, steps 3.1–3.3, 3.5 and 3.7 (no name
    /// token, no regexp or wildcard token, so the char token is fixed text appended to the
    /// pending fixed value) on each `char` token of the run: a `char` token followed by a
    /// `name`, `regexp` or `asterisk` token is a prefix (step 3.4), so it ends the run and the
    /// loop reads it.
    fn char_run(&mut self, input: &'a str, first: Token<'a>) -> &'a str {
        let mut end = first.index + first.value.len();
        while let (Some(t), next) = (self.tokens.get(self.index), self.tokens.get(self.index + 1)) {
            let prefix = next.is_some_and(|n| {
                matches!(
                    n.kind,
                    TokenType::Name | TokenType::Regexp | TokenType::Asterisk
                )
            });
            if t.kind != TokenType::Char || prefix || t.index != end {
                break;
            }
            end = t.index + t.value.len();
            self.index += 1;
        }
        input.get(first.index..end).unwrap_or(first.value)
    }

    /// Consume text: a run of `char` and `escaped-char` tokens.
    fn consume_text(&mut self) -> String {
        let mut result = String::new();
        while let Some(token) = self
            .try_consume(TokenType::Char)
            .or_else(|| self.try_consume(TokenType::EscapedChar))
        {
            result.push_str(token.value);
        }
        result
    }

    /// Maybe add a part from the pending fixed value.
    fn maybe_add_pending(&mut self) -> Result<(), Error> {
        if self.pending_fixed_value.is_empty() {
            return Ok(());
        }
        // Encoded from where it is, then emptied with its room kept for the next run of text.
        let encoded = self.encoding.encode(&self.pending_fixed_value)?;
        self.pending_fixed_value.clear();
        self.push(Part {
            kind: PartType::FixedText,
            value: encoded,
            modifier: Modifier::None,
            name: Cow::Borrowed(""),
            prefix: String::new(),
            suffix: String::new(),
        })
    }

    fn push(&mut self, part: Part) -> Result<(), Error> {
        if self.parts.len() >= MAX_PARTS {
            let at = self.tokens.get(self.index).map_or(0, |t| t.index);
            return Err(Error::at(
                Reason::Tokenize("too many parts (more than 16384)"),
                at,
            ));
        }
        self.parts.push(part);
        Ok(())
    }

    /// Add a part.
    fn add_part(
        &mut self,
        prefix: &str,
        name_token: Option<Token<'a>>,
        regexp_or_wildcard: Option<Token<'a>>,
        suffix: &str,
        modifier_token: Option<Token<'a>>,
    ) -> Result<(), Error> {
        let modifier = match modifier_token.map(|t| t.value) {
            Some("?") => Modifier::Optional,
            Some("*") => Modifier::ZeroOrMore,
            Some("+") => Modifier::OneOrMore,
            _ => Modifier::None,
        };
        // A `{foo}` grouping: plain text, merged with the text around it.
        if name_token.is_none() && regexp_or_wildcard.is_none() && modifier == Modifier::None {
            self.pending_fixed_value.push_str(prefix);
            return Ok(());
        }
        self.maybe_add_pending()?;
        // A `{foo}?` grouping: fixed text with a modifier, a part of its own.
        if name_token.is_none() && regexp_or_wildcard.is_none() {
            debug_assert!(suffix.is_empty());
            if prefix.is_empty() {
                return Ok(());
            }
            let value = self.encoding.encode(prefix)?;
            return self.push(Part {
                kind: PartType::FixedText,
                value,
                modifier,
                name: Cow::Borrowed(""),
                prefix: String::new(),
                suffix: String::new(),
            });
        }
        // The regexp value, then the type it stands for: an equivalent regexp token is the
        // same part as a name or an asterisk. The parser's segment wildcard regexp (2.1.5,
        // step 1) is generated only for that comparison: a name's value is the segment
        // wildcard regexp and an asterisk's the full wildcard regexp, which are known to be
        // those types without being written out; only a regexp token's value is compared
        // with them.
        let (kind, regexp_value) = match regexp_or_wildcard {
            None => (PartType::SegmentWildcard, String::new()),
            Some(t) if t.kind == TokenType::Asterisk => (PartType::FullWildcard, String::new()),
            Some(t) if t.value == FULL_WILDCARD_REGEXP => (PartType::FullWildcard, String::new()),
            Some(t) if t.value == segment_wildcard_regexp(self.options) => {
                (PartType::SegmentWildcard, String::new())
            }
            Some(t) => (PartType::Regexp, t.value.to_string()),
        };
        let name = if let Some(t) = name_token {
            if !self.names.insert(t.value) {
                return Err(Error::at(
                    Reason::DuplicateName(t.value.to_string()),
                    t.index,
                ));
            }
            t.value.to_string()
        } else {
            let n = self.next_numeric_name;
            self.next_numeric_name += 1;
            n.to_string()
        };
        let prefix = self.encoding.encode(prefix)?;
        let suffix = self.encoding.encode(suffix)?;
        self.push(Part {
            kind,
            value: regexp_value,
            modifier,
            name: Cow::Owned(name),
            prefix,
            suffix,
        })
    }
}

/// Parse a pattern string (2.1.5) into a part list, encoding fixed text with `encoding`.
pub(crate) fn parse_pattern_string(
    input: &str,
    options: &Options,
    encoding: &Canon,
) -> Result<Vec<Part>, Error> {
    let tokens = tokenize(input, Policy::Strict)?;
    // Each group token (a name, regexp, asterisk or open) makes at most a part and the fixed
    // text before it a second; then the text at the end: room for them at once.
    let groups = tokens
        .iter()
        .filter(|t| {
            matches!(
                t.kind,
                TokenType::Name | TokenType::Regexp | TokenType::Asterisk | TokenType::Open
            )
        })
        .count();
    let mut parser = PatternParser {
        tokens,
        encoding: Encoder::new(encoding),
        options,
        parts: Vec::with_capacity((2 * groups + 1).min(MAX_PARTS)),
        names: BTreeSet::new(),
        // The fixed text pending is at most the input: room for it once, kept between parts.
        pending_fixed_value: String::with_capacity(input.len()),
        index: 0,
        next_numeric_name: 0,
    };
    while parser.index < parser.tokens.len() {
        // `<prefix char><name><regexp><modifier>`, any of them absent.
        let char_token = parser.try_consume(TokenType::Char);
        let name_token = parser.try_consume(TokenType::Name);
        let regexp_or_wildcard = parser.try_consume_regexp_or_wildcard(name_token);
        if name_token.is_some() || regexp_or_wildcard.is_some() {
            let mut prefix = char_token.map_or("", |t| t.value);
            if !prefix.is_empty() && prefix != options.prefix {
                parser.pending_fixed_value.push_str(prefix);
                prefix = "";
            }
            parser.maybe_add_pending()?;
            let modifier_token = parser.try_consume_modifier();
            parser.add_part(prefix, name_token, regexp_or_wildcard, "", modifier_token)?;
            continue;
        }
        // Fixed text is buffered, to make one part of as much of it as possible.
        if let Some(token) = char_token {
            let run = parser.char_run(input, token);
            parser.pending_fixed_value.push_str(run);
            continue;
        }
        if let Some(token) = parser.try_consume(TokenType::EscapedChar) {
            parser.pending_fixed_value.push_str(token.value);
            continue;
        }
        // `<open><char prefix><name><regexp><char suffix><close><modifier>`.
        if parser.try_consume(TokenType::Open).is_some() {
            let prefix = parser.consume_text();
            let name_token = parser.try_consume(TokenType::Name);
            let regexp_or_wildcard = parser.try_consume_regexp_or_wildcard(name_token);
            let suffix = parser.consume_text();
            parser.consume_required(TokenType::Close, "`}` to close the group")?;
            let modifier_token = parser.try_consume_modifier();
            parser.add_part(
                &prefix,
                name_token,
                regexp_or_wildcard,
                &suffix,
                modifier_token,
            )?;
            continue;
        }
        parser.maybe_add_pending()?;
        parser.consume_required(TokenType::End, "the end of the pattern")?;
    }
    Ok(parser.parts)
}
