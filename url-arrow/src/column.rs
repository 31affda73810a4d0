//! A string column under construction that reports, instead of panicking, a column that would
//! pass its offset type's range (arrow's builders panic there).

use arrow_array::builder::GenericStringBuilder;
use arrow_array::{ArrayRef, OffsetSizeTrait};
use arrow_schema::ArrowError;
use std::sync::Arc;

/// A `Utf8` (`O = i32`) or `LargeUtf8` (`O = i64`) column being built, one row at a time.
pub(crate) struct StringColumn<O: OffsetSizeTrait> {
    builder: GenericStringBuilder<O>,
}

/// Where a kernel writes a row of text: a [`StringColumn`] of either width.
pub(crate) trait RowSink {
    /// Appends one row, the concatenation of `parts`; an error when the column is full.
    fn append(&mut self, parts: &[&str]) -> Result<(), ArrowError>;
    /// Appends a null row.
    fn append_null(&mut self);
}

impl<O: OffsetSizeTrait> StringColumn<O> {
    /// A column for `rows` rows, guessing `bytes` bytes of text.
    pub(crate) fn with_capacity(rows: usize, bytes: usize) -> Self {
        StringColumn {
            builder: GenericStringBuilder::with_capacity(rows, bytes),
        }
    }

    /// The finished column.
    pub(crate) fn finish(mut self) -> ArrayRef {
        Arc::new(self.builder.finish())
    }
}

impl<O: OffsetSizeTrait> RowSink for StringColumn<O> {
    fn append(&mut self, parts: &[&str]) -> Result<(), ArrowError> {
        let added: usize = parts.iter().map(|part| part.len()).sum();
        let end = self.builder.values_slice().len().checked_add(added);
        if end.is_none_or(|end| end > O::MAX_OFFSET) {
            return Err(ArrowError::ComputeError(format!(
                "the output column would hold more than {} bytes of text; give a LargeUtf8 \
                 column (or a smaller batch)",
                O::MAX_OFFSET
            )));
        }
        match parts {
            [one] => self.builder.append_value(one),
            _ => {
                for part in parts {
                    // Writing into the open row's value: `fmt::Write` on the builder appends
                    // the bytes, `append_value("")` closes the row.
                    let _ = std::fmt::Write::write_str(&mut self.builder, part);
                }
                self.builder.append_value("");
            }
        }
        Ok(())
    }

    fn append_null(&mut self) {
        self.builder.append_null();
    }
}
