"""The build backend of the source distribution: maturin, once a Rust toolchain new enough is
known to be there.

Building this package from source compiles its Rust extension. Without the toolchain, maturin's
own backend would fetch one (about 800 MB) and could still fail later for want of a C linker;
with one older than the crates of the shipped Cargo.lock need, cargo would stop after
downloading them. This backend instead stops at the first hook pip calls, before anything is
downloaded (maturin included: it is a build requirement only once the toolchain is found), and
says what is missing and how to get a prebuilt wheel. `WHATWG_URL_RS_INSTALL_RUST=1` opts into
maturin's download of a toolchain when there is none.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from typing import Any, Mapping

OPT_IN = "WHATWG_URL_RS_INSTALL_RUST"
MATURIN = "maturin>=1.7"
#: The oldest Rust that builds the sdist: the newest `rust-version` among the crates its
#: Cargo.lock compiles into the extension (`cargo xtask python --wheel` checks this line
#: against the lock it ships, and the tests check the README against this line).
RUST_VERSION = "1.88"


def _version(text: str) -> tuple[int, int] | None:
    """`(major, minor)` of `cargo 1.88.0 (…)` or `1.88`."""
    found = re.search(r"(\d+)\.(\d+)", text)
    return (int(found.group(1)), int(found.group(2))) if found else None


def _old_cargo(cargo: str) -> str | None:
    """Why `cargo` cannot build the sdist (older than `RUST_VERSION`, or not running), else
    None."""
    try:
        done = subprocess.run([cargo, "--version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"a working Rust toolchain (`{cargo} --version` failed: {e})"
    found = _version(done.stdout) if done.returncode == 0 else None
    needed = _version(RUST_VERSION)
    if found is None:
        output = (done.stdout + done.stderr).strip()
        return f"a working Rust toolchain (`{cargo} --version` said: {output})"
    if needed is not None and found < needed:
        return (
            f"Rust {RUST_VERSION} or newer (`{cargo} --version` is {done.stdout.strip()}; "
            "`rustup update` gets a newer one)"
        )
    return None


def _missing() -> list[str]:
    """What a build of the extension needs and this machine lacks."""
    missing = []
    cargo = shutil.which(os.environ.get("CARGO", "cargo"))
    if not cargo:
        missing.append("the Rust toolchain (`cargo` is not on PATH)")
    else:
        old = _old_cargo(cargo)
        if old:
            missing.append(old)
    if sys.platform != "win32" and not any(shutil.which(cc) for cc in ("cc", "gcc", "clang")):
        missing.append("a C compiler and linker (`cc`, for the Rust linker and mimalloc's C code)")
    return missing


def _check() -> list[str]:
    """Fails at once, saying why, when the build cannot work; else the requirements to add
    (maturin's download of a toolchain, when opted into)."""
    missing = _missing()
    if not missing:
        return []
    # The opt-in lets maturin fetch a toolchain where there is none; an old one still stops here.
    if os.environ.get(OPT_IN) == "1" and not any(m.startswith("Rust ") for m in missing):
        return ["puccinialin"] if missing[0].startswith("the Rust toolchain") else []
    lines = [
        "",
        "whatwg-url-rs: building from the source distribution needs "
        + " and ".join(missing)
        + ".",
        "",
        "A prebuilt wheel needs no Rust and no compiler (CPython 3.10 or later on Linux: x86_64",
        "and aarch64 with glibc 2.17 or later, x86_64 with musl 1.2). To install one and never",
        "the source distribution:",
        "",
        "    pip install --only-binary whatwg-url-rs whatwg-url-rs",
        "",
        f"To build from source, install Rust {RUST_VERSION} or newer (https://rustup.rs) and a C",
        "compiler (Debian and Ubuntu: apt-get install gcc), or, where there is no Rust toolchain,",
        f"let the build download one (about 800 MB) by setting {OPT_IN}=1.",
        "",
    ]
    sys.stderr.write("\n".join(lines) + "\n")
    sys.stderr.flush()
    raise SystemExit(1)


def get_requires_for_build_wheel(config_settings: Mapping[str, Any] | None = None) -> list[str]:
    return [MATURIN, *_check()]


def get_requires_for_build_editable(config_settings: Mapping[str, Any] | None = None) -> list[str]:
    return [MATURIN, *_check()]


def get_requires_for_build_sdist(config_settings: Mapping[str, Any] | None = None) -> list[str]:
    # An sdist is made from the sources alone: no toolchain needed.
    return [MATURIN]


#: maturin warns when `build-backend` is not itself; this backend hands every hook to it.
QUIET = "MATURIN_NO_MISSING_BUILD_BACKEND_WARNING"


def _maturin() -> Any:
    _check()
    if os.environ.get(OPT_IN) != "1":
        os.environ["MATURIN_NO_INSTALL_RUST"] = "1"
    os.environ[QUIET] = "1"
    import maturin

    return maturin


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: Any = None) -> str:
    return str(_maturin().prepare_metadata_for_build_wheel(metadata_directory, config_settings))


def build_wheel(wheel_directory: str, config_settings: Any = None, metadata_directory: Any = None) -> str:
    return str(_maturin().build_wheel(wheel_directory, config_settings, metadata_directory))


def build_editable(wheel_directory: str, config_settings: Any = None, metadata_directory: Any = None) -> str:
    return str(_maturin().build_editable(wheel_directory, config_settings, metadata_directory))


def build_sdist(sdist_directory: str, config_settings: Any = None) -> str:
    os.environ[QUIET] = "1"
    import maturin

    return str(maturin.build_sdist(sdist_directory, config_settings))
