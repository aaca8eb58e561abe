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
from ._core import CertificateError, Duals, Matching, OddSet, WeightedMatching
from ._labels import LabeledGraph

__all__ = [
    "Assignment",
    "Duals",
    "NoPerfectMatching",
    "OddSet",
    "WeightedMatching",
    "linear_sum_assignment",
    "max_weight_matching",
    "min_weight_matching",
    "min_weight_perfect_matching",
]

MAX_WEIGHT = 1 << 59
"""The largest absolute weight the engines take exactly (after scaling decimals to integers)."""


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
        if not np.isfinite(x):
            raise ValueError(f"found {x}, expected a finite number")
        # The shortest decimal that reads back as it, in the float's own type (a NumPy
        # float's str, a Python float's repr).
        return Fraction(repr(float(x)) if isinstance(x, float) else str(x))
    if isinstance(x, Decimal):
        if not x.is_finite():
            raise ValueError(f"found {x}, expected a finite number")
        return Fraction(x)
    if isinstance(x, Fraction):
        return x
    raise ValueError(f"found {type(x).__name__} {x!r}, expected a number")


class NotNumbers(ValueError, TypeError):
    """Values that are not numbers (strings, say): a ``ValueError`` as the package's other
    bad input, and the ``TypeError`` scipy raises for them."""


class Exact:
    """Values ready for the extension: ``values`` (a ``float64``/``float32`` array, which the
    extension reads as the shortest decimals that read back as them; an ``int64`` array; or a
    list of ``int``), ``decimals`` (the ``int`` values are in units of ``10**-decimals``;
    ``None`` for integers taken as they are, and for float arrays, whose scale the extension
    finds), ``fraction`` (some value was a ``Fraction``: totals are given as ``Fraction``), and
    the ``shape``."""

    __slots__ = ("decimals", "denominator", "fraction", "shape", "values")

    def __init__(
        self,
        values: Any,
        decimals: int | None,
        fraction: bool,
        shape: tuple[int, ...],
        denominator: int | None = None,
    ) -> None:
        self.values = values
        self.decimals = decimals
        self.fraction = fraction
        self.shape = shape
        # For Fractions with no finite decimal (1/3): the values are integers times
        # 1/denominator (the least common denominator).
        self.denominator = denominator


