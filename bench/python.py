#!/usr/bin/env python3
"""The gridmatch Python package against networkx, igraph and scipy (not part of CI).

Usage: python bench/python.py [--repeat 3] [--nx-timeout 300] [--quick] [--weighted]

Needs the package and its peers in the running Python:
  pip install ./python -r python/requirements-test.txt

Workloads (fixed seeds):
  1. General matching on G(n, m = 3n), n = 10^5 (random pairs, self-loops and repeats dropped):
     gridmatch.max_matching against networkx.max_weight_matching(G, maxcardinality=True), the
     only maximum-cardinality matching networkx has for general graphs. networkx runs in a
     child process stopped after --nx-timeout seconds (reported as "> T s", and the ratio as a
     lower bound). Also n = 5000, where networkx finishes, for a measured ratio.
  2. Bipartite matching, 10^6 + 10^6 vertices, m = 4·10^6 random (left, right) pairs:
     gridmatch.bipartite_matching against igraph's Graph.maximum_bipartite_matching (push–
     relabel) and scipy.sparse.csgraph.maximum_bipartite_matching (Hopcroft–Karp).

  3. (--weighted, issue 36) float linear_sum_assignment on 2000² and 5000² np.random.random
     matrices: gridmatch against scipy.optimize.linear_sum_assignment and lap.lapjv (if the
     `lap` package is installed); float max_weight_matching on G(10^4, 5·10^4) (random pairs,
     weights random.random()) against networkx (child process, --nx-timeout), and the same
     graph with integer weights 1..10^6 against rustworkx.max_weight_matching. Answers are
     compared exactly (Fraction of each float's repr): gridmatch's total at least the peer's.

Only the solver calls are timed: each peer's graph object (networkx Graph, igraph Graph with
its types, scipy CSR matrix) is built before its clock starts, as its best users would keep
it. gridmatch's time is the whole call from a NumPy edge array (checking and converting the
array included). Best of --repeat runs (networkx: one run). Every engine's matching size is
checked to be the same.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import platform
import time

import numpy as np


def best_of(repeat: int, f):
    """(best seconds, last result) of `repeat` calls of f."""
    best, out = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        out = f()
        best = min(best, time.perf_counter() - t)
    return best, out


def general_graph(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    e = rng.integers(0, n, size=(3 * n, 2), dtype=np.int64)
    e = e[e[:, 0] != e[:, 1]]
    e.sort(axis=1)
    return np.unique(e, axis=0)


def _networkx_child(n: int, seed: int, conn) -> None:
    import networkx as nx

    edges = general_graph(n, seed)
    G = nx.Graph()
    G.add_nodes_from(range(n))
    G.add_edges_from(edges.tolist())
    t = time.perf_counter()
    m = nx.max_weight_matching(G, maxcardinality=True)
    conn.send((time.perf_counter() - t, len(m)))


def networkx_time(n: int, seed: int, timeout: float):
    """(seconds, size), or (None, None) when networkx ran out of `timeout`."""
    parent, child = mp.Pipe(duplex=False)
    p = mp.Process(target=_networkx_child, args=(n, seed, child))
    p.start()
    # The child builds its graph before the clock starts: allow for that too.
    if parent.poll(timeout + 60):
        out = parent.recv()
        p.join()
        return out
    p.terminate()
    p.join()
    return None, None


def general(args, n: int) -> None:
    import gridmatch

    edges = general_graph(n, seed=1)
    t_gm, m = best_of(args.repeat, lambda: gridmatch.max_matching(edges, n))
    print(f"general G(n, 3n), n = {n}, m = {len(edges)}: gridmatch {t_gm:.3f} s, size {len(m)}")
    t_nx, size = networkx_time(n, 1, args.nx_timeout)
    if t_nx is None:
        print(
            f"  networkx max_weight_matching(maxcardinality=True): > {args.nx_timeout:.0f} s "
            f"(stopped); ratio > {args.nx_timeout / t_gm:.0f}x"
        )
    else:
        assert size == len(m), (size, len(m))
        print(
            f"  networkx max_weight_matching(maxcardinality=True): {t_nx:.2f} s, size {size}; "
            f"ratio {t_nx / t_gm:.0f}x"
        )


def bipartite(args, n_side: int, m: int) -> None:
    import igraph
    import scipy.sparse
    from scipy.sparse.csgraph import maximum_bipartite_matching

    import gridmatch

    rng = np.random.default_rng(2)
    edges = rng.integers(0, n_side, size=(m, 2), dtype=np.int64)
    t_gm, bm = best_of(args.repeat, lambda: gridmatch.bipartite_matching(edges, n_side, n_side))
    print(
        f"bipartite {n_side} + {n_side}, m = {m}: gridmatch {t_gm:.3f} s, size {len(bm)}"
    )

    g = igraph.Graph.Bipartite(
        [False] * n_side + [True] * n_side,
        np.column_stack([edges[:, 0], edges[:, 1] + n_side]).tolist(),
    )
    t_ig, im = best_of(args.repeat, lambda: g.maximum_bipartite_matching())
    assert len(im) == len(bm), (len(im), len(bm))
    print(f"  igraph maximum_bipartite_matching: {t_ig:.3f} s; ratio {t_ig / t_gm:.2f}x")
    del g

    mat = scipy.sparse.csr_matrix(
        (np.ones(m, dtype=np.int8), (edges[:, 0], edges[:, 1])), shape=(n_side, n_side)
    )
    t_sp, sm = best_of(
        args.repeat, lambda: maximum_bipartite_matching(mat, perm_type="column")
    )
    assert int((sm >= 0).sum()) == len(bm)
    print(f"  scipy maximum_bipartite_matching: {t_sp:.3f} s; ratio {t_sp / t_gm:.2f}x")


def _exact(x) -> "Fraction":
    from fractions import Fraction

    return Fraction(repr(float(x)))


def assignment(args, n: int) -> None:
    import scipy.optimize

    import gridmatch

    a = np.random.default_rng(5).random((n, n))
    t_gm, ours = best_of(args.repeat, lambda: gridmatch.linear_sum_assignment(a))
    mine = sum(_exact(a[i, j]) for i, j in zip(*ours))
    kind = "exact" if ours.exact else f"gap {float(ours.gap):.1e}"
    print(f"linear_sum_assignment {n}² floats: gridmatch {t_gm:.3f} s ({kind})")
    t_sp, theirs = best_of(args.repeat, lambda: scipy.optimize.linear_sum_assignment(a))
    best = sum(_exact(a[i, j]) for i, j in zip(*theirs))
    assert mine - ours.gap <= best, "gridmatch worse than scipy beyond its gap"
    print(
        f"  scipy: {t_sp:.3f} s; ratio {t_sp / t_gm:.2f}x; exact totals: gridmatch − scipy "
        f"= {float(mine - best):.3e}"
    )
    try:
        import lap
    except ImportError:
        print("  lap: not installed")
        return
    t_lap, out = best_of(args.repeat, lambda: lap.lapjv(a))
    cols = out[1]
    lap_total = sum(_exact(a[i, cols[i]]) for i in range(n))
    assert mine - ours.gap <= lap_total
    print(
        f"  lap.lapjv: {t_lap:.3f} s; gridmatch / lap {t_gm / t_lap:.2f}x; exact totals: "
        f"gridmatch − lap = {float(mine - lap_total):.3e}"
    )


def weighted_graph(n: int, m: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    e = rng.integers(0, n, size=(2 * m, 2), dtype=np.int64)
    e = e[e[:, 0] != e[:, 1]]
    e.sort(axis=1)
    e = np.unique(e, axis=0)
    return e[rng.permutation(len(e))[:m]]


def _networkx_weighted_child(edges, weights, conn) -> None:
    import networkx as nx

    G = nx.Graph()
    G.add_weighted_edges_from((int(u), int(v), float(w)) for (u, v), w in zip(edges, weights))
    t = time.perf_counter()
    m = nx.max_weight_matching(G)
    conn.send((time.perf_counter() - t, sorted((min(u, v), max(u, v)) for u, v in m)))


def weighted(args, n: int, m: int) -> None:
    import gridmatch

    edges = weighted_graph(n, m, 7)
    w = np.random.default_rng(8).random(len(edges))
    t_gm, ours = best_of(args.repeat, lambda: gridmatch.max_weight_matching(edges, w, n))
    kind = "exact" if ours.exact else f"gap {float(ours.gap):.1e}"
    print(f"max_weight_matching G({n}, {len(edges)}) floats: gridmatch {t_gm:.3f} s ({kind})")
    weight_of = {(min(u, v), max(u, v)): x for (u, v), x in zip(edges.tolist(), w.tolist())}
    parent, child = mp.Pipe()
    p = mp.Process(target=_networkx_weighted_child, args=(edges.tolist(), w.tolist(), child))
    p.start()
    if parent.poll(args.nx_timeout):
        t_nx, pairs = parent.recv()
        theirs = sum(_exact(weight_of[pq]) for pq in map(tuple, pairs))
        assert _exact_total(ours) + ours.gap >= theirs
        print(f"  networkx: {t_nx:.3f} s; ratio {t_nx / t_gm:.1f}x")
    else:
        print(f"  networkx: > {args.nx_timeout:.0f} s; ratio > {args.nx_timeout / t_gm:.1f}x")
    p.kill()
    p.join()
    try:
        import rustworkx
    except ImportError:
        print("  rustworkx: not installed")
        return
    iw = np.random.default_rng(9).integers(1, 10**6 + 1, size=len(edges))
    t_gi, oi = best_of(args.repeat, lambda: gridmatch.max_weight_matching(edges, iw, n))
    g = rustworkx.PyGraph()
    g.add_nodes_from(range(n))
    g.add_edges_from([(int(u), int(v), int(x)) for (u, v), x in zip(edges, iw)])
    t_rx, rm = best_of(
        args.repeat, lambda: rustworkx.max_weight_matching(g, weight_fn=lambda x: x)
    )
    iweight = {(min(u, v), max(u, v)): int(x) for (u, v), x in zip(edges.tolist(), iw)}
    assert oi.total == sum(iweight[(min(u, v), max(u, v))] for u, v in rm)
    print(
        f"  integer weights: gridmatch {t_gi:.3f} s, rustworkx {t_rx:.3f} s; "
        f"ratio {t_rx / t_gi:.1f}x"
    )


def _exact_total(m) -> "Fraction":
    from fractions import Fraction

    return Fraction(m.total)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--nx-timeout", type=float, default=300.0)
    ap.add_argument("--quick", action="store_true", help="small sizes, to try the script")
    ap.add_argument("--weighted", action="store_true", help="only the weighted workloads (3.)")
    args = ap.parse_args()
    import gridmatch

    print(
        f"gridmatch {gridmatch.__version__}, Python {platform.python_version()}, "
        f"{platform.machine()}, {mp.cpu_count()} CPUs"
    )
    if args.weighted:
        if args.quick:
            assignment(args, 300)
            weighted(args, 1000, 5000)
            return
        assignment(args, 2000)
        assignment(args, 5000)
        weighted(args, 10_000, 50_000)
        return
    if args.quick:
        general(args, 2000)
        bipartite(args, 10_000, 40_000)
        return
    general(args, 5000)
    general(args, 100_000)
    bipartite(args, 1_000_000, 4_000_000)


if __name__ == "__main__":
    main()
