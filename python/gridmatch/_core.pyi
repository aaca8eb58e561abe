"""Type stubs of the extension module (python/src/), checked against it by
``python -m mypy.stubtest gridmatch._core``.

Inputs are C-contiguous ``int64`` NumPy arrays (the package converts what callers give);
results are frozen classes with named attributes; their arrays are read-only (vertex ids, with
``-1`` for none; DIMACS literals). Every result pickles (``__reduce__``: its class and its
constructor's arguments)."""

from fractions import Fraction
from typing import Any, final

import numpy as np
from numpy.typing import NDArray
from typing_extensions import TypeAlias

__version__: str
__all__ = [
    "BipartiteMatching",
    "CertificateError",
    "Cover",
    "Dmperm",
    "Duals",
    "King",
    "KingStrategy",
    "Lpuzzle",
    "Matching",
    "OddSet",
    "Reason",
    "Rooks",
    "TwoSat",
    "WeightedMatching",
    "__version__",
    "assign",
    "bipartite_matching",
    "check_grid",
    "check_potentials",
    "float_decimals",
    "geography",
    "king",
    "lpuzzle",
    "max_matching",
    "max_weight_matching",
    "rooks",
    "two_sat",
]

_Cell: TypeAlias = tuple[int, int]
"""A board cell ``(row, col)``, both from 0."""

_Piece: TypeAlias = tuple[_Cell, _Cell, _Cell]
"""An L piece: ``(black corner, vertical arm, horizontal arm)``."""

_Reduced: TypeAlias = tuple[type, tuple[Any, ...]]

class CertificateError(ValueError):
    """A certificate that does not prove what it claims: ``verify()`` says which rule it
    breaks."""

