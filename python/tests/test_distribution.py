"""The package as `cargo xtask python` built and installed it: an abi3 manylinux wheel and an
sdist in `WHATWG_URL_RS_DIST`, both carrying the licence files, the wheel installed into this
environment, where no Rust toolchain is visible; and the third-party licence file naming every
crate of the extension's dependency tree (`WHATWG_URL_RS_CARGO_TREE`: `cargo tree -p
whatwg-url-python -e normal`, written by xtask while cargo was at hand)."""

import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

import pytest

import whatwg_url_rs
from conftest import ROOT, required_env

LICENCE_FILES = ("LICENSE-MIT", "LICENSE-APACHE", "THIRD-PARTY-LICENSES.txt")
# The tests' wheel: x86_64 for glibc 2.17 and later (manylinux2014).
WHEEL_NAME = re.compile(r"whatwg_url_rs-[^-]+-cp310-abi3-manylinux2014_x86_64\.manylinux_2_17_x86_64\.whl")


def only(directory: Path, pattern: str) -> Path:
    found = sorted(directory.glob(pattern))
    assert len(found) == 1, f"{pattern} in {directory}: {found}"
    return found[0]


@pytest.fixture(scope="module")
def dist() -> Path:
    return Path(required_env("WHATWG_URL_RS_DIST"))


def test_the_sdist_without_rust_fails_at_once_saying_what_is_missing(dist, tmp_path):
    """pip install of the sdist where no Rust toolchain is: an error naming what is missing and
    how to get a wheel, from the first hook pip calls, before any build requirement is fetched."""
    sdist = only(dist, "*.tar.gz")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    env = {key: value for key, value in os.environ.items() if key != "WHATWG_URL_RS_INSTALL_RUST"}
    start = time.monotonic()
    done = subprocess.run(
        [str(venv / "bin/python"), "-m", "pip", "install", "--no-cache-dir", "--disable-pip-version-check", str(sdist)],
        capture_output=True, text=True, env=env, timeout=600,
    )
    seconds = time.monotonic() - start
    output = done.stdout + done.stderr
    print(f"pip install {sdist.name} without Rust: exit {done.returncode} after {seconds:.1f} s")
    assert done.returncode != 0, output
    assert "building from the source distribution needs the Rust toolchain (`cargo` is not on PATH)" in output, output
    assert "pip install --only-binary whatwg-url-rs whatwg-url-rs" in output, output
    assert "WHATWG_URL_RS_INSTALL_RUST=1" in output, output
    # The backend asked for nothing: no maturin, no toolchain installer was fetched.
    assert "Installing backend dependencies" not in output, output
    assert "puccinialin" not in output and "Downloading" not in output, output


def test_the_sdist_with_an_older_rust_fails_at_once_saying_which_it_needs(dist, tmp_path):
    """pip install of the sdist where `cargo --version` is older than the lock needs: the
    backend's first hook says which version it needs and which it found, before maturin or
    any crate is fetched."""
    sdist = only(dist, "*.tar.gz")
    with tarfile.open(sdist) as archive:
        backend = archive.extractfile(only_member(archive.getnames(), r"[^/]+/build_backend/backend\.py")).read().decode()
    (needed,) = re.findall(r'^RUST_VERSION = "(\d+)\.(\d+)"$', backend, re.M)
    older = f"{needed[0]}.{int(needed[1]) - 1}.0"
    tools = tmp_path / "bin"
    tools.mkdir()
    cargo = tools / "cargo"
    cargo.write_text(f'#!/bin/sh\necho "cargo {older} (0000000 2025-01-01)"\n')
    cargo.chmod(0o755)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    env = {key: value for key, value in os.environ.items() if key != "WHATWG_URL_RS_INSTALL_RUST"}
    env["PATH"] = f"{tools}{os.pathsep}{env['PATH']}"
    done = subprocess.run(
        [str(venv / "bin/python"), "-m", "pip", "install", "--no-cache-dir", "--disable-pip-version-check", str(sdist)],
        capture_output=True, text=True, env=env, timeout=600,
    )
    output = done.stdout + done.stderr
    assert done.returncode != 0, output
    assert f"needs Rust {needed[0]}.{needed[1]} or newer" in output, output
    assert f"is cargo {older}" in output, output
    assert "pip install --only-binary whatwg-url-rs whatwg-url-rs" in output, output
    assert "Installing backend dependencies" not in output and "Downloading" not in output, output


def test_no_rust_toolchain_is_visible():
    for program in ("cargo", "rustc", "rustup", "rustdoc"):
        assert shutil.which(program) is None, f"{program} is on PATH: {shutil.which(program)}"
    assert not [key for key in os.environ if key.startswith(("CARGO", "RUSTUP", "RUSTC"))]


