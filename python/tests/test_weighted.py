"""Weighted matching and assignment against networkx, rustworkx, scipy and brute force; every
certificate verified, tampered ones refused, bad input refused."""

from __future__ import annotations

import functools
import itertools
import json
import math
import os
import pickle
import random
import shutil
import subprocess
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
from scipy.optimize import linear_sum_assignment as scipy_lsa
from scipy.sparse.csgraph import min_weight_full_bipartite_matching

import gridmatch
from gridmatch import CertificateError, NoPerfectMatching

ROOT = Path(__file__).resolve().parents[2]

try:
    import rustworkx
except ImportError:  # pragma: no cover - optional peer
    rustworkx = None


def weighted_graph(rng: random.Random, n: int, m: int, lo: int, hi: int):
    """m random edges with integer weights in [lo, hi]; now and then a self-loop, a repeated
    edge with another weight, or a tie."""
    edges, weights = [], []
    for _ in range(m):
        u, v = rng.randrange(n), rng.randrange(n)
        edges.append((u, v))
        weights.append(rng.randint(lo, hi))
    if edges and rng.random() < 0.3:
        edges.append(rng.choice(edges))
        weights.append(rng.randint(lo, hi))
    return edges, weights


def simple(edges, weights):
    """The heaviest edge of each pair, self-loops dropped (what a best matching may use)."""
    best: dict[tuple[int, int], int] = {}
    for (u, v), w in zip(edges, weights):
        if u == v:
            continue
        key = (min(u, v), max(u, v))
        if key not in best or w > best[key]:
            best[key] = w
    return best


def nx_total(n, edges, weights, maxcardinality: bool):
    """networkx's best total and size; weights negated for a minimum."""
    g = nx.Graph()
    g.add_nodes_from(range(n))
    for (u, v), w in simple(edges, weights).items():
        g.add_edge(u, v, weight=w)
    m = nx.max_weight_matching(g, maxcardinality=maxcardinality)
    return sum(g[u][v]["weight"] for u, v in m), len(m)


def check(n, edges, weights, m, exact_weights=None) -> None:
    """The pairs are disjoint edges whose weights add up to the total; mate agrees; the
    certificate verifies."""
    ws = exact_weights if exact_weights is not None else weights
    avail: dict[tuple[int, int], list] = {}
    for (u, v), w in zip(edges, ws):
        avail.setdefault((min(u, v), max(u, v)), []).append(w)
    seen = set()
    total = 0
    for u, v in m.pairs.tolist():
        assert u != v and u not in seen and v not in seen
        seen |= {u, v}
        key = (min(u, v), max(u, v))
        assert key in avail, (u, v)
        total += max(avail[key]) if m.objective == "max" else min(avail[key])
    assert total == m.total
    mate = m.mate
    assert len(mate) == n
    assert int((mate >= 0).sum()) == 2 * len(m)
    assert m.verify() is True


