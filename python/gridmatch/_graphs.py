"""Graphs and formulas: maximum matching with its proof, edge classes, vertex geography, 2-SAT."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, Optional, Union

import numpy as np
from numpy.typing import NDArray

from . import _arrays, _core

if TYPE_CHECKING:
    from ._labels import LabeledBipartiteGraph, LabeledGraph


class CertificateError(ValueError):
    """A certificate that does not prove what it claims: ``verify()`` says which rule it
    breaks."""


_CLASS_NAMES = np.array(["none", "some", "every"])
_PLAYERS = np.array(["A", "B"])


def _graph(edges: Any, n: Optional[int]) -> tuple[NDArray[np.int64], Optional[int]]:
    from ._labels import LabeledGraph

    if isinstance(edges, LabeledGraph):
        return edges.edges, edges.n if n is None else _arrays.count(n, "n")
    return _arrays.pairs(edges, "edges"), None if n is None else _arrays.count(n, "n")


class Matching:
    """A maximum matching of a graph on the vertices ``0..n-1``, with the proof that no
    matching is larger.

    ``len(m)`` is its size; ``m.pairs`` the matched pairs (a ``(k, 2)`` array); ``m.mate[v]``
    the vertex matched to ``v`` (``-1`` if ``v`` is exposed); ``m.barrier()`` the Tutte–Berge
    certificate; ``m.verify()`` checks it all against the graph without the solver's code.
    Arrays are read-only views.
    """

    __slots__ = ("_n", "_edges", "_pairs_b", "_mate_b", "_bipartite", "_proof_b")

    def __init__(
        self, n: int, edges: bytes, pairs: bytes, mate: bytes, bipartite: bool, proof: bytes
    ) -> None:
        self._n = n
        self._edges = edges
        self._pairs_b = pairs
        self._mate_b = mate
        self._bipartite = bipartite
        self._proof_b = proof

    @property
    def n(self) -> int:
        """The number of vertices."""
        return self._n

    @property
    def pairs(self) -> NDArray[np.int64]:
        """The matched pairs, one row ``(u, v)`` each."""
        return _arrays.pairs_of(self._pairs_b)

    @property
    def mate(self) -> NDArray[np.int64]:
        """``mate[v]``: the vertex matched to ``v``, or ``-1``."""
        return _arrays.ids_of(self._mate_b)

    @property
    def is_bipartite(self) -> bool:
        """Whether the graph is bipartite; then the barrier is a König vertex cover."""
        return self._bipartite

    def __len__(self) -> int:
        return len(self._pairs_b) // 16

    def barrier(self) -> NDArray[np.int64]:
        """A Tutte–Berge barrier ``X``: ``n - 2·len(m) = odd(G - X) - |X|``, where ``odd``
        counts the components of odd size left when ``X`` is removed. Every matching leaves at
        least ``odd(G - X) - |X|`` vertices exposed, so this one is maximum.

        For a graph with an odd cycle it is inclusion-minimal (no vertex can be dropped). For a
        bipartite graph it is a König vertex cover of ``len(m)`` vertices: removing it leaves
        ``n - len(m)`` isolated vertices, so the equality holds as well.
        """
        return _arrays.ids_of(self._proof_b)

    def verify(self, edges: Any = None) -> None:
        """Checks the matching and its barrier against ``edges`` (by default the graph it was
        computed on) with the library's independent verifier: the pairs are edges and
        disjoint, and the barrier meets the Tutte–Berge equality (for a bipartite graph: the
        cover touches every edge and has one vertex per pair).

        Raises :class:`CertificateError` naming the first rule broken, ``ValueError`` for
        edges that are not a graph on ``0..n-1``.
        """
        e = self._edges if edges is None else _graph(edges, None)[0].tobytes()
        why = _core.verify_matching(
            self._n, e, self._pairs_b, self._bipartite, self._proof_b
        )
        if why is not None:
            raise CertificateError(why)

    def __repr__(self) -> str:
        proof = "König cover" if self._bipartite else "Tutte–Berge barrier"
        return (
            f"Matching(n={self._n}, size={len(self)}, "
            f"{proof} of {len(self._proof_b) // 8} vertices)"
        )


def max_matching(edges: Union[Any, LabeledGraph], n: Optional[int] = None) -> Matching:
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
    e = a.tobytes()
    size, pairs, mate, bipartite, proof = _core.max_matching(e, n)
    return Matching(size, e, pairs, mate, bipartite, proof)


class Cover(NamedTuple):
    """A König vertex cover: left and right vertices touching every edge, as many as the
    matching has pairs."""

    left: NDArray[np.int64]
    right: NDArray[np.int64]


class BipartiteMatching:
    """A maximum matching of a bipartite graph (left vertices ``0..n_left-1``, right vertices
    ``0..n_right-1``, each side numbered on its own), with its König cover.

    ``len(m)``, ``m.pairs`` (rows ``(left, right)``), ``m.mate_left`` / ``m.mate_right``
    (``-1`` for exposed), ``m.cover()``, ``m.classify()``, ``m.verify()``. Arrays are read-only.
    """

    __slots__ = ("_n_left", "_n_right", "_edges", "_pairs_b", "_ml", "_mr", "_cl", "_cr")

    def __init__(
        self,
        n_left: int,
        n_right: int,
        edges: bytes,
        out: tuple[bytes, bytes, bytes, bytes, bytes],
    ) -> None:
        self._n_left = n_left
        self._n_right = n_right
        self._edges = edges
        self._pairs_b, self._ml, self._mr, self._cl, self._cr = out

    @property
    def n_left(self) -> int:
        """Left vertices."""
        return self._n_left

    @property
    def n_right(self) -> int:
        """Right vertices."""
        return self._n_right

    @property
    def pairs(self) -> NDArray[np.int64]:
        """The matched pairs, one row ``(left, right)`` each."""
        return _arrays.pairs_of(self._pairs_b)

    @property
    def mate_left(self) -> NDArray[np.int64]:
        """``mate_left[l]``: the right vertex matched to ``l``, or ``-1``."""
        return _arrays.ids_of(self._ml)

    @property
    def mate_right(self) -> NDArray[np.int64]:
        """``mate_right[r]``: the left vertex matched to ``r``, or ``-1``."""
        return _arrays.ids_of(self._mr)

    def __len__(self) -> int:
        return len(self._pairs_b) // 16

    def cover(self) -> Cover:
        """The König cover: a set of vertices touching every edge with exactly ``len(m)``
        vertices, so no matching is larger (each of its pairs needs a cover vertex of its
        own)."""
        return Cover(_arrays.ids_of(self._cl), _arrays.ids_of(self._cr))

    def classify(self) -> NDArray[np.str_]:
        """For each input edge, in input order, whether it is in ``"every"``, ``"some"`` or
        ``"none"`` of the maximum matchings (Dulmage–Mendelsohn; linear after one matching).
        Repeated edges get the class of the pair."""
        codes = _core.classify(self._edges, self._n_left, self._n_right)
        return _arrays.frozen(_CLASS_NAMES[_arrays.codes_of(codes)])

    def verify(self, edges: Any = None) -> None:
        """Checks the matching and its cover against ``edges`` (by default the graph it was
        computed on) with the library's independent verifier. Raises
        :class:`CertificateError` naming the first rule broken."""
        if edges is None:
            e = self._edges
        else:
            e = _bipartite_edges(edges)[0].tobytes()
        why = _core.verify_bipartite(
            self._n_left, self._n_right, e, self._pairs_b, self._cl, self._cr
        )
        if why is not None:
            raise CertificateError(why)

    def __repr__(self) -> str:
        return (
            f"BipartiteMatching(n_left={self._n_left}, n_right={self._n_right}, "
            f"size={len(self)})"
        )


def _bipartite_edges(edges: Any) -> tuple[NDArray[np.int64], Optional[tuple[int, int]]]:
    from ._labels import LabeledBipartiteGraph

    if isinstance(edges, LabeledBipartiteGraph):
        return edges.edges, (edges.n_left, edges.n_right)
    return _arrays.pairs(edges, "edges"), None


def _side(a: NDArray[np.int64], col: int, given: Optional[int], what: str) -> int:
    """A side's size: as given, or the largest id in its column + 1."""
    if given is not None:
        return _arrays.count(given, what)
    return max(int(a[:, col].max()) + 1, 0) if len(a) else 0


