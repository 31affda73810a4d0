//! A `wurl conform` adapter for rust-url (the `url` crate, 2.5), through its `quirks` module:
//! the `URL` interface's getters and setters. Copy it, depend on `url` and `serde_json`, and run
//! `wurl conform -- path/to/the/binary`.
//!
//! Protocol (docs/conformance-for-others.md): one JSON request a line on stdin, one JSON answer
//! a line on stdout; an empty line asks for a flush.

use std::io::{BufRead, Write};

use serde_json::Value;
use url::{Url, quirks};

/// The answer to one request, written to `out` as one line.
fn answer(request: &Value, out: &mut impl Write) -> std::io::Result<()> {
    let text = |key: &str| request.get(key).and_then(Value::as_str).unwrap_or_default();
    let parsed = match text("op") {
        "parse" => match request.get("base").and_then(Value::as_str) {
            None => Url::parse(text("input")),
            Some(base) => Url::parse(base).and_then(|base| base.join(text("input"))),
        },
        "set" => Url::parse(text("href")).map(|mut url| {
            set(&mut url, text("setter"), text("value"));
            url
        }),
        _ => return writeln!(out, r#"{{"unsupported":true}}"#),
    };
    let Ok(url) = parsed else {
        return writeln!(out, r#"{{"failure":true}}"#);
    };
    let origin = quirks::origin(&url);
    let fields = [
        ("href", quirks::href(&url)),
        ("origin", origin.as_str()),
        ("protocol", quirks::protocol(&url)),
        ("username", quirks::username(&url)),
        ("password", quirks::password(&url)),
        ("host", quirks::host(&url)),
        ("hostname", quirks::hostname(&url)),
        ("port", quirks::port(&url)),
        ("pathname", quirks::pathname(&url)),
        ("search", quirks::search(&url)),
        ("hash", quirks::hash(&url)),
    ];
    for (i, (name, value)) in fields.iter().enumerate() {
        write!(out, "{}\"{name}\":", if i == 0 { "{" } else { "," })?;
        serde_json::to_writer(&mut *out, value)?;
    }
    writeln!(out, "}}")
}

/// `url[setter] = value`; a setter that refuses leaves the URL as it was.
fn set(url: &mut Url, setter: &str, value: &str) {
    let _ = match setter {
        "href" => quirks::set_href(url, value).map_err(|_| ()),
        "protocol" => quirks::set_protocol(url, value),
        "username" => quirks::set_username(url, value),
        "password" => quirks::set_password(url, value),
        "host" => quirks::set_host(url, value),
        "hostname" => quirks::set_hostname(url, value),
        "port" => quirks::set_port(url, value),
        "pathname" => {
            quirks::set_pathname(url, value);
            Ok(())
        }
        "search" => {
            quirks::set_search(url, value);
            Ok(())
        }
        "hash" => {
            quirks::set_hash(url, value);
            Ok(())
        }
        _ => Err(()),
    };
}

fn main() -> std::io::Result<()> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        if line.is_empty() {
            out.flush()?;
            continue;
        }
        match serde_json::from_str::<Value>(&line) {
            Ok(request) => answer(&request, &mut out)?,
            Err(_) => writeln!(out, r#"{{"unsupported":true}}"#)?,
        }
    }
    out.flush()
}