def brute(n, edges, weights, cardinality: str, sense: int):
    """The best total of sense·w over all matchings / the largest / the perfect ones: a DP
    over subsets of the vertices (None if no matching qualifies)."""
    best_edge = {}
    for (u, v), w in zip(edges, weights):
        if u != v:
            key = (min(u, v), max(u, v))
            w = sense * w
            if key not in best_edge or w > best_edge[key]:
                best_edge[key] = w

    @functools.cache
    def go(free: int):
        """(pairs, weight) best in lexicographic order for the cardinality question."""
        if free == 0:
            return (0, 0)
        v = (free & -free).bit_length() - 1
        rest = free & ~(1 << v)
        options = []
        skip = go(rest)
        options.append(skip)
        for u in range(n):
            if rest >> u & 1 and (min(u, v), max(u, v)) in best_edge:
                p, w = go(rest & ~(1 << u))
                options.append((p + 1, w + best_edge[(min(u, v), max(u, v))]))
        if cardinality == "any":
            return max(options, key=lambda t: (t[1],))
        return max(options)

    p, w = go((1 << n) - 1)
    if cardinality == "perfect" and 2 * p != n:
        return None
    return sense * w


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_brute_force_small(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(150):
        n = rng.randrange(1, 9)
        lo, hi = rng.choice([(1, 5), (-5, 5), (0, 0), (1, 1), (-3, 10**6)])
        edges, weights = weighted_graph(rng, n, rng.randrange(0, 3 * n + 1), lo, hi)
        for mc in (False, True):
            m = gridmatch.max_weight_matching(edges, weights, n, maxcardinality=mc)
            check(n, edges, weights, m)
            assert m.total == brute(n, edges, weights, "maximum" if mc else "any", 1)
        want = brute(n, edges, weights, "perfect", -1)
        if want is None:
            with pytest.raises(NoPerfectMatching) as e:
                gridmatch.min_weight_perfect_matching(edges, weights, n)
            e.value.matching.verify()
        else:
            m = gridmatch.min_weight_perfect_matching(edges, weights, n)
            check(n, edges, weights, m)
            assert m.total == want
            assert len(m) * 2 == n


def families(seed: int):
    rng = random.Random(seed)
    for _ in range(80):
        n = rng.randrange(2, 16)
        yield n, *weighted_graph(rng, n, rng.randrange(0, 4 * n), *rng.choice([(1, 10), (-10, 10), (1, 10**6)]))
    for _ in range(40):
        n = rng.randrange(20, 120)
        yield n, *weighted_graph(rng, n, rng.choice([2 * n, 5 * n]), *rng.choice([(1, 100), (1, 10**6), (-50, 50)]))
    for _ in range(10):
        r, c = rng.randrange(2, 9), rng.randrange(2, 9)
        g = nx.convert_node_labels_to_integers(nx.grid_2d_graph(r, c))
        edges = list(g.edges())
        yield r * c, edges, [rng.randint(1, 20) for _ in edges]


@pytest.mark.parametrize("seed", [11, 12])
def test_against_networkx(seed: int) -> None:
    count = 0
    for n, edges, weights in families(seed):
        for mc in (False, True):
            m = gridmatch.max_weight_matching(edges, weights, n, maxcardinality=mc)
            total, size = nx_total(n, edges, weights, mc)
            assert m.total == total, (n, edges, weights, mc)
            if mc:
                assert len(m) == size
            check(n, edges, weights, m)
        # Minimum-weight perfect matching by negation: the heaviest of -w among the largest.
        neg_total, size = nx_total(n, edges, [-w for w in weights], True)
        if 2 * size == n:
            m = gridmatch.min_weight_perfect_matching(edges, weights, n)
            assert m.total == -neg_total
            check(n, edges, weights, m)
        else:
            with pytest.raises(NoPerfectMatching, match="no perfect matching"):
                gridmatch.min_weight_perfect_matching(edges, weights, n)
        count += 1
    assert count >= 130


@pytest.mark.skipif(rustworkx is None, reason="rustworkx not installed")
def test_against_rustworkx() -> None:
    rng = random.Random(5)
    for _ in range(100):
        n = rng.randrange(2, 80)
        edges, weights = weighted_graph(rng, n, rng.randrange(n, 4 * n), 1, 1000)
        g = rustworkx.PyGraph()
        g.add_nodes_from(range(n))
        best = simple(edges, weights)
        g.add_edges_from([(u, v, w) for (u, v), w in best.items()])
        for mc in (False, True):
            theirs = rustworkx.max_weight_matching(g, max_cardinality=mc, weight_fn=lambda w: w)
            total = sum(best[(min(u, v), max(u, v))] for u, v in theirs)
            m = gridmatch.max_weight_matching(edges, weights, n, maxcardinality=mc)
            assert m.total == total
            if mc:
                assert len(m) == len(theirs)


def test_float_weights_are_exact_decimals() -> None:
    rng = random.Random(8)
    for _ in range(100):
        n = rng.randrange(2, 12)
        edges, ints = weighted_graph(rng, n, rng.randrange(1, 3 * n), -40, 40)
        scale = rng.choice([10, 4, 100])
        floats = [i / scale for i in ints]  # 0.1, 2.5, 0.25, 0.07, ...
        exact = [Fraction(i, scale) for i in ints]
        for mc in (False, True):
            m = gridmatch.max_weight_matching(edges, floats, n, maxcardinality=mc)
            assert isinstance(m.total, Decimal)
            want = brute(n, edges, exact, "maximum" if mc else "any", 1)
            assert Fraction(m.total) == want
            check(n, edges, [Fraction(str(f)) for f in floats], m)
        want = brute(n, edges, exact, "perfect", -1)
        if want is not None:
            assert Fraction(gridmatch.min_weight_perfect_matching(edges, floats, n).total) == want


def test_weights_of_every_kind() -> None:
    edges = [(0, 1), (1, 2), (2, 3)]
    assert gridmatch.max_weight_matching(edges, [1, 3, 1]).total == 3
    assert gridmatch.max_weight_matching(np.array(edges), np.array([1, 3, 1], np.uint8)).total == 3
    assert gridmatch.max_weight_matching(edges, [2**59, 1, 2**59]).total == 2**60
    assert gridmatch.max_weight_matching(edges, [0.1, 0.3, 0.1]).total == Decimal("0.3")
    assert gridmatch.max_weight_matching(edges, np.array([0.1, 0.3, 0.25], np.float32)).total == Decimal("0.35")
    assert gridmatch.max_weight_matching(edges, [Decimal("0.125"), 0, Fraction(1, 8)]).total == Decimal("0.25")
    assert gridmatch.max_weight_matching(edges, [1.0, 3.0, 1.0]).total == Decimal(3)
    assert gridmatch.max_weight_matching(edges).total == 2
    assert gridmatch.max_weight_matching([], []).total == 0
    m = gridmatch.max_weight_matching(edges, [1, 3, 1], n=6)
    assert m.n == 6 and m.mate.tolist() == [-1, 2, 1, -1, -1, -1]


@pytest.mark.parametrize(
    "weights, message",
    [
        ([1, float("nan"), 1], r"weights\[1\]: found nan, expected a finite number"),
        ([1, float("inf"), 1], r"weights\[1\]: found inf"),
        # Beyond ±2**59 the wide path answers (tests/test_weighted_wide.py) up to
        # n·max|w| < 2**119; beyond that, and beyond ±2**127, refused naming the value.
        ([1, 2**118, 1], r"edge 1 weighs 332306998946228968225951765070086144: on 4 vertices"),
        ([1, -(2**130), 1], r"weights\[1\]: found -1361129467683753853853498429727072845824, beyond ±2\*\*127"),
        # A Fraction with no finite decimal puts all at the common denominator (3 here).
        ([1, Fraction(2**127, 3), 1], r"weights\[1\]: found 170141183460469231731687303715884105728, beyond ±2\*\*127 once scaled"),
        ([1, 2], r"found 2 for 3 edges, expected one weight per edge"),
        (["a", "b", "c"], r"expected numbers"),
        ([1, "b", 1.5], r"weights: found an array of <U32, expected numbers"),
        ([1, None, 1.5], r"weights\[1\]: found NoneType None, expected a number"),
        ([1, Decimal("NaN"), 1.5], r"weights\[1\]: found NaN, expected a finite number"),
        (5, r"found a single number for 3 edges"),
    ],
)
def test_bad_weights(weights, message) -> None:
    with pytest.raises(ValueError, match=message):
        gridmatch.max_weight_matching([(0, 1), (1, 2), (2, 3)], weights)


def test_large_weights_need_no_shift() -> None:
    # Once refused ("too large to ask for a maximum-cardinality"): the question is answered by
    # the Gallai–Edmonds reduction, with no shift.
    m = gridmatch.max_weight_matching([(0, 1), (1, 2), (2, 0)], [2**58, 1, 1], maxcardinality=True)
    assert m.total == 2**58 and m.verify() and m.duals().reduction
    m = gridmatch.max_weight_matching([(0, 1), (1, 2), (2, 3)], [2**59, 2**59, 2**59], maxcardinality=True)
    assert m.total == 2**60 and m.verify()


def test_bad_edges() -> None:
    with pytest.raises(ValueError, match=r"edges\[0\]\[1\]: found -1"):
        gridmatch.max_weight_matching([(0, -1)], [1])
    with pytest.raises(ValueError, match=r"found 5, expected a vertex number from 0 to 3"):
        gridmatch.max_weight_matching([(0, 5)], [1], n=4)


def test_no_perfect_matching_names_the_barrier() -> None:
    # Two triangles: 6 vertices, 2 pairs at most.
    edges = [(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3)]
    with pytest.raises(NoPerfectMatching, match=r"removing the 0 vertices of a Tutte–Berge barrier leaves 2 odd components") as e:
        gridmatch.min_weight_perfect_matching(edges, [1] * 6)
    assert len(e.value.matching) == 2
    e.value.matching.verify()
    # A star: the centre is a König cover.
    with pytest.raises(ValueError, match=r"removing the 1 vertex of a König cover leaves 3 odd components.* at least 2 vertices stay unmatched"):
        gridmatch.min_weight_perfect_matching([(0, 1), (0, 2), (0, 3)], [1, 2, 3])
    with pytest.raises(NoPerfectMatching, match="at least 1 vertices"):
        gridmatch.min_weight_perfect_matching([(0, 1)], [1], n=3)


# The constructors' arguments, in the order ``__reduce__`` gives them: a weighted matching's,
# and an assignment's proof's.
MATCHING_FIELDS = [
    "n", "edges", "weights", "decimals", "objective", "cardinality", "pairs",
    "pair_weights", "total", "shift", "vertex", "offsets", "members", "bduals", "kind",
    "proof", "child_offsets", "children", "reduction", "fraction", "grid", "original_digits",
    "original_exponents", "stated_gap", "wide", "denominator",
]
PROOF_FIELDS = [
    "rows", "cols", "costs", "entries", "row", "col", "decimals", "fraction", "maximize",
    "transposed", "col_of_row", "grid", "digits", "exponents", "stated_gap", "denominator",
    "floats",
]


def state(answer) -> dict:
    """A weighted matching's or an assignment's proof's pickled state, by field name."""
    if isinstance(answer, gridmatch.Assignment):
        return dict(zip(PROOF_FIELDS, answer._proof.__reduce__()[1], strict=True))
    return dict(zip(MATCHING_FIELDS, answer.__reduce__()[1], strict=True))


def tampered(answer, **change):
    """``answer`` (a weighted matching, or an assignment with its proof) rebuilt from its
    pickled state with ``change``, fields named as in ``MATCHING_FIELDS``/``PROOF_FIELDS``."""
    fields = PROOF_FIELDS if isinstance(answer, gridmatch.Assignment) else MATCHING_FIELDS
    assert set(change) <= set(fields), set(change) - set(fields)
    s = state(answer)
    s.update(change)
    args = [s[f] for f in fields]
    if isinstance(answer, gridmatch.Assignment):
        return gridmatch.Assignment(answer[0], answer[1], type(answer._proof)(*args))
    return type(answer)(*args)


def refused(answer, match: str | None = None, **change) -> None:
    """``answer`` tampered with ``change`` fails ``verify()`` (with ``match`` in the message)."""
    with pytest.raises(CertificateError, match=match):
        tampered(answer, **change).verify()


def wide_assignment_tampering_is_refused(ours) -> None:
    """An exact wide assignment of a dense matrix with row 0's potential raised, or with row
    0's assigned cost changed, fails ``verify()``."""
    proof = ours._proof
    u = proof.row.copy()
    u[0] += 1
    refused(ours, row=u)
    digits = proof.digits.copy()
    digits[proof.col_of_row[0]] += 1  # row 0's assigned entry dearer (or cheaper)
    refused(ours, digits=digits)


def i64(values) -> np.ndarray:
    return np.asarray(values, dtype=np.int64)


def test_tampered_certificates_are_refused() -> None:
    # A triangle with a pendant edge: the answer needs a blossom dual.
    edges = [(0, 1), (1, 2), (2, 0), (2, 3)]
    m = gridmatch.max_weight_matching(edges, [6, 6, 6, 1])
    assert m.verify()
    d = m.duals()
    lowered = d.vertex.copy()
    lowered[int(np.argmax(lowered))] -= 2
    with pytest.raises(CertificateError):
        tampered(m, vertex=i64(lowered)).verify()
    with pytest.raises(CertificateError):
        tampered(m, total=state(m)["total"] + 1).verify()
    with pytest.raises(CertificateError):
        tampered(m, pairs=i64([[0, 1]]), pair_weights=i64([6]), total=6).verify()
    if d.blossoms:
        with pytest.raises(CertificateError):
            tampered(
                m, offsets=i64([0]), members=i64([]), bduals=i64([]),
                child_offsets=i64([0]), children=i64([]),
            ).verify()
    mc = gridmatch.max_weight_matching(edges, [6, 6, 6, 1], maxcardinality=True)
    with pytest.raises(CertificateError):
        tampered(mc, kind=0, proof=i64([])).verify()
    # A matching swapped for a lighter one with the same duals.
    path = gridmatch.max_weight_matching([(0, 1), (1, 2), (2, 3)], [5, 8, 5])
    with pytest.raises(CertificateError):
        tampered(path, pairs=i64([[1, 2]]), pair_weights=i64([8]), total=8).verify()


def test_odd_sets_are_a_forest() -> None:
    """Three triangles in a ring: the outer set lists no vertex, the triangles as children; a
    state pickled in the first shape (every set listing all its vertices) still verifies."""
    edges = [(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3), (6, 7), (7, 8), (8, 6),
             (2, 3), (5, 6), (8, 0), (0, 9)]
    weights = [6] * 9 + [5, 5, 5, 1]
    m = gridmatch.max_weight_matching(edges, weights)
    assert m.verify() and m.total == 24
    d = m.duals()
    assert len(d.blossoms) == 4
    outer = d.blossoms[3]
    assert outer.vertices.tolist() == [] and outer.children.tolist() == [0, 1, 2]
    assert d.all_vertices(3).tolist() == list(range(9))
    assert sorted(d.all_vertices(0).tolist()) == d.blossoms[0].vertices.tolist()
    with pytest.raises(ValueError):
        d.all_vertices(4)
    assert '"version":2' in m.to_json() and '"children":[0,1,2]' in m.to_json()
    # A child dropped, a child not before its parent: refused.
    _, args = m.__reduce__()
    with pytest.raises(CertificateError):
        tampered(m, child_offsets=i64([0, 0, 0, 0, 2]), children=i64([0, 1])).verify()
    with pytest.raises(CertificateError):
        tampered(m, child_offsets=i64([0, 0, 0, 0, 3]), children=i64([0, 1, 3])).verify()
    # The first shape: sets listing all their vertices, no children arrays.
    full = [d.all_vertices(i).tolist() for i in range(4)]
    offsets = np.cumsum([0] + [len(f) for f in full])
    old = type(m)(*args[:11], i64(offsets), i64([x for f in full for x in f]), *args[13:16])
    assert old.verify() and len(old.duals().blossoms) == 4
    bad = list(full)
    bad[1] = [2, 3, 4]
    with pytest.raises(CertificateError):
        type(m)(*args[:11], i64(offsets), i64([x for f in bad for x in f]), *args[13:16]).verify()


def gadget(n, edges, barrier):
    """The gadget graph G* of the maximum-cardinality question, built here from its definition
    (the library's weighted module docs): G plus ``k_i = n + i`` per odd component of G − A
    (numbered by smallest vertex) joined to its vertices, plus ``a'_j = n + c + j`` per barrier
    vertex joined to the ``k_i`` of each odd component it has a neighbour in; added edges
    weigh 0. Returns its vertex count and added edges."""
    A = set(barrier)
    adj = {v: set() for v in range(n)}
    for u, v in edges:
        if u != v:
            adj[u].add(v)
            adj[v].add(u)
    comp = {}
    for s in range(n):
        if s in A or s in comp:
            continue
        stack, members = [s], []
        comp[s] = s
        while stack:
            x = stack.pop()
            members.append(x)
            for y in adj[x]:
                if y not in A and y not in comp:
                    comp[y] = s
                    stack.append(y)
        comp.update({x: s for x in members})
    roots = sorted({comp[v] for v in comp})
    odd = [r for r in roots if sum(1 for v in comp if comp[v] == r) % 2 == 1]
    k = {r: n + i for i, r in enumerate(odd)}
    added = [(v, k[comp[v]]) for v in range(n) if v in comp and comp[v] in k]
    for j, a in enumerate(sorted(A)):
        for r in sorted({comp[u] for u in adj[a] if u in comp and comp[u] in k}):
            added.append((n + len(odd) + j, k[r]))
    return n + len(odd) + len(A), added


def test_duals_prove_the_total() -> None:
    """The LP duality equation, checked here in Fractions from the definitions: the
    maximum-weight LP of G, or for the maximum-cardinality question the perfect-matching LP
    of the gadget graph G* (vertex duals free, every vertex of G* matched)."""
    rng = random.Random(4)
    reduced = 0
    for _ in range(60):
        n = rng.randrange(2, 14)
        edges, weights = weighted_graph(rng, n, rng.randrange(1, 4 * n), -5, 20)
        for mc in (False, True):
            m = gridmatch.max_weight_matching(edges, weights, n, maxcardinality=mc)
            d = m.duals()
            D = d.denominator
            all_edges, all_weights = list(edges), list(weights)
            if d.reduction:
                kind, barrier = m.cardinality_proof
                assert kind == "barrier"
                size, added = gadget(n, edges, barrier.tolist())
                assert len(d.vertex) == size
                all_edges += added
                all_weights += [0] * len(added)
                reduced += 1
            else:
                assert len(d.vertex) == n
            y = [Fraction(int(v), D) for v in d.vertex]
            z = [
                (set(d.all_vertices(i).tolist()), Fraction(b.dual, D))
                for i, b in enumerate(d.blossoms)
            ]
            assert all(q > 0 for _, q in z)
            assert d.reduction or all(v >= 0 for v in y)
            for (u, v), w in zip(all_edges, all_weights):
                if u != v:
                    cover = y[u] + y[v] + sum(q for s, q in z if u in s and v in s)
                    assert cover >= d.sign * w + d.shift
            dual = sum(y) + sum(q * (len(s) - 1) / 2 for s, q in z)
            assert dual == d.sign * m.total + d.shift * len(m)
    assert reduced > 30


def test_pickle_json_repr() -> None:
    m = gridmatch.max_weight_matching([(0, 1), (1, 2), (2, 0), (2, 3)], [0.5, 0.5, 0.5, 0.1], maxcardinality=True)
    again = pickle.loads(pickle.dumps(m))
    assert again.verify() and again.total == m.total == Decimal("0.6")
    assert again.pairs.tolist() == m.pairs.tolist()
    record = json.loads(m.to_json())
    assert record["certificate"] == "weighted_matching"
    assert record["decimals"] == 1 and record["total"] == 6 and record["cardinality"] == "maximum"
    assert "proof" in record
    assert "total=0.6" in repr(m)
    with pytest.raises(AttributeError):
        m.total = 3  # type: ignore[misc]
    assert not m.pairs.flags.writeable


def test_from_networkx() -> None:
    rng = random.Random(3)
    for _ in range(30):
        G = nx.gnm_random_graph(rng.randrange(2, 40), rng.randrange(1, 80), seed=rng.randrange(10**6))
        G = nx.relabel_nodes(G, {v: f"v{v}" for v in G})
        for u, v in G.edges():
            if rng.random() < 0.9:
                G[u][v]["w"] = rng.randint(1, 50)
        for mc in (False, True):
            theirs = nx.max_weight_matching(G, maxcardinality=mc, weight="w")
            g = gridmatch.from_networkx(G, weight="w")
            m = gridmatch.max_weight_matching(g, maxcardinality=mc)
            ours = g.matching(m)
            weight = lambda pairs, G=G: sum(G[u][v].get("w", 1) for u, v in pairs)
            assert weight(ours) == weight(theirs) == m.total
    # A MultiGraph keeps parallel edges; weight=None weighs each edge 1.
    G = nx.MultiGraph([(0, 1, {"weight": 1}), (0, 1, {"weight": 9}), (1, 2, {"weight": 5})])
    assert gridmatch.max_weight_matching(gridmatch.from_networkx(G)).total == 9
    assert gridmatch.max_weight_matching(gridmatch.from_networkx(G, weight=None)).total == 1


def check_assignment(cost, rows, cols, k) -> None:
    assert rows.dtype == np.int64 and cols.dtype == np.int64
    assert len(rows) == len(cols) == k
    assert list(rows) == sorted(rows) and len(set(rows.tolist())) == k
    assert len(set(cols.tolist())) == k


@pytest.mark.parametrize("seed", [1, 2])
def test_dense_assignment_against_scipy(seed: int) -> None:
    rng = np.random.default_rng(seed)
    for trial in range(150):
        r, c = int(rng.integers(1, 25)), int(rng.integers(1, 25))
        kind = trial % 3
        if kind == 0:
            cost = rng.integers(-10**6, 10**6, size=(r, c))
        elif kind == 1:
            cost = rng.integers(0, 5, size=(r, c))  # many ties
        else:
            cost = rng.integers(-100, 100, size=(r, c)) / rng.choice([10, 4])  # 0.1, 2.5, ...
        for maximize in (False, True):
            rows, cols = gridmatch.linear_sum_assignment(cost, maximize=maximize)
            check_assignment(cost, rows, cols, min(r, c))
            sr, sc = scipy_lsa(cost, maximize=maximize)
            if kind == 2:
                assert math.isclose(cost[rows, cols].sum(), cost[sr, sc].sum(), abs_tol=1e-9)
                exact = [[Fraction(str(x)) for x in row] for row in cost]
                ours = sum(exact[i][j] for i, j in zip(rows, cols))
                theirs = sum(exact[i][j] for i, j in zip(sr, sc))
                assert ours == theirs
            else:
                assert cost[rows, cols].sum() == cost[sr, sc].sum()
    assert gridmatch.linear_sum_assignment(np.zeros((0, 3)))[0].shape == (0,)
    assert gridmatch.linear_sum_assignment([[5]]) == (np.array([0]), np.array([0]))


def test_dense_with_forbidden_entries_against_scipy() -> None:
    rng = np.random.default_rng(9)
    feasible = infeasible = 0
    for _ in range(200):
        r, c = int(rng.integers(1, 12)), int(rng.integers(1, 12))
        cost = rng.integers(0, 50, size=(r, c)).astype(float)
        for maximize in (False, True):
            a = cost.copy()
            a[rng.random((r, c)) < rng.choice([0.3, 0.7])] = -np.inf if maximize else np.inf
            try:
                sr, sc = scipy_lsa(a, maximize=maximize)
            except ValueError:
                infeasible += 1
                with pytest.raises(ValueError, match="cost matrix is infeasible"):
                    gridmatch.linear_sum_assignment(a, maximize=maximize)
                continue
            feasible += 1
            rows, cols = gridmatch.linear_sum_assignment(a, maximize=maximize)
            check_assignment(a, rows, cols, min(r, c))
            assert a[rows, cols].sum() == a[sr, sc].sum()
    assert feasible > 50 and infeasible > 50


def test_sparse_assignment_against_scipy() -> None:
    rng = np.random.default_rng(3)
    feasible = infeasible = 0
    for trial in range(200):
        r, c = int(rng.integers(1, 40)), int(rng.integers(1, 40))
        density = float(rng.choice([0.1, 0.3, 0.8]))
        mask = rng.random((r, c)) < density
        vals = rng.integers(1, 10**6, size=(r, c)) if trial % 2 else rng.integers(1, 40, size=(r, c)) / 10
        dense = np.where(mask, vals, 0)
        fmt = [sp.csr_array, sp.csc_matrix, sp.coo_array][trial % 3]
        m = fmt(dense)
        for maximize in (False, True):
            try:
                sr, sc = min_weight_full_bipartite_matching(m, maximize=maximize)
            except ValueError:
                infeasible += 1
                with pytest.raises(ValueError, match="cost matrix is infeasible"):
                    gridmatch.linear_sum_assignment(m, maximize=maximize)
                continue
            feasible += 1
            rows, cols = gridmatch.linear_sum_assignment(m, maximize=maximize)
            check_assignment(dense, rows, cols, min(r, c))
            assert mask[rows, cols].all()
            if trial % 2:
                assert dense[rows, cols].sum() == dense[sr, sc].sum()
            else:
                assert math.isclose(dense[rows, cols].sum(), dense[sr, sc].sum(), abs_tol=1e-9)
    assert feasible > 50 and infeasible > 50


def test_sparse_explicit_zeros_and_duplicates_are_entries() -> None:
    m = sp.coo_array((np.array([0.0, 5.0, 5.0, 1.0]), (np.array([0, 0, 1, 1]), np.array([0, 1, 0, 0]))), shape=(2, 2))
    # (1, 0) is stored twice (5 + 1 = 6, as scipy sums duplicates); (0, 0) is an explicit 0.
    _, cols = gridmatch.linear_sum_assignment(m)
    assert cols.tolist() == [1, 0]  # 5 + 6 = 11, the only full assignment without (1, 1)
    _rows, cols = gridmatch.linear_sum_assignment(sp.csr_array(([0.0], ([0], [0])), shape=(1, 2)))
    assert cols.tolist() == [0]


@pytest.mark.parametrize(
    "cost, kwargs, message",
    [
        ([1, 2, 3], {}, r"expected a matrix \(2-D array\), got a 1-D array"),
        ([[1, float("nan")], [1, 2]], {}, "invalid numeric entries"),
        ([[1, -float("inf")], [1, 2]], {}, "invalid numeric entries"),
        ([[1, float("inf")], [1, 2]], {"maximize": True}, "invalid numeric entries"),
        ([[1, float("inf")], [2, float("inf")]], {}, "cost matrix is infeasible: at most 1 of its 2 rows"),
        ([[1, 2**126]], {}, (r"cost\[0\]\[1\]: found 85070591730234615865843651857942052864 \(as "
         r"an integer at the costs' common scale\), beyond the exact engines: \(rows \+ "
         r"cols\)·\|cost\| must stay below 2\*\*119")),
        ([["a"]], {}, "expected numbers"),
    ],
)
def test_bad_cost_matrices(cost, kwargs, message) -> None:
    with pytest.raises(ValueError, match=message):
        gridmatch.linear_sum_assignment(cost, **kwargs)


def test_sparse_bad_values() -> None:
    with pytest.raises(ValueError, match="invalid numeric entries"):
        gridmatch.linear_sum_assignment(sp.csr_array(np.array([[1.0, np.nan]])))
    with pytest.raises(ValueError, match="cost matrix is infeasible"):
        gridmatch.linear_sum_assignment(sp.csr_array(np.array([[1.0, 0.0], [2.0, 0.0]])))


GRIDMATCH = os.environ.get("GRIDMATCH_BIN") or shutil.which("gridmatch")
if GRIDMATCH is None and (ROOT / "target" / "release" / "gridmatch").exists():
    GRIDMATCH = str(ROOT / "target" / "release" / "gridmatch")


@pytest.mark.skipif(GRIDMATCH is None, reason="the gridmatch binary is not built")
def test_certificates_are_the_command_lines(tmp_path) -> None:
    """to_json() is `gridmatch match --weights --json`'s record, and `gridmatch verify
    --graph` accepts it."""
    rng = random.Random(21)
    checked = 0
    for trial in range(30):
        n = 2 * rng.randrange(1, 8)
        edges = [(i, (i + 1) % n) for i in range(n)]  # every vertex named, so numbers agree
        edges += [(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randrange(0, 2 * n))]
        edges = [(u, v) for u, v in edges if u != v]
        if trial % 2:
            weights = [Decimal(rng.randint(-30, 30)) / 4 for _ in edges]
        else:
            weights = [rng.randint(-9, 99) for _ in edges]
        graph = tmp_path / f"g{trial}.txt"
        graph.write_text("".join(f"{u} {v} {w}\n" for (u, v), w in zip(edges, weights)))
        for flags, solve in [
            ([], lambda e=edges, w=weights: gridmatch.max_weight_matching(e, w)),
            (["--max-cardinality"], lambda e=edges, w=weights: gridmatch.max_weight_matching(e, w, maxcardinality=True)),
            (["--min", "--perfect"], lambda e=edges, w=weights: gridmatch.min_weight_perfect_matching(e, w)),
        ]:
            theirs = subprocess.run(
                [GRIDMATCH, "match", "--weights", "--json", *flags, str(graph)],
                capture_output=True, text=True, timeout=60, check=True,
            ).stdout.strip()
            try:
                ours = solve().to_json()
            except NoPerfectMatching:
                assert json.loads(theirs)["result"] == "no perfect matching"
                continue
            assert json.loads(ours) == json.loads(theirs), (flags, edges, weights)
            cert = tmp_path / "cert.json"
            cert.write_text(ours + "\n")
            done = subprocess.run(
                [GRIDMATCH, "verify", "--graph", str(graph), str(cert)],
                capture_output=True, text=True, timeout=60, check=False,
            )
            assert done.returncode == 0, done.stdout + done.stderr
            checked += 1
    assert checked >= 70


def exact_of(x) -> Fraction:
    """A float as the package reads it: the shortest decimal that reads back as it."""
    return Fraction(repr(float(x)))


def float_matrix(rng: random.Random, rows: int, cols: int) -> np.ndarray:
    """Floats of a few kinds: ordinary, rounded, tiny beside ordinary (within the exact span
    of the engines' integers), negative, ties."""
    kind = rng.randrange(4)
    if kind == 0:
        a = [[round(rng.random(), rng.randrange(1, 10)) for _ in range(cols)] for _ in range(rows)]
    elif kind == 1:
        a = [[rng.choice([rng.randrange(1, 999) / 1e6, rng.randrange(1, 50) / 4]) for _ in range(cols)] for _ in range(rows)]
    elif kind == 2:
        a = [[round(rng.uniform(-1e3, 1e3), 5) for _ in range(cols)] for _ in range(rows)]
    else:
        a = [[rng.choice([0.1, 0.2, 0.3, 1 / 8]) for _ in range(cols)] for _ in range(rows)]
    return np.array(a, dtype=np.float64)


def test_float_assignments_at_least_as_good_as_scipy() -> None:
    """Random float matrices (rectangular both ways, min and max): gridmatch's assignment is
    at least as good as scipy's, compared exactly on the decimals the floats are; its total is
    that exactly; verify() holds and tampered proofs fail."""
    rng = random.Random(36)
    strictly = 0
    for trial in range(300):
        rows, cols = rng.randrange(1, 9), rng.randrange(1, 9)
        a = float_matrix(rng, rows, cols)
        maximize = trial % 2 == 1
        theirs = scipy_lsa(a, maximize=maximize)
        ours = gridmatch.linear_sum_assignment(a, maximize=maximize)
        r, c = ours
        assert len(r) == min(rows, cols) and len(set(c.tolist())) == len(c)
        mine = sum(exact_of(a[i, j]) for i, j in zip(r, c))
        best = sum(exact_of(a[i, j]) for i, j in zip(*theirs))
        assert (mine >= best) if maximize else (mine <= best), (a, maximize)
        strictly += mine != best
        assert Fraction(ours.total) == mine and isinstance(ours.total, Decimal)
        assert ours.total_float == float(mine)
        assert ours.verify()
        u, _ = ours.potentials()
        # Tampered: a row potential raised, two columns swapped.
        refused(ours, row=u + np.eye(1, len(u), 0, dtype=np.int64)[0])
        if len(r) >= 2 and a[r[0], c[0]] + a[r[1], c[1]] != a[r[0], c[1]] + a[r[1], c[0]]:
            swapped = c.copy()
            swapped[[0, 1]] = swapped[[1, 0]]
            with pytest.raises(CertificateError):
                gridmatch.Assignment(r, swapped, ours._proof).verify()
    assert strictly == 0  # scipy is right on these small sums


def test_float_weights_at_least_as_good_as_networkx() -> None:
    """Random float graph weights: gridmatch's matching weighs at least networkx's, compared
    exactly; verify() holds."""
    rng = random.Random(37)
    for trial in range(80):
        n = rng.randrange(2, 16)
        edges, _ = weighted_graph(rng, n, rng.randrange(1, 3 * n), 0, 1)
        edges = [(u, v) for u, v in edges if u != v]
        weights = [rng.choice([round(rng.random(), rng.randrange(1, 12)), rng.randrange(1, 10**6) / 1e9, rng.randrange(1, 9) / 3]) for _ in edges]
        G = nx.Graph()
        G.add_nodes_from(range(n))
        best: dict[tuple[int, int], float] = {}
        for (u, v), w in zip(edges, weights):
            key = (min(u, v), max(u, v))
            best[key] = max(best.get(key, -1.0), w)
        G.add_weighted_edges_from((u, v, w) for (u, v), w in best.items())
        for mc in (False, True):
            theirs = nx.max_weight_matching(G, maxcardinality=mc)
            want = sum(exact_of(best[(min(u, v), max(u, v))]) for u, v in theirs)
            m = gridmatch.max_weight_matching(edges, weights, n, maxcardinality=mc)
            assert m.verify()
            assert Fraction(m.total) >= want
            if mc:
                assert len(m) == len(theirs)
        mn = gridmatch.min_weight_matching(edges, weights, n)
        theirs = nx.min_weight_matching(G)
        assert mn.verify() and len(mn) == len(theirs)
        assert Fraction(mn.total) <= sum(exact_of(best[(min(u, v), max(u, v))]) for u, v in theirs)


def test_totals_in_the_weights_own_kind() -> None:
    edges = [(0, 1), (1, 2), (2, 3)]
    assert gridmatch.max_weight_matching(edges, [Fraction(1, 4), 1, Fraction(1, 2)]).total == Fraction(1)
    assert isinstance(gridmatch.max_weight_matching(edges, [Fraction(1, 4), 1, 2]).total, Fraction)
    assert gridmatch.max_weight_matching(edges, [math.sqrt(2), 1, math.pi]).total == (
        Decimal(repr(math.sqrt(2))) + Decimal(repr(math.pi)))
    # The exact total, then rounded once (a float sum would round twice: 0.30000000000000004).
    assert gridmatch.max_weight_matching(edges, [0.1, 0.0, 0.2]).total_float == 0.3
    m = gridmatch.max_weight_matching(edges, [1 / 3, 0.0, 1 / 3])
    assert m.total == Decimal("0.6666666666666666") and m.total_float == 0.6666666666666666
    assert gridmatch.max_weight_matching(edges, np.array([0.1, 0.3, 0.1], np.float32)).total == Decimal("0.3")
    assert gridmatch.max_weight_matching(edges, np.array([0.1, 0.3, 0.1], np.float16)).total == Decimal("0.3")
    # networkx's floating-point test: exact here.
    assert gridmatch.max_weight_matching([(0, 1)], [math.sqrt(2)]).total == Decimal("1.4142135623730951")
    r = gridmatch.linear_sum_assignment([[Fraction(1, 2), 1], [1, Fraction(1, 4)]])
    assert r.total == Fraction(3, 4) and r.verify()
    assert gridmatch.linear_sum_assignment([[3, 1], [1, 3]]).total == 2


def test_float_assignments_beyond_the_exact_span_have_a_proven_gap() -> None:
    """Full-precision random floats, tiny entries beside ordinary ones, 1e-300 beside 1e300:
    never refused. Beyond the exact span the answer is optimal on the finest grid that fits and
    proves an explicit gap: its exact total minus the gap is at most scipy's exact total (for
    the minimum; plus for the maximum), verify() checks it, and tampering fails."""
    rng = np.random.default_rng(36)
    gaps = 0
    for trial in range(120):
        rows, cols = int(rng.integers(1, 12)), int(rng.integers(1, 12))
        kind = trial % 4
        a = rng.random((rows, cols))
        if kind == 1:
            a = np.where(rng.random((rows, cols)) < 0.3, a * 1e-20, a * 1e3)
        elif kind == 2:
            a = np.where(rng.random((rows, cols)) < 0.5, 1e-300, 1e300) * a
        elif kind == 3:
            a = a - 0.5
        maximize = trial % 3 == 0
        ours = gridmatch.linear_sum_assignment(a, maximize=maximize)
        theirs = scipy_lsa(a, maximize=maximize)
        best = sum(exact_of(a[i, j]) for i, j in zip(*theirs))
        mine = sum(exact_of(a[i, j]) for i, j in zip(*ours))
        assert Fraction(ours.total) == mine
        assert ours.verify()
        assert ours.gap >= 0 and ours.exact == (ours.gap == 0 and ours.grid is None)
        if maximize:
            assert mine + ours.gap >= best, (a, maximize)
        else:
            assert mine - ours.gap <= best, (a, maximize)
        if not ours.exact:
            gaps += 1
            if kind in (0, 3):  # a gap tiny beside the total
                assert ours.gap <= Fraction(rows, 10**15)
            proof = ours._proof
            halved = proof.stated_gap / 2 if proof.stated_gap else Fraction(1)
            refused(ours, "the gap is", stated_gap=halved)
            costs = proof.costs.copy()
            costs[proof.col_of_row[0]] += 3  # row 0's entry (a dense matrix here)
            refused(ours, costs=costs)
    assert gaps > 40


def brute_assignment(a: list[list[Fraction]], maximize: bool) -> Fraction:
    """The best total of an assignment of the smaller side of ``a``, by trying every one."""
    if len(a) > len(a[0]):
        a = [list(col) for col in zip(*a)]
    totals = (
        sum((a[i][j] for i, j in enumerate(p)), Fraction(0))
        for p in itertools.permutations(range(len(a[0])), len(a))
    )
    return max(totals) if maximize else min(totals)


def test_float_assignments_within_the_wide_span_are_exact() -> None:
    """Full-precision random floats (17 significant digits: beyond ±2**59 at one common
    scale, within i128), with tiny entries beside ordinary ones, negative ones, rectangular
    both ways, min and max: solved exactly on the wide engine (``exact``, gap 0), the total
    the brute-force optimum of the decimals given (so at least as good as scipy's, in exact
    arithmetic), verify() holds, and tampered potentials or assignments fail."""
    rng = np.random.default_rng(3636)
    for trial in range(160):
        rows, cols = int(rng.integers(1, 7)), int(rng.integers(1, 7))
        a = rng.random((rows, cols))
        kind = trial % 4
        if kind == 1:
            a = np.where(rng.random((rows, cols)) < 0.3, a * 1e-4, a * 1e2)
        elif kind == 2:
            a = a - 0.5
        elif kind == 3:
            a = a * 10.0 ** rng.integers(-3, 4, size=(rows, cols))
        maximize = trial % 2 == 1
        ours = gridmatch.linear_sum_assignment(a, maximize=maximize)
        assert ours.exact and ours.gap == 0 and ours.grid is None, a
        exact = [[exact_of(x) for x in row] for row in a.tolist()]
        mine = sum((exact[i][j] for i, j in zip(*ours)), Fraction(0))
        assert mine == brute_assignment(exact, maximize), (a, maximize)
        theirs = sum((exact[i][j] for i, j in zip(*scipy_lsa(a, maximize=maximize))), Fraction(0))
        assert (mine >= theirs) if maximize else (mine <= theirs)
        assert Fraction(ours.total) == mine and ours.total_float == float(mine)
        assert ours.verify()
        if ours._proof.wide:
            wide_assignment_tampering_is_refused(ours)
    # The 2000² matrix of the benchmark is exact too (checked here on 200²).
    a = np.random.default_rng(5).random((200, 200))
    ours = gridmatch.linear_sum_assignment(a)
    assert ours.exact and ours._proof.wide and ours.verify()
    sr, sc = scipy_lsa(a)
    mine = sum((exact_of(a[i, j]) for i, j in zip(*ours)), Fraction(0))
    assert mine <= sum((exact_of(a[i, j]) for i, j in zip(sr, sc)), Fraction(0))


def test_float_weights_beyond_the_exact_span_have_a_proven_gap() -> None:
    """Graph weights that no common scale makes integers within the engines' range (full
    random floats beside tiny ones, 1e-300 beside 1e300, 5e-324): answered on the finest grid
    that fits, with a proven gap; the exact total plus the gap is at least the brute-force
    best (in exact arithmetic), verify() checks it, and a tampered gap or rounding fails."""
    rng = random.Random(35)
    gaps = greedy = 0
    for trial in range(150):
        n = rng.randrange(2, 9)
        edges, _ = weighted_graph(rng, n, rng.randrange(1, 3 * n), 0, 1)
        kind = trial % 3
        if kind == 0:
            weights = [rng.choice([rng.random(), rng.random() * 1e-15]) for _ in edges]
        elif kind == 1:
            weights = [rng.choice([1e-300, 1e300, 5e-324, 2.5, rng.random()]) for _ in edges]
        else:
            weights = [rng.uniform(-1, 1) * 10 ** rng.randrange(-25, 5) for _ in edges]
        given = [exact_of(w) for w in weights]
        for card, sign in [("any", 1), ("maximum", 1), ("perfect", -1), ("maximum", -1)]:
            want = brute(n, edges, given, card, sign)
            try:
                if card == "perfect":
                    m = gridmatch.min_weight_perfect_matching(edges, weights, n)
                elif sign == -1:
                    m = gridmatch.min_weight_matching(edges, weights, n)
                else:
                    m = gridmatch.max_weight_matching(edges, weights, n, maxcardinality=card == "maximum")
            except NoPerfectMatching:
                assert want is None
                continue
            assert m.verify()
            mine = Fraction(m.total)
            assert sign * mine + m.gap >= sign * want, (edges, weights, card, sign)
            assert m.exact == (m.grid is None)
            if m.exact:
                assert mine == want
                continue
            gaps += 1
            if card == "any":
                # The greedy pass: no edge that rounds to 0 yet helps (at the worst of its
                # parallel edges of rounded weight 0) is left between two exposed vertices.
                matched = {x for p in m.pairs.tolist() for x in p}
                worst: dict[tuple[int, int], Fraction] = {}
                for (u, v), r, g in zip(m.edges.tolist(), [int(x) for x in m.weights], given):
                    if r == 0 and u != v:
                        key = (min(u, v), max(u, v))
                        worst[key] = min(worst.get(key, g), g)
                left = [k for k, w in worst.items() if w > 0 and not matched & set(k)]
                assert not left, (edges, weights, left)
                wide = state(m)["wide"]
                rounded = wide[1] if wide is not None else state(m)["pair_weights"].tolist()
                greedy += 0 in rounded
            refused(m, "the gap is", stated_gap=m.gap + 1)
            wide = state(m)["wide"]
            if wide is None:
                w = m.weights.copy()
                w[0] += 5
                refused(m, weights=w)
            else:
                # Rounded beyond ±2**59 (the wide path): the weights are a list of int.
                refused(m, wide=([wide[0][0] + 5, *wide[0][1:]], *wide[1:]))
    assert gaps > 100 and greedy > 5, (gaps, greedy)


def test_gap_answers_with_forbidden_and_sparse_entries() -> None:
    """The proven-gap path on listed entries (inf-forbidden dense, scipy.sparse): at least as
    good as scipy's beyond the gap, verified, tampering refused."""
    rng = np.random.default_rng(34)
    gaps = 0
    for trial in range(40):
        rows, cols = int(rng.integers(2, 10)), int(rng.integers(2, 10))
        # Beyond the 128-bit span at one common scale (within it, listed entries are exact:
        # test_listed_entries_beyond_2_59_are_exact).
        a = rng.random((rows, cols)) * np.where(rng.random((rows, cols)) < 0.3, 1e-30, 1e3)
        maximize = trial % 2 == 1
        if trial % 4 < 2:
            a[rng.random(a.shape) < 0.2] = -np.inf if maximize else np.inf
            given = a
        else:
            given = sp.csr_matrix(a)
        try:
            theirs = scipy_lsa(a, maximize=maximize)
        except ValueError:
            with pytest.raises(ValueError, match="infeasible"):
                gridmatch.linear_sum_assignment(given, maximize=maximize)
            continue
        ours = gridmatch.linear_sum_assignment(given, maximize=maximize)
        assert ours.verify()
        gaps += not ours.exact
        best = sum(exact_of(a[i, j]) for i, j in zip(*theirs))
        mine = sum(exact_of(a[i, j]) for i, j in zip(*ours))
        assert Fraction(ours.total) == mine
        assert (mine + ours.gap >= best) if maximize else (mine - ours.gap <= best)
        if not ours.exact:
            refused(ours, "the gap is", stated_gap=ours.gap + 1)
    assert gaps > 20


def test_fractions_without_a_decimal_are_exact() -> None:
    """``Fraction`` costs with no finite decimal (1/3, 2/7) beside floats and ints: solved at
    their least common denominator, the total the brute-force optimum as a ``Fraction``,
    verify() holds (rectangular both ways, min and max); past ±2**59 once scaled, exact on the
    wide engine; past ±2**127, a clear ``ValueError``; ``max_weight_matching`` takes them."""
    rng = random.Random(3)
    for trial in range(80):
        rows, cols = rng.randrange(1, 6), rng.randrange(1, 6)
        a = [
            [rng.choice([Fraction(rng.randrange(-20, 20), rng.choice([3, 7, 9, 11])), 0.25, 2])
             for _ in range(cols)]
            for _ in range(rows)
        ]
        maximize = trial % 2 == 1
        ours = gridmatch.linear_sum_assignment(np.array(a, dtype=object), maximize=maximize)
        exact = [[Fraction(x) for x in row] for row in a]
        want = brute_assignment(exact, maximize)
        some = any(isinstance(x, Fraction) for row in a for x in row)
        assert isinstance(ours.total, Fraction) == some and ours.total == want, (a, maximize)
        assert sum((exact[i][j] for i, j in zip(*ours)), Fraction(0)) == want
        assert ours.exact and ours.verify()
        assert pickle.loads(pickle.dumps(ours)).total == want
    # Past ±2**59 once scaled: exact on the wide engine; past ±2**127, a clear ValueError.
    wide = gridmatch.linear_sum_assignment([[Fraction(1, 3), Fraction(1, 2**60)], [1, 2]])
    assert wide.total == 1 + Fraction(1, 2**60) and wide.exact and wide.verify()
    with pytest.raises(ValueError, match=r"cost\[3\]: found \d+, beyond ±2\*\*127 once scaled"):
        gridmatch.linear_sum_assignment([[Fraction(1, 3), Fraction(1, 2**125)], [1, 2]])
    # The matching functions take them too (tests/test_weighted_wide.py: brute force).
    third = gridmatch.max_weight_matching([(0, 1), (1, 2)], [1, Fraction(1, 3)])
    assert third.total == 1 and isinstance(third.total, Fraction) and third.verify()


def test_big_square_float_matrices_from_a_guess() -> None:
    """Square float64 matrices of 128 rows and more are solved from a guess (the optimum of
    the floats rounded to a binary grid, found while the decimals are made): on random,
    signed, tiny-beside-ordinary, tied and short-decimal matrices, min and max, the answer is
    exact where the costs fit the wide engine, its total equals the engine's from scratch (a
    non-contiguous matrix, which takes no guess), it is at least as good as scipy's in exact
    arithmetic, and verify() holds."""
    rng = np.random.default_rng(3737)
    for trial in range(12):
        n = int(rng.integers(128, 200))
        a = rng.random((n, n))
        kind = trial % 6
        if kind == 1:
            a = a - 0.5
        elif kind == 2:
            a = np.where(rng.random((n, n)) < 0.3, a * 1e-4, a * 1e2)
        elif kind == 3:
            a = rng.integers(0, 4, size=(n, n)).astype(np.float64)  # ties everywhere
        elif kind == 4:
            a = np.round(a, 3)  # short decimals: the i64 engine, exactly
        elif kind == 5:
            a = np.where(rng.random((n, n)) < 0.5, 1e-30, 1e30) * a  # beyond: a gap answer
        maximize = trial % 2 == 1
        ours = gridmatch.linear_sum_assignment(a, maximize=maximize)
        assert ours.verify()
        assert ours.exact == (kind != 5), (kind, ours.gap)
        exact = [[exact_of(x) for x in row] for row in a.tolist()]
        mine = sum((exact[i][j] for i, j in zip(*ours)), Fraction(0))
        theirs = sum((exact[i][j] for i, j in zip(*scipy_lsa(a, maximize=maximize))), Fraction(0))
        if kind != 5:
            assert (mine >= theirs) if maximize else (mine <= theirs), (kind, maximize)
            wide = np.zeros((n, 2 * n))
            wide[:, ::2] = a
            scratch = gridmatch._core.assign(n, n, wide[:, ::2], None, None, maximize)
            guessed = gridmatch._core.assign(n, n, np.ascontiguousarray(a), None, None, maximize)
            assert scratch is not None and guessed is not None
            assert guessed[4] == scratch[4]  # the same common scale

            totals = [
                sum((exact[i][j] for i, j in enumerate(found[0].tolist())), Fraction(0))
                for found in (guessed, scratch)
            ]
            assert totals == [mine, mine], (kind, maximize)


def test_integer_matrices_beyond_2_59_are_exact() -> None:
    """Integer matrices past ±2**59 (int64 arrays near 2**62, Python ints up to 2**100, signed,
    rectangular both ways, min and max), decimals scaled past it and fractions whose common
    denominator takes them past it: solved exactly on the wide engine, the total the
    brute-force optimum in exact arithmetic, in the values' own kind; verify() holds, the
    proof pickles, and a tampered potential, assignment or cost is refused."""
    rng = random.Random(59)
    for trial in range(150):
        rows, cols = rng.randrange(1, 6), rng.randrange(1, 6)
        kind = trial % 5
        if kind == 0:
            a: object = np.array(
                [[rng.randrange(-(2**62), 2**62) for _ in range(cols)] for _ in range(rows)],
                dtype=np.int64,
            )
            exact = [[Fraction(int(x)) for x in row] for row in a.tolist()]
        elif kind == 1:
            a = [[rng.randrange(-(2**100), 2**100) for _ in range(cols)] for _ in range(rows)]
            exact = [[Fraction(x) for x in row] for row in a]
        elif kind == 2:
            # Ties in the high part: only the low bits decide.
            a = [[rng.randrange(-2, 3) * 2**90 + rng.randrange(4) for _ in range(cols)]
                 for _ in range(rows)]
            exact = [[Fraction(x) for x in row] for row in a]
        elif kind == 3:
            a = [[Decimal(rng.randrange(-(10**25), 10**25)).scaleb(-rng.randrange(0, 6))
                  for _ in range(cols)] for _ in range(rows)]
            exact = [[Fraction(x) for x in row] for row in a]
        else:
            a = [[Fraction(rng.randrange(-(2**40), 2**40), rng.choice([3, 7, 11, 13, 17, 19, 23]))
                  for _ in range(cols)] for _ in range(rows)]
            exact = [[Fraction(x) for x in row] for row in a]
        maximize = trial % 2 == 1
        ours = gridmatch.linear_sum_assignment(a, maximize=maximize)
        assert ours.exact and ours.verify(), (a, maximize)
        mine = sum((exact[i][j] for i, j in zip(*ours)), Fraction(0))
        assert mine == brute_assignment(exact, maximize), (a, maximize)
        assert Fraction(ours.total) == mine
        assert isinstance(ours.total, {0: int, 1: int, 2: int, 3: Decimal, 4: Fraction}[kind])
        back = pickle.loads(pickle.dumps(ours))
        assert back.verify() and back.total == ours.total
        proof = ours._proof
        if not proof.wide:
            continue  # small enough for int64 at the common scale
        wide_assignment_tampering_is_refused(ours)
        r, c = ours
        if len(r) >= 2:
            swapped = c.copy()
            swapped[[0, 1]] = swapped[[1, 0]]
            t = sum((exact[i][j] for i, j in zip(r, swapped)), Fraction(0))
            if t != mine:
                with pytest.raises(CertificateError):
                    gridmatch.Assignment(r, swapped, proof).verify()
    # (rows + cols)·|cost| from 2**119 on is beyond the wide engine: refused, saying so.
    with pytest.raises(ValueError, match="cost"):
        gridmatch.linear_sum_assignment([[2**118, 0], [0, 0]])


def test_listed_entries_beyond_2_59_are_exact() -> None:
    """Listed entries (scipy.sparse matrices, dense ones with ``inf``) whose costs pass
    ±2**59 at their common scale — full-precision floats, int64 near 2**62, some tied in their
    high bits — are solved exactly on the 128-bit sparse engine: the brute-force optimum over
    the allowed entries in exact arithmetic, ``exact`` true, verify() holds, the proof pickles,
    a tampered potential or assignment is refused; infeasible ones are still refused."""
    rng = np.random.default_rng(259)
    for trial in range(120):
        rows, cols = int(rng.integers(1, 6)), int(rng.integers(1, 6))
        kind = trial % 3
        if kind == 0:
            a: np.ndarray = rng.random((rows, cols)) * 10.0 ** rng.integers(-4, 3, size=(rows, cols))
        elif kind == 1:
            a = rng.integers(-(2**62), 2**62, size=(rows, cols), dtype=np.int64)
        else:
            # Tied in the high part: only the low bits decide.
            a = (rng.integers(-3, 4, size=(rows, cols), dtype=np.int64) * 2**60
                 + rng.integers(0, 5, size=(rows, cols), dtype=np.int64))
        allowed = rng.random((rows, cols)) < 0.75
        for i in range(min(rows, cols)):
            allowed[i, i] = True  # some full assignment exists
        maximize = trial % 2 == 1
        exact = [[exact_of(a[i, j]) if kind == 0 else Fraction(int(a[i, j])) for j in range(cols)]
                 for i in range(rows)]
        if kind == 0 and trial % 4 == 0:
            cost = np.where(allowed, a, -np.inf if maximize else np.inf)
        else:
            r, c = np.nonzero(allowed)
            cost = sp.coo_matrix((a[r, c], (r, c)), shape=(rows, cols)).tocsr()
        ours = gridmatch.linear_sum_assignment(cost, maximize=maximize)
        assert ours.exact and ours.verify(), (a, allowed, maximize)
        pairs = list(zip(*ours))
        assert all(allowed[i, j] for i, j in pairs)
        mine = sum((exact[i][j] for i, j in pairs), Fraction(0))
        small = [[exact[i][j] if allowed[i, j] else None for j in range(cols)] for i in range(rows)]
        if rows > cols:
            small = [list(col) for col in zip(*small)]
        totals = [
            sum((small[i][j] for i, j in enumerate(p)), Fraction(0))
            for p in itertools.permutations(range(len(small[0])), len(small))
            if all(small[i][j] is not None for i, j in enumerate(p))
        ]
        assert mine == (max(totals) if maximize else min(totals)), (a, allowed, maximize)
        assert Fraction(ours.total) == mine
        back = pickle.loads(pickle.dumps(ours))
        assert back.verify() and back.total == ours.total
        u = ours._proof.row.copy()
        u[0] += 1
        refused(ours, row=u)
