//! The Arrow PyCapsule interface, both ways, over arrow-rs's C data interface (`arrow_array::ffi`,
//! `FFI_ArrowArrayStream`): what the kernels take (any object with `__arrow_c_array__` or
//! `__arrow_c_stream__`) and what they give back ([`ArrowArray`], [`ArrowStream`]).
//!
//! This is the only module of the extension with `unsafe` code: the C data interface hands
//! over raw pointers. Each block says what the interface guarantees that makes it sound. No
//! casting kernel is linked: a consumer's `requested_schema` is a hint the interface lets a
//! producer ignore, and the results are always the types the kernels build.

#![allow(unsafe_code)]

use std::ffi::{CStr, CString, c_char, c_int};
use std::sync::Arc;

use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema, from_ffi, from_ffi_and_data_type};
use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{Array, ArrayRef, make_array};
use arrow_schema::{ArrowError, Field, FieldRef};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyTuple};

const SCHEMA: &CStr = c"arrow_schema";
const ARRAY: &CStr = c"arrow_array";
const STREAM: &CStr = c"arrow_array_stream";

/// An Arrow column a kernel was given: one array, or the chunks of a stream (a pyarrow
/// `ChunkedArray`, a Polars `Series`), all of the stream's field type. Any stream is read here,
/// whatever its field type; a DuckDB result's is a struct of its columns (record batches),
/// which the kernel then refuses as a non-string column.
pub enum Input {
    Array(ArrayRef),
    Stream(Vec<ArrayRef>, FieldRef),
}

pub fn arrow_error(error: ArrowError) -> PyErr {
    PyValueError::new_err(error.to_string())
}

impl<'py> FromPyObject<'_, 'py> for Input {
    type Error = PyErr;

    fn extract(object: Borrowed<'_, 'py, PyAny>) -> PyResult<Self> {
        if object.hasattr("__arrow_c_array__")? {
            let pair = object.call_method0("__arrow_c_array__")?;
            let pair = pair.cast::<PyTuple>()?;
            if pair.len() != 2 {
                return Err(PyTypeError::new_err(
                    "__arrow_c_array__ must return a (schema, array) pair of capsules",
                ));
            }
            let schema = pair.get_item(0)?;
            let array = pair.get_item(1)?;
            let schema = schema.cast::<PyCapsule>()?.pointer_checked(Some(SCHEMA))?;
            let array = array.cast::<PyCapsule>()?.pointer_checked(Some(ARRAY))?;
            // SAFETY: capsules named `arrow_schema` and `arrow_array` hold an `ArrowSchema` and
            // an `ArrowArray` struct (the PyCapsule interface). `from_raw` moves the array out
            // and marks the capsule's copy released, so its destructor frees nothing; the
            // schema is only borrowed while the capsule, kept alive by `pair`, owns it.
            let data = unsafe {
                let array = FFI_ArrowArray::from_raw(array.as_ptr().cast());
                from_ffi(array, schema.cast::<FFI_ArrowSchema>().as_ref())
            };
            return Ok(Input::Array(make_array(data.map_err(arrow_error)?)));
        }
        if object.hasattr("__arrow_c_stream__")? {
            let capsule = object.call_method0("__arrow_c_stream__")?;
            let stream = capsule.cast::<PyCapsule>()?.pointer_checked(Some(STREAM))?;
            // SAFETY: a capsule named `arrow_array_stream` holds an `ArrowArrayStream`; it is
            // moved out and the capsule's copy marked released, as for arrays above.
            let stream = unsafe { FFI_ArrowArrayStream::from_raw(stream.as_ptr().cast()) };
            let (chunks, field) = read_stream(stream).map_err(arrow_error)?;
            return Ok(Input::Stream(chunks, field));
        }
        Err(PyTypeError::new_err(format!(
            "expected an Arrow string column (an object with __arrow_c_array__ or \
             __arrow_c_stream__: pyarrow, Polars, arro3, nanoarrow), got {}",
            object.get_type().name()?
        )))
    }
}

