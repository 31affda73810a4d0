"""The examples in the docs run: the modules' doctests, and the README's Python blocks (but the
Spark one, which needs a session: `test_spark.py` runs that recipe)."""

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


def test_readme_blocks_run():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    ran = 0
    for block in blocks:
        if "spark" in block:
            continue
        exec(compile(block, str(README), "exec"), {})
        ran += 1
    assert ran >= 3
