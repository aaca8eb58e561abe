#!/usr/bin/env python3
"""A planted bug for `gridmatch stress rooks`: greedy rooks (UVa 12668).

Places a rook on each free cell, in row-major order, when no rook already attacks it (pawns `X`
block rows and columns). Right on many boards, wrong on e.g. `..`/`.X` (greedy 1, best 2).
"""
import sys


def main():
    tokens = sys.stdin.read().split()
    i = 0
    out = []
    while i < len(tokens):
        n = int(tokens[i])
        rows = tokens[i + 1:i + 1 + n]
        i += 1 + n
        rook = [[False] * n for _ in range(n)]
        count = 0
        for r in range(n):
            for c in range(n):
                if rows[r][c] != '.':
                    continue
                attacked = False
                cc = c - 1
                while cc >= 0 and rows[r][cc] != 'X':
                    attacked |= rook[r][cc]
                    cc -= 1
                rr = r - 1
                while rr >= 0 and rows[rr][c] != 'X':
                    attacked |= rook[rr][c]
                    rr -= 1
                if not attacked:
                    rook[r][c] = True
                    count += 1
        out.append(str(count))
    print("\n".join(out))


main()
