"""Graphs and formulas: maximum matching with its proof, edge classes, vertex geography, 2-SAT."""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from . import _arrays, _core
from ._core import BipartiteMatching, CertificateError, Cover, Dmperm, Matching, TwoSat
from ._labels import LabeledBipartiteGraph, LabeledGraph

__all__ = [
    "BipartiteMatching",
    "CertificateError",
    "Cover",
    "Dmperm",
    "Matching",
    "TwoSat",
    "bipartite_matching",
    "geography",
    "max_matching",
    "two_sat",
]


_PLAYERS = np.array(["A", "B"])


def _graph(edges: Any, n: int | None) -> tuple[NDArray[np.int64], int | None]:
    if isinstance(edges, LabeledGraph):
        return edges.edges, edges.n if n is None else _arrays.count(n, "n")
    return _arrays.pairs(edges, "edges"), None if n is None else _arrays.count(n, "n")


def max_matching(edges: Any | LabeledGraph, n: int | None = None) -> Matching:
    """A maximum-cardinality matching of the undirected graph on the vertices ``0..n-1`` with
    the given edges, and its proof.

    ``edges``: an ``(m, 2)`` integer NumPy array, a sequence of pairs (``[(0, 1), (1, 2)]``), or
    a :class:`LabeledGraph` (from :func:`from_networkx` / :func:`from_igraph`). Self-loops and
    repeated edges are allowed and ignored. ``n`` defaults to the largest id + 1.

    A bipartite graph (found by a linear 2-colouring) goes to the push–relabel engine, any
    other to Edmonds' blossom algorithm with a Gallai–Edmonds decomposition: near-linear in
    practice, O(n·m·α(n)) at worst. The GIL is released while solving.

    Raises ``ValueError`` for bad input (a negative id, an id >= ``n``, a wrong shape or dtype),
    ``MemoryError`` for a graph that would not fit in memory.

    >>> m = max_matching([(0, 1), (1, 2), (2, 0), (2, 3)])
    >>> len(m), m.mate.tolist()
    (2, [1, 0, 3, 2])
    """
    a, n = _graph(edges, n)
    return _core.max_matching(a, n)


def _bipartite_edges(edges: Any) -> tuple[NDArray[np.int64], tuple[int, int] | None]:
    if isinstance(edges, LabeledBipartiteGraph):
        return edges.edges, (edges.n_left, edges.n_right)
    return _arrays.pairs(edges, "edges"), None


def _side(a: NDArray[np.int64], col: int, given: int | None, what: str) -> int:
    """A side's size: as given, or the largest id in its column + 1."""
    if given is not None:
        return _arrays.count(given, what)
    return max(int(a[:, col].max()) + 1, 0) if len(a) else 0


def bipartite_matching(
    edges: Any | LabeledBipartiteGraph,
    n_left: int | None = None,
    n_right: int | None = None,
) -> BipartiteMatching:
    """A maximum matching of the bipartite graph whose edges are ``(left, right)`` pairs, left
    vertices ``0..n_left-1`` and right vertices ``0..n_right-1`` (each defaults to its largest
    id + 1), and its König cover.

    ``edges``: an ``(m, 2)`` integer array, a sequence of pairs, or a
    :class:`LabeledBipartiteGraph`. Engine: push–relabel (Kaya, Langguth, Manne & Uçar) from a
    greedy start; the GIL is released while solving. Raises ``ValueError`` for bad input.

    >>> m = bipartite_matching([(0, 0), (0, 1), (1, 0)], 2, 2)
    >>> len(m), m.mate_left.tolist(), m.cover()
    (2, [1, 0], Cover(left=array([0, 1]), right=array([], dtype=int64)))
    """
    a, sizes = _bipartite_edges(edges)
    if sizes is not None:
        n_left = sizes[0] if n_left is None else n_left
        n_right = sizes[1] if n_right is None else n_right
    nl = _side(a, 0, n_left, "n_left")
    nr = _side(a, 1, n_right, "n_right")
    return _core.bipartite_matching(a, nl, nr)


def geography(edges: Any | LabeledGraph, n: int | None = None) -> NDArray[np.str_]:
    """Undirected vertex geography: two players move a token along edges, always to a vertex
    not visited before; who cannot move loses. Returns, for each start vertex ``0..n-1``,
    ``"A"`` if the first player (Alice) wins, ``"B"`` if the second (Bob) does.

    Exact on any graph, from one maximum matching: Alice wins from ``s`` exactly when every
    maximum matching covers ``s`` (Gallai–Edmonds). Raises ``ValueError`` for bad input.

    >>> geography([(0, 1), (1, 2)]).tolist()
    ['B', 'A', 'B']
    """
    a, n = _graph(edges, n)
    return _arrays.frozen(_PLAYERS[_core.geography(a, n)])


_EMPTY_CLAUSE = "an empty clause can never be satisfied: the formula is unsatisfiable as written"


def _length(c: Any) -> int | None:
    """``len(c)`` for a clause given as a sequence, ``None`` for a literal alone."""
    if isinstance(c, (str, bytes)):
        return None
    try:
        return len(c)
    except TypeError:
        return None


def _clauses(clauses: Any) -> NDArray[np.int64]:
    """The clauses as an ``(m, 2)`` array: a unit clause (a literal alone, or a clause of one
    literal) becomes ``(a, a)``; an empty clause is a ``ValueError``, wherever it is (a ``()``
    in a list, an array of shape ``(k, 0)``)."""
    if not isinstance(clauses, (list, tuple, np.ndarray, str, bytes)) and not hasattr(
        clauses, "__array__"
    ):
        try:
            clauses = list(clauses)
        except TypeError:
            pass  # not iterable: pairs() says what was found
    if isinstance(clauses, (list, tuple)):
        lengths = [_length(c) for c in clauses]
        for i, k in enumerate(lengths):
            if k == 0:
                raise ValueError(
                    f"clauses[{i}]: found an empty clause, expected one or two literals"
                    f"\nhint: {_EMPTY_CLAUSE}"
                )
        if any(k is None or k == 1 for k in lengths):
            clauses = [
                (c, c) if k is None else (c[0], c[0]) if k == 1 else c
                for c, k in zip(clauses, lengths)
            ]
    return _arrays.pairs(clauses, "clauses", _EMPTY_CLAUSE)


def two_sat(n: int, clauses: Any) -> TwoSat:
    """Decides the 2-SAT formula over the variables ``1..n`` whose clauses are pairs of
    non-zero DIMACS literals (``3`` is x3, ``-3`` is not x3): ``[(1, -2), (2, 2)]`` is
    ``(x1 ∨ ¬x2) ∧ x2``. A unit clause is ``(a, a)`` (or ``a`` / ``(a,)`` in a list).

    ``clauses``: an ``(m, 2)`` integer array or a sequence of clauses. Linear time (iterative
    SCC); the GIL is released while solving. Raises ``ValueError`` for a zero literal or one
    beyond ``±n``, and for an empty clause (``()``, or an array of shape ``(k, 0)``): such a
    formula is unsatisfiable as written, but it is refused rather than answered, as the command
    line refuses ``0`` alone as a clause of a CNF file — it is almost always a mistake in the
    input, and an unsatisfiable answer's proof is an implication chain, which an empty clause
    does not have.

    >>> two_sat(2, [(1, 2), (-1, -1)]).model.tolist()
    [False, True]
    >>> two_sat(1, [(1, 1), (-1, -1)]).chain.tolist()
    [1, -1, 1]
    """
    return _core.two_sat(_arrays.count(n, "n"), _clauses(clauses))
