"""Where the repository's fixtures are (as test-support finds them for the Rust tests:
`URL_WPT_DIR`, else `fixtures/wpt`; `URL_DATASETS_DIR`, else `fixtures/datasets`;
`URL_SUITES_DIR`, else `fixtures/suites`), and what
`cargo xtask python` tells the tests about the distributions it built and installed."""

import json
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def required_env(name: str) -> str:
    """A variable `cargo xtask python` sets (the built distributions, the Spark workers'
    interpreter, the crate list); a clear failure when the tests run another way."""
    value = os.environ.get(name)
    if not value:
        pytest.fail(
            f"{name} is not set: run these tests with `cargo xtask python`, which builds the wheel "
            "and the environments they check (see python/README.md, Tests)"
        )
    return value


def wpt_dir() -> Path:
    for candidate in (os.environ.get("URL_WPT_DIR"), ROOT / "fixtures/wpt"):
        if candidate and (Path(candidate) / "urltestdata.json").is_file():
            return Path(candidate)
    raise FileNotFoundError("the WPT fixtures: no urltestdata.json in URL_WPT_DIR or fixtures/wpt")


def datasets_dir() -> Path:
    """The URL lists: `URL_DATASETS_DIR`, else the repository's `fixtures/datasets`."""
    return Path(os.environ.get("URL_DATASETS_DIR") or ROOT / "fixtures/datasets")


def suite_cases(name: str) -> list:
    """The cases of one of other projects' test files: `URL_SUITES_DIR`, else the repository's
    `fixtures/suites` (as test-support's `suites::cases`)."""
    directory = Path(os.environ.get("URL_SUITES_DIR") or ROOT / "fixtures/suites")
    with open(directory / name, encoding="utf-8") as f:
        return [case for case in json.load(f) if not isinstance(case, str)]


def cases(name: str) -> list:
    """The cases of a fixture (its comment strings left out)."""
    with open(wpt_dir() / name, encoding="utf-8") as f:
        return [case for case in json.load(f) if not isinstance(case, str)]


def dataset_lines() -> list[str]:
    """Every line of every dataset (as test-support's `datasets::lines`)."""
    directory = datasets_dir()
    files = sorted(directory.glob("*.txt"))
    if not files:
        raise FileNotFoundError(f"no *.txt dataset in {directory}")
    lines = []
    for path in files:
        text = path.read_bytes().decode("utf-8", errors="replace").removeprefix("\ufeff")
        lines.extend(line for line in text.splitlines() if line)
    return lines


@pytest.fixture(scope="session")
def datasets() -> list[str]:
    return dataset_lines()
