"""The Python benchmark (`cargo xtask bench --python`): per-object parse + href against ada-url,
can-ada, yarl and urllib.parse, and the batch kernels against the best of those, side by side in
one process, rounds interleaved, medians. Prints Markdown.

usage: bench.py [FILE ...] [--rounds N]   (default: every *.txt of ../shared/datasets, 9 rounds)
"""

import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import ada_url
import can_ada
import pyarrow as pa
import yarl

from whatwg_url_rs import URL, batch
from whatwg_url_rs._native import _batch

ROOT = Path(__file__).resolve().parents[2]


# One loop per implementation, the call written out (no lambda between), the same try/except
# around each (a URL that fails costs an exception in every library).
def ours(urls):
    for s in urls:
        try:
            URL(s).href
        except ValueError:
            pass


def ada_object(urls):
    for s in urls:
        try:
            ada_url.URL(s).href
        except ValueError:
            pass


def ada_normalize(urls):
    for s in urls:
        try:
            ada_url.normalize_url(s)
        except ValueError:
            pass


def can_ada_parse(urls):
    for s in urls:
        try:
            can_ada.parse(s).href
        except ValueError:
            pass


def yarl_url(urls):
    for s in urls:
        try:
            str(yarl.URL(s))
        except ValueError:
            pass


def urllib_urlsplit(urls):
    for s in urls:
        try:
            urlsplit(s).geturl()
        except ValueError:
            pass


PER_OBJECT = [
    ("whatwg-url-rs `URL(s).href`", ours),
    ("ada-url `URL(s).href`", ada_object),
    ("ada-url `normalize_url(s)`", ada_normalize),
    ("can-ada `parse(s).href`", can_ada_parse),
    ("yarl `str(URL(s))` (RFC 3986, not WHATWG)", yarl_url),
    ("urllib `urlsplit(s).geturl()` (no normalization)", urllib_urlsplit),
]


def batch_variants(array):
    return [
        ("batch `parse` (struct of 13 columns)", lambda: batch.parse(array)),
        ("batch `href`", lambda: batch.href(array)),
        ("batch `component(hostname)`", lambda: batch.component(array, "hostname")),
        ("batch `is_valid`", lambda: batch.is_valid(array)),
        ("Rust `Url::parse_into` per row, one reused Url (baseline)", lambda: _batch._parse_count(array)),
    ]


def measure(files, rounds):
    results = []
    for path in files:
        text = path.read_bytes().decode("utf-8", errors="replace").removeprefix("\ufeff")
        urls = [line for line in text.splitlines() if line]
        array = pa.array(urls, type=pa.string())
        variants = [(name, lambda f=f: f(urls)) for name, f in PER_OBJECT] + batch_variants(array)
        times = {name: [] for name, _ in variants}
        for _ in range(rounds):
            for name, run in variants:
                start = time.perf_counter_ns()
                run()
                times[name].append((time.perf_counter_ns() - start) / len(urls))
        results.append((path.name, len(urls), {n: statistics.median(t) for n, t in times.items()}))
    return results


def main(argv):
    rounds = 9
    files = []
    args = iter(argv)
    for arg in args:
        if arg == "--rounds":
            rounds = int(next(args))
        elif arg == "--quick":
            rounds = 3
        else:
            files.append(Path(arg))
    if not files:
        files = sorted((ROOT / "../shared/datasets").glob("*.txt"))
    results = measure(files, rounds)
    print(f"\n## Python: ns per URL (median of {rounds} interleaved rounds; CPython {sys.version.split()[0]})\n")
    for name, count, medians in results:
        ada = medians["ada-url `URL(s).href`"]
        baseline = medians["Rust `Url::parse_into` per row, one reused Url (baseline)"]
        print(f"### {name} ({count:,} URLs)\n")
        print("| implementation | ns/URL | / ada-url `URL(s).href` | ada-url `URL(s).href` / this | / Rust parse baseline |")
        print("| --- | ---: | ---: | ---: | ---: |")
        for variant, ns in medians.items():
            print(f"| {variant} | {ns:,.1f} | {ns / ada:.3f} | {ada / ns:,.1f}× | {ns / baseline:.2f} |")
        print()


if __name__ == "__main__":
    main(sys.argv[1:])
