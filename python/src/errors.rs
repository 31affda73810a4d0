//! The exceptions: `URLError(ValueError)`, and `InvalidURL(URLError)` for an input that is not
//! a URL, carrying the validation error that failed it.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use whatwg_url::ParseError;

use crate::text::shorten;

create_exception!(
    whatwg_url_rs,
    URLError,
    PyValueError,
    "The base class of this package's errors (a `ValueError`)."
);
create_exception!(
    whatwg_url_rs,
    InvalidURL,
    URLError,
    "The input is not a URL: the URL parser returned failure (`new URL()` throws a \
     `TypeError`). Attributes: `input` (the string given), `error` (the spec's name of the \
     validation error that failed it, such as `port-out-of-range`), `offset` (its byte offset \
     in the UTF-8 of `input`, or None)."
);

/// The `InvalidURL` for `input` failing with `error` (`what` says whether the input or the
/// base failed).
pub fn invalid_url(py: Python<'_>, what: &str, input: &str, error: &ParseError) -> PyErr {
    let name = error.validation_error().map_or("too-long", |e| e.name());
    let offset = error.offset();
    let at = offset.map(|o| format!(" at byte {o}")).unwrap_or_default();
    let message = format!("invalid {what} {:?}: {name}{at}", shorten(input, 200));
    let err = InvalidURL::new_err(message);
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail but for memory; if it
    // does, the exception is still raised, with its message.
    let _ = value.setattr("input", input);
    let _ = value.setattr("error", name);
    let _ = value.setattr("offset", offset);
    err
}
