#!/usr/bin/env python3
"""The graph-file section of gridmatch's benchmark (issue 13). Run it through bench/run.sh, which
builds gridmatch and the peers first.

Families at 10⁶ vertices (--smoke: 10⁴), generated with numpy from fixed seeds
(bench/graphgen.py) into the work directory as DIMACS `p edge` files, the bipartite one also as
Matrix Market:

    G(n, m = 3n) · Barabási–Albert (3 edges per new vertex) · 1000² grid, 10% of the vertices
    removed · 100³ grid, 10% removed · random bipartite 10⁶ + 10⁶ with 4·10⁶ edges (.mtx and
    DIMACS)

Then the families of issue 26 (`families`; `--families-only` runs them alone, `--no-families`
skips them): random tree, caterpillar, path, odd cycle, chain of 5-cycles and 1000² grid −10%
(the last four numbered along the graph and shuffled), random 3-regular, Delaunay triangulation
of random points, random geometric graph of mean degree 4, and the floor file (a perfect
matching alone), against LEMON used well, with the issue-26 targets: ≤ 0.5 of LEMON (≤ 0.3 on
trees, paths, caterpillars), shuffled ≤ 1.5× its in-order twin, the floor file's MB/s.

Engines: `gridmatch match FILE` (whole process); bench/peers/match_lemon (LEMON's MaxMatching on
a SmartGraph, greedyInit() + startSparse(), one run; its own reader; whole process, and the
algorithm alone as it reports it) on every file; on the bipartite files also
bench/peers/match_py.py: igraph's maximum_bipartite_matching and scipy's
maximum_bipartite_matching (whole process, and the call alone). Every engine prints the matching
size; each must print what gridmatch prints (MISMATCH otherwise; if gridmatch failed, what the
first peer that finished prints). Prints Markdown tables and the issue-13 target, "≥ 2× faster
than the best peer on every family", judged against the fastest of the peers' times — LEMON's
whole process (as the King targets), the Python peers' call alone (as the Rooks targets).
"""
import argparse
import datetime
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import graphgen  # noqa: E402
import harness  # noqa: E402
from harness import Result, fmt_cpu, fmt_rss, fmt_time, log, run_engine  # noqa: E402

LEMON = "LEMON MaxMatching (greedyInit + startSparse)"
IGRAPH = "igraph maximum_bipartite_matching (push–relabel)"
SCIPY = "scipy maximum_bipartite_matching (Hopcroft–Karp)"
# engine -> the row of its call alone (timed inside the peer)
CALLS = {
    LEMON: "LEMON: greedyInit + startSparse alone",
    IGRAPH: "igraph: the matching call alone",
    SCIPY: "scipy: the matching call alone",
}
# Whose time the target compares with: LEMON's whole process (as the King targets do), the
# Python peers' call alone (as the Rooks targets do: their processes mostly parse text).
JUDGED = {LEMON: LEMON, IGRAPH: CALLS[IGRAPH], SCIPY: CALLS[SCIPY]}


def one_line(text):
    """An engine's error message as one table cell."""
    return " ".join(text.split()).replace("|", "/")


def parse_args():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gridmatch", required=True)
    ap.add_argument("--peers", required=True, help="directory with the built peer programs")
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--runs", type=int, default=None, help="repetitions (default 3; 1 with --smoke)")
    ap.add_argument("--smoke", action="store_true", help="10⁴ vertices instead of 10⁶, one run")
    ap.add_argument("--budget", type=float, default=None,
                    help="minutes after which no engine is started (default 20; 2 with --smoke)")
    ap.add_argument("--json", help="also write raw results here")
    ap.add_argument("--families-only", action="store_true",
                    help="only the families of issue 26 (trees, paths, corridors, meshes, shuffled "
                         "twins, the floor file)")
    ap.add_argument("--no-families", action="store_true", help="skip the issue-26 families")
    return ap.parse_args()


