#!/usr/bin/env python3
"""The weighted-matching section of gridmatch's benchmark (issue 25). Run it through
bench/run.sh (`--weighted-only`, or as part of the full run), which builds gridmatch and the
peers and makes the virtualenv with the Python peers (bench/requirements-weighted.txt); alone:

    weighted.py --gridmatch BIN --peers DIR --workdir DIR [--quick] [--runs N] [--budget MIN]
                [--json FILE] [--keep]

Instances, generated with numpy from fixed seeds into the work directory:
  - G(n, m = 5n) and 2-D grids (side², every vertex kept), n = 10⁴, 10⁵, 10⁶, integer weights
    1..10⁶, DIMACS `e U V W`: maximum-weight matching (`--max`, any cardinality);
  - Euclidean perfect matching as in Blossom V's papers: n random points in a square of side √n,
    the edges to each point's 10 nearest neighbours, weights = round(1000 × distance), n = 10⁴,
    10⁵, 10⁶: minimum-cost perfect matching (`--min --perfect`);
  - dense assignment n = 2000, 5000: Matrix Market `integer general` with every entry, weights
    1..10⁶, minimum-cost perfect matching;
  - sparse assignment 10⁵ + 10⁵ with 5·10⁵ entries (a random permutation, so that a perfect
    matching exists, plus 4·10⁵ random entries), weights 1..10⁶, minimum-cost perfect matching.
  --quick: n = 500 and 5000 for the sparse families, 300 and 600 dense, 10⁴ + 10⁴ sparse
  bipartite; networkx and rustworkx only where predicted under 10 s (about a minute).

Engines: `gridmatch match --weights …` (whole process); bench/peers/weighted_lemon (LEMON's
MaxWeightedMatching / MaxWeightedPerfectMatching on a SmartGraph, one run: whole process, and
the call alone as it reports it) on every instance; bench/peers/weighted_py.py (the call alone):
networkx and rustworkx max_weight_matching on the general and Euclidean graphs (skipped, and
said so, where the growth measured on the smaller sizes predicts over 120 s), scipy
linear_sum_assignment and the `lap` package's lapjv on the dense matrices, scipy
min_weight_full_bipartite_matching on both bipartite families. (lap's lapmod, the sparse LAPJV, is
left out: lap 0.5.13 refuses costs of 10⁶ and over, and on the shifted sparse instances it
crashed (exit 139) or raised an internal error; bench/peers/weighted_py.py keeps it for trying.)
Every engine's total must equal the others' (and the number of pairs too where it is
determined: perfect matchings); otherwise the row says **MISMATCH** and the script exits 1.
Prints Markdown tables for docs/BENCHMARKS.md: every run, then gridmatch's ratio to each peer
(whole process / the peer's time: LEMON's whole process and call, the Python peers' call) and
the issue-25 targets.
"""
import argparse
import datetime
import json
import math
import os
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import graphgen  # noqa: E402
import harness  # noqa: E402
from harness import Result, fmt_rss, fmt_time, log, run_engine  # noqa: E402

NX_LIMIT = 120  # seconds: networkx / rustworkx runs predicted longer than this are skipped
GM, LEMON, NX, RX, LSA, LAPJV, MWFBM, LAPMOD = (
    "gridmatch", "LEMON", "networkx", "rustworkx", "scipy linear_sum_assignment",
    "lap lapjv", "scipy min_weight_full_bipartite_matching", "lap lapmod")


# ---------------------------------------------------------------------------------------------
# Instances
# ---------------------------------------------------------------------------------------------


def write_dimacs(path, n, u, v, w, comment):
    with open(path, "wb") as f:
        f.write(f"c {comment}\np edge {n} {u.size}\n".encode())
        f.write(graphgen.lines("e ", [u + 1, v + 1, w]))


def write_mtx(path, rows, cols, r, c, w, comment):
    with open(path, "wb") as f:
        f.write(f"%%MatrixMarket matrix coordinate integer general\n% {comment}\n"
                f"{rows} {cols} {r.size}\n".encode())
        f.write(graphgen.lines("", [r + 1, c + 1, w]))


def euclidean(n, seed, k=10):
    """n points in a square of side √n, each joined to its k nearest neighbours; weights
    round(1000 × distance). Returns (u, v, w)."""
    from scipy.spatial import cKDTree
    rng = np.random.default_rng(seed)
    pts = rng.random((n, 2)) * math.sqrt(n)
    dist, idx = cKDTree(pts).query(pts, k=k + 1)
    u = np.repeat(np.arange(n), k)
    v = idx[:, 1:].ravel().astype(np.int64)
    a, b = np.minimum(u, v), np.maximum(u, v)
    key = graphgen.unique(a * n + b)
    a, b = key // n, key % n
    w = np.rint(1000 * np.hypot(*(pts[a] - pts[b]).T)).astype(np.int64)
    perm = rng.permutation(a.size)
    return a[perm], b[perm], w[perm]