def bipartite_matching(
    edges: Union[Any, LabeledBipartiteGraph],
    n_left: Optional[int] = None,
    n_right: Optional[int] = None,
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
    e = a.tobytes()
    return BipartiteMatching(nl, nr, e, _core.bipartite_matching(e, nl, nr))


def geography(edges: Union[Any, LabeledGraph], n: Optional[int] = None) -> NDArray[np.str_]:
    """Undirected vertex geography: two players move a token along edges, always to a vertex
    not visited before; who cannot move loses. Returns, for each start vertex ``0..n-1``,
    ``"A"`` if the first player (Alice) wins, ``"B"`` if the second (Bob) does.

    Exact on any graph, from one maximum matching: Alice wins from ``s`` exactly when every
    maximum matching covers ``s`` (Gallai–Edmonds). Raises ``ValueError`` for bad input.

    >>> geography([(0, 1), (1, 2)]).tolist()
    ['B', 'A', 'B']
    """
    a, n = _graph(edges, n)
    _, codes = _core.geography(a.tobytes(), n)
    return _arrays.frozen(_PLAYERS[_arrays.codes_of(codes)])


_EMPTY_CLAUSE = "an empty clause can never be satisfied: the formula is unsatisfiable as written"


def _length(c: Any) -> Optional[int]:
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


class TwoSat:
    """The answer to a 2-SAT formula: a model, or the implication chain that rules every
    assignment out.

    ``bool(r)`` / ``r.satisfiable``; ``r.model[i]`` is the value of variable ``i + 1``;
    ``r.chain`` is ``x ⇒ … ⇒ -x ⇒ … ⇒ x`` as DIMACS literals and ``r.chain_clauses[k]`` the
    index of the clause behind step ``k``; ``r.explain()`` says it in words. Arrays are
    read-only.
    """

    __slots__ = ("_n", "_clauses", "_sat", "_a", "_b")

    def __init__(self, n: int, clauses: bytes, out: tuple[bool, bytes, bytes]) -> None:
        self._n = n
        self._clauses = clauses
        self._sat, self._a, self._b = out

    @property
    def n(self) -> int:
        """The number of variables."""
        return self._n

    @property
    def satisfiable(self) -> bool:
        """Whether the formula has a model."""
        return self._sat

    def __bool__(self) -> bool:
        return self._sat

    @property
    def model(self) -> Optional[NDArray[np.bool_]]:
        """One value per variable (index ``i`` is variable ``i + 1``), or ``None`` if
        unsatisfiable."""
        return _arrays.bools_of(self._a) if self._sat else None

    @property
    def chain(self) -> Optional[NDArray[np.int64]]:
        """For an unsatisfiable formula, the cycle of implications ``x ⇒ … ⇒ -x ⇒ … ⇒ x``
        (DIMACS literals; first and last equal): a shortest path from ``x`` to ``-x`` and one
        back. ``None`` if satisfiable."""
        return None if self._sat else _arrays.ids_of(self._a)

    @property
    def chain_clauses(self) -> Optional[NDArray[np.int64]]:
        """For each step ``p ⇒ q`` of the chain, the index of a clause ``(-p ∨ q)`` behind it."""
        return None if self._sat else _arrays.ids_of(self._b)

    def explain(self) -> str:
        """The answer in words: the model, or the chain with the clause behind each step."""
        if self._sat:
            model = self.model
            assert model is not None
            lits = [str(i + 1) if v else str(-(i + 1)) for i, v in enumerate(model)]
            return "satisfiable: " + " ".join(lits)
        chain, steps = self.chain, self.chain_clauses
        assert chain is not None and steps is not None
        clauses = _arrays.pairs_of(self._clauses)
        lines = [
            "unsatisfiable: "
            + " ⇒ ".join(str(int(x)) for x in chain)
            + " (each step by the clause shown)"
        ]
        for (p, q), k in zip(zip(chain[:-1], chain[1:]), steps):
            a, b = (int(x) for x in clauses[k])
            clause = f"({a})" if a == b else f"({a} ∨ {b})"
            lines.append(f"  {int(p)} ⇒ {int(q)}   by clause {int(k)}: {clause}")
        return "\n".join(lines)

    def forced(self) -> Optional[NDArray[np.int64]]:
        """The literals true in every model (the backbone), as DIMACS literals; ``None`` if
        unsatisfiable."""
        if not self._sat:
            return None
        b = _core.two_sat_backbone(self._n, self._clauses)
        return None if b is None else _arrays.ids_of(b)

    def second_model(self) -> Optional[NDArray[np.bool_]]:
        """A model different from :attr:`model`, or ``None`` if it is the only one (or there
        is none). Linear time (Hansen & Jaumard)."""
        if not self._sat:
            return None
        other = _core.two_sat_second_model(self._n, self._clauses, self._a)
        return None if other is None else _arrays.bools_of(other)

    def verify(self) -> None:
        """Checks the answer against the clauses in NumPy, without the solver: every clause
        holds under the model, or every step of the chain is a clause's implication and the
        chain goes from ``x`` to ``-x`` and back. Raises :class:`CertificateError`."""
        clauses = _arrays.pairs_of(self._clauses)
        if self._sat:
            model = self.model
            assert model is not None
            if len(model) != self._n:
                raise CertificateError(f"the model has {len(model)} values for {self._n} variables")
            if len(clauses) == 0:
                return
            var = np.abs(clauses) - 1
            holds = model[var] == (clauses > 0)
            bad = np.flatnonzero(~holds.any(axis=1))
            if len(bad):
                k = int(bad[0])
                raise CertificateError(f"clause {k} {tuple(clauses[k].tolist())} is false")
            return
        chain, steps = self.chain, self.chain_clauses
        assert chain is not None and steps is not None
        x = int(chain[0])
        if len(chain) < 3 or int(chain[-1]) != x or -x not in chain.tolist():
            raise CertificateError("the chain does not go from x to -x and back to x")
        if len(steps) != len(chain) - 1:
            raise CertificateError("one clause per step is needed")
        for k, (p, q, c) in enumerate(zip(chain[:-1].tolist(), chain[1:].tolist(), steps.tolist())):
            if not 0 <= c < len(clauses):
                raise CertificateError(f"step {k}: no clause {c}")
            a, b = clauses[c].tolist()
            if (a, b) != (-p, q) and (b, a) != (-p, q):
                raise CertificateError(f"step {k}: clause {c} ({a}, {b}) does not give {p} ⇒ {q}")

    def __repr__(self) -> str:
        if self._sat:
            return f"TwoSat(n={self._n}, satisfiable)"
        chain = self.chain
        assert chain is not None
        return f"TwoSat(n={self._n}, unsatisfiable: {' => '.join(str(int(x)) for x in chain)})"


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
    nv = _arrays.count(n, "n")
    c = _clauses(clauses).tobytes()
    return TwoSat(nv, c, _core.two_sat(nv, c))
