"""A `url` namespace on Polars expressions and series: `import whatwg_url_rs.polars` once.

>>> import polars as pl
>>> import whatwg_url_rs.polars
>>> df = pl.DataFrame({"u": ["https://a.example.co.uk/x?y", "bad", None]})
>>> df.select(pl.col("u").url.hostname())["u"].to_list()
['a.example.co.uk', None, None]
>>> df.select(pl.col("u").url.registrable_domain())["u"].to_list()
['example.co.uk', None, None]
>>> df["u"].url.is_valid().to_list()
[True, False, None]

Each method runs a kernel of `whatwg_url_rs.batch` on the column's Arrow chunks (no Python per
row), in every engine: eager, lazy and streaming `collect` give the same frame. On a `Series`
it runs at once and gives a `Series`. `parse()` gives the whole struct; `component(name)` and
one method per `URL` getter give one column, named after the getter.
"""

from __future__ import annotations

from typing import Any, Callable, Generic, TypeVar

import polars as pl

from . import batch

__all__ = ["UrlNamespace", "UrlSeriesNamespace"]

_STRUCT = pl.Struct(
    {name: pl.String for name in batch.COMPONENTS} | {"valid": pl.Boolean, "error": pl.String}
)

_T = TypeVar("_T", pl.Expr, pl.Series)


class _Methods(Generic[_T]):
    """The methods of both namespaces; `_run` applies a kernel to the expression or series."""

    def _run(self, kernel: Callable[..., Any], dtype: Any, *args: Any) -> _T:
        raise NotImplementedError

    def parse(self, base: str | None = None) -> _T:
        """A struct of every component, `valid` and `error`."""
        return self._run(batch.parse, _STRUCT, base)

    def component(self, name: str, base: str | None = None) -> _T:
        """One component, named as the `URL` getter."""
        if name not in batch.COMPONENTS:
            raise ValueError(f"unknown URL component {name!r}; one of: {', '.join(batch.COMPONENTS)}")
        return self._run(batch.component, pl.String, name, base)

    def href(self, base: str | None = None) -> _T:
        """The normalized URL."""
        return self.component("href", base)

    def origin(self, base: str | None = None) -> _T:
        return self.component("origin", base)

    def protocol(self, base: str | None = None) -> _T:
        return self.component("protocol", base)

    def username(self, base: str | None = None) -> _T:
        return self.component("username", base)

    def password(self, base: str | None = None) -> _T:
        return self.component("password", base)

    def host(self, base: str | None = None) -> _T:
        return self.component("host", base)

    def hostname(self, base: str | None = None) -> _T:
        return self.component("hostname", base)

    def port(self, base: str | None = None) -> _T:
        return self.component("port", base)

    def pathname(self, base: str | None = None) -> _T:
        return self.component("pathname", base)

    def search(self, base: str | None = None) -> _T:
        return self.component("search", base)

    def hash(self, base: str | None = None) -> _T:
        return self.component("hash", base)

    def registrable_domain(self, base: str | None = None) -> _T:
        """The host's registrable domain (Public Suffix List), else null."""
        return self._run(batch.registrable_domain, pl.String, base)

    def public_suffix(self, base: str | None = None) -> _T:
        """The host's public suffix, else null."""
        return self._run(batch.public_suffix, pl.String, base)

    def is_valid(self, base: str | None = None) -> _T:
        """Whether the row is a URL; null rows stay null."""
        return self._run(batch.is_valid, pl.Boolean, base)


@pl.api.register_expr_namespace("url")
class UrlNamespace(_Methods[pl.Expr]):
    """`pl.col(...).url`: the URL Standard's parser over a string column."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def _run(self, kernel: Callable[..., Any], dtype: Any, *args: Any) -> pl.Expr:
        # Elementwise: a row's result depends on that row alone, so Polars may hand the kernel
        # the column in pieces: the lazy and streaming engines split it across their threads
        # (the kernel releases the GIL, so the pieces parse in parallel); eager `select` passes
        # it whole.
        return self._expr.map_batches(
            lambda s: kernel(s, *args), return_dtype=dtype, is_elementwise=True
        )


@pl.api.register_series_namespace("url")
class UrlSeriesNamespace(_Methods[pl.Series]):
    """`series.url`: the same methods on a `Series`, each a `Series` of the same name."""

    def __init__(self, series: pl.Series) -> None:
        self._series = series

    def _run(self, kernel: Callable[..., Any], dtype: Any, *args: Any) -> pl.Series:
        result: pl.Series = kernel(self._series, *args)
        return result
