#!/usr/bin/env python3
"""Graph-file workloads for gridmatch's benchmark (bench/graphs.py), generated with numpy from
fixed seeds, written as DIMACS (`p edge N M`, `e U V`, 1-based) and, for the bipartite family,
also as Matrix Market (`%%MatrixMarket matrix coordinate pattern general`, rows × cols).

Every generator returns (n, u, v): n vertices 0..n-1 and edge endpoints as int64 arrays, with
no self-loops and no repeated edges. Run alone to write one family:

    graphgen.py FAMILY N SEED OUT.dimacs [OUT.mtx]

FAMILY: gnm (G(n, m = 3n)), ba (Barabási–Albert, 3 edges per new vertex), grid2 (side² grid,
10% of the vertices removed; N is the number of cells), grid3 (side³ grid, 10% removed),
bip (N + N vertices, 4N random edges; also the .mtx).
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
