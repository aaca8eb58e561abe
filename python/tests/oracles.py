"""Independent oracles for the tests: brute force and certificate checks written here from the
definitions, sharing nothing with gridmatch."""

from __future__ import annotations

import itertools
import random
from functools import cache

import numpy as np


def random_graph(rng: random.Random, n: int, m: int, loops: bool = True) -> list[tuple[int, int]]:
    """m random edges on n vertices; now and then a self-loop or a repeated edge."""
    edges = []
    for _ in range(m):
        u, v = rng.randrange(n), rng.randrange(n)
        if u == v and not loops:
            continue
        edges.append((u, v))
    if edges and rng.random() < 0.3:
        edges.append(rng.choice(edges))
    return edges


def components(n: int, edges, removed=()) -> list[int]:
    """Sizes of the connected components of the graph without the vertices `removed`."""
    gone = {int(x) for x in removed}
    adj: list[list[int]] = [[] for _ in range(n)]
    for u, v in edges:
        u, v = int(u), int(v)
        if u != v and u not in gone and v not in gone:
            adj[u].append(v)
            adj[v].append(u)
    seen = [False] * n
    sizes = []
    for s in range(n):
        if seen[s] or s in gone:
            continue
        seen[s] = True
        stack, size = [s], 0
        while stack:
            x = stack.pop()
            size += 1
            for y in adj[x]:
                if not seen[y]:
                    seen[y] = True
                    stack.append(y)
        sizes.append(size)
    return sizes


def check_matching(n: int, edges, pairs) -> None:
    """The pairs are edges of the graph (not loops) and no vertex is in two."""
    es = {(int(u), int(v)) for u, v in edges} | {(int(v), int(u)) for u, v in edges}
    used = set()
    for u, v in pairs:
        u, v = int(u), int(v)
        assert u != v and (u, v) in es, f"({u}, {v}) is not an edge"
        assert u not in used and v not in used, f"({u}, {v}) reuses a vertex"
        used |= {u, v}


def check_tutte_berge(n: int, edges, size: int, barrier) -> None:
    """n - 2·size = odd(G - X) - |X|: the barrier proves the matching maximum."""
    x = [int(v) for v in barrier]
    assert len(set(x)) == len(x) and all(0 <= v < n for v in x)
    odd = sum(s % 2 for s in components(n, edges, x))
    assert n - 2 * size == odd - len(x), (n, size, odd, len(x))


def brute_matching_number(n: int, edges) -> int:
    """ν(G) by dynamic programming over vertex subsets (n <= 16)."""
    adj = [0] * n
    for u, v in edges:
        if u != v:
            adj[u] |= 1 << v
            adj[v] |= 1 << u

    @cache
    def nu(mask: int) -> int:
        if mask == 0:
            return 0
        v = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << v)
        best = nu(rest)
        cand = adj[v] & rest
        while cand:
            w = (cand & -cand).bit_length() - 1
            cand &= cand - 1
            best = max(best, 1 + nu(rest & ~(1 << w)))
        return best

    return nu((1 << n) - 1)


def brute_edge_classes(edges) -> list[str]:
    """For each (left, right) edge: in every, some or no maximum matching, by enumerating all
    matchings of distinct pairs (small graphs)."""
    distinct = sorted({(int(a), int(b)) for a, b in edges})
    best: list[frozenset] = []
    for k in range(len(distinct), -1, -1):
        for combo in itertools.combinations(distinct, k):
            ls = [a for a, _ in combo]
            rs = [b for _, b in combo]
            if len(set(ls)) == k and len(set(rs)) == k:
                best.append(frozenset(combo))
        if best:
            break
    out = []
    for a, b in edges:
        e = (int(a), int(b))
        hits = sum(e in mm for mm in best)
        out.append("every" if hits == len(best) else "none" if hits == 0 else "some")
    return out


def brute_geography(n: int, edges) -> list[str]:
    """Who wins from each start by exhaustive game search (n <= 10)."""
    adj: list[set[int]] = [set() for _ in range(n)]
    for u, v in edges:
        if u != v:
            adj[u].add(v)
            adj[v].add(u)

    @cache
    def to_move_wins(v: int, visited: int) -> bool:
        return any(
            not to_move_wins(w, visited | (1 << w)) for w in adj[v] if not visited >> w & 1
        )

    return ["A" if to_move_wins(s, 1 << s) else "B" for s in range(n)]


def models(n: int, clauses) -> list[tuple[bool, ...]]:
    """Every model of a 2-CNF over variables 1..n (n <= 12)."""
    out = []
    for bits in itertools.product((False, True), repeat=n):
        if all(
            any(bits[abs(l) - 1] == (l > 0) for l in (a, b)) for a, b in clauses
        ):
            out.append(bits)
    return out


def random_bipartite(rng: random.Random, nl: int, nr: int, m: int) -> list[tuple[int, int]]:
    if nl == 0 or nr == 0:
        return []
    return [(rng.randrange(nl), rng.randrange(nr)) for _ in range(m)]


def as_array(edges) -> np.ndarray:
    return np.array(edges, dtype=np.int64).reshape(-1, 2)
