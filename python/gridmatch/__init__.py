"""gridmatch: maximum matchings that come with their proofs, vertex geography, 2-SAT with
implication chains, and three board puzzles — the engines of the gridmatch Rust library.

Graphs are undirected, on the vertices ``0..n-1``, given as an ``(m, 2)`` integer NumPy array
or a sequence of pairs (or converted with :func:`from_networkx` / :func:`from_igraph`):

- :func:`max_matching` — general graphs (blossom; push–relabel when bipartite), with a
  Tutte–Berge barrier;
- :func:`bipartite_matching` — with a König cover, the class of every edge and the
  Dulmage–Mendelsohn decomposition (``.dmperm()``, as MATLAB's);
- :func:`max_weight_matching`, :func:`min_weight_perfect_matching` — weighted matching of
  general graphs with the LP duals that prove it optimal; :func:`linear_sum_assignment` —
  the assignment problem with scipy's signature, dense or ``scipy.sparse``;
- :func:`geography` — who wins undirected vertex geography from each vertex;
- :func:`two_sat` — a model, or the implication chain ``x ⇒ … ⇒ ¬x ⇒ … ⇒ x``;
- :func:`rooks`, :func:`lpuzzle`, :func:`king` — the puzzles, answered with the command line's
  JSON certificates, drawn in notebooks as ``--svg`` draws them.

Every answer is an object of the extension (``gridmatch._core``) with named, typed attributes
and read-only NumPy arrays; it pickles, and its ``verify()`` checks it with code independent
of the solver. Bad input raises ``ValueError`` (in the command line's words where it has
them); the solvers release the GIL.
"""

from . import _core
from ._graphs import (
    BipartiteMatching,
    CertificateError,
    Cover,
    Dmperm,
    Matching,
    TwoSat,
    bipartite_matching,
    geography,
    max_matching,
    two_sat,
)
from ._labels import LabeledBipartiteGraph, LabeledGraph, from_igraph, from_networkx
from ._puzzles import King, KingStrategy, Lpuzzle, Reason, Rooks, king, lpuzzle, rooks
from ._weighted import (
    Assignment,
    Duals,
    NoPerfectMatching,
    OddSet,
    WeightedMatching,
    linear_sum_assignment,
    max_weight_matching,
    min_weight_matching,
    min_weight_perfect_matching,
)

__version__: str = _core.__version__

__all__ = [
    "Assignment",
    "BipartiteMatching",
    "CertificateError",
    "Cover",
    "Dmperm",
    "Duals",
    "King",
    "KingStrategy",
    "LabeledBipartiteGraph",
    "LabeledGraph",
    "Lpuzzle",
    "Matching",
    "NoPerfectMatching",
    "OddSet",
    "Reason",
    "Rooks",
    "TwoSat",
    "WeightedMatching",
    "bipartite_matching",
    "from_igraph",
    "from_networkx",
    "geography",
    "king",
    "linear_sum_assignment",
    "lpuzzle",
    "max_matching",
    "max_weight_matching",
    "min_weight_matching",
    "min_weight_perfect_matching",
    "rooks",
    "two_sat",
]
