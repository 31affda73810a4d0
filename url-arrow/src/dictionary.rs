//! Dictionary-encoded string columns (`Dictionary(K, Utf8 | LargeUtf8 | Utf8View)`: pandas
//! `category`, Polars `Categorical` and `Enum`, DuckDB `ENUM`, pyarrow's `dictionary_encode`):
//! a kernel runs once over the dictionary's values, so each distinct string is parsed once, and
//! its result is then gathered row by row through the keys. The result is a plain column (not a
//! dictionary) of the input's length: a row is null where its key is null or where the kernel's
//! result for its value is, at every level of `parse`'s struct, as for a plain column.

use std::sync::Arc;

use arrow_array::builder::GenericStringBuilder;
use arrow_array::cast::AsArray;
use arrow_array::{
    AnyDictionaryArray, Array, ArrayRef, BooleanArray, GenericStringArray, OffsetSizeTrait,
    StructArray, new_null_array,
};
use arrow_buffer::{BooleanBuffer, NullBuffer};
use arrow_schema::{ArrowError, DataType};

use crate::column::null_buffer;

/// Runs `kernel` over the distinct values of `dictionary` and gives one row per key.
pub(crate) fn expand(
    dictionary: &dyn AnyDictionaryArray,
    kernel: impl FnOnce(&dyn Array) -> Result<ArrayRef, ArrowError>,
) -> Result<ArrayRef, ArrowError> {
    let values = dictionary.values();
    let distinct = kernel(values.as_ref())?;
    if values.is_empty() {
        // No value for a key to name: every row is null (`normalized_keys` needs a value).
        return Ok(new_null_array(distinct.data_type(), dictionary.len()));
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
    /// Which rows of `distinct` gathered are valid: those whose key is, naming a valid value.
    fn valid(&self, distinct: &dyn Array) -> BooleanBuffer {
        let (values, len) = (distinct.logical_nulls(), distinct.len());
        BooleanBuffer::collect_bool(self.rows.len(), |row| {
            self.nulls.as_ref().is_none_or(|keys| keys.is_valid(row))
                && self.rows.get(row).is_some_and(|&value| {
                    value < len && values.as_ref().is_none_or(|v| v.is_valid(value))
                })
        })
    }
}

/// `distinct` (a kernel's result: strings, booleans, or a struct of them) row by row through
/// `keys`.
fn gather(distinct: &dyn Array, keys: &Keys) -> Result<ArrayRef, ArrowError> {
    let valid = keys.valid(distinct);
    match distinct.data_type() {
        DataType::Utf8 => strings(distinct.as_string::<i32>(), keys, &valid),
        DataType::LargeUtf8 => strings(distinct.as_string::<i64>(), keys, &valid),
        DataType::Boolean => {
            let values = distinct.as_boolean().values();
            let bits = BooleanBuffer::collect_bool(keys.rows.len(), |row| {
                valid.value(row) && keys.rows.get(row).is_some_and(|&v| values.value(v))
            });
            Ok(Arc::new(BooleanArray::new(bits, null_buffer(valid))))
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
                null_buffer(valid),
            )?))
        }
        other => Err(ArrowError::InvalidArgumentError(format!(
            "a kernel's result of type {other} cannot be gathered through a dictionary's keys"
        ))),
    }
}

/// A string column with the value each valid row's key names. Arrow's builder takes `&str`, so
/// the text it copies from `distinct` (already a valid string column) is not checked again.
fn strings<O: OffsetSizeTrait>(
    distinct: &GenericStringArray<O>,
    keys: &Keys,
    valid: &BooleanBuffer,
) -> Result<ArrayRef, ArrowError> {
    let value = |row: usize| {
        let key = *keys.rows.get(row)?;
        valid.value(row).then(|| distinct.value(key))
    };
    // The exact size first: one buffer of the final size, and the offset type's range checked
    // before the builder would panic past it.
    let bytes: usize = (0..keys.rows.len()).filter_map(value).map(str::len).sum();
    if bytes > O::MAX_OFFSET {
        return Err(ArrowError::ComputeError(format!(
            "the output column would hold {bytes} bytes of text, more than its type's {}; give \
             a LargeUtf8 dictionary (or a smaller batch)",
            O::MAX_OFFSET
        )));
    }
    let mut out = GenericStringBuilder::<O>::with_capacity(keys.rows.len(), bytes);
    for row in 0..keys.rows.len() {
        out.append_option(value(row));
    }
    Ok(Arc::new(out.finish()))
}
