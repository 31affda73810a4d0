//! Helpers shared by url-core's tests: the API getters of spec 6, computed from the record.
#![allow(dead_code)]
#![allow(clippy::restriction)] // test code: unwrapping or indexing is a failed test

use url_core::{StateOverride, UrlRecord};

/// The `URL` interface's getters (spec 6.1), from the record.
pub struct ApiView {
    pub href: String,
    pub origin: String,
    pub protocol: String,
    pub username: String,
    pub password: String,
    pub host: String,
    pub hostname: String,
    pub port: String,
    pub pathname: String,
    pub search: String,
    pub hash: String,
}

impl ApiView {
    pub fn of(url: &UrlRecord) -> ApiView {
        let hostname = url.host_str().unwrap_or_default().to_owned();
        let port = url.port_str().unwrap_or_default().to_owned();
        let host = if port.is_empty() {
            hostname.clone()
        } else {
            format!("{hostname}:{port}")
        };
        ApiView {
            href: url.as_str().to_owned(),
            origin: url.origin().ascii_serialization().to_owned(),
            protocol: format!("{}:", url.scheme()),
            username: url.username().to_owned(),
            password: url.password().to_owned(),
            host,
            hostname,
            port,
            pathname: url.path().to_owned(),
            search: match url.query() {
                None | Some("") => String::new(),
                Some(q) => format!("?{q}"),
            },
            hash: match url.fragment() {
                None | Some("") => String::new(),
                Some(f) => format!("#{f}"),
            },
        }
    }

    pub fn field(&self, name: &str) -> Option<&str> {
        Some(match name {
            "href" => &self.href,
            "origin" => &self.origin,
            "protocol" => &self.protocol,
            "username" => &self.username,
            "password" => &self.password,
            "host" => &self.host,
            "hostname" => &self.hostname,
            "port" => &self.port,
            "pathname" => &self.pathname,
            "search" => &self.search,
            "hash" => &self.hash,
            _ => return None,
        })
    }
}

/// The fields of a urltestdata case that the URL record answers.
pub const FIELDS: [&str; 11] = [
    "href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname",
    "search", "hash",
];

/// Runs one urltestdata-style case; `Ok` when every given field matches.
pub fn check_case(case: &test_support::Value) -> Result<(), String> {
    let input = case.str_field("input").ok_or("case without input")?;
    let base_text = case.get("base").and_then(|b| b.as_str());
    let expect_failure = case.get("failure").and_then(|f| f.as_bool()) == Some(true);
    let parsed = match base_text {
        Some(b) => match UrlRecord::parse(b, None) {
            Ok(base) => UrlRecord::parse(input, Some(&base)),
            Err(e) => Err(e),
        },
        None => UrlRecord::parse(input, None),
    };
    if expect_failure {
        if let Ok(url) = &parsed {
            return Err(format!("expected failure, got {:?}", url.as_str()));
        }
        return Ok(());
    }
    let url = parsed.map_err(|e| format!("unexpected failure: {e}"))?;
    let view = ApiView::of(&url);
    for field in FIELDS {
        if let Some(expected) = case.str_field(field) {
            test_support::field_eq(field, expected, view.field(field).unwrap_or_default())?;
        }
    }
    url.check_invariants()?;
    Ok(())
}

/// Every case object of a urltestdata-style file.
pub fn cases(file: &str) -> Vec<test_support::Value> {
    let data = test_support::load(file);
    data.as_array()
        .expect("fixture is an array")
        .iter()
        .filter(|c| c.as_object().is_some())
        .cloned()
        .collect()
}

/// A case's name for reports.
pub fn case_name(case: &test_support::Value) -> String {
    format!(
        "{:?} against {:?}",
        case.str_field("input").unwrap_or_default(),
        case.get("base").and_then(|b| b.as_str())
    )
}

/// The `URL` setters of spec 6.1, on top of url-core.
pub fn set(url: &mut UrlRecord, setter: &str, value: &str) {
    match setter {
        "href" => {
            if let Ok(new) = UrlRecord::parse(value, None) {
                *url = new;
            }
        }
        "protocol" => {
            let _ = url.basic_parse_override(&format!("{value}:"), StateOverride::SchemeStart);
        }
        "username" => {
            if !url.cannot_have_username_password_port() {
                url.set_username(value);
            }
        }
        "password" => {
            if !url.cannot_have_username_password_port() {
                url.set_password(value);
            }
        }
        "host" | "hostname" => {
            if url.has_opaque_path() {
                return;
            }
            let state = if setter == "host" {
                StateOverride::Host
            } else {
                StateOverride::Hostname
            };
            let _ = url.basic_parse_override(value, state);
        }
        "port" => {
            if url.cannot_have_username_password_port() {
                return;
            }
            if value.is_empty() {
                url.set_port(None);
            } else {
                let _ = url.basic_parse_override(value, StateOverride::Port);
            }
        }
        "pathname" => {
            if url.has_opaque_path() {
                return;
            }
            url.clear_path();
            let _ = url.basic_parse_override(value, StateOverride::PathStart);
        }
        "search" => {
            if value.is_empty() {
                url.set_query(None);
                return;
            }
            let input = value.strip_prefix('?').unwrap_or(value);
            url.set_empty_query();
            let _ = url.basic_parse_override(input, StateOverride::Query);
        }
        "hash" => {
            if value.is_empty() {
                url.set_fragment(None);
                return;
            }
            let input = value.strip_prefix('#').unwrap_or(value);
            url.set_empty_fragment();
            let _ = url.basic_parse_override(input, StateOverride::Fragment);
        }
        other => panic!("unknown setter {other}"),
    }
}
