//! A JSON reader for the WPT fixtures.
//!
//! It exists for one reason: the fixtures' JSON strings may hold lone UTF-16 surrogates
//! (`"\uD800"`), which `serde_json` refuses (a Rust `String` cannot hold them). Everything else
//! in the workspace reads JSON with `serde_json`; this reader is for the fixtures only.
//!
//! Strings are decoded to UTF-16 first; [`Str::text`] is the USVString conversion (each lone
//! surrogate becomes U+FFFD), and [`Str::utf16`] keeps the code units as written.

use std::fmt;

/// A JSON string: its scalar-value form and its UTF-16 code units.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Str {
    /// The string with every lone surrogate replaced by U+FFFD.
    pub text: String,
    /// The UTF-16 code units as the JSON text spelled them (lone surrogates kept).
    pub utf16: Vec<u16>,
}

impl Str {
    /// Whether the JSON string held a lone surrogate.
    pub fn had_lone_surrogate(&self) -> bool {
        char::decode_utf16(self.utf16.iter().copied()).any(|r| r.is_err())
    }
}

/// A JSON value. Object members keep their order.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `null`
    Null,
    /// `true` / `false`
    Bool(bool),
    /// A number.
    Number(f64),
    /// A string.
    String(Str),
    /// An array.
    Array(Vec<Value>),
    /// An object, members in document order.
    Object(Vec<(String, Value)>),
}

impl Value {
    /// The member `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The string's scalar-value text (lone surrogates as U+FFFD).
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(&s.text),
            _ => None,
        }
    }

    /// The string value with its UTF-16 form.
    pub fn as_json_str(&self) -> Option<&Str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The array's elements.
    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The object's members.
    pub fn as_object(&self) -> Option<&[(String, Value)]> {
        match self {
            Value::Object(o) => Some(o),
            _ => None,
        }
    }

    /// The boolean.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The number.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Number(n) => Some(*n),
            _ => None,
        }
    }

    /// Whether this is `null`.
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// Member `key` as a string, when it is one.
    pub fn str_field(&self, key: &str) -> Option<&str> {
        self.get(key).and_then(Value::as_str)
    }
}

/// A parse error with its byte offset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// Byte offset in the JSON text.
    pub offset: usize,
    /// What was wrong.
    pub message: &'static str,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "JSON error at byte {}: {}", self.offset, self.message)
    }
}

impl std::error::Error for Error {}

