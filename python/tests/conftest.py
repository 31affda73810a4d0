"""Where the shared fixtures are: as test-support finds them for the Rust tests."""

import json
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def wpt_dir() -> Path:
    for candidate in (os.environ.get("URL_WPT_DIR"), ROOT / "../shared/wpt", ROOT / "target/wpt"):
        if candidate and (Path(candidate) / "urltestdata.json").is_file():
            return Path(candidate)
    raise FileNotFoundError("the WPT fixtures: set URL_WPT_DIR or put ../shared beside the clone")


def cases(name: str) -> list:
    """The cases of a fixture (its comment strings left out)."""
    with open(wpt_dir() / name, encoding="utf-8") as f:
        return [case for case in json.load(f) if not isinstance(case, str)]


def dataset_lines() -> list[str]:
    """Every line of every dataset (as test-support's `datasets::lines`)."""
    directory = Path(os.environ.get("URL_DATASETS_DIR", ROOT / "../shared/datasets"))
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
