#!/usr/bin/env python3
"""Medium-size differential test of `gridmatch match --weights` against networkx (issue 33).

Usage: weighted_medium.py GRIDMATCH [--seed S] [--count N] [--jobs J] [--min-n A] [--max-n B]
                                    [--keep DIR]
(check_weighted.py runs it after its own checks, with --medium-count graphs; CI: the default.)
Environment: GRIDMATCH_WEIGHTED_MEDIUM_COUNT overrides the default count (a long run).

Random general graphs of 20..200 vertices (log-uniform) in widened families, on which the old
tests of at most 11 vertices met none of the engine's blossom bugs: G(n, m) up to 5n edges,
odd cycles of odd cycles nested up to three levels (with chords and pendant paths), short odd
cycles covering the vertices plus random edges, several components with isolated vertices,
trees plus a few edges; weights tied (0..1, 0..3, 1..3, -1..1, -3..3, all equal), zero,
negative, mixed, wide; parallel copies of edges with other weights and, in DIMACS files,
self-loops. Each graph is written twice: as generated, and renumbered (a random permutation of
its vertex ids, its lines shuffled and turned around), in DIMACS or as an edge list.

On each graph, all six questions (`--max`/`--min` × any / `--max-cardinality` / `--perfect`)
against networkx max_weight_matching on the best copy of each pair (maxcardinality=True for the
cardinality and perfect questions, the weights negated for `--min`; perfect exists iff the
maximum matching covers every vertex, else gridmatch must say `no perfect matching`): the first
line `TOTAL PAIRS` (PAIRS checked where determined), the `--pairs` lines (edges of the file, no
vertex twice, adding up), the renumbered copy's first line the same; every
`--json` certificate through `gridmatch verify --graph FILE CERT` (exit 0), and on every 5th graph
tampered copies of every certificate refused with exit 1 (verify's code for a failing proof; 2
is bad input): a dual value raised by 7 (check_weighted.py's tamper), a dual value lowered by 1,
one pair's partner changed to a vertex another pair matches, the total raised by 1. The tampers
find the duals' numbers generically (the values under "duals", not the vertex ids), so they
survive a new dual layout.

Prints failures and `N passed, M failed`; exits 1 if anything failed.
"""
import argparse
import copy
import json
import math
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_weighted as cw  # noqa: E402

DEFAULT_COUNT = 240


# ---------------------------------------------------------------------------------------------
# Families
# ---------------------------------------------------------------------------------------------

def medium_weights(rng, count, kind=None, equal=None):
    """(kind, weights): `count` weights of `kind` (a random one if None)."""
    kind = kind or rng.choice(["0..1", "0..3", "0..3", "1..3", "-1..1", "-3..3", "equal",
                               "mixed", "negative", "zeros", "wide"])
    if kind == "equal":
        c = equal if equal is not None else rng.choice([-2, 0, 1, 7])
        return kind, [c] * count
    if kind == "zeros":
        return kind, [0 if rng.random() < 0.7 else rng.randint(-5, 5) for _ in range(count)]
    lo, hi = {"0..1": (0, 1), "0..3": (0, 3), "1..3": (1, 3), "-1..1": (-1, 1),
              "-3..3": (-3, 3), "mixed": (-100, 100), "negative": (-1000, -1),
              "wide": (-10**6, 10**6)}[kind]
    return kind, [rng.randint(lo, hi) for _ in range(count)]


