#!/usr/bin/env python3
"""UVa 12668 "Attacking Rooks" with a Python library's maximum bipartite matching.

Usage: rooks_py.py scipy|networkx < input

The run graph (maximal horizontal runs x maximal vertical runs, one edge per empty cell) is
built with vectorised numpy; the matching is scipy.sparse.csgraph.maximum_bipartite_matching
(Hopcroft-Karp in Cython) or networkx.bipartite.hopcroft_karp_matching (pure Python).
Written for gridmatch's benchmark harness (bench/run.sh).
"""
import sys

import numpy as np


def run_graph(board):
    """Returns (row_run, col_run, n_row_runs, n_col_runs) for the empty cells of `board`."""
    free = board == ord(".")
    n = free.shape[0]
    # A row run starts at an empty cell whose left neighbour is a pawn or the edge.
    start = free.copy()
    start[:, 1:] &= ~free[:, :-1]
    row_id = np.cumsum(start.ravel()).reshape(n, n) - 1
    # Column runs: the same on the transpose, so ids are numbered column-major.
    ft = free.T
    start_t = ft.copy()
    start_t[:, 1:] &= ~ft[:, :-1]
    col_id = (np.cumsum(start_t.ravel()).reshape(n, n) - 1).T
    return row_id[free], col_id[free], int(start.sum()), int(start_t.sum())


def solve(board, engine):
    rows, cols, nr, nc = run_graph(board)
    if rows.size == 0:
        return 0
    if engine == "scipy":
        from scipy.sparse import csr_matrix
        from scipy.sparse.csgraph import maximum_bipartite_matching

        g = csr_matrix((np.ones(rows.size, dtype=np.int8), (rows, cols)), shape=(nr, nc))
        m = maximum_bipartite_matching(g, perm_type="column")
        return int((m != -1).sum())
    import networkx as nx

    g = nx.Graph()
    left = [("r", int(i)) for i in range(nr)]
    g.add_nodes_from(left, bipartite=0)
    g.add_nodes_from((("c", int(j)) for j in range(nc)), bipartite=1)
    g.add_edges_from((("r", int(i)), ("c", int(j))) for i, j in zip(rows, cols))
    m = nx.bipartite.hopcroft_karp_matching(g, top_nodes=left)
    return len(m) // 2


def main():
    engine = sys.argv[1] if len(sys.argv) > 1 else "scipy"
    data = sys.stdin.buffer.read().split()
    i = 0
    out = []
    while i < len(data):
        n = int(data[i])
        i += 1
        rows = data[i : i + n]
        i += n
        board = np.frombuffer(b"".join(rows), dtype=np.uint8).reshape(n, n)
        out.append(str(solve(board, engine)))
    sys.stdout.write("\n".join(out) + ("\n" if out else ""))


if __name__ == "__main__":
    main()
