#!/usr/bin/env python3
"""The weighted-matching frontier of gridmatch's benchmark (issue 34 part 3). Run it through
bench/run.sh (`--frontier-only`), which builds gridmatch and the peers; alone:

    frontier.py --gridmatch BIN --peers DIR --workdir DIR [--smoke] [--no-growth]
                [--budget MIN] [--timeout S] [--json FILE]

Families (numpy, fixed seeds, DIMACS `p edge N M` / `e U V W`, lines in random order):
  - G(n, 5n): a random perfect matching plus uniformly random distinct pairs up to 5n edges,
    weights uniform in 1..10⁶ (n = 10⁵; growth 2.5·10⁴, 5·10⁴, 10⁵, 2·10⁵);
  - Euclidean 10-NN: n uniform points in a 10⁶ × 10⁶ square, each joined to its 10 nearest
    (scipy cKDTree; each pair once), weight = round(distance) + 1 (n = 10⁵ and 10⁶; growth
    10⁵, 2.5·10⁵, 5·10⁵, 10⁶);
  - complete Euclidean: 1 000 uniform points in a 10⁵ × 10⁵ square, every pair, same weights;
  - dense: complete bipartite 2 000 + 2 000, costs uniform in 1..10⁶, written as a general
    DIMACS file (vertices 1..2000 on the left, 2001..4000 on the right).
  --smoke: the same families at toy sizes (every engine runs and agrees; times mean nothing).

Engines, whole process against whole process on the same file, one run each (or the median
of `--repeat K` runs, interleaved: each round runs every engine of the instance once in turn):
  - gridmatch: `gridmatch match --weights [--max | --min --perfect | --max --max-cardinality]`;
  - LEMON: bench/peers/weighted_lemon (MaxWeightedMatching / MaxWeightedPerfectMatching on a
    SmartGraph, one run; its --max-cardinality shifts the weights);
  - Blossom V: bench/peers/weighted_blossom5 built against Kolmogorov's code (if present in the
    peers directory: bench/run.sh builds it when BLOSSOM5_DIR is set; otherwise its rows say
    so). It solves the perfect question only; with --blossom-max its maximum-weight rows are
    measured through the doubled-graph reduction (about 7× LEMON's time on G(10⁵, 5·10⁵)),
    for information only: the issue's targets count Blossom V on the perfect questions alone;
  - integer-blossom (Rust crate, O(n³) dense): bench/peers/integer_blossom, on the complete
    graph, if built (bench/run.sh builds it when INTEGER_BLOSSOM=1).
Wall time of the whole process and peak RSS (/usr/bin/time). Answers compared: the total (and
the number of pairs where it is determined); a mismatch is printed loudly and exits 1.

Then the certificate rows on G(10⁵, 5·10⁵): `--json` with the plain question (`--max`), with
`--max-cardinality` and with `--min --perfect`: time, peak RSS, certificate size, each
certificate checked by `gridmatch verify --graph FILE`.

Prints Markdown: every run; the targets of issue 34 part 3 (time ≤ ½ of the faster peer, peak
memory ≤ 2× the leaner peer, the 2.5× / 1.5× / 3× certificate ratios), each met or missed with
its ratio; the growth exponents (least squares of log time against log n, four sizes).
"""
import argparse
import datetime
import json
import os
import re
import statistics
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import graphgen  # noqa: E402
import harness  # noqa: E402
from harness import fmt_rss, fmt_time, log, run_once  # noqa: E402

GM, LEMON, B5, IB = "gridmatch", "LEMON", "Blossom V", "integer-blossom"
MAXW = ("--max",)
MINPERF = ("--min", "--perfect")
MAXCARD = ("--max", "--max-cardinality")
MODE_NAME = {MAXW: "maximum weight", MINPERF: "min-cost perfect",
             MAXCARD: "max weight among max-cardinality"}


# ---------------------------------------------------------------------------------------------
# Instances
# ---------------------------------------------------------------------------------------------


def write_dimacs(path, n, u, v, w, comment):
    tmp = path + ".part"
    with open(tmp, "wb") as f:
        f.write(f"c {comment}\np edge {n} {u.size}\n".encode())
        f.write(graphgen.lines("e ", [u + 1, v + 1, w]))
    os.replace(tmp, path)


