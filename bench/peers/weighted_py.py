#!/usr/bin/env python3
"""The Python peers of gridmatch's weighted-matching benchmark (bench/weighted.py), one call each,
used the way their users use them:

    weighted_py.py ENGINE [--min] [--perfect] [--call-time FILE] FILE

ENGINE:
  networkx   networkx.max_weight_matching (pure Python, O(n³)) on a DIMACS `e U V W` file or a
             Matrix Market file (rows, then columns, as vertices);
  rustworkx  rustworkx.max_weight_matching (its Rust port), the same;
  lsa        scipy.optimize.linear_sum_assignment on a dense Matrix Market matrix;
  mwfbm      scipy.sparse.csgraph.min_weight_full_bipartite_matching on a Matrix Market matrix;
  lapjv      the `lap` package's lapjv (dense) on a Matrix Market matrix;
  lapmod     the `lap` package's lapmod (sparse, CSR) on a Matrix Market matrix.

Modes as gridmatch's: default a maximum-weight matching; --min minimum weight; --perfect best
among perfect matchings (the networkx/rustworkx call gets maxcardinality=True and, with --min,
the weights C - w with C = 1 + max w, so that its maximum is the minimum-cost perfect matching;
it then must cover every vertex). The assignment peers solve `--min --perfect` (or `--perfect`
with maximize) on a square matrix. Prints gridmatch's first line `TOTAL PAIRS` (or `no perfect
matching`), the total recomputed from the file's integer weights; --call-time FILE gets the
seconds of the call alone (graph or matrix construction excluded).
"""
import argparse
import sys
import time

import numpy as np


