"""General maximum matching against networkx and brute force, with every certificate checked
here from the Tutte–Berge formula."""

from __future__ import annotations

import pickle
import random

import networkx as nx
import numpy as np
import pytest
from oracles import (
    as_array,
    brute_matching_number,
    check_matching,
    check_tutte_berge,
    random_graph,
)

import gridmatch


def nx_size(n: int, edges) -> int:
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from((u, v) for u, v in edges if u != v)
    return len(nx.max_weight_matching(g, maxcardinality=True))


def families(seed: int):
    """(n, edges): G(n, p), G(n, 3n), Barabási–Albert, grids with holes, odd cycles."""
    rng = random.Random(seed)
    for _ in range(150):
        n = rng.randrange(1, 13)
        yield n, random_graph(rng, n, rng.randrange(0, 2 * n + 2))
    for _ in range(120):
        n = rng.randrange(10, 160)
        yield n, random_graph(rng, n, 3 * n)
    for _ in range(40):
        n = rng.randrange(5, 150)
        g = nx.barabasi_albert_graph(n, min(3, n - 1), seed=rng.randrange(1 << 30))
        yield n, list(g.edges())
    for _ in range(30):
        r, c = rng.randrange(1, 12), rng.randrange(1, 12)
        g = nx.convert_node_labels_to_integers(nx.grid_2d_graph(r, c))
        keep = [e for e in g.edges() if rng.random() > 0.15]
        yield r * c, keep
    for k in (3, 5, 7, 9, 11):
        yield k, [(i, (i + 1) % k) for i in range(k)]


@pytest.mark.parametrize("seed", [1, 2])
def test_size_equals_networkx_and_certificate_holds(seed: int) -> None:
    count = 0
    for n, edges in families(seed):
        m = gridmatch.max_matching(edges, n)
        assert m.n == n
        assert len(m) == nx_size(n, edges), (n, edges)
        check_matching(n, edges, m.pairs)
        check_tutte_berge(n, edges, len(m), m.barrier())
        mate = m.mate
        assert len(mate) == n
        for u, v in m.pairs:
            assert mate[u] == v and mate[v] == u
        assert int((mate >= 0).sum()) == 2 * len(m)
        m.verify()
        m.verify(edges)
        count += 1
    assert count > 300


def test_size_equals_brute_force() -> None:
    rng = random.Random(7)
    for _ in range(400):
        n = rng.randrange(0, 12)
        edges = random_graph(rng, n, rng.randrange(0, 3 * n + 1)) if n else []
        m = gridmatch.max_matching(edges, n)
        assert len(m) == brute_matching_number(n, edges)
        check_tutte_berge(n, edges, len(m), m.barrier())


def test_barrier_minimal_on_non_bipartite() -> None:
    rng = random.Random(11)
    for _ in range(100):
        n = rng.randrange(3, 40)
        edges = random_graph(rng, n, 2 * n)
        m = gridmatch.max_matching(edges, n)
        if m.is_bipartite:
            continue
        x = [int(v) for v in m.barrier()]
        for drop in range(len(x)):
            rest = x[:drop] + x[drop + 1 :]
            with pytest.raises(AssertionError):
                check_tutte_berge(n, edges, len(m), rest)


def test_larger_graphs_against_networkx() -> None:
    rng = random.Random(3)
    for n in (500, 1500):
        edges = random_graph(rng, n, 3 * n, loops=False)
        m = gridmatch.max_matching(np.array(edges), n)
        assert len(m) == nx_size(n, edges)
        check_tutte_berge(n, edges, len(m), m.barrier())


def test_numpy_dtypes_and_n_default() -> None:
    edges = [(0, 1), (1, 2), (2, 3), (3, 4)]
    for dt in (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64):
        m = gridmatch.max_matching(np.array(edges, dtype=dt))
        assert (m.n, len(m)) == (5, 2)
    # Non-contiguous views and Fortran order are fine.
    a = np.array(edges * 2, dtype=np.int64)[::2]
    assert len(gridmatch.max_matching(a)) == 2
    assert len(gridmatch.max_matching(np.asfortranarray(np.array(edges)))) == 2
    # Tuples, generators, an empty graph, isolated vertices.
    assert len(gridmatch.max_matching(tuple(edges))) == 2
    assert len(gridmatch.max_matching(e for e in edges)) == 2
    empty = gridmatch.max_matching([])
    assert (empty.n, len(empty), empty.pairs.shape) == (0, 0, (0, 2))
    iso = gridmatch.max_matching([], n=4)
    assert iso.mate.tolist() == [-1] * 4 and iso.barrier().tolist() == []
    iso.verify()


