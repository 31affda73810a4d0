"""The examples in the docs run as written: the modules' doctests, every Python block of the
README (each line that shows its result in a comment, `url.href  # 'https://…'`, compared with
what it gives), and every shell block, in a fresh directory where `target/wheels` holds what `cargo
xtask python` built and no Rust toolchain is in sight. Two kinds of shell block are not run
here: the build commands (`cargo xtask python --wheel`: what made this run's wheels, whose file
names the test holds to what the block lists), and the sdist's install, which needs Rust and
which `cargo xtask python` runs as written before the tests (`WHATWG_URL_RS_SDIST_BLOCK`)."""

import ast
import doctest
import io
import os
import re
import shutil
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

import whatwg_url_rs
import whatwg_url_rs.batch
import whatwg_url_rs.polars
from conftest import required_env
from spark_job import ensure_java

README = Path(__file__).resolve().parents[1] / "README.md"
BACKEND = Path(__file__).resolve().parents[1] / "build_backend/backend.py"


@pytest.mark.parametrize("module", [whatwg_url_rs, whatwg_url_rs.batch, whatwg_url_rs.polars])
def test_doctests(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def blocks(language: str) -> list[str]:
    """The README's blocks in `language`, whatever more their info string says (the shell
    blocks' `sh not-run: …` is for the docs check, which runs none)."""
    return re.findall(rf"```{language}(?: [^\n]*)?\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def readme_blocks() -> list[str]:
    """The README's Python blocks."""
    return blocks("python")


def spark_job() -> str:
    (job,) = [block for block in readme_blocks() if "pyspark" in block]
    return job


def shown(comment: str):
    """The value a `# …` comment shows, doctest style: a Python literal, perhaps followed by a
    note in parentheses (`# 'https://münchen.de/' (URL rendering)`); `None` when it shows no value
    (a remark such as `# every setter of the standard`)."""
    text = comment.strip()
    candidates = [text]
    note = re.match(r"^(.*\S)\s+\([^()]*\)$", text)
    if note:
        candidates.append(note.group(1))
    for candidate in candidates:
        try:
            return (ast.literal_eval(candidate),)
        except (ValueError, SyntaxError):
            continue
    return None


def with_checks(block: str) -> tuple[str, int]:
    """`block` with each one-line expression statement followed by a comment that shows a value
    (`url.href  # 'https://…'`) turned into a check that the expression gives that value; the
    number of checks."""
    lines = block.split("\n")
    comments = {
        token.start[0]: token.string[1:]
        for token in tokenize.generate_tokens(io.StringIO(block).readline)
        if token.type == tokenize.COMMENT
    }
    checked = 0
    for node in ast.walk(ast.parse(block)):
        if not isinstance(node, ast.Expr) or node.lineno != node.end_lineno:
            continue
        comment = comments.get(node.lineno)
        value = shown(comment) if comment is not None else None
        if value is None:
            continue
        line = lines[node.lineno - 1]
        code = line[node.col_offset : node.end_col_offset]
        lines[node.lineno - 1] = (
            f"{line[: node.col_offset]}__shown__(({code}), {value[0]!r}, {node.lineno})"
        )
        checked += 1
    return "\n".join(lines), checked


def shown_check(actual, expected, line):
    # An Arrow array is shown by its values, as a list.
    if hasattr(actual, "to_pylist"):
        actual = actual.to_pylist()
    assert actual == expected, f"README.md block line {line}: gives {actual!r}, shows {expected!r}"


def test_readme_python_blocks_run():
    """Every Python block but the Spark job (`job.py` of the shell block that runs it), and
    each gives what it shows."""
    ran = checked = 0
    for block in readme_blocks():
        if block != spark_job():
            source, checks = with_checks(block)
            exec(compile(source, str(README), "exec"), {"__shown__": shown_check})
            ran += 1
            checked += checks
    assert ran >= 5
    assert checked >= 10, checked


def test_a_wrong_shown_result_fails():
    source, checks = with_checks("1 + 1   # 3\nx = 2   # a remark\n")
    assert checks == 1
    with pytest.raises(AssertionError, match="gives 2, shows 3"):
        exec(compile(source, "planted", "exec"), {"__shown__": shown_check})


def is_build(block: str) -> bool:
    return block.startswith("cargo xtask python")


def is_sdist_install(block: str) -> bool:
    return ".tar.gz" in block and block.startswith("pip install")


def test_the_build_blocks_name_the_files_the_build_writes():
    dist = Path(required_env("WHATWG_URL_RS_DIST"))
    built = sorted(path.name for path in dist.iterdir() if path.name.endswith((".whl", ".tar.gz")))
    (build,) = [block for block in blocks("sh") if is_build(block)]
    listed = re.findall(r"^#\s+(whatwg_url_rs-\S+)$", build, re.M)
    # This run built the x86_64 wheel and the sdist (the first command), and with
    # --all-platforms the others: each file written is listed, the first command's all written.
    assert set(listed[:2]) <= set(built) <= set(listed), (listed, built)
    # The other platforms' wheels are named as maturin names them: the legacy tag first.
    for name in listed[2:]:
        assert re.fullmatch(
            r"whatwg_url_rs-[^-]+-cp310-abi3-(manylinux2014_(\w+)\.manylinux_2_17_\2|musllinux_1_2_\w+)\.whl", name
        ), name
    # Every wheel or sdist the README names is one the build writes.
    named = set(re.findall(r"whatwg_url_rs-0[^\s/`\"]*?(?:\.whl|\.tar\.gz)", README.read_text(encoding="utf-8")))
    assert named <= set(listed), named - set(listed)


def test_the_sdist_block_ran_with_rust():
    (block,) = [block for block in blocks("sh") if is_sdist_install(block)]
    assert required_env("WHATWG_URL_RS_SDIST_BLOCK") == block


def rust_version() -> str:
    (version,) = re.findall(r'^RUST_VERSION = "([\d.]+)"$', BACKEND.read_text(encoding="utf-8"), re.M)
    return version


def test_the_readme_states_the_rust_version_the_backend_checks():
    """The backend's version is the sdist lock's (`cargo xtask python --wheel` checks that); the
    page says the same, and names no other Rust version for building the package."""
    text = README.read_text(encoding="utf-8")
    assert f"Rust {rust_version()} or newer" in text
    assert set(re.findall(r"Rust (\d+\.\d+) or newer", text)) == {rust_version()}


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    """A fresh directory holding `target/wheels` (what the build wrote) and the Spark job."""
    work = tmp_path_factory.mktemp("readme")
    (work / "target").mkdir()
    shutil.copytree(required_env("WHATWG_URL_RS_DIST"), work / "target/wheels")
    (work / "job.py").write_text(spark_job(), encoding="utf-8")
    return work


def run_shell(block: str, cwd: Path) -> str:
    """`block` in bash (stopping at the first failing line), this environment's PATH (no Rust)
    and no virtual environment active."""
    env = {key: value for key, value in os.environ.items() if key not in ("VIRTUAL_ENV", "PYTHONHOME")}
    bin_dir = str(Path(sys.executable).parent)
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if p != bin_dir)
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", block], cwd=cwd, env=env, capture_output=True, text=True, timeout=1800
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"{block}\nexit {done.returncode}:\n{output[-6000:]}"
    return done.stdout


def runnable_shell_blocks() -> list[str]:
    return [block for block in blocks("sh") if not is_build(block) and not is_sdist_install(block)]


def test_every_other_shell_block_runs_as_written(workdir):
    """The install lines, then the Spark lines: the driver's environment from the `spark`
    extra, the workers' from the wheel and pyarrow, `spark-submit` of the README's job."""
    ran = []
    for block in runnable_shell_blocks():
        if "spark-submit" in block:
            ensure_java()
        out = run_shell(block, workdir)
        ran.append(block.split()[0:4])
        if "URL('HTTPS://EXAMPLE.com/a/../b').href" in block:
            assert out.strip().endswith("https://example.com/b"), out
        if "spark-submit" in block:
            assert "www.example.co.uk" in out and "true" in out and "false" in out, out
            # The workers' environment is the wheel and pyarrow: no pandas, no PySpark.
            workers = workdir / "url-env/bin/python"
            probe = "import importlib.util as u; print([m for m in ('pandas', 'pyspark') if u.find_spec(m)])"
            assert run_shell(f"{workers} -c \"{probe}\"", workdir).strip() == "[]"
    assert len(ran) == 2, ran
