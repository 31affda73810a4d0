//! String columns under construction: values and offsets in plain vectors, validity kept apart
//! so that columns null in the same rows share one bitmap. Arrow's builders do more per row
//! (about 100 instructions per string, measured with callgrind) and panic past their offset
//! type's range; these report that as an error.

use std::fmt;
use std::sync::Arc;

use arrow_array::{ArrayRef, GenericStringArray, OffsetSizeTrait};
use arrow_buffer::{
    BooleanBuffer, BooleanBufferBuilder, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer,
};
use arrow_schema::ArrowError;
use whatwg_url::{Component, Url};

/// The text of a `Utf8` (`O = i32`) or `LargeUtf8` (`O = i64`) column being built.
pub(crate) struct Texts<O: OffsetSizeTrait> {
    values: Vec<u8>,
    offsets: Vec<O>,
}

impl<O: OffsetSizeTrait> Texts<O> {
    /// Texts for `rows` rows, guessing `bytes` bytes.
    pub(crate) fn with_capacity(rows: usize, bytes: usize) -> Self {
        let mut offsets = Vec::with_capacity(rows.saturating_add(1));
        offsets.push(O::usize_as(0));
        Texts {
            values: Vec::with_capacity(bytes),
            offsets,
        }
    }

    /// Appends a row holding the concatenation of `parts`. An offset past `O`'s range wraps
    /// here and is refused by [`Texts::finish`], which checks the final length.
    #[inline]
    pub(crate) fn push(&mut self, parts: &[&str]) {
        for part in parts {
            // Most rows leave several components empty: no call to copy nothing.
            if !part.is_empty() {
                self.values.extend_from_slice(part.as_bytes());
            }
        }
        self.offsets.push(O::usize_as(self.values.len()));
    }

    /// Appends an empty row (the slot of a null), or ends a row written through
    /// [`fmt::Write`].
    #[inline]
    pub(crate) fn push_empty(&mut self) {
        self.offsets.push(O::usize_as(self.values.len()));
    }

    /// Appends a row holding what `url`'s getter of `component` gives (spec 6.1).
    #[inline]
    pub(crate) fn push_component(&mut self, url: &Url, component: Component) {
        // Writing to `Texts` never fails.
        let _ = url.write_component(component, self);
        self.push_empty();
    }

    /// The column, null where `nulls` says. Every offset is at most the final length, which is
    /// checked against `O`'s range first: none wrapped if that passes.
    pub(crate) fn finish(self, nulls: Option<NullBuffer>) -> Result<ArrayRef, ArrowError> {
        if self.values.len() > O::MAX_OFFSET {
            return Err(ArrowError::ComputeError(format!(
                "the output column would hold {} bytes of text, more than its type's {}; give \
                 a LargeUtf8 column (or a smaller batch)",
                self.values.len(),
                O::MAX_OFFSET
            )));
        }
        // The offsets start at 0 and never decrease (each is the length so far), as
        // `OffsetBuffer::new` checks; `try_new` checks the text is UTF-8 at every offset.
        let offsets = OffsetBuffer::new(ScalarBuffer::from(self.offsets));
        let array =
            GenericStringArray::<O>::try_new(offsets, Buffer::from_vec(self.values), nulls)?;
        Ok(Arc::new(array))
    }
}

/// Text written to a row that [`Texts::push_empty`] then ends.
impl<O: OffsetSizeTrait> fmt::Write for Texts<O> {
    #[inline]
    fn write_str(&mut self, text: &str) -> fmt::Result {
        // As in `push`: no call to copy nothing.
        if !text.is_empty() {
            self.values.extend_from_slice(text.as_bytes());
        }
        Ok(())
    }
}

/// Which rows are valid, one bit each.
struct Validity(BooleanBufferBuilder);

impl Validity {
    pub(crate) fn with_capacity(rows: usize) -> Self {
        Validity(BooleanBufferBuilder::new(rows))
    }

    #[inline]
    pub(crate) fn push(&mut self, valid: bool) {
        self.0.append(valid);
    }

    /// The null buffer, or `None` when no row is null.
    pub(crate) fn finish(mut self) -> Option<NullBuffer> {
        null_buffer(self.0.finish())
    }
}

/// The null buffer of a bit per row set where the row is valid, or `None` when none is null.
pub(crate) fn null_buffer(valid: BooleanBuffer) -> Option<NullBuffer> {
    Some(NullBuffer::new(valid)).filter(|nulls| nulls.null_count() > 0)
}

/// One string column with its own validity: a kernel's output of one value per row.
pub(crate) struct StringColumn<O: OffsetSizeTrait> {
    texts: Texts<O>,
    validity: Validity,
}

impl<O: OffsetSizeTrait> StringColumn<O> {
    pub(crate) fn with_capacity(rows: usize, bytes: usize) -> Self {
        StringColumn {
            texts: Texts::with_capacity(rows, bytes),
            validity: Validity::with_capacity(rows),
        }
    }

    /// Appends a row holding the concatenation of `parts`.
    #[inline]
    pub(crate) fn append(&mut self, parts: &[&str]) {
        self.texts.push(parts);
        self.validity.push(true);
    }

    /// Appends a row that `write` pushes to the texts (exactly one row).
    #[inline]
    pub(crate) fn append_with(&mut self, write: impl FnOnce(&mut Texts<O>)) {
        write(&mut self.texts);
        self.validity.push(true);
    }

    /// Appends `text`, or a null row for `None`.
    #[inline]
    pub(crate) fn append_option(&mut self, text: Option<&str>) {
        match text {
            Some(text) => self.append(&[text]),
            None => self.append_null(),
        }
    }

    /// Appends a null row.
    #[inline]
    pub(crate) fn append_null(&mut self) {
        self.texts.push_empty();
        self.validity.push(false);
    }

    pub(crate) fn finish(self) -> Result<ArrayRef, ArrowError> {
        self.texts.finish(self.validity.finish())
    }
}
