#!/usr/bin/env python3
"""Graph-file workloads for gridmatch's benchmark (bench/graphs.py), generated with numpy from
fixed seeds, written as DIMACS (`p edge N M`, `e U V`, 1-based) and, for the bipartite family,
also as Matrix Market (`%%MatrixMarket matrix coordinate pattern general`, rows × cols).

Every generator returns (n, u, v): n vertices 0..n-1 and edge endpoints as int64 arrays, with
no self-loops and no repeated edges. Run alone to write one family:

    graphgen.py FAMILY N SEED OUT.dimacs [OUT.mtx]

FAMILY: gnm (G(n, m = 3n)), ba (Barabási–Albert, 3 edges per new vertex), grid2 (side² grid,
10% of the vertices removed; N is the number of cells), grid3 (side³ grid, 10% removed),
bip (N + N vertices, 4N random edges; also the .mtx); and the families of issue 26: tree
(random recursive tree), caterpillar (a path of N/2 vertices, each other vertex a leaf on a
random one of them), path, cycle (an odd cycle: N rounded down to odd), chain5 (N/5 5-cycles,
each joined to the next by one edge), reg3 (random 3-regular, configuration model), delaunay
(Delaunay triangulation of N random points in the unit square), geometric (random geometric
graph in the unit square, mean degree 4), floor (a perfect matching alone: N/2 edges). The
families path, cycle, chain5 and grid2 number their vertices along the graph; append `-shuffled`
(e.g. path-shuffled) for the same graph with its vertices renumbered by a random permutation
and its lines in random order.
"""
import sys

import numpy as np


def unique(x):
    """Sorted distinct values (np.unique is ~50× slower than a sort in numpy 2.4)."""
    x = np.sort(x)
    if x.size:
        x = x[np.concatenate(([True], x[1:] != x[:-1]))]
    return x


def dedupe(n, u, v):
    """Drops self-loops and repeated edges (in either direction); keeps a random-looking order
    (sorted by the smaller endpoint, which does not help any engine: all renumber nothing)."""
    keep = u != v
    u, v = u[keep], v[keep]
    a, b = np.minimum(u, v), np.maximum(u, v)
    key = unique(a * n + b)
    return key // n, key % n


