//! A URL inspector: parses URLs as `new URL(input, base)` does and shows each component, the
//! origin, the rendering for people (spec 4.8) and every validation error, with a caret under
//! the place in the input where the parser met it.
//!
//! ```text
//! cargo run --example inspect -p whatwg-url -- URL [BASE]
//! cargo run --example inspect -p whatwg-url -- [--base BASE] < urls.txt    # one URL per line
//! cargo run --example inspect -p whatwg-url -- --json URL [BASE]           # one JSON object per line
//! ```

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use whatwg_url::{ReportedError, Url};

const USAGE: &str = "usage: inspect [--json] URL [BASE]
       inspect [--json] [--base BASE] < FILE   (one URL per line)

Parses each URL as `new URL(url, base)` does and prints its components, its origin, its
rendering for people (URL Standard 4.8) and every validation error, with a caret under the
place where the parser met it. --json prints one JSON object per URL instead.";

/// The command line.
struct Args {
    json: bool,
    base: Option<String>,
    url: Option<String>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        json: false,
        base: None,
        url: None,
    };
    let mut positional = Vec::new();
    let mut iter = std::env::args().skip(1);
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--json" => args.json = true,
            "--base" => args.base = Some(iter.next().ok_or("--base needs a value")?),
            "-h" | "--help" => return Err(String::new()),
            "--" => positional.extend(iter.by_ref()),
            _ => positional.push(arg),
        }
    }
    match positional.len() {
        0 => {}
        1 | 2 if args.base.is_some() && positional.len() == 2 => {
            return Err("give the base either with --base or as the second argument".into());
        }
        1 | 2 => {
            let mut positional = positional.into_iter();
            args.url = positional.next();
            if let Some(base) = positional.next() {
                args.base = Some(base);
            }
        }
        _ => return Err("too many arguments".into()),
    }
    Ok(args)
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("error: {message}\n");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut all_parsed = true;
    let mut inspect = |input: &str, out: &mut dyn Write| -> io::Result<()> {
        let report = Report::new(input, args.base.as_deref());
        all_parsed &= report.url.is_ok();
        if args.json {
            writeln!(out, "{}", report.to_json())
        } else {
            write!(out, "{}", report.to_text())
        }
    };
    let result = match &args.url {
        Some(url) => inspect(url, &mut out),
        None => {
            let stdin = io::stdin();
            let mut lines = stdin.lock();
            let mut line = Vec::new();
            let mut first = true;
            let mut result = Ok(());
            loop {
                line.clear();
                match lines.read_until(b'\n', &mut line) {
                    Ok(0) => break,
                    Ok(_) => {}
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
                let text = String::from_utf8_lossy(&line);
                let mut text = text.strip_suffix('\n').unwrap_or(&text);
                text = text.strip_suffix('\r').unwrap_or(text);
                if first {
                    // A file may start with a byte order mark.
                    text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
                    first = false;
                } else if !args.json {
                    let _ = writeln!(out);
                }
                if let Err(e) = inspect(text, &mut out) {
                    result = Err(e);
                    break;
                }
            }
            result
        }
    };
    match result {
        // A closed pipe (`| head`) is not an error.
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
        _ if all_parsed => ExitCode::SUCCESS,
        _ => ExitCode::FAILURE,
    }
}

/// Everything the inspector shows about one input.
struct Report<'a> {
    input: &'a str,
    base: Option<&'a str>,
    url: Result<Url, whatwg_url::ParseError>,
    errors: Vec<ReportedError>,
}