def make(kind, n, seed, path):
    """Writes one instance; returns (vertices, edges, description)."""
    rng = np.random.default_rng(seed + 7)
    if kind == "gnm":
        nv, u, v = graphgen.gnm(n, seed, per_vertex=5)
        w = rng.integers(1, 10**6 + 1, u.size)
        what = f"G(n, m = 5n), n = {n}, weights 1..10^6, seed {seed}"
        write_dimacs(path, nv, u, v, w, what)
    elif kind == "grid":
        side = round(math.sqrt(n))
        nv, u, v = graphgen.grid((side, side), seed, removed=0.0)
        w = rng.integers(1, 10**6 + 1, u.size)
        what = f"{side}x{side} grid, weights 1..10^6, seed {seed}"
        write_dimacs(path, nv, u, v, w, what)
    elif kind == "euclid":
        nv = n
        u, v, w = euclidean(n, seed)
        what = f"Euclidean, {n} points in a square of side sqrt(n), 10 nearest neighbours, " \
               f"weights round(1000 x distance), seed {seed}"
        write_dimacs(path, nv, u, v, w, what)
    elif kind == "dense":
        nv = 2 * n
        r = np.repeat(np.arange(n), n)
        c = np.tile(np.arange(n), n)
        w = rng.integers(1, 10**6 + 1, r.size)
        what = f"dense assignment {n} x {n}, weights 1..10^6, seed {seed}"
        write_mtx(path, n, n, r, c, w, what)
        u = r
    elif kind == "sparse":
        nv = 2 * n
        # a random permutation (a perfect matching exists), then 4n random other entries
        perm = rng.permutation(n)
        r0 = rng.integers(0, n, 4 * n + 4 * n // 10 + 16)
        c0 = rng.integers(0, n, r0.size)
        key = graphgen.unique(np.concatenate([np.arange(n) * n + perm, r0 * n + c0]))
        extra = np.setdiff1d(key, np.arange(n) * n + perm, assume_unique=True)
        extra = extra[rng.permutation(extra.size)[:4 * n]]
        key = np.concatenate([np.arange(n) * n + perm, extra])
        key = key[rng.permutation(key.size)]
        r, c = key // n, key % n
        w = rng.integers(1, 10**6 + 1, r.size)
        what = f"sparse assignment {n} + {n}, {r.size} entries, weights 1..10^6, seed {seed}"
        write_mtx(path, n, n, r, c, w, what)
        u = r
    else:
        raise ValueError(kind)
    return nv, int(u.size), what


# ---------------------------------------------------------------------------------------------
# The benchmark
# ---------------------------------------------------------------------------------------------


def first_line(path):
    try:
        with open(path) as f:
            return f.readline().strip()
    except OSError:
        return None


def answer_of(line, mode_perfect):
    """What must agree: the total, and the pairs where they are determined."""
    if line is None:
        return None
    if line == "no perfect matching":
        return line
    parts = line.split()
    if len(parts) != 2:
        return ("?", line)
    return (parts[0], parts[1]) if mode_perfect else (parts[0],)


def fit(points):
    """Least-squares exponent of time against n; None with fewer than 2 points."""
    pts = [(math.log(n), math.log(t)) for n, t in points if t and t > 0]
    if len(pts) < 2:
        return None
    mx = sum(x for x, _ in pts) / len(pts)
    my = sum(y for _, y in pts) / len(pts)
    sxx = sum((x - mx) ** 2 for x, _ in pts)
    return sum((x - mx) * (y - my) for x, y in pts) / sxx if sxx else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gridmatch", required=True)
    ap.add_argument("--peers", required=True, help="directory with weighted_lemon built")
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--quick", action="store_true", help="small sizes only (under a minute)")
    ap.add_argument("--runs", type=int, default=1, help="repetitions per engine (default 1)")
    ap.add_argument("--budget", type=float, default=None,
                    help="minutes after which no engine is started (default 60; 3 --quick)")
    ap.add_argument("--json", help="also write raw results here")
    ap.add_argument("--only", help="comma-separated families (gnm,grid,euclid,dense,sparse)")
    args = ap.parse_args()

    quick = args.quick
    wd = args.workdir
    os.makedirs(wd, exist_ok=True)
    budget = args.budget if args.budget is not None else (3 if quick else 60)
    started = time.time()
    harness.DEADLINE = started + budget * 60
    load_before = os.getloadavg()
    py = sys.executable
    wpy = os.path.join(HERE, "peers", "weighted_py.py")
    lemon = os.path.join(args.peers, "weighted_lemon")
    call_file = os.path.join(wd, "call-time.txt")
    gm = args.gridmatch

    sparse_sizes = [500, 5000] if quick else [10**4, 10**5, 10**6]
    dense_sizes = [300, 600] if quick else [2000, 5000]
    bip_size = 10**4 if quick else 10**5
    # (family key, label, mode flags, sizes, peers)
    maxw, minperf = ["--max"], ["--min", "--perfect"]
    families = [
        ("gnm", "G(n, 5n)", maxw, sparse_sizes, [LEMON, NX, RX]),
        ("grid", "2-D grid", maxw, sparse_sizes, [LEMON, NX, RX]),
        ("euclid", "Euclidean, 10-NN", minperf, sparse_sizes, [LEMON, NX, RX]),
        ("dense", "dense assignment", minperf, dense_sizes, [LAPJV, LSA, MWFBM, LEMON]),
        ("sparse", "sparse assignment", minperf, [bip_size], [MWFBM, LEMON]),
    ]
    if args.only:
        keep = set(args.only.split(","))
        families = [f for f in families if f[0] in keep]

    nx_limit = 10 if quick else NX_LIMIT
    timeouts = {GM: 300, LEMON: 300, NX: 150, RX: 150, LSA: 300, LAPJV: 300, MWFBM: 300,
                LAPMOD: 300}
    if quick:
        timeouts = {k: 30 for k in timeouts}

    def cmd(engine, mode, path):
        if engine == GM:
            return [gm, "match", "--weights", *mode, path]
        if engine == LEMON:
            return [lemon, *(f for f in mode if f != "--max"), "--call-time", call_file, path]
        name = {NX: "networkx", RX: "rustworkx", LSA: "lsa", LAPJV: "lapjv", MWFBM: "mwfbm",
                LAPMOD: "lapmod"}[engine]
        return [py, wpy, name, *(f for f in mode if f != "--max"), "--call-time", call_file,
                path]

    rows = []  # dict per instance
    history = {}  # (family, engine) -> [(n, call seconds)]
    status = 0
    for key, label, mode, sizes, peers in families:
        for i, n in enumerate(sizes):
            ext = "mtx" if key in ("dense", "sparse") else "dimacs"
            path = os.path.join(wd, f"w-{key}-{n}.{ext}")
            t0 = time.perf_counter()
            nv, ne, what = make(key, n, 2500 + 10 * len(rows), path)
            log(f"== {label} n = {n:,}: {nv:,} vertices, {ne:,} edges "
                f"({time.perf_counter() - t0:.1f} s to generate, "
                f"{os.path.getsize(path) / 1e6:.0f} MB)")
            tag = os.path.basename(path)
            res = {}
            perfect = "--perfect" in mode
            for engine in [GM] + peers:
                if engine in (NX, RX):
                    pts = history.get((key, engine), [])
                    if pts and pts[-1][1] is None:
                        res[engine] = Result("skipped", note="a smaller size did not finish")
                        log(f"   {engine}: skipped (a smaller size did not finish)")
                        continue
                    if pts:
                        e = fit(pts) or 2.0
                        e = max(e, 1.0)
                        est = pts[-1][1] * (nv / pts[-1][0]) ** e
                        if est > nx_limit:
                            res[engine] = Result("skipped", note=f"predicted {est:.0f} s "
                                                 f"(exponent {e:.2f}) > {nx_limit} s")
                            log(f"   {engine}: skipped, predicted {est:.0f} s")
                            continue
                    elif nv > 20000:
                        res[engine] = Result("skipped", note="no smaller size measured")
                        continue
                r = run_engine(cmd(engine, mode, path), path, wd, f"{tag}.{engine[:6]}",
                               args.runs, timeouts[engine],
                               call_file=None if engine == GM else call_file)
                r.answer = answer_of(first_line(r.out) if r.status == "ok" else None, perfect)
                res[engine] = r
                if engine in (NX, RX):
                    history.setdefault((key, engine), []).append(
                        (nv, r.median_call if r.status == "ok" else None))
                log(f"   {engine}: {r.status} {fmt_time(r.median)} "
                    f"{('call ' + fmt_time(r.median_call)) if r.calls else ''} "
                    f"{first_line(r.out) if r.status == 'ok' else r.note[:200]}")
            # agreement: every finished engine against the first one that finished
            answers = {e: r.answer for e, r in res.items() if r.status == "ok"}
            ref = next(iter(answers.values()), None)
            agree = all(a == ref for a in answers.values())
            if not agree:
                status = 1
                log(f"!!!!!!!! MISMATCH on {path}: " +
                    "; ".join(f"{e}: {first_line(res[e].out)}" for e in answers))
                keep_dir = os.environ.get("WEIGHTED_FINDINGS")
                if keep_dir:
                    os.makedirs(keep_dir, exist_ok=True)
                    os.system(f"cp '{path}' '{keep_dir}/'")
            if any(r.status == "error" for r in res.values()):
                status = 1
            rows.append(dict(family=label, key=key, n=n, vertices=nv, edges=ne,
                             mode=" ".join(mode), res=res, agree=agree,
                             answer=first_line(next((r.out for r in res.values()
                                                     if r.status == "ok"), None) or "") or "—"))

    # ---- report -------------------------------------------------------------------------------
    elapsed = time.time() - started
    out = []
    p = out.append
    p("### Weighted matching (issue 25)")
    p("")
    p(f"Run: {datetime.datetime.now().isoformat(timespec='seconds')}, {elapsed / 60:.1f} min "
      f"(budget {budget:g} min, generation included); load average before "
      f"{load_before[0]:.2f}, after {os.getloadavg()[0]:.2f} (1-minute); "
      f"{args.runs} run(s) per engine.{' **Quick run** (small sizes).' if quick else ''}")
    p("")
    p("gridmatch: the whole process (`gridmatch match --weights`, reading the file included). "
      "LEMON: whole process (its own reader) and the call alone (algorithm object + run()). "
      "Python peers: the call alone. Ratio = gridmatch's whole process / the peer's time "
      "(below 1: gridmatch is faster).")
    p("")
    p("| family | n (vertices) | edges | mode | answer (TOTAL PAIRS) | engine | whole process | "
      "call alone | peak RSS | gridmatch/peer | check |")
    p("|---|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        g = row["res"][GM]
        gt = g.median if g.status == "ok" else None
        for engine, r in row["res"].items():
            if r.status == "ok":
                peer_t = r.median_call if engine not in (GM, LEMON) else r.median
                ratio = "—"
                if engine == GM:
                    ratio = "1"
                elif gt and peer_t:
                    ratio = f"{gt / peer_t:.3f}"
                    if engine == LEMON and r.median_call:
                        ratio += f" (call: {gt / r.median_call:.3f})"
                ok = "ok" if r.answer == next(a.answer for a in row["res"].values()
                                              if a.status == "ok") else "**MISMATCH**"
                whole = fmt_time(r.median) if engine in (GM, LEMON) else \
                    f"({fmt_time(r.median)})"
                p(f"| {row['family']} | {row['vertices']:,} | {row['edges']:,} | {row['mode']} "
                  f"| {row['answer']} | {engine} | {whole} | {fmt_time(r.median_call)} | "
                  f"{fmt_rss(r.rss_kb)} | {ratio} | {ok} |")
            else:
                note = " ".join((r.note or "").split()).replace("|", "/")[:100]
                p(f"| {row['family']} | {row['vertices']:,} | {row['edges']:,} | {row['mode']} "
                  f"| {row['answer']} | {engine} | {r.status} | — | — | — | {r.status}"
                  f"{': ' + note if note else ''} |")
    p("")
    # growth of gridmatch on the sparse families
    growth = []
    for key, label, *_ in families:
        pts = [(row["vertices"], row["res"][GM].median) for row in rows if row["key"] == key
               and row["res"][GM].status == "ok"]
        e = fit(pts)
        if e is not None and len(pts) >= 2:
            growth.append(f"{label}: {e:.2f} ({len(pts)} sizes)")
    if growth:
        p("Growth exponent of gridmatch's time against the number of vertices: "
          + "; ".join(growth) + ".")
        p("")
    mism = [f"{row['family']} n = {row['vertices']:,}" for row in rows if not row["agree"]]
    errs = [f"{row['family']} n = {row['vertices']:,} / {e}: "
            f"{' '.join((r.note or '').split())[:80]}"
            for row in rows for e, r in row["res"].items() if r.status == "error"]
    if errs:
        p("**Failed: " + "; ".join(errs) + "**")
        p("")
    p("**MISMATCH: " + "; ".join(mism) + "**" if mism else
      "All engines that finished agree on every instance (total weight; pairs too for perfect "
      "matchings).")
    print("\n".join(out))
    if args.json:
        with open(args.json, "w") as f:
            json.dump([dict(family=row["family"], vertices=row["vertices"], edges=row["edges"],
                            mode=row["mode"], answer=row["answer"], agree=row["agree"],
                            engines={e: dict(status=r.status, times=r.times, calls=r.calls,
                                             rss_kb=r.rss_kb, note=r.note)
                                     for e, r in row["res"].items()})
                       for row in rows], f, indent=1)
    return status


if __name__ == "__main__":
    sys.exit(main())
