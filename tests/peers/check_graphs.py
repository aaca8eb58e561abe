#!/usr/bin/env python3
"""Peer agreement check of gridmatch's graph-file commands (run by CI; see README.md here).

Usage: check_graphs.py GRIDMATCH [--seed S] [--scale K] [--keep DIR]

Generates a few hundred small random instances (fixed seed) and checks, against independent
implementations:

  gridmatch match FILE         size == networkx max_weight_matching(G, maxcardinality=True)
                               (general graphs; also == a brute force for n <= 12) and == igraph
                               maximum_bipartite_matching (bipartite graphs); the output is that
                               one line;
  gridmatch match --pairs FILE the first line is the size; then one `U V` line per matched
                               edge, in the file's own numbering (DIMACS 1-based, edge list
                               0-based, Matrix Market `row col` 1-based): each an edge of the
                               file, no vertex twice, as many as the size;
  gridmatch geography FILE --all   one `V A|B` line per vertex, equal to an exhaustive game
                               search (graphs <= 10 vertices; memoised over (vertex, visited
                               set); the player to move from V with no unvisited neighbour
                               loses; A: the first player wins);
  gridmatch twosat FILE        `s SATISFIABLE` + a `v … 0` model satisfying every clause (exit
                               10) or `s UNSATISFIABLE` (exit 20), as pysat's Minisat22 says;
                               --forced: `c forced L… 0` == the literals true in every model
                               (models enumerated for <= 12 variables, pysat with assumptions
                               above); --unique: `c unique`, or `c not unique` and a second,
                               different model.

Families: G(n, p) with n <= 12, G(n, m = 3n), Barabási–Albert (m = 3), 2-D and 3-D grids with
vertices removed, random bipartite graphs (as Matrix Market, edge lists and DIMACS), a few fixed
shapes; self-loops and repeated edges now and then; the file given as an argument, on standard
input, or with --format. Prints one line per failure with its details, then `N passed, M failed`;
exits 1 if anything failed (also when a subcommand is missing: that is reported once, and its
checks are not run).
"""
import argparse
import itertools
import os
import random
import shutil
import subprocess
import sys
import tempfile
from functools import lru_cache

try:
    import igraph
    import networkx as nx
    from pysat.solvers import Minisat22
except ImportError as e:  # pragma: no cover
    sys.exit(f"check_graphs.py: {e}; install tests/peers/requirements.txt "
             "(pip install -r tests/peers/requirements.txt)")

TIMEOUT = 60


