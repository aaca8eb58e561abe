#!/usr/bin/env python3
"""Peer agreement check of `gridmatch match --weights` (issue 25; run by CI, see README.md here).

Usage: check_weighted.py GRIDMATCH [--seed S] [--count N] [--keep DIR] [--lemon PATH]
                         [--medium-count N]
       check_weighted.py --peers-only [--lemon PATH] [...]   (the peers against each other)

Generates --count (default 200) random weighted instances of 20..300 vertices (fixed seed) and
checks gridmatch's answers against independent implementations:

  general graphs (edge lists `U V W`, vertices from 0, and DIMACS `e U V W`): networkx
      max_weight_matching on integer weights, in every mode — `--max` (any cardinality),
      `--min` (negated weights), `--max-cardinality` (maxcardinality=True), `--perfect` with
      `--max` and `--min` (maxcardinality=True on the weights or their negation; a perfect
      matching exists iff it covers every vertex). Families: G(n, m), trees plus a few edges,
      complete graphs, grids, several components and isolated vertices; weights positive,
      mixed signs, all negative, few distinct values (ties), many zeros, large (up to 10¹²),
      decimals (quarters: `2.25`, read exactly; the peers get them times 4); repeated edges
      (the peers keep the best copy) and, in DIMACS, self-loops;
  bipartite Matrix Market files (`integer general` / `real general`, rows and columns the two
      sides, dense with every entry or sparse): networkx as above, and scipy
      `linear_sum_assignment` (dense: `--min`/`--max` with `--max-cardinality`; a square one
      also `--perfect`) and `min_weight_full_bipartite_matching` (sparse; weights shifted to be
      positive, as it drops explicit zeros; a ValueError means no matching of the smaller side
      — then `--perfect` on a square one must say `no perfect matching`).

On every answer: the first line is `TOTAL PAIRS` with TOTAL exactly the peers' total (read as a
decimal), PAIRS the peers' count where it is determined (`--max-cardinality`, `--perfect`);
with `--pairs`, one `U V W` line per pair in the file's numbering (edge list 0-based, DIMACS and
Matrix Market 1-based, a matrix's `row col`), each an edge of the file with that weight, no
vertex twice, adding up to TOTAL. Each instance's `--json` certificate (one mode per instance,
in turn) must pass `gridmatch verify --graph FILE CERT` (exit 0, `ok`); every 10th one is then
tampered (one number of its "duals" raised by 7) and must fail (exit 1). With --lemon PATH
(bench/peers/weighted_lemon built), LEMON's answers are compared too.

Prints one line per failure with its details, then `N passed, M failed`; exits 1 if anything
failed. The instance files of failures are kept (in --keep DIR if given).

Then (unless --medium-count 0 or --peers-only) weighted_medium.py's differential test on
graphs of 20..200 vertices in the families that found issue 33's panic: all six questions on
each graph and on a renumbered copy, every certificate verified, tampered ones refused.
"""
import argparse
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from fractions import Fraction

try:
    import networkx as nx
    import numpy as np
    import scipy.sparse as sparse
    from scipy.optimize import linear_sum_assignment
    from scipy.sparse.csgraph import min_weight_full_bipartite_matching
except ImportError as e:  # pragma: no cover
    sys.exit(f"check_weighted.py: {e}; install tests/peers/requirements.txt "
             "(pip install -r tests/peers/requirements.txt)")

TIMEOUT = 60
MODES = {  # name -> gridmatch flags
    "max": ["--max"],
    "min": ["--min"],
    "max-card": ["--max", "--max-cardinality"],
    "min-card": ["--min", "--max-cardinality"],
    "max-perfect": ["--max", "--perfect"],
    "min-perfect": ["--min", "--perfect"],
}
LEMON_FLAGS = {"max": [], "min": ["--min"], "max-card": ["--max-cardinality"],
               "min-card": ["--min", "--max-cardinality"], "max-perfect": ["--perfect"],
               "min-perfect": ["--min", "--perfect"]}
