"""Arrow batch kernels: the URL parser over a whole column, one parse per row, in Rust.

Each function takes any Arrow array or stream of arrays through the Arrow PyCapsule interface
(a `pyarrow.Array` or `ChunkedArray`, a Polars `Series`, arro3, nanoarrow) of strings
(`string`, `large_string` or `string_view`, or a dictionary of them: each distinct value is
parsed once), with no copy of the input. A pandas `Series` of strings (`str`, `object`,
`string`, `category`) is taken too (through pyarrow, which pandas uses for Arrow). A table, a
list or anything else is a `TypeError` that says what was given.
The result is of the input's library: a pyarrow array for a pyarrow array, a chunked array for
a chunked array, a Polars `Series` for a Polars `Series`, a pandas `Series` with the input's
index and name for a pandas `Series` (of pandas' default dtype for strings, `boolean` for
`is_valid`; an Arrow dtype for `parse`'s struct and for an Arrow-dtype input). For another
library's column it is an `ArrowArray` or an `ArrowStream` of this module: objects with the same
interface (`__arrow_c_array__` or `__arrow_c_stream__`), which any of them takes
(`pyarrow.array(result)`, `pyarrow.chunked_array(result)`, `polars.Series(result)`).

Nulls stay null. A row that is not a URL is null in the string results, `False` in `valid`,
and `error` names the validation error that failed it (for example `port-out-of-range`).

>>> import pyarrow as pa
>>> from whatwg_url_rs import batch
>>> urls = pa.array(["https://www.example.co.uk/a?b#c", "not a url", None])
>>> batch.component(urls, "hostname").to_pylist()
['www.example.co.uk', None, None]
>>> batch.registrable_domain(urls).to_pylist()
['example.co.uk', None, None]
>>> batch.parse(urls).field("error").to_pylist()
[None, 'missing-scheme-non-relative-URL', None]
"""

from __future__ import annotations

from typing import Any, Callable

from ._native import _batch

__all__ = [
    "COMPONENTS",
    "ArrowArray",
    "ArrowStream",
    "parse",
    "component",
    "href",
    "registrable_domain",
    "public_suffix",
    "is_valid",
]

#: The fields of `parse`'s struct before `valid` and `error`: the getters of `URL`, in its
#: order, as the extension names them (whatwg-url's `Component::ALL`).
COMPONENTS: tuple[str, ...] = _batch.COMPONENTS

#: What a kernel gives for an array of a library other than pyarrow, Polars and pandas.
ArrowArray = _batch.ArrowArray
#: What a kernel gives for a stream (chunks) of a library other than pyarrow, Polars and pandas.
ArrowStream = _batch.ArrowStream


def _library(urls: Any) -> str:
    return type(urls).__module__.split(".", 1)[0]


#: Tables of pandas, Polars, pyarrow and DuckDB, by class name: a kernel takes one of their
#: columns (their stream interface gives record batches, a struct, not a column).
_TABLES = ("DataFrame", "LazyFrame", "Table", "RecordBatch", "DuckDBPyRelation")

#: What the kernels take, for the errors that say what they were given instead.
_ACCEPTED = (
    "a column of strings: a pyarrow Array or ChunkedArray, a Polars Series, a pandas Series, or "
    "any object with __arrow_c_array__ or __arrow_c_stream__ (string, large_string, string_view "
    "or a dictionary of them)"
)


def _given(urls: Any) -> str:
    """What `urls` is, in the words of its library, and how to get a column from it."""
    kind = type(urls).__name__
    library = _library(urls)
    if isinstance(urls, (list, tuple)):
        items = {type(item).__name__ for item in urls if item is not None}
        of = " or ".join(sorted(items)) or "None"
        return f"{_a(kind)} of {of} (pa.array(urls) or pl.Series(urls) makes a column of strings)"
    if isinstance(urls, str):
        return "a str (one URL: URL(text) parses it; the kernels take a column)"
    if kind in _TABLES:
        return f"a {library} {kind}, a table: pass one of its columns (df[\"u\"])"
    if library == "pandas" and kind.endswith("Index"):
        return f"a pandas {kind}: pass it as a Series (index.to_series())"
    if library == "polars" and kind == "Expr":
        return "a Polars expression: import whatwg_url_rs.polars and use pl.col(...).url"
    if urls is None:
        return "None"
    return _a(f"{library}.{kind}" if library != "builtins" else kind)