class Checker:
    def __init__(self, gm, keep):
        self.gm = gm
        self.passed = 0
        self.failed = 0
        self.dir = tempfile.mkdtemp(prefix="gridmatch-peers.")
        self.keep = keep
        self.count = 0
        self.missing = {}  # subcommand -> reason

    # -- files and processes ------------------------------------------------------------------
    def write(self, name, text):
        self.count += 1
        path = os.path.join(self.dir, f"{self.count:04d}-{name}")
        with open(path, "w") as f:
            f.write(text)
        return path

    def run(self, args, stdin_path=None):
        """(exit code, stdout, stderr) of gridmatch with `args`."""
        try:
            if stdin_path:
                with open(stdin_path, "rb") as fi:
                    p = subprocess.run([self.gm, *args], stdin=fi, capture_output=True,
                                       timeout=TIMEOUT)
            else:
                p = subprocess.run([self.gm, *args], stdin=subprocess.DEVNULL,
                                   capture_output=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            return None, "", f"timed out after {TIMEOUT} s"
        except OSError as e:
            return None, "", f"cannot run {self.gm}: {e}"
        return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")

    # -- verdicts -----------------------------------------------------------------------------
    def ok(self):
        self.passed += 1

    def fail(self, what, args, path, out, err, detail, stdin=False):
        self.failed += 1
        cmd = " ".join(["gridmatch", *args]) + (f" < {os.path.basename(path)}" if stdin else "")
        text = open(path).read() if path and os.path.exists(path) else ""
        shown = text if len(text) <= 1500 else text[:1500] + f"\n… ({len(text)} chars)"
        print(f"FAIL {what}: {detail}\n  command: {cmd}\n  stdout: {out.strip()[:600]!r}\n"
              f"  stderr: {err.strip()[:400]!r}\n  instance ({path}):\n"
              + "".join(f"    {line}\n" for line in shown.splitlines()), flush=True)

    def close(self):
        """Removes the instance files, or keeps them (in --keep DIR if given) on failure."""
        if not self.failed:
            shutil.rmtree(self.dir, ignore_errors=True)
            return
        dest = self.dir
        if self.keep:
            shutil.copytree(self.dir, self.keep, dirs_exist_ok=True)
            shutil.rmtree(self.dir, ignore_errors=True)
            dest = self.keep
        print(f"instance files kept in {dest}")

    # -- subcommand probe ---------------------------------------------------------------------
    def probe(self, sub, args, text, good):
        """Runs `sub` on a tiny instance; if it does not answer as `good(rc, out)` expects, the
        subcommand counts as missing (one failure) and its checks are skipped."""
        path = self.write(f"probe-{sub}", text)
        rc, out, err = self.run([sub, path, *args])
        if rc is not None and good(rc, out):
            return True
        reason = f"exit {rc}: {err.strip().splitlines()[0] if err.strip() else out.strip()[:200]}"
        self.missing[sub] = reason
        self.failed += 1
        print(f"FAIL `gridmatch {sub}` is missing or broken (a {text.count(chr(10))}-line probe "
              f"instance, {path}): {reason}\n  (its checks are not run)", flush=True)
        return False


# ---------------------------------------------------------------------------------------------
# Instances
# ---------------------------------------------------------------------------------------------


def gnp(rng, n, p):
    return n, [(u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < p]


def gnm(rng, n, m):
    return n, [(rng.randrange(n), rng.randrange(n)) for _ in range(m)]


def barabasi_albert(rng, n, m=3):
    """Preferential attachment: a clique on m + 1 vertices, then m edges per new vertex to
    targets drawn from the list of edge ends (repeats possible: repeated edges)."""
    k0 = min(n, m + 1)
    edges = [(u, v) for u in range(k0) for v in range(u + 1, k0)]
    ends = [x for e in edges for x in e] or [0]
    for t in range(k0, n):
        for _ in range(m):
            edges.append((t, rng.choice(ends)))
        ends.extend(x for e in edges[-m:] for x in e)
    return n, edges


def grid(rng, shape, removed):
    cells = list(itertools.product(*(range(s) for s in shape)))
    alive = [c for c in cells if rng.random() >= removed]
    ids = {c: i for i, c in enumerate(alive)}
    edges = []
    for c in alive:
        for axis in range(len(shape)):
            d = list(c)
            d[axis] += 1
            d = tuple(d)
            if d in ids:
                edges.append((ids[c], ids[d]))
    return len(alive), edges


def fixed_shapes():
    """(name, n, edges): shapes whose answers are easy to get wrong."""
    out = [
        ("single-vertex", 1, []),
        ("edgeless-5", 5, []),
        ("one-edge", 2, [(0, 1)]),
        ("triangle", 3, [(0, 1), (1, 2), (2, 0)]),
        ("star-6", 7, [(0, i) for i in range(1, 7)]),
        ("path-7", 7, [(i, i + 1) for i in range(6)]),
        ("cycle-9", 9, [(i, (i + 1) % 9) for i in range(9)]),
        ("K5", 5, [(u, v) for u in range(5) for v in range(u + 1, 5)]),
        ("K33", 6, [(u, v) for u in range(3) for v in range(3, 6)]),
        # two triangles joined by a path (blossoms), and the Petersen graph
        ("blossoms", 8, [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7),
                         (7, 5)]),
        ("petersen", 10, [(i, (i + 1) % 5) for i in range(5)]
         + [(5 + i, 5 + (i + 2) % 5) for i in range(5)] + [(i, i + 5) for i in range(5)]),
    ]
    return out


def noisy(rng, n, edges, loops, repeats):
    """Adds self-loops and repeated edges (some reversed), then shuffles the lines."""
    edges = list(edges)
    if loops and n:
        edges += [(v, v) for v in rng.sample(range(n), rng.randint(1, min(3, n)))]
    if repeats and edges:
        for e in rng.sample(edges, rng.randint(1, min(4, len(edges)))):
            edges.append(e if rng.random() < 0.5 else (e[1], e[0]))
    rng.shuffle(edges)
    return edges


def relabel(rng, n, edges):
    perm = list(range(n))
    rng.shuffle(perm)
    return [(perm[u], perm[v]) for u, v in edges]


def dimacs_text(n, edges, rng=None):
    lines = ["c gridmatch peer check"]
    if rng and rng.random() < 0.3:
        lines.append("c another comment")
    lines.append(f"p edge {n} {len(edges)}")
    lines += [f"e {u + 1} {v + 1}" for u, v in edges]
    return "\n".join(lines) + "\n"


def edges_text(edges):
    return "".join(f"{u} {v}\n" for u, v in edges)


def mtx_text(rows, cols, entries):
    return ("%%MatrixMarket matrix coordinate pattern general\n% gridmatch peer check\n"
            f"{rows} {cols} {len(entries)}\n"
            + "".join(f"{i + 1} {j + 1}\n" for i, j in entries))


# ---------------------------------------------------------------------------------------------
# References
# ---------------------------------------------------------------------------------------------


def nx_graph(n, edges):
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from((u, v) for u, v in edges if u != v)
    return g


def nu_networkx(n, edges):
    return len(nx.max_weight_matching(nx_graph(n, edges), maxcardinality=True))


def nu_brute(n, edges):
    adj = [0] * n
    for u, v in edges:
        if u != v:
            adj[u] |= 1 << v
            adj[v] |= 1 << u

    @lru_cache(maxsize=None)
    def best(mask):
        if not mask:
            return 0
        v = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << v)
        r = best(rest)
        m = adj[v] & rest
        while m:
            u = m & -m
            r = max(r, 1 + best(rest & ~u))
            m ^= u
        return r

    return best((1 << n) - 1)


