//! The `URLSearchParams` class (spec 6.2): its own list, or the live query of a `URL`.

use pyo3::exceptions::{PyKeyError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use whatwg_url::UrlSearchParams;

use super::PyUrl;
use crate::text::usv;

/// Where the list lives: in the object, or in a URL's query (the URL's query object, spec
/// 6.1: reads parse the query, changes run the update steps on the URL).
enum Source {
    Own(UrlSearchParams),
    Linked(Py<PyUrl>),
}

/// A change to the list, applied the same way to both sources.
enum Change<'a> {
    Append(&'a str, &'a str),
    Delete(&'a str, Option<&'a str>),
    Set(&'a str, &'a str),
    Sort,
}

/// `URLSearchParams(init="")`: a list of name-value pairs in
/// `application/x-www-form-urlencoded`.
///
/// `init` is a query string (a leading `?` is ignored), a mapping, an iterable of
/// `(name, value)` pairs, or another `URLSearchParams`. Iterating yields `(name, value)`
/// tuples in order; `params[name]` is the first value (`KeyError` when absent); `str(params)`
/// is the serialization.
#[pyclass(name = "URLSearchParams", module = "whatwg_url_rs")]
pub struct PySearchParams {
    source: Source,
}

/// A name or value: a `str` (as a `USVString`), or an `int` written in decimal.
fn text_arg(value: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    if value.cast::<pyo3::types::PyBool>().is_err() {
        if let Ok(number) = value.extract::<i64>() {
            return Ok(number.to_string());
        }
    }
    usv(value, what).map(|text| text.into_owned())
}

impl PySearchParams {
    pub(crate) fn linked(url: Py<PyUrl>) -> Self {
        PySearchParams {
            source: Source::Linked(url),
        }
    }

    fn read<R>(&self, py: Python<'_>, f: impl FnOnce(&UrlSearchParams) -> R) -> R {
        match &self.source {
            Source::Own(list) => f(list),
            Source::Linked(url) => f(&url.borrow(py).url.search_params()),
        }
    }

    fn change(&mut self, py: Python<'_>, change: Change<'_>) {
        match &mut self.source {
            Source::Own(list) => match change {
                Change::Append(name, value) => list.append(name, value),
                Change::Delete(name, value) => list.delete(name, value),
                Change::Set(name, value) => list.set(name, value),
                Change::Sort => list.sort(),
            },
            Source::Linked(url) => {
                let mut url = url.borrow_mut(py);
                let mut list = url.url.search_params_mut();
                match change {
                    Change::Append(name, value) => list.append(name, value),
                    Change::Delete(name, value) => list.delete(name, value),
                    Change::Set(name, value) => list.set(name, value),
                    Change::Sort => list.sort(),
                }
            }
        }
    }

    fn pairs(&self, py: Python<'_>) -> Vec<(String, String)> {
        self.read(py, |list| {
            list.iter()
                .map(|(n, v)| (n.to_owned(), v.to_owned()))
                .collect()
        })
    }
}

/// The list `init` gives (spec 6.2, constructor steps, in Python's types).
fn from_init(py: Python<'_>, init: &Bound<'_, PyAny>) -> PyResult<UrlSearchParams> {
    if let Ok(other) = init.cast::<PySearchParams>() {
        let other = other.borrow();
        return Ok(other.read(py, Clone::clone));
    }
    if let Ok(text) = usv(init, "init") {
        let text = text.strip_prefix('?').unwrap_or(&text);
        return Ok(UrlSearchParams::parse(text));
    }
    let mut list = UrlSearchParams::parse("");
    if init.hasattr("items")? {
        // A record: each key and value, in the mapping's order.
        for item in init.call_method0("items")?.try_iter()? {
            let (name, value): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item?.extract()?;
            list.set(&text_arg(&name, "name")?, &text_arg(&value, "value")?);
        }
        return Ok(list);
    }
    let Ok(pairs) = init.try_iter() else {
        return Err(PyTypeError::new_err(format!(
            "URLSearchParams() takes a str, a mapping or an iterable of pairs, not {}",
            init.get_type().name()?
        )));
    };
    for pair in pairs {
        let pair = pair?;
        let items: Vec<Bound<'_, PyAny>> = pair
            .try_iter()
            .and_then(|items| items.collect())
            .map_err(|_| PyTypeError::new_err("each pair must be an iterable of two items"))?;
        match items.as_slice() {
            [name, value] => list.append(&text_arg(name, "name")?, &text_arg(value, "value")?),
            other => {
                return Err(PyTypeError::new_err(format!(
                    "each pair must have exactly two items, not {}",
                    other.len()
                )));
            }
        }
    }
    Ok(list)
}

