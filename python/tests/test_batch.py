"""The batch kernels against the per-row API, through pyarrow, Polars, DuckDB and pandas."""

import pyarrow as pa
import pytest

from conftest import cases
from whatwg_url_rs import URL, batch

FIELDS = batch.COMPONENTS + ("valid", "error")


def expected_row(text, base=None):
    """What `batch.parse` must give for one row, from the per-row API."""
    if text is None:
        return None
    try:
        url = URL(text, base)
    except ValueError as e:
        return {**{name: None for name in batch.COMPONENTS}, "valid": False, "error": e.error}
    return {**{name: getattr(url, name) for name in batch.COMPONENTS}, "valid": True, "error": None}


@pytest.fixture(scope="module")
def rows(datasets):
    inputs = list(datasets)
    inputs += [case["input"] for case in cases("urltestdata.json")]
    # Arrow strings are UTF-8: lone surrogates become U+FFFD before they get there.
    inputs = [s.encode("utf-8", "replace").decode("utf-8") for s in inputs]
    return [None if i % 11 == 5 else text for i, text in enumerate(inputs)]


@pytest.mark.parametrize("arrow_type", [pa.string(), pa.large_string(), pa.string_view()])
def test_parse_equals_the_per_row_api(rows, arrow_type):
    parsed = batch.parse(pa.array(rows, type=arrow_type))
    assert isinstance(parsed, pa.StructArray)
    assert [f.name for f in parsed.type] == list(FIELDS)
    assert parsed.to_pylist() == [expected_row(text) for text in rows]


def test_single_column_kernels(rows):
    urls = pa.array(rows)
    per_row = [URL.parse(text) if text is not None else None for text in rows]
    assert batch.href(urls).to_pylist() == [u.href if u else None for u in per_row]
    assert batch.component(urls, "pathname").to_pylist() == [u.pathname if u else None for u in per_row]
    assert batch.registrable_domain(urls).to_pylist() == [u.registrable_domain if u else None for u in per_row]
    assert batch.public_suffix(urls).to_pylist() == [u.public_suffix if u else None for u in per_row]
    assert batch.is_valid(urls).to_pylist() == [
        None if text is None else URL.can_parse(text) for text in rows
    ]


def test_a_base(rows):
    base = "https://example.org/dir/page?q#f"
    sample = rows[:2000] + ["../up", "?x", "#y", "//cdn.example/z"]
    parsed = batch.parse(pa.array(sample), base=base)
    assert parsed.to_pylist() == [expected_row(text, base) for text in sample]
    with pytest.raises(ValueError, match="base URL"):
        batch.href(pa.array(["a"]), base="not a base")


def test_chunked_arrays_stay_chunked(rows):
    chunked = pa.chunked_array([rows[:1000], rows[1000:2500], []], type=pa.string())
    hosts = batch.component(chunked, "host")
    assert isinstance(hosts, pa.ChunkedArray)
    assert hosts.to_pylist() == [u.host if u else None for u in (URL.parse(t) if t else None for t in rows[:2500])]


def test_polars(rows):
    pl = pytest.importorskip("polars")
    series = pl.Series("u", rows[:5000])
    hosts = batch.component(series, "hostname")
    assert isinstance(hosts, pl.Series)
    assert hosts.to_list() == [u.hostname if u else None for u in (URL.parse(t) if t else None for t in rows[:5000])]
    import whatwg_url_rs.polars  # noqa: F401  (registers the namespace)

    df = pl.DataFrame({"u": ["https://a.example.co.uk/x?y", "bad", None]})
    out = df.select(
        pl.col("u").url.hostname().alias("hostname"),
        pl.col("u").url.registrable_domain().alias("site"),
        pl.col("u").url.is_valid().alias("ok"),
        pl.col("u").url.parse().struct.field("error"),
    )
    assert out.to_dicts() == [
        {"hostname": "a.example.co.uk", "site": "example.co.uk", "ok": True, "error": None},
        {"hostname": None, "site": None, "ok": False, "error": "missing-scheme-non-relative-URL"},
        {"hostname": None, "site": None, "ok": None, "error": None},
    ]
    with pytest.raises(ValueError):
        pl.col("u").url.component("searchParams")


def test_duckdb_and_pandas():
    duckdb = pytest.importorskip("duckdb")
    table = duckdb.sql("select * from (values ('https://x.example.org/p'), ('zz'), (null)) t(u)").to_arrow_table()
    assert batch.href(table["u"]).to_pylist() == ["https://x.example.org/p", None, None]
    # A library the package does not know: its arrays and streams through the PyCapsule
    # interface alone, the results this module's ArrowArray and ArrowStream.
    class Array:
        def __init__(self, array):
            self.array = array

        def __arrow_c_array__(self, requested_schema=None):
            return self.array.__arrow_c_array__(requested_schema)

    class Stream:
        def __init__(self, chunked):
            self.chunked = chunked

        def __arrow_c_stream__(self, requested_schema=None):
            return self.chunked.__arrow_c_stream__(requested_schema)

    urls = ["https://x.example.org/p", "zz", None]
    result = batch.href(Array(pa.array(urls)))
    assert isinstance(result, batch.ArrowArray) and len(result) == 3
    assert pa.array(result).to_pylist() == ["https://x.example.org/p", None, None]
    stream = batch.href(Stream(pa.chunked_array([urls, urls, []], type=pa.large_string())))
    assert isinstance(stream, batch.ArrowStream) and len(stream) == 6
    chunks = pa.chunked_array(stream)
    assert chunks.type == pa.large_string() and chunks.num_chunks == 3
    assert chunks.to_pylist() == ["https://x.example.org/p", None, None] * 2
    assert pl_or_none() is None or pl_or_none().Series(stream).to_list() == chunks.to_pylist()
    empty = batch.is_valid(Stream(pa.chunked_array([], type=pa.string())))
    assert len(empty) == 0 and pa.chunked_array(empty).type == pa.bool_()
    pd = pytest.importorskip("pandas")
    for dtype in ("string[pyarrow]", object, "string"):
        series = pd.Series(["https://Example.com/a/../b", None, "x"], index=[7, 3, 5], name="u", dtype=dtype)
        hrefs = batch.href(series)
        assert isinstance(hrefs, pd.Series), dtype
        assert list(hrefs.index) == [7, 3, 5] and hrefs.name == "u"
        assert pa.array(hrefs).to_pylist() == ["https://example.com/b", None, None]
        parsed = batch.parse(series)
        assert pa.array(parsed.struct.field("valid")).to_pylist() == [True, None, False]
    with pytest.raises(ValueError, match="string column"):
        batch.href(pd.Series([1, 2]))


def pl_or_none():
    try:
        import polars
    except ImportError:
        return None
    return polars


def test_bad_input_is_an_error_not_a_crash():
    with pytest.raises(ValueError, match="string column"):
        batch.parse(pa.array([1, 2, 3]))
    with pytest.raises(ValueError, match="unknown URL component"):
        batch.component(pa.array(["https://a/"]), "searchParams")
    for bad in (None, "https://a/", ["https://a/"], 5):
        with pytest.raises((TypeError, ValueError)):
            batch.parse(bad)
    assert batch.parse(pa.array([], type=pa.string())).to_pylist() == []
    assert batch.is_valid(pa.array([None, None], type=pa.string())).to_pylist() == [None, None]
    huge = pa.array(["https://example.com/" + "a" * 1_000_000, "\x00" * 1_000_000])
    parsed = batch.parse(huge).to_pylist()
    assert parsed[0]["valid"] and len(parsed[0]["href"]) == 1_000_020
    assert parsed[1]["valid"] is False