def nu_igraph(a, b, entries):
    g = igraph.Graph(n=a + b, edges=[(i, a + j) for i, j in set(entries)])
    return len(g.maximum_bipartite_matching([False] * a + [True] * b))


def geography(n, edges):
    """{v: 'A' | 'B'}: A iff the first player, moving from v (visited), wins."""
    adj = [[] for _ in range(n)]
    for u, v in edges:
        if u != v:
            adj[u].append(v)
            adj[v].append(u)

    @lru_cache(maxsize=None)
    def wins(v, visited):
        return any(not wins(u, visited | (1 << u)) for u in adj[v] if not visited >> u & 1)

    return {v: "A" if wins(v, 1 << v) else "B" for v in range(n)}


# ---------------------------------------------------------------------------------------------
# Output parsing
# ---------------------------------------------------------------------------------------------


def ints(line):
    try:
        return [int(x) for x in line.split()]
    except ValueError:
        return None


def check_match(ck, label, path, args_extra, ref, kind, fileedges, stdin=False):
    """Runs `match` plainly and with --pairs and checks both. kind: 'general' (pairs are
    unordered vertex pairs) or 'mtx' (pairs are (row, col))."""
    target = [] if stdin else [path]
    args = ["match", *args_extra, *target]
    rc, out, err = ck.run(args, path if stdin else None)
    lines = out.splitlines()
    if rc != 0 or len(lines) != 1 or ints(lines[0]) != [ref]:
        ck.fail(f"match size ({label})", args, path, out, err,
                f"expected exit 0 and the one line {ref!r} (reference), got exit {rc}", stdin)
    else:
        ck.ok()
    args = ["match", "--pairs", *args_extra, *target]
    rc, out, err = ck.run(args, path if stdin else None)
    lines = [l for l in out.splitlines() if l.strip()]
    problem = None
    if rc != 0:
        problem = f"exit {rc}"
    elif not lines or ints(lines[0]) != [ref]:
        problem = f"the first line is not the size {ref}"
    else:
        pairs = [ints(l) for l in lines[1:]]
        edgeset = set(fileedges) if kind == "mtx" else {frozenset(e) for e in fileedges}
        used_a, used_b = set(), set()
        if len(pairs) != ref:
            problem = f"{len(pairs)} pairs for a matching of size {ref}"
        for pr in pairs:
            if problem:
                break
            if pr is None or len(pr) != 2:
                problem = "a pair line is not two integers"
            elif kind == "mtx":
                if tuple(pr) not in edgeset:
                    problem = f"({pr[0]}, {pr[1]}) is not an entry of the matrix"
                elif pr[0] in used_a or pr[1] in used_b:
                    problem = f"({pr[0]}, {pr[1]}) reuses a row or a column"
                used_a.add(pr[0])
                used_b.add(pr[1])
            else:
                if pr[0] == pr[1] or frozenset(pr) not in edgeset:
                    problem = f"{pr[0]} {pr[1]} is not an edge of the file"
                elif pr[0] in used_a or pr[1] in used_a:
                    problem = f"{pr[0]} {pr[1]} reuses a vertex"
                used_a.update(pr)
    if problem:
        ck.fail(f"match --pairs ({label})", args, path, out, err, problem, stdin)
    else:
        ck.ok()