def read(path):
    """('dimacs'|'mtx', n or (rows, cols), u, v, w) with 0-based int64 arrays."""
    with open(path, "rb") as f:
        data = f.read()
    if data.startswith(b"%%MatrixMarket"):
        pos = 0
        while data[pos:pos + 1] == b"%":
            pos = data.index(b"\n", pos) + 1
        end = data.index(b"\n", pos)
        rows, cols, nnz = map(int, data[pos:end].split())
        a = np.fromstring(data[end + 1:], dtype=np.int64, sep=" ")
        a = a.reshape(nnz, 3)
        return "mtx", (rows, cols), a[:, 0] - 1, a[:, 1] - 1, a[:, 2]
    n = None
    pos = 0
    while True:  # header lines (c, p) come before the first e line
        end = data.find(b"\n", pos)
        line = data[pos:end if end >= 0 else len(data)]
        if line.startswith(b"e"):
            break
        if line.startswith(b"p"):
            n = int(line.split()[2])
        if end < 0:
            pos = len(data)
            break
        pos = end + 1
    body = data[pos:].replace(b"e", b" ")
    a = np.fromstring(body, dtype=np.int64, sep=" ").reshape(-1, 3)
    return "dimacs", n, a[:, 0] - 1, a[:, 1] - 1, a[:, 2]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("engine", choices=["networkx", "rustworkx", "lsa", "mwfbm", "lapjv",
                                       "lapmod"])
    ap.add_argument("--min", action="store_true")
    ap.add_argument("--perfect", action="store_true")
    ap.add_argument("--call-time")
    ap.add_argument("file")
    a = ap.parse_args()
    kind, shape, u, v, w = read(a.file)
    eng = a.engine
    answer = None  # (total, pairs) or None: no perfect matching
    if eng in ("networkx", "rustworkx"):
        if kind == "mtx":
            rows, cols = shape
            n = rows + cols
            v = v + rows
        else:
            n = shape
        keep = u != v
        u, v, w = u[keep], v[keep], w[keep]
        x = w
        if a.min:
            x = (int(w.max()) + 1 - w) if a.perfect else -w
        card = a.perfect
        ul, vl, xl = u.tolist(), v.tolist(), x.tolist()
        if eng == "networkx":
            import networkx as nx
            g = nx.Graph()
            g.add_nodes_from(range(n))
            g.add_weighted_edges_from(zip(ul, vl, xl))
            t0 = time.perf_counter()
            m = nx.max_weight_matching(g, maxcardinality=card)
            secs = time.perf_counter() - t0
        else:
            import rustworkx as rx
            g = rx.PyGraph(multigraph=False)
            g.add_nodes_from(range(n))
            g.add_edges_from(list(zip(ul, vl, xl)))
            t0 = time.perf_counter()
            m = rx.max_weight_matching(g, max_cardinality=card, weight_fn=lambda t: t)
            secs = time.perf_counter() - t0
        wt = {}
        for p, q, y in zip(ul, vl, w.tolist()):
            wt[(p, q)] = wt[(q, p)] = y
        pairs = [tuple(e) for e in m]
        if a.perfect and 2 * len(pairs) != n:
            answer = None
        else:
            answer = (sum(wt[e] for e in pairs), len(pairs))
    else:
        if kind != "mtx":
            sys.exit(f"weighted_py.py: {eng} needs a Matrix Market file")
        rows, cols = shape
        if not a.perfect or rows != cols:
            sys.exit(f"weighted_py.py: {eng} solves --perfect on a square matrix")
        sign = 1 if a.min else -1  # minimise sign·w
        if eng in ("lsa", "lapjv"):
            cost = np.zeros((rows, cols), dtype=np.int64)
            if len(w) != rows * cols:
                sys.exit(f"weighted_py.py: {eng} needs every entry of the matrix")
            cost[u, v] = sign * w
            if eng == "lsa":
                from scipy.optimize import linear_sum_assignment
                t0 = time.perf_counter()
                ri, ci = linear_sum_assignment(cost)
                secs = time.perf_counter() - t0
            else:
                import lap
                c = cost.astype(np.float64)
                t0 = time.perf_counter()
                _, x, _ = lap.lapjv(c)
                secs = time.perf_counter() - t0
                ri, ci = np.arange(rows), x
            answer = (sign * int(cost[ri, ci].sum()), rows)
        elif eng == "mwfbm":
            import scipy.sparse as sparse
            from scipy.sparse.csgraph import min_weight_full_bipartite_matching
            x = sign * w
            lo = int(x.min())
            # explicit zeros would be dropped: shift to >= 1 (every full matching has `rows`
            # pairs, so the shift comes off exactly)
            mat = sparse.csr_matrix((x - lo + 1, (u, v)), shape=(rows, cols))
            t0 = time.perf_counter()
            try:
                ri, ci = min_weight_full_bipartite_matching(mat)
                secs = time.perf_counter() - t0
                total = int(np.asarray(mat[ri, ci]).sum()) + (lo - 1) * len(ri)
                answer = (sign * total, len(ri))
            except ValueError:
                secs = time.perf_counter() - t0
        else:  # lapmod: CSR with sorted column indices
            import lap
            import scipy.sparse as sparse
            # lapmod refuses costs >= lap.LARGE (10⁶): shift them to start at 0 (every perfect
            # matching has `rows` pairs; the total is recomputed from the file's weights)
            x = sign * w
            x = x - x.min()
            if x.max() >= lap.LARGE:
                sys.exit(f"weighted_py.py: lapmod takes costs below {lap.LARGE:g} only")
            mat = sparse.csr_matrix((x.astype(np.float64), (u, v)), shape=(rows, cols))
            mat.sort_indices()
            cc, ii, kk = mat.data, mat.indptr.astype(np.int32), mat.indices.astype(np.int32)
            t0 = time.perf_counter()
            try:
                _, x, _ = lap.lapmod(rows, cc, ii, kk)
                secs = time.perf_counter() - t0
                dense_w = {}
                for p, q, y in zip(u.tolist(), v.tolist(), w.tolist()):
                    dense_w[(p, q)] = y
                if (x < 0).any():
                    answer = None
                else:
                    answer = (sum(dense_w[(i, int(j))] for i, j in enumerate(x)), rows)
            except Exception as e:  # lapmod raises on infeasible instances
                secs = time.perf_counter() - t0
                print(f"weighted_py.py: lapmod: {e}", file=sys.stderr)
    print("no perfect matching" if answer is None else f"{answer[0]} {answer[1]}", flush=True)
    print(f"weighted_py.py: {eng} call {secs:.6f} s", file=sys.stderr)
    if a.call_time:
        with open(a.call_time, "w") as f:
            f.write(f"{secs:.6f}\n")


if __name__ == "__main__":
    main()
