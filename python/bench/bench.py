"""The Python benchmark (`cargo xtask bench --python`): per-object parse + href against ada-url,
can-ada, yarl and urllib.parse, and the batch kernels against the best of those, side by side in
one process, rounds interleaved, medians. Prints Markdown.

Then a dictionary-encoded column (pandas `category`, Polars `Categorical`, DuckDB `ENUM`): a
million rows over a thousand distinct URLs of the datasets, against parsing the thousand and
building the million-row result from them with pyarrow's `take`.

usage: bench.py [FILE ...] [--rounds N] [--dictionary-only]
       (default: every *.txt of URL_DATASETS_DIR, else the repository's fixtures/datasets; 9 rounds)
"""

import os

import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import ada_url
import can_ada
import pyarrow as pa
import pyarrow.compute as pc
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


# The dictionary benchmark: rows, distinct values, every how many rows a null key.
DICTIONARY_ROWS = 1_000_000
DICTIONARY_VALUES = 1_000
NULL_EVERY = 97


def dictionary_column(files):
    """`DICTIONARY_ROWS` rows naming `DICTIONARY_VALUES` distinct URLs of the datasets (every
    `NULL_EVERY`-th key null): the dictionary array, its values, and its keys."""
    distinct = []
    for path in files:
        text = path.read_bytes().decode("utf-8", errors="replace").removeprefix("\ufeff")
        distinct.extend(line for line in text.splitlines() if line)
    distinct = list(dict.fromkeys(distinct))[:DICTIONARY_VALUES]
    values = pa.array(distinct, type=pa.string())
    keys = pa.array(
        [None if row % NULL_EVERY == 0 else row * 7919 % len(distinct) for row in range(DICTIONARY_ROWS)],
        type=pa.int16(),
    )
    return pa.DictionaryArray.from_arrays(keys, values), values, keys


def measure_dictionary(files, rounds):
    """Medians (ms a call) of each kernel on the dictionary column, on its values then `take`
    through the keys (the reference: a thousand parses and the million-row result built), and
    on the column written out (a million parses)."""
    column, values, keys = dictionary_column(files)
    plain = column.cast(pa.string())
    variants = [
        ("`href`: dictionary column", lambda: batch.href(column)),
        ("`href`: its values, then `pyarrow.compute.take` by the keys", lambda: pc.take(batch.href(values), keys)),
        ("`href`: the column written out (a parse per row)", lambda: batch.href(plain)),
        ("`parse`: dictionary column", lambda: batch.parse(column)),
        ("`parse`: its values, then `pyarrow.compute.take` by the keys", lambda: pc.take(batch.parse(values), keys)),
        ("`parse`: the column written out (a parse per row)", lambda: batch.parse(plain)),
    ]
    assert batch.href(column).equals(variants[1][1]())
    assert batch.parse(column).equals(variants[4][1]())
    times = {name: [] for name, _ in variants}
    for _ in range(rounds):
        for name, run in variants:
            start = time.perf_counter_ns()
            run()
            times[name].append((time.perf_counter_ns() - start) / 1e6)
    return len(values), {n: statistics.median(t) for n, t in times.items()}


def print_dictionary(files, rounds):
    distinct, medians = measure_dictionary(files, rounds)
    print(
        f"\n## A dictionary-encoded column: {DICTIONARY_ROWS:,} rows over {distinct:,} distinct URLs "
        f"(a null key every {NULL_EVERY}); ms a call, median of {rounds} interleaved rounds\n"
    )
    print("| kernel and input | ms | / values + take |")
    print("| --- | ---: | ---: |")
    names = list(medians)
    for start in (0, 3):
        reference = medians[names[start + 1]]
        for name in names[start : start + 3]:
            print(f"| {name} | {medians[name]:,.1f} | {medians[name] / reference:.2f} |")
    print()


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
    dictionary_only = False
    args = iter(argv)
    for arg in args:
        if arg == "--rounds":
            rounds = int(next(args))
        elif arg == "--quick":
            rounds = 3
        elif arg == "--dictionary-only":
            dictionary_only = True
        else:
            files.append(Path(arg))
    if not files:
        datasets = Path(os.environ.get("URL_DATASETS_DIR") or ROOT / "fixtures/datasets")
        files = sorted(datasets.glob("*.txt"))
    if dictionary_only:
        print_dictionary(files, rounds)
        return
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
    print_dictionary(files, rounds)


if __name__ == "__main__":
    main(sys.argv[1:])