def test_the_package_is_the_installed_wheel(dist):
    site = Path(sys.prefix).resolve()
    assert site != Path(sys.base_prefix).resolve(), "not a virtual environment"
    package = Path(whatwg_url_rs.__file__).resolve()
    assert site in package.parents, f"{package} is not installed in {site}"
    assert (ROOT / "python").resolve() not in package.parents, f"{package} comes from the source tree"
    installed = importlib.metadata.distribution("whatwg-url-rs")
    wheel = only(dist, "*manylinux*_x86_64.whl")
    assert wheel.name.startswith(f"whatwg_url_rs-{installed.version}-")
    native = [f.name for f in installed.files if f.name.startswith("_native") and f.suffix == ".so"]
    assert native == ["_native.abi3.so"]


def test_the_wheel_is_abi3_manylinux(dist):
    wheel = only(dist, "*manylinux*_x86_64.whl")
    match = WHEEL_NAME.fullmatch(wheel.name)
    assert match, wheel.name
    with zipfile.ZipFile(wheel) as archive:
        metadata = archive.read(only_member(archive.namelist(), r"[^/]+\.dist-info/WHEEL")).decode()
    assert "Root-Is-Purelib: false" in metadata
    tags = re.findall(r"^Tag: (\S+)$", metadata, re.M)
    assert sorted(tags) == ["cp310-abi3-manylinux2014_x86_64", "cp310-abi3-manylinux_2_17_x86_64"], tags


def only_member(names, pattern):
    found = [n for n in names if re.fullmatch(pattern, n)]
    assert len(found) == 1, (pattern, found)
    return found[0]


def test_wheel_and_sdist_carry_the_licence_files(dist):
    with zipfile.ZipFile(only(dist, "*manylinux*_x86_64.whl")) as archive:
        names = archive.namelist()
        metadata = archive.read(only_member(names, r"[^/]+\.dist-info/METADATA")).decode()
        for name in LICENCE_FILES:
            member = only_member(names, rf"[^/]+\.dist-info/licenses/{re.escape(name)}")
            assert archive.read(member).strip(), member
            assert f"License-File: {name}" in metadata
        wheel_notices = archive.read(only_member(names, r"[^/]+\.dist-info/licenses/THIRD-PARTY-LICENSES\.txt"))
    with tarfile.open(only(dist, "*.tar.gz")) as archive:
        names = archive.getnames()
        pkg_info = archive.extractfile(only_member(names, r"[^/]+/PKG-INFO")).read().decode()
        for name in LICENCE_FILES:
            assert f"License-File: {name}" in pkg_info
            only_member(names, rf"[^/]+/{re.escape(name)}")
        sdist_notices = archive.extractfile(only_member(names, r"[^/]+/THIRD-PARTY-LICENSES\.txt")).read()
        assert only_member(names, r"[^/]+/Cargo\.lock")
    assert sdist_notices == wheel_notices


def installed_notices() -> str:
    installed = importlib.metadata.distribution("whatwg-url-rs")
    files = [f for f in installed.files if f.name == "THIRD-PARTY-LICENSES.txt"]
    assert len(files) == 1, f"the installed wheel has no THIRD-PARTY-LICENSES.txt: {installed.files}"
    return files[0].read_text(encoding="utf-8")


def dependency_tree() -> list[tuple[str, str]]:
    """`(name, version)` of every crate `cargo tree -p whatwg-url-python -e normal` prints: from
    the file xtask wrote, else from cargo itself when it is on PATH."""
    listing = os.environ.get("WHATWG_URL_RS_CARGO_TREE")
    if listing:
        lines = Path(listing).read_text(encoding="utf-8").splitlines()
    elif shutil.which("cargo"):
        out = subprocess.run(
            ["cargo", "tree", "--locked", "-p", "whatwg-url-python", "-e", "normal", "--prefix", "none", "--format", "{p}"],
            cwd=ROOT, capture_output=True, text=True, check=True,
        ).stdout
        lines = [" ".join([words[0], words[1].removeprefix("v")]) for words in map(str.split, out.splitlines()) if words]
    else:
        required_env("WHATWG_URL_RS_CARGO_TREE")
    crates = sorted({tuple(line.split()[:2]) for line in lines if line.strip()})
    assert len(crates) > 20, crates
    return crates


def test_every_crate_of_the_extension_is_in_the_licence_file():
    text = installed_notices()
    listed = set(re.findall(r"^  (\S+) (\S+)  ", text, re.M))
    sections = re.split(r"^={78}\n(\S+) (\S+)  licence: .*\n={78}\n", text, flags=re.M)
    # re.split with two groups: [header, name, version, body, name, version, body, ...]
    bodies = {(sections[i], sections[i + 1]): sections[i + 2] for i in range(1, len(sections) - 2, 3)}
    missing = [crate for crate in dependency_tree() if crate not in listed or crate not in bodies]
    assert not missing, f"crates of the extension missing from THIRD-PARTY-LICENSES.txt: {missing}"
    for crate, body in bodies.items():
        assert "\n--- " in body, f"{crate} has no licence text"
    # The C sources mimalloc's crate compiles carry their own licence (Microsoft's MIT).
    mimalloc = next(body for (name, _), body in bodies.items() if name == "libmimalloc-sys")
    assert "(bundled C sources)" in mimalloc and "Microsoft" in mimalloc
