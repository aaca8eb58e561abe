"""Every array the package hands back is read-only (the README says so): walks every public
result type's attributes and argument-free methods and checks each array found."""

from __future__ import annotations

import inspect
from typing import Any

import networkx as nx
import numpy as np
import pytest

import gridmatch


def _results() -> list[tuple[str, Any]]:
    """One instance of every public result type (and every function's own array result), with
    the case it stands for."""
    triangle = [(0, 1), (1, 2), (2, 0), (2, 3)]
    path = nx.path_graph(["a", "b", "c"])
    weighted = gridmatch.max_weight_matching(triangle, [6, 6, 6, 1])
    assert weighted.duals().blossoms, "the triangle needs a blossom dual"
    return [
        ("max_matching, blossom", gridmatch.max_matching(triangle)),
        ("max_matching, bipartite", gridmatch.max_matching([(0, 1), (1, 2)])),
        ("bipartite_matching", gridmatch.bipartite_matching([(0, 0), (0, 1), (1, 0)], 2, 2)),
        ("Cover", gridmatch.bipartite_matching([(0, 0), (1, 0)]).cover()),
        ("Dmperm", gridmatch.bipartite_matching([(0, 0), (0, 1), (1, 1), (2, 1)], 3, 3).dmperm()),
        ("geography", gridmatch.geography(triangle)),
        ("two_sat, two models", gridmatch.two_sat(2, [(1, 2)])),
        ("two_sat, unsatisfiable", gridmatch.two_sat(1, [(1, 1), (-1, -1)])),
        ("from_networkx", gridmatch.from_networkx(path)),
        ("from_networkx, left", gridmatch.from_networkx(path, left=["b"])),
        ("rooks", gridmatch.rooks("X.\n..", roles=True)),
        ("lpuzzle", gridmatch.lpuzzle("BW\nW.", unique=True, forced=True)),
        ("king", gridmatch.king("K.\n..")),
        ("KingStrategy", gridmatch.king("K.\n..").strategy),
        ("Reason", gridmatch.lpuzzle("BW\n..").reason),
        ("max_weight_matching", weighted),
        ("Duals", weighted.duals()),
        ("OddSet", weighted.duals().blossoms[0]),
        ("linear_sum_assignment", gridmatch.linear_sum_assignment([[1, 2], [3, 4]])),
        ("linear_sum_assignment, sparse", gridmatch.linear_sum_assignment(
            __import__("scipy.sparse").sparse.csr_array([[1, 2, 0], [3, 0, 4]]))),
    ]


def _public_types() -> set[type]:
    """The public result types: the classes in ``gridmatch.__all__`` but the exceptions."""
    return {
        obj
        for obj in (getattr(gridmatch, name) for name in gridmatch.__all__)
        if isinstance(obj, type) and not issubclass(obj, Exception)
    }


def _takes_no_arguments(method: Any) -> bool:
    try:
        sig = inspect.signature(method)
    except (TypeError, ValueError):
        return False
    return all(
        p.default is not p.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
        for p in sig.parameters.values()
    )


def _arrays_in(value: Any, where: str, found: dict[str, np.ndarray]) -> None:
    if isinstance(value, np.ndarray):
        found[where] = value
    elif isinstance(value, (tuple, list)):
        for i, v in enumerate(value):
            _arrays_in(v, f"{where}[{i}]", found)
    elif isinstance(value, dict):
        for k, v in value.items():
            _arrays_in(v, f"{where}[{k!r}]", found)


def _walk(case: str, obj: Any) -> dict[str, np.ndarray]:
    """The arrays reachable from ``obj`` through its public attributes, the results of its
    public methods that need no argument, and the items of tuples, lists and dicts."""
    found: dict[str, np.ndarray] = {}
    _arrays_in(obj, case, found)
    if isinstance(obj, np.ndarray):
        return found
    for name in dir(obj):
        if name.startswith("_"):
            continue
        value = getattr(obj, name)
        if callable(value):
            if not _takes_no_arguments(value):
                continue
            value = value()
            name += "()"
        _arrays_in(value, f"{case}: {type(obj).__name__}.{name}", found)
    return found


def test_every_result_array_is_read_only() -> None:
    results = _results()
    # A new public result type must be added to _results() to be checked.
    public_types = _public_types()
    assert public_types <= {type(r) for _, r in results}, public_types

    found: dict[str, np.ndarray] = {}
    for case, r in results:
        found.update(_walk(case, r))
    # The walk reaches every array-valued result (so that it checks them).
    names = {where.split(": ")[-1].split("[")[0] for where in found}
    assert names >= {
        "Matching.pairs", "Matching.mate", "Matching.barrier()", "Matching.gallai_edmonds()",
        "BipartiteMatching.pairs", "BipartiteMatching.mate_left",
        "BipartiteMatching.mate_right",
        "BipartiteMatching.classify()", "BipartiteMatching.edges",
        "BipartiteMatching.edge_classes()", "Cover.left", "Cover.right", "geography",
        "Dmperm.p", "Dmperm.q", "Dmperm.r", "Dmperm.s", "Dmperm.cc", "Dmperm.rr",
        "TwoSat.model", "TwoSat.forced()", "TwoSat.second_model()",
        "TwoSat.chain", "TwoSat.chain_clauses",
        "LabeledGraph.edges", "LabeledBipartiteGraph.edges",
        "WeightedMatching.pairs", "WeightedMatching.mate", "WeightedMatching.pair_weights",
        "Duals.vertex", "OddSet.vertices", "Matching.edges", "TwoSat.clauses",
        "linear_sum_assignment",
    }, sorted(names)

    writeable = sorted(where for where, a in found.items() if a.flags.writeable)
    assert writeable == [], writeable
    for a in found.values():
        if a.size:
            with pytest.raises(ValueError, match="read-only"):
                a.flat[0] = a.flat[0]
