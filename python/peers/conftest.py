"""scipy's and networkx's own tests of the functions gridmatch stands in for, run with
gridmatch's functions swapped in (python/ci.sh copies the two test files from the installed
packages beside this file: scipy's ``optimize/tests/test_linear_assignment.py`` and
networkx's ``algorithms/tests/test_matching.py``).

This file is imported before the test files, so the patches below are what their
``from scipy.optimize import linear_sum_assignment`` and ``nx.max_weight_matching`` find.
The tests that pin one of several optimal answers, or an error message worded otherwise,
are listed in ``DIFFERENCES`` with the reason (python/README.md lists them too) and
expected to fail (strict: a listed test that passes fails the run)."""

from __future__ import annotations

from typing import Any

import networkx as nx
import networkx.algorithms.matching as nx_matching
import pytest
import scipy.optimize

import gridmatch


def linear_sum_assignment(cost_matrix: Any, maximize: bool = False) -> Any:
    return gridmatch.linear_sum_assignment(cost_matrix, maximize=maximize)


def _networkx(G: Any, weight: str | None) -> Any:
    if G.is_directed() or G.is_multigraph():
        kind = "directed" if G.is_directed() else "multigraph"
        raise nx.NetworkXNotImplemented(f"not implemented for {kind} type")
    return gridmatch.from_networkx(G, weight=weight)


def max_weight_matching(G: Any, maxcardinality: bool = False, weight: str = "weight") -> Any:
    g = _networkx(G, weight)
    if G.number_of_edges() == 0:
        return set()
    return g.matching(gridmatch.max_weight_matching(g, maxcardinality=maxcardinality))


def min_weight_matching(G: Any, weight: str = "weight") -> Any:
    g = _networkx(G, weight)
    if G.number_of_edges() == 0:
        return set()
    return g.matching(gridmatch.min_weight_matching(g))


scipy.optimize.linear_sum_assignment = linear_sum_assignment
for module in (nx, nx_matching):
    module.max_weight_matching = max_weight_matching  # type: ignore[attr-defined]
    module.min_weight_matching = min_weight_matching  # type: ignore[attr-defined]

DIFFERENCES: dict[str, str] = {
    "test_constant_cost_matrix": (
        "ties: every assignment of an all-ones matrix is optimal; scipy pins the identity, "
        "gridmatch's Jonker–Volgenant start returns another optimal one (total 8 either way)"
    ),
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        why = DIFFERENCES.get(item.nodeid.split("::", 1)[1])
        if why is not None:
            item.add_marker(pytest.mark.xfail(reason=why, strict=True))
