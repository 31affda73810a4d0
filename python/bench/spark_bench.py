"""The Spark job of `python/tests/test_spark.py` (`with_url_components` through `mapInArrow`, the
datasets ten times over, the `noop` sink) timed with the Python workers in two environments:
this interpreter's (the package and everything else installed beside the driver, as the Spark
test ran before the wheel), and a separate one that holds only the wheel and pyarrow (what a
cluster's executors get). Rounds interleaved, one session per (round, master, workers); prints
Markdown with the median rows per second.

usage: spark_bench.py --workers PYTHON [--rounds N]   (`cargo xtask bench --python` runs it)
"""

import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from spark_job import ensure_java, session, throughput, urls, worker_environment  # noqa: E402

MASTERS = ("local[1]", "local[2]")


def main(argv):
    rounds = 3
    wheel_workers = None
    args = iter(argv)
    for arg in args:
        if arg == "--workers":
            wheel_workers = next(args)
        elif arg == "--rounds":
            rounds = int(next(args))
        else:
            sys.exit(f"unknown argument {arg!r}\n{__doc__}")
    if not wheel_workers:
        sys.exit(__doc__)
    ensure_java()
    environments = {
        "workers in the driver's environment (before the wheel)": sys.executable,
        "workers in their own environment: the wheel + pyarrow": wheel_workers,
    }
    rates = {(label, master): [] for label in environments for master in MASTERS}
    load_before = os.getloadavg()[0]
    rows = None
    for _ in range(rounds):
        for master in MASTERS:
            for label, python in environments.items():
                spark = session(master, python)
                try:
                    prefixes = worker_environment(spark)["prefixes"]
                    assert prefixes == [str(Path(python).parent.parent)], (python, prefixes)
                    df, _ = urls(spark)
                    result = throughput(spark, df)
                finally:
                    spark.stop()
                rows = result["rows"]
                rates[(label, master)].append(result["rows_per_second"])
                print(f"{label}, {master}: {result['rows_per_second']:,} rows/s", file=sys.stderr)
    load = f"load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after, {os.cpu_count()} cores"
    print(f"\n## Spark `mapInArrow` (`with_url_components`, {rows:,} rows, `noop` sink): rows/s, median of {rounds} ({load})\n")
    print("| Python workers | local[1] | local[2] | local[2] / local[1] |")
    print("| --- | ---: | ---: | ---: |")
    for label in environments:
        one, two = (statistics.median(rates[(label, m)]) for m in MASTERS)
        print(f"| {label} | {one:,.0f} | {two:,.0f} | {two / one:.2f} |")
    print()


if __name__ == "__main__":
    main(sys.argv[1:])
