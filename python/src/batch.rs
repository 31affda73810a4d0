//! The Arrow batch kernels (`whatwg-url-arrow`) for Python: any object with
//! `__arrow_c_array__` (pyarrow arrays, arro3, nanoarrow) or `__arrow_c_stream__` (pyarrow
//! chunked arrays, Polars series) in, of strings or a dictionary of them (each distinct value
//! parsed once), without a copy; an object with the same interface out
//! (an [`ArrowArray`] for an array, an [`ArrowStream`] for a stream), which the Python package
//! turns into the caller's library. The GIL is released while a kernel runs. A DuckDB result
//! is not a column: its stream is one of record batches (a struct field), which the kernels
//! refuse as they refuse any non-string type; its column comes in through pyarrow
//! (`to_arrow_table()["u"]`, a chunked array).

use std::sync::Arc;

use arrow_array::{Array, ArrayRef};
use arrow_schema::{ArrowError, Field};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use whatwg_url::{Component, Url};

use crate::capsule::{ArrowArray, ArrowStream, Input, arrow_error};
use crate::errors::invalid_url;
use crate::text::usv;

/// Which kernel to run.
#[derive(Clone, Copy)]
enum Kernel {
    Parse,
    Component(Component),
    RegistrableDomain,
    PublicSuffix,
    IsValid,
}

impl Kernel {
    fn run(self, urls: &dyn Array, base: Option<&Url>) -> Result<ArrayRef, ArrowError> {
        match self {
            Kernel::Parse => whatwg_url_arrow::parse(urls, base).map(|s| Arc::new(s) as ArrayRef),
            Kernel::Component(component) => whatwg_url_arrow::component(urls, component, base),
            Kernel::RegistrableDomain => whatwg_url_arrow::registrable_domain(urls, base),
            Kernel::PublicSuffix => whatwg_url_arrow::public_suffix(urls, base),
            Kernel::IsValid => {
                whatwg_url_arrow::is_valid(urls, base).map(|b| Arc::new(b) as ArrayRef)
            }
        }
    }
}

/// Runs `kernel` over `urls` (an array or a stream of arrays), returning the same shape.
fn apply(
    py: Python<'_>,
    urls: Input,
    base: Option<&Bound<'_, PyAny>>,
    kernel: Kernel,
) -> PyResult<Py<PyAny>> {
    let base = match base {
        Some(base) => {
            let text = usv(base, "base")?;
            Some(Url::parse(&text, None).map_err(|e| invalid_url(py, "base URL", &text, &e))?)
        }
        None => None,
    };
    let field_name = match kernel {
        Kernel::Parse => "url",
        Kernel::Component(component) => component.name(),
        Kernel::RegistrableDomain => "registrable_domain",
        Kernel::PublicSuffix => "public_suffix",
        Kernel::IsValid => "valid",
    };
    match urls {
        Input::Array(array) => {
            let out = py
                .detach(|| kernel.run(&array, base.as_ref()))
                .map_err(arrow_error)?;
            Ok(Py::new(py, ArrowArray::new(out, field_name))?.into_any())
        }
        Input::Stream(chunks, field) => {
            // The result's type, also for a stream of no chunks: the kernel over an empty
            // array of the input's type.
            let empty = arrow_array::new_empty_array(field.data_type());
            let data_type = kernel
                .run(&empty, base.as_ref())
                .map_err(arrow_error)?
                .data_type()
                .clone();
            let chunks = py.detach(|| {
                chunks
                    .iter()
                    .map(|chunk| kernel.run(chunk, base.as_ref()))
                    .collect::<Result<Vec<ArrayRef>, ArrowError>>()
            });
            let chunks = chunks.map_err(arrow_error)?;
            let field = Field::new(field_name, data_type, true);
            Ok(Py::new(py, ArrowStream::new(chunks, field))?.into_any())
        }
    }
}

/// `parse(urls, base=None)`: a struct array (a field per URL component, then `valid` and
/// `error`) from a string array or stream. See the package docs.
#[pyfunction]
#[pyo3(signature = (urls, base=None))]
fn parse(py: Python<'_>, urls: Input, base: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
    apply(py, urls, base, Kernel::Parse)
}

