"""The stubs: `mypy --strict` on `typing_batch.py` (the batch kernels with pyarrow, Polars and
pandas columns, each result's type asserted; what the runtime refuses refused), against the
installed package, then the same file run, so that each static type is the one at run time."""

import subprocess
import sys
from pathlib import Path

import typing_batch

HERE = Path(__file__).resolve().parent


def test_mypy_strict_infers_each_librarys_type(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"), "typing_batch.py"],
        cwd=HERE,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found in 1 source file" in done.stdout, done.stdout


def test_the_typed_calls_run_and_agree():
    typing_batch.main()
