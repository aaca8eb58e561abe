#!/usr/bin/env python3
"""UVa 12668 "Attacking Rooks" with a Python library's maximum bipartite matching.

Usage: rooks_py.py scipy|networkx|igraph [--rect] [--call-time FILE] < input

The run graph (maximal horizontal runs x maximal vertical runs, one edge per empty cell) is
built with vectorised numpy; the matching is
  scipy     scipy.sparse.csgraph.maximum_bipartite_matching (Hopcroft-Karp in Cython),
  networkx  networkx.bipartite.hopcroft_karp_matching (pure Python),
  igraph    python-igraph's Graph.maximum_bipartite_matching(types) (push-relabel in C): the
            graph is built the way igraph's best users build it, one Graph(n, edges) call from a
            NumPy edge array, with the vertex types as a list of booleans.
--rect reads `R C` headers (gridmatch rooks --rect) instead of `N`. --call-time FILE writes the
seconds spent in the matching call alone (time.perf_counter around it, summed over the boards)
to FILE, so the harness can report it next to the whole process's time.
Written for gridmatch's benchmark harness (bench/run.sh).
"""
import sys
import time

import numpy as np


def run_graph(board):
    """Returns (row_run, col_run, n_row_runs, n_col_runs) for the empty cells of `board`."""
    free = board == ord(".")
    nr, nc = free.shape
    # A row run starts at an empty cell whose left neighbour is a pawn or the edge.
    start = free.copy()
    start[:, 1:] &= ~free[:, :-1]
    row_id = np.cumsum(start.ravel()).reshape(nr, nc) - 1
    # Column runs: the same on the transpose, so ids are numbered column-major.
    ft = np.ascontiguousarray(free.T)
    start_t = ft.copy()
    start_t[:, 1:] &= ~ft[:, :-1]
    col_id = (np.cumsum(start_t.ravel()).reshape(nc, nr) - 1).T
    return row_id[free], col_id[free], int(start.sum()), int(start_t.sum())


def solve(board, engine, clock):
    rows, cols, nr, nc = run_graph(board)
    if rows.size == 0:
        return 0
    if engine == "scipy":
        from scipy.sparse import csr_matrix
        from scipy.sparse.csgraph import maximum_bipartite_matching

        g = csr_matrix((np.ones(rows.size, dtype=np.int8), (rows, cols)), shape=(nr, nc))
        t0 = time.perf_counter()
        m = maximum_bipartite_matching(g, perm_type="column")
        clock[0] += time.perf_counter() - t0
        return int((m != -1).sum())
    if engine == "igraph":
        import igraph

        edges = np.empty((rows.size, 2), dtype=np.int64)
        edges[:, 0] = rows
        edges[:, 1] = cols + nr
        g = igraph.Graph(n=nr + nc, edges=edges)
        types = [False] * nr + [True] * nc
        t0 = time.perf_counter()
        m = g.maximum_bipartite_matching(types)
        clock[0] += time.perf_counter() - t0
        return len(m)
    import networkx as nx

    g = nx.Graph()
    left = [("r", int(i)) for i in range(nr)]
    g.add_nodes_from(left, bipartite=0)
    g.add_nodes_from((("c", int(j)) for j in range(nc)), bipartite=1)
    g.add_edges_from((("r", int(i)), ("c", int(j))) for i, j in zip(rows, cols))
    t0 = time.perf_counter()
    m = nx.bipartite.hopcroft_karp_matching(g, top_nodes=left)
    clock[0] += time.perf_counter() - t0
    return len(m) // 2


def main():
    args = sys.argv[1:]
    engine = "scipy"
    rect = False
    call_time = None
    i = 0
    while i < len(args):
        if args[i] == "--rect":
            rect = True
        elif args[i] == "--call-time":
            call_time = args[i + 1]
            i += 1
        elif args[i] in ("scipy", "networkx", "igraph"):
            engine = args[i]
        else:
            sys.exit(f"usage: rooks_py.py scipy|networkx|igraph [--rect] [--call-time FILE]")
        i += 1
    data = sys.stdin.buffer.read().split()
    i = 0
    out = []
    clock = [0.0]
    while i < len(data):
        if rect:
            nr, nc = int(data[i]), int(data[i + 1])
            i += 2
        else:
            nr = nc = int(data[i])
            i += 1
        rows = data[i : i + nr]
        i += nr
        board = np.frombuffer(b"".join(rows), dtype=np.uint8).reshape(nr, nc)
        out.append(str(solve(board, engine, clock)))
    sys.stdout.write("\n".join(out) + ("\n" if out else ""))
    sys.stdout.flush()
    if call_time:
        with open(call_time, "w") as f:
            f.write(f"{clock[0]:.6f}\n")


if __name__ == "__main__":
    main()
