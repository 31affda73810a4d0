//! The `URL` class (spec 6.1) and `parse_with_validation`; its query object, the
//! `URLSearchParams` class, is a part of this module (`url/params.rs`): the standard links a
//! URL and its query object both ways (spec 6.1 "query object", 6.2 "URL object").

use std::borrow::Cow;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use whatwg_url::display::DisplayOptions;
use whatwg_url::{ParseError, Url};

use crate::errors::invalid_url;
use crate::text::usv;
use params::PySearchParams;

pub mod params;

/// A URL's text from a `str` (borrowed from it when it is UTF-8 already) or a `URL` (its href,
/// as `new URL(url)` stringifies an object).
fn url_text<'a>(value: &'a Bound<'_, PyAny>, what: &str) -> PyResult<Cow<'a, str>> {
    if let Ok(url) = value.cast::<PyUrl>() {
        return Ok(Cow::Owned(url.borrow().url.href().to_owned()));
    }
    usv(value, what).map_err(|_| {
        let type_name = value
            .get_type()
            .name()
            .map_or_else(|_| "?".to_owned(), |n| n.to_string());
        PyTypeError::new_err(format!("{what} must be str or URL, not {type_name}"))
    })
}

/// The API URL parser (spec 6.1): `base` first, then `input` against it; the failure as
/// `InvalidURL`.
fn api_parse(py: Python<'_>, input: &str, base: Option<&str>) -> PyResult<Url> {
    let base = match base {
        Some(base) => {
            Some(Url::parse(base, None).map_err(|e| invalid_url(py, "base URL", base, &e))?)
        }
        None => None,
    };
    let parsed: Result<Url, ParseError> = match &base {
        Some(base) => base.join(input),
        None => Url::parse(input, None),
    };
    parsed.map_err(|e| invalid_url(py, "URL", input, &e))
}

fn optional_text<'a>(base: Option<&'a Bound<'_, PyAny>>) -> PyResult<Option<Cow<'a, str>>> {
    base.map(|b| url_text(b, "base")).transpose()
}

/// A URL (the URL Standard's `URL` class): `URL(url, base=None)`.
///
/// Raises `InvalidURL` (a `ValueError`) when `url` (against `base`, when given) is not a URL.
/// Every getter and setter of the standard is a property; setters given a value the standard
/// ignores leave the URL as it was, as in a browser. `str(url)` is its href.
#[pyclass(name = "URL", module = "whatwg_url_rs")]
pub struct PyUrl {
    pub(crate) url: Url,
}

#[pymethods]
impl PyUrl {
    #[new]
    #[pyo3(signature = (url, base=None))]
    fn new(
        py: Python<'_>,
        url: &Bound<'_, PyAny>,
        base: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let input = url_text(url, "url")?;
        let base = optional_text(base)?;
        api_parse(py, &input, base.as_deref()).map(|url| PyUrl { url })
    }

