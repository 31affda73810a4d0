"""The PySpark recipe (`whatwg_url_rs.spark`) in Spark local mode on the real datasets: every
output row equals the per-row API; rows/s for local[1] and local[2] (on the datasets ten times
over) go to `target/python-reports/spark.json`.

Needs Java: when `java` is missing, the test installs Debian's `openjdk-17-jre-headless` with
apt-get (CI machines are root), and fails with the reason if it cannot.
"""

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT
from test_batch import expected_row

REPORT = ROOT / "target/python-reports/spark.json"


def ensure_java():
    if shutil.which("java"):
        return
    commands = [["apt-get", "update", "-q"], ["apt-get", "install", "-y", "-q", "openjdk-17-jre-headless"]]
    for command in commands:
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=900)
        except (OSError, subprocess.TimeoutExpired) as e:
            pytest.fail(f"Spark needs Java and `{' '.join(command)}` could not run: {e}")
        if done.returncode != 0:
            pytest.fail(
                f"Spark needs Java; `{' '.join(command)}` failed ({done.returncode}):\n{done.stderr[-2000:]}"
            )
    if not shutil.which("java"):
        pytest.fail("Spark needs Java: openjdk-17-jre-headless installed, but `java` is not on PATH")


def dataset_files():
    directory = Path(os.environ.get("URL_DATASETS_DIR", ROOT / "../shared/datasets"))
    files = sorted(str(p) for p in directory.glob("*.txt"))
    assert files, f"no *.txt dataset in {directory}"
    return files


def session(master):
    from pyspark.sql import SparkSession

    return (
        SparkSession.builder.master(master)
        .appName(f"whatwg-url-rs test {master}")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .getOrCreate()
    )


def test_spark_map_in_arrow_equals_the_per_row_api():
    ensure_java()
    try:
        import pyspark  # noqa: F401
    except ImportError as e:
        pytest.fail(f"pyspark is not installed in this environment ({e}): pip install pyspark")
    from whatwg_url_rs.spark import with_url_components

    # The workers run this interpreter (the virtual environment with the package).
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    files = dataset_files()
    report = {}
    for master in ("local[1]", "local[2]"):
        spark = session(master)
        try:
            # Four partitions per file, so that both cores have work in local[2].
            df = spark.read.text(files).repartition(8).withColumnRenamed("value", "url")
            df = df.cache()
            rows = df.count()
            parsed = with_url_components(df, "url")
            # Throughput on the datasets ten times over (about a million rows), so that Spark's
            # fixed costs (job start, Python workers) weigh less: the `noop` sink runs the job
            # without writing anything.
            repeated = df.crossJoin(spark.range(10)).select("url").repartition(8).cache()
            repeated_rows = repeated.count()
            start = time.perf_counter()
            with_url_components(repeated, "url").write.format("noop").mode("overwrite").save()
            seconds = time.perf_counter() - start
            report[master] = {
                "rows": repeated_rows,
                "seconds": round(seconds, 3),
                "rows_per_second": round(repeated_rows / seconds),
            }
            if master == "local[2]":
                checked = 0
                for row in parsed.toLocalIterator():
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
