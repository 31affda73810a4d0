//! Target `arrow`: the Arrow batch kernels (`whatwg-url-arrow`) against the per-row API.
//!
//! Input: rows, one per chunk (see [`crate::input`]); a chunk that is exactly `0xFE` is a null
//! row; a first chunk starting with `0xFE` is, after that byte, the base URL every row is
//! parsed against. Properties, for `Utf8`, `LargeUtf8` and `Utf8View` columns:
//! - nothing panics;
//! - `parse`'s struct holds, per row, what `Url::parse` (or `join` on the base) gives: every
//!   getter (`Url::component`), `valid`, and `error` the
//!   failing validation error's name; a null row is null in every column;
//! - `component`, `href`, `registrable_domain`, `public_suffix` and `is_valid` agree with it.

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, LargeStringArray, StringArray, StringViewArray};
use whatwg_url::Url;
use whatwg_url_arrow::Component;

use crate::input::{self, PAIR_SEP};

/// A string column's row, whatever its offset width (`None` for a null).
fn text(column: &dyn Array, row: usize) -> Option<&str> {
    if column.is_null(row) {
        return None;
    }
    column
        .as_string_opt::<i32>()
        .map(|c| c.value(row))
        .or_else(|| column.as_string_opt::<i64>().map(|c| c.value(row)))
}

/// Checks one input (see the module docs).
pub fn check(data: &[u8]) {
    let mut chunks: Vec<&[u8]> = input::chunks(data).collect();
    let base = match chunks.first() {
        Some(first) if first.first() == Some(&PAIR_SEP) && first.len() > 1 => {
            let base = input::text(first.get(1..).unwrap_or_default()).into_owned();
            chunks.remove(0);
            Url::parse(&base, None).ok()
        }
        _ => None,
    };
    let rows: Vec<Option<String>> = chunks
        .iter()
        .map(|chunk| (*chunk != [PAIR_SEP]).then(|| input::text(chunk).into_owned()))
        .collect();
    let strs: Vec<Option<&str>> = rows.iter().map(|r| r.as_deref()).collect();
    let columns: [ArrayRef; 3] = [
        Arc::new(StringArray::from(strs.clone())),
        Arc::new(LargeStringArray::from(strs.clone())),
        Arc::new(StringViewArray::from(strs)),
    ];
    let base = base.as_ref();
    for column in &columns {
        check_column(column, &rows, base);
    }
}

fn check_column(column: &ArrayRef, rows: &[Option<String>], base: Option<&Url>) {
    let parsed = whatwg_url_arrow::parse(column, base).expect("a string column parses");
    let valid = parsed.column_by_name("valid").expect("valid").as_boolean();
    let error = parsed.column_by_name("error").expect("error");
    let href = whatwg_url_arrow::href(column, base).expect("href");
    let hostname =
        whatwg_url_arrow::component(column, Component::Hostname, base).expect("hostname");
    let domain = whatwg_url_arrow::registrable_domain(column, base).expect("registrable domain");
    let suffix = whatwg_url_arrow::public_suffix(column, base).expect("public suffix");
    let is_valid = whatwg_url_arrow::is_valid(column, base).expect("is_valid");
    for (row, input) in rows.iter().enumerate() {
        let Some(input) = input else {
            assert!(parsed.is_null(row) && valid.is_null(row) && is_valid.is_null(row));
            assert_eq!((text(error, row), text(&href, row)), (None, None));
            continue;
        };
        let url = match base {
            Some(base) => base.join(input),
            None => Url::parse(input, None),
        };
        assert_eq!(valid.value(row), url.is_ok(), "{input:?}");
        assert_eq!(is_valid.value(row), url.is_ok(), "is_valid of {input:?}");
        match url {
            Ok(url) => {
                // What the per-row API gives (whatwg-url checks `component` against each getter).
                let expected = Component::ALL.map(|c| url.component(c).into_owned());
                for (component, expected) in Component::ALL.into_iter().zip(&expected) {
                    let got = text(parsed.column_by_name(component.name()).expect("field"), row);
                    assert_eq!(got, Some(expected.as_str()), "{component:?} of {input:?}");
                }
                assert_eq!(text(error, row), None);
                assert_eq!(text(&href, row), Some(url.href()));
                assert_eq!(text(&hostname, row), Some(url.hostname()));
                assert_eq!(text(&domain, row), url.registrable_domain());
                assert_eq!(text(&suffix, row), url.public_suffix());
            }
            Err(failure) => {
                let name = failure.validation_error().map_or("too-long", |e| e.name());
                assert_eq!(text(error, row), Some(name), "{input:?}");
                for component in Component::ALL {
                    let got = text(parsed.column_by_name(component.name()).expect("field"), row);
                    assert_eq!(got, None);
                }
                assert_eq!((text(&href, row), text(&domain, row)), (None, None));
            }
        }
    }
}
