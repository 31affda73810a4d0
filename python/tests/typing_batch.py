"""Checked by `mypy --strict` and then run (`test_typing.py`): the types the stubs give the
batch kernels for each library's column, asserted statically (`assert_type`) and at run time
(`isinstance`), and what the stubs refuse as the runtime does (an error mypy must report, made
visible by `type: ignore` comments that `--strict` would call unused otherwise)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, assert_type

import pandas as pd
import polars as pl
import pyarrow as pa

import whatwg_url_rs
from whatwg_url_rs import URL, URLSearchParams, batch

URLS = ["https://www.example.co.uk/a?b#c", "not a url", None]


def pyarrow_in_pyarrow_out() -> None:
    array = pa.array(URLS, type=pa.string())
    hosts = assert_type(batch.component(array, "hostname"), pa.StringArray)
    assert isinstance(hosts, pa.StringArray)
    assert assert_type(batch.is_valid(array), pa.BooleanArray).to_pylist() == [True, False, None]
    parsed = assert_type(batch.parse(array), pa.StructArray)
    assert isinstance(parsed, pa.StructArray)
    large = pa.array(URLS, type=pa.large_string())
    assert isinstance(assert_type(batch.href(large), pa.LargeStringArray), pa.LargeStringArray)
    chunked = pa.chunked_array([URLS, URLS], type=pa.string())
    sites = assert_type(batch.registrable_domain(chunked), "pa.ChunkedArray[pa.StringScalar]")
    assert isinstance(sites, pa.ChunkedArray) and sites.num_chunks == 2
    assert sites.to_pylist() == ["example.co.uk", None, None] * 2


def polars_in_polars_out() -> None:
    series = pl.Series("u", URLS)
    hosts = assert_type(batch.component(series, "host"), pl.Series)
    assert isinstance(hosts, pl.Series) and hosts.name == "u"
    assert hosts.to_list() == ["www.example.co.uk", None, None]
    assert isinstance(assert_type(batch.parse(series), pl.Series), pl.Series)


def pandas_in_pandas_out() -> None:
    frame = pd.DataFrame({"u": URLS}, index=[10, 20, 30])
    series = frame["u"]  # pandas-stubs: Series[Any]
    hosts = assert_type(batch.component(series, "hostname"), "pd.Series[str]")
    assert isinstance(hosts, pd.Series)
    assert list(hosts.index) == [10, 20, 30] and hosts.name == "u"
    valid = assert_type(batch.is_valid(series), "pd.Series[bool]")
    assert isinstance(valid, pd.Series) and pa.array(valid).to_pylist() == [True, False, None]
    parsed = assert_type(batch.parse(series), "pd.Series[Any]")
    errors = pa.array(parsed.struct.field("error")).to_pylist()
    assert errors == [None, "missing-scheme-non-relative-URL", None]


def any_arrow_library() -> None:
    class Column:
        """A column of a library the package does not know, through the PyCapsule interface."""

        def __init__(self, array: pa.Array[Any]) -> None:
            self.array = array

        def __arrow_c_array__(self, requested_schema: object | None = None) -> tuple[object, object]:
            capsules: tuple[object, object] = self.array.__arrow_c_array__()
            return capsules

    # Untyped here (see batch.pyi): the runtime's result is this module's ArrowArray.
    result = batch.href(Column(pa.array(URLS)))  # type: ignore[call-overload]
    assert isinstance(result, batch.ArrowArray) and len(result) == 3
    assert pa.array(result, type=pa.string()).to_pylist() == ["https://www.example.co.uk/a?b#c", None, None]


def hash_of(value: Hashable) -> int:
    return hash(value)


def what_the_runtime_refuses() -> None:
    for unhashable in (URL("https://example.com/"), URLSearchParams("a=1")):
        try:
            hash_of(unhashable)  # type: ignore[arg-type]
        except TypeError:
            continue
        raise AssertionError(f"{type(unhashable).__name__} is hashable")
    try:
        hash_of(URLSearchParams("a=1"))  # type: ignore[arg-type]
    except TypeError:
        pass
    else:
        raise AssertionError("URLSearchParams is hashable")
    try:

        class MyURL(URL):  # type: ignore[misc]
            pass

    except TypeError:
        pass
    else:
        raise AssertionError("URL can be subclassed")


def version() -> None:
    assert isinstance(assert_type(whatwg_url_rs.__version__, str), str)


def main() -> None:
    pyarrow_in_pyarrow_out()
    polars_in_polars_out()
    pandas_in_pandas_out()
    any_arrow_library()
    what_the_runtime_refuses()
    version()


if __name__ == "__main__":
    main()
