//! The native module `whatwg_url_rs._native`: the `URL` and `URLSearchParams` classes of the
//! WHATWG URL Standard (spec 6) over `whatwg-url`, and the Arrow batch kernels of
//! `whatwg-url-arrow` through the Arrow PyCapsule interface. The Python package
//! (`python/whatwg_url_rs`) re-exports it with the pure-Python conveniences.

use pyo3::prelude::*;

/// The allocator of this module's Rust code (see `Cargo.toml`): memory the kernels' output
/// columns freed is reused by the next batch instead of being faulted in again.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod batch;
mod capsule;
mod errors;
mod text;
mod url;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    // The package's version is the crate's (`pyproject.toml`: `dynamic = ["version"]`).
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("URLError", py.get_type::<errors::URLError>())?;
    m.add("InvalidURL", py.get_type::<errors::InvalidURL>())?;
    m.add_class::<url::PyUrl>()?;
    m.add_class::<url::PyValidationError>()?;
    m.add_class::<url::params::PySearchParams>()?;
    m.add_function(wrap_pyfunction!(url::parse_with_validation, m)?)?;
    batch::register(m)?;
    Ok(())
}
