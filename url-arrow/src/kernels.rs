//! The kernels: one pass over the input column, one parse per row.

use std::sync::Arc;

use arrow_array::builder::BooleanBuilder;
use arrow_array::{Array, ArrayRef, BooleanArray, OffsetSizeTrait, StructArray};
use arrow_schema::{ArrowError, DataType, Field, Fields};
use whatwg_url::{ParseError, Url};

use crate::column::{RowSink, StringColumn};
use crate::component::Component;
use crate::input::{Width, for_each_row, text_bytes, width};

/// The API URL parser (spec 6.1) on one row: against `base` when given.
fn parse_row(input: &str, base: Option<&Url>) -> Result<Url, ParseError> {
    match base {
        Some(base) => base.join(input),
        None => Url::parse(input, None),
    }
}

/// The `error` column's value for a row that is not a URL: the name of the validation error
/// that failed it (spec 1.1), or `too-long` for an input longer than the parser's 4 GiB.
fn failure_name(error: &ParseError) -> &'static str {
    error.validation_error().map_or("too-long", |e| e.name())
}

/// The fields of [`parse`]'s struct for a `urls` column of type `input`: every [`Component`]
/// (strings, `LargeUtf8` for a `LargeUtf8` input), then `valid` (boolean) and `error` (string).
/// All are nullable: a null input row is null in each.
pub fn parse_fields(input: &DataType) -> Result<Fields, ArrowError> {
    let text = match input {
        DataType::Utf8 | DataType::Utf8View => DataType::Utf8,
        DataType::LargeUtf8 => DataType::LargeUtf8,
        other => {
            return Err(ArrowError::InvalidArgumentError(format!(
                "URLs must be a string column (Utf8, LargeUtf8 or Utf8View), not {other}"
            )));
        }
    };
    let mut fields: Vec<Field> = Component::ALL
        .iter()
        .map(|component| Field::new(component.name(), text.clone(), true))
        .collect();
    fields.push(Field::new("valid", DataType::Boolean, true));
    fields.push(Field::new("error", text, true));
    Ok(fields.into())
}

/// Parses every row into a struct array with a column per [`Component`] (null where the row is
/// not a URL), `valid` (whether the row is a URL) and `error` (for a row that is not, the name of
/// the validation error that failed it); a null row is a null struct. See [`parse_fields`].
pub fn parse(urls: &dyn Array, base: Option<&Url>) -> Result<StructArray, ArrowError> {
    match width(urls)? {
        Width::Small => parse_as::<i32>(urls, base),
        Width::Large => parse_as::<i64>(urls, base),
    }
}

fn parse_as<O: OffsetSizeTrait>(
    urls: &dyn Array,
    base: Option<&Url>,
) -> Result<StructArray, ArrowError> {
    let rows = urls.len();
    let bytes = text_bytes(urls);
    // href takes about the input's size; the pieces of it share it, the path the most.
    let mut columns: Vec<StringColumn<O>> = Component::ALL
        .iter()
        .map(|component| {
            let guess = match component {
                Component::Href => bytes,
                Component::Pathname | Component::Search => bytes / 2,
                _ => bytes / 4,
            };
            StringColumn::with_capacity(rows, guess)
        })
        .collect();
    let mut valid = BooleanBuilder::with_capacity(rows);
    let mut error = StringColumn::<O>::with_capacity(rows, 0);
    for_each_row(urls, |row| {
        let parsed = row.map(|input| parse_row(input, base));
        match &parsed {
            Some(Ok(url)) => {
                for (component, column) in Component::ALL.iter().zip(&mut columns) {
                    component.append(url, column)?;
                }
                valid.append_value(true);
                error.append_null();
            }
            Some(Err(failure)) => {
                columns.iter_mut().for_each(RowSink::append_null);
                valid.append_value(false);
                error.append(&[failure_name(failure)])?;
            }
            None => {
                columns.iter_mut().for_each(RowSink::append_null);
                valid.append_null();
                error.append_null();
            }
        }
        Ok(())
    })?;
    let mut arrays: Vec<ArrayRef> = columns.into_iter().map(StringColumn::finish).collect();
    arrays.push(Arc::new(valid.finish()));
    arrays.push(error.finish());
    StructArray::try_new(
        parse_fields(urls.data_type())?,
        arrays,
        urls.logical_nulls(),
    )
}

/// One component of every row: null where the row is null or not a URL.
pub fn component(
    urls: &dyn Array,
    component: Component,
    base: Option<&Url>,
) -> Result<ArrayRef, ArrowError> {
    map_urls(urls, base, |url, out| component.append(url, out))
}

/// The normalized URL of every row (the `href` getter, spec 6.1): null where the row is null or
/// not a URL.
pub fn href(urls: &dyn Array, base: Option<&Url>) -> Result<ArrayRef, ArrowError> {
    component(urls, Component::Href, base)
}

/// The registrable domain (spec 3.2) of every row's host: null where the row is null, not a
/// URL, has no domain for a host (an IP address, an opaque host, no host) or whose host is a
/// public suffix.
pub fn registrable_domain(urls: &dyn Array, base: Option<&Url>) -> Result<ArrayRef, ArrowError> {
    map_urls(urls, base, |url, out| match url.registrable_domain() {
        Some(domain) => out.append(&[domain]),
        None => {
            out.append_null();
            Ok(())
        }
    })
}

/// The public suffix (spec 3.2) of every row's host: null where the row is null, not a URL or
/// has no domain for a host.
pub fn public_suffix(urls: &dyn Array, base: Option<&Url>) -> Result<ArrayRef, ArrowError> {
    map_urls(urls, base, |url, out| match url.public_suffix() {
        Some(suffix) => out.append(&[suffix]),
        None => {
            out.append_null();
            Ok(())
        }
    })
}

/// Whether every row is a URL (`URL.canParse`, spec 6.1): null where the row is null.
pub fn is_valid(urls: &dyn Array, base: Option<&Url>) -> Result<BooleanArray, ArrowError> {
    width(urls)?;
    let mut valid = BooleanBuilder::with_capacity(urls.len());
    for_each_row(urls, |row| {
        match row {
            Some(input) => valid.append_value(match base {
                // Without a base, `can_parse` recognizes normal URLs without building them.
                None => Url::can_parse(input, None),
                Some(base) => base.join(input).is_ok(),
            }),
            None => valid.append_null(),
        }
        Ok(())
    })?;
    Ok(valid.finish())
}

/// A string column with `write`'s row for every row that is a URL, null for the others.
fn map_urls(
    urls: &dyn Array,
    base: Option<&Url>,
    write: impl Fn(&Url, &mut dyn RowSink) -> Result<(), ArrowError>,
) -> Result<ArrayRef, ArrowError> {
    fn run<O: OffsetSizeTrait>(
        urls: &dyn Array,
        base: Option<&Url>,
        write: impl Fn(&Url, &mut dyn RowSink) -> Result<(), ArrowError>,
    ) -> Result<ArrayRef, ArrowError> {
        let mut out = StringColumn::<O>::with_capacity(urls.len(), text_bytes(urls));
        for_each_row(urls, |row| match row.map(|input| parse_row(input, base)) {
            Some(Ok(url)) => write(&url, &mut out),
            _ => {
                out.append_null();
                Ok(())
            }
        })?;
        Ok(out.finish())
    }
    match width(urls)? {
        Width::Small => run::<i32>(urls, base, write),
        Width::Large => run::<i64>(urls, base, write),
    }
}