@final
class Matching:
    """A maximum matching of a graph on the vertices ``0..n-1``, with the proof that no
    matching is larger.

    ``len(m)`` is its size; ``m.pairs`` the matched pairs (a ``(k, 2)`` array); ``m.mate[v]``
    the vertex matched to ``v`` (``-1`` if ``v`` is exposed); ``m.barrier()`` the Tutte–Berge
    certificate; ``m.verify()`` checks it all against the graph without the solver's code.
    Arrays are read-only.
    """

    def __new__(
        cls,
        n: int,
        edges: NDArray[np.int64],
        pairs: NDArray[np.int64],
        mate: NDArray[np.int64],
        is_bipartite: bool,
        barrier: NDArray[np.int64],
    ) -> Matching: ...
    @property
    def n(self) -> int:
        """The number of vertices."""
    @property
    def edges(self) -> NDArray[np.int64]:
        """The graph's edges, ``(m, 2)``."""
    @property
    def pairs(self) -> NDArray[np.int64]:
        """The matched pairs, one row ``(u, v)`` each."""
    @property
    def mate(self) -> NDArray[np.int64]:
        """``mate[v]``: the vertex matched to ``v``, or ``-1``."""
    @property
    def is_bipartite(self) -> bool:
        """Whether the graph is bipartite; then the barrier is a König vertex cover."""
    def barrier(self) -> NDArray[np.int64]:
        """A Tutte–Berge barrier ``X``: ``n - 2·len(m) = odd(G - X) - |X|``, where ``odd``
        counts the components of odd size left when ``X`` is removed. Every matching leaves at
        least ``odd(G - X) - |X|`` vertices exposed, so this one is maximum.

        For a graph with an odd cycle it is inclusion-minimal (no vertex can be dropped). For a
        bipartite graph it is a König vertex cover of ``len(m)`` vertices: removing it leaves
        ``n - len(m)`` isolated vertices, so the equality holds as well.
        """
    def gallai_edmonds(self) -> NDArray[np.str_]:
        """The Gallai–Edmonds class of every vertex: ``"D"`` (missed by some maximum
        matching), ``"A"`` (a neighbour of D outside D: matched into D by every maximum
        matching) or ``"C"`` (the rest, matched among themselves). A is a Tutte–Berge barrier.
        Computed from the graph, whatever the result was built from."""
    def verify(self, edges: Any = None) -> None:
        """Checks the matching and its barrier against ``edges`` (by default the graph it was
        computed on) with the library's independent verifier. Raises :class:`CertificateError`
        naming the first rule broken, ``ValueError`` for edges that are not a graph on
        ``0..n-1``."""
    def __len__(self) -> int: ...
    def __reduce__(self) -> _Reduced: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class Dmperm:
    """The Dulmage–Mendelsohn decomposition of an ``n_left × n_right`` pattern (rows are left
    vertices, columns right vertices), as MATLAB's ``[p, q, r, s, cc, rr] = dmperm(A)`` gives
    it, 0-based, and as ``gridmatch match --dm --json`` prints it: ``A[p][:, q]`` is block upper
    triangular with fine blocks ``r[b]:r[b+1]`` × ``s[b]:s[b+1]``. Arrays are read-only.
    """

    def __new__(
        cls,
        p: NDArray[np.int64],
        q: NDArray[np.int64],
        r: NDArray[np.int64],
        s: NDArray[np.int64],
        cc: NDArray[np.int64],
        rr: NDArray[np.int64],
    ) -> Dmperm: ...
    @property
    def p(self) -> NDArray[np.int64]:
        """Row permutation: row ``p[k]`` is row ``k`` of the permuted pattern."""
    @property
    def q(self) -> NDArray[np.int64]:
        """Column permutation: column ``q[k]`` is column ``k`` of the permuted pattern."""
    @property
    def r(self) -> NDArray[np.int64]:
        """Fine block boundaries on the permuted rows (one more entry than blocks)."""
    @property
    def s(self) -> NDArray[np.int64]:
        """Fine block boundaries on the permuted columns."""
    @property
    def cc(self) -> NDArray[np.int64]:
        """Coarse column boundaries ``[0, |C0|, |C0|+|C1|, |C0|+|C1|+|C2|, n]``."""
    @property
    def rr(self) -> NDArray[np.int64]:
        """Coarse row boundaries ``[0, |R1|, |R1|+|R2|, |R1|+|R2|+|R3|, m]``."""
    @property
    def structural_rank(self) -> int:
        """The size of a maximum matching (``rr[3]``)."""
    @property
    def under(self) -> tuple[int, int]:
        """The under-determined part's ``(rows, columns)``: more columns than rows, or
        ``(0, 0)``."""
    @property
    def square(self) -> int:
        """The square part's size (rows = columns)."""
    @property
    def over(self) -> tuple[int, int]:
        """The over-determined part's ``(rows, columns)``: more rows than columns, or
        ``(0, 0)``."""
    @property
    def square_blocks(self) -> int:
        """The number of fine blocks of the square part (its irreducible diagonal blocks)."""
    def __reduce__(self) -> _Reduced: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class Cover:
    """A König vertex cover: left and right vertices touching every edge, as many as the
    matching has pairs. Unpacks as ``left, right = cover``."""

    def __new__(cls, left: NDArray[np.int64], right: NDArray[np.int64]) -> Cover: ...
    @property
    def left(self) -> NDArray[np.int64]:
        """The left vertices of the cover."""
    @property
    def right(self) -> NDArray[np.int64]:
        """The right vertices of the cover."""
    def __len__(self) -> int: ...
    def __getitem__(self, i: int, /) -> NDArray[np.int64]: ...
    def __reduce__(self) -> _Reduced: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class BipartiteMatching:
    """A maximum matching of a bipartite graph (left vertices ``0..n_left-1``, right vertices
    ``0..n_right-1``, each side numbered on its own), with its König cover.

    ``len(m)``, ``m.pairs`` (rows ``(left, right)``), ``m.mate_left`` / ``m.mate_right``
    (``-1`` for exposed), ``m.cover()``, ``m.classify()``, ``m.verify()``. Arrays are read-only.
    """

    def __new__(
        cls,
        n_left: int,
        n_right: int,
        edges: NDArray[np.int64],
        pairs: NDArray[np.int64],
        mate_left: NDArray[np.int64],
        mate_right: NDArray[np.int64],
        cover: Cover | tuple[NDArray[np.int64], NDArray[np.int64]],
    ) -> BipartiteMatching: ...
    @property
    def n_left(self) -> int:
        """Left vertices."""
    @property
    def n_right(self) -> int:
        """Right vertices."""
    @property
    def edges(self) -> NDArray[np.int64]:
        """The graph's edges, ``(left, right)`` rows."""
    @property
    def pairs(self) -> NDArray[np.int64]:
        """The matched pairs, one row ``(left, right)`` each."""
    @property
    def mate_left(self) -> NDArray[np.int64]:
        """``mate_left[l]``: the right vertex matched to ``l``, or ``-1``."""
    @property
    def mate_right(self) -> NDArray[np.int64]:
        """``mate_right[r]``: the left vertex matched to ``r``, or ``-1``."""
    def cover(self) -> Cover:
        """The König cover: a set of vertices touching every edge with exactly ``len(m)``
        vertices, so no matching is larger (each of its pairs needs a cover vertex of its
        own)."""
    def classify(self) -> NDArray[np.str_]:
        """For each input edge, in input order, whether it is in ``"every"``, ``"some"`` or
        ``"none"`` of the maximum matchings (Dulmage–Mendelsohn; linear after one matching).
        Repeated edges get the class of the pair."""
    def edge_classes(self) -> NDArray[np.uint8]:
        """:meth:`classify` as codes: 0 none, 1 some, 2 every."""
    def dmperm(self) -> Dmperm:
        """The Dulmage–Mendelsohn decomposition of the graph (rows = left vertices, columns =
        right vertices), as MATLAB's ``dmperm`` and ``gridmatch match --dm --json`` give it."""
    def verify(self, edges: Any = None) -> None:
        """Checks the matching and its cover against ``edges`` (by default the graph it was
        computed on) with the library's independent verifier. Raises
        :class:`CertificateError` naming the first rule broken."""
    def __len__(self) -> int: ...
    def __reduce__(self) -> _Reduced: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class TwoSat:
    """The answer to a 2-SAT formula: a model, or the implication chain that rules every
    assignment out.

    ``bool(r)`` / ``r.satisfiable``; ``r.model[i]`` is the value of variable ``i + 1``;
    ``r.chain`` is ``x ⇒ … ⇒ -x ⇒ … ⇒ x`` as DIMACS literals and ``r.chain_clauses[k]`` the
    index of the clause behind step ``k``; ``r.explain()`` says it in words. Arrays are
    read-only.
    """

    def __new__(
        cls,
        n: int,
        clauses: NDArray[np.int64],
        satisfiable: bool,
        model: NDArray[np.bool_] | None = None,
        chain: NDArray[np.int64] | None = None,
        chain_clauses: NDArray[np.int64] | None = None,
    ) -> TwoSat: ...
    @property
    def n(self) -> int:
        """The number of variables."""
    @property
    def clauses(self) -> NDArray[np.int64]:
        """The clauses, ``(m, 2)`` DIMACS literals (a unit clause ``(a, a)``)."""
    @property
    def satisfiable(self) -> bool:
        """Whether the formula has a model."""
    @property
    def model(self) -> NDArray[np.bool_] | None:
        """One value per variable (index ``i`` is variable ``i + 1``), or ``None`` if
        unsatisfiable."""
    @property
    def chain(self) -> NDArray[np.int64] | None:
        """For an unsatisfiable formula, the cycle of implications ``x ⇒ … ⇒ -x ⇒ … ⇒ x``
        (DIMACS literals; first and last equal): a shortest path from ``x`` to ``-x`` and one
        back. ``None`` if satisfiable."""
    @property
    def chain_clauses(self) -> NDArray[np.int64] | None:
        """For each step ``p ⇒ q`` of the chain, the index of a clause ``(-p ∨ q)`` behind it."""
    def __bool__(self) -> bool: ...
    def forced(self) -> NDArray[np.int64] | None:
        """The literals true in every model (the backbone), as DIMACS literals; ``None`` if
        unsatisfiable."""
    def second_model(self) -> NDArray[np.bool_] | None:
        """A model different from :attr:`model`, or ``None`` if it is the only one (or there
        is none). Linear time (Hansen & Jaumard)."""
    def explain(self) -> str:
        """The answer in words: the model, or the chain with the clause behind each step."""
    def verify(self) -> None:
        """Checks the answer against the clauses without the solver: every clause holds under
        the model, or every step of the chain is a clause's implication and the chain goes from
        ``x`` to ``-x`` and back. Raises :class:`CertificateError`."""
    def __reduce__(self) -> _Reduced: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class OddSet:
    """An odd set of vertices (a blossom) with its dual value times the denominator, one node of
    the forest :attr:`Duals.blossoms`: the set is its own ``vertices`` together with those of
    its ``children`` (positions in :attr:`Duals.blossoms`, each before this set);
    :meth:`Duals.all_vertices` lists them all."""

    def __new__(
        cls,
        vertices: NDArray[np.int64],
        dual: int,
        children: NDArray[np.int64] | None = None,
    ) -> OddSet: ...
    @property
    def vertices(self) -> NDArray[np.int64]:
        """The vertices directly in it (in no child set), in increasing order."""
    @property
    def dual(self) -> int:
        """Its dual value times the denominator."""
    @property
    def children(self) -> NDArray[np.int64]:
        """Its largest proper sub-sets, as positions in :attr:`Duals.blossoms` (each smaller
        than this set's own), in increasing order."""
    def __reduce__(self) -> _Reduced: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class Duals:
    """The LP dual solution proving a :class:`WeightedMatching` optimal, in integers.

    The duals are for the transformed weights ``w' = sign·w + shift`` (``sign`` is ``+1`` for
    the largest total, ``-1`` for the smallest; ``shift`` is ``0`` but on the assignment
    engine's answers to the maximum-cardinality and perfect questions, where it makes every
    best ``w'``-matching a maximum-cardinality one). With ``D = denominator``
    (``2·10**decimals``: the duals are doubled, and decimal weights scaled), the vertex dual
    ``y_v = vertex[v] / D`` and the dual of an odd set ``z_B = B.dual / D``, and:

    - every ``y_v >= 0`` and ``z_B > 0``; the sets are laminar (disjoint or nested), listed as
      a forest: each :class:`OddSet` names its own vertices and its children, children first
      (:meth:`all_vertices` gives a set's vertices in full);
    - every edge ``uv``: ``y_u + y_v + Σ_{B ∋ u, v} z_B >= w'_uv``, with equality on the
      matched edges;
    - every vertex with ``y_v > 0`` is matched; every set ``B`` has ``(|B| - 1) / 2`` of its
      edges matched.

    So the matching's ``w'``-weight equals ``Σ y_v + Σ z_B (|B| - 1) / 2``, which bounds every
    matching's ``w'``-weight (weak LP duality): it is the best. ``Fraction(vertex[v],
    denominator)`` is a dual exactly; ``shift`` is in the weights' own units.

    A *perfect* matching of a non-bipartite graph comes with duals of the perfect-matching
    LP instead: the ``y_v`` may be negative, and every vertex is matched; the sum then bounds
    the ``w'``-weight of every perfect matching. The *maximum-cardinality* question of a
    non-bipartite graph (``reduction`` true) is answered as a perfect matching of the gadget
    graph G*: G plus a vertex ``k_i = n + i`` per odd component of G − A (A the Tutte–Berge
    barrier :attr:`WeightedMatching.cardinality_proof`; components numbered by their smallest
    vertex) joined to each of its vertices, plus a vertex ``a'_j = n + c + j`` per barrier
    vertex (in increasing order) joined to the ``k_i`` of each odd component it has a
    neighbour in, every added edge of weight 0. ``vertex`` then has ``n + c + |A|`` entries,
    the duals are those of G*'s perfect-matching LP, and the pairs extend to a perfect
    matching of G* of the same weight: every perfect matching of G* restricts to a maximum
    matching of G and every maximum matching extends to one, so the pairs are best among the
    maximum matchings, with no weight shift.
    """

    def __new__(
        cls,
        vertex: NDArray[np.int64] | list[int],
        blossoms: list[OddSet],
        sign: int,
        shift: Any,
        denominator: int | Fraction,
        reduction: bool = False,
    ) -> Duals: ...
    @property
    def vertex(self) -> NDArray[np.int64] | list[int]:
        """``vertex[v] / denominator`` is the dual ``y_v``."""
    @property
    def blossoms(self) -> list[OddSet]:
        """The odd sets with a positive dual, as a forest (children first)."""
    def all_vertices(self, b: int) -> NDArray[np.int64]:
        """Every vertex of set ``b`` of :attr:`blossoms` (its own and its descendants'), sorted.
        Raises ``ValueError`` if ``b`` or a child below it is out of range or not before its
        parent."""
    @property
    def sign(self) -> int:
        """``+1`` for the largest total, ``-1`` for the smallest."""
    @property
    def shift(self) -> Any:
        """In the weights' own units: an ``int``, or a ``Decimal`` for decimal weights."""
    @property
    def denominator(self) -> int | Fraction:
        """``2·10**decimals`` (an ``int``; for a proven-gap answer ``2·10**grid``, a
        ``Fraction`` when the grid is coarser than 1)."""
    @property
    def reduction(self) -> bool:
        """The duals are for the gadget graph G* of the maximum-cardinality question, whose
        vertices ``n..`` are added (see above), not for the graph itself."""
    def __reduce__(self) -> _Reduced: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class WeightedMatching:
    """An optimal weighted matching of a graph on the vertices ``0..n-1`` and the LP duals that
    prove it.

    ``len(m)`` pairs; ``m.pairs`` (``(k, 2)`` array, each row an edge ``(u, v)``), ``m.mate``
    (``-1`` for exposed), ``m.total`` (exact, in the weights' kind: ``int``, ``Decimal`` for
    floats and decimals, ``Fraction``), ``m.total_float``, ``m.duals()``, ``m.verify()``,
    ``m.to_json()``. Arrays are read-only; the object is immutable and picklable.
    """

    def __new__(
        cls,
        n: int,
        edges: NDArray[np.int64],
        weights: NDArray[np.int64],
        decimals: int | None,
        objective: str,
        cardinality: str,
        pairs: NDArray[np.int64],
        pair_weights: NDArray[np.int64],
        total: int,
        shift: int,
        vertex: NDArray[np.int64],
        blossom_offsets: NDArray[np.int64],
        blossom_vertices: NDArray[np.int64],
        blossom_duals: NDArray[np.int64],
        proof_kind: int,
        proof: NDArray[np.int64],
        blossom_child_offsets: NDArray[np.int64] | None = None,
        blossom_children: NDArray[np.int64] | None = None,
        reduction: bool = False,
        fraction: bool = False,
        grid: int | None = None,
        original_digits: NDArray[np.int64] | None = None,
        original_exponents: NDArray[np.int32] | None = None,
        stated_gap: Fraction | None = None,
        wide: tuple[list[int], list[int], list[int], list[int], int] | None = None,
        denominator: int | None = None,
    ) -> WeightedMatching: ...
    @property
    def n(self) -> int:
        """The number of vertices."""
    @property
    def edges(self) -> NDArray[np.int64]:
        """The graph's edges, ``(m, 2)``."""
    @property
    def weights(self) -> NDArray[np.int64] | list[int]:
        """The edges' weights, in units of ``10**-decimals``: an ``int64`` array, or a list of
        ``int`` for weights beyond it (scaled beyond ±2**59, solved on the wide path)."""
    @property
    def decimals(self) -> int | None:
        """``None`` for integer weights; else the weights were read as integers times
        ``10**-decimals``."""
    @property
    def objective(self) -> str:
        """``"max"`` or ``"min"``."""
    @property
    def cardinality(self) -> str:
        """Which matchings competed: ``"any"``, ``"maximum"`` (cardinality) or ``"perfect"``."""
    @property
    def pairs(self) -> NDArray[np.int64]:
        """The matched pairs, one row ``(u, v)`` each."""
    @property
    def pair_weights(self) -> NDArray[np.int64] | list[int]:
        """Each pair's weight, in units of ``10**-decimals`` (an array, or a list of ``int``
        as :attr:`weights`)."""
    @property
    def mate(self) -> NDArray[np.int64]:
        """``mate[v]``: the vertex matched to ``v``, or ``-1``."""
    @property
    def total(self) -> Any:
        """The total weight of the pairs, exactly, in the weights' own kind: an ``int`` for
        integer weights, a ``Fraction`` for ``Fraction`` weights, an exact ``Decimal`` for float
        or decimal weights."""
    @property
    def total_float(self) -> float:
        """The total as the nearest ``float``."""
    @property
    def exact(self) -> bool:
        """Whether the answer is proved optimal; else it is a proven-gap answer (see
        :attr:`gap`)."""
    @property
    def gap(self) -> Fraction:
        """How far from the best the total may be, proved: 0 for an exact answer. Weights
        whose smallest and largest magnitudes are too far apart for exact integers are solved
        rounded to the finest grid ``10**-grid`` that fits; the duals prove the answer optimal
        for the rounded weights, and raised by a quarter step on every vertex they are
        feasible for the weights as given, so no competing matching beats the total by more
        than ``gap`` (the exact primal–dual difference); ``verify()`` checks the rounding and
        the gap."""
    @property
    def grid(self) -> int | None:
        """For a proven-gap answer, the grid ``10**-grid`` the weights were rounded to
        (``weights`` are the rounded ones); else ``None``."""
    @property
    def original_digits(self) -> NDArray[np.int64]:
        """For a proven-gap answer, each weight as given is
        ``original_digits[i]·10**original_exponents[i]`` (its shortest decimal); else empty."""
    @property
    def original_exponents(self) -> NDArray[np.int32]:
        """See :attr:`original_digits`."""
    @property
    def cardinality_proof(self) -> tuple[str, NDArray[np.int64]] | None:
        """Why no matching has more pairs, for the maximum-cardinality question: ``("cover",
        vertices)`` (a König cover) or ``("barrier", vertices)`` (a Tutte–Berge barrier, from
        which :meth:`duals` builds the gadget graph when :attr:`Duals.reduction`); else
        ``None``."""
    def duals(self) -> Duals:
        """The dual solution that proves the matching optimal (see :class:`Duals`)."""
    def verify(self) -> bool:
        """Checks the matching and its duals against the graph and weights it was computed on
        with the library's independent verifier (no engine code): the pairs are edges with
        their weights and disjoint, the total is theirs, the duals are feasible on every edge
        and tight on the matched ones, the objectives are equal; for ``maxcardinality`` the
        König cover or Tutte–Berge barrier proves no matching has more pairs; a perfect
        matching leaves no vertex exposed. Returns ``True``; raises :class:`CertificateError`
        (a ``ValueError``) naming the first rule broken."""
    def to_json(self) -> str:
        """The certificate as one JSON line, as ``gridmatch match --weights --json`` writes it
        for an edge list on the vertices ``0..n-1`` (weights and duals as integers in units of
        ``10**-decimals``, duals doubled)."""
    def __len__(self) -> int: ...
    def __reduce__(self) -> _Reduced: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class Rooks:
    """The most rooks that do not attack each other (UVa 12668), with the König cover of row
    and column runs that proves no placement has more. Drawn in notebooks as ``--svg``
    draws it."""

    def __new__(cls, record: str) -> Rooks: ...
    @property
    def board(self) -> list[str]:
        """The board's rows."""
    @property
    def answer(self) -> int:
        """The most rooks."""
    @property
    def rooks(self) -> list[_Cell]:
        """The rooks' cells, row-major."""
    @property
    def cover_rows(self) -> list[tuple[int, int, int]]:
        """Row runs of the cover: ``(row, first_col, last_col)``."""
    @property
    def cover_cols(self) -> list[tuple[int, int, int]]:
        """Column runs of the cover: ``(col, first_row, last_row)``."""
    @property
    def roles(self) -> list[str] | None:
        """With ``roles=True``: the board with ``R`` (a rook in every maximum placement), ``r``
        (in some), ``.`` (in none), ``X`` (pawns)."""
    def picture(self) -> str:
        """The board with ``R`` on the rooks."""
    def to_json(self) -> str:
        """The certificate as one JSON line, as ``gridmatch rooks --json`` writes it
        (``gridmatch verify`` checks it)."""
    def verify(self) -> None:
        """Checks the certificate against the board with the puzzle's independent verifier.
        Raises :class:`CertificateError` naming the first rule broken."""
    def _repr_svg_(self) -> str:
        """The drawing of ``gridmatch rooks --svg`` (with ``--roles`` if asked)."""
    def __len__(self) -> int: ...
    def __reduce__(self) -> _Reduced: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class Reason:
    """Why an L-puzzle pattern has no tiling."""

    def __new__(
        cls,
        kind: str,
        message: str,
        cells: list[_Cell],
        blacks: int | None = None,
        whites: int | None = None,
        cell: _Cell | None = None,
        axis: str | None = None,
        chain: list[tuple[_Cell, str]] | None = None,
    ) -> Reason: ...
    @property
    def kind(self) -> str:
        """``count`` (whites are not twice the blacks), ``stranded`` (a black without a white
        on one axis) or ``conflict`` (a cycle of forced choices)."""
    @property
    def message(self) -> str:
        """The reason in words."""
    @property
    def cells(self) -> list[_Cell]:
        """The culprit cells."""
    @property
    def blacks(self) -> int | None:
        """For ``count``: the black cells."""
    @property
    def whites(self) -> int | None:
        """For ``count``: the white cells."""
    @property
    def cell(self) -> _Cell | None:
        """For ``stranded``: the black."""
    @property
    def axis(self) -> str | None:
        """For ``stranded``: ``vertical`` or ``horizontal``."""
    @property
    def chain(self) -> list[tuple[_Cell, str]] | None:
        """For ``conflict``: the chain ``x ⇒ … ⇒ ¬x ⇒ … ⇒ x`` of choices ``(black cell,
        direction)``."""
    def __reduce__(self) -> _Reduced: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class Lpuzzle:
    """An L-puzzle answer (NWERC 2011 "_Piece it together"): a tiling of the pattern by L
    pieces, or the reason there is none. Drawn in notebooks as ``--svg`` draws it."""

    def __new__(cls, record: str) -> Lpuzzle: ...
    @property
    def board(self) -> list[str]:
        """The board's rows."""
    @property
    def answer(self) -> bool:
        """Whether the pattern can be built (the judge's YES)."""
    def __bool__(self) -> bool: ...
    @property
    def pieces(self) -> list[_Piece] | None:
        """For YES, the tiling: ``(black corner, vertical arm, horizontal arm)`` per piece."""
    @property
    def reason(self) -> Reason | None:
        """For NO, why: a count, a stranded black, or a chain of forced choices."""
    @property
    def unique(self) -> bool | None:
        """With ``unique=True`` and YES: whether the tiling is the only one."""
    @property
    def second(self) -> list[_Piece] | None:
        """With ``unique=True``: a second, different tiling, if there is one."""
    @property
    def forced(self) -> list[_Piece] | None:
        """With ``forced=True`` and YES: the pieces that are in every tiling."""
    def to_json(self) -> str:
        """The certificate as one JSON line, as ``gridmatch lpuzzle --json`` writes it."""
    def verify(self) -> None:
        """Checks the certificate against the board with the puzzle's independent verifier.
        Raises :class:`CertificateError` naming the first rule broken."""
    def _repr_svg_(self) -> str:
        """The drawing of ``gridmatch lpuzzle --svg``."""
    def __reduce__(self) -> _Reduced: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class KingStrategy:
    """The winner's plan in the King game: Alice's winning first move, or Bob's reply to each
    first move of Alice. Drawn in notebooks as ``gridmatch king --svg`` draws the answer: the
    winner from every square and the maximum matching the winner plays along."""

    def __new__(
        cls,
        winner: str,
        first_move: _Cell | None,
        replies: list[tuple[_Cell, _Cell]],
        board: list[str],
        moves: str,
    ) -> KingStrategy: ...
    @property
    def winner(self) -> str:
        """``"A"`` if Alice (who moves first) wins, ``"B"`` if Bob does."""
    @property
    def first_move(self) -> _Cell | None:
        """When Alice wins: her winning first move."""
    @property
    def replies(self) -> list[tuple[_Cell, _Cell]]:
        """When Bob wins: his reply to each first move of Alice, ``(Alice's move, Bob's)``."""
    @property
    def board(self) -> list[str]:
        """The board's rows."""
    @property
    def moves(self) -> str:
        """The move set."""
    def _repr_svg_(self) -> str:
        """The drawing of ``gridmatch king --svg``."""
    def __reduce__(self) -> _Reduced: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class King:
    """Who wins the King game (GCJ 2008 "King") from the board's ``K``, with the certificate
    (maximum matchings and Tutte–Berge barriers), the winner from every square, and the
    winner's plan. Drawn in notebooks as ``--svg`` draws it."""

    def __new__(
        cls,
        record: str,
        first_move: _Cell | None = None,
        replies: list[tuple[_Cell, _Cell]] = ...,
    ) -> King: ...
    @property
    def board(self) -> list[str]:
        """The board's rows."""
    @property
    def winner(self) -> str:
        """``"A"`` if Alice (who moves first) wins, ``"B"`` if Bob does."""
    @property
    def moves(self) -> str:
        """The move set: ``king``, ``wazir``, ``ferz`` or ``knight``."""
    @property
    def start(self) -> _Cell:
        """The ``K`` square."""
    @property
    def matching(self) -> list[tuple[_Cell, _Cell]]:
        """The maximum matching the winner plays along (``(cell, cell)`` pairs)."""
    @property
    def barrier(self) -> list[_Cell]:
        """A Tutte–Berge barrier proving the matching maximum."""
    @property
    def barrier_without_start(self) -> list[_Cell] | None:
        """When Alice wins: a barrier of the board without the start, proving that every
        maximum matching covers the start."""
    @property
    def map(self) -> list[str] | None:
        """Who wins from every square: rows of ``A``/``B``, ``#`` on burned squares (``None``
        for a record written without ``--all``)."""
    @property
    def first_move(self) -> _Cell | None:
        """When Alice wins: her winning first move."""
    @property
    def replies(self) -> list[tuple[_Cell, _Cell]]:
        """When Bob wins: his reply to each first move of Alice, ``(Alice's move, Bob's)``."""
    @property
    def strategy(self) -> KingStrategy:
        """The winner's plan, which draws (in a notebook) as the answer does."""
    def to_json(self) -> str:
        """The certificate as one JSON line, as ``gridmatch king --json --all`` writes it."""
    def verify(self) -> None:
        """Checks the certificate against the board with the puzzle's independent verifier.
        Raises :class:`CertificateError` naming the first rule broken."""
    def _repr_svg_(self) -> str:
        """The drawing of ``gridmatch king --svg``."""
    def __reduce__(self) -> _Reduced: ...
    def __eq__(self, other: object, /) -> bool: ...