/// The message of a stream's failed call: its `get_last_error`, else the code.
fn stream_error(stream: &mut FFI_ArrowArrayStream, code: c_int) -> ArrowError {
    let message = stream.get_last_error.and_then(|get_last_error| {
        // SAFETY: a live stream's `get_last_error` gives null or a C string valid until the
        // next call on the stream; it is copied at once.
        unsafe {
            let text = get_last_error(stream);
            (!text.is_null()).then(|| CStr::from_ptr(text).to_string_lossy().into_owned())
        }
    });
    ArrowError::CDataInterface(
        message.unwrap_or_else(|| format!("the Arrow stream failed with error code {code}")),
    )
}

/// Every chunk of a stream of arrays (not necessarily record batches: any field type).
fn read_stream(mut stream: FFI_ArrowArrayStream) -> Result<(Vec<ArrayRef>, FieldRef), ArrowError> {
    let (Some(_), Some(get_schema), Some(get_next)) =
        (stream.release, stream.get_schema, stream.get_next)
    else {
        return Err(ArrowError::CDataInterface(
            "the Arrow stream was released".into(),
        ));
    };
    let mut schema = FFI_ArrowSchema::empty();
    // SAFETY: a live stream's callbacks, called from one thread, fill the struct they are given.
    let code = unsafe { get_schema(&mut stream, &mut schema) };
    if code != 0 {
        return Err(stream_error(&mut stream, code));
    }
    let field = Arc::new(Field::try_from(&schema)?);
    let mut chunks = Vec::new();
    loop {
        let mut array = FFI_ArrowArray::empty();
        // SAFETY: as for `get_schema`.
        let code = unsafe { get_next(&mut stream, &mut array) };
        if code != 0 {
            return Err(stream_error(&mut stream, code));
        }
        if array.is_released() {
            return Ok((chunks, field));
        }
        // SAFETY: `get_next` returned 0 and a live array, which the stream interface makes
        // an array of the type its `get_schema` gave.
        let data = unsafe { from_ffi_and_data_type(array, field.data_type().clone()) }?;
        chunks.push(make_array(data));
    }
}

/// A kernel's result for an array input: one Arrow array, given out through
/// `__arrow_c_array__` (`pyarrow.array(result)`, `polars.Series(result)`, arro3, nanoarrow).
#[pyclass(frozen, module = "whatwg_url_rs.batch")]
pub struct ArrowArray {
    array: ArrayRef,
    field: FieldRef,
}

impl ArrowArray {
    pub fn new(array: ArrayRef, name: &str) -> Self {
        let field = Arc::new(Field::new(name, array.data_type().clone(), true));
        ArrowArray { array, field }
    }
}

#[pymethods]
impl ArrowArray {
    fn __arrow_c_schema__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCapsule>> {
        schema_capsule(py, &self.field)
    }

    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_array__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let _ = requested_schema;
        let schema = schema_capsule(py, &self.field)?;
        let array =
            PyCapsule::new_with_value(py, FFI_ArrowArray::new(&self.array.to_data()), ARRAY)?;
        PyTuple::new(py, [schema, array])
    }

    fn __len__(&self) -> usize {
        self.array.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "ArrowArray({}, {} rows)",
            self.field.data_type(),
            self.array.len()
        )
    }
}

/// A kernel's result for a stream input: its chunks, given out through `__arrow_c_stream__`
/// (`pyarrow.chunked_array(result)`, `polars.Series(result)`), as often as asked.
#[pyclass(frozen, module = "whatwg_url_rs.batch")]
pub struct ArrowStream {
    chunks: Vec<ArrayRef>,
    field: FieldRef,
}

impl ArrowStream {
    pub fn new(chunks: Vec<ArrayRef>, field: Field) -> Self {
        ArrowStream {
            chunks,
            field: Arc::new(field),
        }
    }
}

