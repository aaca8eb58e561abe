"""Weighted matching with its LP-dual proof, and the assignment problem.

The engines take integers only: weights are turned into ``int64`` here, exactly — Python and
NumPy integers as they are, floats (and ``Decimal``, ``Fraction``) as integers times a common
power of ten ``10**-decimals`` — and refused with ``ValueError`` when that is not possible."""

from __future__ import annotations

import math
import numbers
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np
from numpy.typing import NDArray

from . import _arrays, _core
from ._core import Duals, Matching, OddSet, WeightedMatching
from ._labels import LabeledGraph

__all__ = [
    "Duals",
    "NoPerfectMatching",
    "OddSet",
    "WeightedMatching",
    "linear_sum_assignment",
    "max_weight_matching",
    "min_weight_perfect_matching",
]

MAX_WEIGHT = 1 << 59
"""The largest absolute weight the engines take (after scaling decimals to integers)."""

MAX_DECIMALS = 15
"""The most digits after the decimal point a weight may need."""

_EXACT_FLOAT = float(1 << 53)


def _too_large(what: str, index: Any, found: Any) -> ValueError:
    return ValueError(
        f"{what}{index}: found {found}, beyond ±2**59 (the most the engines take)"
    )


def _index(a: NDArray[Any], flat: int) -> str:
    """``[i]`` or ``[i][j]``: where the flat position ``flat`` of ``a`` is."""
    return "".join(f"[{i}]" for i in np.unravel_index(flat, a.shape))


def _fraction(x: Any) -> Fraction:
    """An exact value of one number: a float as the shortest decimal that reads back as it."""
    if isinstance(x, (bool, np.bool_)):
        return Fraction(int(x))
    if isinstance(x, numbers.Integral):
        return Fraction(int(x))
    if isinstance(x, (float, np.floating)):
        f = float(x)
        if not math.isfinite(f):
            raise ValueError(f"found {f}, expected a finite number")
        return Fraction(repr(f))
    if isinstance(x, Decimal):
        if not x.is_finite():
            raise ValueError(f"found {x}, expected a finite number")
        return Fraction(x)
    if isinstance(x, Fraction):
        return x
    raise ValueError(f"found {type(x).__name__} {x!r}, expected a number")