def _a(words: str) -> str:
    return ("an " if words[:1].lower() in "aeiou" else "a ") + words


def _refuse(urls: Any) -> TypeError:
    return TypeError(f"expected {_ACCEPTED}; got {_given(urls)}")


def _is_column(urls: Any) -> bool:
    """Whether `urls` may be a column (a pandas Series, or an object with the Arrow PyCapsule
    interface that is not a table)."""
    if _library(urls) == "pandas":
        import pandas as pd

        return isinstance(urls, pd.Series)
    if type(urls).__name__ in _TABLES:
        return False
    return hasattr(urls, "__arrow_c_array__") or hasattr(urls, "__arrow_c_stream__")


def _pandas_column(series: Any) -> Any:
    """A pandas `Series` of strings as a pyarrow array (no copy when its dtype is Arrow's; a
    `category` Series becomes a dictionary array, its categories parsed once each)."""
    try:
        import pyarrow as pa
    except ImportError:
        raise TypeError(
            "a pandas Series goes to the kernels through pyarrow, which is not installed "
            "(pip install pyarrow)"
        ) from None
    try:
        return pa.array(series, from_pandas=True)
    except (pa.ArrowInvalid, pa.ArrowTypeError) as e:
        raise ValueError(
            f"expected a pandas Series of strings (str, object of str, string, category of "
            f"strings), got dtype {series.dtype}: {e}"
        ) from None


def _pandas_result(series: Any, result: Any) -> Any:
    """A kernel's result as a pandas Series with `series`' index and name: of an Arrow dtype
    when `series` is (`pd.ArrowDtype`) or the result is a struct; else of pandas' default
    dtype for strings (`str` in pandas 3, `object` in pandas 2), `boolean` for `is_valid`."""
    import pandas as pd
    import pyarrow as pa

    if isinstance(series.dtype, pd.ArrowDtype) or pa.types.is_struct(result.type):
        values = pd.arrays.ArrowExtensionArray(result)
        return pd.Series(values, index=series.index, name=series.name, copy=False)
    if pa.types.is_boolean(result.type):
        out = result.to_pandas(types_mapper={pa.bool_(): pd.BooleanDtype()}.get)
    else:
        out = result.to_pandas()
    out.index = series.index
    out.name = series.name
    return out


def _run(kernel: Callable[..., Any], urls: Any, *args: Any) -> Any:
    """`kernel(urls, *args)`, its result in the library of `urls` (see the module's docs)."""
    if not _is_column(urls):
        raise _refuse(urls)
    library = _library(urls)
    if library == "pandas":
        return _pandas_result(urls, _arrow(kernel(_pandas_column(urls), *args)))
    result = kernel(urls, *args)
    if library == "pyarrow":
        return _arrow(result)
    if library == "polars":
        import polars as pl

        return pl.Series(result).alias(urls.name)
    return result


def _arrow(result: Any) -> Any:
    import pyarrow as pa

    if isinstance(result, _batch.ArrowStream):
        return pa.chunked_array(result)
    return pa.array(result)


def parse(urls: Any, base: str | None = None) -> Any:
    """A struct per row: every component of `COMPONENTS`, then `valid` (bool) and `error`."""
    return _run(_batch.parse, urls, base)


def component(urls: Any, name: str, base: str | None = None) -> Any:
    """One component per row, named as the `URL` getter (`"hostname"`, `"pathname"`, ...)."""
    return _run(_batch.component, urls, name, base)


def href(urls: Any, base: str | None = None) -> Any:
    """The normalized URL of each row (the `href` getter)."""
    return _run(_batch.href, urls, base)


def registrable_domain(urls: Any, base: str | None = None) -> Any:
    """The registrable domain of each row's host (Public Suffix List), else null."""
    return _run(_batch.registrable_domain, urls, base)


def public_suffix(urls: Any, base: str | None = None) -> Any:
    """The public suffix of each row's host, else null."""
    return _run(_batch.public_suffix, urls, base)


def is_valid(urls: Any, base: str | None = None) -> Any:
    """Whether each row is a URL (`URL.can_parse`); null rows stay null."""
    return _run(_batch.is_valid, urls, base)
