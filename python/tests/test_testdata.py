"""The shared cases of ``testdata/`` (format and readers: testdata/README.md; their answers are
checked against brute forces by the library's ``tests/integration/testdata.rs`` and
``testdata_cases.rs``) through the binding. Weighted (``testdata/weighted/*.json``): every
question by the function that asks it, the total, the number of pairs and ``verify()``; "no
perfect matching" as ``NoPerfectMatching``; weights beyond ±2**59 are refused with
``ValueError`` (the binding does not yet use the library's wide path). 2-SAT
(``testdata/twosat/``): ``two_sat``, its answer, the model checked clause by clause here and by
``verify()``. Cardinality matching (``testdata/matching/``): ``max_matching`` and, for the
bipartite cases, ``bipartite_matching``, their sizes and ``verify()``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
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
    # Weights beyond ±2**59 (the wide cases) are answered exactly on the library's i128 path.
    assert len(case["answers"]) == 6
    for a in case["answers"]:
        q = (a["objective"], a["cardinality"])
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


def _shared(folder: str) -> list[Any]:
    files = sorted((ROOT / "testdata" / folder).glob("*.json"))
    assert files, folder
    return [
        pytest.param(case, id=f"{path.stem}-{case['name']}")
        for path in files
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]
    ]


@pytest.mark.parametrize("case", _shared("twosat"))
def test_twosat_case(case: dict[str, Any]) -> None:
    n = case["vars"]
    # A unit clause [a] is the pair (a, a).
    pairs = [(c[0], c[-1]) for c in case["clauses"]]
    t = gridmatch.two_sat(n, np.array(pairs, dtype=np.int64).reshape(-1, 2))
    assert t.satisfiable == case["satisfiable"]
    if t.satisfiable:
        model = t.model
        assert model is not None and len(model) == n
        for clause in case["clauses"]:
            assert any(model[abs(lit) - 1] == (lit > 0) for lit in clause), clause
    else:
        assert t.model is None and t.chain is not None
    t.verify()


@pytest.mark.parametrize("case", _shared("matching"))
def test_matching_case(case: dict[str, Any]) -> None:
    edges = np.array(case["edges"], dtype=np.int64).reshape(-1, 2)
    m = gridmatch.max_matching(edges, n=case["n"])
    assert len(m) == case["size"]
    m.verify()
    if "parts" in case:
        rows, cols = case["parts"]
        sides = edges - np.array([0, rows], dtype=np.int64)
        b = gridmatch.bipartite_matching(sides, rows, cols)
        assert len(b) == case["size"]
        b.verify()
