"""Weighted matching beyond the int64 arrays: full-precision floats whose common scale passes
±2**59, and Python ints near 2**70, solved exactly on the library's wide (i128) path;
compared with a brute force in exact arithmetic, and tampered wide answers refused."""

from __future__ import annotations

import pickle
import random
from fractions import Fraction

import pytest

import gridmatch


def _matchings(n: int, edges: list[tuple[int, int]]):
    """Every matching of the graph, as lists of edge indices (by recursion on the edges:
    the graphs here have at most 12 edges)."""
    out: list[list[int]] = []

    def go(i: int, used: frozenset[int], chosen: list[int]) -> None:
        if i == len(edges):
            out.append(list(chosen))
            return
        go(i + 1, used, chosen)
        u, v = edges[i]
        if u not in used and v not in used:
            chosen.append(i)
            go(i + 1, used | {u, v}, chosen)
            chosen.pop()

    go(0, frozenset(), [])
    return out


def _best(n, edges, values, maximize, cardinality):
    """The best total (a Fraction) over the matchings the question lets compete."""
    ms = _matchings(n, edges)
    if cardinality == "maximum":
        k = max(len(m) for m in ms)
        ms = [m for m in ms if len(m) == k]
    elif cardinality == "perfect":
        ms = [m for m in ms if 2 * len(m) == n]
    totals = [sum((values[i] for i in m), Fraction(0)) for m in ms]
    return max(totals) if maximize else min(totals)


def _graph(rng: random.Random, n: int, m: int) -> list[tuple[int, int]]:
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    return rng.sample(pairs, min(m, len(pairs)))


def _float_weights(rng: random.Random, m: int) -> list[float]:
    # Full-precision floats (17 significant digits), some tiny beside ordinary ones: the
    # common scale takes them well past 2**59 but within the wide path.
    out = []
    for _ in range(m):
        x = rng.random() * rng.choice([1e3, 1.0, 1e-5])
        out.append(-x if rng.random() < 0.3 else x)
    return out


def _as_fraction(x) -> Fraction:
    # A float is the decimal Python prints for it (the package's rule).
    return Fraction(repr(x)) if isinstance(x, float) else Fraction(x)


def _check(rng, n, edges, weights, kind):
    values = [_as_fraction(w) for w in weights]
    if kind == "max":
        m = gridmatch.max_weight_matching(edges, weights, n=n)
        want = _best(n, edges, values, True, "any")
    elif kind == "maxcard":
        m = gridmatch.max_weight_matching(edges, weights, n=n, maxcardinality=True)
        want = _best(n, edges, values, True, "maximum")
    elif kind == "minmax":
        m = gridmatch.min_weight_matching(edges, weights, n=n)
        want = _best(n, edges, values, False, "maximum")
    else:
        m = gridmatch.min_weight_perfect_matching(edges, weights, n=n)
        want = _best(n, edges, values, False, "perfect")
    assert m.exact
    assert Fraction(m.total) == want, (edges, weights, kind)
    assert m.verify()
    # The pairs' own weights add up to the total claimed.
    got = sum(
        (values[edges.index(tuple(sorted(map(int, p))))] for p in m.pairs), Fraction(0)
    )
    assert got == want
    return m


def test_wide_floats_against_brute_force():
    rng = random.Random(36)
    wide_seen = 0
    for trial in range(120):
        n = rng.randint(2, 7)
        edges = _graph(rng, n, rng.randint(1, 11))
        weights = _float_weights(rng, len(edges))
        kind = ["max", "maxcard", "minmax"][trial % 3]
        m = _check(rng, n, edges, weights, kind)
        wide_seen += isinstance(m.weights, list)
    assert wide_seen > 60


def test_wide_perfect_floats_and_ints():
    rng = random.Random(7)
    wide_seen = 0
    for trial in range(60):
        n = rng.choice([2, 4, 6])
        edges = [(u, v) for u in range(n) for v in range(u + 1, n)]
        if trial % 2:
            weights = _float_weights(rng, len(edges))
        else:
            weights = [rng.randint(-(2**70), 2**70) for _ in edges]
        m = _check(rng, n, edges, weights, "perfect")
        wide_seen += isinstance(m.weights, list)
    assert wide_seen > 40


def test_ints_near_2_70_against_brute_force():
    rng = random.Random(70)
    for trial in range(120):
        n = rng.randint(2, 7)
        edges = _graph(rng, n, rng.randint(1, 11))
        weights = [rng.randint(2**69, 2**70) * rng.choice([1, -1]) for _ in edges]
        kind = ["max", "maxcard", "minmax"][trial % 3]
        m = _check(rng, n, edges, weights, kind)
        assert isinstance(m.total, int)
        assert m.weights == weights


