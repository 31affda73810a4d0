"""Every string column a data team has, through each kernel: pandas object, str and category;
Polars String, Categorical and Enum; pyarrow string, large_string, string_view and dictionary
(plain and chunked); DuckDB VARCHAR and ENUM through Arrow and through an Arrow UDF. Each with
nulls and rows that are not URLs, against the per-row API; each result of the input's library,
of its length, with its nulls. Then the wrong shapes of input, each refused in one line that
names what was given and what is taken."""

import duckdb
import pandas as pd
import polars as pl
import pyarrow as pa
import pytest

from test_batch import expected_row
from whatwg_url_rs import URL, batch

# Repeated rows (a dictionary's keys name them more than once), nulls, failures, and a
# dictionary value no row names in the ENUM.
ROWS = [
    "https://A.example.co.uk/x/../y?q#f",
    "not a url",
    None,
    "https://a:99999/",
    "https://A.example.co.uk/x/../y?q#f",
    "http://[::1]:8080/p",
    None,
    "not a url",
    "HTTPS://münchen.DE/straße",
]
DISTINCT = sorted({row for row in ROWS if row is not None}) + ["https://never.example/"]


def per_row(getter):
    def value(text):
        url = URL.parse(text) if text is not None else None
        return getattr(url, getter) if url is not None else None

    return [value(text) for text in ROWS]


HREFS = per_row("href")
HOSTNAMES = per_row("hostname")
SITES = per_row("registrable_domain")
VALID = [None if text is None else URL.can_parse(text) for text in ROWS]
PARSED = [expected_row(text) for text in ROWS]


def pyarrow_columns():
    keys = pa.array([None if row is None else DISTINCT.index(row) for row in ROWS], type=pa.int8())
    return {
        "string": pa.array(ROWS, type=pa.string()),
        "large_string": pa.array(ROWS, type=pa.large_string()),
        "string_view": pa.array(ROWS, type=pa.string_view()),
        "dictionary<int8, string>": pa.DictionaryArray.from_arrays(keys, pa.array(DISTINCT)),
        "dictionary<int32, large_string>": pa.DictionaryArray.from_arrays(
            keys.cast(pa.int32()), pa.array(DISTINCT, type=pa.large_string())
        ),
        "dictionary_encode()": pa.array(ROWS).dictionary_encode(),
    }


@pytest.mark.parametrize("name", list(pyarrow_columns()))
def test_pyarrow(name):
    column = pyarrow_columns()[name]
    hrefs = batch.href(column)
    assert isinstance(hrefs, pa.Array) and not pa.types.is_dictionary(hrefs.type), hrefs.type
    assert hrefs.to_pylist() == HREFS
    assert batch.component(column, "hostname").to_pylist() == HOSTNAMES
    assert batch.registrable_domain(column).to_pylist() == SITES
    assert batch.is_valid(column).to_pylist() == VALID
    assert batch.parse(column).to_pylist() == PARSED
    chunked = pa.chunked_array([column.slice(0, 4), column.slice(4)])
    assert batch.href(chunked).num_chunks == 2 and batch.href(chunked).to_pylist() == HREFS


def pandas_columns():
    index = [10 * i for i in range(len(ROWS))]
    columns = {
        "object": pd.Series(ROWS, index=index, name="u", dtype=object),
        "str (the default)": pd.Series(ROWS, index=index, name="u"),
        "string": pd.Series(ROWS, index=index, name="u", dtype="string"),
        "category": pd.Series(ROWS, index=index, name="u", dtype="category"),
    }
    return columns


@pytest.mark.parametrize("name", list(pandas_columns()))
def test_pandas(name):
    series = pandas_columns()[name]
    default = pd.Series(["x"]).dtype
    hrefs = batch.href(series)
    assert isinstance(hrefs, pd.Series) and hrefs.name == "u"
    assert list(hrefs.index) == list(series.index)
    # pandas' default dtype for strings (str in pandas 3, object in pandas 2), its missing value.
    assert hrefs.dtype == default, (hrefs.dtype, default)
    assert [None if pd.isna(v) else v for v in hrefs] == HREFS
    valid = batch.is_valid(series)
    assert valid.dtype == "boolean" and list(valid.index) == list(series.index)
    assert [None if pd.isna(v) else bool(v) for v in valid] == VALID
    parsed = batch.parse(series)
    assert pa.array(parsed).to_pylist() == PARSED
    assert [None if pd.isna(v) else v for v in batch.component(series, "hostname")] == HOSTNAMES


def test_pandas_arrow_dtypes_stay_arrow():
    for dtype in (pd.ArrowDtype(pa.string()), pd.ArrowDtype(pa.dictionary(pa.int8(), pa.string()))):
        series = pd.Series(ROWS, dtype=dtype)
        hrefs = batch.href(series)
        assert isinstance(hrefs.dtype, pd.ArrowDtype), hrefs.dtype
        assert pa.array(hrefs).to_pylist() == HREFS


