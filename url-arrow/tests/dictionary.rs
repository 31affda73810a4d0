//! Dictionary-encoded columns: every kernel gives what it gives for the same rows written out
//! (checked against the per-row API in `kernels.rs`), for each key type and value type, with
//! null keys, null values, values no key names, keys repeated, and no values at all.
#![allow(clippy::restriction)]

use std::sync::Arc;

use arrow_array::types::{
    ArrowDictionaryKeyType, Int8Type, Int16Type, Int32Type, UInt8Type, UInt32Type, UInt64Type,
};
use arrow_array::{
    Array, ArrayRef, DictionaryArray, Int64Array, LargeStringArray, PrimitiveArray, StringArray,
    StringViewArray,
};
use arrow_schema::DataType;
use whatwg_url_arrow::{
    Component, Url, component, href, is_valid, parse, parse_fields, public_suffix,
    registrable_domain,
};

/// A hundred distinct values (URLs, failures, a null, a relative reference) and which each
/// row names (`None`: a null key); rows name values out of order, repeatedly, and skip some.
fn distinct_and_keys() -> (Vec<Option<String>>, Vec<Option<usize>>) {
    let mut values: Vec<Option<String>> = test_support::datasets::lines()
        .into_iter()
        .take(95)
        .map(Some)
        .collect();
    values.extend(
        [
            Some("https://a:99999/"),
            Some("not a url"),
            None,
            Some("../relative"),
            Some("HTTPS://WWW.Example.CO.UK/a/./b"),
        ]
        .map(|v| v.map(str::to_owned)),
    );
    let keys = (0..5_000)
        .map(|row: usize| (row % 13 != 4).then_some(row * 7919 % 97))
        .collect();
    (values, keys)
}

fn dictionary<K>(values: ArrayRef, keys: &[Option<usize>]) -> ArrayRef
where
    K: ArrowDictionaryKeyType,
    K::Native: TryFrom<usize>,
{
    let keys: PrimitiveArray<K> = keys
        .iter()
        .map(|key| key.map(|k| K::Native::try_from(k).ok().unwrap()))
        .collect();
    Arc::new(DictionaryArray::<K>::try_new(keys, values).unwrap())
}

/// Each value type, and each key type that holds the keys.
fn dictionaries(values: &[Option<String>], keys: &[Option<usize>]) -> Vec<ArrayRef> {
    let strs: Vec<Option<&str>> = values.iter().map(|v| v.as_deref()).collect();
    let utf8: ArrayRef = Arc::new(StringArray::from(strs.clone()));
    let large: ArrayRef = Arc::new(LargeStringArray::from(strs.clone()));
    let view: ArrayRef = Arc::new(StringViewArray::from(strs));
    vec![
        dictionary::<Int8Type>(utf8.clone(), keys),
        dictionary::<Int16Type>(large.clone(), keys),
        dictionary::<Int32Type>(view.clone(), keys),
        dictionary::<UInt8Type>(utf8, keys),
        dictionary::<UInt32Type>(large, keys),
        dictionary::<UInt64Type>(view, keys),
    ]
}

/// The rows written out, as the plain column of the dictionary's value type.
fn plain(values: &[Option<String>], keys: &[Option<usize>], like: &DataType) -> ArrayRef {
    let rows: Vec<Option<&str>> = keys
        .iter()
        .map(|key| key.and_then(|k| values[k].as_deref()))
        .collect();
    match like {
        DataType::Dictionary(_, value) if **value == DataType::LargeUtf8 => {
            Arc::new(LargeStringArray::from(rows))
        }
        DataType::Dictionary(_, value) if **value == DataType::Utf8View => {
            Arc::new(StringViewArray::from(rows))
        }
        _ => Arc::new(StringArray::from(rows)),
    }
}

#[test]
fn every_kernel_equals_the_kernel_on_the_rows_written_out() {
    let (values, keys) = distinct_and_keys();
    let base = Url::parse("https://example.org/dir/page", None).unwrap();
    for column in dictionaries(&values, &keys) {
        let rows = plain(&values, &keys, column.data_type());
        for base in [None, Some(&base)] {
            let parsed = parse(&column, base).unwrap();
            assert_eq!(parsed.len(), keys.len());
            assert_eq!(parsed.fields(), &parse_fields(column.data_type()).unwrap());
            assert_eq!(
                parsed,
                parse(&rows, base).unwrap(),
                "{}",
                column.data_type()
            );
            assert_eq!(
                &href(&column, base).unwrap(),
                &href(&rows, base).unwrap(),
                "{}",
                column.data_type()
            );
            assert_eq!(
                &component(&column, Component::Hostname, base).unwrap(),
                &component(&rows, Component::Hostname, base).unwrap()
            );
            assert_eq!(
                &registrable_domain(&column, base).unwrap(),
                &registrable_domain(&rows, base).unwrap()
            );
            assert_eq!(
                &public_suffix(&column, base).unwrap(),
                &public_suffix(&rows, base).unwrap()
            );
            assert_eq!(
                is_valid(&column, base).unwrap(),
                is_valid(&rows, base).unwrap()
            );
        }
        // The struct is null in the rows whose key is null (no key names the null value).
        let null_keys = keys.iter().filter(|key| key.is_none()).count();
        assert_eq!(parse(&column, None).unwrap().null_count(), null_keys);
        // A slice reads its own rows.
        let sliced = column.slice(17, 300);
        assert_eq!(
            parse(&sliced, None).unwrap(),
            parse(&rows.slice(17, 300), None).unwrap()
        );
    }
}

#[test]
fn a_dictionary_without_values_or_rows() {
    let no_values: ArrayRef = Arc::new(StringArray::from(Vec::<Option<&str>>::new()));
    let all_null = dictionary::<Int32Type>(no_values.clone(), &[None, None, None]);
    let parsed = parse(&all_null, None).unwrap();
    assert_eq!((parsed.len(), parsed.null_count()), (3, 3));
    assert_eq!(href(&all_null, None).unwrap().null_count(), 3);
    assert_eq!(is_valid(&all_null, None).unwrap().null_count(), 3);
    let empty = dictionary::<Int32Type>(no_values, &[]);
    assert_eq!(parse(&empty, None).unwrap().len(), 0);
    assert_eq!(href(&empty, None).unwrap().data_type(), &DataType::Utf8);
}

#[test]
fn a_dictionary_of_numbers_is_an_error_with_a_reason() {
    let numbers: ArrayRef = Arc::new(Int64Array::from(vec![1, 2]));
    let column = dictionary::<Int8Type>(numbers, &[Some(0), Some(1)]);
    let message = parse(&column, None).unwrap_err().to_string();
    assert!(
        message.contains("string column") && message.contains("Int64"),
        "{message}"
    );
    assert!(href(&column, None).is_err() && is_valid(&column, None).is_err());
}