def test_wide_answers_pickle_and_tampering_fails():
    rng = random.Random(5)
    tampered = 0
    for _ in range(30):
        n = 6
        edges = [(u, v) for u in range(n) for v in range(u + 1, n)]
        weights = [rng.randint(-(2**70), 2**70) for _ in edges]
        m = gridmatch.max_weight_matching(edges, weights, n=n, maxcardinality=True)
        assert pickle.loads(pickle.dumps(m)) == m
        assert pickle.loads(pickle.dumps(m)).verify()
        cls, args = m.__reduce__()
        # The wide state is the 25th argument (the denominator follows it).
        w, pw, vertex, sets, shift = args[24]
        # The weight of the first pair's edge, changed by 1 (no longer the pair's weight).
        k = edges.index(tuple(sorted(map(int, m.pairs[0]))))
        changes = [
            (w[:k] + [w[k] - 1] + w[k + 1 :], pw, vertex, sets, shift),
            (w, pw, [vertex[0] - 1] + list(vertex[1:]), sets, shift),
            (w, [pw[0] + 1] + list(pw[1:]), vertex, sets, shift),
            (w, pw, vertex, sets, shift + 2),
        ]
        for wide in changes:
            bad = cls(*args[:24], wide, *args[25:])
            with pytest.raises((gridmatch.CertificateError, ValueError)):
                bad.verify()
            tampered += 1
    assert tampered == 120


def test_beyond_the_wide_path():
    # Integers whose n·max|w| pass 2**119: refused, naming the value; beyond ±2**127 too.
    with pytest.raises(
        ValueError, match=f"edge 0 weighs {2**118}: .* below 2\\^119 / 3"
    ):
        gridmatch.max_weight_matching([(0, 1), (1, 2)], [2**118, 1])
    with pytest.raises(ValueError, match=str(2**130)):
        gridmatch.max_weight_matching([(0, 1)], [2**130])
    # Floats beyond it take the proven-gap path.
    m = gridmatch.max_weight_matching([(0, 1), (1, 2)], [1e-300, 1e300])
    assert not m.exact and m.verify()


def test_wide_duals_prove_the_bound():
    """duals() of a wide answer (lists of Python ints), checked here in exact arithmetic with
    no library code: every edge covered, every matched edge tight, exposed vertices at 0."""
    rng = random.Random(11)
    for _ in range(40):
        n = rng.randint(2, 8)
        edges = _graph(rng, n, rng.randint(1, 14))
        weights = [rng.randint(-(2**70), 2**70) for _ in edges]
        m = gridmatch.max_weight_matching(edges, weights, n=n)
        d = m.duals()
        assert isinstance(d.vertex, list) and not d.reduction
        assert len(d.vertex) == n
        inside = [set(d.all_vertices(b).tolist()) for b in range(len(d.blossoms))]
        matched = {tuple(sorted(map(int, p))) for p in m.pairs}
        for (u, v), w in zip(edges, weights):
            cover = d.vertex[u] + d.vertex[v]
            cover += sum(
                b.dual for b, s in zip(d.blossoms, inside) if u in s and v in s
            )
            want = Fraction(d.sign * w) + Fraction(d.shift)
            assert Fraction(cover, 1) / d.denominator >= want
            if (min(u, v), max(u, v)) in matched:
                assert Fraction(cover, 1) / d.denominator == want
        for x in range(n):
            if m.mate[x] < 0:
                assert d.vertex[x] == 0


def test_gap_answers_round_to_the_wide_limit():
    """Beyond the wide span the weights are rounded to the finest grid within the library's
    limit for the graph (2**119 over the vertices, as the shell's gap::limit), not ±2**59:
    a far smaller gap, still proved; tampered rounded weights refused."""
    rng = random.Random(3)
    for _ in range(40):
        n = rng.randint(2, 7)
        edges = _graph(rng, n, rng.randint(1, 11))
        weights = [rng.random() * rng.choice([1e-300, 1.0, 1e300]) for _ in edges]
        values = [_as_fraction(w) for w in weights]
        m = gridmatch.max_weight_matching(edges, weights, n=n)
        assert m.verify()
        want = _best(n, edges, values, True, "any")
        if m.exact:
            assert Fraction(m.total) == want
            continue
        assert Fraction(m.total) + m.gap >= want
        assert isinstance(m.weights, list)
        top = max(abs(w) for w in m.weights)
        assert top * n < 2**119 and top * n * 10 >= 2**119 // 2**4
        cls, args = m.__reduce__()
        w, pw, vertex, sets, shift = args[24]
        w = [w[0] + 1] + list(w[1:])
        with pytest.raises(gridmatch.CertificateError):
            cls(*args[:24], (w, pw, vertex, sets, shift), *args[25:]).verify()


