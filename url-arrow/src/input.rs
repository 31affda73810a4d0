//! Reading the input column: `Utf8`, `LargeUtf8` or `Utf8View`, row by row (a dictionary of
//! them is read through its values: `dictionary.rs`).

use arrow_array::Array;
use arrow_array::cast::AsArray;
use arrow_schema::{ArrowError, DataType};

/// The offset width of the string outputs for an input column: `LargeUtf8` in, `LargeUtf8` out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Width {
    /// `Utf8` outputs (`i32` offsets).
    Small,
    /// `LargeUtf8` outputs (`i64` offsets).
    Large,
}

/// What the kernels take, the start of the error for another type.
pub(crate) const NOT_TEXT: &str =
    "URLs must be a string column (Utf8, LargeUtf8 or Utf8View, or a dictionary of them)";

/// Checks that `urls` is a string column and returns its output width.
pub(crate) fn width(urls: &dyn Array) -> Result<Width, ArrowError> {
    match urls.data_type() {
        DataType::Utf8 | DataType::Utf8View => Ok(Width::Small),
        DataType::LargeUtf8 => Ok(Width::Large),
        other => Err(ArrowError::InvalidArgumentError(format!(
            "{NOT_TEXT}, not {other}"
        ))),
    }
}

/// Calls `row` with every row of `urls` in order (`None` for a null), stopping at its first
/// error. `urls` must have passed [`width`].
pub(crate) fn for_each_row(
    urls: &dyn Array,
    mut row: impl FnMut(Option<&str>) -> Result<(), ArrowError>,
) -> Result<(), ArrowError> {
    if let Some(strings) = urls.as_string_opt::<i32>() {
        strings.iter().try_for_each(row)
    } else if let Some(strings) = urls.as_string_opt::<i64>() {
        strings.iter().try_for_each(row)
    } else if let Some(strings) = urls.as_string_view_opt() {
        strings.iter().try_for_each(&mut row)
    } else {
        width(urls).map(|_| ())
    }
}

/// The total bytes of text in `urls`, a first guess at an output column's size.
pub(crate) fn text_bytes(urls: &dyn Array) -> usize {
    if let Some(strings) = urls.as_string_opt::<i32>() {
        strings.values().len()
    } else if let Some(strings) = urls.as_string_opt::<i64>() {
        strings.values().len()
    } else {
        urls.get_buffer_memory_size()
    }
}