def nested_piece(rng, levels, start, budget, edges):
    """An odd cycle of 3, 5 or 7 pieces one level down (a level-0 piece is one vertex), each
    joined to the next by an edge between random vertices of both; returns its vertices."""
    ks = [k for k in (3, 5, 7) if k <= budget]
    if levels == 0 or not ks:
        return [start]
    k = rng.choice(ks)
    pieces = []
    at = start
    for _ in range(k):
        p = nested_piece(rng, levels - 1, at, budget // k, edges)
        pieces.append(p)
        at += len(p)
    for i in range(k):
        edges.append((rng.choice(pieces[i]), rng.choice(pieces[(i + 1) % k])))
    return [v for p in pieces for v in p]


def medium_graph(rng, lo, hi):
    """(family, n, [(u, v)]) with 0-based vertices; self-loops only added later."""
    n = int(math.exp(rng.uniform(math.log(lo), math.log(hi + 1))))
    n = max(2, min(n, hi))
    fam = rng.choice(["gnm", "gnm", "nested", "nested", "odd cycles", "components", "tree"])
    e = []
    if fam == "gnm":
        m = rng.randint(n // 2, 5 * n)
        for _ in range(m):
            u, v = rng.randrange(n), rng.randrange(n)
            if u != v:
                e.append((u, v))
        fam = f"G({n}, {m})"
    elif fam == "nested":
        levels = rng.randint(1, 3)
        at = 0
        while at < n:
            at += len(nested_piece(rng, levels, at, n - at, e))
        n = at
        for _ in range(rng.randint(0, n // 4)):
            u, v = rng.randrange(n), rng.randrange(n)
            if u != v:
                e.append((u, v))
        for _ in range(rng.randint(0, 3)):  # pendant paths
            x = rng.randrange(n)
            for _ in range(rng.randint(1, 3)):
                e.append((x, n))
                x, n = n, n + 1
        fam = f"nested odd cycles ({levels} levels)"
    elif fam == "odd cycles":
        order = list(range(n))
        rng.shuffle(order)
        i = 0
        while i < n:
            c = order[i:i + 2 * rng.randint(1, 3) + 1]
            if len(c) >= 3:
                e += [(c[j], c[(j + 1) % len(c)]) for j in range(len(c))]
            i += len(c)
        for _ in range(rng.randint(0, n)):
            u, v = rng.randrange(n), rng.randrange(n)
            if u != v:
                e.append((u, v))
        fam = "odd cycles plus edges"
    elif fam == "components":
        start = 0
        while start + 3 <= n:
            size = rng.randint(3, min(n - start, 40))
            for _ in range(rng.randint(size, 3 * size)):
                u, v = start + rng.randrange(size), start + rng.randrange(size)
                if u != v:
                    e.append((u, v))
            start += size + rng.choice([0, 0, 1, 2])
        fam = "components and isolated vertices"
    else:
        for v in range(1, n):
            e.append((rng.randrange(v), v))
        for _ in range(n // 10):
            u, v = rng.randrange(n), rng.randrange(n)
            if u != v:
                e.append((u, v))
        fam = "tree plus edges"
    return fam, n, e


def medium_instance(rng, lo, hi):
    fam, n, e = medium_graph(rng, lo, hi)
    kind, ws = medium_weights(rng, len(e))
    edges = [(u, v, w) for (u, v), w in zip(e, ws)]
    if edges and rng.random() < 0.4:  # parallel copies with other weights
        for _ in range(rng.randint(1, max(1, len(edges) // 8))):
            u, v, _ = rng.choice(edges)
            edges.append((v, u, medium_weights(rng, 1, kind, ws[0])[1][0]))
    fmt_ = rng.choice(["edges", "dimacs"])
    if fmt_ == "dimacs" and rng.random() < 0.4:  # self-loops (no matching uses them)
        for _ in range(rng.randint(1, 4)):
            x = rng.randrange(n)
            edges.append((x, x, rng.randint(-3, 10)))
    rng.shuffle(edges)
    return cw.Instance(f"{fam}, n = {n}, {len(edges)} edges, weights {kind}", fmt_, n, edges, 1)


def renumbered(rng, inst):
    """The same graph, vertex ids permuted, lines shuffled and turned around."""
    perm = list(range(inst.n))
    rng.shuffle(perm)
    edges = [(perm[u], perm[v], w) if rng.random() < 0.5 else (perm[v], perm[u], w)
             for u, v, w in inst.edges]
    rng.shuffle(edges)
    return cw.Instance(inst.label + " (renumbered)", inst.fmt, inst.n, edges, inst.scale)


# ---------------------------------------------------------------------------------------------
# Tampering, generic in the certificate's layout
# ---------------------------------------------------------------------------------------------

def dual_values(doc):
    """Paths to the numbers under "duals" that are values, not vertex ids: a number in a list
    under a key naming vertices ("vertices", "members", ..., an odd set's "k" and "a") is an
    id, so is the first of a [vertex, value] pair."""
    out = []

    def walk(x, path, ids):
        if isinstance(x, bool):
            return
        if isinstance(x, (int, float)):
            if not ids:
                out.append(path)
            return
        if isinstance(x, list):
            pair = len(x) == 2 and all(isinstance(y, (int, float)) for y in x)
            for i, y in enumerate(x):
                walk(y, path + [i], ids or (pair and i == 0))
        elif isinstance(x, dict):
            for k, y in x.items():
                # An odd set of a reduced record lists its added vertices by name in "k"
                # (components) and "a" (barrier vertices): ids too.
                named = k in ("k", "a") and "blossoms" in path
                walk(y, path + [k], ids or named or k in ("vertices", "members", "children",
                                                          "base", "id", "ids", "vertex_ids"))
    if isinstance(doc, dict) and isinstance(doc.get("duals"), (dict, list)):
        walk(doc["duals"], ["duals"], False)
    return out


def pairs_of(doc):
    """The key of the matched pairs (a list of [u, v, w] lists) in a certificate, or None."""
    for k in ("matching", "pairs"):
        x = doc.get(k)
        if isinstance(x, list) and all(isinstance(p, list) and len(p) >= 2 for p in x):
            return k
    return None


def at(doc, path):
    x = doc
    for k in path[:-1]:
        x = x[k]
    return x


def tampers(rng, doc):
    """[(what, tampered doc)]: each must be refused."""
    out = []
    vals = dual_values(doc)
    if vals:
        p = rng.choice(vals)
        d = copy.deepcopy(doc)
        at(d, p)[p[-1]] -= 1
        out.append((f"{'.'.join(map(str, p))} lowered by 1", d))
    k = pairs_of(doc)
    if k and len(doc[k]) >= 2:
        d = copy.deepcopy(doc)
        i, j = rng.sample(range(len(d[k])), 2)
        d[k][i][1] = d[k][j][rng.randrange(2)]  # now matched twice
        out.append((f"pair {i}'s partner changed to a vertex pair {j} matches", d))
    if isinstance(doc.get("total"), int) and not isinstance(doc.get("total"), bool):
        d = copy.deepcopy(doc)
        d["total"] += 1
        out.append(("total raised by 1", d))
    return out


def check_tampered(ck, inst, mode, doc, rng):
    for what, d in tampers(rng, doc):
        bad = inst.path + f".{mode}.tampered.json"
        with open(bad, "w") as f:
            f.write(json.dumps(d) + "\n")
        cmd = [ck.gm, "verify", "--graph", inst.path, bad]
        rc, out, err = ck.run(cmd)
        if rc != 1:
            ck.fail(f"verify --graph of a tampered {mode} certificate ({inst.label})", cmd,
                    inst.path, out, err, f"exit {rc} (want 1) after: {what}")
        else:
            ck.ok()


# ---------------------------------------------------------------------------------------------
# One graph
# ---------------------------------------------------------------------------------------------

def first_line(ck, inst, mode):
    cmd = [ck.gm, "match", "--weights", *cw.MODES[mode], inst.path]
    rc, out, err = ck.run(cmd)
    return cmd, rc, out, err, (out.split("\n")[0] if rc == 0 else None)


def check_one(gm, seed, index, lo, hi, tamper_every):
    """Checks graph `index` of `seed`; returns (passed, failed, output, kept file paths)."""
    rng = random.Random(f"{seed}/{index}")
    ck = cw.Checker(gm, None, None)
    out_lines = []
    real_print = print

    def capture(*a, **k):
        out_lines.append(" ".join(map(str, a)))
    cw.print = capture  # check_weighted's failure lines go to this graph's report
    try:
        inst = medium_instance(rng, lo, hi)
        inst.path = ck.write("g." + ("txt" if inst.fmt == "edges" else "dimacs"), inst.text())
        twin = renumbered(rng, inst)
        twin.path = ck.write("twin." + ("txt" if twin.fmt == "edges" else "dimacs"), twin.text())
        tamper = index % tamper_every == 0
        wants = {m: cw.nx_answer(inst, m) for m in ("max", "min", "max-card", "min-card")}
        for m in ("max", "min"):  # perfect: the maximum-cardinality answer, if it covers all
            card = wants[m + "-card"]
            wants[m + "-perfect"] = card if 2 * card[1] == len(inst.vertices) else cw.NO_PERFECT
        for mode in cw.MODES:
            want = wants[mode]
            # answer, --pairs, --json, verify --graph, the total in the JSON, a raised dual
            cw.check_gridmatch(ck, inst, mode, want, True, tamper)
            # the renumbered copy: the same first line as the original (which check_gridmatch
            # compared with networkx)
            cmd2, rc2, out2, err2, b = first_line(ck, twin, mode)
            try:
                same = rc2 == 0 and cw.same(cw.parse_first(b), want)
            except ValueError:
                same = False
            if not same:
                ck.fail(f"renumbered copy, {mode} ({twin.label})", cmd2, twin.path, out2, err2,
                        f"exit {rc2}, first line {b!r}; networkx (and the original) "
                        f"{want if want == cw.NO_PERFECT else (cw.fmt(want[0]), want[1])}")
            else:
                ck.ok()
            if tamper:
                cert = inst.path + f".{mode}.json"
                if os.path.exists(cert):
                    with open(cert) as f:
                        doc = json.loads(f.readline())
                    check_tampered(ck, inst, mode, doc, rng)
    finally:
        cw.print = real_print
    kept = []
    if ck.failed:
        kept = sorted(os.path.join(ck.dir, f) for f in os.listdir(ck.dir))
    else:
        ck.close()
    return ck.passed, ck.failed, out_lines, kept


def run(gm, seed, count, lo=20, hi=200, jobs=1, keep=None, tamper_every=5):
    """Returns (passed, failed)."""
    started = time.time()
    passed = failed = 0
    args = [(gm, seed, i, lo, hi, tamper_every) for i in range(count)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as ex:
            results = ex.map(check_one, *zip(*args), chunksize=4)
            results = list(results)
    else:
        results = [check_one(*a) for a in args]
    for i, (p, f, lines, kept) in enumerate(results):
        passed += p
        failed += f
        for ln in lines:
            print(ln)
        if kept:
            if keep:
                os.makedirs(keep, exist_ok=True)
                for path in kept:
                    dest = os.path.join(keep, f"{seed}-{i}-{os.path.basename(path)}")
                    with open(path) as src, open(dest, "w") as d:
                        d.write(src.read())
                print(f"graph {i}: instance files in {keep or os.path.dirname(kept[0])}")
    print(f"weighted_medium.py: {count} graphs of {lo}..{hi} vertices (seed {seed}), six "
          f"questions each on the graph and a renumbered copy, in {time.time() - started:.1f} s: "
          f"{passed} passed, {failed} failed")
    return passed, failed


def default_jobs():
    return min(2, os.cpu_count() or 1)


def default_count():
    return int(os.environ.get("GRIDMATCH_WEIGHTED_MEDIUM_COUNT", DEFAULT_COUNT))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("gridmatch")
    ap.add_argument("--seed", type=int, default=33)
    ap.add_argument("--count", type=int, default=default_count())
    ap.add_argument("--jobs", type=int, default=default_jobs())
    ap.add_argument("--min-n", type=int, default=20)
    ap.add_argument("--max-n", type=int, default=200)
    ap.add_argument("--tamper-every", type=int, default=5)
    ap.add_argument("--keep", help="copy the files of failing graphs here")
    a = ap.parse_args()
    _, failed = run(a.gridmatch, a.seed, a.count, a.min_n, a.max_n, a.jobs, a.keep,
                    a.tamper_every)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
