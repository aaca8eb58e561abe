"""networkx and igraph graphs as edge arrays, with their node labels mapped to ids and back.
Neither library is imported until one of its graphs is converted. Imports nothing of the
package but its arrays and the extension (the solvers in ``_graphs`` and ``_weighted`` import
this module, never the other way round)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Any, overload

import numpy as np
from numpy.typing import NDArray

from . import _arrays
from ._core import BipartiteMatching, Matching, WeightedMatching


def _edge_array(edges: list[tuple[int, int]]) -> NDArray[np.int64]:
    """The edges as a read-only ``(m, 2)`` array, as every array the package returns is."""
    return _arrays.frozen(np.array(edges, dtype=np.int64).reshape(-1, 2))


def _own(edges: NDArray[np.int64]) -> NDArray[np.int64]:
    """``edges`` kept read-only: as they are if they already are, else a read-only copy (an
    unpickled array is writeable)."""
    return edges if not edges.flags.writeable else _arrays.frozen(np.array(edges, dtype=np.int64))


class LabeledGraph:
    """A graph on the ids ``0..n-1`` standing for the nodes ``nodes[0..n-1]`` of another
    library's graph. Pass it wherever edges go (``max_matching(g)``, ``geography(g)``,
    ``max_weight_matching(g)``, which takes its ``weights``)."""

    __slots__ = ("_index", "edges", "n", "nodes", "weights")

    def __init__(
        self,
        edges: NDArray[np.int64],
        nodes: Sequence[Hashable],
        weights: list[Any] | None = None,
    ) -> None:
        self.n: int = len(nodes)
        """The number of vertices."""
        self.edges: NDArray[np.int64] = _own(edges)
        """The edges as an ``(m, 2)`` array of ids."""
        self.nodes: list[Hashable] = list(nodes)
        """``nodes[i]``: the label of id ``i``."""
        self.weights: list[Any] | None = weights
        """Each edge's weight (from :func:`from_networkx`'s ``weight``), or ``None``."""
        self._index: dict[Hashable, int] | None = None

    def id(self, label: Hashable) -> int:
        """The id of a node label (``KeyError`` if there is no such node)."""
        if self._index is None:
            self._index = {v: i for i, v in enumerate(self.nodes)}
        return self._index[label]

    def labels(self, ids: NDArray[np.integer[Any]] | Iterable[int]) -> list[Hashable]:
        """The labels of a vector of ids (``-1`` maps to ``None``)."""
        return [None if int(i) < 0 else self.nodes[int(i)] for i in np.asarray(ids).ravel()]

    def matching(
        self, m: Matching | WeightedMatching
    ) -> set[tuple[Hashable, Hashable]]:
        """A matching's pairs as a set of label pairs, as networkx's matchings are."""
        return {(self.nodes[int(u)], self.nodes[int(v)]) for u, v in m.pairs}

    def __reduce__(self) -> tuple[type[LabeledGraph], tuple[Any, ...]]:
        return (LabeledGraph, (self.edges, self.nodes, self.weights))

    def __repr__(self) -> str:
        return f"LabeledGraph(n={self.n}, m={len(self.edges)})"


class LabeledBipartiteGraph:
    """A bipartite graph: left ids ``0..n_left-1`` for ``left_nodes``, right ids
    ``0..n_right-1`` for ``right_nodes``, edges ``(left, right)``. Pass it to
    :func:`bipartite_matching`."""

    __slots__ = ("edges", "left_nodes", "n_left", "n_right", "right_nodes")

    def __init__(
        self,
        edges: NDArray[np.int64],
        left_nodes: Sequence[Hashable],
        right_nodes: Sequence[Hashable],
    ) -> None:
        self.n_left: int = len(left_nodes)
        """Left vertices."""
        self.n_right: int = len(right_nodes)
        """Right vertices."""
        self.edges: NDArray[np.int64] = _own(edges)
        """The edges as ``(left id, right id)`` rows."""
        self.left_nodes: list[Hashable] = list(left_nodes)
        """``left_nodes[i]``: the label of left id ``i``."""
        self.right_nodes: list[Hashable] = list(right_nodes)
        """``right_nodes[j]``: the label of right id ``j``."""

    def matching(self, m: BipartiteMatching) -> set[tuple[Hashable, Hashable]]:
        """A matching's pairs as a set of ``(left label, right label)`` pairs."""
        return {(self.left_nodes[int(u)], self.right_nodes[int(v)]) for u, v in m.pairs}

    def __reduce__(self) -> tuple[type[LabeledBipartiteGraph], tuple[Any, ...]]:
        return (LabeledBipartiteGraph, (self.edges, self.left_nodes, self.right_nodes))

    def __repr__(self) -> str:
        return (
            f"LabeledBipartiteGraph(n_left={self.n_left}, n_right={self.n_right}, "
            f"m={len(self.edges)})"
        )