# ---------------------------------------------------------------------------------------------
# The families
# ---------------------------------------------------------------------------------------------


def general_instances(rng, scale):
    """(label, n, edges) of general graphs (vertex ids 0..n-1; loops/repeats included)."""
    out = []
    for name, n, e in fixed_shapes():
        out.append((name, n, e))
    for _ in range(60 * scale):
        n = rng.randint(1, 12)
        out.append((f"G({n}, p)", *gnp(rng, n, rng.choice([0.15, 0.25, 0.4, 0.6]))))
    for _ in range(30 * scale):
        n = rng.randint(2, 150)
        out.append((f"G({n}, 3n)", *gnm(rng, n, 3 * n)))
    for _ in range(25 * scale):
        n = rng.randint(2, 150)
        out.append((f"BA({n}, 3)", *barabasi_albert(rng, n)))
    for _ in range(20 * scale):
        r, c = rng.randint(1, 14), rng.randint(1, 14)
        out.append((f"{r}x{c} grid", *grid(rng, (r, c), rng.choice([0.1, 0.1, 0.3]))))
    for _ in range(15 * scale):
        s = rng.randint(2, 5)
        out.append((f"{s}^3 grid", *grid(rng, (s, s, s), 0.1)))
    return out


def bipartite_instances(rng, scale):
    """(label, a, b, entries (row, col) 0-based, repeats included sometimes)."""
    out = [("K1,1", 1, 1, [(0, 0)]), ("empty 3x4", 3, 4, []), ("K3,5", 3, 5,
           [(i, j) for i in range(3) for j in range(5)])]
    for _ in range(70 * scale):
        a, b = rng.randint(1, 60), rng.randint(1, 60)
        m = rng.randint(0, 4 * max(a, b))
        entries = list({(rng.randrange(a), rng.randrange(b)) for _ in range(m)})
        if entries and rng.random() < 0.3:
            entries += rng.sample(entries, rng.randint(1, min(3, len(entries))))
        rng.shuffle(entries)
        out.append((f"bipartite {a}+{b}", a, b, entries))
    for _ in range(30 * scale):
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        p = rng.choice([0.2, 0.4, 0.7])
        out.append((f"bipartite {a}+{b}, p={p}", a, b,
                    [(i, j) for i in range(a) for j in range(b) if rng.random() < p]))
    return out