def gnm5(n, seed):
    """G(n, 5n): a random perfect matching plus distinct random pairs up to 5n edges."""
    rng = np.random.default_rng(seed)
    perm = rng.permutation(n)
    mu, mv = perm[0::2], perm[1::2]
    m = 5 * n
    extra = m - mu.size
    u = rng.integers(0, n, extra + extra // 20 + 64)
    v = rng.integers(0, n, u.size)
    keep = u != v
    u, v = u[keep], v[keep]
    mkey = np.minimum(mu, mv) * n + np.maximum(mu, mv)
    key = graphgen.unique(np.minimum(u, v) * n + np.maximum(u, v))
    key = np.setdiff1d(key, mkey, assume_unique=True)
    if key.size < extra:
        raise RuntimeError("gnm5: not enough distinct pairs drawn")
    key = key[rng.permutation(key.size)[:extra]]
    key = np.concatenate([mkey, key])
    key = key[rng.permutation(key.size)]
    a, b = key // n, key % n
    flip = rng.random(a.size) < 0.5
    a, b = np.where(flip, b, a), np.where(flip, a, b)
    w = rng.integers(1, 10**6 + 1, a.size)
    return a, b, w


def euclid_weights(pts, a, b):
    return np.rint(np.hypot(*(pts[a] - pts[b]).T)).astype(np.int64) + 1


def euclid_knn(n, seed, k=10):
    """n uniform points in a 10⁶ square, each joined to its k nearest; weight round(d) + 1."""
    from scipy.spatial import cKDTree
    rng = np.random.default_rng(seed)
    pts = rng.random((n, 2)) * 1e6
    _, idx = cKDTree(pts).query(pts, k=k + 1)
    u = np.repeat(np.arange(n), k)
    v = idx[:, 1:].ravel().astype(np.int64)
    keep = u != v  # (coincident points could put a point after itself)
    u, v = u[keep], v[keep]
    key = graphgen.unique(np.minimum(u, v) * n + np.maximum(u, v))
    key = key[rng.permutation(key.size)]
    a, b = key // n, key % n
    return a, b, euclid_weights(pts, a, b)


def complete_euclid(n, seed):
    """n uniform points in a 10⁵ square, every pair; weight round(d) + 1."""
    rng = np.random.default_rng(seed)
    pts = rng.random((n, 2)) * 1e5
    a, b = np.triu_indices(n, 1)
    a, b = a.astype(np.int64), b.astype(np.int64)
    perm = rng.permutation(a.size)
    a, b = a[perm], b[perm]
    return a, b, euclid_weights(pts, a, b)


def dense_bipartite(n, seed):
    """Complete bipartite n + n (left 0..n-1, right n..2n-1), costs uniform 1..10⁶."""
    rng = np.random.default_rng(seed)
    a = np.repeat(np.arange(n, dtype=np.int64), n)
    b = np.tile(np.arange(n, 2 * n, dtype=np.int64), n)
    w = rng.integers(1, 10**6 + 1, a.size)
    return a, b, w


FAMILY = {
    "gnm": ("G(n, 5n)", lambda n, s: (n, *gnm5(n, s)),
            "G(n, 5n): random perfect matching + random distinct pairs, weights 1..10^6"),
    "euclid": ("Euclidean 10-NN", lambda n, s: (n, *euclid_knn(n, s)),
               "Euclidean 10-NN, uniform points in a 10^6 square, weight round(d) + 1"),
    "complete": ("complete Euclidean", lambda n, s: (n, *complete_euclid(n, s)),
                 "complete Euclidean, uniform points in a 10^5 square, weight round(d) + 1"),
    "dense": ("dense bipartite", lambda n, s: (2 * n, *dense_bipartite(n, s)),
              "complete bipartite n + n, costs 1..10^6, as a general graph"),
}
SEED = {"gnm": 3401, "euclid": 3402, "complete": 3403, "dense": 3404}


class Instances:
    def __init__(self, wd):
        self.wd = wd
        self.meta = {}

    def get(self, key, n):
        """Path of the instance (generated once per work directory); (path, vertices, edges)."""
        path = os.path.join(self.wd, f"f-{key}-{n}.dimacs")
        if (key, n) in self.meta and os.path.exists(path):
            return (path, *self.meta[(key, n)])
        label, gen, what = FAMILY[key]
        t0 = time.perf_counter()
        nv, a, b, w = gen(n, SEED[key] + n)
        write_dimacs(path, nv, a, b, w, f"{what}; n = {n}, seed {SEED[key] + n}")
        self.meta[(key, n)] = (nv, int(a.size))
        log(f"== {label} n = {n:,}: {nv:,} vertices, {a.size:,} edges "
            f"({time.perf_counter() - t0:.1f} s to generate, "
            f"{os.path.getsize(path) / 1e6:.0f} MB)")
        return (path, nv, int(a.size))


# ---------------------------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------------------------


class Run:
    def __init__(self, status, wall=None, rss=None, answer=None, out=None, note="", size=None):
        self.status, self.wall, self.rss, self.answer = status, wall, rss, answer
        self.out, self.note, self.size = out, note, size


def parse_answer(path, json_mode):
    """gridmatch's first line `TOTAL PAIRS` (or `no perfect matching`); with --json the
    certificate's JSON line holds the same."""
    try:
        with open(path, "rb") as f:
            line = f.readline(1 << 16)
    except OSError:
        return None
    if not json_mode:
        return " ".join(line.decode(errors="replace").split()) or None
    # The certificate may be gigabytes on one line: read its head only.
    head = line.decode(errors="replace")
    res = re.search(r'"result"\s*:\s*"([^"]*)"', head)
    if res and res.group(1) != "optimum":
        return "no perfect matching"
    tot = re.search(r'"total"\s*:\s*"?(-?\d+)', head)
    prs = re.search(r'"size"\s*:\s*(\d+)', head)
    if tot and prs:
        return f"{tot.group(1)} {prs.group(1)}"
    return None


def same(a, b, mode):
    """Answers agree: the totals, and the pairs where determined (perfect, max-cardinality)."""
    if a is None or b is None:
        return False
    if mode == MAXW:
        return a.split()[0] == b.split()[0]
    return a == b


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gridmatch", required=True)
    ap.add_argument("--peers", required=True,
                    help="directory with weighted_lemon (and weighted_blossom5, integer_blossom)")
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--smoke", action="store_true", help="toy sizes: checks that all runs")
    ap.add_argument("--no-growth", action="store_true", help="skip the growth series")
    ap.add_argument("--budget", type=float, default=30,
                    help="minutes after which no engine is started (default 30)")
    ap.add_argument("--timeout", type=float, default=300, help="seconds per run (default 300)")
    ap.add_argument("--repeat", type=int, default=1,
                    help="runs per engine and instance, interleaved (each round runs every "
                    "engine of the instance once in turn): the median wall time and the largest "
                    "peak RSS are reported (default 1; single wall-time runs of sub-second jobs "
                    "swing by about 10 %% on a 2-core machine, and slow spells last minutes)")
    ap.add_argument("--json", help="also write raw results here")
    ap.add_argument("--note", default="", help="a sentence for the caption (e.g. busy machine)")
    ap.add_argument("--blossom-max", action="store_true",
                    help="also run Blossom V on the maximum-weight rows (doubled-graph "
                         "reduction: about 7x LEMON's time on G(10^5, 5·10^5); informational)")
    args = ap.parse_args()

    wd = args.workdir
    os.makedirs(wd, exist_ok=True)
    started = time.time()
    deadline = started + args.budget * 60
    load_before = os.getloadavg()
    inst = Instances(wd)
    peers = {LEMON: os.path.join(args.peers, "weighted_lemon"),
             B5: os.path.join(args.peers, "weighted_blossom5"),
             IB: os.path.join(args.peers, "integer_blossom")}
    have = {e: os.access(p, os.X_OK) for e, p in peers.items()}
    smoke = args.smoke
    S = (lambda big, small: small if smoke else big)
    G1 = S(10**5, 2000)
    E1, E2 = S(10**5, 2000), S(10**6, 20000)
    C1 = S(1000, 100)
    D1 = S(2000, 100)
    g_growth = S([25000, 50000, 10**5, 2 * 10**5], [1000, 2000, 4000, 8000])
    e_growth = S([10**5, 250000, 500000, 10**6], [2000, 5000, 10000, 20000])

    cache = {}  # (key, n, mode, engine) -> Run
    status = 0

    def run(key, n, mode, engine, json_mode=False):
        ck = (key, n, mode, engine, json_mode)
        if ck in cache:
            return cache[ck]
        path, nv, ne = inst.get(key, n)
        if engine != GM and not have[engine]:
            r = Run("absent", note="not built")
            cache[ck] = r
            return r
        if engine == B5 and mode == MAXCARD:
            r = Run("n/a")
            cache[ck] = r
            return r
        # A peer that timed out on a smaller size of the same family and mode is not re-run.
        smaller = [c for (k, m, md, e, j), c in cache.items()
                   if k == key and md == mode and e == engine and not j and m < n]
        if any(c.status == "timeout" for c in smaller):
            r = Run("skipped", note="timed out on a smaller size")
            cache[ck] = r
            return r
        # A peer whose time on a smaller size predicts more than its time limit is not run
        # (time ~ n^1.2); gridmatch, the subject, always is (with twice the limit).
        done = [(m, c.wall) for (k, m, md, e, j), c in cache.items()
                if k == key and md == mode and e == engine and not j and m < n
                and c.status == "ok"]
        if engine != GM and done:
            m, t = max(done)
            est = t * (n / m) ** 1.2
            if est > args.timeout:
                r = Run("skipped", note=f"predicted {est:.0f} s")
                log(f"   {engine}: skipped, predicted {est:.0f} s > {args.timeout:g} s")
                cache[ck] = r
                return r
        left = deadline - time.time()
        if left <= 1:
            r = Run("skipped", note="budget")
            cache[ck] = r
            return r
        timeout = args.timeout * (2 if engine == GM else 1)
        limit = min(timeout, left)
        if engine == GM:
            cmd = [args.gridmatch, "match", "--weights", *mode, *(["--json"] if json_mode else []),
                   path]
        elif engine == LEMON:
            cmd = [peers[LEMON], *(f for f in mode if f != "--max"), path]
        elif engine == B5:
            cmd = [peers[B5], *mode, path]
        else:
            cmd = [peers[IB], *mode, path]
        tag = f"{key}-{n}-{'_'.join(f.strip('-') for f in mode)}-{engine.split()[0]}" \
              f"{'-json' if json_mode else ''}"
        out = os.path.join(wd, f"out.{tag}")
        st, wall, (rss, _cpu), err = run_once(cmd, path, out, limit, wd)
        if st == "timeout" and limit < timeout:
            st, err = "skipped", "budget (cut off)"
        size = os.path.getsize(out) if os.path.exists(out) else None
        ans = parse_answer(out, json_mode) if st == "ok" else None
        r = Run(st, wall, rss, ans, out, " ".join((err or "").split())[:160], size)
        # (More runs, interleaved with the other engines': see `settle`.)
        r.cmd, r.path, r.timeout, r.walls, r.rsss = cmd, path, timeout, [wall], [rss]
        log(f"   {engine:10} {' '.join(mode):24}{' --json' if json_mode else '':7} {st:7} "
            f"{fmt_time(wall):>9} {fmt_rss(rss):>9}  {ans or r.note}")
        if json_mode and st != "ok" and os.path.exists(out):
            os.remove(out)
        cache[ck] = r
        return r

    def settle(runs, what):
        """With --repeat K: K − 1 more rounds of the finished `runs` (the engines of one
        instance), each round running every engine once in turn, so that a slow spell of the
        machine falls on all of them alike (runs of one engine back to back, then the next's,
        gave ratios that swung by ±0.1); then the median wall time and the largest peak RSS."""
        runs = [r for r in runs if r.status == "ok" and getattr(r, "cmd", None)
                and not getattr(r, "settled", False)]
        for _ in range(args.repeat - 1):
            for r in runs:
                if deadline - time.time() <= 1 or len(r.walls) < 1:
                    continue
                st2, w2, (r2, _cpu), _err = run_once(
                    r.cmd, r.path, r.out, min(r.timeout, deadline - time.time()), wd)
                if st2 == "ok":
                    r.walls.append(w2)
                    r.rsss.append(r2)
        for r in runs:
            r.settled = True
            r.wall = statistics.median(r.walls)
            r.rss = max((x for x in r.rsss if x is not None), default=None)
        if args.repeat > 1 and runs:
            log(f"   {what}, median of {args.repeat} interleaved: " + ", ".join(
                f"{os.path.basename(r.cmd[0])} {fmt_time(r.wall)} ({len(r.walls)} runs)"
                for r in runs))

    # ---- target rows --------------------------------------------------------------------------
    # (label, family, n, mode, peers counted for the target, peers shown for information)
    rows = [
        ("G(n, 5n), maximum weight", "gnm", G1, MAXW, [LEMON],
         [B5] if args.blossom_max else []),
        ("G(n, 5n), min-cost perfect", "gnm", G1, MINPERF, [LEMON, B5], []),
        ("Euclidean 10-NN, min-cost perfect", "euclid", E1, MINPERF, [LEMON, B5], []),
        ("Euclidean 10-NN, min-cost perfect", "euclid", E2, MINPERF, [LEMON, B5], []),
        ("complete Euclidean, maximum weight", "complete", C1, MAXW, [LEMON, IB],
         [B5] if args.blossom_max else []),
        ("complete Euclidean, min-cost perfect", "complete", C1, MINPERF, [LEMON, B5, IB], []),
        ("dense bipartite, min-cost perfect", "dense", D1, MINPERF, [LEMON, B5], []),
    ]
    results = []
    for label, key, n, mode, counted, info in rows:
        res = {e: run(key, n, mode, e) for e in [GM, *counted, *info]}
        settle(list(res.values()), f"{key} n={n} {' '.join(mode)}")
        results.append((label, key, n, mode, counted, info, res))

    # ---- certificate rows on G(10⁵, 5·10⁵) ------------------------------------------------------
    cert = {}
    gpath = inst.get("gnm", G1)[0]
    timed = {mode: run("gnm", G1, mode, GM, json_mode=True) for mode in (MAXW, MAXCARD, MINPERF)}
    settle(list(timed.values()), f"gnm n={G1} --json")
    for mode in (MAXW, MAXCARD, MINPERF):
        r = timed[mode]
        v = None
        if r.status == "ok" and time.time() < deadline:
            # Check the certificate the timed run wrote, then drop it (gigabytes, possibly).
            vout = os.path.join(wd, "verify.out")
            st, vwall, (vrss, _), err = run_once(
                [args.gridmatch, "verify", "--graph", gpath, r.out], r.out, vout,
                args.timeout, wd)
            tail = ""
            try:
                tail = " ".join(open(vout, errors="replace").read(300).split())
            except OSError:
                pass
            msg = tail if st == "ok" else " ".join((err or "").split())
            v = Run(st, vwall, vrss, note=msg.replace(r.out, "CERT").replace(gpath, "GRAPH")[:200])
            log(f"   verify {' '.join(mode)}: {st} {fmt_time(vwall)} {fmt_rss(vrss)} "
                f"{v.note[:120]}")
        if r.out and os.path.exists(r.out):
            os.remove(r.out)
        cert[mode] = (r, v)
    lemon_mc = run("gnm", G1, MAXCARD, LEMON)
    gm_mc_plain = run("gnm", G1, MAXCARD, GM)
    settle([gm_mc_plain, lemon_mc], f"gnm n={G1} {' '.join(MAXCARD)}")

    # ---- growth ---------------------------------------------------------------------------------
    growth = []
    if not args.no_growth:
        for label, key, sizes, mode, engines in (
                ("G(n, 5n), maximum weight", "gnm", g_growth, MAXW, [GM, LEMON]),
                ("G(n, 5n), min-cost perfect", "gnm", g_growth, MINPERF, [GM, LEMON, B5]),
                ("Euclidean 10-NN, min-cost perfect", "euclid", e_growth, MINPERF, [GM, B5])):
            series = {e: [] for e in engines}
            for n in sizes:
                for e in engines:
                    series[e].append((n, run(key, n, mode, e)))
                settle([series[e][-1][1] for e in engines], f"{key} n={n} {' '.join(mode)}")
            growth.append((label, key, mode, series))

    # ---- agreement --------------------------------------------------------------------------
    mism = []
    for (key, n, mode, engine, json_mode), r in cache.items():
        if r.status not in ("ok", "timeout", "skipped", "absent", "n/a"):
            mism.append(f"{key} n={n} {' '.join(mode)} {engine}: {r.status} {r.note}")
    groups = {}
    for (key, n, mode, engine, json_mode), r in cache.items():
        if r.status == "ok" and r.answer is not None:
            groups.setdefault((key, n, mode), []).append((engine, json_mode, r.answer))
        elif r.status == "ok":
            mism.append(f"{key} n={n} {' '.join(mode)} {engine}: unreadable answer")
    for (key, n, mode), lst in groups.items():
        ref = lst[0][2]
        if not all(same(a, ref, mode) for _, _, a in lst):
            mism.append(f"{key} n={n} {' '.join(mode)}: " +
                        "; ".join(f"{e}{' --json' if j else ''} {a}" for e, j, a in lst))
    if mism:
        status = 1
        for m in mism:
            log(f"!!!!!!!! MISMATCH or failure: {m}")

    # ---- report -----------------------------------------------------------------------------
    elapsed = time.time() - started
    out = []
    p = out.append
    p("### Weighted matching at the frontier (issue 34 part 3: `bench/frontier.py`)")
    p("")
    p(f"Run: {datetime.datetime.now().isoformat(timespec='seconds')}, {elapsed / 60:.1f} min "
      f"(generation included; budget {args.budget:g} min, {args.timeout:g} s per run); load "
      f"average before {load_before[0]:.2f}, after {os.getloadavg()[0]:.2f} (1-minute); "
      f"{'one run' if args.repeat == 1 else f'the median of {args.repeat} interleaved runs'} "
      f"per engine, whole process, wall time and peak RSS from /usr/bin/time"
      f"{'; niceness ' + harness.NICE if harness.NICE else ''}."
      f"{' **Smoke run** (toy sizes: the times mean nothing).' if smoke else ''}"
      f"{' ' + args.note if args.note else ''}")
    p("")
    p("Peers: LEMON = MaxWeightedMatching / MaxWeightedPerfectMatching on a SmartGraph, one run "
      "(bench/peers/weighted_lemon.cpp); Blossom V = Kolmogorov's PerfectMatching, default "
      "options (bench/peers/weighted_blossom5.cpp; it solves the perfect question only: its "
      "maximum-weight cells are empty, or with --blossom-max marked † and measured through the "
      "doubled-graph reduction, counting for no target); integer-blossom = the Rust crate's "
      "O(n³) dense algorithm."
      + ("" if have[B5] else " **Blossom V not built** (set BLOSSOM5_DIR): its cells are empty.")
      + ("" if have[IB] else " integer-blossom not built (INTEGER_BLOSSOM=1 builds it)."))
    p("")

    def cell(r, dagger=False):
        if r is None:
            return "—"
        if r.status == "ok":
            return f"{fmt_time(r.wall)}, {fmt_rss(r.rss)}{' †' if dagger else ''}"
        if r.status in ("absent", "n/a"):
            return "—"
        return f"{r.status}{' (' + r.note[:40] + ')' if r.note else ''}"

    p("| workload | vertices | edges | answer (TOTAL PAIRS) | gridmatch | LEMON | Blossom V | "
      "integer-blossom | time: gridmatch / faster peer (target ≤ 0.5) | memory: gridmatch / "
      "leaner peer (target ≤ 2) |")
    p("|---|---|---|---|---|---|---|---|---|---|")
    targets = []
    for label, key, n, mode, counted, info, res in results:
        path, nv, ne = inst.get(key, n)
        g = res[GM]
        ok_peers = [res[e] for e in counted if res[e].status == "ok"]
        tcell = mcell = "—"
        if g.status == "ok" and ok_peers:
            fast = min(r.wall for r in ok_peers)
            lean = min(r.rss for r in ok_peers if r.rss) if any(r.rss for r in ok_peers) else None
            tr = g.wall / fast if fast else None
            mr = g.rss / lean if lean and g.rss else None
            if tr is not None:
                tcell = f"{tr:.2f} {'met' if tr <= 0.5 else '**missed**'}"
                targets.append((f"{label}, n = {n:,}: time", tr <= 0.5, tr, 0.5))
            if mr is not None:
                mcell = f"{mr:.2f} {'met' if mr <= 2 else '**missed**'}"
                targets.append((f"{label}, n = {n:,}: memory", mr <= 2, mr, 2))
        answer = next((r.answer for r in res.values() if r.status == "ok" and r.answer), "—")
        p(f"| {label}, n = {n:,} | {nv:,} | {ne:,} | {answer} | {cell(g)} | "
          f"{cell(res.get(LEMON))} | {cell(res.get(B5), B5 in info)} | "
          f"{cell(res.get(IB)) if IB in res else '—'} | {tcell} | {mcell} |")
    p("")

    # certificates
    p(f"Certificates on G(n, 5n), n = {G1:,}: `gridmatch match --weights MODE --json FILE` "
      "against the plain question with `--json` (targets: time ≤ 2.5×, peak memory ≤ 1.5×, "
      "certificate ≤ 3×), each certificate checked by `gridmatch verify --graph FILE` "
      "(its time and peak RSS in the last column).")
    p("")
    p("| question | answer | time | peak RSS | certificate | time ratio (≤ 2.5) | memory ratio "
      "(≤ 1.5) | size ratio (≤ 3) | verify --graph |")
    p("|---|---|---|---|---|---|---|---|---|")
    base = cert[MAXW][0]
    for mode in (MAXW, MAXCARD, MINPERF):
        r, v = cert[mode]
        ratios = ["—", "—", "—"]
        if mode != MAXW and r.status == "ok" and base.status == "ok":
            for i, (num, den, lim, what) in enumerate(
                    ((r.wall, base.wall, 2.5, "time"), (r.rss, base.rss, 1.5, "memory"),
                     (r.size, base.size, 3, "certificate size"))):
                if num and den:
                    q = num / den
                    ratios[i] = f"{q:.2f} {'met' if q <= lim else '**missed**'}"
                    targets.append((f"`{' '.join(mode)} --json` / `--max --json`: {what}",
                                    q <= lim, q, lim))
        size = "—" if r.size is None else (
            f"{r.size / 1e3:.1f} kB" if r.size < 1e6 else
            f"{r.size / 1e6:.1f} MB" if r.size < 1e9 else f"{r.size / 1e9:.2f} GB")
        vcell = "—" if v is None else (
            f"{v.status}, {fmt_time(v.wall)}, {fmt_rss(v.rss)}" if v.status == "ok"
            else f"**{v.status}**: {v.note[:160]}")
        if v is not None and v.status != "ok":
            targets.append((f"`{' '.join(mode)} --json` certificate verified", False, None, None))
        p(f"| `{' '.join(mode)}` | {r.answer or '—'} | "
          f"{fmt_time(r.wall) if r.status == 'ok' else r.status} | {fmt_rss(r.rss)} | {size} | "
          f"{ratios[0]} | {ratios[1]} | {ratios[2]} | {vcell} |")
    p("")
    p(f"Without `--json`: gridmatch `--max --max-cardinality` {cell(gm_mc_plain)}; LEMON "
      f"(shifted weights) {cell(lemon_mc)}.")
    p("")

    if growth:
        p(f"Growth ({'one run' if args.repeat == 1 else f'the median of {args.repeat} runs'} "
          "per size; exponent = least-squares slope of log time against log n):")
        sizes_hdr = None
        for label, key, mode, series in growth:
            ns = [n for n, _ in next(iter(series.values()))]
            if sizes_hdr != ns:
                p("")
                p("| series | engine | " + " | ".join(f"n = {n:,}" for n in ns) + " | exponent |")
                p("|---|---|" + "---|" * len(ns) + "---|")
                sizes_hdr = ns
            for e, pts in series.items():
                vals = [(nv, r.wall) for nv, r in pts if r.status == "ok"]
                ex = harness.fit_exponent(vals) if len(vals) >= 3 else None
                p(f"| {label} | {e} | " + " | ".join(cell(r) for _, r in pts) +
                  f" | {f'{ex:.2f}' if ex is not None else '—'} |")
        p("")

    p("Targets (issue 34 part 3):")
    p("")
    met = sum(1 for t in targets if t[1])
    p(f"| target | ratio | limit | |")
    p("|---|---|---|---|")
    for what, ok, q, lim in targets:
        p(f"| {what} | {'—' if q is None else f'{q:.2f}'} | {'—' if lim is None else lim} | "
          f"{'met' if ok else '**missed**' + (f' by {q / lim:.1f}×' if q and lim else '')} |")
    p("")
    p(f"{met} of {len(targets)} targets met.")
    p("")
    p("**MISMATCH or failure: " + "; ".join(mism) + "**" if mism else
      "All engines that finished agree on every instance (the total; the number of pairs too "
      "where it is determined).")
    print("\n".join(out))
    if args.json:
        with open(args.json, "w") as f:
            json.dump([dict(family=k, n=n, mode=" ".join(md), engine=e, json=j, status=r.status,
                            wall=r.wall, rss_kb=r.rss, answer=r.answer, size=r.size, note=r.note)
                       for (k, n, md, e, j), r in cache.items()], f, indent=1)
    return status


if __name__ == "__main__":
    sys.exit(main())
