"""The PySpark recipe (`whatwg_url_rs.spark`) in Spark local mode, the way a cluster runs it: the
Python workers in an environment of their own that holds only the wheel and pyarrow
(`WHATWG_URL_RS_SPARK_WORKER_PYTHON`, made by `cargo xtask python`), given to Spark as the
workers' Python. Every output row equals the per-row API; rows/s for local[1] and local[2] (on
the datasets ten times over) go to `target/python-reports/spark.json`. (The README's Spark job,
from environments made by its own install lines, runs in `test_docs.py`.)
"""

import json
import os
import sys
from pathlib import Path

import pytest

from conftest import ROOT, required_env
from spark_job import ensure_java, session, throughput, urls, worker_environment
from test_batch import expected_row

# `cargo xtask python` names the reports folder (in its target folder, CARGO_TARGET_DIR honoured).
REPORT = Path(os.environ.get("WHATWG_URL_RS_REPORTS", ROOT / "target/python-reports")) / "spark.json"

# What the workers' environment may hold: the wheel, pyarrow (and what pyarrow or pip bring).
WORKER_DISTRIBUTIONS = {"whatwg-url-rs", "pyarrow", "numpy", "pip", "setuptools"}


def test_spark_workers_in_their_own_environment_equal_the_per_row_api():
    worker_python = required_env("WHATWG_URL_RS_SPARK_WORKER_PYTHON")
    worker_prefix = str(Path(worker_python).parent.parent)
    assert Path(worker_prefix).resolve() != Path(sys.prefix).resolve(), "the workers need an environment of their own"
    try:
        ensure_java()
    except RuntimeError as e:
        pytest.fail(str(e))
    try:
        import pyspark  # noqa: F401
    except ImportError as e:
        pytest.fail(f"pyspark is not installed in this environment ({e}): pip install pyspark")
    from whatwg_url_rs.spark import with_url_components

    report = {"workers": worker_python}
    for master in ("local[1]", "local[2]"):
        spark = session(master, worker_python)
        try:
            workers = worker_environment(spark)
            assert workers["prefixes"] == [worker_prefix], workers
            assert all(p.startswith(worker_prefix + os.sep) for p in workers["packages"]), workers
            assert "whatwg-url-rs" in workers["distributions"] and "pyarrow" in workers["distributions"]
            assert set(workers["distributions"]) <= WORKER_DISTRIBUTIONS, workers["distributions"]
            df, rows = urls(spark)
            report[master] = throughput(spark, df)
            if master == "local[2]":
                checked = 0
                for row in with_url_components(df, "url").toLocalIterator():
                    parts = row["url_parts"].asDict() if row["url_parts"] is not None else None
                    assert parts == expected_row(row["url"]), row["url"]
                    checked += 1
                assert checked == rows and rows > 90_000
        finally:
            spark.stop()
    report["scaling"] = round(report["local[2]"]["rows_per_second"] / report["local[1]"]["rows_per_second"], 2)
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report))
