"""The Polars `url` namespace in each of Polars' engines: eager (`DataFrame.select`), lazy
(`LazyFrame.collect()`) and streaming (`collect(engine="streaming")`) give the same frames, equal
to the per-row API; every row goes through a kernel exactly once. How each engine calls the
kernels (calls, rows per call, threads) goes to `target/python-reports/polars.json`: the README's
"Polars" section says what it showed."""

import json
import os
import threading
from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal

import whatwg_url_rs.polars  # noqa: F401  (registers the namespace)
from conftest import ROOT, cases
from test_batch import expected_row
from whatwg_url_rs import URL, batch

# `cargo xtask python` names the reports folder (in its target folder, CARGO_TARGET_DIR honoured).
REPORT = Path(os.environ.get("WHATWG_URL_RS_REPORTS", ROOT / "target/python-reports")) / "polars.json"
BASE = "https://example.com/dir/page?q#f"
ENGINES = ("eager", "lazy", "streaming")


@pytest.fixture(scope="module")
def frame(datasets):
    inputs = list(datasets) + [case["input"] for case in cases("urltestdata.json")]
    inputs = [s.encode("utf-8", "replace").decode("utf-8") for s in inputs]
    return pl.DataFrame({"u": [None if i % 13 == 7 else s for i, s in enumerate(inputs)]}, schema={"u": pl.String})


def expressions(base):
    u = pl.col("u")
    exprs = [u.url.parse(base).alias("parsed")]
    exprs += [u.url.component(name, base).alias(name) for name in batch.COMPONENTS]
    exprs += [
        u.url.registrable_domain(base).alias("site"),
        u.url.public_suffix(base).alias("suffix"),
        u.url.is_valid(base).alias("ok"),
    ]
    return exprs


def run(engine, frame, query):
    """`query` (LazyFrame -> LazyFrame) in `engine`."""
    if engine == "eager":
        # The DataFrame methods run at once, one by one.
        return query(frame)
    lazy = query(frame.lazy())
    return lazy.collect() if engine == "lazy" else lazy.collect(engine="streaming")


@pytest.mark.parametrize("base", [None, BASE])
def test_engines_give_the_per_row_answers(frame, base):
    results = {engine: run(engine, frame, lambda f: f.select(expressions(base))) for engine in ENGINES}
    for engine in ("lazy", "streaming"):
        assert_frame_equal(results["eager"], results[engine])
    texts = frame["u"].to_list()
    assert results["eager"]["parsed"].to_list() == [expected_row(t, base) for t in texts]
    hosts = [row["hostname"] if row else None for row in results["eager"]["parsed"].to_list()]
    assert results["eager"]["hostname"].to_list() == hosts


def test_engines_agree_in_a_query(frame):
    """A filter on a kernel's column and a grouping on another, as a real query has them."""

    def query(f):
        return (
            f.with_columns(pl.col("u").url.registrable_domain().alias("site"))
            .filter(pl.col("u").url.is_valid())
            .group_by("site")
            .agg(pl.len().alias("urls"), pl.col("u").url.pathname().n_unique().alias("paths"))
            .sort("site", nulls_last=True)
        )

    results = {engine: run(engine, frame, query) for engine in ENGINES}
    assert results["eager"]["urls"].sum() == sum(1 for t in frame["u"].to_list() if t is not None and URL.can_parse(t))
    for engine in ("lazy", "streaming"):
        assert_frame_equal(results["eager"], results[engine])


def test_each_row_meets_a_kernel_once(frame, monkeypatch):
    """Counts every kernel call per engine; the counts go to the report."""
    report = {}
    for engine in ENGINES:
        calls = []

        def recorder(kernel):
            def record(column, *args):
                calls.append((kernel.__name__, len(column), threading.get_native_id()))
                return kernel(column, *args)

            record.__name__ = kernel.__name__
            return record

        with monkeypatch.context() as patch:
            for name in ("parse", "component", "registrable_domain", "is_valid"):
                patch.setattr(batch, name, recorder(getattr(batch, name)))
            # Built inside the patch: the namespace picks the kernels up when the expression is made.
            exprs = [
                pl.col("u").url.parse().alias("parsed"),
                pl.col("u").url.hostname().alias("host"),
                pl.col("u").url.registrable_domain().alias("site"),
                pl.col("u").url.is_valid().alias("ok"),
            ]
            run(engine, frame, lambda f: f.select(exprs))
        for kernel in ("parse", "component", "registrable_domain", "is_valid"):
            sizes = [size for name, size, _ in calls if name == kernel]
            assert sum(sizes) == frame.height, (engine, kernel, len(sizes), sum(sizes))
        sizes = [size for _, size, _ in calls]
        report[engine] = {
            "kernel_calls": len(calls),
            "rows_per_call_min": min(sizes),
            "rows_per_call_max": max(sizes),
            "threads": len({thread for _, _, thread in calls}),
        }
    report["rows"] = frame.height
    report["polars"] = pl.__version__
    report["polars_threads"] = pl.thread_pool_size()
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report))
