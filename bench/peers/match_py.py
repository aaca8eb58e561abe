#!/usr/bin/env python3
"""Maximum bipartite matching of a graph file with a Python library.

Usage: match_py.py igraph|scipy [--call-time FILE] [FILE]   (FILE, or standard input)

Reads Matrix Market coordinate (`M N NNZ`, entries `I J` 1-based: rows × columns) or DIMACS
(`p edge N M`, `e U V` 1-based; the two sides are found with igraph's is_bipartite, outside the
timed call) with numpy (np.fromstring over the whole text), then
  igraph  python-igraph's Graph.maximum_bipartite_matching(types) (push–relabel in C), the
          graph built the way igraph's best users build it (as bench/peers/rooks_py.py): one
          Graph(n, edges) call from a NumPy edge array, the types a list of booleans;
  scipy   scipy.sparse.csgraph.maximum_bipartite_matching (Hopcroft–Karp in Cython) on the
          rows × columns CSR matrix.
Prints the size of a maximum matching. --call-time FILE writes the seconds of the matching call
alone (time.perf_counter around it) to FILE, so the harness can report it next to the whole
process's time. Written for gridmatch's benchmark harness (bench/graphs.py).
"""
import sys
import time

import numpy as np


def read(data):
    """Returns (n_left, n_right, rows, cols) 0-based, rows in 0..n_left-1, cols in
    0..n_right-1; for DIMACS the sides come from a 2-colouring."""
    if data.startswith(b"%%MatrixMarket"):
        pos = 0
        while data.startswith(b"%", pos) or data.startswith(b"\n", pos):
            pos = data.index(b"\n", pos) + 1
        nl = data.index(b"\n", pos)
        nr, nc, nnz = (int(x) for x in data[pos:nl].split()[:3])
        ij = np.fromstring(data[nl + 1:], dtype=np.int64, sep=" ")
        if ij.size != 2 * nnz:
            sys.exit("match_py.py: expected 2 integers per entry (pattern matrix)")
        return nr, nc, ij[0::2] - 1, ij[1::2] - 1
    # DIMACS: the `p` line, then `e U V` lines (comments only before the p line here).
    p = data.index(b"p ") if data.startswith(b"p ") else data.index(b"\np ") + 1
    nl = data.find(b"\n", p)
    nl = len(data) if nl < 0 else nl
    n, m = (int(x) for x in data[p:nl].split()[2:4])
    body = data[nl + 1:]
    if b"c" in body:  # comments among the edges: drop them line by line
        body = b"\n".join(l for l in body.split(b"\n") if not l.lstrip().startswith(b"c"))
    uv = np.fromstring(body.replace(b"e", b" "), dtype=np.int64, sep=" ") - 1
    if uv.size != 2 * m:
        sys.exit(f"match_py.py: the p line says {m} edges, the file has {uv.size / 2:g}")
    import igraph

    u, v = uv[0::2], uv[1::2]
    g = igraph.Graph(n=n, edges=np.stack([u, v], axis=1))
    ok, types = g.is_bipartite(return_types=True)
    if not ok:
        sys.exit("match_py.py: the graph is not bipartite")
    side = np.asarray(types, dtype=bool)
    # Renumber: left vertices (type False) 0..nl-1, right ones 0..nr-1.
    new = np.empty(n, dtype=np.int64)
    new[~side] = np.arange(int((~side).sum()))
    new[side] = np.arange(int(side.sum()))
    left_u = ~side[u]
    rows = np.where(left_u, new[u], new[v])
    cols = np.where(left_u, new[v], new[u])
    return int((~side).sum()), int(side.sum()), rows, cols


def main():
    args = sys.argv[1:]
    engine, call_time, path = None, None, None
    i = 0
    while i < len(args):
        if args[i] == "--call-time":
            call_time = args[i + 1]
            i += 1
        elif args[i] in ("igraph", "scipy") and engine is None:
            engine = args[i]
        elif path is None and not args[i].startswith("-"):
            path = args[i]
        else:
            sys.exit("usage: match_py.py igraph|scipy [--call-time FILE] [FILE]")
        i += 1
    if engine is None:
        sys.exit("usage: match_py.py igraph|scipy [--call-time FILE] [FILE]")
    data = open(path, "rb").read() if path else sys.stdin.buffer.read()
    nr, nc, rows, cols = read(data)
    if engine == "igraph":
        import igraph

        edges = np.empty((rows.size, 2), dtype=np.int64)
        edges[:, 0] = rows
        edges[:, 1] = cols + nr
        g = igraph.Graph(n=nr + nc, edges=edges)
        types = [False] * nr + [True] * nc
        t0 = time.perf_counter()
        m = g.maximum_bipartite_matching(types)
        secs = time.perf_counter() - t0
        size = len(m)
    else:
        from scipy.sparse import csr_matrix
        from scipy.sparse.csgraph import maximum_bipartite_matching

        a = csr_matrix((np.ones(rows.size, dtype=np.int8), (rows, cols)), shape=(nr, nc))
        a.sum_duplicates()
        t0 = time.perf_counter()
        m = maximum_bipartite_matching(a, perm_type="column")
        secs = time.perf_counter() - t0
        size = int((m != -1).sum())
    sys.stdout.write(f"{size}\n")
    sys.stdout.flush()
    if call_time:
        with open(call_time, "w") as f:
            f.write(f"{secs:.6f}\n")


if __name__ == "__main__":
    main()
