"""The Spark job of `test_spark.py` and of `python/bench/spark_bench.py`: a local session whose
Python workers run a given interpreter (as a cluster's executors run the Python of their own
environment), and the timed `with_url_components` job on the datasets ten times over.

Needs Java: when `java` is missing, `ensure_java` installs Debian's `openjdk-17-jre-headless`
with apt-get (CI machines are root), and raises with the reason if it cannot.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The datasets ten times over (about a million rows), so that Spark's fixed costs (job start,
# Python workers) weigh less.
REPEAT = 10
PARTITIONS = 8


def ensure_java():
    if shutil.which("java"):
        return
    commands = [["apt-get", "update", "-q"], ["apt-get", "install", "-y", "-q", "openjdk-17-jre-headless"]]
    for command in commands:
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=900)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise RuntimeError(f"Spark needs Java and `{' '.join(command)}` could not run: {e}") from e
        if done.returncode != 0:
            raise RuntimeError(
                f"Spark needs Java; `{' '.join(command)}` failed ({done.returncode}):\n{done.stderr[-2000:]}"
            )
    if not shutil.which("java"):
        raise RuntimeError("Spark needs Java: openjdk-17-jre-headless installed, but `java` is not on PATH")


def dataset_files() -> list[str]:
    # As conftest.datasets_dir (this module is also run by bench/spark_bench.py, without pytest).
    directory = Path(os.environ.get("URL_DATASETS_DIR") or ROOT / "fixtures/datasets")
    files = sorted(str(p) for p in directory.glob("*.txt"))
    if not files:
        raise FileNotFoundError(f"no *.txt dataset in {directory}")
    return files


def session(master: str, worker_python: str):
    """A local session whose Python workers run `worker_python` (`spark.pyspark.python`, what
    `PYSPARK_PYTHON` sets on a cluster); the driver stays in this interpreter."""
    from pyspark.sql import SparkSession

    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    os.environ["PYSPARK_PYTHON"] = worker_python
    return (
        SparkSession.builder.master(master)
        .appName(f"whatwg-url-rs {master}")
        .config("spark.pyspark.python", worker_python)
        .config("spark.pyspark.driver.python", sys.executable)
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .getOrCreate()
    )


def urls(spark):
    """The datasets as a cached DataFrame with one column `url`, and its row count."""
    # Four partitions per file, so that both cores have work in local[2].
    df = spark.read.text(dataset_files()).repartition(PARTITIONS).withColumnRenamed("value", "url")
    df = df.cache()
    return df, df.count()


def throughput(spark, df) -> dict:
    """Rows per second of `with_url_components` on `df` repeated `REPEAT` times, into the `noop`
    sink (the job runs, nothing is written)."""
    from whatwg_url_rs.spark import with_url_components

    repeated = df.crossJoin(spark.range(REPEAT)).select("url").repartition(PARTITIONS).cache()
    rows = repeated.count()
    start = time.perf_counter()
    with_url_components(repeated, "url").write.format("noop").mode("overwrite").save()
    seconds = time.perf_counter() - start
    repeated.unpersist()
    return {"rows": rows, "seconds": round(seconds, 3), "rows_per_second": round(rows / seconds)}


def worker_environment(spark) -> dict:
    """What the Python workers run: their `sys.prefix`, where they import `whatwg_url_rs` from,
    and the distributions installed in their environment (one `mapInArrow` task per
    partition)."""
    import pyarrow as pa

    def report(batches):
        import importlib.metadata
        import sys as worker_sys

        import whatwg_url_rs

        names = sorted({d.metadata["Name"].lower() for d in importlib.metadata.distributions()})
        for _ in batches:
            pass
        yield pa.RecordBatch.from_pydict(
            {
                "prefix": [worker_sys.prefix],
                "package": [whatwg_url_rs.__file__],
                "distributions": [",".join(names)],
            }
        )

    rows = (
        spark.range(2, numPartitions=2)
        .mapInArrow(report, "prefix string, package string, distributions string")
        .collect()
    )
    return {
        "prefixes": sorted({row["prefix"] for row in rows}),
        "packages": sorted({row["package"] for row in rows}),
        "distributions": sorted({name for row in rows for name in row["distributions"].split(",")}),
    }