def test_mutated_certificates_are_rejected() -> None:
    rng = random.Random(5)
    tried = 0
    for _ in range(60):
        n = rng.randrange(4, 30)
        edges = random_graph(rng, n, 2 * n, loops=False)
        m = gridmatch.max_matching(edges, n)
        if len(m) == 0:
            continue
        e = as_array(edges)
        fewer = m.pairs[1:]
        bad = gridmatch.Matching(n, e, fewer, m.mate, m.is_bipartite, m.barrier())
        with pytest.raises(gridmatch.CertificateError):
            bad.verify()
        if len(m.barrier()):
            short = m.barrier()[1:]
            bad = gridmatch.Matching(n, e, m.pairs, m.mate, m.is_bipartite, short)
            with pytest.raises(gridmatch.CertificateError):
                bad.verify()
        # Against a graph without one matched edge, the pairs are no matching of it.
        u, v = (int(x) for x in m.pairs[0])
        others = [p for p in edges if {p[0], p[1]} != {u, v}]
        with pytest.raises(gridmatch.CertificateError):
            m.verify(others)
        tried += 1
    assert tried > 40


def test_labeled_networkx_round_trip() -> None:
    G = nx.Graph()
    G.add_edges_from([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("e", "f")])
    g = gridmatch.from_networkx(G)
    m = gridmatch.max_matching(g)
    pairs = g.matching(m)
    assert len(pairs) == 3 == len(nx.max_weight_matching(G, maxcardinality=True))
    assert all(G.has_edge(u, v) for u, v in pairs)
    assert g.labels(m.mate)[g.id("e")] == "f"
    assert [gridmatch.geography(g)[g.id(v)] for v in "ef"] == ["A", "A"]


def test_gil_is_released() -> None:
    """A Python thread keeps running while the engine solves; two solves at once agree."""
    import threading

    rng = np.random.default_rng(9)
    n = 300_000
    edges = rng.integers(0, n, size=(3 * n, 2))
    e = np.ascontiguousarray(edges, dtype=np.int64)
    ticks = [0]
    stop = threading.Event()

    def count() -> None:
        while not stop.is_set():
            ticks[0] += 1

    t = threading.Thread(target=count)
    t.start()
    try:
        before = ticks[0]
        out = gridmatch._core.max_matching(e, n)  # the solve alone, no Python around it
        during = ticks[0] - before
    finally:
        stop.set()
        t.join()
    assert during > 1000, during
    got: list[int] = []
    threads = [
        threading.Thread(target=lambda: got.append(len(gridmatch.max_matching(edges, n))))
        for _ in range(2)
    ]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert got == [len(out)] * 2


def test_gallai_edmonds_classes_against_brute_force() -> None:
    """D: the vertices some maximum matching misses (ν(G - v) = ν(G), by brute force); A: their
    neighbours outside D; C: the rest. A is a Tutte–Berge barrier."""
    rng = random.Random(11)
    for _ in range(150):
        n = rng.randrange(1, 11)
        edges = random_graph(rng, n, rng.randrange(0, 2 * n + 1))
        m = gridmatch.max_matching(edges, n)
        classes = m.gallai_edmonds()
        assert classes.shape == (n,) and not classes.flags.writeable
        nu = brute_matching_number(n, edges)
        d = {v for v in range(n)
             if brute_matching_number(n, [e for e in edges if v not in e]) == nu}
        a = {w for u, v in edges for x, w in ((u, v), (v, u)) if x in d and w not in d}
        want = ["D" if v in d else "A" if v in a else "C" for v in range(n)]
        assert classes.tolist() == want, (n, edges)
        barrier = [v for v in range(n) if want[v] == "A"]
        check_tutte_berge(n, edges, nu, barrier)
        # The same from a pickled copy.
        assert pickle.loads(pickle.dumps(m)).gallai_edmonds().tolist() == want
