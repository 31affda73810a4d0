"""The WHATWG URL Standard for Python, on the whatwg-url Rust parser.

>>> from whatwg_url_rs import URL
>>> url = URL("HTTPS://EXAMPLE.com:443/a/./b/../c?q=1#top")
>>> url.href
'https://example.com/a/c?q=1#top'
>>> URL("../d", base=url).pathname
'/d'
>>> url.search_params.append("lang", "en fr")
>>> str(url)
'https://example.com/a/c?q=1&lang=en+fr#top'

`URL` and `URLSearchParams` are the standard's classes; `parse_with_validation` returns the
validation errors the parser met; `whatwg_url_rs.batch` runs the parser over Arrow columns
(pyarrow, Polars, DuckDB, Spark) without a Python object per row.
"""

from ._native import (
    __version__,
    URL,
    InvalidURL,
    URLError,
    URLSearchParams,
    ValidationError,
    parse_with_validation,
)
from . import batch

__all__ = [
    "__version__",
    "URL",
    "URLSearchParams",
    "ValidationError",
    "parse_with_validation",
    "URLError",
    "InvalidURL",
    "batch",
]