    /// `URL.parse(url, base=None)`: the URL, or None when it is not one.
    #[staticmethod]
    #[pyo3(signature = (url, base=None))]
    fn parse(
        py: Python<'_>,
        url: &Bound<'_, PyAny>,
        base: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Option<Self>> {
        let input = url_text(url, "url")?;
        let base = optional_text(base)?;
        Ok(api_parse(py, &input, base.as_deref())
            .ok()
            .map(|url| PyUrl { url }))
    }

    /// `URL.can_parse(url, base=None)`: whether `URL(url, base)` would succeed.
    #[staticmethod]
    #[pyo3(signature = (url, base=None))]
    fn can_parse(url: &Bound<'_, PyAny>, base: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
        let input = url_text(url, "url")?;
        let base = optional_text(base)?;
        Ok(Url::can_parse(&input, base.as_deref()))
    }

    /// The whole URL, serialized (the URL serializer). Setting it parses the value anew and
    /// raises `InvalidURL` when it is not a URL.
    #[getter]
    fn href(&self) -> &str {
        self.url.href()
    }
    #[setter]
    fn set_href(&mut self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let value = usv(value, "href")?;
        self.url
            .set_href(&value)
            .map_err(|e| invalid_url(py, "URL", &value, &e))
    }

    /// The serialization of the URL's origin (`"null"` for an opaque origin).
    #[getter]
    fn origin(&self) -> String {
        self.url.origin()
    }

    /// The scheme followed by `:`.
    #[getter]
    fn protocol(&self) -> &str {
        self.url.protocol()
    }
    #[setter]
    fn set_protocol(&mut self, value: &Bound<'_, PyAny>) -> PyResult<()> {
        self.url.set_protocol(&usv(value, "protocol")?);
        Ok(())
    }

    /// The username, percent-encoded.
    #[getter]
    fn username(&self) -> &str {
        self.url.username()
    }
    #[setter]
    fn set_username(&mut self, value: &Bound<'_, PyAny>) -> PyResult<()> {
        self.url.set_username(&usv(value, "username")?);
        Ok(())
    }

    /// The password, percent-encoded.
    #[getter]
    fn password(&self) -> &str {
        self.url.password()
    }
    #[setter]
    fn set_password(&mut self, value: &Bound<'_, PyAny>) -> PyResult<()> {
        self.url.set_password(&usv(value, "password")?);
        Ok(())
    }

    /// The host and, when it is not the scheme's default, `:` and the port.
    #[getter]
    fn host(&self) -> &str {
        self.url.host()
    }
    #[setter]
    fn set_host(&mut self, value: &Bound<'_, PyAny>) -> PyResult<()> {
        self.url.set_host(&usv(value, "host")?);
        Ok(())
    }

    /// The host (a domain in ASCII, an IPv4 address, `[`IPv6`]`, or an opaque host).
    #[getter]
    fn hostname(&self) -> &str {
        self.url.hostname()
    }
    #[setter]
    fn set_hostname(&mut self, value: &Bound<'_, PyAny>) -> PyResult<()> {
        self.url.set_hostname(&usv(value, "hostname")?);
        Ok(())
    }

    /// The port as a string; empty when it is null (or the scheme's default).
    #[getter]
    fn port(&self) -> &str {
        self.url.port()
    }
    #[setter]
    fn set_port(&mut self, value: &Bound<'_, PyAny>) -> PyResult<()> {
        // WebIDL: the port setter takes a string; Python users write numbers.
        if let Ok(number) = value.extract::<i64>() {
            self.url.set_port(&number.to_string());
        } else {
            self.url.set_port(&usv(value, "port (str or int)")?);
        }
        Ok(())
    }

    /// The path: `/`-separated segments, or an opaque path.
    #[getter]
    fn pathname(&self) -> &str {
        self.url.pathname()
    }
    #[setter]
    fn set_pathname(&mut self, value: &Bound<'_, PyAny>) -> PyResult<()> {
        self.url.set_pathname(&usv(value, "pathname")?);
        Ok(())
    }

    /// `?` and the query; empty when the query is null or empty.
    #[getter]
    fn search(&self) -> &str {
        self.url.search()
    }
    #[setter]
    fn set_search(&mut self, value: &Bound<'_, PyAny>) -> PyResult<()> {
        self.url.set_search(&usv(value, "search")?);
        Ok(())
    }

    /// `#` and the fragment; empty when the fragment is null or empty.
    #[getter]
    fn hash(&self) -> &str {
        self.url.hash()
    }
    #[setter]
    fn set_hash(&mut self, value: &Bound<'_, PyAny>) -> PyResult<()> {
        self.url.set_hash(&usv(value, "hash")?);
        Ok(())
    }

    /// The query as a live `URLSearchParams`: changing it changes this URL's query.
    #[getter]
    fn search_params(slf: Bound<'_, Self>) -> PySearchParams {
        PySearchParams::linked(slf.unbind())
    }

    /// The public suffix of the host (spec 3.2, Public Suffix List), or None when the host is
    /// not a domain.
    #[getter]
    fn public_suffix(&self) -> Option<&str> {
        self.url.public_suffix()
    }

    /// The registrable domain of the host (spec 3.2): its public suffix and one more label;
    /// None when the host is not a domain or is a public suffix itself.
    #[getter]
    fn registrable_domain(&self) -> Option<&str> {
        self.url.registrable_domain()
    }

    /// The URL for people to read (spec 4.8, URL rendering): the host in Unicode where that
    /// cannot mislead, percent-encoded text decoded where printable, no credentials by default.
    #[pyo3(signature = (*, host_only=false, elide_scheme=false, elide_credentials=true,
        elide_trailing_slash=false, elide_query=false, elide_fragment=false,
        unicode_host=true, decode_percent=true, bidi_isolation=true, max_host_chars=None))]
    #[allow(clippy::too_many_arguments, clippy::fn_params_excessive_bools)]
    fn display(
        &self,
        host_only: bool,
        elide_scheme: bool,
        elide_credentials: bool,
        elide_trailing_slash: bool,
        elide_query: bool,
        elide_fragment: bool,
        unicode_host: bool,
        decode_percent: bool,
        bidi_isolation: bool,
        max_host_chars: Option<usize>,
    ) -> String {
        let mut options = DisplayOptions::new();
        options.host_only = host_only;
        options.elide_scheme = elide_scheme;
        options.elide_credentials = elide_credentials;
        options.elide_trailing_slash = elide_trailing_slash;
        options.elide_query = elide_query;
        options.elide_fragment = elide_fragment;
        options.unicode_host = unicode_host;
        options.decode_percent = decode_percent;
        options.bidi_isolation = bidi_isolation;
        options.max_host_chars = max_host_chars;
        self.url.to_display_string_with(&options)
    }

    /// `toJSON()`: the href.
    fn to_json(&self) -> &str {
        self.url.to_json()
    }

    fn __str__(&self) -> &str {
        self.url.href()
    }

    fn __repr__(&self) -> String {
        format!("URL({:?})", self.url.href())
    }

    /// Equal when the hrefs are equal (URL equivalence, spec 4.6, fragments included).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyUrl>()
            .is_ok_and(|other| other.borrow().url.href() == self.url.href())
    }

    /// Pickling and `copy.copy`: rebuilt from the href.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let href = slf.borrow().url.href().to_owned();
        PyTuple::new(
            py,
            [
                slf.get_type().into_any(),
                PyTuple::new(py, [href])?.into_any(),
            ],
        )
    }

    fn __copy__(&self) -> Self {
        PyUrl {
            url: self.url.clone(),
        }
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.__copy__()
    }
}