@pytest.mark.parametrize(
    "dtype", [pl.String, pl.Categorical, pl.Enum(DISTINCT)], ids=["String", "Categorical", "Enum"]
)
def test_polars(dtype):
    import whatwg_url_rs.polars  # noqa: F401  (registers the namespaces)

    series = pl.Series("u", ROWS, dtype=dtype)
    hrefs = batch.href(series)
    assert isinstance(hrefs, pl.Series) and hrefs.dtype == pl.String and hrefs.name == "u"
    assert hrefs.to_list() == HREFS
    assert batch.is_valid(series).to_list() == VALID
    assert batch.parse(series).to_list() == PARSED
    assert series.url.hostname().to_list() == HOSTNAMES
    frame = pl.DataFrame({"u": series})
    for engine in ("eager", "lazy", "streaming"):
        query = [pl.col("u").url.href(), pl.col("u").url.registrable_domain().alias("site")]
        out = (
            frame.select(query)
            if engine == "eager"
            else frame.lazy().select(query).collect(**({"engine": "streaming"} if engine == "streaming" else {}))
        )
        assert out["u"].to_list() == HREFS and out["site"].to_list() == SITES, engine


@pytest.fixture()
def duck():
    con = duckdb.connect()
    enum = ", ".join("'" + value.replace("'", "''") + "'" for value in DISTINCT)
    con.sql(f"create type url_enum as enum ({enum})")
    rows = ", ".join("(null)" if row is None else "('" + row.replace("'", "''") + "')" for row in ROWS)
    con.sql(f"create table t as select row_number() over () as i, u from (values {rows}) v(u)")
    yield con
    con.close()


@pytest.mark.parametrize("sql_type", ["VARCHAR", "url_enum"])
def test_duckdb_through_arrow(duck, sql_type):
    column = duck.sql(f"select u::{sql_type} as u from t order by i").to_arrow_table()["u"]
    if sql_type == "url_enum":
        assert pa.types.is_dictionary(column.type), column.type
    assert batch.href(column).to_pylist() == HREFS
    assert batch.is_valid(column).to_pylist() == VALID
    assert batch.parse(column).to_pylist() == PARSED


def test_duckdb_arrow_udf(duck):
    # The kernels give null for a row that is not a URL: DuckDB's default null handling
    # refuses a UDF result with nulls, "special" passes nulls in and takes them out.
    duck.create_function(
        "url_host", lambda u: batch.component(u, "hostname"), ["VARCHAR"], "VARCHAR",
        type="arrow", null_handling="special",
    )
    got = [row[0] for row in duck.sql("select url_host(u) from t order by i").fetchall()]
    assert got == HOSTNAMES
    enum = [row[0] for row in duck.sql("select url_host(u::url_enum::VARCHAR) from t order by i").fetchall()]
    assert enum == HOSTNAMES


@pytest.mark.parametrize(
    "given, named",
    [
        (pd.DataFrame({"u": ROWS}), "a pandas DataFrame, a table: pass one of its columns"),
        (pd.Index(["https://a.example/"]), "a pandas Index: pass it as a Series"),
        (pl.DataFrame({"u": ROWS}), "a polars DataFrame, a table"),
        (pa.table({"u": ROWS}), "a pyarrow Table, a table"),
        (["https://a.example/", 5], "a list of int or str"),
        ([1, 2], "a list of int"),
        (("https://a.example/",), "a tuple of str"),
        ("https://a.example/", "a str (one URL: URL(text) parses it"),
        (None, "got None"),
        (5, "an int"),
        (pl.col("u"), "a Polars expression: import whatwg_url_rs.polars"),
    ],
    ids=lambda value: type(value).__name__ if not isinstance(value, str) or "a" not in value[:2] else None,
)
def test_wrong_shapes_are_refused_in_one_line(given, named):
    with pytest.raises(TypeError) as raised:
        batch.href(given)
    message = str(raised.value)
    assert "\n" not in message
    assert named in message, message
    assert message.startswith("expected a column of strings: a pyarrow Array or ChunkedArray, a Polars Series, a pandas Series")


def test_a_duckdb_relation_is_refused(duck):
    with pytest.raises(TypeError, match="a duckdb DuckDBPyRelation, a table"):
        batch.href(duck.sql("select u from t"))


def test_columns_of_other_types_say_so():
    with pytest.raises(ValueError, match=r"string column .*, not Int64"):
        batch.href(pa.array([1, 2]))
    with pytest.raises(ValueError, match="expected a pandas Series of strings .* got dtype object"):
        batch.href(pd.Series(["https://a.example/", 5], dtype=object))
    with pytest.raises(ValueError, match=r"string column .*, not Int64"):
        batch.href(pd.Series([1, 2]))
