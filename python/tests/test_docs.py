"""The examples in the docs run: the modules' doctests, and the README's Python blocks (but the
Spark one, which needs Java: `test_spark.py` runs it)."""

import doctest
import re
from pathlib import Path

import pytest

import whatwg_url_rs
import whatwg_url_rs.batch
import whatwg_url_rs.polars

README = Path(__file__).resolve().parents[1] / "README.md"


@pytest.mark.parametrize("module", [whatwg_url_rs, whatwg_url_rs.batch, whatwg_url_rs.polars])
def test_doctests(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def readme_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_readme_blocks_run():
    ran = 0
    for block in readme_blocks():
        if "pyspark" in block:
            continue
        exec(compile(block, str(README), "exec"), {})
        ran += 1
    assert ran >= 4