NO_PERFECT = "no perfect matching"


def fmt(x):
    """A Fraction as gridmatch writes it: a decimal without trailing zeros or dot."""
    x = Fraction(x)
    if x.denominator == 1:
        return str(x.numerator)
    d, k = x.denominator, 0
    while d % 10 == 0 or d % 2 == 0 or d % 5 == 0:
        k += 1
        d = d // math.gcd(d, 10)
    if d != 1:
        raise ValueError(f"{x} has no finite decimal")
    s = f"{abs(x.numerator) * 10 ** k // x.denominator:0{k + 1}d}"
    s = s[:-k] + "." + s[-k:]
    return ("-" if x < 0 else "") + s.rstrip("0").rstrip(".")


# ---------------------------------------------------------------------------------------------
# Instances: (kind, vertices, edges [(u, v, w)], scale) — w integers, the true weight w / scale
# ---------------------------------------------------------------------------------------------


def weights(rng, kind, count):
    if kind == "positive":
        return [rng.randint(1, 10**6) for _ in range(count)]
    if kind == "mixed":
        return [rng.randint(-1000, 1000) for _ in range(count)]
    if kind == "negative":
        return [rng.randint(-10**6, -1) for _ in range(count)]
    if kind == "ties":
        vals = rng.choice([[1, 2], [0, 1, 2], [5], [-1, 1], [3, 3, 4]])
        return [rng.choice(vals) for _ in range(count)]
    if kind == "zeros":
        return [0 if rng.random() < 0.6 else rng.randint(-20, 20) for _ in range(count)]
    if kind == "large":
        return [rng.randint(-10**12, 10**12) for _ in range(count)]
    if kind == "quarters":  # decimals: integers / 4
        return [rng.randint(-400, 4000) for _ in range(count)]
    raise ValueError(kind)


WEIGHT_KINDS = ["positive", "positive", "mixed", "mixed", "negative", "ties", "ties", "zeros",
                "large", "quarters"]


