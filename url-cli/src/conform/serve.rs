//! `wurl conform --serve`: this project's parser on the implementation's side of the protocol
//! (the reference adapter, and a way to check the pipe itself).

use std::io::{self, BufRead, Write};

use serde_json::Value;
use whatwg_url::Component;

use super::protocol::{Answer, Request, ours, replace_lone_surrogates};

/// The request a line asks for; `None`: an op this side does not know (or a line that is not
/// a request), answered `{"unsupported":true}`.
pub fn read_request(line: &str) -> Option<Request> {
    let value: Value = serde_json::from_str(&replace_lone_surrogates(line)).ok()?;
    let text = |key: &str| value.get(key).and_then(Value::as_str).map(str::to_owned);
    match value.get("op")?.as_str()? {
        "parse" => Some(Request::Parse {
            input: text("input")?,
            base: text("base"),
        }),
        "set" => Some(Request::Set {
            href: text("href")?,
            setter: Component::from_name(value.get("setter")?.as_str()?)
                .filter(|c| c.has_setter())?,
            value: text("value")?,
        }),
        "validate" => Some(Request::Validate {
            input: text("input")?,
            base: text("base"),
        }),
        _ => None,
    }
}

/// Answers every request line of `input` on `output`; flushes at each empty line and at the end.
pub fn serve(input: impl BufRead, output: impl Write) -> io::Result<()> {
    let mut output = io::BufWriter::with_capacity(1 << 16, output);
    let mut text = String::new();
    for line in input.lines() {
        let line = line?;
        if line.is_empty() {
            output.flush()?;
            continue;
        }
        let answer = read_request(&line).map_or(Answer::Unsupported, |r| ours(&r));
        text.clear();
        answer.write_line(&mut text);
        text.push('\n');
        output.write_all(text.as_bytes())?;
    }
    output.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_a_line_each_and_flushes_on_empty_lines() {
        let input = concat!(
            r#"{"op":"parse","input":"/a?b","base":"https://x/"}"#,
            "\n",
            r#"{"op":"set","href":"https://x/","setter":"pathname","value":"a b"}"#,
            "\n\n",
            r#"{"op":"parse","input":"\uD800","base":null}"#,
            "\n",
            r#"{"op":"frobnicate"}"#,
            "\n",
            r#"{"op":"set","href":"https://x/","setter":"origin","value":"a"}"#,
            "\n",
            r#"{"op":"validate","input":"https://x/a b","base":null}"#,
            "\n",
        );
        let mut out = Vec::new();
        serve(input.as_bytes(), &mut out).unwrap();
        let lines: Vec<Answer> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| Answer::from_line(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 6);
        let href = |a: &Answer| match a {
            Answer::Url(c) => c[0].clone(),
            other => format!("{other:?}"),
        };
        assert_eq!(href(&lines[0]), "https://x/a?b");
        assert_eq!(href(&lines[1]), "https://x/a%20b");
        assert_eq!(lines[2], Answer::Failure);
        assert_eq!(lines[3], Answer::Unsupported);
        assert_eq!(lines[4], Answer::Unsupported);
        let Answer::Validation(v) = &lines[5] else {
            panic!("validates: {:?}", lines[5])
        };
        assert_eq!(
            (v.valid, v.errors.as_slice(), v.parses),
            (false, &["invalid-URL-unit".to_owned()][..], true)
        );
    }
}
