//! Dictionary-encoded string columns (`Dictionary(K, Utf8 | LargeUtf8 | Utf8View)`: pandas
//! `category`, Polars `Categorical` and `Enum`, DuckDB `ENUM`, pyarrow's `dictionary_encode`):
//! a kernel runs once over the dictionary's values, so each distinct string is parsed once, and
//! its result is then gathered row by row through the keys. The result is a plain column (not a
//! dictionary) of the input's length: a row is null where its key is null or where the kernel's
//! result for its value is, at every level of `parse`'s struct, as for a plain column.

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{
    AnyDictionaryArray, Array, ArrayRef, BooleanArray, GenericStringArray, OffsetSizeTrait,
    StructArray, new_null_array,
};
use arrow_buffer::{BooleanBuffer, NullBuffer};
use arrow_schema::{ArrowError, DataType};

use crate::column::{Texts, null_buffer};

/// Runs `kernel` over the distinct values of `dictionary` and gives one row per key.
pub(crate) fn expand(
    dictionary: &dyn AnyDictionaryArray,
    kernel: impl FnOnce(&dyn Array) -> Result<ArrayRef, ArrowError>,
) -> Result<ArrayRef, ArrowError> {
    let values = dictionary.values();
    let distinct = kernel(values.as_ref())?;
    let rows = dictionary.len();
    if values.is_empty() {
        // No value for a key to name: every row is null (`normalized_keys` needs a value).
        return Ok(new_null_array(distinct.data_type(), rows));
    }
    let keys = Keys {
        // Each key as an index into the values, clamped to their range (a null's key is
        // arbitrary).
        rows: dictionary.normalized_keys(),
        nulls: dictionary.keys().logical_nulls(),
    };
    gather(distinct.as_ref(), &keys)
}

/// The rows of a dictionary: the value each names, and which are null.
struct Keys {
    rows: Vec<usize>,
    nulls: Option<NullBuffer>,
}

impl Keys {
    /// The null buffer of `distinct` gathered: a row is valid where its key is and the value it
    /// names is.
    fn nulls(&self, distinct: &dyn Array) -> Option<NullBuffer> {
        let values = distinct.logical_nulls();
        if self.nulls.is_none() && values.is_none() {
            return None;
        }
        let valid = BooleanBuffer::collect_bool(self.rows.len(), |row| {
            self.nulls.as_ref().is_none_or(|keys| keys.is_valid(row))
                && values.as_ref().is_none_or(|values| {
                    self.rows
                        .get(row)
                        .is_some_and(|&value| values.is_valid(value))
                })
        });
        null_buffer(valid)
    }
}

/// `distinct` (a kernel's result: strings, booleans, or a struct of them) row by row through
/// `keys`.
fn gather(distinct: &dyn Array, keys: &Keys) -> Result<ArrayRef, ArrowError> {
    let nulls = keys.nulls(distinct);
    match distinct.data_type() {
        DataType::Utf8 => strings(distinct.as_string::<i32>(), keys, nulls),
        DataType::LargeUtf8 => strings(distinct.as_string::<i64>(), keys, nulls),
        DataType::Boolean => {
            let values = distinct.as_boolean().values();
            let bits = BooleanBuffer::collect_bool(keys.rows.len(), |row| {
                keys.rows
                    .get(row)
                    .is_some_and(|&value| value < values.len() && values.value(value))
            });
            Ok(Arc::new(BooleanArray::new(bits, nulls)))
        }
        DataType::Struct(fields) => {
            let columns = distinct
                .as_struct()
                .columns()
                .iter()
                .map(|column| gather(column.as_ref(), keys))
                .collect::<Result<Vec<ArrayRef>, ArrowError>>()?;
            Ok(Arc::new(StructArray::try_new(
                fields.clone(),
                columns,
                nulls,
            )?))
        }
        other => Err(ArrowError::InvalidArgumentError(format!(
            "a kernel's result of type {other} cannot be expanded through a dictionary's keys"
        ))),
    }
}

/// A string column with the value each key names (an empty slot where the row is null).
fn strings<O: OffsetSizeTrait>(
    distinct: &GenericStringArray<O>,
    keys: &Keys,
    nulls: Option<NullBuffer>,
) -> Result<ArrayRef, ArrowError> {
    let valid = |row: usize| nulls.as_ref().is_none_or(|nulls| nulls.is_valid(row));
    let value = |key: usize| (key < distinct.len()).then(|| distinct.value(key));
    // The exact size first, so that the text is written once into a buffer of its final size.
    let bytes: usize = keys
        .rows
        .iter()
        .enumerate()
        .filter(|&(row, _)| valid(row))
        .map(|(_, &key)| value(key).map_or(0, str::len))
        .sum();
    let mut texts = Texts::<O>::with_capacity(keys.rows.len(), bytes);
    for (row, &key) in keys.rows.iter().enumerate() {
        match value(key).filter(|_| valid(row)) {
            Some(text) => texts.push(&[text]),
            None => texts.push_empty(),
        }
    }
    texts.finish(nulls)
}