impl<'a> Report<'a> {
    fn new(input: &'a str, base: Option<&'a str>) -> Report<'a> {
        let (url, errors) = Url::parse_with_validation(input, base);
        Report {
            input,
            base,
            url,
            errors,
        }
    }

    /// The components of a parsed URL, as the `URL` interface's getters give them.
    fn components(url: &Url) -> [(&'static str, String); 12] {
        [
            ("href", url.href().to_owned()),
            ("protocol", url.protocol().to_owned()),
            ("username", url.username().to_owned()),
            ("password", url.password().to_owned()),
            ("host", url.host().to_owned()),
            ("hostname", url.hostname().to_owned()),
            ("port", url.port().to_owned()),
            ("pathname", url.pathname().to_owned()),
            ("search", url.search().to_owned()),
            ("hash", url.hash().to_owned()),
            ("origin", url.origin()),
            ("display", url.to_display_string()),
        ]
    }

    /// Whether `error` is the one that made the parse fail. The table's "Failure" column is
    /// conditional for some errors (`domain-to-ASCII`, `IPv4-out-of-range-part`), so the column
    /// alone would mislabel errors of URLs that parsed.
    fn caused_failure(&self, error: &ReportedError) -> bool {
        matches!(&self.url, Err(e)
            if e.validation_error() == Some(error.error) && e.offset() == Some(error.offset()))
    }

    fn to_text(&self) -> String {
        let mut text = String::new();
        let line = |text: &mut String, name: &str, value: &str| {
            // Padded to a column; an empty value leaves no trailing spaces.
            if value.is_empty() {
                text.push_str(&format!("{name}\n"));
            } else {
                text.push_str(&format!("{name:<10}{value}\n"));
            }
        };
        line(&mut text, "input", &printable(self.input).0);
        if let Some(base) = self.base {
            line(&mut text, "base", &printable(base).0);
        }
        match &self.url {
            Ok(url) => {
                for (name, value) in Report::components(url) {
                    line(&mut text, name, &value);
                }
            }
            Err(e) => line(&mut text, "failure", &e.to_string()),
        }
        if self.errors.is_empty() {
            line(&mut text, "errors", "none");
            return text;
        }
        line(&mut text, "errors", &self.errors.len().to_string());
        // The input once, then a caret under each error's offset.
        let (shown, columns) = printable(self.input);
        text.push_str(&format!("  {shown}\n"));
        for error in &self.errors {
            let column = columns
                .iter()
                .find(|&&(offset, _)| offset >= error.offset())
                .map_or(0, |&(_, column)| column);
            let kind = if self.caused_failure(error) {
                " (failure)"
            } else {
                ""
            };
            text.push_str(&format!(
                "  {:column$}^ {} at byte {}{kind}\n",
                "",
                error.name(),
                error.offset()
            ));
        }
        text
    }

    fn to_json(&self) -> String {
        let mut json = String::from("{");
        json_member(&mut json, "input", &json_string(self.input));
        json.push(',');
        json_member(
            &mut json,
            "base",
            &self.base.map_or_else(|| "null".to_owned(), json_string),
        );
        match &self.url {
            Ok(url) => {
                json.push_str(",\"failure\":false");
                for (name, value) in Report::components(url) {
                    json.push(',');
                    json_member(&mut json, name, &json_string(&value));
                }
            }
            Err(e) => {
                json.push_str(",\"failure\":true,");
                json_member(&mut json, "error", &json_string(&e.to_string()));
            }
        }
        json.push_str(",\"errors\":[");
        for (i, error) in self.errors.iter().enumerate() {
            if i > 0 {
                json.push(',');
            }
            json.push('{');
            json_member(&mut json, "name", &json_string(error.name()));
            json.push(',');
            json_member(&mut json, "offset", &error.offset().to_string());
            json.push(',');
            json_member(
                &mut json,
                "failure",
                &self.caused_failure(error).to_string(),
            );
            json.push('}');
        }
        json.push_str("]}");
        json
    }
}