def general_graph(rng):
    """(family label, n, [(u, v)]) with u != v, 0-based."""
    n = int(math.exp(rng.uniform(math.log(20), math.log(300))))
    fam = rng.choice(["gnm", "gnm", "gnm", "tree", "complete", "grid", "components"])
    e = []
    if fam == "gnm":
        k = rng.choice([1, 2, 3, 5])
        for _ in range(k * n):
            u, v = rng.randrange(n), rng.randrange(n)
            if u != v:
                e.append((u, v))
    elif fam == "tree":
        for v in range(1, n):
            e.append((rng.randrange(v), v))
        for _ in range(n // 10):
            u, v = rng.randrange(n), rng.randrange(n)
            if u != v:
                e.append((u, v))
    elif fam == "complete":
        n = min(n, 40)
        e = [(u, v) for u in range(n) for v in range(u + 1, n)]
    elif fam == "grid":
        a = max(2, int(math.sqrt(n)))
        b = max(2, n // a)
        n = a * b
        for i in range(a):
            for j in range(b):
                if i + 1 < a:
                    e.append((i * b + j, (i + 1) * b + j))
                if j + 1 < b:
                    e.append((i * b + j, i * b + j + 1))
    else:  # components: a few random pieces, odd ones too, and isolated vertices
        start = 0
        while start < n - 3:
            size = rng.randint(3, max(3, min(n - start, 60)))
            for _ in range(2 * size):
                u, v = start + rng.randrange(size), start + rng.randrange(size)
                if u != v:
                    e.append((u, v))
            start += size + rng.choice([0, 0, 1, 2])
    rng.shuffle(e)
    e = [(v, u) if rng.random() < 0.5 else (u, v) for u, v in e]
    return fam, n, e


class Instance:
    def __init__(self, label, fmt_, n, edges, scale, rows=None, cols=None, dense=False):
        self.label = label
        self.fmt = fmt_  # edges | dimacs | mtx
        self.n = n  # vertices (mtx: rows + cols, columns numbered from rows)
        self.edges = edges  # [(u, v, w)] 0-based, w integer (true weight w / scale)
        self.scale = scale
        self.rows, self.cols, self.dense = rows, cols, dense
        self.path = None
        if fmt_ == "edges":  # the vertices are the ids the lines name
            named = sorted({x for u, v, _ in edges for x in (u, v)})
            self.vertices = named
        else:
            self.vertices = list(range(n))

    def text(self):
        def w(x):
            return fmt(Fraction(x, self.scale))
        out = []
        if self.fmt == "edges":
            out.append(f"# {self.label}\n")
            out += [f"{u} {v} {w(x)}\n" for u, v, x in self.edges]
        elif self.fmt == "dimacs":
            out.append(f"c {self.label}\np edge {self.n} {len(self.edges)}\n")
            out += [f"e {u + 1} {v + 1} {w(x)}\n" for u, v, x in self.edges]
        else:
            field = "integer" if self.scale == 1 else "real"
            out.append(f"%%MatrixMarket matrix coordinate {field} general\n% {self.label}\n"
                       f"{self.rows} {self.cols} {len(self.edges)}\n")
            out += [f"{u + 1} {v - self.rows + 1} {w(x)}\n" for u, v, x in self.edges]
        return "".join(out)

    def number(self, u, v):
        """An edge's endpoints in the file's numbering, as gridmatch prints them."""
        if self.fmt == "edges":
            return (u, v)
        if self.fmt == "dimacs":
            return (u + 1, v + 1)
        return (u + 1, v - self.rows + 1)


def general_instance(rng):
    fam, n, e = general_graph(rng)
    kind = rng.choice(WEIGHT_KINDS)
    ws = weights(rng, kind, len(e))
    edges = [(u, v, w) for (u, v), w in zip(e, ws)]
    extras = []
    if edges and rng.random() < 0.3:  # repeated edges with other weights
        for _ in range(rng.randint(1, max(1, len(edges) // 10))):
            u, v, _ = rng.choice(edges)
            extras.append((v, u, weights(rng, kind, 1)[0]))
    fmt_ = rng.choice(["edges", "dimacs"])
    if fmt_ == "dimacs" and rng.random() < 0.3:  # self-loops (no matching uses them)
        for _ in range(rng.randint(1, 5)):
            x = rng.randrange(n)
            extras.append((x, x, weights(rng, kind, 1)[0]))
    edges += extras
    rng.shuffle(edges)
    scale = 4 if kind == "quarters" else 1
    return Instance(f"{fam}, n = {n}, {len(edges)} edges, weights {kind}", fmt_, n, edges,
                    scale)


def bipartite_instance(rng):
    r = rng.randint(5, 150)
    c = r if rng.random() < 0.5 else rng.randint(5, 150)
    dense = rng.random() < 0.4
    kind = rng.choice(WEIGHT_KINDS)
    if dense:
        r, c = min(r, 60), min(c, 60)
        pairs = [(i, j) for i in range(r) for j in range(c)]
    else:
        deg = rng.choice([1, 2, 3, 5])
        pairs = list({(rng.randrange(r), rng.randrange(c)) for _ in range(deg * max(r, c))})
    rng.shuffle(pairs)
    ws = weights(rng, kind, len(pairs))
    edges = [(i, r + j, w) for (i, j), w in zip(pairs, ws)]
    scale = 4 if kind == "quarters" else 1
    shape = "dense" if dense else "sparse"
    return Instance(f"bipartite {r} x {c}, {shape}, {len(edges)} entries, weights {kind}",
                    "mtx", r + c, edges, scale, rows=r, cols=c, dense=dense)


# ---------------------------------------------------------------------------------------------
# Peers: expected (total Fraction, pairs) or NO_PERFECT; pairs None where not determined
# ---------------------------------------------------------------------------------------------


def nx_answer(inst, mode):
    neg = mode.startswith("min")
    best = {}
    for u, v, w in inst.edges:
        if u == v:
            continue
        key = (min(u, v), max(u, v))
        x = -w if neg else w
        if key not in best or x > best[key]:
            best[key] = x
    g = nx.Graph()
    g.add_nodes_from(inst.vertices)
    for (u, v), x in best.items():
        g.add_edge(u, v, weight=x)
    card = mode != "max" and mode != "min"
    m = nx.max_weight_matching(g, maxcardinality=card)
    total = sum(best[(min(u, v), max(u, v))] for u, v in m)
    if neg:
        total = -total
    total = Fraction(total, inst.scale)
    if mode.endswith("perfect") and 2 * len(m) != len(inst.vertices):
        return NO_PERFECT
    return (total, len(m) if card else None)


def scipy_answers(inst):
    """{mode: answer} from scipy, for the bipartite instances."""
    r, c = inst.rows, inst.cols
    out = {}
    if inst.dense:
        cost = np.zeros((r, c), dtype=np.int64)
        for u, v, w in inst.edges:
            cost[u, v - r] = w
        k = min(r, c)
        for mode, maximize in (("min-card", False), ("max-card", True)):
            ri, ci = linear_sum_assignment(cost, maximize=maximize)
            total = Fraction(int(cost[ri, ci].sum()), inst.scale)
            out[mode] = (total, k)
            if r == c:
                out[mode.replace("card", "perfect")] = (total, k)
        return out
    # sparse: weights shifted to be >= 1 (scipy drops explicit zeros); a full matching of the
    # smaller side has min(r, c) pairs, so the shift comes off exactly.
    lo = min((w for _, _, w in inst.edges), default=0)
    for mode, sign in (("min-card", 1), ("max-card", -1)):
        vals = [sign * w for _, _, w in inst.edges]
        lo = min(vals, default=0)
        shifted = np.array([x - lo + 1 for x in vals], dtype=np.int64)
        rows = np.array([u for u, _, _ in inst.edges], dtype=np.int64)
        cols = np.array([v - r for _, v, _ in inst.edges], dtype=np.int64)
        a = sparse.csr_matrix((shifted, (rows, cols)), shape=(r, c))
        try:
            ri, ci = min_weight_full_bipartite_matching(a)
        except ValueError:
            if r == c:
                out[mode.replace("card", "perfect")] = NO_PERFECT
            continue
        k = len(ri)
        total = int(np.asarray(a[ri, ci]).sum()) + (lo - 1) * k
        total = Fraction(sign * total, inst.scale)
        out[mode] = (total, k)
        if r == c:
            out[mode.replace("card", "perfect")] = (total, k)
    return out


# ---------------------------------------------------------------------------------------------
# The checker
# ---------------------------------------------------------------------------------------------


class Checker:
    def __init__(self, gm, keep, lemon):
        self.gm, self.keep, self.lemon = gm, keep, lemon
        self.passed = self.failed = 0
        self.dir = tempfile.mkdtemp(prefix="gridmatch-weighted.")
        self.count = 0
        self.failed_files = set()

    def write(self, name, text):
        self.count += 1
        path = os.path.join(self.dir, f"{self.count:04d}-{name}")
        with open(path, "w") as f:
            f.write(text)
        return path

    def run(self, cmd):
        try:
            p = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True,
                               timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            return None, "", f"timed out after {TIMEOUT} s"
        except OSError as e:
            return None, "", f"cannot run {cmd[0]}: {e}"
        return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")

    def ok(self):
        self.passed += 1

    def fail(self, what, cmd, path, out, err, detail):
        self.failed += 1
        if path:
            self.failed_files.add(path)
        text = open(path).read() if path and os.path.exists(path) else ""
        shown = text if len(text) <= 800 else text[:800] + f"\n… ({len(text)} chars)"
        print(f"FAIL {what}: {detail}\n  command: {' '.join(cmd)}\n"
              f"  stdout: {out.strip()[:400]!r}\n  stderr: {err.strip()[:400]!r}\n"
              f"  instance ({path}):\n" + "".join(f"    {ln}\n" for ln in shown.splitlines()),
              flush=True)

    def close(self):
        if not self.failed:
            shutil.rmtree(self.dir, ignore_errors=True)
            return
        dest = self.dir
        if self.keep:
            shutil.copytree(self.dir, self.keep, dirs_exist_ok=True)
            shutil.rmtree(self.dir, ignore_errors=True)
            dest = self.keep
        print(f"instance files kept in {dest}")


def parse_first(line):
    """(total Fraction, pairs) or NO_PERFECT from a first line; raises ValueError."""
    if line == NO_PERFECT:
        return NO_PERFECT
    a, b = line.split(" ")
    if a != fmt(Fraction(a)):  # written without trailing zeros, dot, or a plus sign
        raise ValueError(f"total {a!r} not written as {fmt(Fraction(a))!r}")
    return (Fraction(a), int(b))


def same(got, want):
    if want == NO_PERFECT or got == NO_PERFECT:
        return got == want
    return got[0] == want[0] and (want[1] is None or got[1] == want[1])


def check_pairs(inst, lines, answer):
    """None, or what is wrong with the `U V W` lines of --pairs."""
    if answer == NO_PERFECT:
        return "lines after 'no perfect matching'" if lines else None
    total, count = answer
    if len(lines) != count:
        return f"{len(lines)} pair lines, first line says {count}"
    by_pair = {}
    for u, v, w in inst.edges:
        if u != v:
            a, b = inst.number(u, v)
            x = Fraction(w, inst.scale)
            by_pair.setdefault((a, b), set()).add(x)
            if inst.fmt != "mtx":
                by_pair.setdefault((b, a), set()).add(x)
    seen = set()
    s = Fraction(0)
    for ln in lines:
        try:
            a, b, w = ln.split(" ")
            a, b, w = int(a), int(b), Fraction(w)
        except ValueError:
            return f"bad pair line {ln!r}"
        if w not in by_pair.get((a, b), ()):
            return f"pair line {ln!r}: no such edge with that weight in the file"
        ends = [("r", a), ("c", b)] if inst.fmt == "mtx" else [a, b]
        for x in ends:
            if x in seen:
                return f"pair line {ln!r}: vertex {x} matched twice"
            seen.add(x)
        s += w
    if s != total:
        return f"the pairs add up to {fmt(s)}, first line says {fmt(total)}"
    return None


def find_duals(doc):
    """The first list or dict under a "duals" key, with a path to a number inside it."""
    def numbers(x, path):
        if isinstance(x, bool):
            return
        if isinstance(x, (int, float)):
            yield path
        elif isinstance(x, list):
            for i, y in enumerate(x):
                yield from numbers(y, path + [i])
        elif isinstance(x, dict):
            for k in sorted(x, key=lambda k: (k != "vertex", k)):
                yield from numbers(x[k], path + [k])
    if isinstance(doc, dict) and "duals" in doc:
        for p in numbers(doc["duals"], ["duals"]):
            # a [vertex, value] pair: change the value, not the vertex
            if len(p) >= 2 and isinstance(p[-1], int) and p[-1] == 0:
                continue
            return p
    return None


def check_gridmatch(ck, inst, mode, want, with_json, tamper):
    path = inst.path
    flags = MODES[mode]
    cmd = [ck.gm, "match", "--weights", *flags, "--pairs", path]
    rc, out, err = ck.run(cmd)
    what = f"match --weights {' '.join(flags)} ({inst.label}, {inst.fmt})"
    if rc != 0:
        ck.fail(what, cmd, path, out, err, f"exit {rc}")
        return
    lines = out.rstrip("\n").split("\n") if out.strip() else []
    try:
        got = parse_first(lines[0] if lines else "")
    except ValueError as e:
        ck.fail(what, cmd, path, out, err, f"bad first line: {e}")
        return
    if not same(got, want):
        ck.fail(what, cmd, path, out, err, f"first line {lines[0]!r}, peers say "
                f"{want if want == NO_PERFECT else (fmt(want[0]), want[1])}")
        return
    bad = check_pairs(inst, lines[1:], got)
    if bad:
        ck.fail(what + " --pairs", cmd, path, out, err, bad)
        return
    ck.ok()
    if not with_json:
        return
    cmd = [ck.gm, "match", "--weights", *flags, "--json", path]
    rc, out, err = ck.run(cmd)
    if rc != 0 or not out.strip():
        ck.fail(what + " --json", cmd, path, out, err, f"exit {rc}")
        return
    cert = path + f".{mode}.json"
    with open(cert, "w") as f:
        f.write(out)
    vcmd = [ck.gm, "verify", "--graph", path, cert]
    rc, vout, verr = ck.run(vcmd)
    if rc != 0 or "ok" not in vout or "FAIL" in vout:
        ck.fail(what + ": verify --graph", vcmd, path, vout, verr,
                f"exit {rc} on gridmatch's own certificate {cert}")
        return
    ck.ok()
    try:
        doc = json.loads(out.strip().split("\n")[0])
    except ValueError as e:
        ck.fail(what + " --json", cmd, path, out, err, f"not JSON: {e}")
        return
    t = doc.get("total") if isinstance(doc, dict) else None
    if want != NO_PERFECT and isinstance(t, (int, str)) and not isinstance(t, bool):
        try:
            # an integer total is scaled by 10^"decimals" (the file's weights' common scale)
            scale = 10 ** doc["decimals"] if isinstance(t, int) and \
                isinstance(doc.get("decimals"), int) else 1
            bad_total = Fraction(str(t)) / scale != want[0]
        except ValueError:
            bad_total = True
        if bad_total:
            ck.fail(what + " --json", cmd, path, out, err,
                    f"\"total\": {t!r}, peers say {fmt(want[0])}")
            return
    if not tamper:
        return
    p = find_duals(doc)
    if p is None:
        return  # no duals (e.g. the barrier of `no perfect matching`)
    x = doc
    for k in p[:-1]:
        x = x[k]
    x[p[-1]] += 7
    bad_cert = path + f".{mode}.tampered.json"
    with open(bad_cert, "w") as f:
        f.write(json.dumps(doc) + "\n")
    rc, vout, verr = ck.run([ck.gm, "verify", "--graph", path, bad_cert])
    if rc != 1 or "FAIL" not in vout + verr:
        ck.fail(what + ": verify --graph of a tampered certificate", vcmd[:-1] + [bad_cert],
                path, vout, verr, f"exit {rc} (want 1 and a FAIL line) after raising "
                f"{'.'.join(map(str, p))} by 7")
        return
    ck.ok()


def check_lemon(ck, inst, mode, want):
    if inst.fmt == "edges" or inst.scale != 1:
        return  # weighted_lemon reads DIMACS and Matrix Market with integer weights
    cmd = [ck.lemon, *LEMON_FLAGS[mode], inst.path]
    rc, out, err = ck.run(cmd)
    what = f"LEMON {' '.join(LEMON_FLAGS[mode])} ({inst.label})"
    if rc == 1 and "too large to shift" in err:
        return
    if rc != 0:
        ck.fail(what, cmd, inst.path, out, err, f"exit {rc}")
        return
    got = parse_first(out.strip())
    if not same(got, want):
        ck.fail(what, cmd, inst.path, out, err, f"LEMON {out.strip()!r}, networkx {want}")
        return
    ck.ok()


def probe(ck):
    """None if `gridmatch match --weights` answers a tiny instance, else why not."""
    path = ck.write("probe.txt", "0 1 2.5\n1 2 3\n")
    cmd = [ck.gm, "match", "--weights", path]
    rc, out, err = ck.run(cmd)
    if rc == 0 and out.split("\n")[0] == "3 1":
        return None
    return f"`gridmatch match --weights` on 0-1 (2.5), 1-2 (3): exit {rc}, {out.strip()!r} " \
           f"{err.strip()[:200]!r} (want '3 1')"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("gridmatch", nargs="?")
    ap.add_argument("--seed", type=int, default=25)
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--keep", help="copy the instance files here on failure")
    ap.add_argument("--lemon", help="bench/peers/weighted_lemon, built: compare it too")
    ap.add_argument("--peers-only", action="store_true",
                    help="no gridmatch: networkx against scipy (and LEMON)")
    ap.add_argument("--medium-count", type=int, default=None,
                    help="graphs of weighted_medium.py's differential test run after these "
                    "checks (default its own: 240, or $GRIDMATCH_WEIGHTED_MEDIUM_COUNT; 0: none)")
    args = ap.parse_args()
    if not args.peers_only and not args.gridmatch:
        ap.error("GRIDMATCH is required (or --peers-only)")
    rng = random.Random(args.seed)
    ck = Checker(args.gridmatch, args.keep, args.lemon)
    started = time.time()
    use_gm = not args.peers_only
    if use_gm:
        why = probe(ck)
        if why:
            ck.failed += 1
            print(f"FAIL probe: {why}; no other check run")
            use_gm = False
            args.count = 0
    modes = list(MODES)
    stats = {"nx": 0, "scipy": 0}
    for i in range(args.count):
        inst = bipartite_instance(rng) if i % 4 == 3 else general_instance(rng)
        ext = {"edges": "txt", "dimacs": "dimacs", "mtx": "mtx"}[inst.fmt]
        inst.path = ck.write(f"{inst.fmt}.{ext}", inst.text())
        # networkx in some modes (all six on small instances, the costly ones less often)
        chosen = modes if len(inst.vertices) <= 40 else rng.sample(modes, 2)
        want = {}
        for mode in chosen:
            t0 = time.perf_counter()
            want[mode] = nx_answer(inst, mode)
            stats["nx"] += time.perf_counter() - t0
        if inst.fmt == "mtx":
            t0 = time.perf_counter()
            sp = scipy_answers(inst)
            stats["scipy"] += time.perf_counter() - t0
            for mode, ans in sp.items():
                if mode in want:  # the peers must agree among themselves
                    if same(ans, want[mode]) and same(want[mode], ans):
                        ck.ok()
                    else:
                        ck.fail(f"scipy vs networkx, {mode} ({inst.label})", ["(peers)"],
                                inst.path, "", "", f"scipy {ans}, networkx {want[mode]}")
                else:
                    want[mode] = ans
        json_mode = modes[i % len(modes)]
        if json_mode not in want:
            want[json_mode] = nx_answer(inst, json_mode)
        for mode, ans in want.items():
            if use_gm:
                check_gridmatch(ck, inst, mode, ans, mode == json_mode,
                                mode == json_mode and i % 10 == 0)
            if ck.lemon:
                check_lemon(ck, inst, mode, ans)
    print(f"check_weighted.py: {args.count} instances in {time.time() - started:.1f} s "
          f"(networkx {stats['nx']:.1f} s, scipy {stats['scipy']:.1f} s)")
    ck.close()
    print(f"{ck.passed} passed, {ck.failed} failed")
    failed = ck.failed
    if use_gm and args.medium_count != 0:
        import weighted_medium  # the medium-size differential test (issue 33), same directory
        count = weighted_medium.default_count() if args.medium_count is None \
            else args.medium_count
        failed += weighted_medium.run(args.gridmatch, args.seed, count,
                                      jobs=weighted_medium.default_jobs())[1]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
