//! Every kernel against the per-row API (`whatwg_url::Url`), on the datasets and the WPT inputs,
//! for each input type, with nulls, slices and a base.
#![allow(clippy::restriction)]

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{
    Array, ArrayRef, Int32Array, LargeStringArray, StringArray, StringViewArray, StructArray,
};
use arrow_schema::DataType;
use whatwg_url_arrow::{
    Component, Url, component, href, is_valid, parse, parse_fields, public_suffix,
    registrable_domain,
};

/// The dataset URLs, the inputs of `urltestdata.json` (failures among them) and a null every
/// seventh row.
fn rows() -> Vec<Option<String>> {
    let mut inputs: Vec<String> = test_support::datasets::lines();
    for case in test_support::cases("urltestdata.json") {
        if let Some(input) = case.get("input").and_then(|i| i.as_str()) {
            inputs.push(input.to_owned());
        }
    }
    inputs
        .into_iter()
        .enumerate()
        .flat_map(|(i, input)| {
            let null = (i % 7 == 3).then_some(None);
            null.into_iter().chain([Some(input)])
        })
        .collect()
}

/// The same rows as each input type the kernels take.
fn columns(rows: &[Option<String>]) -> Vec<ArrayRef> {
    let strs: Vec<Option<&str>> = rows.iter().map(|r| r.as_deref()).collect();
    vec![
        Arc::new(StringArray::from(strs.clone())),
        Arc::new(LargeStringArray::from(strs.clone())),
        Arc::new(StringViewArray::from(strs)),
    ]
}

/// A string column's row as an `Option<&str>`, whatever its offset width.
fn text(column: &dyn Array, row: usize) -> Option<String> {
    if column.is_null(row) {
        return None;
    }
    match column.data_type() {
        DataType::Utf8 => Some(column.as_string::<i32>().value(row).to_owned()),
        DataType::LargeUtf8 => Some(column.as_string::<i64>().value(row).to_owned()),
        other => panic!("unexpected output type {other}"),
    }
}

fn per_row(
    input: &Option<String>,
    base: Option<&Url>,
) -> Option<Result<Url, whatwg_url::ParseError>> {
    input.as_deref().map(|input| match base {
        Some(base) => base.join(input),
        None => Url::parse(input, None),
    })
}

fn check_struct(parsed: &StructArray, rows: &[Option<String>], base: Option<&Url>) {
    assert_eq!(parsed.len(), rows.len());
    let valid = parsed.column_by_name("valid").unwrap().as_boolean();
    let error = parsed.column_by_name("error").unwrap();
    let mut urls = 0;
    for (row, input) in rows.iter().enumerate() {
        match per_row(input, base) {
            None => {
                assert!(parsed.is_null(row), "row {row}");
                assert!(valid.is_null(row));
                assert_eq!(text(error, row), None);
                for c in Component::ALL {
                    assert_eq!(text(parsed.column_by_name(c.name()).unwrap(), row), None);
                }
            }
            Some(Ok(url)) => {
                urls += 1;
                assert!(parsed.is_valid(row));
                assert!(valid.value(row), "{input:?}");
                assert_eq!(text(error, row), None);
                // What the per-row API gives (whatwg-url checks `component` against each getter).
                let expected = Component::ALL.map(|c| url.component(c).into_owned());
                for (c, expected) in Component::ALL.into_iter().zip(expected) {
                    let column = parsed.column_by_name(c.name()).unwrap();
                    assert_eq!(
                        text(column, row).as_deref(),
                        Some(expected.as_str()),
                        "{c:?} of {input:?}"
                    );
                }
            }
            Some(Err(e)) => {
                assert!(!valid.value(row), "{input:?}");
                let name = e.validation_error().map(|v| v.name()).unwrap();
                assert_eq!(text(error, row).as_deref(), Some(name), "{input:?}");
                for c in Component::ALL {
                    assert_eq!(text(parsed.column_by_name(c.name()).unwrap(), row), None);
                }
            }
        }
    }
    assert!(
        urls > rows.len() / 2,
        "the rows are mostly URLs: {urls} of {}",
        rows.len()
    );
}

#[test]
fn parse_equals_the_per_row_api_for_every_input_type() {
    let rows = rows();
    for column in columns(&rows) {
        let parsed = parse(&column, None).unwrap();
        assert_eq!(parsed.fields(), &parse_fields(column.data_type()).unwrap());
        check_struct(&parsed, &rows, None);
    }
}

