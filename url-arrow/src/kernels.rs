//! The kernels: one pass over the input column, one parse per row.

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, BooleanArray, OffsetSizeTrait, StructArray};
use arrow_buffer::BooleanBufferBuilder;
use arrow_schema::{ArrowError, DataType, Field, Fields};
use whatwg_url::{Component, ParseError, Url};

use crate::column::{StringColumn, Texts, null_buffer};
use crate::dictionary::expand;
use crate::input::{NOT_TEXT, Width, for_each_row, text_bytes, width};

/// The API URL parser (spec 6.1) on one row, against `base` when given, into the kernel's one
/// `url` (`about:blank` when the row is not a URL): its buffer is reused from row to row, so a
/// column is parsed without an allocation per row.
fn parse_row(url: &mut Url, input: &str, base: Option<&Url>) -> Result<(), ParseError> {
    url.parse_into(input, base)
}

/// The `error` column's value for a row that is not a URL: the name of the validation error
/// that failed it (spec 1.1), or `too-long` for an input longer than the parser's 4 GiB.
fn failure_name(error: &ParseError) -> &'static str {
    error.validation_error().map_or("too-long", |e| e.name())
}

/// The fields of [`parse`]'s struct for a `urls` column of type `input`: every [`Component`]
/// (strings, `LargeUtf8` for a `LargeUtf8` input or dictionary of them), then `valid` (boolean)
/// and `error` (string). All are nullable: a null input row is null in each.
pub fn parse_fields(input: &DataType) -> Result<Fields, ArrowError> {
    let text = match input {
        DataType::Utf8 | DataType::Utf8View => DataType::Utf8,
        DataType::LargeUtf8 => DataType::LargeUtf8,
        DataType::Dictionary(_, values) => return parse_fields(values),
        other => {
            return Err(ArrowError::InvalidArgumentError(format!(
                "{NOT_TEXT}, not {other}"
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
/// A dictionary-encoded column is parsed once per distinct value.
pub fn parse(urls: &dyn Array, base: Option<&Url>) -> Result<StructArray, ArrowError> {
    if let Some(dictionary) = urls.as_any_dictionary_opt() {
        let parsed = expand(dictionary, |values| {
            parse(values, base).map(|parsed| Arc::new(parsed) as ArrayRef)
        })?;
        return Ok(parsed.as_struct().clone());
    }
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
    // Room for the longest each column can plausibly be, so that no column is copied to a
    // larger buffer midway: href is about the input (plus what normalizing adds); the path, the
    // origin, the host parts, the query and the fragment up to all of it (`file:` URLs, URLs
    // that are little but a host); a scheme rarely longer than `https:`. Room never written
    // costs no memory (the pages are never touched).
    let mut texts: [Texts<O>; 11] = Component::ALL.map(|component| {
        let guess = match component {
            Component::Href => bytes + bytes / 4 + rows * 4,
            Component::Protocol => rows * 8,
            Component::Username | Component::Password | Component::Port => bytes / 8,
            _ => bytes + rows,
        };
        Texts::with_capacity(rows, guess)
    });
    let mut valid = BooleanBufferBuilder::new(rows);
    let mut error = StringColumn::<O>::with_capacity(rows, 0);
    let mut url = Url::default();
    for_each_row(urls, |row| {
        match row.map(|input| parse_row(&mut url, input, base)) {
            Some(Ok(())) => {
                // In the order of `Component::ALL` (the fields' order).
                let [
                    href,
                    origin,
                    protocol,
                    username,
                    password,
                    host,
                    hostname,
                    port,
                    pathname,
                    search,
                    hash,
                ] = &mut texts;
                href.push(&[url.href()]);
                origin.push_component(&url, Component::Origin);
                protocol.push(&[url.protocol()]);
                username.push(&[url.username()]);
                password.push(&[url.password()]);
                host.push(&[url.host()]);
                hostname.push(&[url.hostname()]);
                port.push(&[url.port()]);
                pathname.push(&[url.pathname()]);
                search.push(&[url.search()]);
                hash.push(&[url.hash()]);
                valid.append(true);
                error.append_null();
            }
            failed_or_null => {
                texts.iter_mut().for_each(Texts::push_empty);
                valid.append(false);
                match failed_or_null {
                    Some(Err(failure)) => error.append(&[failure_name(&failure)]),
                    _ => error.append_null(),
                }
            }
        }
        Ok(())
    })?;
    // The component columns are null exactly in the rows that are not URLs: one bitmap, the
    // `valid` column's.
    let valid = valid.finish();
    let nulls = null_buffer(valid.clone());
    let mut arrays = texts
        .into_iter()
        .map(|texts| texts.finish(nulls.clone()))
        .collect::<Result<Vec<ArrayRef>, ArrowError>>()?;
    arrays.push(Arc::new(BooleanArray::new(valid, urls.logical_nulls())));
    arrays.push(error.finish()?);
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
    single(urls, base, Single::Component(component))
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
    single(urls, base, Single::RegistrableDomain)
}

/// The public suffix (spec 3.2) of every row's host: null where the row is null, not a URL or
/// has no domain for a host.
pub fn public_suffix(urls: &dyn Array, base: Option<&Url>) -> Result<ArrayRef, ArrowError> {
    single(urls, base, Single::PublicSuffix)
}

/// Whether every row is a URL (`URL.canParse`, spec 6.1): null where the row is null.
pub fn is_valid(urls: &dyn Array, base: Option<&Url>) -> Result<BooleanArray, ArrowError> {
    if let Some(dictionary) = urls.as_any_dictionary_opt() {
        let valid = expand(dictionary, |values| {
            is_valid(values, base).map(|valid| Arc::new(valid) as ArrayRef)
        })?;
        return Ok(valid.as_boolean().clone());
    }
    width(urls)?;
    let mut valid = BooleanBufferBuilder::new(urls.len());
    for_each_row(urls, |row| {
        valid.append(row.is_some_and(|input| match base {
            // Without a base, `can_parse` recognizes normal URLs without building them.
            None => Url::can_parse(input, None),
            Some(base) => base.join(input).is_ok(),
        }));
        Ok(())
    })?;
    Ok(BooleanArray::new(valid.finish(), urls.logical_nulls()))
}

/// What a one-column kernel writes for a row that is a URL.
#[derive(Clone, Copy)]
enum Single {
    Component(Component),
    RegistrableDomain,
    PublicSuffix,
}

/// A string column with `what` for every row that is a URL (null when `what` is `None` for
/// it), null for the others.
fn single(urls: &dyn Array, base: Option<&Url>, what: Single) -> Result<ArrayRef, ArrowError> {
    fn run<O: OffsetSizeTrait>(
        urls: &dyn Array,
        base: Option<&Url>,
        what: Single,
    ) -> Result<ArrayRef, ArrowError> {
        let bytes = text_bytes(urls);
        let mut out =
            StringColumn::<O>::with_capacity(urls.len(), bytes + bytes / 4 + urls.len() * 4);
        let mut url = Url::default();
        for_each_row(urls, |row| {
            match row.and_then(|input| parse_row(&mut url, input, base).ok()) {
                Some(()) => match what {
                    Single::Component(component) => {
                        out.append_with(|texts| texts.push_component(&url, component))
                    }
                    Single::RegistrableDomain => out.append_option(url.registrable_domain()),
                    Single::PublicSuffix => out.append_option(url.public_suffix()),
                },
                None => out.append_null(),
            }
            Ok(())
        })?;
        out.finish()
    }
    if let Some(dictionary) = urls.as_any_dictionary_opt() {
        return expand(dictionary, |values| single(values, base, what));
    }
    match width(urls)? {
        Width::Small => run::<i32>(urls, base, what),
        Width::Large => run::<i64>(urls, base, what),
    }
}