def edge_array(edges: Any) -> NDArray[np.int64]:
    """Anything taken as edges (an ``(m, 2)`` integer array, a sequence of pairs, a
    :class:`LabeledGraph` or :class:`LabeledBipartiteGraph`) as a C-contiguous ``(m, 2)``
    ``int64`` array: what a result's ``verify(edges)`` checks against."""
    if isinstance(edges, (LabeledGraph, LabeledBipartiteGraph)):
        return np.ascontiguousarray(edges.edges, dtype=np.int64)
    return _arrays.pairs(edges, "edges")


def _split(
    nodes: Sequence[Hashable],
    edges: Iterable[tuple[int, int]],
    is_left: Sequence[bool],
) -> LabeledBipartiteGraph:
    """Orients each edge from its left end; ``ValueError`` for an edge within one side."""
    side_id = np.zeros(len(nodes), dtype=np.int64)
    left_nodes: list[Hashable] = []
    right_nodes: list[Hashable] = []
    for i, v in enumerate(nodes):
        if is_left[i]:
            side_id[i] = len(left_nodes)
            left_nodes.append(v)
        else:
            side_id[i] = len(right_nodes)
            right_nodes.append(v)
    oriented = []
    for u, v in edges:
        if is_left[u] == is_left[v]:
            side = "left" if is_left[u] else "right"
            raise ValueError(
                f"edge ({nodes[u]!r}, {nodes[v]!r}) has both ends on the {side} side: "
                "not a bipartite graph with these sides"
            )
        lu, rv = (u, v) if is_left[u] else (v, u)
        oriented.append((int(side_id[lu]), int(side_id[rv])))
    return LabeledBipartiteGraph(_edge_array(oriented), left_nodes, right_nodes)


@overload
def from_networkx(
    G: Any, left: None = None, weight: str | None = "weight"
) -> LabeledGraph: ...
@overload
def from_networkx(
    G: Any, left: Iterable[Hashable], weight: str | None = "weight"
) -> LabeledBipartiteGraph: ...


def from_networkx(
    G: Any, left: Iterable[Hashable] | None = None, weight: str | None = "weight"
) -> LabeledGraph | LabeledBipartiteGraph:
    """A networkx graph (``Graph``, ``MultiGraph``; a directed graph's arcs count as edges)
    with its nodes numbered ``0..n-1`` in ``G.nodes`` order.

    Its ``weights`` are each edge's ``weight`` attribute (1 where an edge has none, as
    networkx's ``max_weight_matching`` reads them; every edge 1 if ``weight`` is ``None``), so
    that ``max_weight_matching(from_networkx(G))`` answers networkx's
    ``max_weight_matching(G)``, and ``g.matching(m)`` maps the answer back to G's labels.

    With ``left`` (the nodes of one side, e.g. ``networkx.bipartite.sets(G)[0]`` or the nodes
    with ``bipartite == 0``), a :class:`LabeledBipartiteGraph` for :func:`bipartite_matching`.

    >>> import networkx as nx
    >>> g = from_networkx(nx.path_graph(["a", "b", "c", "d"]))
    >>> from gridmatch import max_matching
    >>> sorted(g.matching(max_matching(g)))
    [('a', 'b'), ('c', 'd')]
    >>> from gridmatch import max_weight_matching
    >>> G = nx.Graph([("a", "b", {"weight": 2}), ("b", "c", {"weight": 5}), ("c", "d", {"weight": 2})])
    >>> sorted(from_networkx(G).matching(max_weight_matching(from_networkx(G))))
    [('b', 'c')]
    """
    nodes = list(G.nodes)
    index = {v: i for i, v in enumerate(nodes)}
    edges = []
    weights = []
    for u, v, w in G.edges(data=weight, default=1):
        edges.append((index[u], index[v]))
        weights.append(1 if weight is None else w)
    if left is None:
        return LabeledGraph(_edge_array(edges), nodes, weights)
    left_set = set(left)
    missing = [v for v in left_set if v not in index]
    if missing:
        raise ValueError(f"left: {missing[0]!r} is not a node of the graph")
    return _split(nodes, edges, [v in left_set for v in nodes])


@overload
def from_igraph(g: Any, types: None = None) -> LabeledGraph: ...
@overload
def from_igraph(g: Any, types: str | Sequence[Any]) -> LabeledBipartiteGraph: ...


def from_igraph(
    g: Any, types: None | str | Sequence[Any] = None
) -> LabeledGraph | LabeledBipartiteGraph:
    """An igraph graph: ids are igraph's own vertex indices, labels its ``name`` attribute
    (the indices themselves if there is none).

    With ``types`` (a vertex attribute's name such as ``"type"``, or one value per vertex, as
    igraph's bipartite functions take them), a :class:`LabeledBipartiteGraph`: vertices of a
    false type on the left, true on the right.
    """
    n = g.vcount()
    names = g.vs["name"] if "name" in g.vs.attributes() else list(range(n))
    edges = g.get_edgelist()
    if types is None:
        return LabeledGraph(_edge_array(edges), names)
    values = g.vs[types] if isinstance(types, str) else list(types)
    if len(values) != n:
        raise ValueError(f"types: found {len(values)} values, expected one per vertex ({n})")
    return _split(names, edges, [not bool(t) for t in values])
