#!/usr/bin/env python3
"""A correct, independent rooks solver (UVa 12668) for `gridmatch stress rooks`.

Every free cell joins its row run (maximal pawn-free stretch of a row) and its column run; the
most rooks is a maximum matching between row runs and column runs (Kuhn's augmenting paths).
"""
import sys


def max_rooks(rows):
    n = len(rows)
    row_run = [[-1] * n for _ in range(n)]
    col_run = [[-1] * n for _ in range(n)]
    runs = 0
    for r in range(n):
        for c in range(n):
            if rows[r][c] == '.':
                if c == 0 or rows[r][c - 1] == 'X':
                    runs += 1
                row_run[r][c] = runs - 1
    rows_total = runs
    runs = 0
    for c in range(n):
        for r in range(n):
            if rows[r][c] == '.':
                if r == 0 or rows[r - 1][c] == 'X':
                    runs += 1
                col_run[r][c] = runs - 1
    adj = [[] for _ in range(rows_total)]
    for r in range(n):
        for c in range(n):
            if rows[r][c] == '.':
                adj[row_run[r][c]].append(col_run[r][c])
    match = [-1] * runs

    def augment(u, seen):
        for v in adj[u]:
            if not seen[v]:
                seen[v] = True
                if match[v] < 0 or augment(match[v], seen):
                    match[v] = u
                    return True
        return False

    return sum(augment(u, [False] * runs) for u in range(rows_total))


def main():
    sys.setrecursionlimit(100000)
    tokens = sys.stdin.read().split()
    i = 0
    out = []
    while i < len(tokens):
        n = int(tokens[i])
        out.append(str(max_rooks(tokens[i + 1:i + 1 + n])))
        i += 1 + n
    print("\n".join(out))


main()