/// `component(urls, name, base=None)`: one component (`"hostname"`, `"pathname"`, ...).
#[pyfunction]
#[pyo3(signature = (urls, name, base=None))]
fn component(
    py: Python<'_>,
    urls: Input,
    name: &str,
    base: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let Some(component) = Component::from_name(name) else {
        let names: Vec<&str> = Component::ALL.iter().map(|c| c.name()).collect();
        return Err(PyValueError::new_err(format!(
            "unknown URL component {name:?}; one of: {}",
            names.join(", ")
        )));
    };
    apply(py, urls, base, Kernel::Component(component))
}

/// `href(urls, base=None)`: the normalized URLs.
#[pyfunction]
#[pyo3(signature = (urls, base=None))]
fn href(py: Python<'_>, urls: Input, base: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
    apply(py, urls, base, Kernel::Component(Component::Href))
}

/// `registrable_domain(urls, base=None)`: the hosts' registrable domains.
#[pyfunction]
#[pyo3(signature = (urls, base=None))]
fn registrable_domain(
    py: Python<'_>,
    urls: Input,
    base: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    apply(py, urls, base, Kernel::RegistrableDomain)
}

/// `public_suffix(urls, base=None)`: the hosts' public suffixes.
#[pyfunction]
#[pyo3(signature = (urls, base=None))]
fn public_suffix(
    py: Python<'_>,
    urls: Input,
    base: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    apply(py, urls, base, Kernel::PublicSuffix)
}

/// `is_valid(urls, base=None)`: a boolean array, whether each row is a URL.
#[pyfunction]
#[pyo3(signature = (urls, base=None))]
fn is_valid(py: Python<'_>, urls: Input, base: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
    apply(py, urls, base, Kernel::IsValid)
}

/// `_parse_count(urls)`: how many rows of a string array are URLs, by parsing each into one
/// reused `Url` (`Url::parse_into`, as the kernels parse) and reading nothing: the Rust
/// parser's own time over the same Arrow data, the baseline of the batch benchmark
/// (`python/bench/bench.py`).
#[pyfunction]
fn _parse_count(py: Python<'_>, urls: Input) -> PyResult<usize> {
    let Input::Array(array) = urls else {
        return Err(PyValueError::new_err("_parse_count takes an array"));
    };
    let Some(strings) = arrow_array::cast::AsArray::as_string_opt::<i32>(array.as_ref()) else {
        return Err(PyValueError::new_err("_parse_count takes a Utf8 array"));
    };
    Ok(py.detach(|| {
        let mut url = Url::default();
        strings
            .iter()
            .flatten()
            .filter(|input| url.parse_into(input, None).is_ok())
            .count()
    }))
}

/// Adds the submodule-level functions to `_native` under `batch_*` names; the Python package's
/// `whatwg_url_rs.batch` gives them their short names. `COMPONENTS` is the names of `parse`'s
/// component fields: whatwg-url's `Component::ALL`, the getters of `URL` in its order.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let batch = PyModule::new(m.py(), "_batch")?;
    let names = Component::ALL.map(Component::name);
    batch.add("COMPONENTS", PyTuple::new(m.py(), names)?)?;
    batch.add_function(wrap_pyfunction!(parse, &batch)?)?;
    batch.add_function(wrap_pyfunction!(component, &batch)?)?;
    batch.add_function(wrap_pyfunction!(href, &batch)?)?;
    batch.add_function(wrap_pyfunction!(registrable_domain, &batch)?)?;
    batch.add_function(wrap_pyfunction!(public_suffix, &batch)?)?;
    batch.add_function(wrap_pyfunction!(is_valid, &batch)?)?;
    batch.add_function(wrap_pyfunction!(_parse_count, &batch)?)?;
    batch.add_class::<ArrowArray>()?;
    batch.add_class::<ArrowStream>()?;
    m.add_submodule(&batch)
}
