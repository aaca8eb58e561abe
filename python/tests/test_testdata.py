"""The shared weighted cases of ``testdata/weighted/*.json`` (format and readers:
testdata/README.md; their answers are checked against the subset DP by the library's
``tests/integration/testdata.rs``) through the binding: every question by the function that
asks it, the total, the number of pairs and ``verify()``; "no perfect matching" as
``NoPerfectMatching``. Weights beyond ±2**59 are refused with ``ValueError`` (the binding does
not yet use the library's wide path)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import gridmatch
from gridmatch import NoPerfectMatching
from gridmatch._weighted import _solve

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "testdata" / "weighted").glob("*.json"))


def _ask(edges: Any, weights: Any, n: int, objective: str, cardinality: str) -> Any:
    """The public function for the question; the two questions no public function asks (the
    smallest over all matchings, the largest perfect matching) through the same ``_solve``."""
    if (objective, cardinality) == ("max", "any"):
        return gridmatch.max_weight_matching(edges, weights, n=n)
    if (objective, cardinality) == ("max", "maximum"):
        return gridmatch.max_weight_matching(edges, weights, n=n, maxcardinality=True)
    if (objective, cardinality) == ("min", "maximum"):
        return gridmatch.min_weight_matching(edges, weights, n=n)
    if (objective, cardinality) == ("min", "perfect"):
        return gridmatch.min_weight_perfect_matching(edges, weights, n=n)
    return _solve(edges, weights, n, objective, cardinality)


def _cases() -> list[Any]:
    assert len(FILES) >= 4, FILES
    out = []
    for path in FILES:
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            out.append(pytest.param(case, id=f"{path.stem}-{case['name']}"))
    return out


@pytest.mark.parametrize("case", _cases())
def test_case(case: dict[str, Any]) -> None:
    n = case["n"]
    edges = [(e[0], e[1]) for e in case["edges"]]
    weights = [int(e[2]) for e in case["edges"]]
    wide = any(abs(w) > 2**59 for w in weights)
    assert len(case["answers"]) == 6
    for a in case["answers"]:
        q = (a["objective"], a["cardinality"])
        if wide:
            with pytest.raises(ValueError):
                _ask(edges, weights, n, *q)
            continue
        if a.get("no_perfect_matching"):
            with pytest.raises(NoPerfectMatching):
                _ask(edges, weights, n, *q)
            continue
        m = _ask(edges, weights, n, *q)
        assert (m.objective, m.cardinality) == q
        assert m.total == int(a["total"]), (q, m.total)
        if "size" in a:
            assert len(m.pairs) == a["size"], q
        m.verify()