def issue13(args):
    """The issue-13 graph files: prints their tables, returns the exit status."""
    gm, wd, smoke = args.gridmatch, args.workdir, args.smoke
    runs = args.runs if args.runs is not None else (1 if smoke else 3)
    budget = args.budget if args.budget is not None else (2 if smoke else 20)
    os.makedirs(wd, exist_ok=True)
    started = time.time()
    harness.DEADLINE = started + budget * 60
    load_before = os.getloadavg()
    n = 10**4 if smoke else 10**6
    py = sys.executable
    lemon = os.path.join(args.peers, "match_lemon")
    match_py = os.path.join(HERE, "peers", "match_py.py")
    call_file = os.path.join(wd, "call-time.txt")

    def T(seconds):
        return max(10, seconds / 5) if smoke else seconds

    engines = {
        LEMON: lambda p: [lemon, "--call-time", call_file, p],
        IGRAPH: lambda p: [py, match_py, "igraph", "--call-time", call_file, p],
        SCIPY: lambda p: [py, match_py, "scipy", "--call-time", call_file, p],
    }
    # LEMON takes 1–2 minutes on G(n, 3n) at 10⁶ vertices and over 4 on Barabási–Albert and the
    # bipartite files (its limit is then a lower bound of the speed-up); igraph and scipy under
    # a minute on the bipartite files, mostly reading them.
    timeouts = {"gridmatch": 120, LEMON: 150, IGRAPH: 180, SCIPY: 180}

    side2, side3 = round(n ** 0.5), round(n ** (1 / 3))
    # (family, workload label, generator family, seed, peers)
    families = [
        ("G(n, 3n)", f"G(n, m = 3n), n = {n:,}", "gnm", 1301, [LEMON]),
        ("Barabási–Albert", f"Barabási–Albert, m = 3, n = {n:,}", "ba", 1302, [LEMON]),
        ("2-D grid", f"{side2}² grid, 10% removed", "grid2", 1303, [LEMON]),
        ("3-D grid", f"{side3}³ grid, 10% removed", "grid3", 1304, [LEMON]),
        ("bipartite", f"bipartite {n:,} + {n:,}, m = {4 * n:,}", "bip", 1305,
         [IGRAPH, LEMON]),
    ]
    rows = []  # (family, workload, engine, Result, gridmatch Result)
    sizes = {}  # workload -> (vertices, edges)
    per_workload = {}  # (family, workload) -> {engine: Result}
    for family, label, kind, seed, peers in families:
        base = os.path.join(wd, f"graph-{kind}-{n}")
        t0 = time.perf_counter()
        mtx = base + ".mtx" if kind == "bip" else None
        nv, ne = graphgen.make(kind, n, seed, base + ".dimacs", mtx)
        log(f"== generated {label}: {nv} vertices, {ne} edges in {time.perf_counter() - t0:.1f} s")
        # (scipy only on the .mtx: from DIMACS it would need igraph's 2-colouring first)
        files = [(label + (" (DIMACS)" if mtx else ""), base + ".dimacs", peers)]
        if mtx:
            files.append((label + " (Matrix Market)", mtx, [IGRAPH, SCIPY, LEMON]))
        for workload, path, peers in files:
            sizes[workload] = (nv, ne)
            log(f"== {workload}")
            tag = os.path.basename(path)
            g = run_engine([gm, "match", path], path, wd, f"{tag}.gridmatch", runs,
                           T(timeouts["gridmatch"]))
            log(f"   gridmatch: {g.status} {fmt_time(g.median)} {fmt_rss(g.rss_kb)} {g.note}")
            res = {"gridmatch": g}
            rows.append((family, workload, "gridmatch", g, g))
            expect = g.out if g.status == "ok" else None
            for name in peers:
                r = run_engine(engines[name](path), path, wd, f"{tag}.{len(rows)}", runs,
                               T(timeouts[name]), expect=expect, call_file=call_file)
                if expect is None and r.status == "ok":
                    expect = r.out  # gridmatch failed: the peers must agree with each other
                log(f"   {name}: {r.status} {fmt_time(r.median)} {fmt_rss(r.rss_kb)} "
                    f"{('call ' + fmt_time(r.median_call)) if r.calls else ''} {r.note}")
                rows.append((family, workload, name, r, g))
                res[name] = r
                c = Result(r.status, r.calls, None, note=r.note)
                rows.append((family, workload, CALLS[name], c, g))
                res[CALLS[name]] = c
            per_workload[(family, workload)] = res
            try:
                answer = open(expect).read().strip() if expect else "—"
            except OSError:
                answer = "—"
            sizes[workload] = (nv, ne, answer)

    # ---- report ---------------------------------------------------------------------------
    elapsed = time.time() - started
    lines = []
    p = lines.append
    p("### Graph files (issue 13)")
    p("")
    p(f"Run: {datetime.datetime.now().isoformat(timespec='seconds')}, {elapsed / 60:.1f} min "
      f"(budget {budget:g} min, generation included); load average before "
      f"{load_before[0]:.2f}, after {os.getloadavg()[0]:.2f} (1-minute); measured processes "
      f"run at niceness {harness.NICE or '0'}.")
    if smoke:
        p("")
        p("**Smoke run** (`--smoke`): 10⁴ vertices instead of 10⁶, one run each. It checks that "
          "every engine runs and agrees; its times and targets mean nothing.")
    p("")
    p("Workloads (numpy, fixed seeds; DIMACS `p edge` files, the bipartite one also as Matrix "
      "Market; no self-loops or repeated edges):")
    p("")
    p("| workload | vertices | edges | maximum matching |")
    p("|---|---|---|---|")
    for workload, (nv, ne, answer) in sizes.items():
        p(f"| {workload} | {nv:,} | {ne:,} | {answer} |")
    p("")
    p("| workload | engine | runs | median wall | median CPU (user+sys) | peak RSS | "
      "gridmatch/peer (wall) | check |")
    p("|---|---|---|---|---|---|---|---|")
    for _, workload, engine, r, g in rows:
        if r.status in ("ok", "MISMATCH"):
            ratio = (f"{g.median / r.median:.3f}" if engine != "gridmatch" and g.median
                     and r.median else "1" if engine == "gridmatch" else "—")
            p(f"| {workload} | {engine} | {len(r.times)} | {fmt_time(r.median)} | "
              f"{fmt_cpu(r.median_cpu)} | {fmt_rss(r.rss_kb)} | {ratio} | "
              f"{'ok' if r.status == 'ok' else '**MISMATCH**'} |")
        else:
            p(f"| {workload} | {engine} | — | {r.status} | — | — | — | {r.status}"
              f"{(': ' + one_line(r.note)[:80]) if r.note else ''} |")
    p("")

    def best_peer(res, metric):
        """(name, time) of the fastest judged peer time, or (None, None)."""
        best = (None, None)
        for name, judged in JUDGED.items():
            r = res.get(judged)
            if not r or r.status != "ok" or not r.times:
                continue
            t = r.median if (metric == "wall" or judged != name) else r.median_cpu
            if t is not None and (best[1] is None or t < best[1]):
                best = (judged, t)
        return best

    def targets(metric):
        tg = []
        for (family, workload), res in per_workload.items():
            g = res["gridmatch"]
            gt = g.median if metric == "wall" else g.median_cpu
            name, bt = best_peer(res, metric)
            what = f"{workload}: ≥ 2× faster than the best peer"
            if g.status != "ok" or gt is None:
                verdict = "not judged (budget)" if g.status == "skipped" else "missed"
                tg.append((what, f"gridmatch: {g.status}", verdict))
            elif name is None:
                # No peer finished: one that exceeded its own time limit (not the budget) is
                # slower than that limit.
                late = [T(timeouts[e]) for e in JUDGED if res.get(e) and
                        res[e].status == "timeout" and res[e].note != "budget"]
                if late and len(late) == sum(1 for e in JUDGED if e in res):
                    q = min(late) / gt
                    tg.append((what, f"> {q:.2f}× ({fmt_time(gt)} vs every peer timed out, "
                                     f"> {min(late):g} s)",
                               "met" if q >= 2 else "not judged (the peers timed out)"))
                else:
                    tg.append((what, "no peer finished", "not judged"))
            elif gt == 0 or bt == 0:
                tg.append((what, "below 10 ms", "not judged"))
            else:
                q = bt / gt
                tg.append((what, f"{q:.2f}× ({fmt_time(gt)} vs {name} {fmt_time(bt)})",
                           "met" if q >= 2 else f"missed: needs {2 / q:.2f}× more speed"))
        return tg

    p("gridmatch against the best peer of each workload (median wall time; the peers' times "
      "judged: LEMON's whole process, igraph's and scipy's call alone):")
    p("")
    p("| family | workload | gridmatch | best peer | its time | speed-up |")
    p("|---|---|---|---|---|---|")
    for (family, workload), res in per_workload.items():
        g = res["gridmatch"]
        name, bt = best_peer(res, "wall")
        sp = f"{bt / g.median:.2f}×" if (bt and g.status == "ok" and g.median) else "—"
        gshown = fmt_time(g.median) if g.status in ("ok", "MISMATCH") else g.status
        if name is None:
            name = "; ".join(f"{e}: {res[e].status}" for e in JUDGED if e in res) or "—"
        p(f"| {family} | {workload} | {gshown} | {name} | {fmt_time(bt)} | {sp} |")
    p("")
    tw, tc = targets("wall"), targets("cpu")
    p("Targets (issue 13: ≥ 2× faster than the best peer on every family; judged on the median "
      "wall time and again on the median CPU time — the Python peers' call alone is a wall "
      "time in both):")
    p("")
    p("| target | measured (wall) | verdict (wall) | measured (CPU) | verdict (CPU) |")
    p("|---|---|---|---|---|")
    cpu_by_name = {a: (b, c) for a, b, c in tc}
    for a, b, c in tw:
        b2, c2 = cpu_by_name.get(a, ("—", "—"))
        if (b2, c2) == (b, c):
            b2, c2 = "(same)", ""
        p(f"| {a} | {b} | {c} | {b2} | {c2} |")
    p("")
    met = sum(1 for _, _, v in tw if v == "met")
    missed = sum(1 for _, _, v in tw if v.startswith("missed"))
    p(f"Issue-13 targets on wall time: {met} met, {missed} missed, "
      f"{len(tw) - met - missed} not judged.")
    p("")
    mism = [f"{w} / {e}" for _, w, e, r, _ in rows
            if r.status == "MISMATCH" and e not in CALLS.values()]
    failed = [f"{w} / {e}: {one_line(r.note)[:60]}" for _, w, e, r, _ in rows
              if r.status == "error" and e not in CALLS.values()]
    skipped = [f"{w} / {e}" for _, w, e, r, _ in rows
               if r.status == "skipped" and e not in CALLS.values()]
    if skipped:
        p(f"Not run (the {budget:g}-minute budget was spent): {len(skipped)} engine runs, from "
          f"{skipped[0]} on.")
        p("")
    if failed:
        p("**Failed: " + "; ".join(failed) + "**")
        p("")
    p("**MISMATCH: " + "; ".join(mism) + "**" if mism else
      "All engines agree on every graph file they finished.")
    print("\n".join(lines))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({
                "rows": [dict(family=fa, workload=w, engine=e, status=r.status, times=r.times,
                              cpu=r.cpu, calls=r.calls, rss_kb=r.rss_kb, note=r.note)
                         for fa, w, e, r, _ in rows],
                "workloads": {w: dict(vertices=s[0], edges=s[1], matching=s[2])
                              for w, s in sizes.items()},
                "smoke": smoke,
            }, f, indent=1)
    return 1 if (mism or failed) else 0