def max_matching(edges: NDArray[np.int64], n: int | None = None) -> Matching:
    """A maximum matching with its proof: a König cover if bipartite, else a Tutte–Berge
    barrier."""

def bipartite_matching(edges: NDArray[np.int64], n_left: int, n_right: int) -> BipartiteMatching:
    """A maximum matching of the bipartite graph with edges ``(left, right)``, with its König
    cover."""

def geography(edges: NDArray[np.int64], n: int | None = None) -> NDArray[np.uint8]:
    """One code per vertex: 0 Alice (the first player) wins from it, 1 Bob."""

def two_sat(n: int, clauses: NDArray[np.int64]) -> TwoSat:
    """A model, or the implication chain ``x ⇒ … ⇒ ¬x ⇒ … ⇒ x``."""

def max_weight_matching(
    edges: NDArray[np.int64],
    weights: NDArray[np.float64] | NDArray[np.float32] | NDArray[np.int64] | list[int],
    n: int | None = None,
    objective: str = "max",
    cardinality: str = "any",
    decimals: int | None = None,
    fraction: bool = False,
    denominator: int | None = None,
) -> WeightedMatching | Matching:
    """The best matching with its duals; for ``cardinality="perfect"`` on a graph without a
    perfect matching, a maximum :class:`Matching` whose proof shows there is none.
    ``denominator``: the weights are integers times ``1/denominator`` (``Fraction`` weights
    with no finite decimal)."""

