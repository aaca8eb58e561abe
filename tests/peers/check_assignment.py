#!/usr/bin/env python3
"""Peer agreement check of the assignment formats (issue 36; run by CI, see README.md here).

Usage: check_assignment.py GRIDMATCH [--seed S] [--count N] [--keep DIR]

Generates --count (default 120) random cost matrices (1..12 rows and columns, square and
rectangular both ways; integer costs, some negative, many ties, and quarter decimals) and writes
each as a DIMACS assignment file (`p asn`, the node numbers shuffled between the two sides, `n`
lines in any order) and as a dense matrix (`--format dense`, with a size line and the entries
broken across lines at random, or one row per line). On each file, `gridmatch match --weights
--min --perfect` (square) or `--min --max-cardinality` (rectangular) must print scipy
`linear_sum_assignment`'s optimum (read as an exact decimal) and as many pairs as the smaller
side; with `--pairs`, each pair an arc/entry of the file with its cost, adding up to the total;
the `--json` certificate must pass `gridmatch verify --graph FILE CERT`, and a tampered one (one
dual raised by 7) must fail.

Prints one line per failure, then `N passed, M failed`; exits 1 if anything failed.
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from fractions import Fraction

import numpy as np
from scipy.optimize import linear_sum_assignment


def fmt(x):
    """An exact decimal for a Fraction with a denominator dividing 4."""
    if x.denominator == 1:
        return str(x.numerator)
    return format(float(x), "g") if abs(x) < 10**12 else str(float(x))


def matrix(rng):
    r, c = rng.randint(1, 12), rng.randint(1, 12)
    if rng.random() < 0.4:
        c = r
    kind = rng.choice(["int", "ties", "neg", "quarter"])
    def entry():
        if kind == "int":
            return Fraction(rng.randint(0, 1000))
        if kind == "ties":
            return Fraction(rng.randint(0, 3))
        if kind == "neg":
            return Fraction(rng.randint(-50, 50))
        return Fraction(rng.randint(-400, 400), 4)
    return [[entry() for _ in range(c)] for _ in range(r)]


def write_asn(rng, cost, path):
    r, c = len(cost), len(cost[0])
    nodes = list(range(1, r + c + 1))
    rng.shuffle(nodes)
    src, dst = nodes[:r], nodes[r:]
    lines = ["c random assignment", f"p asn {r + c} {r * c}"]
    order = list(range(r))
    rng.shuffle(order)
    lines += [f"n {src[i]}" for i in order]
    arcs = [(i, j) for i in range(r) for j in range(c)]
    rng.shuffle(arcs)
    lines += [f"a {src[i]} {dst[j]} {fmt(cost[i][j])}" for i, j in arcs]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return {(src[i], dst[j]): cost[i][j] for i in range(r) for j in range(c)}


def write_dense(rng, cost, path):
    r, c = len(cost), len(cost[0])
    sized = rng.random() < 0.5 or c <= 2
    out = []
    if sized:
        out.append(f"{r}\n" if r == c and rng.random() < 0.5 else f"{r} {c}\n")
        for row in cost:
            for x in row:
                out.append(fmt(x) + rng.choice([" ", "\n", "\t", "  "]))
        out.append("\n")
    else:
        for row in cost:
            out.append(" ".join(fmt(x) for x in row) + "\n")
    with open(path, "w") as f:
        f.write("".join(out))
    return {(i + 1, j + 1): cost[i][j] for i in range(r) for j in range(c)}


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("gridmatch")
    ap.add_argument("--seed", type=int, default=36)
    ap.add_argument("--count", type=int, default=120)
    ap.add_argument("--keep")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    work = tempfile.mkdtemp()
    passed = failed = tampered = 0

    def fail(what, detail, path):
        nonlocal failed
        failed += 1
        print(f"FAIL {what}: {detail}")
        if a.keep:
            os.makedirs(a.keep, exist_ok=True)
            shutil.copy(path, a.keep)

    for case in range(a.count):
        cost = matrix(rng)
        r, c = len(cost), len(cost[0])
        arr = np.array([[float(x) for x in row] for row in cost])
        ri, ci = linear_sum_assignment(arr)
        want = sum(cost[i][j] for i, j in zip(ri, ci))
        flags = ["--min", "--perfect"] if r == c else ["--min", "--max-cardinality"]
        for form in ["asn", "dense"]:
            path = os.path.join(work, f"{case}.{form}")
            if form == "asn":
                entries = write_asn(rng, cost, path)
                extra = []
            else:
                entries = write_dense(rng, cost, path)
                extra = ["--format", "dense"]
            what = f"case {case} ({r}x{c}, {form})"
            rc, out, err = run([a.gridmatch, "match", "--weights", *flags, *extra, "--pairs", path])
            if rc != 0:
                fail(what, f"exit {rc}: {err.strip()}", path)
                continue
            lines = out.splitlines()
            total, size = lines[0].split()
            if Fraction(total) != want or int(size) != min(r, c):
                fail(what, f"got {lines[0]}, scipy {fmt(want)} {min(r, c)}", path)
                continue
            pairs = [tuple(l.split()) for l in lines[1:]]
            s = Fraction(0)
            seen_l, seen_r = set(), set()
            ok = True
            for u, v, w in pairs:
                key = (int(u), int(v))
                if key not in entries or entries[key] != Fraction(w) or u in seen_l or v in seen_r:
                    ok = False
                seen_l.add(u)
                seen_r.add(v)
                s += Fraction(w)
            if not ok or s != want or len(pairs) != min(r, c):
                fail(what, f"pairs {pairs} do not add up to {fmt(want)}", path)
                continue
            rc, cert, err = run([a.gridmatch, "match", "--weights", *flags, *extra, "--json", path])
            cert_path = path + ".json"
            with open(cert_path, "w") as f:
                f.write(cert)
            vextra = ["--format", "dense"] if form == "dense" else []
            rc, vout, verr = run([a.gridmatch, "verify", "--graph", path, *vextra, cert_path])
            if rc != 0:
                fail(what, f"verify --graph exit {rc}: {vout.strip()} {verr.strip()}", path)
                continue
            doc = json.loads(cert)
            # Tamper: raise the first dual of the record by 7.
            duals = doc.get("duals") or {}
            lists = [v for v in duals.values() if isinstance(v, list) and v] if isinstance(duals, dict) else []
            if lists and isinstance(lists[0][0], list):
                pair = lists[0][0]
                pair[-1] = str(Fraction(pair[-1]) + 7) if isinstance(pair[-1], str) else pair[-1] + 7
                with open(cert_path, "w") as f:
                    f.write(json.dumps(doc) + "\n")
                rc, vout, verr = run([a.gridmatch, "verify", "--graph", path, *vextra, cert_path])
                if rc != 1:
                    fail(what, f"a tampered certificate: verify exit {rc}", path)
                    continue
                tampered += 1
            passed += 1
    shutil.rmtree(work, ignore_errors=True)
    print(f"{passed} passed, {failed} failed ({tampered} tampered certificates refused)")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