# ---------------------------------------------------------------------------------------------
# Issue 26: trees, paths, corridors, meshes, shuffled twins and the floor file
# ---------------------------------------------------------------------------------------------

# (key, family, generator family, in-order twin key or None, target: "tree" (≤ 0.3 of LEMON),
# "general" (≤ 0.5) or "floor" (≤ 0.5, and the reading speed))
FAMILIES = [
    ("tree", "random tree", "tree", None, "tree"),
    ("caterpillar", "caterpillar (path with leaves)", "caterpillar", None, "tree"),
    ("path", "path, numbered along it", "path", None, "tree"),
    ("path-shuffled", "path, shuffled", "path-shuffled", "path", "tree"),
    ("cycle", "odd cycle, in order", "cycle", None, "general"),
    ("cycle-shuffled", "odd cycle, shuffled", "cycle-shuffled", "cycle", "general"),
    ("chain5", "chain of 5-cycles, in order", "chain5", None, "general"),
    ("chain5-shuffled", "chain of 5-cycles, shuffled", "chain5-shuffled", "chain5", "general"),
    ("grid2", "1000² grid −10%, in order", "grid2", None, "general"),
    ("grid2-shuffled", "1000² grid −10%, shuffled", "grid2-shuffled", "grid2", "general"),
    ("reg3", "random 3-regular", "reg3", None, "general"),
    ("delaunay", "Delaunay triangulation of random points", "delaunay", None, "general"),
    ("geometric", "random geometric, mean degree 4", "geometric", None, "general"),
    ("floor", "a perfect matching alone (the floor)", "floor", None, "floor"),
]
# Targets of issue 26 (gridmatch / LEMON used well, whole process against whole process).
BOUND = {"tree": 0.3, "general": 0.5, "floor": 0.5}
TWIN_BOUND = 1.5
READ_TARGET = 300  # MB/s on the floor file