def assign(
    rows: int,
    cols: int,
    costs: NDArray[np.float64] | NDArray[np.float32] | NDArray[np.int64] | list[int],
    entries: NDArray[np.int64] | None = None,
    decimals: int | None = None,
    maximize: bool = False,
) -> (
    tuple[
        NDArray[np.int64],
        NDArray[np.int64] | list[int],
        NDArray[np.int64] | list[int],
        NDArray[np.int64] | list[int],
        int | None,
        int | None,
        NDArray[np.int64] | NDArray[np.float64] | list[int],
        NDArray[np.int32],
    ]
    | None
):
    """Each row's column (``rows <= cols``), the row and column potentials, the costs as
    integers times ``10**-decimals``, and ``decimals``; for floats beyond the exact span,
    solved rounded to the grid ``10**-grid``: ``grid`` and each cost's shortest decimal
    ``digits·10**exponents`` (else ``None`` and empty arrays). ``None`` if no assignment covers
    every row. A float matrix beyond ±2**59 at its common scale but within the wide engine's
    span is solved exactly in ``i128``: its potentials are lists of ``int``, the costs array
    empty, ``grid`` ``None``, and ``digits``, ``exponents`` and ``decimals`` give each cost
    (a square ``float64`` matrix settled from its guess: ``digits`` is a copy of the floats,
    whose shortest decimals are the costs, and ``exponents`` empty); so is a whole matrix of integers beyond ±2**59 (``digits`` then a list of ``int``,
    ``exponents`` ``-decimals``, ``decimals`` their scale, ``None`` for integers). Listed
    entries past ±2**59 are solved exactly in ``i128`` too: the costs and the potentials are
    then lists of ``int``, no digits."""

