"""The examples in the docs run: the modules' doctests, and the README's Python blocks (but the
Spark one, which needs Java: `test_spark.py` runs it), each line that shows its result in a
comment (`url.href  # 'https://…'`) compared with what it gives."""

import ast
import doctest
import io
import re
import tokenize
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


def test_readme_blocks_run_and_give_what_they_show():
    ran = checked = 0
    for block in readme_blocks():
        if "pyspark" in block:
            continue
        source, checks = with_checks(block)
        exec(compile(source, str(README), "exec"), {"__shown__": shown_check})
        ran += 1
        checked += checks
    assert ran >= 4
    assert checked >= 10, checked


def test_a_wrong_shown_result_fails():
    source, checks = with_checks("1 + 1   # 3\nx = 2   # a remark\n")
    assert checks == 1
    with pytest.raises(AssertionError, match="gives 2, shows 3"):
        exec(compile(source, "planted", "exec"), {"__shown__": shown_check})
