//! Dictionary-encoded string columns (`Dictionary(K, Utf8 | LargeUtf8 | Utf8View)`: pandas
//! `category`, Polars `Categorical` and `Enum`, DuckDB `ENUM`, pyarrow's `dictionary_encode`):
//! a kernel runs once over the dictionary's values, so each distinct string is parsed once, and
//! its result is then taken row by row through the keys (Arrow's `take`). The result is a plain
//! column (not a dictionary) of the input's length: a row is null where its key is null or where
//! the kernel's result for its value is, at every level of `parse`'s struct, as for a plain
//! column.

use arrow_array::{AnyDictionaryArray, Array, ArrayRef};
use arrow_schema::ArrowError;
use arrow_select::take::{TakeOptions, take};

/// Runs `kernel` over the distinct values of `dictionary` and gives one row per key.
pub(crate) fn expand(
    dictionary: &dyn AnyDictionaryArray,
    kernel: impl FnOnce(&dyn Array) -> Result<ArrayRef, ArrowError>,
) -> Result<ArrayRef, ArrowError> {
    let distinct = kernel(dictionary.values().as_ref())?;
    // A key past the values is an error, not a panic.
    let checked = TakeOptions { check_bounds: true };
    take(distinct.as_ref(), dictionary.keys(), Some(checked))
}
