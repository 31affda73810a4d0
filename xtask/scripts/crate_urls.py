#!/usr/bin/env python3
"""Writes fixtures/datasets/crate_urls.txt: the http(s) URLs written in the sources and docs of
the crates.io packages that the workspace's Cargo.lock names, one per line, in a fixed order.

    cargo fetch && python3 xtask/scripts/crate_urls.py

The packages are read from `Cargo.lock` (registry packages only, at their locked versions), their
unpacked sources from `$CARGO_HOME/registry/src/*/NAME-VERSION` (`cargo fetch` puts them there).
Packages are taken in (name, version) order, the files of each in path order (text files only:
.rs .md .toml .txt .html .json .yml .yaml .c .cc .cpp .h .hpp .py; not under a folder named
tests, test, testdata, benches, bench or fuzz, whose URLs are parser test vectors rather than
URLs as documentation writes them), and in each file the URLs in the order written. A URL is `http://` or `https://` followed by bytes other than
white space, quotes, `<`, `>`, `` ` ``, `\\`, brackets and braces, with trailing `.`, `,`, `;`,
`:`, `!`, `?`, `)` and `'` removed. URLs with a non-ASCII byte are left out: as written in
documentation they are ASCII; the ones that are not come from parser test suites, which the
WPT fixtures cover. Only the first occurrence of each is kept, and the list stops before it
would pass LIMIT bytes. The same Cargo.lock gives the same file.
"""

import os
import re
import sys
import tomllib
from pathlib import Path

LIMIT = 1_000_000
EXTENSIONS = {
    ".rs", ".md", ".toml", ".txt", ".html", ".json", ".yml", ".yaml",
    ".c", ".cc", ".cpp", ".h", ".hpp", ".py",
}
SKIPPED = {"target", "tests", "test", "testdata", "benches", "bench", "fuzz"}
URL = re.compile(rb"https?://[^\s\"'<>`\\\[\]{}()]+")
TRAILING = b".,;:!?)'"


def registry_src() -> list[Path]:
    home = Path(os.environ.get("CARGO_HOME", Path.home() / ".cargo"))
    return sorted((home / "registry" / "src").glob("*"))


def packages(root: Path) -> list[tuple[str, str]]:
    lock = tomllib.loads((root / "Cargo.lock").read_text())
    return sorted(
        (p["name"], p["version"])
        for p in lock["package"]
        if p.get("source", "").startswith("registry+")
    )


def main() -> int:
    root = Path(__file__).resolve().parents[2]
    sources = registry_src()
    seen: set[bytes] = set()
    out: list[bytes] = []
    size = 0
    missing = []
    full = False
    for name, version in packages(root):
        if full:
            break
        dirs = [s / f"{name}-{version}" for s in sources if (s / f"{name}-{version}").is_dir()]
        if not dirs:
            missing.append(f"{name}-{version}")
            continue
        base = dirs[0]
        files = sorted(
            p for p in base.rglob("*")
            if p.is_file()
            and p.suffix.lower() in EXTENSIONS
            and not SKIPPED.intersection(p.relative_to(base).parts[:-1])
        )
        for path in files:
            if full:
                break
            for match in URL.finditer(path.read_bytes()):
                url = match.group(0).rstrip(TRAILING)
                if len(url) <= len(b"https://") or url in seen:
                    continue
                if not url.isascii():
                    continue
                if size + len(url) + 1 > LIMIT:
                    full = True
                    break
                seen.add(url)
                out.append(url)
                size += len(url) + 1
    if missing:
        print(f"not unpacked (run `cargo fetch`): {', '.join(missing)}", file=sys.stderr)
        return 1
    target = root / "fixtures" / "datasets" / "crate_urls.txt"
    target.write_bytes(b"\n".join(out) + b"\n")
    print(f"{target}: {len(out)} URLs, {size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