#[test]
fn slices_read_their_own_rows() {
    let rows = rows();
    for column in columns(&rows) {
        let sliced = column.slice(101, 2_000);
        check_struct(&parse(&sliced, None).unwrap(), &rows[101..2_101], None);
    }
}

#[test]
fn a_base_resolves_relative_rows() {
    let base = Url::parse("https://example.org/dir/page?q#f", None).unwrap();
    let rows: Vec<Option<String>> = [
        "../up",
        "?only-query",
        "#frag",
        "//cdn.example/x",
        "x y",
        "https://a:99999",
    ]
    .into_iter()
    .map(|s| Some(s.to_owned()))
    .chain(rows().into_iter().take(3_000))
    .collect();
    for column in columns(&rows) {
        check_struct(&parse(&column, Some(&base)).unwrap(), &rows, Some(&base));
        let hrefs = href(&column, Some(&base)).unwrap();
        assert_eq!(text(&hrefs, 0).as_deref(), Some("https://example.org/up"));
    }
}

#[test]
fn single_column_kernels_equal_the_per_row_api() {
    let rows = rows();
    for column in columns(&rows) {
        let hosts = component(&column, Component::Host, None).unwrap();
        let hrefs = href(&column, None).unwrap();
        let domains = registrable_domain(&column, None).unwrap();
        let suffixes = public_suffix(&column, None).unwrap();
        let valid = is_valid(&column, None).unwrap();
        for (row, input) in rows.iter().enumerate() {
            let url = per_row(input, None);
            let ok = url.as_ref().and_then(|u| u.as_ref().ok());
            assert_eq!(text(&hosts, row).as_deref(), ok.map(|u| u.host()));
            assert_eq!(text(&hrefs, row).as_deref(), ok.map(|u| u.href()));
            assert_eq!(
                text(&domains, row).as_deref(),
                ok.and_then(|u| u.registrable_domain())
            );
            assert_eq!(
                text(&suffixes, row).as_deref(),
                ok.and_then(|u| u.public_suffix())
            );
            match url {
                None => assert!(valid.is_null(row)),
                Some(result) => assert_eq!(valid.value(row), result.is_ok(), "{input:?}"),
            }
        }
        // LargeUtf8 in, LargeUtf8 out.
        let expected = match column.data_type() {
            DataType::LargeUtf8 => DataType::LargeUtf8,
            _ => DataType::Utf8,
        };
        assert_eq!(hrefs.data_type(), &expected);
    }
}

#[test]
fn component_names_round_trip() {
    for c in Component::ALL {
        assert_eq!(Component::from_name(c.name()), Some(c));
    }
    assert_eq!(Component::from_name("searchParams"), None);
}

#[test]
fn a_column_that_is_not_text_is_an_error_with_a_reason() {
    let numbers: ArrayRef = Arc::new(Int32Array::from(vec![1, 2, 3]));
    let message = parse(&numbers, None).unwrap_err().to_string();
    assert!(
        message.contains("string column") && message.contains("Int32"),
        "{message}"
    );
    assert!(href(&numbers, None).is_err());
    assert!(is_valid(&numbers, None).is_err());
    assert!(parse_fields(&DataType::Binary).is_err());
}

#[test]
fn empty_and_huge_rows() {
    let empty: ArrayRef = Arc::new(StringArray::from(Vec::<Option<&str>>::new()));
    assert_eq!(parse(&empty, None).unwrap().len(), 0);
    let long_path = format!("https://example.com/{}", "a/".repeat(500_000));
    let long_host = format!("https://{}.com/", "a".repeat(1_000_000));
    let column: ArrayRef = Arc::new(StringArray::from(vec![
        long_path.as_str(),
        long_host.as_str(),
        "\u{0}",
    ]));
    let parsed = parse(&column, None).unwrap();
    let valid = parsed.column_by_name("valid").unwrap().as_boolean();
    assert!(valid.value(0));
    assert_eq!(
        text(parsed.column_by_name("href").unwrap(), 0).as_deref(),
        Some(long_path.as_str())
    );
    // beStrict is false (spec 3.3, domain to ASCII): no DNS length limit.
    assert!(valid.value(1));
    assert_eq!(
        text(parsed.column_by_name("hostname").unwrap(), 1).map(|h| h.len()),
        Some(1_000_004)
    );
    assert!(!valid.value(2));
}
