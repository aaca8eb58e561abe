"""The READMEs' Python snippets run as pasted: each ```python block of README.md (the
repository's) and python/README.md (the package's) is executed on its own, in a fresh
namespace, so that the READMEs stay true."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
READMES = [ROOT / "README.md", ROOT / "python" / "README.md"]


def python_blocks(path: Path) -> list[tuple[int, str]]:
    """The ```python blocks of a Markdown file: (line of the opening fence, code)."""
    text = path.read_text(encoding="utf-8")
    blocks = []
    for m in re.finditer(r"^```python[ \t]*\n(.*?)^```[ \t]*$", text, re.MULTILINE | re.DOTALL):
        blocks.append((text.count("\n", 0, m.start()) + 1, m.group(1)))
    return blocks


def test_each_readme_has_a_python_snippet() -> None:
    for path in READMES:
        assert python_blocks(path), f"{path}: no ```python block found"


@pytest.mark.parametrize(
    "path, line, code",
    [
        pytest.param(p, line, code, id=f"{p.relative_to(ROOT)}:{line}")
        for p in READMES
        for line, code in python_blocks(p)
    ],
)
def test_readme_snippet_runs_as_pasted(path: Path, line: int, code: str) -> None:
    # Compiled under the README's name and line, so a failure points into the README.
    compiled = compile("\n" * line + code, f"{path}", "exec")
    exec(compiled, {"__name__": "__readme__"})  # noqa: S102 - running the README is the test
