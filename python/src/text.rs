//! Python `str` to Rust text, as WebIDL converts a JavaScript string to a `USVString`.

use std::borrow::Cow;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// `value` as a `USVString` (WebIDL 3.2.12): a `str` whose lone surrogates (which UTF-8 cannot
/// hold) each become U+FFFD, as the URL API's arguments are converted in a browser. Anything
/// else is a `TypeError` naming `what` and the type given.
pub fn usv<'a>(value: &'a Bound<'_, PyAny>, what: &str) -> PyResult<Cow<'a, str>> {
    let Ok(string) = value.cast::<PyString>() else {
        return Err(PyTypeError::new_err(format!(
            "{what} must be str, not {}",
            value.get_type().name()?
        )));
    };
    if let Ok(text) = string.to_str() {
        return Ok(Cow::Borrowed(text));
    }
    // Only surrogates stop `to_str`: encode them as their three bytes (`surrogatepass`), then
    // replace each such triple (ED A0..BF 80..BF, never valid UTF-8) by one U+FFFD.
    let bytes = string.call_method1("encode", ("utf-8", "surrogatepass"))?;
    let bytes = bytes.cast::<PyBytes>()?.as_bytes();
    Ok(Cow::Owned(replace_surrogates(bytes)))
}

/// UTF-8 with encoded surrogates (generalized UTF-8) to UTF-8, one U+FFFD per surrogate.
fn replace_surrogates(mut bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    loop {
        match std::str::from_utf8(bytes) {
            Ok(rest) => {
                out.push_str(rest);
                return out;
            }
            Err(error) => {
                let (valid, rest) = bytes.split_at(error.valid_up_to());
                out.push_str(std::str::from_utf8(valid).unwrap_or_default());
                out.push('\u{FFFD}');
                // A surrogate is three bytes; anything else invalid (never made by
                // `surrogatepass`) is skipped as `from_utf8` measured it.
                let skip = error
                    .error_len()
                    .map_or(rest.len(), |n| n.max(3).min(rest.len()));
                bytes = rest.get(skip..).unwrap_or_default();
            }
        }
    }
}

/// `text` cut to at most `max` characters for an error message, with `…` when cut.
pub fn shorten(text: &str, max: usize) -> Cow<'_, str> {
    match text.char_indices().nth(max) {
        None => Cow::Borrowed(text),
        Some((end, _)) => Cow::Owned(format!("{}…", text.get(..end).unwrap_or_default())),
    }
}
