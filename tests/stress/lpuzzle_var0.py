#!/usr/bin/env python3
"""A planted bug for `gridmatch stress lpuzzle`: the original L-puzzle program's variable-0 bug.

NWERC 2011 "Piece it together": every black cell `B` is the corner of an L whose two arms are
white cells `W`, one beside it (left or right) and one above or below it; every white belongs
to exactly one L. As 2-SAT: black k has variables 2k (true: its horizontal white is on the
right) and 2k + 1 (true: its vertical white is below); a white taken by two choices gives the
clause "not both". Literals are signed variables, DIMACS style, and 0 means "no literal".

The bug: variables are numbered from 0, so variable 0 (the first black's horizontal choice) is
the literal 0 in both polarities — "no literal" — and every clause on it is silently dropped.
`BWB.`/`WWW.` gets YES (both blacks need the white at (0,1): the answer is NO).
"""
import sys


def solve(rows):
    n, m = len(rows), len(rows[0])
    cell = lambda r, c: rows[r][c] if 0 <= r < n and 0 <= c < m else '.'
    blacks = [(r, c) for r in range(n) for c in range(m) if rows[r][c] == 'B']
    whites = sum(row.count('W') for row in rows)
    if whites != 2 * len(blacks):
        return False
    clauses = []

    def lit(var, positive):
        return var if positive else -var

    def clause(a, b):
        if a and b:  # 0 is "no literal"
            clauses.append((a, b))

    takers = {}
    for k, (r, c) in enumerate(blacks):
        h, v = 2 * k, 2 * k + 1
        for var, (a, b) in ((h, ((r, c + 1), (r, c - 1))), (v, ((r + 1, c), (r - 1, c)))):
            ok_a, ok_b = cell(*a) == 'W', cell(*b) == 'W'
            if not ok_a and not ok_b:
                return False
            if not ok_a:
                clause(lit(var, False), lit(var, False))
            if not ok_b:
                clause(lit(var, True), lit(var, True))
            if ok_a:
                takers.setdefault(a, []).append(lit(var, True))
            if ok_b:
                takers.setdefault(b, []).append(lit(var, False))
    for lits in takers.values():
        for i in range(len(lits)):
            for j in range(i + 1, len(lits)):
                clause(-lits[i], -lits[j])
    return satisfiable(2 * len(blacks), clauses)


def satisfiable(nvars, clauses):
    """2-SAT by strongly connected components of the implication graph (iterative Tarjan)."""
    node = lambda l: 2 * abs(l) + (1 if l < 0 else 0)
    size = 2 * nvars + 2
    adj = [[] for _ in range(size)]
    for a, b in clauses:
        adj[node(-a)].append(node(b))
        adj[node(-b)].append(node(a))
    index = [0] * size
    low = [0] * size
    comp = [-1] * size
    on = [False] * size
    stack, counter, comps = [], 1, 0
    for s in range(size):
        if index[s]:
            continue
        work = [(s, 0)]
        index[s] = low[s] = counter
        counter += 1
        stack.append(s)
        on[s] = True
        while work:
            u, i = work.pop()
            if i < len(adj[u]):
                work.append((u, i + 1))
                w = adj[u][i]
                if not index[w]:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on[w] = True
                    work.append((w, 0))
                elif on[w]:
                    low[u] = min(low[u], index[w])
                continue
            if low[u] == index[u]:
                while True:
                    w = stack.pop()
                    on[w] = False
                    comp[w] = comps
                    if w == u:
                        break
                comps += 1
            if work:
                p = work[-1][0]
                low[p] = min(low[p], low[u])
    return all(comp[2 * x] != comp[2 * x + 1] for x in range(nvars))


def main():
    tokens = sys.stdin.read().split()
    t = int(tokens[0])
    i = 1
    for _ in range(t):
        n = int(tokens[i])
        rows = tokens[i + 2:i + 2 + n]
        i += 2 + n
        print("YES" if solve(rows) else "NO")


main()