def test_wide_against_networkx_in_exact_arithmetic():
    """Medium graphs against networkx's blossom algorithm run on Python ints and Fractions
    (exact in its own arithmetic): ints near 2**70 and full-precision floats (as the
    Fractions of their shortest decimals); from_networkx's weights take the same path."""
    nx = pytest.importorskip("networkx")
    rng = random.Random(2026)
    for trial in range(12):
        n = rng.randint(10, 24)
        g = nx.gnm_random_graph(n, rng.randint(n, 3 * n), seed=trial)
        floats = trial % 2 == 1
        for u, v in g.edges:
            if floats:
                x = _float_weights(rng, 1)[0]
                g[u][v]["weight"], g[u][v]["exact"] = x, _as_fraction(x)
            else:
                x = rng.randint(-(2**70), 2**70)
                g[u][v]["weight"], g[u][v]["exact"] = x, x
        card = trial % 4 < 2
        theirs = nx.max_weight_matching(g, maxcardinality=card, weight="exact")
        want = sum((g[u][v]["exact"] for u, v in theirs), Fraction(0))
        lg = gridmatch.from_networkx(g)
        m = gridmatch.max_weight_matching(lg, maxcardinality=card)
        assert m.exact and m.verify()
        assert isinstance(m.weights, list)
        assert Fraction(m.total) == want, trial
        if card:
            assert len(m.pairs) == len(theirs)


def test_fractions_without_a_decimal_against_brute_force():
    """Fraction weights with no finite decimal (1/3, 2/7; some beside floats and ints, some
    large enough for the wide path once at their common denominator), for every question
    (max, max-cardinality, networkx's min_weight_matching, min-weight perfect): the brute-
    force optimum exactly, a Fraction total, verify() holds, the object pickles, there is no
    command-line record, and tampered duals or weights are refused."""
    from gridmatch import CertificateError

    rng = random.Random(313)
    kinds = ["max", "maxcard", "minmax", "perfect"]
    for trial in range(160):
        n = rng.randrange(2, 8)
        edges = _graph(rng, n, rng.randrange(1, 12))
        kind = kinds[trial % 4]
        if kind == "perfect":
            n = 2 * (n // 2)
            edges = [(u, v) for u, v in edges if v < n] or [(0, 1)]
            # A perfect matching always exists: the pairs (0, 1), (2, 3), ...
            edges = sorted(set(edges) | {(i, i + 1) for i in range(0, n, 2)})
        big = trial % 3 == 0
        weights = [
            rng.choice([
                Fraction(rng.randrange(-50, 50) * (2**70 if big else 1), rng.choice([3, 7, 9, 11])),
                0.25,
                2,
            ])
            for _ in edges
        ]
        if not any(isinstance(w, Fraction) and w.denominator > 1 and w.denominator % 2
                   and w.denominator % 5 for w in weights):
            weights[0] = Fraction(1, 3)
        m = _check(rng, n, edges, weights, kind)
        assert isinstance(m.total, Fraction)
        assert m.total_float == float(m.total)
        back = pickle.loads(pickle.dumps(m))
        assert back == m and back.verify() and back.total == m.total
        with pytest.raises(ValueError, match="no finite decimal"):
            m.to_json()
        assert m.duals().denominator % 2 == 0
        w = m.weights
        if isinstance(w, list) or not len(m.pairs):
            continue  # the wide state's weights live in its `wide` tuple
        # A matched pair's weight changed: the duals no longer prove the answer.
        state = list(m.__reduce__()[1])
        t = w.copy()
        k = edges.index(tuple(sorted(map(int, m.pairs[0]))))
        t[k] += 1 if kind in ("max", "maxcard") else -1
        state[2] = t
        with pytest.raises(CertificateError):
            type(m)(*state).verify()
    # The matching functions' refusal is gone; the shift of a perfect question is a Fraction.
    p = gridmatch.min_weight_perfect_matching([(0, 1), (1, 2), (2, 3), (3, 0)],
                                              [Fraction(1, 3), 5, Fraction(1, 7), 0.5])
    assert p.total == Fraction(10, 21) and p.verify()