def run_match(ck, rng, scale):
    for label, n, edges in general_instances(rng, scale):
        e = noisy(rng, n, edges, rng.random() < 0.25, rng.random() < 0.25)
        if rng.random() < 0.5:
            e = relabel(rng, n, e)
        ref = nu_networkx(n, e)
        if n <= 12:
            bf = nu_brute(n, e)
            if bf != ref:  # the references disagree: a bug of this script or of networkx
                ck.fail(f"reference ({label})", ["(none)"], ck.write("ref.dimacs",
                        dimacs_text(n, e)), "", "", f"networkx says {ref}, brute force {bf}")
                continue
        fmt = rng.choice(["dimacs", "dimacs", "edges"]) if e else "dimacs"
        stdin = rng.random() < 0.1
        extra = ["--format", fmt] if (stdin or rng.random() < 0.15) else []
        if fmt == "dimacs":
            path = ck.write(f"{label.replace(' ', '_')}.dimacs", dimacs_text(n, e, rng))
            check_match(ck, label + ", DIMACS", path, extra, ref, "general",
                        [(u + 1, v + 1) for u, v in e], stdin)
        else:
            path = ck.write(f"{label.replace(' ', '_')}.txt", edges_text(e))
            check_match(ck, label + ", edge list", path, extra, ref, "general", e, stdin)
    for label, a, b, entries in bipartite_instances(rng, scale):
        ref = nu_igraph(a, b, entries)
        ref_nx = nu_networkx(a + b, [(i, a + j) for i, j in entries])
        if ref != ref_nx:
            ck.fail(f"reference ({label})", ["(none)"], ck.write("ref.mtx", mtx_text(a, b, entries)),
                    "", "", f"igraph says {ref}, networkx {ref_nx}")
            continue
        stdin = rng.random() < 0.1
        extra = ["--format", "mtx"] if (stdin or rng.random() < 0.15) else []
        path = ck.write(f"{label.replace(' ', '_').replace(',', '')}.mtx", mtx_text(a, b, entries))
        check_match(ck, label + ", Matrix Market", path, extra, ref, "mtx",
                    [(i + 1, j + 1) for i, j in entries], stdin)
        if not entries:
            continue
        # The same graph as an edge list or DIMACS: left 0..a-1, right a..a+b-1, relabelled
        # at random half of the time (the sides are then found by the reader).
        e = [(i, a + j) for i, j in entries]
        if rng.random() < 0.5:
            e = relabel(rng, a + b, e)
        e = [(v, u) if rng.random() < 0.5 else (u, v) for u, v in e]
        if rng.random() < 0.5:
            path = ck.write(f"{label.replace(' ', '_').replace(',', '')}.txt", edges_text(e))
            check_match(ck, label + ", edge list", path, [], ref, "general", e)
        else:
            path = ck.write(f"{label.replace(' ', '_').replace(',', '')}.dimacs",
                            dimacs_text(a + b, e, rng))
            check_match(ck, label + ", DIMACS", path, [], ref, "general",
                        [(u + 1, v + 1) for u, v in e])


def run_geography(ck, rng, scale):
    inst = [(name, n, e) for name, n, e in fixed_shapes() if n <= 10]
    for _ in range(60 * scale):
        n = rng.randint(1, 10)
        inst.append((f"G({n}, p)", *gnp(rng, n, rng.choice([0.2, 0.3, 0.5]))))
    for _ in range(15 * scale):
        n = rng.randint(4, 10)
        inst.append((f"BA({n}, 3)", *barabasi_albert(rng, n)))
    for _ in range(15 * scale):
        r, c = rng.randint(1, 3), rng.randint(1, 3)
        inst.append((f"{r}x{c} grid", *grid(rng, (r, c), 0.1)))
    for _ in range(10 * scale):  # random trees
        n = rng.randint(2, 10)
        inst.append((f"tree({n})", n, [(v, rng.randrange(v)) for v in range(1, n)]))
    for label, n, edges in inst:
        e = noisy(rng, n, edges, rng.random() < 0.2, rng.random() < 0.2)
        if rng.random() < 0.5:
            e = relabel(rng, n, e)
        ref = geography(n, e)
        # An edge list's vertices are the ids its edges name (an id that appears on no line is
        # no vertex); the game on the others is unchanged.
        as_edges = bool(e) and rng.random() < 0.25
        if as_edges:
            named = {x for uv in e for x in uv}
            want = {v: ref[v] for v in sorted(named)}
            path = ck.write(f"geo-{label.replace(' ', '_')}.txt", edges_text(e))
        else:
            want = {v + 1: w for v, w in ref.items()}
            path = ck.write(f"geo-{label.replace(' ', '_')}.dimacs", dimacs_text(n, e, rng))
        args = ["geography", path, "--all"]
        rc, out, err = ck.run(args)
        got, bad = {}, None
        for line in out.splitlines():
            parts = line.split()
            if not parts:
                continue
            if len(parts) != 2 or parts[1] not in ("A", "B") or ints(parts[0]) is None:
                bad = f"line {line!r} is not `V A|B`"
                break
            got[int(parts[0])] = parts[1]
        if rc != 0:
            bad = f"exit {rc}"
        if bad is None and got != want:
            diff = [f"{v}: expected {want.get(v, '-')}, got {got.get(v, '-')}"
                    for v in sorted(set(want) | set(got)) if want.get(v) != got.get(v)]
            bad = "; ".join(diff[:6]) + (" …" if len(diff) > 6 else "")
        if bad:
            ck.fail(f"geography --all ({label}, {'edge list' if as_edges else 'DIMACS'})", args,
                    path, out, err, bad)
        else:
            ck.ok()