/// `input` made safe to print on a terminal (controls as their Control Pictures, invisible
/// and bidi formatting characters as `<U+XXXX>`), with the column where each byte offset of
/// `input` starts, for the carets. Wide East Asian characters take two columns.
fn printable(input: &str) -> (String, Vec<(usize, usize)>) {
    let mut shown = String::with_capacity(input.len());
    let mut columns = Vec::with_capacity(input.len() + 1);
    let mut column = 0;
    for (offset, c) in input.char_indices() {
        columns.push((offset, column));
        let width = match c {
            '\0'..='\u{1F}' => {
                shown.push(char::from_u32(0x2400 + u32::from(c)).unwrap_or('?'));
                1
            }
            '\u{7F}' => {
                shown.push('\u{2421}');
                1
            }
            '\u{80}'..='\u{9F}'
            | '\u{AD}'
            | '\u{200B}'..='\u{200F}'
            | '\u{2028}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{FEFF}' => {
                let escaped = format!("<U+{:04X}>", u32::from(c));
                shown.push_str(&escaped);
                escaped.len()
            }
            '\u{300}'..='\u{36F}' => {
                shown.push(c);
                0
            }
            '\u{1100}'..='\u{115F}'
            | '\u{2E80}'..='\u{A4CF}'
            | '\u{AC00}'..='\u{D7A3}'
            | '\u{F900}'..='\u{FAFF}'
            | '\u{FE30}'..='\u{FE4F}'
            | '\u{FF00}'..='\u{FF60}'
            | '\u{FFE0}'..='\u{FFE6}'
            | '\u{1F300}'..='\u{1F64F}'
            | '\u{1F900}'..='\u{1F9FF}'
            | '\u{20000}'..='\u{3FFFD}' => {
                shown.push(c);
                2
            }
            _ => {
                shown.push(c);
                1
            }
        };
        column += width;
    }
    columns.push((input.len(), column));
    (shown, columns)
}

/// `"name":value`.
fn json_member(json: &mut String, name: &str, value: &str) {
    json.push_str(&json_string(name));
    json.push(':');
    json.push_str(value);
}

/// A JSON string literal (RFC 8259): `"` and `\` escaped, control characters as `\uXXXX`
/// (or their short forms), U+2028 and U+2029 escaped too so the line can be embedded in
/// JavaScript.
fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{C}' => out.push_str("\\f"),
            '\0'..='\u{1F}' | '\u{2028}' | '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", u32::from(c)));
            }
            _ => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_escaping() {
        assert_eq!(json_string("a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(
            json_string("\u{1}\n\t\u{2028}é"),
            "\"\\u0001\\n\\t\\u2028é\""
        );
    }

    #[test]
    fn carets_line_up() {
        let (shown, columns) = printable("a\tb日c\u{202E}d");
        assert_eq!(shown, "a\u{2409}b日c<U+202E>d");
        let column = |offset| columns.iter().find(|&&(o, _)| o == offset).unwrap().1;
        assert_eq!(column(2), 2); // b
        assert_eq!(column(6), 5); // c, after a wide character
        assert_eq!(column(10), 14); // d, after the escape
        assert_eq!(column(11), 15); // the end
    }

    #[test]
    fn report_lists_errors_with_offsets() {
        let report = Report::new("https://user@xn--bcher-kva.example\\a b", None);
        let text = report.to_text();
        assert!(
            text.contains("display   https://bücher.example/a%20b"),
            "{text}"
        );
        assert!(text.contains("^ invalid-credentials at byte 12"), "{text}");
        let json = report.to_json();
        assert!(json.starts_with("{\"input\":"), "{json}");
        assert!(
            json.contains("\"name\":\"invalid-reverse-solidus\""),
            "{json}"
        );

        let report = Report::new("https://exa mple.org", None);
        assert!(report.to_json().contains("\"failure\":true"));
        assert!(report.to_text().contains("(failure)"));

        // domain-to-ASCII is reported for a URL that parses: not the cause of a failure.
        let report = Report::new("http://a_b.example/", None);
        assert!(
            report.to_text().contains("^ domain-to-ASCII at byte 7\n"),
            "{}",
            report.to_text()
        );
        assert!(!report.to_json().contains("\"failure\":true"));
    }
}
