#!/usr/bin/env python3
"""A planted bug for `gridmatch stress king`: answers King (GCJ 2008) by parity.

Says A wins iff the number of free squares (`.` and the start `K`) is even. Right on a path
from one end, wrong on e.g. `.K.` (A moves to either side and B is stuck: A wins, 3 free).
"""
import sys


def main():
    tokens = sys.stdin.read().split()
    t = int(tokens[0])
    i = 1
    for case in range(1, t + 1):
        r = int(tokens[i])
        rows = tokens[i + 2:i + 2 + r]
        i += 2 + r
        free = sum(row.count('.') + row.count('K') for row in rows)
        print(f"Case #{case}: {'A' if free % 2 == 0 else 'B'}")


main()