def random_2cnf(rng, nvars, m):
    clauses = []
    for _ in range(m):
        r = rng.random()
        x = rng.randint(1, nvars) * rng.choice((1, -1))
        if r < 0.1:
            clauses.append([x])
        elif r < 0.13:
            clauses.append([x, -x])  # a tautology
        elif r < 0.16:
            clauses.append([x, x])  # a repeated literal
        else:
            y = rng.randint(1, nvars) * rng.choice((1, -1))
            while abs(y) == abs(x) and nvars > 1:
                y = rng.randint(1, nvars) * rng.choice((1, -1))
            clauses.append([x, y])
    return clauses


def cnf_text(nvars, clauses, rng):
    lines = ["c gridmatch peer check"] if rng.random() < 0.7 else []
    lines.append(f"p cnf {nvars} {len(clauses)}")
    lines += [" ".join(map(str, c)) + " 0" for c in clauses]
    return "\n".join(lines) + "\n"


def parse_sat(out):
    """(status line, [models], forced literal set or None, unique flag or None, problem)."""
    status, vlits, forced, unique = None, [], None, None
    for line in out.splitlines():
        t = line.split()
        if not t:
            continue
        if t[0] == "s":
            status = " ".join(t[1:])
        elif t[0] == "v":
            xs = ints(" ".join(t[1:]))
            if xs is None:
                return status, [], forced, unique, f"bad v line {line!r}"
            vlits += xs
        elif t[:2] == ["c", "forced"]:
            xs = ints(" ".join(t[2:]))
            if xs is None or not xs or xs[-1] != 0:
                return status, [], forced, unique, f"bad forced line {line!r}"
            forced = set(xs[:-1])
        elif t[:2] == ["c", "unique"]:
            unique = True
        elif t[:3] == ["c", "not", "unique"]:
            unique = False
    models, cur = [], []
    for x in vlits:
        if x == 0:
            models.append(cur)
            cur = []
        else:
            cur.append(x)
    if cur:
        return status, models, forced, unique, "a v line is not ended by 0"
    return status, models, forced, unique, None


def model_problem(nvars, clauses, model):
    s = set(model)
    if len(s) != len(model):
        return "a literal repeated in the model"
    if any(-x in s for x in s):
        return "the model holds a literal and its negation"
    if any(not 1 <= abs(x) <= nvars for x in s):
        return "the model names a variable outside 1..V"
    if len(s) != nvars:
        return f"the model assigns {len(s)} of the {nvars} variables"
    for c in clauses:
        if not any(x in s for x in c):
            return f"clause {' '.join(map(str, c))} 0 is false under the model"
    return None


def sat_reference(nvars, clauses):
    """(satisfiable, forced literal set, unique) — enumerated for <= 12 variables, otherwise
    with pysat (forced: F ∧ ¬l unsatisfiable; unique: computed later from a model)."""
    with Minisat22(bootstrap_with=clauses) as s:
        sat = s.solve()
        if nvars <= 12:
            models = []
            for bits in range(1 << nvars):
                a = {v if bits >> (v - 1) & 1 else -v for v in range(1, nvars + 1)}
                if all(any(x in a for x in c) for c in clauses):
                    models.append(a)
            if bool(models) != sat:
                raise AssertionError("pysat and the enumeration disagree")
            forced = set.intersection(*models) if models else None
            return sat, forced, (len(models) == 1 if models else None)
        if not sat:
            return False, None, None
        forced = set()
        for v in range(1, nvars + 1):
            if not s.solve(assumptions=[-v]):
                forced.add(v)
            elif not s.solve(assumptions=[v]):
                forced.add(-v)
        return True, forced, None


def is_unique_pysat(clauses, model):
    with Minisat22(bootstrap_with=clauses) as s:
        s.add_clause([-x for x in model])
        return not s.solve()


