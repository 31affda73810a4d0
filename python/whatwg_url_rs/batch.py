"""Arrow batch kernels: the URL parser over a whole column, one parse per row, in Rust.

Each function takes any Arrow array or stream of arrays through the Arrow PyCapsule interface
(a `pyarrow.Array` or `ChunkedArray`, a Polars `Series`, a DuckDB result column, arro3,
nanoarrow) of strings (`string`, `large_string` or `string_view`), with no copy of the input.
The result is of the input's library where it is pyarrow or Polars (a pyarrow array for a
pyarrow array, a chunked array for a chunked array, a Series for a Series), and otherwise an
object with the same interface (`__arrow_c_array__` or `__arrow_c_stream__`), which any of
them takes (`pyarrow.array(result)`, `polars.Series(result)`).

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

from typing import Any

from ._native import _batch

__all__ = [
    "COMPONENTS",
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


def _like(urls: Any, result: Any) -> Any:
    """`result` in the library of `urls` when that is pyarrow or Polars; else as it is."""
    module = type(urls).__module__.split(".", 1)[0]
    if module == "pyarrow":
        import pyarrow as pa

        if hasattr(result, "__arrow_c_stream__"):
            return pa.chunked_array(result)
        return pa.array(result)
    if module == "polars":
        import polars as pl

        return pl.Series(result)
    return result


def parse(urls: Any, base: str | None = None) -> Any:
    """A struct per row: every component of `COMPONENTS`, then `valid` (bool) and `error`."""
    return _like(urls, _batch.parse(urls, base))


def component(urls: Any, name: str, base: str | None = None) -> Any:
    """One component per row, named as the `URL` getter (`"hostname"`, `"pathname"`, ...)."""
    return _like(urls, _batch.component(urls, name, base))


def href(urls: Any, base: str | None = None) -> Any:
    """The normalized URL of each row (the `href` getter)."""
    return _like(urls, _batch.href(urls, base))


def registrable_domain(urls: Any, base: str | None = None) -> Any:
    """The registrable domain of each row's host (Public Suffix List), else null."""
    return _like(urls, _batch.registrable_domain(urls, base))


def public_suffix(urls: Any, base: str | None = None) -> Any:
    """The public suffix of each row's host, else null."""
    return _like(urls, _batch.public_suffix(urls, base))


def is_valid(urls: Any, base: str | None = None) -> Any:
    """Whether each row is a URL (`URL.can_parse`); null rows stay null."""
    return _like(urls, _batch.is_valid(urls, base))
