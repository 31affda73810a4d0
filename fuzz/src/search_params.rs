//! Target `search_params`: `URLSearchParams` operations against a model list of pairs, on a
//! standalone object and on a URL's query object at once.
//!
//! Input: the first chunk is a URL whose query gives the initial list, or, when it does not
//! parse as a URL, the init string of `new URLSearchParams(init)` (then the URL is
//! `https://example.com/p#f` with that list appended). Each later chunk is an [`Op`] picked by
//! its first byte (modulo their number); the rest is a name, and after `0xFE` a value.
//! After each operation:
//! - the standalone object and the URL's `search_params()` both hold the model's list, and the
//!   URL's query is the list serialized (null when that is empty, spec 6.2 "update");
//! - `get`, `get_all`, `has` (one and two arguments) and `size` agree with the model;
//! - the stringifier equals the model serializer, and parsing it gives the list back;
//! - the URL keeps its record invariants and re-parses to itself.
//!
//! `sort` is a stable sort by names compared as UTF-16 code units (the model sorts by
//! `encode_utf16`).

use whatwg_url::{Url, UrlSearchParams};

use crate::form_urlencoded::{Pairs, model_parse, model_serialize};
use crate::input;
use crate::parse::check_url;

/// The operations, in selector order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Op {
    /// `append(name, value)`.
    Append = 0,
    /// `delete(name)`.
    Delete = 1,
    /// `delete(name, value)`.
    DeleteValue = 2,
    /// `set(name, value)`.
    Set = 3,
    /// `sort()`.
    Sort = 4,
    /// Reads only: `get`, `getAll`, `has` with the name (and value).
    Read = 5,
    /// Removes every pair.
    Clear = 6,
    /// The URL's `search` setter with the value (the list follows the new query).
    SetSearch = 7,
    /// The URL's `href` setter with the value.
    SetHref = 8,
}

impl Op {
    /// Every operation, in selector order.
    pub const ALL: [Op; 9] = [
        Op::Append,
        Op::Delete,
        Op::DeleteValue,
        Op::Set,
        Op::Sort,
        Op::Read,
        Op::Clear,
        Op::SetSearch,
        Op::SetHref,
    ];

    /// The operation a selector byte picks.
    pub fn from_selector(selector: u8) -> Op {
        Op::ALL[usize::from(selector) % Op::ALL.len()]
    }
}

/// The URL used when the first chunk is not a URL.
pub const DEFAULT_URL: &str = "https://example.com/p#f";

/// Checks one input (see the module docs).
pub fn check(data: &[u8]) {
    let mut chunks = input::chunks(data);
    let first = input::text(chunks.next().unwrap_or_default());
    let (mut url, mut params, mut model, linked) = match Url::parse(&first, None) {
        Ok(url) => {
            let model = model_parse(url.query().unwrap_or_default().as_bytes());
            let params = url.search_params();
            // The query is as the URL gave it, not yet the list serialized.
            (url, params, model, false)
        }
        Err(_) => {
            let params = UrlSearchParams::parse(&first);
            let init = first.strip_prefix('?').unwrap_or(&first);
            let model = model_parse(init.as_bytes());
            let mut url = Url::parse(DEFAULT_URL, None).unwrap_or_else(|e| panic!("{e}"));
            url.search_params_mut().extend(model.iter().cloned());
            (url, params, model, true)
        }
    };
    agree(&url, &params, &model, linked);
    let mut linked = linked;
    for chunk in chunks {
        let Some((&selector, rest)) = chunk.split_first() else {
            continue;
        };
        let (name, value) = input::pair(rest);
        let value = value.unwrap_or_default();
        let op = Op::from_selector(selector);
        linked = apply(op, &name, &value, &mut url, &mut params, &mut model).unwrap_or(linked);
        agree(&url, &params, &model, linked);
    }
}

/// Applies `op` to the model, the standalone params and the URL's params. Returns whether the
/// URL's query is now the serialization of the list (false after `search`/`href` setters,
/// which keep the query as given), or `None` when the URL was not touched.
fn apply(
    op: Op,
    name: &str,
    value: &str,
    url: &mut Url,
    params: &mut UrlSearchParams,
    model: &mut Pairs,
) -> Option<bool> {
    match op {
        Op::Append => {
            model.push((name.into(), value.into()));
            params.append(name, value);
            url.search_params_mut().append(name, value);
        }
        Op::Delete => {
            model.retain(|(n, _)| n != name);
            params.delete(name, None);
            url.search_params_mut().delete(name, None);
        }
        Op::DeleteValue => {
            model.retain(|(n, v)| !(n == name && v == value));
            params.delete(name, Some(value));
            url.search_params_mut().delete(name, Some(value));
        }
        Op::Set => {
            // Spec 6.2 set(): the first pair named `name` gets the value, the others named
            // `name` go; with none, append.
            match model.iter().position(|(n, _)| n == name) {
                Some(first) => {
                    model[first].1 = value.into();
                    let mut index = 0;
                    model.retain(|(n, _)| {
                        index += 1;
                        index - 1 == first || n != name
                    });
                }
                None => model.push((name.into(), value.into())),
            }
            params.set(name, value);
            url.search_params_mut().set(name, value);
        }
        Op::Sort => {
            model.sort_by(|a, b| a.0.encode_utf16().cmp(b.0.encode_utf16()));
            params.sort();
            url.search_params_mut().sort();
        }
        Op::Read => {
            let first = model
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str());
            assert_eq!(params.get(name), first, "get({name:?})");
            let all: Vec<&str> = model
                .iter()
                .filter(|(n, _)| n == name)
                .map(|(_, v)| v.as_str())
                .collect();
            assert_eq!(params.get_all(name), all, "get_all({name:?})");
            assert_eq!(params.has(name, None), first.is_some(), "has({name:?})");
            let has_value = model.iter().any(|(n, v)| n == name && v == value);
            assert_eq!(
                params.has(name, Some(value)),
                has_value,
                "has({name:?}, {value:?})"
            );
            assert_eq!(url.search_params().get(name), first, "url get({name:?})");
            return None;
        }
        Op::Clear => {
            model.clear();
            params.clear();
            url.search_params_mut().clear();
        }
        Op::SetSearch | Op::SetHref => {
            if op == Op::SetSearch {
                url.set_search(value);
            } else {
                url.set_href(value).ok();
            }
            // The query object's list is the parse of the new query (spec 6.1, search and
            // href setters).
            *model = model_parse(url.query().unwrap_or_default().as_bytes());
            *params = url.search_params();
            return Some(false);
        }
    }
    Some(true)
}

/// The standalone params and the URL's params hold the model's list.
fn agree(url: &Url, params: &UrlSearchParams, model: &Pairs, linked: bool) {
    let list: Vec<(&str, &str)> = model
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    let got: Vec<(&str, &str)> = params.iter().collect();
    assert_eq!(got, list, "standalone params");
    assert_eq!(params.size(), model.len(), "size");
    let url_params = url.search_params();
    let got: Vec<(&str, &str)> = url_params.iter().collect();
    assert_eq!(got, list, "the URL's params ({})", url.href());
    let serialized = model_serialize(model);
    assert_eq!(params.to_string(), serialized, "the stringifier");
    assert_eq!(
        UrlSearchParams::parse(&serialized)
            .iter()
            .collect::<Vec<_>>(),
        list,
        "parse(toString())"
    );
    if linked {
        let expected = (!serialized.is_empty()).then_some(serialized.as_str());
        assert_eq!(url.query(), expected, "the URL's query after update");
    }
    check_url(url);
}