def run_twosat(ck, rng, scale):
    inst = []
    for _ in range(120 * scale):
        n = rng.randint(1, 12)
        alpha = rng.uniform(0.6, 1.6)
        inst.append((n, random_2cnf(rng, n, max(1, round(alpha * n)))))
    for _ in range(40 * scale):
        n = rng.randint(13, 300)
        alpha = rng.uniform(0.8, 1.25)
        inst.append((n, random_2cnf(rng, n, round(alpha * n))))
    inst.append((3, []))  # no clauses: satisfiable, nothing forced, not unique
    inst.append((1, [[1]]))  # unique
    inst.append((2, [[1], [-1, 2]]))  # unique by propagation
    inst.append((2, [[1, 2], [-1, 2], [1, -2], [-1, -2]]))  # unsatisfiable
    for n, clauses in inst:
        # Some instances declare variables no clause uses (they are free).
        nvars = n + (rng.randint(1, 3) if rng.random() < 0.1 else 0)
        sat, forced, unique = sat_reference(nvars, clauses)
        path = ck.write(f"2sat-{nvars}v{len(clauses)}c.cnf", cnf_text(nvars, clauses, rng))
        label = f"{nvars} variables, {len(clauses)} clauses"
        modes = [[], ["--forced"], ["--unique"]]
        if rng.random() < 0.2:
            modes.append(["--forced", "--unique"])
        for mode in modes:
            args = ["twosat", *mode, path]
            rc, out, err = ck.run(args)
            status, models, gforced, gunique, bad = parse_sat(out)
            want_status = "SATISFIABLE" if sat else "UNSATISFIABLE"
            if bad is None and rc != (10 if sat else 20):
                bad = f"exit {rc}, expected {10 if sat else 20}"
            if bad is None and status != want_status:
                bad = f"status {status!r}, expected {want_status!r} (pysat)"
            if bad is None and sat:
                if not models:
                    bad = "no v line"
                else:
                    bad = model_problem(nvars, clauses, models[0])
            if bad is None and sat and "--forced" in mode:
                if gforced is None:
                    bad = "no `c forced … 0` line"
                elif gforced != forced:
                    bad = (f"forced {sorted(gforced, key=abs)}, expected "
                           f"{sorted(forced, key=abs)}")
            if bad is None and sat and "--unique" in mode:
                want_u = unique if unique is not None else is_unique_pysat(clauses, models[0])
                if gunique is None:
                    bad = "no `c unique` / `c not unique` line"
                elif gunique != want_u:
                    bad = f"says {'unique' if gunique else 'not unique'}, expected " \
                          f"{'unique' if want_u else 'not unique'}"
                elif not gunique:
                    if len(models) < 2:
                        bad = "`c not unique` without a second v line"
                    else:
                        bad = model_problem(nvars, clauses, models[1])
                        if bad is None and set(models[1]) == set(models[0]):
                            bad = "the second model equals the first"
                        elif bad:
                            bad = "second model: " + bad
            if bad:
                ck.fail(f"twosat {' '.join(mode) or '(plain)'} ({label})", args, path, out,
                        err, bad)
            else:
                ck.ok()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("gridmatch", help="path of the gridmatch binary")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--scale", type=int, default=1, help="multiply the instance counts")
    ap.add_argument("--keep", help="on failure, copy the instance files here")
    args = ap.parse_args()
    gm = os.path.abspath(args.gridmatch)
    if not (os.path.isfile(gm) and os.access(gm, os.X_OK)):
        print(f"check_graphs.py: {args.gridmatch} is not an executable file")
        print("0 passed, 1 failed")
        return 1
    ck = Checker(gm, args.keep)
    tiny_graph = "p edge 2 1\ne 1 2\n"
    has_match = ck.probe("match", [], tiny_graph,
                         lambda rc, out: rc == 0 and out.split()[:1] == ["1"])
    has_geo = ck.probe("geography", ["--all"], tiny_graph,
                       lambda rc, out: rc == 0 and sorted(out.split()) == ["1", "2", "A", "A"])
    has_sat = ck.probe("twosat", [], "p cnf 1 1\n1 0\n",
                       lambda rc, out: rc == 10 and "s SATISFIABLE" in out)
    # Each family has its own random stream, so that a missing subcommand does not change the
    # instances of the others.
    for present, fn, k in ((has_match, run_match, 1), (has_geo, run_geography, 2),
                           (has_sat, run_twosat, 3)):
        if present:
            before = ck.passed + ck.failed
            fn(ck, random.Random(args.seed * 1000 + k), args.scale)
            print(f"{fn.__name__[4:]}: {ck.passed + ck.failed - before} checks", file=sys.stderr,
                  flush=True)
    ck.close()
    print(f"{ck.passed} passed, {ck.failed} failed")
    return 1 if ck.failed else 0


if __name__ == "__main__":
    sys.exit(main())
