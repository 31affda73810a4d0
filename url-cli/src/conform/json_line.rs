//! The protocol's JSON, the fast way: strings written with their escapes, and an answer line
//! (a flat object of strings and booleans) read without building a `serde_json::Value`.
//! Anything else is left to serde_json, which also words the errors.

use std::borrow::Cow;

use whatwg_url::Component;

/// Appends `s` as a JSON string (RFC 8259: `"` and `\` escaped, controls as `\n`, `\t`, … or
/// `\u00XX`).
pub fn push_string(out: &mut String, s: &str) {
    out.push('"');
    let mut plain = 0;
    for (i, b) in s.bytes().enumerate() {
        let escape = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0..0x20 => "",
            _ => continue,
        };
        out.push_str(s.get(plain..i).unwrap_or_default());
        if escape.is_empty() {
            out.push_str(&format!("\\u{b:04x}"));
        } else {
            out.push_str(escape);
        }
        plain = i + 1;
    }
    out.push_str(s.get(plain..).unwrap_or_default());
    out.push('"');
}

/// An answer line's fields: the eleven components (by [`Component`] index) and the flags.
#[derive(Default)]
pub struct Fields {
    pub components: [Option<String>; 11],
    pub failure: bool,
    pub unsupported: bool,
}

/// Reads a flat JSON object whose values are strings, booleans or null; `None` for anything
/// else (nested values, numbers, bad syntax), which the caller reads with serde_json.
pub fn read_fields(line: &str) -> Option<Fields> {
    let mut reader = Reader {
        text: line,
        bytes: line.as_bytes(),
        at: 0,
    };
    let mut fields = Fields::default();
    reader.expect(b'{')?;
    if reader.peek()? == b'}' {
        reader.at += 1;
        return reader.end().then_some(fields);
    }
    loop {
        let key = reader.string()?;
        reader.expect(b':')?;
        match reader.peek()? {
            b'"' => {
                let value = reader.string()?;
                if let Some(c) = Component::from_name(&key) {
                    fields.components[c as usize] = Some(value.into_owned());
                }
            }
            b't' | b'f' | b'n' => {
                let word = reader.word()?;
                match (key.as_ref(), word) {
                    ("failure", "true") => fields.failure = true,
                    ("unsupported", "true") => fields.unsupported = true,
                    _ => {}
                }
            }
            _ => return None,
        }
        match reader.next()? {
            b',' => continue,
            b'}' => return reader.end().then_some(fields),
            _ => return None,
        }
    }
}

struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn skip_space(&mut self) {
        while self
            .bytes
            .get(self.at)
            .is_some_and(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
        {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.bytes.get(self.at).copied()
    }

    fn next(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.at += 1;
        Some(b)
    }

    fn expect(&mut self, want: u8) -> Option<()> {
        (self.next()? == want).then_some(())
    }

    fn end(&mut self) -> bool {
        self.skip_space();
        self.at == self.bytes.len()
    }

    fn word(&mut self) -> Option<&'static str> {
        self.skip_space();
        let rest = self.bytes.get(self.at..)?;
        let word = ["true", "false", "null"]
            .into_iter()
            .find(|w| rest.starts_with(w.as_bytes()))?;
        self.at += word.len();
        Some(word)
    }

    /// A JSON string (borrowed from the line when it has no escape); a lone surrogate escape
    /// becomes U+FFFD.
    fn string(&mut self) -> Option<Cow<'a, str>> {
        self.expect(b'"')?;
        let start = self.at;
        while let Some(&b) = self.bytes.get(self.at) {
            if b == b'"' {
                self.at += 1;
                // Both ends are at ASCII bytes, so at char boundaries.
                return self.text.get(start..self.at - 1).map(Cow::Borrowed);
            }
            if b == b'\\' || b < 0x20 {
                break;
            }
            self.at += 1;
        }
        self.at = start;
        self.escaped_string().map(Cow::Owned)
    }

    /// The rest of a string that holds escapes, from just after its opening quote.
    fn escaped_string(&mut self) -> Option<String> {
        let mut out = String::new();
        loop {
            let start = self.at;
            while let Some(&b) = self.bytes.get(self.at) {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.at += 1;
            }
            // `start` and `self.at` are at ASCII bytes (or the ends), so at char boundaries.
            out.push_str(self.text.get(start..self.at)?);
            match *self.bytes.get(self.at)? {
                b'"' => {
                    self.at += 1;
                    return Some(out);
                }
                b'\\' => {
                    let escape = *self.bytes.get(self.at + 1)?;
                    self.at += 2;
                    match escape {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => out.push(self.unicode_escape()?),
                        _ => return None,
                    }
                }
                _ => return None,
            }
        }
    }

    /// The code point of `\uXXXX` (just read up to the `u`), with its low surrogate if any.
    fn unicode_escape(&mut self) -> Option<char> {
        let first = self.hex4()?;
        if (0xD800..0xDC00).contains(&first) && self.bytes.get(self.at..self.at + 2) == Some(b"\\u")
        {
            let save = self.at;
            self.at += 2;
            let second = self.hex4()?;
            if (0xDC00..0xE000).contains(&second) {
                let c = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00);
                return char::from_u32(c);
            }
            self.at = save;
        }
        Some(char::from_u32(first).unwrap_or('\u{FFFD}'))
    }

    fn hex4(&mut self) -> Option<u32> {
        let hex = std::str::from_utf8(self.bytes.get(self.at..self.at + 4)?).ok()?;
        self.at += 4;
        u32::from_str_radix(hex, 16).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_round_trip_through_serde_json() {
        for s in [
            "",
            "a\"b\\c",
            "\t\n\r\u{0}\u{1f}\u{7f}",
            "é\u{1f4a9}/",
            "</script>",
        ] {
            let mut out = String::new();
            push_string(&mut out, s);
            let back: String = serde_json::from_str(&out).unwrap();
            assert_eq!(back, s);
        }
    }

    #[test]
    fn reads_flat_objects_and_leaves_the_rest() {
        let line = r#"{ "href" : "a\u00e9\ud83d\udca9\"", "failure":false, "x":null, "port":"" }"#;
        let fields = read_fields(line).unwrap();
        assert_eq!(fields.components[0].as_deref(), Some("aé\u{1f4a9}\""));
        assert_eq!(
            fields.components[Component::Port as usize].as_deref(),
            Some("")
        );
        assert!(!fields.failure);
        assert!(read_fields(r#"{"failure":true}"#).unwrap().failure);
        assert!(read_fields(r#"{"unsupported":true}"#).unwrap().unsupported);
        let lone = read_fields(r#"{"href":"\ud800x"}"#).unwrap();
        assert_eq!(lone.components[0].as_deref(), Some("\u{FFFD}x"));
        for other in [
            r#"{"a":1}"#,
            r#"{"a":{}}"#,
            "[]",
            "{",
            r#"{"a":"b"} x"#,
            "hello",
        ] {
            assert!(read_fields(other).is_none(), "{other}");
        }
    }
}