def exact(values: Any, what: str) -> Exact:
    """``values`` (an array or a nested sequence of numbers) made ready for the extension,
    exactly (see :class:`Exact`): integers as they are, floats as the shortest decimals that
    read back as them (``0.1`` is 1/10), ``Decimal`` and ``Fraction`` as they are; all scaled by
    one common power of ten.

    ``Fraction`` values with no finite decimal expansion (such as 1/3) make the whole list
    integers times ``1/denominator`` (the least common denominator; ``decimals`` is then
    ``None``).
    ``ValueError`` for NaN or infinity and non-numbers."""
    try:
        a = np.asarray(values)
    except (ValueError, TypeError, OverflowError):
        raise ValueError(f"{what}: expected numbers") from None
    kind = a.dtype.kind
    if kind == "b":
        return Exact(np.ascontiguousarray(a, dtype=np.int64), None, False, a.shape)
    if kind in "iu":
        if a.size and a.dtype == np.uint64 and int(a.max()) > np.iinfo(np.int64).max:
            return Exact([int(x) for x in a.ravel().tolist()], None, False, a.shape)
        return Exact(np.ascontiguousarray(a, dtype=np.int64), None, False, a.shape)
    if kind == "f":
        bad = ~np.isfinite(a)
        if bad.any():
            flat = int(np.flatnonzero(bad.ravel())[0])
            raise ValueError(
                f"{what}{_index(a, flat)}: found {a.flat[flat].item()}, expected a finite number"
            )
        if a.dtype in (np.float64, np.float32):
            return Exact(np.ascontiguousarray(a), None, False, a.shape)
        # float16, longdouble: their own shortest decimals, one by one (NumPy scalars).
        flat_values = list(a.ravel())
        kind = "O"
    elif kind == "O":
        flat_values = list(a.ravel())
    if kind == "O":
        if all(isinstance(x, numbers.Integral) for x in flat_values):
            return Exact([int(x) for x in flat_values], None, False, a.shape)
        fracs = []
        for i, x in enumerate(flat_values):
            try:
                fracs.append(_fraction(x))
            except ValueError as e:
                raise ValueError(f"{what}{_index(a, i)}: {e}") from None
        k = 0
        fraction = any(isinstance(x, Fraction) for x in flat_values)
        for q in fracs:
            d = q.denominator
            twos = (d & -d).bit_length() - 1
            rest = d >> twos
            fives = 0
            while rest % 5 == 0:
                rest //= 5
                fives += 1
            if rest != 1:
                # No finite decimal: all at the least common denominator instead.
                lcd = math.lcm(*(f.denominator for f in fracs))
                ints = [f.numerator * (lcd // f.denominator) for f in fracs]
                return Exact(ints, None, True, a.shape, lcd)
            k = max(k, twos, fives)
        ints = [q.numerator * (10**k // q.denominator) for q in fracs]
        return Exact(ints, k, fraction, a.shape)
    raise NotNumbers(
        f"{what}: found an array of {a.dtype}, expected numbers (Cannot cast array data from "
        f"{a.dtype!r} to numbers)"
    )


def _gap(m: WeightedMatching) -> tuple[Fraction, Fraction]:
    """A proven-gap answer's gap and its pairs' total for the weights as given.

    The answer is optimal for the weights rounded to the grid ``step = 10**-grid`` (its duals
    prove it, on the rounded weights w̃). Each weight as given is within half a step of its
    rounded value, so raising every vertex dual (of the graph the duals are for: with the
    gadget graph's vertices for the maximum-cardinality reduction) by a quarter step covers
    every edge for the weights as given: ``sign·w <= sign·w̃·step + step/2``. By weak LP
    duality every competing matching's ``sign·w`` (plus the shift times its size, the same
    for every competitor) is then at most the raised dual objective, which is the rounded
    optimum plus ``N·step/4``. So the gap is ``Σ_pairs sign·(w̃·step − w) + N·step/4``, each
    pair counted at the worst of the parallel edges of its rounded weight."""
    if m.grid is None:
        return Fraction(0), Fraction(m.total)
    step = Fraction(10) ** -m.grid
    sign = 1 if m.objective == "max" else -1
    digits, exponents = m.original_digits.tolist(), m.original_exponents.tolist()
    rounded = [int(x) for x in m.weights]
    if not len(digits) == len(exponents) == len(rounded):
        raise CertificateError(
            f"{len(digits)} weights as given for {len(rounded)} rounded weights"
        )
    by_pair: dict[tuple[int, int, int], list[Fraction]] = {}
    for (u, v), w, d, e in zip(m.edges.tolist(), rounded, digits, exponents):
        by_pair.setdefault((min(u, v), max(u, v), w), []).append(Fraction(d) * Fraction(10) ** e)
    gap = Fraction(len(m.duals().vertex)) * step / 4
    total = Fraction(0)
    for (u, v), w in zip(m.pairs.tolist(), [int(x) for x in m.pair_weights]):
        given = by_pair.get((min(u, v), max(u, v), w))
        if not given:
            raise CertificateError(f"the pair {u} {v} of rounded weight {w} is not an edge")
        worst = min(given, key=lambda x: sign * x)
        total += worst
        gap += sign * (w * step - worst)
    return gap, total


def _verify_gap(m: WeightedMatching) -> None:
    """A proven-gap answer's own checks (the duals on the rounded weights are the library's):
    every rounded weight is the weight as given rounded to the grid (within half a step,
    exactly), and the gap is the one the answer states."""
    assert m.grid is not None
    bad = _core.check_grid(
        np.ascontiguousarray(m.original_digits, dtype=np.int64),
        np.ascontiguousarray(m.original_exponents, dtype=np.int32),
        # A list of int when rounded beyond ±2**59 (the wide path).
        m.weights
        if isinstance(m.weights, list)
        else np.ascontiguousarray(m.weights, dtype=np.int64),
        m.grid,
    )
    if bad is not None:
        raise CertificateError(
            f"weight {bad}: the rounded weight is not the weight as given rounded to the grid "
            f"10**{-m.grid}"
        )
    gap, _ = _gap(m)
    if gap != m.gap:
        raise CertificateError(f"the gap is {gap}, not {m.gap}")


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
    w = exact(w, "weights")
    if len(w.shape) != 1 or w.shape[0] != len(a):
        raise ValueError(
            f"weights: found {w.shape[0] if w.shape else 'a single number'} for "
            f"{len(a)} edges, expected one weight per edge"
        )
    # Fractions with no finite decimal: integers at their least common denominator.
    out = _core.max_weight_matching(
        a, w.values, n, objective, cardinality, w.decimals, w.fraction, w.denominator
    )
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
    as they are (any size while n·max|w| < 2**119, beyond ±2**59 on the wide path); floats
    exactly as the shortest decimals that read back as them (``0.1`` is 1/10; beyond the
    wide path's span rounded, with a proven gap), as are ``Decimal`` and ``Fraction`` (one with
    no finite decimal, such as 1/3, puts every weight at their least common denominator,
    exactly; the total is then a ``Fraction`` and there is no ``to_json()`` record). ``n`` defaults to the largest id + 1. Self-loops never match;
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


def min_weight_matching(
    edges: Any | LabeledGraph, weights: Any = None, n: int | None = None
) -> WeightedMatching:
    """A matching of smallest total weight among the matchings with the most pairs
    (networkx's ``min_weight_matching``), and its proof. Arguments as for
    :func:`max_weight_matching`.

    >>> min_weight_matching([(0, 1), (1, 2), (2, 3)], [1, 0.5, 2]).total
    Decimal('3')
    """
    return _solve(edges, weights, n, "min", "maximum")


def _is_sparse(x: Any) -> bool:
    return type(x).__module__.startswith("scipy.sparse") and hasattr(x, "tocoo")


def _infeasible(rows: int, cols: int, entries: NDArray[np.int64]) -> ValueError:
    k = len(_core.bipartite_matching(entries, rows, cols))
    return ValueError(
        f"cost matrix is infeasible: at most {k} of its {rows} rows can each get a column of "
        f"their own (a König cover of {k} rows and columns touches every allowed entry)"
    )


def _number(
    value: int, decimals: int | None, fraction: bool, denominator: int | None = None
) -> int | Decimal | Fraction:
    """``value·10**-decimals`` (``value/denominator`` when one is given) as the caller's kind
    of number."""
    if denominator is not None:
        return Fraction(value, denominator)
    if fraction:
        return Fraction(value, 10 ** (decimals or 0))
    if decimals is None:
        return value
    return Decimal(f"{value}E{-decimals}")  # exact (scaleb would round to 28 digits)


def _decimal(q: Fraction) -> Decimal:
    """A fraction with a finite decimal expansion (denominator 2**a·5**b) as that decimal."""
    d = q.denominator
    k = max((d & -d).bit_length() - 1, 0)
    rest = d >> k
    fives = 0
    while rest % 5 == 0:
        rest //= 5
        fives += 1
    k = max(k, fives)
    return Decimal(f"{q.numerator * 10**k // d}E{-k}")


class Assignment(tuple):  # type: ignore[type-arg]
    """The answer of :func:`linear_sum_assignment`: the pair ``(row_ind, col_ind)`` as scipy
    returns it (it unpacks, indexes and compares as that tuple), with the proof that it is
    optimal: ``total`` is its cost exactly, in the costs' own kind (``int``; ``Decimal`` for
    floats and decimals, each float the shortest decimal that reads back as it; ``Fraction``),
    ``total_float`` the nearest float, ``decimals`` the common scale (costs were read as
    integers times ``10**-decimals``; ``None`` for integers), ``potentials()`` the LP duals,
    and ``verify()`` checks them."""

    _proof: _AssignmentProof | None

    def __new__(  # noqa: PYI034 (the class is named in the stubs' style of the package)
        cls,
        row_ind: NDArray[np.int64],
        col_ind: NDArray[np.int64],
        proof: _AssignmentProof | None = None,
    ) -> Assignment:
        # Read-only, as every array of the package's results (also after unpickling).
        self = super().__new__(cls, (_arrays.frozen(row_ind), _arrays.frozen(col_ind)))
        self._proof = proof
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Assignment, (self[0], self[1], self._proof))

    def _need(self) -> _AssignmentProof:
        if self._proof is None:
            raise ValueError("this assignment carries no proof")
        return self._proof

    @property
    def decimals(self) -> int | None:
        """The common scale: costs are integers times ``10**-decimals`` (``None``: integers)."""
        return self._need().decimals

    @property
    def total(self) -> int | Decimal | Fraction:
        """The assignment's cost (its value with ``maximize``), exactly: for the costs as
        given, also on a :attr:`gap` answer."""
        p = self._need()
        if p.grid is not None:
            return _decimal(p.original_total())
        return _number(p.total(), p.decimals, p.fraction, p.denominator)

    @property
    def total_float(self) -> float:
        """The total as the nearest ``float``."""
        p = self._need()
        if p.grid is not None:
            return float(p.original_total())
        return float(Fraction(p.total(), p.denominator or 10 ** (p.decimals or 0)))

    @property
    def exact(self) -> bool:
        """Whether the answer is proved optimal (``gap`` 0); else it is a proven-gap answer
        (see :attr:`gap`)."""
        return self._need().grid is None

    @property
    def gap(self) -> Fraction:
        """How far from optimal the total may be, proved: 0 for an exact answer. Costs too far
        apart for exact integers in 128 bits ((rows + cols)·max |cost| from 2**119 at their
        common scale: ``1e-300`` beside ``1e300``, ``5e-324``, full-precision floats near
        ``1e-20`` beside ``1e3``, about 40 digits at one scale; ``1e-20`` itself beside ``1e3``
        is exact) are solved rounded to the finest grid
        ``10**-grid`` that fits, optimally for the rounded costs; the potentials lowered by
        half a grid step on every row are then feasible for the costs as given, so (weak LP
        duality) no assignment costs less than their sum, and ``gap`` is the total minus that
        sum (for ``maximize``, that sum minus the total), exactly. ``verify()`` checks it."""
        p = self._need()
        return Fraction(0) if p.grid is None else p.gap()

    @property
    def grid(self) -> int | None:
        """For a :attr:`gap` answer, the grid ``10**-grid`` the costs were rounded to (may be
        negative); else ``None``."""
        return self._need().grid

    def potentials(self) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
        """The LP duals ``(u, v)`` of the rows and columns of the matrix as solved (rows the
        smaller side: the transpose of a tall matrix), in units of ``10**-decimals`` (of
        ``1/d``, ``d`` the least common denominator, for ``Fraction`` costs with no finite
        decimal), for the
        costs ``c`` (``-c`` with ``maximize``): ``u[i] + v[j] <= c[i, j]`` on every allowed
        entry, equal on the assigned ones, every ``v[j] <= 0`` and 0 where no row is assigned;
        so ``Σu + Σv`` (the assignment's cost) bounds every assignment's cost from below."""
        p = self._need()
        return p.row, p.col

    def verify(self) -> bool:
        """Checks the assignment and its potentials against the costs it was computed on, in
        exact integers, with code that shares nothing with the engines: every row of the
        smaller side assigned to a distinct allowed column, the potentials feasible on every
        allowed entry and tight on the assigned ones, column potentials ``<= 0`` and 0 on free
        columns, and ``Σu + Σv`` equal to the total: by weak LP duality no assignment is
        cheaper (dearer with ``maximize``). For a :attr:`gap` answer, the same on the rounded
        costs, then that each rounded cost is the cost as given rounded to the grid (within
        half a step, in exact integers), and the gap recomputed from the costs as given.
        Returns ``True``; raises :class:`CertificateError` naming the rule broken."""
        return self._need().verify(self[0], self[1])


class _AssignmentProof:
    """What proves an :class:`Assignment`: the matrix as solved (``rows <= cols``), its costs
    as integers (one per entry, row by row, or per listed entry), the potentials."""

    def __init__(
        self,
        rows: int,
        cols: int,
        costs: NDArray[np.int64],
        entries: NDArray[np.int64] | None,
        row: NDArray[np.int64],
        col: NDArray[np.int64],
        decimals: int | None,
        fraction: bool,
        maximize: bool,
        transposed: bool,
        col_of_row: list[int],
        grid: int | None = None,
        digits: NDArray[Any] | None = None,
        exponents: NDArray[np.int32] | None = None,
        stated_gap: Fraction | None = None,
        denominator: int | None = None,
        floats: NDArray[np.float64] | None = None,
    ) -> None:
        self.rows, self.cols = rows, cols
        # Fraction costs with no finite decimal: the costs are integers times 1/denominator.
        self.denominator = denominator
        self.col_of_row = col_of_row
        self.grid = grid
        self._digits = None if digits is None else _arrays.frozen(digits)
        self._exponents = None if exponents is None else _arrays.frozen(exponents)
        # A square float matrix settled from its guess: the floats as solved, whose shortest
        # decimals are the costs (the digits and exponents made from them when needed).
        self.floats = None if floats is None else _arrays.frozen(floats)
        self.stated_gap = stated_gap
        self.costs = _arrays.frozen(costs)
        self.entries = None if entries is None else _arrays.frozen(entries)
        self.row, self.col = _arrays.frozen(row), _arrays.frozen(col)
        self.decimals, self.fraction = decimals, fraction
        self.maximize, self.transposed = maximize, transposed

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            _AssignmentProof,
            (self.rows, self.cols, self.costs, self.entries, self.row, self.col,
             self.decimals, self.fraction, self.maximize, self.transposed, self.col_of_row,
             self.grid, self._digits, self._exponents, self.stated_gap, self.denominator,
             self.floats),
        )

    def _made(self) -> None:
        """The digits and exponents of a settled answer's floats, made once (those given
        are kept)."""
        if self.floats is not None and (self._digits is None or self._exponents is None):
            digits, exponents = _core.float_decimals(np.ascontiguousarray(self.floats).ravel())
            if self._digits is None:
                self._digits = _arrays.frozen(digits)
            if self._exponents is None:
                self._exponents = _arrays.frozen(exponents)

    @property
    def digits(self) -> NDArray[Any] | None:
        """Each cost's shortest decimal digits (gap and wide answers; else ``None``)."""
        self._made()
        return self._digits

    @property
    def exponents(self) -> NDArray[np.int32] | None:
        """Each cost's power of ten (with :attr:`digits`)."""
        self._made()
        return self._exponents

    @property
    def wide(self) -> bool:
        """Solved exactly on the wide (``i128``) engine: the costs are ``digits·10**exponents``
        at the scale ``10**-decimals`` (no ``int64`` array holds them)."""
        return self.grid is None and (self._digits is not None or self.floats is not None)

    def _scaled(self, k: int) -> int:
        """A wide answer's cost ``k`` in units of ``10**-decimals``, exactly."""
        if self._digits is None and self.floats is not None:
            # One cost of a settled answer: its float's shortest decimal (Python's repr).
            scaled = Fraction(repr(float(self.floats.flat[k]))) * 10 ** (self.decimals or 0)
            if scaled.denominator != 1:
                raise CertificateError(
                    f"cost {k}: {float(self.floats.flat[k])!r} is not an integer at "
                    f"10**-{self.decimals}"
                )
            return int(scaled)
        assert self.digits is not None and self.exponents is not None
        power: int = 10 ** (int(self.exponents[k]) + (self.decimals or 0))
        return int(self.digits[k]) * power

    def _cost_of(self) -> dict[tuple[int, int], int] | None:
        """The cheapest (dearest with maximize) cost of each listed entry, or None if dense."""
        if self.entries is None:
            return None
        best: dict[tuple[int, int], int] = {}
        for (r, c), x in zip(self.entries.tolist(), self.costs.tolist()):
            x = -x if self.maximize else x
            if (r, c) not in best or x < best[(r, c)]:
                best[(r, c)] = x
        return best

    def _solved(self, row_ind: Any, col_ind: Any) -> list[int]:
        r, c = np.asarray(row_ind).tolist(), np.asarray(col_ind).tolist()
        if self.transposed:
            r, c = c, r
        if len(r) != self.rows or sorted(r) != list(range(self.rows)):
            raise CertificateError(
                f"the assignment covers {len(set(r))} of the {self.rows} rows, expected each once"
            )
        col_of_row = [0] * self.rows
        for i, j in zip(r, c):
            if not 0 <= j < self.cols:
                raise CertificateError(f"row {i}: column {j} is outside the matrix")
            col_of_row[i] = j
        if len(set(col_of_row)) != self.rows:
            raise CertificateError("two rows are assigned the same column")
        return col_of_row

    def total(self) -> int:
        rows = np.arange(self.rows)
        if self.wide:
            return sum(self._scaled(i * self.cols + j) for i, j in enumerate(self.col_of_row))
        if self.entries is None:
            cols = self.col_of_row
            m = self.costs.reshape(self.rows, self.cols)
            return sum(int(x) for x in m[rows, cols]) if self.rows else 0
        best = self._cost_of()
        assert best is not None
        sign = -1 if self.maximize else 1
        return sum(sign * best[(i, int(j))] for i, j in zip(rows.tolist(), self.col_of_row))

    def _assigned(self) -> list[int]:
        """Each row's assigned entry's position among the costs (one pass over the entries:
        the cheapest of parallel entries with maximize's sign)."""
        if self.entries is None:
            return [i * self.cols + j for i, j in enumerate(self.col_of_row)]
        cols = np.asarray(self.col_of_row, dtype=np.int64)
        rows = self.entries[:, 0]
        hits = np.flatnonzero(
            (rows < self.rows) & (self.entries[:, 1] == cols[np.minimum(rows, max(self.rows - 1, 0))])
        ).tolist() if self.rows else []
        sign = -1 if self.maximize else 1
        best: dict[int, int] = {}
        for k in hits:
            i = int(self.entries[k, 0])
            if i not in best or sign * int(self.costs[k]) < sign * int(self.costs[best[i]]):
                best[i] = k
        missing = [i for i in range(self.rows) if i not in best]
        if missing:
            i = missing[0]
            raise CertificateError(
                f"row {i}: column {self.col_of_row[i]} is not an allowed entry"
            )
        return [best[i] for i in range(self.rows)]

    def _original(self, k: int) -> Fraction:
        assert self.digits is not None and self.exponents is not None
        return Fraction(int(self.digits[k])) * Fraction(10) ** int(self.exponents[k])

    def original_total(self) -> Fraction:
        """The assignment's total for the costs as given (a gap answer's)."""
        return sum((self._original(k) for k in self._assigned()), Fraction(0))

    def gap(self) -> Fraction:
        """For the minimum (costs negated for maximize) s: Σ over the assignment of
        (s − s̃·10**-grid), plus rows·½·10**-grid. The potentials u − ½·10**-grid and v are
        feasible for s (|s − s̃·10**-grid| <= ½·10**-grid), their sum is the rounded optimum
        minus rows·½·10**-grid, so the assignment's s-total exceeds the lower bound by
        exactly this."""
        assert self.grid is not None
        step = Fraction(10) ** -self.grid
        sign = -1 if self.maximize else 1
        gap = Fraction(self.rows, 2) * step
        for k in self._assigned():
            gap += sign * (self._original(k) - int(self.costs[k]) * step)
        return gap

    def verify(self, row_ind: Any, col_ind: Any) -> bool:
        col_of_row = self._solved(row_ind, col_ind)
        if self.grid is not None:
            if col_of_row != self.col_of_row:
                raise CertificateError("the assignment is not the one the gap was proved for")
            assert self.digits is not None and self.exponents is not None
            bad = _core.check_grid(
                np.ascontiguousarray(self.digits, dtype=np.int64),
                np.ascontiguousarray(self.exponents, dtype=np.int32),
                np.ascontiguousarray(self.costs, dtype=np.int64),
                self.grid,
            )
            if bad is not None:
                raise CertificateError(
                    f"cost {bad}: {self.costs[bad] if bad < len(self.costs) else '?'} is not "
                    f"the cost rounded to the grid 10**{-self.grid}"
                )
            if self.gap() != self.stated_gap:
                raise CertificateError(f"the gap is {self.gap()}, not {self.stated_gap}")
        sign = -1 if self.maximize else 1
        u = [int(x) for x in self.row.tolist()]
        v = [int(x) for x in self.col.tolist()]
        if len(u) != self.rows or len(v) != self.cols:
            raise CertificateError(
                f"{len(u)} row and {len(v)} column potentials for a {self.rows} × {self.cols} "
                "matrix"
            )
        taken = set(col_of_row)
        for j, x in enumerate(v):
            if x > 0 or (x != 0 and j not in taken):
                raise CertificateError(
                    f"column {j}: potential {x}, expected <= 0, and 0 where no row is assigned"
                )
        best = self._cost_of()
        assigned = 0
        if self.wide:
            assert self.digits is not None and self.exponents is not None
            broken = _core.check_potentials(
                self.rows, self.cols,
                # A list of int for integers beyond int64 (an object array).
                self.digits.tolist()
                if self.digits.dtype == object
                else np.ascontiguousarray(self.digits, dtype=np.int64),
                np.ascontiguousarray(self.exponents, dtype=np.int32),
                self.decimals or 0, u, v, col_of_row, self.maximize,
            )
            if broken is not None:
                raise CertificateError(broken)
            assigned = sum(sign * self._scaled(i * self.cols + j) for i, j in enumerate(col_of_row))
        elif best is None:
            m = self.costs.reshape(self.rows, self.cols)
            if self.rows:
                # Exact: Python ints for the entries beyond what int64 sums safely.
                big = max(abs(x) for x in u + v) > 1 << 61 or int(np.abs(m).max()) > 1 << 61
                c = m.astype(object) if big else m
                cu = np.array(u, dtype=object if big else np.int64)
                cv = np.array(v, dtype=object if big else np.int64)
                reduced = sign * c - cu[:, None] - cv[None, :]
                negative = np.argwhere(reduced < 0)
                if len(negative):
                    i, j = (int(t) for t in negative[0])
                    raise CertificateError(
                        f"entry ({i}, {j}): potentials {u[i]} + {v[j]} exceed its cost "
                        f"{sign * int(m[i, j])}"
                    )
                for i, j in enumerate(col_of_row):
                    if reduced[i, j] != 0:
                        raise CertificateError(f"assigned entry ({i}, {j}) is not tight")
                    assigned += sign * int(m[i, j])
        else:
            for (i, j), x in best.items():
                if u[i] + v[j] > x:
                    raise CertificateError(
                        f"entry ({i}, {j}): potentials {u[i]} + {v[j]} exceed its cost {x}"
                    )
            for i, j in enumerate(col_of_row):
                cost = best.get((i, j))
                if cost is None:
                    raise CertificateError(f"row {i}: column {j} is not an allowed entry")
                if u[i] + v[j] != cost:
                    raise CertificateError(f"assigned entry ({i}, {j}) is not tight")
                assigned += cost
        if sum(u) + sum(v) != assigned:
            raise CertificateError(
                f"the potentials sum to {sum(u) + sum(v)}, the assignment costs {assigned}"
            )
        return True


def _result(
    rows: int,
    cols: int,
    found: tuple[Any, ...],
    entries: NDArray[np.int64] | None,
    x: Exact,
    maximize: bool,
    transposed: bool,
) -> Assignment:
    cols_of_rows, row, col, costs, decimals, grid, digits, exponents = found
    # A square float matrix settled from its guess: the floats as solved in the place of the
    # digits (their shortest decimals are the costs), no exponents.
    floats = None
    if isinstance(digits, np.ndarray) and digits.dtype.kind == "f":
        floats, digits = digits, None
    # Exact on the wide engine: potentials as Python ints, every cost from its decimal
    # (integers beyond ±2**59: a list of int, each with exponent 0).
    wide = grid is None and (floats is not None or len(digits) > 0)
    # Lists of int from the 128-bit engines (listed entries past ±2**59: the costs too).
    if isinstance(row, list):
        row, col = np.array(row, dtype=object), np.array(col, dtype=object)
    if isinstance(costs, list):
        costs = np.array(costs, dtype=object)
    if isinstance(digits, list):
        digits = np.array(digits, dtype=object)
    keep = grid is not None or wide
    proof = _AssignmentProof(
        rows, cols, costs, entries, row, col, decimals, x.fraction, maximize, transposed,
        [int(c) for c in cols_of_rows.tolist()],
        grid, digits if keep else None, exponents if keep and floats is None else None,
        floats=floats,
    )
    proof.denominator = x.denominator
    if grid is not None:
        proof.stated_gap = proof.gap()
    r = np.arange(len(cols_of_rows), dtype=np.int64)
    c = np.array(cols_of_rows, dtype=np.int64)
    if transposed:
        order = np.argsort(c, kind="stable")
        r, c = c[order], r[order]
    return Assignment(_arrays.frozen(r), _arrays.frozen(c), proof)


def _empty(decimals: int | None, fraction: bool) -> Assignment:
    e = np.empty(0, dtype=np.int64)
    proof = _AssignmentProof(0, 0, e, None, e, e, decimals, fraction, False, False, [])
    return Assignment(_arrays.frozen(e), _arrays.frozen(e.copy()), proof)


def _entries(
    r: NDArray[Any], c: NDArray[Any], v: NDArray[Any], maximize: bool
) -> tuple[NDArray[np.int64], NDArray[Any]]:
    """Sparse entries ``(row, col, value)`` as ``(k, 2)`` ids and their values, inf entries
    dropped (-inf with ``maximize``); ``ValueError`` for NaN and the wrong infinity."""
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
    entries = np.ascontiguousarray(np.stack([r, c], axis=1), dtype=np.int64).reshape(-1, 2)
    return entries, v


def linear_sum_assignment(cost: Any, maximize: bool = False) -> Assignment:
    """The assignment problem, as ``scipy.optimize.linear_sum_assignment``: each row of the
    ``rows × cols`` cost matrix to a different column (every row if ``rows <= cols``, else
    every column), at least total cost (most with ``maximize``). Returns ``(row_ind,
    col_ind)``, sorted by row, as an :class:`Assignment` (a tuple of the two arrays, with the
    exact ``total`` and the proof: ``verify()``): ``cost[row_ind, col_ind].sum()`` is the
    optimum.

    ``cost``: a 2-D array (rectangular allowed) of integers or floats of any dtype,
    ``Decimal`` or ``Fraction``, or a ``scipy.sparse`` matrix, whose stored entries are the
    only allowed ones (explicit zeros included). Read exactly, as the weights of
    :func:`max_weight_matching`: a float is the shortest decimal that reads back as it, so the
    answer is optimal for the numbers given (not for a floating-point approximation of the
    sums). A ``Fraction`` with no finite decimal (``Fraction(1, 3)``) is exact too: the costs
    are then taken at their least common denominator (within ±2**59 once scaled; the total a
    ``Fraction``). Floats whose shortest decimals need more than ±2**59 at one common scale
    are solved exactly in 128-bit integers, and beyond that span with a proven gap (see
    :attr:`Assignment.gap`). ``inf`` (``-inf`` with ``maximize``) marks a forbidden entry, as in scipy; NaN and
    the other infinity are refused. Raises ``ValueError`` (``cost matrix is infeasible``) when
    forbidden entries leave no full assignment. As every array the package returns, the two
    arrays are read-only (copy them to change them).

    Engine: Jonker–Volgenant shortest augmenting paths for a whole matrix, and for listed
    entries the library's choice (the dense engine when every entry is there, else a sparse
    variant with Dijkstra); the GIL is released.

    >>> linear_sum_assignment([[4, 1, 3], [2, 0, 5], [3, 2, 2]])
    (array([0, 1, 2]), array([1, 0, 2]))
    >>> linear_sum_assignment([[1.5, 2.0], [0.5, 9.0], [3.0, 0.25]], maximize=True)
    (array([1, 2]), array([1, 0]))
    >>> linear_sum_assignment([[0.1, 0.2], [0.3, 0.7]]).total
    Decimal('0.5')
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
        entries, v = _entries(r, c, np.asarray(coo.data), maximize)
        return _assign_entries(rows, cols, entries, v, maximize, transposed)
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
        return _empty(None, False)
    if a.dtype.kind == "f" and not np.isfinite(a).all():
        r, c = np.nonzero(np.ones(a.shape, dtype=bool))
        entries, v = _entries(r, c, a.ravel(), maximize)
        return _assign_entries(rows, cols, entries, v, maximize, transposed)
    if a.dtype.kind == "f" and a.dtype in (np.float64, np.float32):
        a = np.ascontiguousarray(a)
    x = exact(a, "cost")
    found = _core.assign(rows, cols, x.values, None, x.decimals, maximize)
    assert found is not None
    return _result(rows, cols, found, None, x, maximize, transposed)


def _assign_entries(
    rows: int,
    cols: int,
    entries: NDArray[np.int64],
    values: NDArray[Any],
    maximize: bool,
    transposed: bool,
) -> Assignment:
    x = exact(values, "cost")
    found = _core.assign(rows, cols, x.values, entries, x.decimals, maximize)
    if found is None:
        raise _infeasible(rows, cols, entries)
    return _result(rows, cols, found, entries, x, maximize, transposed)