#[pymethods]
impl PySearchParams {
    #[new]
    #[pyo3(signature = (init=None))]
    fn new(py: Python<'_>, init: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let list = match init {
            Some(init) => from_init(py, init)?,
            None => UrlSearchParams::parse(""),
        };
        Ok(PySearchParams {
            source: Source::Own(list),
        })
    }

    /// The number of pairs.
    #[getter]
    fn size(&self, py: Python<'_>) -> usize {
        self.read(py, UrlSearchParams::len)
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        self.size(py)
    }

    /// Appends a pair.
    fn append(
        &mut self,
        py: Python<'_>,
        name: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let (name, value) = (text_arg(name, "name")?, text_arg(value, "value")?);
        self.change(py, Change::Append(&name, &value));
        Ok(())
    }

    /// Removes every pair with this name (and this value, when given).
    #[pyo3(signature = (name, value=None))]
    fn delete(
        &mut self,
        py: Python<'_>,
        name: &Bound<'_, PyAny>,
        value: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let name = text_arg(name, "name")?;
        let value = value.map(|v| text_arg(v, "value")).transpose()?;
        self.change(py, Change::Delete(&name, value.as_deref()));
        Ok(())
    }

    /// The first value with this name, or None.
    fn get(&self, py: Python<'_>, name: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let name = text_arg(name, "name")?;
        Ok(self.read(py, |list| list.get(&name).map(str::to_owned)))
    }

    /// Every value with this name, in order.
    fn get_all(&self, py: Python<'_>, name: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        let name = text_arg(name, "name")?;
        Ok(self.read(py, |list| {
            list.get_all(&name).into_iter().map(str::to_owned).collect()
        }))
    }

    /// Whether a pair has this name (and this value, when given).
    #[pyo3(signature = (name, value=None))]
    fn has(
        &self,
        py: Python<'_>,
        name: &Bound<'_, PyAny>,
        value: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        let name = text_arg(name, "name")?;
        let value = value.map(|v| text_arg(v, "value")).transpose()?;
        Ok(self.read(py, |list| list.has(&name, value.as_deref())))
    }

    /// Sets the first pair with this name to this value and removes the others (appends the
    /// pair when there is none).
    fn set(
        &mut self,
        py: Python<'_>,
        name: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let (name, value) = (text_arg(name, "name")?, text_arg(value, "value")?);
        self.change(py, Change::Set(&name, &value));
        Ok(())
    }

    /// Sorts the pairs by name (by UTF-16 code units, stable), as the standard does.
    fn sort(&mut self, py: Python<'_>) {
        self.change(py, Change::Sort);
    }

    /// The names, in order (repeated names repeated).
    fn keys(&self, py: Python<'_>) -> Vec<String> {
        self.pairs(py).into_iter().map(|(n, _)| n).collect()
    }

    /// The values, in order.
    fn values(&self, py: Python<'_>) -> Vec<String> {
        self.pairs(py).into_iter().map(|(_, v)| v).collect()
    }

    /// The `(name, value)` pairs, in order.
    fn items(&self, py: Python<'_>) -> Vec<(String, String)> {
        self.pairs(py)
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        PyList::new(py, self.pairs(py))?
            .try_iter()
            .map(Bound::into_any)
    }

    fn __contains__(&self, py: Python<'_>, name: &Bound<'_, PyAny>) -> PyResult<bool> {
        self.has(py, name, None)
    }

    fn __getitem__(&self, py: Python<'_>, name: &Bound<'_, PyAny>) -> PyResult<String> {
        self.get(py, name)?
            .ok_or_else(|| PyKeyError::new_err(name.clone().unbind()))
    }

    fn __setitem__(
        &mut self,
        py: Python<'_>,
        name: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        self.set(py, name, value)
    }

    fn __delitem__(&mut self, py: Python<'_>, name: &Bound<'_, PyAny>) -> PyResult<()> {
        if !self.has(py, name, None)? {
            return Err(PyKeyError::new_err(name.clone().unbind()));
        }
        self.delete(py, name, None)
    }

    /// The `application/x-www-form-urlencoded` serialization (no leading `?`).
    fn __str__(&self, py: Python<'_>) -> String {
        self.read(py, UrlSearchParams::serialize)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!("URLSearchParams({:?})", self.__str__(py))
    }

    /// Equal when the lists are equal, pair by pair.
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PySearchParams>()
            .is_ok_and(|other| other.borrow().pairs(py) == self.pairs(py))
    }

    /// Pickling: rebuilt from the serialization (a detached copy).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let text = slf.borrow().__str__(py);
        PyTuple::new(
            py,
            [
                slf.get_type().into_any(),
                PyTuple::new(py, [text])?.into_any(),
            ],
        )
    }
}