/// Parses a JSON document.
pub fn parse(text: &str) -> Result<Value, Error> {
    let mut p = Parser {
        s: text.as_bytes(),
        i: 0,
    };
    p.ws();
    let v = p.value(0)?;
    p.ws();
    if p.i != p.s.len() {
        return Err(p.err("trailing characters"));
    }
    Ok(v)
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn err(&self, message: &'static str) -> Error {
        Error {
            offset: self.i,
            message,
        }
    }

    fn ws(&mut self) {
        while matches!(self.s.get(self.i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.i += 1;
        }
    }

    fn eat(&mut self, lit: &[u8]) -> bool {
        if self.s[self.i..].starts_with(lit) {
            self.i += lit.len();
            true
        } else {
            false
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, Error> {
        if depth > 256 {
            return Err(self.err("nesting too deep"));
        }
        match self.s.get(self.i) {
            None => Err(self.err("unexpected end")),
            Some(b'{') => {
                self.i += 1;
                let mut members = Vec::new();
                self.ws();
                if self.eat(b"}") {
                    return Ok(Value::Object(members));
                }
                loop {
                    self.ws();
                    let key = self.string()?.text;
                    self.ws();
                    if !self.eat(b":") {
                        return Err(self.err("expected ':'"));
                    }
                    self.ws();
                    let v = self.value(depth + 1)?;
                    members.push((key, v));
                    self.ws();
                    if self.eat(b",") {
                        continue;
                    }
                    if self.eat(b"}") {
                        return Ok(Value::Object(members));
                    }
                    return Err(self.err("expected ',' or '}'"));
                }
            }
            Some(b'[') => {
                self.i += 1;
                let mut items = Vec::new();
                self.ws();
                if self.eat(b"]") {
                    return Ok(Value::Array(items));
                }
                loop {
                    self.ws();
                    items.push(self.value(depth + 1)?);
                    self.ws();
                    if self.eat(b",") {
                        continue;
                    }
                    if self.eat(b"]") {
                        return Ok(Value::Array(items));
                    }
                    return Err(self.err("expected ',' or ']'"));
                }
            }
            Some(b'"') => Ok(Value::String(self.string()?)),
            Some(b't') if self.eat(b"true") => Ok(Value::Bool(true)),
            Some(b'f') if self.eat(b"false") => Ok(Value::Bool(false)),
            Some(b'n') if self.eat(b"null") => Ok(Value::Null),
            Some(b'-' | b'0'..=b'9') => {
                let start = self.i;
                while matches!(
                    self.s.get(self.i),
                    Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                ) {
                    self.i += 1;
                }
                let text = std::str::from_utf8(&self.s[start..self.i]).expect("ASCII");
                text.parse()
                    .map(Value::Number)
                    .map_err(|_| self.err("bad number"))
            }
            Some(_) => Err(self.err("unexpected character")),
        }
    }

    fn hex4(&mut self) -> Result<u16, Error> {
        let digits = self
            .s
            .get(self.i..self.i + 4)
            .ok_or_else(|| self.err("short \\u escape"))?;
        let text = std::str::from_utf8(digits).map_err(|_| self.err("bad \\u escape"))?;
        let v = u16::from_str_radix(text, 16).map_err(|_| self.err("bad \\u escape"))?;
        self.i += 4;
        Ok(v)
    }

    fn string(&mut self) -> Result<Str, Error> {
        if !self.eat(b"\"") {
            return Err(self.err("expected string"));
        }
        let mut utf16: Vec<u16> = Vec::new();
        loop {
            let Some(&b) = self.s.get(self.i) else {
                return Err(self.err("unterminated string"));
            };
            match b {
                b'"' => {
                    self.i += 1;
                    break;
                }
                b'\\' => {
                    self.i += 1;
                    let Some(&e) = self.s.get(self.i) else {
                        return Err(self.err("unterminated escape"));
                    };
                    self.i += 1;
                    let unit = match e {
                        b'"' => 0x22,
                        b'\\' => 0x5C,
                        b'/' => 0x2F,
                        b'b' => 0x08,
                        b'f' => 0x0C,
                        b'n' => 0x0A,
                        b'r' => 0x0D,
                        b't' => 0x09,
                        b'u' => self.hex4()?,
                        _ => return Err(self.err("bad escape")),
                    };
                    utf16.push(unit);
                }
                _ => {
                    // A run of raw UTF-8 up to the next quote or backslash.
                    let start = self.i;
                    while !matches!(self.s.get(self.i), None | Some(b'"' | b'\\')) {
                        self.i += 1;
                    }
                    let run = std::str::from_utf8(&self.s[start..self.i])
                        .map_err(|_| self.err("invalid UTF-8"))?;
                    utf16.extend(run.encode_utf16());
                }
            }
        }
        let text = char::decode_utf16(utf16.iter().copied())
            .map(|r| r.unwrap_or(char::REPLACEMENT_CHARACTER))
            .collect();
        Ok(Str { text, utf16 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lone_surrogates_become_replacement_characters() {
        let v = parse(r#"["a\uD800b", "\uD83D\uDCA9", "x\u0000"]"#).unwrap();
        let items = v.as_array().unwrap();
        assert_eq!(items[0].as_str(), Some("a\u{FFFD}b"));
        assert!(items[0].as_json_str().unwrap().had_lone_surrogate());
        assert_eq!(
            items[0].as_json_str().unwrap().utf16,
            vec![0x61, 0xD800, 0x62]
        );
        assert_eq!(items[1].as_str(), Some("\u{1F4A9}"));
        assert!(!items[1].as_json_str().unwrap().had_lone_surrogate());
        assert_eq!(items[2].as_str(), Some("x\0"));
    }

    #[test]
    fn objects_keep_order_and_values() {
        let v = parse(r#"{"b": [1, -2.5e1, true, null], "a": {"k": "v"}}"#).unwrap();
        let o = v.as_object().unwrap();
        assert_eq!(o[0].0, "b");
        assert_eq!(o[1].0, "a");
        let b = v.get("b").unwrap().as_array().unwrap();
        assert_eq!(b[1].as_f64(), Some(-25.0));
        assert_eq!(b[2].as_bool(), Some(true));
        assert!(b[3].is_null());
        assert_eq!(v.get("a").unwrap().str_field("k"), Some("v"));
    }

    #[test]
    fn rejects_malformed_text() {
        for bad in ["", "[1,", "{\"a\" 1}", "\"\\x\"", "[1] 2", "\"\\uZZZZ\""] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }
}
