"""The build backend of the source distribution: maturin, once the Rust toolchain is known to be
there.

Building this package from source compiles its Rust extension. Without the toolchain, maturin's
own backend would fetch one (about 800 MB) and could still fail later for want of a C linker;
this backend instead stops at the first hook pip calls, before anything is downloaded (maturin
included: it is a build requirement only once the toolchain is found), and says what is missing
and how to get a prebuilt wheel. `WHATWG_URL_RS_INSTALL_RUST=1` opts into maturin's download.
"""

from __future__ import annotations

import os
import shutil
import sys
from typing import Any, Mapping

OPT_IN = "WHATWG_URL_RS_INSTALL_RUST"
MATURIN = "maturin>=1.7"


def _missing() -> list[str]:
    """What a build of the extension needs and this machine lacks."""
    missing = []
    if not shutil.which(os.environ.get("CARGO", "cargo")):
        missing.append("the Rust toolchain (`cargo` is not on PATH)")
    if sys.platform != "win32" and not any(shutil.which(cc) for cc in ("cc", "gcc", "clang")):
        missing.append("a C compiler and linker (`cc`, for the Rust linker and mimalloc's C code)")
    return missing


def _check() -> list[str]:
    """Fails at once, saying why, when the build cannot work; else the requirements to add
    (maturin's download of a toolchain, when opted into)."""
    missing = _missing()
    if not missing:
        return []
    if os.environ.get(OPT_IN) == "1":
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
        "To build from source, install Rust (https://rustup.rs) and a C compiler (Debian and",
        "Ubuntu: apt-get install gcc), or let the build download a Rust toolchain (about 800 MB)",
        f"by setting {OPT_IN}=1.",
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


def _maturin() -> Any:
    _check()
    if os.environ.get(OPT_IN) != "1":
        os.environ["MATURIN_NO_INSTALL_RUST"] = "1"
    import maturin

    return maturin


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: Any = None) -> str:
    return str(_maturin().prepare_metadata_for_build_wheel(metadata_directory, config_settings))


def build_wheel(wheel_directory: str, config_settings: Any = None, metadata_directory: Any = None) -> str:
    return str(_maturin().build_wheel(wheel_directory, config_settings, metadata_directory))


def build_editable(wheel_directory: str, config_settings: Any = None, metadata_directory: Any = None) -> str:
    return str(_maturin().build_editable(wheel_directory, config_settings, metadata_directory))


def build_sdist(sdist_directory: str, config_settings: Any = None) -> str:
    import maturin

    return str(maturin.build_sdist(sdist_directory, config_settings))