def gnm(n, seed, per_vertex=3):
    """G(n, m): m = per_vertex·n uniformly random pairs (self-loops and repeats dropped, then
    topped up so that exactly m distinct edges remain)."""
    rng = np.random.default_rng(seed)
    m = per_vertex * n
    u = rng.integers(0, n, m + m // 50 + 16)
    v = rng.integers(0, n, u.size)
    a, b = dedupe(n, u, v)
    # unique() sorted them: pick m of them at random, then shuffle the order of the lines.
    pick = rng.permutation(a.size)[:m]
    return n, a[pick], b[pick]


def barabasi_albert(n, seed, m=3):
    """Barabási–Albert preferential attachment: a complete graph on m + 1 vertices, then each
    new vertex t joins m edges to earlier vertices chosen with probability proportional to their
    degree — each edge end is a uniformly random entry of the list of all earlier edge ends
    (vectorised: an entry that is itself a chosen end is resolved by following its pointer).
    Repeated picks of the same target are dropped, so a few vertices get fewer than m edges."""
    rng = np.random.default_rng(seed)
    k0 = m + 1
    su, sv = np.triu_indices(k0, 1)
    e0 = su.size
    e = e0 + (n - k0) * m  # edges in all
    src = np.empty(e, dtype=np.int64)
    src[:e0] = su
    src[e0:] = k0 + np.arange((n - k0) * m) // m
    # Ends list: position 2k is src[k], 2k+1 is the target of edge k. A new edge k (k >= e0),
    # belonging to vertex t whose first edge is k1 = e0 + (t - k0)·m, picks a position in
    # [0, 2·k1): the ends of the edges of earlier vertices only.
    k = np.arange(e0, e)
    k1 = e0 + (k - e0) // m * m
    pos = (rng.random(k.size) * (2 * k1)).astype(np.int64)
    tgt = np.empty(e, dtype=np.int64)
    tgt[:e0] = sv
    # Resolve: a position 2j is src[j]; 2j+1 is tgt[j], which for j >= e0 is again a position.
    ptr = pos.copy()
    todo = np.nonzero((ptr & 1) & (ptr >> 1 >= e0))[0]
    while todo.size:
        ptr[todo] = pos[(ptr[todo] >> 1) - e0]
        todo = todo[(ptr[todo] & 1) & (ptr[todo] >> 1 >= e0) == 1]
    j = ptr >> 1
    odd = (ptr & 1) == 1
    tgt[e0:] = np.where(odd, tgt[np.minimum(j, e0 - 1)], src[j])
    a, b = dedupe(n, src, tgt)
    perm = rng.permutation(a.size)
    return n, a[perm], b[perm]


def grid(shape, seed, removed=0.1):
    """A 2-D or 3-D grid graph (4 or 6 neighbours) with a random `removed` fraction of its
    vertices deleted; the remaining ones numbered in row-major order."""
    rng = np.random.default_rng(seed)
    cells = int(np.prod(shape))
    alive = rng.random(cells) >= removed
    ids = np.full(cells, -1, dtype=np.int64)
    ids[alive] = np.arange(int(alive.sum()))
    ids = ids.reshape(shape)
    us, vs = [], []
    for axis in range(len(shape)):
        lo = [slice(None)] * len(shape)
        hi = [slice(None)] * len(shape)
        lo[axis] = slice(0, -1)
        hi[axis] = slice(1, None)
        a, b = ids[tuple(lo)].ravel(), ids[tuple(hi)].ravel()
        keep = (a >= 0) & (b >= 0)
        us.append(a[keep])
        vs.append(b[keep])
    u, v = np.concatenate(us), np.concatenate(vs)
    order = np.argsort(np.minimum(u, v), kind="stable")
    return int(alive.sum()), u[order], v[order]


def bipartite(n_left, n_right, m, seed):
    """Random bipartite graph: m distinct (row, col) pairs, uniformly at random. Returns
    (rows, cols) 0-based."""
    rng = np.random.default_rng(seed)
    r = rng.integers(0, n_left, m + m // 50 + 16)
    c = rng.integers(0, n_right, r.size)
    key = unique(r * n_right + c)
    key = key[rng.permutation(key.size)[:m]]
    return key // n_right, key % n_right


# ---------------------------------------------------------------------------------------------
# The families of issue 26 (trees, paths, corridors, meshes, the floor; locality)
# ---------------------------------------------------------------------------------------------


def random_tree(n, seed):
    """Random recursive tree: vertex i >= 1 hangs from a uniformly random earlier vertex (so
    the numbering is far from local: a parent is anywhere before its child); lines shuffled."""
    rng = np.random.default_rng(seed)
    child = np.arange(1, n, dtype=np.int64)
    parent = (rng.random(n - 1) * child).astype(np.int64)
    perm = rng.permutation(n - 1)
    return n, parent[perm], child[perm]


def caterpillar(n, seed):
    """A path (the spine) of n/2 vertices numbered along it, 0..k-1, and the other vertices,
    k..n-1, each a leaf on a uniformly random spine vertex; spine edges first, then leaves."""
    rng = np.random.default_rng(seed)
    k = n // 2
    spine = np.arange(k - 1, dtype=np.int64)
    leaves = np.arange(k, n, dtype=np.int64)
    return n, np.concatenate((spine, rng.integers(0, k, n - k))), \
        np.concatenate((spine + 1, leaves))


def path(n):
    """The path 0 - 1 - … - n-1."""
    u = np.arange(n - 1, dtype=np.int64)
    return n, u, u + 1


def odd_cycle(n):
    """The cycle on n vertices, n rounded down to odd, numbered along it."""
    n = n if n % 2 else n - 1
    u = np.arange(n, dtype=np.int64)
    return n, u, (u + 1) % n


def chain_of_5_cycles(n):
    """n/5 5-cycles, cycle c on vertices 5c..5c+4 (numbered around it), and the edge
    5c+2 – 5c+5 joining each to the next: an odd, corridor-like graph with a perfect-ish
    matching that needs blossoms."""
    c = n // 5
    base = 5 * np.arange(c, dtype=np.int64)
    us = [base + i for i in range(5)] + [base[:-1] + 2]
    vs = [base + (i + 1) % 5 for i in range(5)] + [base[:-1] + 5]
    u, v = np.concatenate(us), np.concatenate(vs)
    order = np.argsort(np.minimum(u, v), kind="stable")
    return 5 * c, u[order], v[order]


def random_3_regular(n, seed):
    """Random 3-regular graph by the configuration model: 3n stubs paired at random; the few
    self-loops and repeated edges that pairing makes are dropped (so a few vertices have degree
    2); n rounded down to even; lines shuffled."""
    rng = np.random.default_rng(seed)
    n -= n % 2
    stubs = rng.permutation(np.repeat(np.arange(n, dtype=np.int64), 3))
    a, b = dedupe(n, stubs[0::2], stubs[1::2])
    perm = rng.permutation(a.size)
    return n, a[perm], b[perm]


def delaunay(n, seed):
    """Delaunay triangulation (scipy.spatial.Delaunay) of n uniformly random points in the unit
    square, vertices numbered in the order the points were drawn; lines shuffled."""
    from scipy.spatial import Delaunay
    rng = np.random.default_rng(seed)
    tri = Delaunay(rng.random((n, 2))).simplices.astype(np.int64)
    u = np.concatenate((tri[:, 0], tri[:, 1], tri[:, 2]))
    v = np.concatenate((tri[:, 1], tri[:, 2], tri[:, 0]))
    a, b = dedupe(n, u, v)
    perm = rng.permutation(a.size)
    return n, a[perm], b[perm]


def geometric(n, seed, mean_degree=4):
    """Random geometric graph: n uniformly random points in the unit square, an edge between
    two points closer than r, with π r² n = mean_degree (scipy cKDTree); vertices numbered in
    the order the points were drawn; lines shuffled."""
    from scipy.spatial import cKDTree
    rng = np.random.default_rng(seed)
    pts = rng.random((n, 2))
    r = (mean_degree / (np.pi * n)) ** 0.5
    pairs = cKDTree(pts).query_pairs(r, output_type="ndarray").astype(np.int64)
    perm = rng.permutation(pairs.shape[0])
    return n, pairs[perm, 0], pairs[perm, 1]


def perfect_matching(n):
    """The floor: n (rounded down to even) vertices and the n/2 edges 2i – 2i+1."""
    u = np.arange(0, n - n % 2, 2, dtype=np.int64)
    return n - n % 2, u, u + 1


def shuffled(n, u, v, seed):
    """The same graph with its vertices renumbered by a random permutation, each edge's ends in
    random order and its lines in random order."""
    rng = np.random.default_rng(seed)
    name = rng.permutation(n).astype(np.int64)
    u, v = name[u], name[v]
    swap = rng.random(u.size) < 0.5
    u, v = np.where(swap, v, u), np.where(swap, u, v)
    perm = rng.permutation(u.size)
    return n, u[perm], v[perm]


# Issue-26 family -> (generator of (n, u, v) from (n, seed), description from (n, nv))
FAMILIES_26 = {
    "tree": (random_tree, lambda n, nv: f"random recursive tree, n = {nv}"),
    "caterpillar": (caterpillar, lambda n, nv: f"caterpillar: path of {nv // 2} + {nv - nv // 2} leaves"),
    "path": (lambda n, s: path(n), lambda n, nv: f"path on {nv} vertices, numbered along it"),
    "cycle": (lambda n, s: odd_cycle(n), lambda n, nv: f"odd cycle on {nv} vertices, numbered along it"),
    "chain5": (lambda n, s: chain_of_5_cycles(n),
               lambda n, nv: f"chain of {nv // 5} 5-cycles, numbered along it"),
    "grid2": (lambda n, s: grid((round(n ** 0.5),) * 2, s),
              lambda n, nv: f"{round(n ** 0.5)}x{round(n ** 0.5)} grid, 10% of the vertices removed"),
    "reg3": (random_3_regular, lambda n, nv: f"random 3-regular (configuration model), n = {nv}"),
    "delaunay": (delaunay, lambda n, nv: f"Delaunay triangulation of {nv} random points"),
    "geometric": (geometric, lambda n, nv: f"random geometric graph, mean degree 4, n = {nv}"),
    "floor": (lambda n, s: perfect_matching(n), lambda n, nv: f"a perfect matching alone, n = {nv}"),
}


# ---------------------------------------------------------------------------------------------
# Writing: integers to ASCII with numpy (np.savetxt is ~50× slower)
# ---------------------------------------------------------------------------------------------


def _digits(x, width):
    """(len(x), width) uint8 ASCII digits, right-aligned, and the mask of the real ones."""
    x = np.asarray(x, dtype=np.int64)
    out = np.empty((x.size, width), dtype=np.uint8)
    y = x.copy()
    for col in range(width - 1, -1, -1):
        out[:, col] = 48 + y % 10
        y //= 10
    nd = np.ones(x.size, dtype=np.int64)
    t = x // 10
    while True:
        more = t > 0
        if not more.any():
            break
        nd += more
        t //= 10
    mask = np.arange(width)[None, :] >= (width - nd)[:, None]
    return out, mask


def lines(prefix, cols, chunk=1 << 20):
    """Bytes of the lines `prefix c0 c1 …\\n` (cols: equal-length int arrays, non-negative),
    built in chunks of rows."""
    parts = []
    n = cols[0].size
    pre = np.frombuffer(prefix.encode(), dtype=np.uint8)
    for s in range(0, n, chunk):
        mats, masks = [], []
        rows = min(chunk, n - s)
        if pre.size:
            mats.append(np.broadcast_to(pre, (rows, pre.size)))
            masks.append(np.ones((rows, pre.size), dtype=bool))
        for i, c in enumerate(cols):
            c = c[s:s + rows]
            width = max(1, len(str(int(c.max())))) if c.size else 1
            d, mk = _digits(c, width)
            mats.append(d)
            masks.append(mk)
            sep = 10 if i == len(cols) - 1 else 32
            mats.append(np.full((rows, 1), sep, dtype=np.uint8))
            masks.append(np.ones((rows, 1), dtype=bool))
        mat = np.concatenate(mats, axis=1)
        mask = np.concatenate(masks, axis=1)
        parts.append(mat[mask].tobytes())
    return b"".join(parts)


def write_dimacs(path, n, u, v, comment):
    with open(path, "wb") as f:
        f.write(f"c {comment}\np edge {n} {u.size}\n".encode())
        f.write(lines("e ", [u + 1, v + 1]))


def write_mtx(path, n_rows, n_cols, r, c, comment):
    with open(path, "wb") as f:
        f.write(f"%%MatrixMarket matrix coordinate pattern general\n% {comment}\n"
                f"{n_rows} {n_cols} {r.size}\n".encode())
        f.write(lines("", [r + 1, c + 1]))


def make(family, n, seed, dimacs, mtx=None):
    """Writes one workload; returns (vertices, edges) of the graph."""
    if family == "gnm":
        nv, u, v = gnm(n, seed)
        what = f"G(n, m = 3n), n = {n}, seed {seed}"
    elif family == "ba":
        nv, u, v = barabasi_albert(n, seed)
        what = f"Barabasi-Albert, m = 3, n = {n}, seed {seed}"
    elif family == "grid2":
        side = round(n ** 0.5)
        nv, u, v = grid((side, side), seed)
        what = f"{side}x{side} grid, 10% of the vertices removed, seed {seed}"
    elif family == "grid3":
        side = round(n ** (1 / 3))
        nv, u, v = grid((side, side, side), seed)
        what = f"{side}^3 grid, 10% of the vertices removed, seed {seed}"
    elif family.removesuffix("-shuffled") in FAMILIES_26:
        gen, desc = FAMILIES_26[family.removesuffix("-shuffled")]
        nv, u, v = gen(n, seed)
        what = f"{desc(n, nv)}, seed {seed}"
        if family.endswith("-shuffled"):
            nv, u, v = shuffled(nv, u, v, seed + 1)
            what += ", vertices renumbered at random"
    elif family == "bip":
        r, c = bipartite(n, n, 4 * n, seed)
        what = f"random bipartite {n} + {n}, m = {4 * n}, seed {seed}"
        if mtx:
            write_mtx(mtx, n, n, r, c, what)
        # DIMACS: rows 1..n, columns n+1..2n.
        nv, u, v = 2 * n, r, c + n
    else:
        raise ValueError(f"unknown family {family}")
    write_dimacs(dimacs, nv, u, v, what)
    return nv, int(u.size)


if __name__ == "__main__":
    if len(sys.argv) not in (5, 6):
        sys.exit(__doc__)
    fam, n, seed, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    print(make(fam, n, seed, out, sys.argv[5] if len(sys.argv) == 6 else None))