/// A validation error (spec 1.1) the parser met: not an exception, a report. Most do not stop
/// the parse; `failure` says whether this kind does.
#[pyclass(name = "ValidationError", module = "whatwg_url_rs", frozen, eq)]
#[derive(PartialEq)]
pub struct PyValidationError {
    /// The spec's name, such as `invalid-reverse-solidus`.
    #[pyo3(get)]
    name: &'static str,
    /// The byte offset in the UTF-8 of the input where it was found.
    #[pyo3(get)]
    offset: usize,
    /// Whether this kind of validation error makes the parser return failure.
    #[pyo3(get)]
    failure: bool,
}

#[pymethods]
impl PyValidationError {
    fn __repr__(&self) -> String {
        format!("ValidationError({:?}, offset={})", self.name, self.offset)
    }
}

/// `parse_with_validation(url, base=None)`: `(URL or None, [ValidationError, ...])`: the URL
/// (None when `url` is not one) and every validation error the parser met in `url`, in order.
/// On failure the last is the cause. A `base` that is not a URL raises `InvalidURL`.
#[pyfunction]
#[pyo3(signature = (url, base=None))]
pub fn parse_with_validation(
    py: Python<'_>,
    url: &Bound<'_, PyAny>,
    base: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Option<PyUrl>, Vec<PyValidationError>)> {
    let input = url_text(url, "url")?;
    let base = optional_text(base)?;
    if let Some(base) = &base {
        Url::parse(base, None).map_err(|e| invalid_url(py, "base URL", base, &e))?;
    }
    let (result, errors) = Url::parse_with_validation(&input, base.as_deref());
    let errors = errors
        .iter()
        .map(|e| PyValidationError {
            name: e.name(),
            offset: e.offset,
            failure: e.is_failure(),
        })
        .collect();
    Ok((result.ok().map(|url| PyUrl { url }), errors))
}