def families(args):
    """Issue 26's families: `gridmatch match FILE` against LEMON used well (greedyInit +
    startSparse, one run, its own reader), whole process against whole process, median of the
    runs, answers compared. Prints the table with each target met or missed by how much;
    returns the exit status (1 on a mismatch or a failure)."""
    gm, smoke = args.gridmatch, args.smoke
    wd = os.path.join(args.workdir, "families")
    runs = args.runs if args.runs is not None else (1 if smoke else 3)
    budget = args.budget if args.budget is not None else (2 if smoke else 10)
    os.makedirs(wd, exist_ok=True)
    started = time.time()
    harness.DEADLINE = started + budget * 60
    load_before = os.getloadavg()
    n = 10**4 if smoke else 10**6
    lemon = os.path.join(args.peers, "match_lemon")
    call_file = os.path.join(wd, "call-time.txt")
    limit = 20 if smoke else 120
    res = {}  # key -> dict(nv, ne, bytes, answer, g=Result, l=Result)
    for key, label, kind, twin, target in FAMILIES:
        path = os.path.join(wd, f"{kind}-{n}.dimacs")
        t0 = time.perf_counter()
        # Fixed seeds; a shuffled twin has its in-order twin's (the same graph, renumbered).
        seed = 2601 + [k for k, *_ in FAMILIES].index(twin or key)
        if kind == "grid2" or twin == "grid2":
            side = round(n ** 0.5)
            label = label.replace("1000²", f"{side}²")
        nv, ne = graphgen.make(kind, n, seed, path)
        log(f"== generated {label}: {nv} vertices, {ne} edges in {time.perf_counter() - t0:.1f} s")
        g = run_engine([gm, "match", path], path, wd, f"{key}.gridmatch", runs, limit)
        log(f"   gridmatch: {g.status} {fmt_time(g.median)} {g.note}")
        expect = g.out if g.status == "ok" else None
        lr = run_engine([lemon, "--call-time", call_file, path], path, wd, f"{key}.lemon", runs,
                        limit, expect=expect, call_file=call_file)
        log(f"   LEMON: {lr.status} {fmt_time(lr.median)} call {fmt_time(lr.median_call)} "
            f"{lr.note}")
        out = expect or (lr.out if lr.status == "ok" else None)
        try:
            answer = open(out).read().strip() if out else "—"
        except OSError:
            answer = "—"
        res[key] = dict(label=label, nv=nv, ne=ne, bytes=os.path.getsize(path), answer=answer,
                        g=g, l=lr, twin=twin, target=target)

    def ok(r):
        return r.status == "ok" and r.median

    lines = []
    p = lines.append
    elapsed = time.time() - started
    p("### Issue-26 families: trees, paths, corridors, meshes, shuffled twins, the floor")
    p("")
    p(f"Run: {datetime.datetime.now().isoformat(timespec='seconds')}, {elapsed / 60:.1f} min "
      f"(generation included); load average before {load_before[0]:.2f}, after "
      f"{os.getloadavg()[0]:.2f} (1-minute); measured processes run at niceness "
      f"{harness.NICE or '0'}. `gridmatch match FILE` against LEMON used well "
      f"(bench/peers/match_lemon: SmartGraph, greedyInit() + startSparse(), one run, its own "
      f"reader), whole process against whole process, median of {runs} runs (fewer for runs over "
      f"1.5 s), answers compared.")
    if smoke:
        p("")
        p("**Smoke run** (`--smoke`): 10⁴ vertices instead of 10⁶ (below the size at which "
          "gridmatch renumbers), one run each. It checks that both engines run and agree; its "
          "times and targets mean nothing.")
    p("")
    p("| family | vertices | edges | maximum matching | gridmatch | LEMON (its call alone) | "
      "gridmatch / LEMON | target | verdict |")
    p("|---|---|---|---|---|---|---|---|---|")
    verdicts = []
    for key, r in res.items():
        g, lr = r["g"], r["l"]
        bound = BOUND[r["target"]]
        gshown = fmt_time(g.median) if ok(g) else g.status
        lshown = (f"{fmt_time(lr.median)} ({fmt_time(lr.median_call)})" if ok(lr)
                  else lr.status)
        if lr.status == "MISMATCH" or g.status == "MISMATCH":
            ratio, verdict = "—", "**MISMATCH**"
        elif ok(g) and ok(lr):
            q = g.median / lr.median
            ratio = f"{q:.2f}"
            verdict = "met" if q <= bound else f"missed by {q / bound:.2f}×"
        else:
            ratio, verdict = "—", "not judged"
        verdicts.append(verdict)
        p(f"| {r['label']} | {r['nv']:,} | {r['ne']:,} | {r['answer']} | {gshown} | {lshown} | "
          f"{ratio} | ≤ {bound} | {verdict} |")
    p("")
    p(f"Shuffled twins (same graph, vertices renumbered by a random permutation, lines in random "
      f"order): target ≤ {TWIN_BOUND}× the in-order twin.")
    p("")
    p("| family | in order | shuffled | shuffled / in order | verdict | LEMON in order / "
      "shuffled |")
    p("|---|---|---|---|---|---|")
    for key, r in res.items():
        if not r["twin"]:
            continue
        a, b = res[r["twin"]], r
        if ok(a["g"]) and ok(b["g"]):
            q = b["g"].median / a["g"].median
            verdict = "met" if q <= TWIN_BOUND else f"missed by {q / TWIN_BOUND:.2f}×"
            qs = f"{q:.2f}×"
        else:
            verdict, qs = "not judged", "—"
        verdicts.append(verdict)
        lemon_pair = (f"{fmt_time(a['l'].median)} / {fmt_time(b['l'].median)}"
                      if ok(a["l"]) and ok(b["l"]) else "—")
        p(f"| {a['label'].split(',')[0]} | {fmt_time(a['g'].median)} | "
          f"{fmt_time(b['g'].median)} | {qs} | {verdict} | {lemon_pair} |")
    p("")
    fl = res.get("floor")
    if fl and ok(fl["g"]):
        mbs = fl["bytes"] / 1e6 / fl["g"].median
        verdict = "met" if mbs >= READ_TARGET else f"missed by {READ_TARGET / mbs:.2f}×"
        verdicts.append(verdict)
        p(f"Reading speed: the floor file ({fl['bytes'] / 1e6:.1f} MB, a perfect matching alone, "
          f"so matching it is trivial) in {fmt_time(fl['g'].median)}, whole process: "
          f"**{mbs:.0f} MB/s** (file size / whole-process time; reading, building and matching "
          f"all counted, so a lower bound of the reader's own speed); target ≥ {READ_TARGET} "
          f"MB/s: {verdict}.")
        p("")
    met = sum(1 for v in verdicts if v == "met")
    missed = sum(1 for v in verdicts if v.startswith("missed"))
    p(f"Issue-26 targets here: {met} met, {missed} missed, {len(verdicts) - met - missed} not "
      f"judged.")
    bad = [k for k, r in res.items() if "MISMATCH" in (r["g"].status, r["l"].status)]
    failed = [f"{k} / {e}: {one_line(r[e].note)[:60]}" for k, r in res.items() for e in "gl"
              if r[e].status == "error"]
    p("")
    if failed:
        p("**Failed: " + "; ".join(failed) + "**")
        p("")
    p("**MISMATCH: " + "; ".join(bad) + "**" if bad else
      "gridmatch and LEMON agree on every family both finished.")
    print("\n".join(lines))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({k: dict(family=r["label"], vertices=r["nv"], edges=r["ne"],
                               bytes=r["bytes"], matching=r["answer"],
                               gridmatch=dict(status=r["g"].status, times=r["g"].times),
                               lemon=dict(status=r["l"].status, times=r["l"].times,
                                          calls=r["l"].calls))
                       for k, r in res.items()}, f, indent=1)
    return 1 if (bad or failed) else 0



def main():
    args = parse_args()
    status = 0
    if not args.families_only:
        status = issue13(args)
    if not args.no_families:
        if args.json and not args.families_only:
            args.json = args.json.removesuffix(".json") + "-families.json"
        status = families(args) or status
    return status


if __name__ == "__main__":
    sys.exit(main())
