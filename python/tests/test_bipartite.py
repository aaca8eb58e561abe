"""Bipartite matching against igraph and scipy, König covers checked here, edge classes against
enumeration of every maximum matching."""

from __future__ import annotations

import random

import igraph
import numpy as np
import pytest
import scipy.sparse
from oracles import brute_edge_classes, check_matching, random_bipartite
from scipy.sparse.csgraph import maximum_bipartite_matching

import gridmatch


def igraph_size(nl: int, nr: int, edges) -> int:
    g = igraph.Graph.Bipartite([False] * nl + [True] * nr, [(a, nl + b) for a, b in edges])
    return len(g.maximum_bipartite_matching())


def scipy_size(nl: int, nr: int, edges) -> int:
    a = np.array(edges, dtype=np.int64).reshape(-1, 2)
    mat = scipy.sparse.csr_matrix(
        (np.ones(len(a), dtype=np.int8), (a[:, 0], a[:, 1])), shape=(nl, nr)
    )
    return int((maximum_bipartite_matching(mat, perm_type="column") >= 0).sum())


def check_cover(nl: int, nr: int, edges, size: int, cover: gridmatch.Cover) -> None:
    left, right = set(cover.left.tolist()), set(cover.right.tolist())
    assert len(left) == len(cover.left) and len(right) == len(cover.right)
    assert all(0 <= v < nl for v in left) and all(0 <= v < nr for v in right)
    assert len(left) + len(right) == size
    for a, b in edges:
        assert a in left or b in right, f"edge ({a}, {b}) uncovered"


def cases(seed: int):
    rng = random.Random(seed)
    for _ in range(300):
        nl, nr = rng.randrange(0, 25), rng.randrange(0, 25)
        yield nl, nr, random_bipartite(rng, nl, nr, rng.randrange(0, 3 * (nl + nr) + 1))
    for _ in range(20):
        nl, nr = rng.randrange(100, 2000), rng.randrange(100, 2000)
        yield nl, nr, random_bipartite(rng, nl, nr, rng.randrange(nl, 4 * (nl + nr)))


@pytest.mark.parametrize("seed", [1, 2])
def test_sizes_equal_igraph_and_scipy(seed: int) -> None:
    count = 0
    for nl, nr, edges in cases(seed):
        m = gridmatch.bipartite_matching(edges, nl, nr)
        assert len(m) == igraph_size(nl, nr, edges) == scipy_size(nl, nr, edges)
        pairs = m.pairs
        check_matching(nl + nr, [(a, nl + b) for a, b in edges], [(a, nl + b) for a, b in pairs])
        for a, b in pairs:
            assert m.mate_left[a] == b and m.mate_right[b] == a
        assert int((m.mate_left >= 0).sum()) == len(m) == int((m.mate_right >= 0).sum())
        check_cover(nl, nr, edges, len(m), m.cover())
        m.verify()
        count += 1
    assert count == 320


def test_general_engine_agrees_on_bipartite_graphs() -> None:
    rng = random.Random(4)
    for _ in range(100):
        nl, nr = rng.randrange(1, 30), rng.randrange(1, 30)
        edges = random_bipartite(rng, nl, nr, 2 * (nl + nr))
        b = gridmatch.bipartite_matching(edges, nl, nr)
        g = gridmatch.max_matching([(a, nl + c) for a, c in edges], nl + nr)
        assert len(b) == len(g)
        assert g.is_bipartite or not edges


def test_classify_against_enumeration() -> None:
    rng = random.Random(8)
    for _ in range(300):
        nl, nr = rng.randrange(1, 6), rng.randrange(1, 6)
        edges = random_bipartite(rng, nl, nr, rng.randrange(0, 11))
        m = gridmatch.bipartite_matching(edges, nl, nr)
        assert m.classify().tolist() == brute_edge_classes(edges), edges


def test_defaults_and_labels() -> None:
    m = gridmatch.bipartite_matching(np.array([[0, 2], [1, 2]]))
    assert (m.n_left, m.n_right, len(m)) == (2, 3, 1)
    import networkx as nx

    G = nx.complete_bipartite_graph(2, 3)
    g = gridmatch.from_networkx(G, left=[0, 1])
    m = gridmatch.bipartite_matching(g)
    assert (g.n_left, g.n_right, len(m)) == (2, 3, 2)
    assert all(G.has_edge(u, v) for u, v in g.matching(m))
    ig = igraph.Graph.Bipartite([0, 0, 1, 1, 1], [(0, 2), (0, 3), (1, 3), (1, 4)])
    h = gridmatch.from_igraph(ig, types="type")
    assert len(gridmatch.bipartite_matching(h)) == 2
    with pytest.raises(ValueError, match="both ends on the left"):
        gridmatch.from_networkx(nx.path_graph(3), left=[0, 1])


def test_mutated_cover_is_rejected() -> None:
    edges = [(0, 0), (0, 1), (1, 1), (2, 1)]
    m = gridmatch.bipartite_matching(edges, 3, 2)
    bad = gridmatch.BipartiteMatching(
        3,
        2,
        np.array(edges, dtype=np.int64),
        m.pairs,
        m.mate_left,
        m.mate_right,
        gridmatch.Cover(m.cover().left[:0], m.cover().right),
    )
    with pytest.raises(gridmatch.CertificateError, match="cover"):
        bad.verify()
