#!/usr/bin/env python3
"""GCJ 2008 "King" with networkx.max_weight_matching(maxcardinality=True), twice per board:
Alice wins iff removing the start square K lowers the maximum matching. Pure Python, so only
for small boards. Written for gridmatch's benchmark harness (bench/run.sh).
"""
import sys

import networkx as nx


def nu(rows, cols, board, skip):
    g = nx.Graph()
    for r in range(rows):
        for c in range(cols):
            if board[r][c] == "#" or (r, c) == skip:
                continue
            g.add_node((r, c))
            for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
                r2, c2 = r + dr, c + dc
                if 0 <= r2 < rows and 0 <= c2 < cols and board[r2][c2] != "#" and (r2, c2) != skip:
                    g.add_edge((r, c), (r2, c2))
    return len(nx.max_weight_matching(g, maxcardinality=True))


def main():
    tok = sys.stdin.read().split()
    t, i = int(tok[0]), 1
    out = []
    for case in range(1, t + 1):
        rows, cols = int(tok[i]), int(tok[i + 1])
        board = tok[i + 2 : i + 2 + rows]
        i += 2 + rows
        k = next((r, row.index("K")) for r, row in enumerate(board) if "K" in row)
        alice = nu(rows, cols, board, k) < nu(rows, cols, board, None)
        out.append(f"Case #{case}: {'A' if alice else 'B'}")
    print("\n".join(out))


if __name__ == "__main__":
    main()
