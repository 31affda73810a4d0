"""Type stubs of `whatwg_url_rs.batch`: each kernel returns the input's library's type."""

from typing import Any, Generic, Protocol, TypeVar, final, overload

import pandas as pd
import polars as pl
import pyarrow as pa

COMPONENTS: tuple[str, ...]

@final
class ArrowArray:
    """A kernel's result for an array of a library other than pyarrow, Polars and pandas."""

    def __arrow_c_schema__(self) -> object: ...
    def __arrow_c_array__(self, requested_schema: object | None = None) -> tuple[object, object]: ...
    def __len__(self) -> int: ...

@final
class ArrowStream:
    """A kernel's result for a stream of a library other than pyarrow, Polars and pandas."""

    def __arrow_c_schema__(self) -> object: ...
    def __arrow_c_stream__(self, requested_schema: object | None = None) -> object: ...
    def __len__(self) -> int: ...

# What a kernel gives for: a pyarrow array; a pyarrow large_string array; a chunked array; a
# chunked large_string array; a pandas Series. Polars gives Polars.
#
# The kernels also take any other library's column with the Arrow PyCapsule interface and give
# an `ArrowArray` (for `__arrow_c_array__`) or an `ArrowStream` (for `__arrow_c_stream__`), but
# the stubs name pyarrow, Polars and pandas only: an overload for "anything with the interface"
# would match pandas-stubs' `Series[Any]` too (its `__getattr__` gives every attribute), and
# mypy then infers `Any` for `batch.href(df["u"])`. Type such a column as `pyarrow` (pass it
# through `pa.array(...)`) or cast it.
_A = TypeVar("_A", covariant=True)
_LA = TypeVar("_LA", covariant=True)
_C = TypeVar("_C", covariant=True)
_LC = TypeVar("_LC", covariant=True)
_S = TypeVar("_S", covariant=True)

class _Kernel(Protocol, Generic[_A, _LA, _C, _LC, _S]):
    @overload
    def __call__(self, urls: pd.Series[Any], /, base: str | None = None) -> _S: ...
    @overload
    def __call__(self, urls: pa.LargeStringArray, /, base: str | None = None) -> _LA: ...
    @overload
    def __call__(self, urls: pa.Array[Any], /, base: str | None = None) -> _A: ...
    @overload
    def __call__(self, urls: pa.ChunkedArray[pa.LargeStringScalar], /, base: str | None = None) -> _LC: ...
    @overload
    def __call__(self, urls: pa.ChunkedArray[Any], /, base: str | None = None) -> _C: ...
    @overload
    def __call__(self, urls: pl.Series, /, base: str | None = None) -> pl.Series: ...


_Strings = _Kernel[
    pa.StringArray,
    pa.LargeStringArray,
    pa.ChunkedArray[pa.StringScalar],
    pa.ChunkedArray[pa.LargeStringScalar],
    pd.Series[str],
]

parse: _Kernel[
    pa.StructArray,
    pa.StructArray,
    pa.ChunkedArray[pa.StructScalar],
    pa.ChunkedArray[pa.StructScalar],
    pd.Series[Any],
]
"""A struct per row: every component of `COMPONENTS`, then `valid` (bool) and `error`."""

href: _Strings
"""The normalized URL of each row (the `href` getter)."""

registrable_domain: _Strings
"""The registrable domain of each row's host (Public Suffix List), else null."""

public_suffix: _Strings
"""The public suffix of each row's host, else null."""

is_valid: _Kernel[
    pa.BooleanArray,
    pa.BooleanArray,
    pa.ChunkedArray[pa.BooleanScalar],
    pa.ChunkedArray[pa.BooleanScalar],
    pd.Series[bool],
]
"""Whether each row is a URL (`URL.can_parse`); null rows stay null."""

@overload
def component(urls: pd.Series[Any], name: str, base: str | None = None) -> pd.Series[str]: ...
@overload
def component(urls: pa.LargeStringArray, name: str, base: str | None = None) -> pa.LargeStringArray: ...
@overload
def component(urls: pa.Array[Any], name: str, base: str | None = None) -> pa.StringArray: ...
@overload
def component(
    urls: pa.ChunkedArray[pa.LargeStringScalar], name: str, base: str | None = None
) -> pa.ChunkedArray[pa.LargeStringScalar]: ...
@overload
def component(urls: pa.ChunkedArray[Any], name: str, base: str | None = None) -> pa.ChunkedArray[pa.StringScalar]: ...
@overload
def component(urls: pl.Series, name: str, base: str | None = None) -> pl.Series: ...

