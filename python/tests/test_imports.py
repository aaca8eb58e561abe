"""The package's modules import each other without a cycle (each can be read, and imported,
on its own terms): the graph of ``from . import`` / ``from .mod import`` edges is acyclic."""

from __future__ import annotations

import ast
from pathlib import Path

import gridmatch

PACKAGE = Path(__file__).resolve().parents[1] / "gridmatch"


def _imports(path: Path) -> set[str]:
    """The package modules ``path`` imports (at any level, under TYPE_CHECKING too)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                out.add(node.module)
            else:
                out.update(a.name for a in node.names)
    return out


def test_no_import_cycle() -> None:
    graph = {p.stem: _imports(p) & {q.stem for q in PACKAGE.glob("*.py")} for p in PACKAGE.glob("*.py")}
    assert "_labels" in graph and "_graphs" in graph
    done: set[str] = set()

    def visit(m: str, path: list[str]) -> None:
        assert m not in path, " -> ".join([*path, m])
        if m in done:
            return
        for d in sorted(graph.get(m, ())):
            visit(d, [*path, m])
        done.add(m)

    for m in sorted(graph):
        visit(m, [])
    assert "_graphs" not in graph["_labels"] and "_weighted" not in graph["_labels"]


def test_results_are_extension_classes() -> None:
    for name in ["Matching", "BipartiteMatching", "Cover", "TwoSat", "WeightedMatching", "Duals",
                 "OddSet", "Rooks", "Lpuzzle", "Reason", "King", "KingStrategy"]:
        assert getattr(gridmatch, name).__module__ == "gridmatch._core", name