def exact(values: Any, what: str) -> tuple[NDArray[np.int64], int | None]:
    """``values`` (an array or a nested sequence of numbers) as ``int64`` of the same shape,
    and the power of ten they were scaled by: ``None`` for integers (taken as they are), else
    the fewest decimals ``k <= 15`` such that every value is an integer times ``10**-k``
    (a float counts as the shortest decimal that reads back as it: ``0.1`` is 1/10).

    ``ValueError`` for NaN or infinity, non-numbers, values beyond ±2**59 once scaled, or
    values that need more than 15 decimals."""
    try:
        a = np.asarray(values)
    except (ValueError, TypeError, OverflowError):
        raise ValueError(f"{what}: expected numbers") from None
    kind = a.dtype.kind
    if kind == "b":
        return a.astype(np.int64), None
    if kind in "iu":
        if a.size:
            lo, hi = int(a.min()), int(a.max())
            if hi > MAX_WEIGHT or lo < -MAX_WEIGHT:
                flat = int(np.argmax(a)) if hi > MAX_WEIGHT else int(np.argmin(a))
                raise _too_large(what, _index(a, flat), a.flat[flat].item())
        return a.astype(np.int64, copy=False), None
    if kind == "f":
        bad = ~np.isfinite(a)
        if bad.any():
            flat = int(np.flatnonzero(bad.ravel())[0])
            raise ValueError(
                f"{what}{_index(a, flat)}: found {a.flat[flat].item()}, expected a finite number"
            )
        if a.size == 0:
            return np.zeros(a.shape, dtype=np.int64), None
        f = a.astype(np.float64)
        big = np.abs(f) > MAX_WEIGHT
        if big.any():
            flat = int(np.flatnonzero(big.ravel())[0])
            raise _too_large(what, _index(a, flat), a.flat[flat].item())
        for k in range(MAX_DECIMALS + 1):
            scale = 10.0**k
            r = np.rint(f * scale)
            if not np.all(np.abs(r) < _EXACT_FLOAT):
                break
            if np.all((r / scale).astype(a.dtype) == a):
                big = np.abs(r) > MAX_WEIGHT
                if big.any():
                    flat = int(np.flatnonzero(big.ravel())[0])
                    raise _too_large(what, _index(a, flat), a.flat[flat].item())
                return r.astype(np.int64), k
        raise ValueError(
            f"{what}{_first_inexact(a, k)}: no exact decimal with at most {MAX_DECIMALS} "
            "digits after the point that fits in 2**53\nhint: weights are read as integers "
            "times a common power of ten; round them"
        )
    if kind == "O":
        flat_values = a.ravel().tolist()
        if all(isinstance(x, numbers.Integral) for x in flat_values):
            for i, x in enumerate(flat_values):
                if not -MAX_WEIGHT <= int(x) <= MAX_WEIGHT:
                    raise _too_large(what, _index(a, i), x)
            return np.array([int(x) for x in flat_values], dtype=np.int64).reshape(a.shape), None
        fracs = []
        for i, x in enumerate(flat_values):
            try:
                fracs.append(_fraction(x))
            except ValueError as e:
                raise ValueError(f"{what}{_index(a, i)}: {e}") from None
        k = 0
        for i, q in enumerate(fracs):
            d = q.denominator
            twos = (d & -d).bit_length() - 1
            rest = d >> twos
            fives = 0
            while rest % 5 == 0:
                rest //= 5
                fives += 1
            if rest != 1 or max(twos, fives) > MAX_DECIMALS:
                raise ValueError(
                    f"{what}{_index(a, i)}: {q} has no exact decimal with at most "
                    f"{MAX_DECIMALS} digits after the point"
                )
            k = max(k, twos, fives)
        ints = []
        for i, q in enumerate(fracs):
            v = q.numerator * (10**k // q.denominator)
            if not -MAX_WEIGHT <= v <= MAX_WEIGHT:
                raise _too_large(what, _index(a, i), flat_values[i])
            ints.append(v)
        return np.array(ints, dtype=np.int64).reshape(a.shape), k
    raise ValueError(f"{what}: found an array of {a.dtype}, expected numbers")


def _first_inexact(a: NDArray[Any], k: int) -> str:
    scale = 10.0**k
    f = a.astype(np.float64)
    r = np.rint(f * scale)
    bad = ~((np.abs(r) < _EXACT_FLOAT) & ((r / scale).astype(a.dtype) == a))
    hits = np.flatnonzero(bad.ravel())
    if not len(hits):
        return ""
    flat = int(hits[0])
    return f"{_index(a, flat)} = {a.flat[flat].item()!r}"


class NoPerfectMatching(ValueError):
    """The graph has no perfect matching; ``matching`` is a maximum :class:`Matching`, whose
    ``barrier()`` (a Tutte–Berge barrier, or a König cover for a bipartite graph) proves it."""

    def __init__(self, message: str, matching: Matching) -> None:
        super().__init__(message)
        self.matching = matching

    def __reduce__(self) -> tuple[type[NoPerfectMatching], tuple[str, Matching]]:
        # Pickles with its matching (a failed task's error crosses processes too).
        return (NoPerfectMatching, (str(self), self.matching))


def _graph(
    edges: Any, weights: Any, n: int | None
) -> tuple[NDArray[np.int64], Any, int | None]:
    if isinstance(edges, LabeledGraph):
        if weights is None:
            weights = edges.weights
        return edges.edges, weights, edges.n if n is None else _arrays.count(n, "n")
    return _arrays.pairs(edges, "edges"), weights, None if n is None else _arrays.count(n, "n")


def _count(k: int, one: str, many: str = "") -> str:
    return f"{k} {one if k == 1 else (many or one + 's')}"


def _solve(
    edges: Any, weights: Any, n: int | None, objective: str, cardinality: str
) -> WeightedMatching:
    a, w, n = _graph(edges, weights, n)
    if w is None:
        w = np.ones(len(a), dtype=np.int64)
    ints, decimals = exact(w, "weights")
    if ints.ndim != 1 or len(ints) != len(a):
        raise ValueError(
            f"weights: found {ints.shape[0] if ints.ndim else 'a single number'} for "
            f"{len(a)} edges, expected one weight per edge"
        )
    out = _core.max_weight_matching(a, ints, n, objective, cardinality, decimals)
    if isinstance(out, Matching):
        size, k, x = out.n, len(out), len(out.barrier())
        proof_name = "König cover" if out.is_bipartite else "Tutte–Berge barrier"
        raise NoPerfectMatching(
            f"no perfect matching: a maximum matching has {_count(k, 'pair')} on "
            f"{_count(size, 'vertex', 'vertices')}, and removing the {_count(x, 'vertex', 'vertices')} "
            f"of a {proof_name} leaves {size - 2 * k + x} odd components (each needs a "
            f"partner there), so at least {size - 2 * k} vertices stay unmatched",
            out,
        )
    return out


def max_weight_matching(
    edges: Any | LabeledGraph,
    weights: Any = None,
    n: int | None = None,
    maxcardinality: bool = False,
) -> WeightedMatching:
    """A matching of largest total weight of the graph on the vertices ``0..n-1``, and its
    proof (LP duals); with ``maxcardinality``, the largest total among the matchings with
    the most pairs (networkx's ``maxcardinality``).

    ``edges``: an ``(m, 2)`` integer array, a sequence of pairs, or a :class:`LabeledGraph`
    from :func:`from_networkx` (then ``weights`` defaults to its weights). ``weights``: one
    number per edge (a sequence or array); ``None`` weighs every edge 1. Integers are taken
    as they are (at most ±2**59); floats exactly as the shortest decimals that read back as
    them (``0.1`` is 1/10; at most 15 decimals), as are ``Decimal`` and ``Fraction`` with a
    finite decimal expansion. ``n`` defaults to the largest id + 1. Self-loops never match;
    parallel edges are allowed; negative weights are allowed (over all matchings such edges
    are left out unless they pay off).

    Engine: Edmonds' primal–dual blossom algorithm in integers (the assignment engine for a
    bipartite graph with ``maxcardinality``); the GIL is released while solving. Raises
    ``ValueError`` for bad input (NaN, infinity, a weight too large, a wrong count of
    weights, bad ids).

    >>> m = max_weight_matching([(0, 1), (1, 2), (2, 3)], [5, 8, 5])
    >>> m.pairs.tolist(), m.total
    ([[0, 1], [2, 3]], 10)
    >>> max_weight_matching([(0, 1), (1, 2), (2, 3)], [2, 8, 2]).pairs.tolist()
    [[1, 2]]
    >>> max_weight_matching([(0, 1), (1, 2), (2, 3)], [2, 8, 2], maxcardinality=True).total
    4
    >>> max_weight_matching([(0, 1), (1, 2)], [0.1, 0.2]).total
    Decimal('0.2')
    """
    return _solve(edges, weights, n, "max", "maximum" if maxcardinality else "any")


def min_weight_perfect_matching(
    edges: Any | LabeledGraph, weights: Any = None, n: int | None = None
) -> WeightedMatching:
    """A perfect matching (every vertex of ``0..n-1`` matched) of smallest total weight, and
    its proof (LP duals for ``w' = -w + shift``). Arguments as for
    :func:`max_weight_matching`.

    Raises :class:`NoPerfectMatching` (a ``ValueError``) if the graph has none, with the
    Tutte–Berge barrier (a König cover for a bipartite graph) that proves it.

    >>> min_weight_perfect_matching([(0, 1), (1, 2), (2, 3), (3, 0)], [1, 5, 1, 7]).total
    2
    >>> min_weight_perfect_matching([(0, 1), (0, 2), (0, 3)], [1, 1, 1])
    Traceback (most recent call last):
    ...
    gridmatch._weighted.NoPerfectMatching: no perfect matching: a maximum matching has 1 pair on 4 vertices, and removing the 1 vertex of a König cover leaves 3 odd components (each needs a partner there), so at least 2 vertices stay unmatched
    """
    return _solve(edges, weights, n, "min", "perfect")


def _is_sparse(x: Any) -> bool:
    return type(x).__module__.startswith("scipy.sparse") and hasattr(x, "tocoo")


def _infeasible(rows: int, cols: int, entries: NDArray[np.int64]) -> ValueError:
    k = len(_core.bipartite_matching(entries, rows, cols))
    return ValueError(
        f"cost matrix is infeasible: at most {k} of its {rows} rows can each get a column of "
        f"their own (a König cover of {k} rows and columns touches every allowed entry)"
    )


def _result(
    cols_of_rows: NDArray[np.int64], transposed: bool
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    rows = np.arange(len(cols_of_rows), dtype=np.int64)
    cols = np.array(cols_of_rows, dtype=np.int64)
    if transposed:
        order = np.argsort(cols, kind="stable")
        rows, cols = cols[order], rows[order]
    return _arrays.frozen(rows), _arrays.frozen(cols)


def _entries(
    r: NDArray[Any], c: NDArray[Any], v: NDArray[Any], maximize: bool, rows: int, cols: int
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Sparse entries ``(row, col, value)`` as ``(k, 2)`` ids and integer costs (negated to
    maximise), inf entries dropped; ``ValueError`` for NaN and the wrong infinity."""
    if v.dtype.kind == "f":
        if np.isnan(v).any():
            raise ValueError("matrix contains invalid numeric entries (NaN)")
        wrong = np.inf if maximize else -np.inf
        if (v == wrong).any():
            raise ValueError(
                f"matrix contains invalid numeric entries ({wrong} when "
                f"{'maximizing' if maximize else 'minimizing'}; {-wrong} marks a forbidden entry)"
            )
        keep = np.isfinite(v)
        r, c, v = r[keep], c[keep], v[keep]
    ints, _ = exact(v, "cost")
    costs = -ints if maximize else ints
    entries = np.ascontiguousarray(np.stack([r, c], axis=1), dtype=np.int64).reshape(-1, 2)
    return entries, costs


def linear_sum_assignment(
    cost: Any, maximize: bool = False
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """The assignment problem, as ``scipy.optimize.linear_sum_assignment``: each row of the
    ``rows × cols`` cost matrix to a different column (every row if ``rows <= cols``, else
    every column), at least total cost (most with ``maximize``). Returns ``(row_ind,
    col_ind)``, sorted by row: ``cost[row_ind, col_ind].sum()`` is the optimum.

    ``cost``: a 2-D array (rectangular allowed) of integers or floats (read exactly, as the
    weights of :func:`max_weight_matching`), or a ``scipy.sparse`` matrix, whose stored entries
    are the only allowed ones (explicit zeros included). ``inf`` (``-inf`` with
    ``maximize``) marks a forbidden entry, as in scipy; NaN and the other infinity are
    refused. Raises ``ValueError`` (``cost matrix is infeasible``) when forbidden entries
    leave no full assignment. As every array the package returns, the two arrays are
    read-only (copy them to change them).

    Engine: Jonker–Volgenant shortest augmenting paths for a dense matrix, a sparse variant
    with Dijkstra for a sparse one (or one with forbidden entries); the GIL is released.

    >>> linear_sum_assignment([[4, 1, 3], [2, 0, 5], [3, 2, 2]])
    (array([0, 1, 2]), array([1, 0, 2]))
    >>> linear_sum_assignment([[1.5, 2.0], [0.5, 9.0], [3.0, 0.25]], maximize=True)
    (array([1, 2]), array([1, 0]))
    """
    if _is_sparse(cost):
        csr = cost.tocsr(copy=True)
        csr.sum_duplicates()
        coo = csr.tocoo()
        rows, cols = coo.shape
        transposed = rows > cols
        r, c = np.asarray(coo.row), np.asarray(coo.col)
        if transposed:
            rows, cols, r, c = cols, rows, c, r
        entries, costs = _entries(r, c, np.asarray(coo.data), maximize, rows, cols)
        found = _core.assign_sparse(rows, cols, entries, costs)
        if found is None:
            raise _infeasible(rows, cols, entries)
        return _result(found, transposed)
    try:
        a = np.asarray(cost)
    except (ValueError, TypeError):
        raise ValueError("cost: expected a matrix (2-D array) of numbers") from None
    if a.ndim != 2:
        raise ValueError(f"expected a matrix (2-D array), got a {a.ndim}-D array")
    transposed = a.shape[0] > a.shape[1]
    if transposed:
        a = a.T
    rows, cols = a.shape
    if rows == 0:
        return _result(np.empty(0, dtype=np.int64), False)
    if a.dtype.kind == "f" and not np.isfinite(a).all():
        r, c = np.nonzero(np.ones(a.shape, dtype=bool))
        entries, costs = _entries(r, c, a.ravel(), maximize, rows, cols)
        found = _core.assign_sparse(rows, cols, entries, costs)
        if found is None:
            raise _infeasible(rows, cols, entries)
        return _result(found, transposed)
    ints, _ = exact(a, "cost")
    costs = -ints if maximize else ints
    found = _core.assign_dense(np.ascontiguousarray(costs, dtype=np.int64))
    return _result(found, transposed)