#[pymethods]
impl ArrowStream {
    fn __arrow_c_schema__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCapsule>> {
        schema_capsule(py, &self.field)
    }

    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let _ = requested_schema;
        let stream = export_stream(self.chunks.clone(), Arc::clone(&self.field));
        PyCapsule::new_with_value(py, stream, STREAM)
    }

    fn __len__(&self) -> usize {
        self.chunks.iter().map(|chunk| chunk.len()).sum()
    }

    fn __repr__(&self) -> String {
        format!(
            "ArrowStream({}, {} rows in {} chunks)",
            self.field.data_type(),
            self.__len__(),
            self.chunks.len()
        )
    }
}

fn schema_capsule<'py>(py: Python<'py>, field: &Field) -> PyResult<Bound<'py, PyCapsule>> {
    let schema = FFI_ArrowSchema::try_from(field).map_err(arrow_error)?;
    PyCapsule::new_with_value(py, schema, SCHEMA)
}

/// What an exported stream owns: the chunks still to give, their field, the last error.
struct Producer {
    chunks: std::vec::IntoIter<ArrayRef>,
    field: FieldRef,
    last_error: Option<CString>,
}

/// An `ArrowArrayStream` giving `chunks` (the C stream interface's producer side, for arrays
/// of any type: arrow-rs's own producer gives record batches only).
fn export_stream(chunks: Vec<ArrayRef>, field: FieldRef) -> FFI_ArrowArrayStream {
    let producer = Box::new(Producer {
        chunks: chunks.into_iter(),
        field,
        last_error: None,
    });
    FFI_ArrowArrayStream {
        get_schema: Some(get_schema),
        get_next: Some(get_next),
        get_last_error: Some(get_last_error),
        release: Some(release),
        private_data: Box::into_raw(producer).cast(),
    }
}

/// The stream's producer.
///
/// # Safety
/// `stream` is a live stream made by [`export_stream`] (the interface calls its callbacks only
/// on a stream not yet released, from one thread at a time).
unsafe fn producer<'a>(stream: *mut FFI_ArrowArrayStream) -> &'a mut Producer {
    // SAFETY: the caller's promise; `private_data` is the `Producer` boxed by `export_stream`.
    unsafe { &mut *(*stream).private_data.cast::<Producer>() }
}

unsafe extern "C" fn get_schema(
    stream: *mut FFI_ArrowArrayStream,
    out: *mut FFI_ArrowSchema,
) -> c_int {
    // SAFETY: see `producer`.
    let producer = unsafe { producer(stream) };
    match FFI_ArrowSchema::try_from(producer.field.as_ref()) {
        Ok(schema) => {
            // SAFETY: `out` points to a struct the consumer owns and gave us to fill; it holds
            // nothing to release (the interface), so it is overwritten without a drop.
            unsafe { out.write(schema) };
            0
        }
        Err(error) => {
            producer.last_error = CString::new(error.to_string()).ok();
            // EINVAL: the field has no C data interface form.
            22
        }
    }
}

unsafe extern "C" fn get_next(
    stream: *mut FFI_ArrowArrayStream,
    out: *mut FFI_ArrowArray,
) -> c_int {
    // SAFETY: see `producer`.
    let producer = unsafe { producer(stream) };
    let next = match producer.chunks.next() {
        Some(chunk) => FFI_ArrowArray::new(&chunk.to_data()),
        // The end of the stream: a released array.
        None => FFI_ArrowArray::empty(),
    };
    // SAFETY: as in `get_schema`.
    unsafe { out.write(next) };
    0
}

unsafe extern "C" fn get_last_error(stream: *mut FFI_ArrowArrayStream) -> *const c_char {
    // SAFETY: see `producer`.
    let producer = unsafe { producer(stream) };
    producer
        .last_error
        .as_ref()
        .map_or(std::ptr::null(), |text| text.as_ptr())
}

unsafe extern "C" fn release(stream: *mut FFI_ArrowArrayStream) {
    if stream.is_null() {
        return;
    }
    // SAFETY: `stream` is a stream made by `export_stream`, released once (the interface:
    // `release` is called once, then marked `None`, here).
    unsafe {
        let private = (*stream).private_data.cast::<Producer>();
        if !private.is_null() {
            drop(Box::from_raw(private));
        }
        (*stream).private_data = std::ptr::null_mut();
        (*stream).release = None;
    }
}