def check_potentials(
    rows: int,
    cols: int,
    digits: NDArray[np.int64] | list[int],
    exponents: NDArray[np.int32],
    decimals: int,
    row: list[int],
    col: list[int],
    col_of_row: list[int],
    maximize: bool,
) -> str | None:
    """The first entry of a whole matrix (costs ``digits·10**exponents`` at the scale
    ``10**-decimals``) where the potentials break feasibility or, on the assigned entries,
    tightness, as a message; or ``None``."""

def float_decimals(
    values: NDArray[np.float64],
) -> tuple[NDArray[np.int64], NDArray[np.int32]]:
    """The shortest decimals ``digits·10**exponents`` of a 1-D ``float64`` array's values (a
    settled assignment's costs, made when its proof needs them)."""

def check_grid(
    digits: NDArray[np.int64],
    exponents: NDArray[np.int32],
    rounded: NDArray[np.int64] | list[int],
    grid: int,
) -> int | None:
    """The first position whose rounded value is not ``digits·10**exponents`` rounded to the
    grid ``10**-grid`` (within half a step, exactly), or ``None``."""

def rooks(board: str, roles: bool = False) -> Rooks:
    """The rooks answer and its ``--json`` record."""

def lpuzzle(board: str, unique: bool = False, forced: bool = False) -> Lpuzzle:
    """The L-puzzle answer and its ``--json`` record."""

def king(board: str, moves: str = "king") -> King:
    """The King answer, its ``--json --all`` record and the winner's plan."""
