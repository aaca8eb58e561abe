#!/usr/bin/env python3
"""gridmatch's cross-engine benchmark (in the spirit of rebar). Run it through bench/run.sh,
which installs the peers' libraries and builds everything first.

For every workload it generates the input with `gridmatch gen` (fixed seeds), runs gridmatch
first, then every peer engine on the same file, checks that each engine prints exactly what
gridmatch prints (MISMATCH otherwise), repeats each run a few times, and prints Markdown tables:
median wall time, peak RSS (from /usr/bin/time -f '%e %M'), ratio gridmatch/peer, then growth
series with fitted exponents, then the targets.
"""
import argparse
import datetime
import json
import math
import os
import platform
import signal
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# Niceness of the measured processes (e.g. "-15" as root, so that other work on a shared
# machine disturbs the timings less); empty for none.
NICE = os.environ.get("BENCH_NICE", "")


def log(msg):
    print(msg, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------------------------
# Running one engine
# --------------------------------------------------------------------------------------------


class Result:
    def __init__(self, status, times=(), rss_kb=None, out=None, note="", cpu=()):
        self.status = status  # ok | MISMATCH | timeout | error | skipped
        self.times = list(times)  # wall seconds per run
        self.cpu = list(cpu)  # user + system seconds per run (all threads)
        self.rss_kb = rss_kb
        self.out = out
        self.note = note

    @property
    def median(self):
        return statistics.median(self.times) if self.times else None

    @property
    def best(self):
        return min(self.times) if self.times else None

    @property
    def median_cpu(self):
        return statistics.median(self.cpu) if self.cpu else None


def run_once(cmd, inp, out_path, timeout, workdir):
    """Runs `cmd < inp > out_path` under /usr/bin/time; returns
    (status, wall seconds, (rss_kb, cpu seconds), err)."""
    tf = os.path.join(workdir, "time.txt")
    ef = os.path.join(workdir, "stderr.txt")
    full = ["/usr/bin/time", "-f", "%e %M %U %S", "-o", tf] + cmd
    if NICE:
        full = ["nice", "-n", NICE] + full
    with open(inp, "rb") as fi, open(out_path, "wb") as fo, open(ef, "wb") as fe:
        t0 = time.perf_counter()
        p = subprocess.Popen(full, stdin=fi, stdout=fo, stderr=fe, start_new_session=True)
        try:
            p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)  # our own process group only
            p.wait()
            return "timeout", None, (None, None), ""
        wall = time.perf_counter() - t0
    err = open(ef, "rb").read().decode(errors="replace")[-400:]
    rss, cpu = None, None
    try:
        fields = open(tf).read().split()[-4:]
        rss, cpu = int(fields[1]), float(fields[2]) + float(fields[3])
    except (OSError, ValueError, IndexError):
        pass
    if p.returncode != 0:
        return "error", wall, (rss, cpu), f"exit {p.returncode}: {err.strip()}"
    return "ok", wall, (rss, cpu), ""


def run_engine(cmd, inp, workdir, tag, runs, timeout, expect=None, check=None):
    """Runs an engine up to `runs` times (once if the first run takes over 5 s, twice over
    1.5 s). `expect` is the path of gridmatch's output to compare with; `check` a custom
    comparison `(out_path) -> bool`."""
    out_path = os.path.join(workdir, f"out.{tag}")
    times, cpus, rss = [], [], 0
    for i in range(runs):
        status, wall, (r, c), err = run_once(cmd, inp, out_path, timeout, workdir)
        if status != "ok":
            return Result(status, times, rss or None, note=err, cpu=cpus)
        times.append(wall)
        if c is not None:
            cpus.append(c)
        rss = max(rss, r or 0)
        if i == 0:
            if wall > 5:
                break
            if wall > 1.5:
                runs = min(runs, 2)
    status = "ok"
    if expect is not None and open(out_path, "rb").read() != open(expect, "rb").read():
        status = "MISMATCH"
    if check is not None and not check(out_path):
        status = "MISMATCH"
    if status == "MISMATCH":
        log(f"!!!!!!!! MISMATCH: {' '.join(cmd)} < {inp} differs from gridmatch ({out_path})")
    return Result(status, times, rss, out=out_path, cpu=cpus)


# --------------------------------------------------------------------------------------------
# Formatting
# --------------------------------------------------------------------------------------------


def fmt_time(t):
    if t is None:
        return "—"
    if t < 0.1:
        return f"{t * 1000:.1f} ms"
    return f"{t:.2f} s"


def fmt_cpu(t):
    """CPU times from /usr/bin/time have a resolution of 10 ms."""
    if t is not None and t < 0.01:
        return "< 10 ms"
    return fmt_time(t)


def fmt_rss(kb):
    if not kb:
        return "—"
    return f"{kb / 1024:.1f} MB" if kb < 1024 * 1024 else f"{kb / 1024 / 1024:.2f} GB"


def fit_exponent(points):
    """Least-squares slope of log(time) against log(cells)."""
    pts = [(math.log(c), math.log(t)) for c, t in points if t and t > 0]
    if len(pts) < 3:
        return None
    mx = sum(x for x, _ in pts) / len(pts)
    my = sum(y for _, y in pts) / len(pts)
    sxx = sum((x - mx) ** 2 for x, _ in pts)
    sxy = sum((x - mx) * (y - my) for x, y in pts)
    return sxy / sxx if sxx else None


# --------------------------------------------------------------------------------------------
# The benchmark
# --------------------------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gridmatch", required=True)
    ap.add_argument("--peers", required=True, help="directory with the built peer programs")
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="skip Rooks 10000² and the slowest peers")
    ap.add_argument("--json", help="also write raw results here")
    args = ap.parse_args()

    gm, peers, wd = args.gridmatch, args.peers, args.workdir
    py = sys.executable
    rooks_py = os.path.join(HERE, "peers", "rooks_py.py")
    king_nx = os.path.join(HERE, "peers", "king_nx.py")
    runs = args.runs
    os.makedirs(wd, exist_ok=True)
    started = time.time()
    load_before = os.getloadavg()

    def gen(puzzle, name, rows, density, count, seed, style=None, cols=None):
        path = os.path.join(wd, name)
        if not os.path.exists(path):
            cmd = [gm, "gen", puzzle, "--rows", str(rows), "--density", str(density),
                   "--count", str(count), "--seed", str(seed)]
            if cols:
                cmd += ["--cols", str(cols)]
            if style:
                cmd += ["--style", style]
            with open(path, "wb") as f:
                subprocess.run(cmd, stdout=f, check=True)
        return path

    engines = {
        "gridmatch": lambda p: [gm, p],
        "LEMON MaxMatching ×2": lambda p: [os.path.join(peers, "king_lemon")],
        "LEMON MaxMatching ×1 + GE status": lambda p: [os.path.join(peers, "king_lemon"), "--ge"],
        "Boost edmonds ×2": lambda p: [os.path.join(peers, "king_boost")],
        "C++ profile DP ×2": lambda p: [os.path.join(peers, "king_dp")],
        "networkx max_weight_matching ×2": lambda p: [py, king_nx],
        "scipy maximum_bipartite_matching": lambda p: [py, rooks_py, "scipy"],
        "networkx hopcroft_karp": lambda p: [py, rooks_py, "networkx"],
        "classic C++ 2-SAT (Tarjan)": lambda p: [os.path.join(peers, "lpuzzle_classic")],
    }
    cache = {}  # (engine, input) -> Result, so the growth series can reuse the main runs
    rows = []  # (workload, engine, Result, gridmatch Result)

    def bench(workload, puzzle, inp, peer_list, timeouts=None, gm_args=(), extra=()):
        """Runs gridmatch, then each peer; appends table rows. Returns {engine: Result}."""
        timeouts = timeouts or {}
        tag = os.path.basename(inp)
        log(f"== {workload}")
        key = ("gridmatch", tuple(gm_args), inp)
        if key in cache:
            g = cache[key]
        else:
            g = run_engine([gm, puzzle, *gm_args, inp], inp, wd, f"{tag}.gridmatch", runs,
                           timeouts.get("gridmatch", 600))
            cache[key] = g
        log(f"   gridmatch: {g.status} {fmt_time(g.median)} {fmt_rss(g.rss_kb)} {g.note}")
        rows.append((workload, "gridmatch", g, g))
        res = {"gridmatch": g}
        for name, cmd, check in extra:
            expect = g.out if (check is None and g.status == "ok") else None
            r = run_engine(cmd, inp, wd, f"{tag}.{len(rows)}", runs, timeouts.get(name, 600),
                           expect=expect, check=check)
            log(f"   {name}: {r.status} {fmt_time(r.median)} {fmt_rss(r.rss_kb)} {r.note}")
            rows.append((workload, name, r, g))
            res[name] = r
        for name in peer_list:
            key = (name, inp)
            if key in cache:
                r = cache[key]
            else:
                expect = g.out if g.status == "ok" else None
                r = run_engine(engines[name](inp), inp, wd, f"{tag}.{len(rows)}", runs,
                               timeouts.get(name, 120), expect=expect)
                cache[key] = r
            log(f"   {name}: {r.status} {fmt_time(r.median)} {fmt_rss(r.rss_kb)} {r.note}")
            rows.append((workload, name, r, g))
            res[name] = r
        return res

    # ---- workloads ------------------------------------------------------------------------
    K = "king"
    k1000 = gen(K, "king-1000.txt", 1000, 0.1, 1, 101)

    def same_first_line(out_path):
        """`king --all` must start with the plain answer."""
        g_out = cache[("gridmatch", (), k1000)].out
        a = open(out_path, "rb").read().split(b"\n", 1)[0]
        b = open(g_out, "rb").read().split(b"\n", 1)[0]
        return a == b

    def j1(puzzle, inp):
        """gridmatch on one thread (multi-board inputs use every core by default)."""
        return ("gridmatch -j1", [gm, puzzle, "-j", "1", inp], None)

    lemon_peers = ["LEMON MaxMatching ×2", "LEMON MaxMatching ×1 + GE status"]
    king_big = bench(
        "King 1000×1000, 10% burned (1 board)", K, k1000,
        lemon_peers + ["Boost edmonds ×2"],
        timeouts={"Boost edmonds ×2": 20},
        extra=[("gridmatch king --all", [gm, K, "--all", k1000], same_first_line)],
    )
    k15 = gen(K, "king-15x100.txt", 15, 0.1, 100, 102)
    king_small = bench(
        "King 100 boards 15×15, 10% burned", K, k15,
        lemon_peers + ["Boost edmonds ×2", "C++ profile DP ×2"],
        timeouts={"C++ profile DP ×2": 120},
        extra=[j1(K, k15)],
    )
    k8 = gen(K, "king-8x100.txt", 8, 0.1, 100, 103)
    bench("King 100 boards 8×8 (tiny), 10% burned", K, k8,
          ["LEMON MaxMatching ×2", "C++ profile DP ×2", "networkx max_weight_matching ×2"],
          timeouts={"networkx max_weight_matching ×2": 60}, extra=[j1(K, k8)])

    R = "rooks"
    r500 = gen(R, "rooks-500.txt", 500, 0.1, 1, 201)
    bench("Rooks 500×500, 10% pawns", R, r500,
          ["scipy maximum_bipartite_matching"]
          + ([] if args.quick else ["networkx hopcroft_karp"]),
          timeouts={"networkx hopcroft_karp": 90})
    r2000 = gen(R, "rooks-2000.txt", 2000, 0.1, 1, 202)
    rooks2000 = bench("Rooks 2000×2000, 10% pawns", R, r2000, ["scipy maximum_bipartite_matching"],
                      timeouts={"scipy maximum_bipartite_matching": 60})
    rooks10k = None
    if not args.quick:
        r10k = gen(R, "rooks-10000.txt", 10000, 0.1, 1, 203)
        rooks10k = bench("Rooks 10000×10000, 10% pawns", R, r10k, [],
                         timeouts={"gridmatch": 600})
        os.remove(r10k)

    L = "lpuzzle"
    l100 = gen(L, "lpuzzle-500x100.txt", 500, 0.9, 100, 301, style="tiled")
    lp100 = bench("L-puzzle 100 boards 500×500 (tiled, 0.9)", L, l100, [], extra=[j1(L, l100)])
    l10 = gen(L, "lpuzzle-500x10.txt", 500, 0.9, 10, 302, style="tiled")
    lp10 = bench("L-puzzle 10 boards 500×500 (tiled, 0.9)", L, l10, ["classic C++ 2-SAT (Tarjan)"],
                 extra=[j1(L, l10)])
    l5000 = gen(L, "lpuzzle-5000.txt", 5000, 0.9, 1, 303, style="tiled")
    lp5000 = bench("L-puzzle 5000×5000 (tiled, 0.9)", L, l5000, ["classic C++ 2-SAT (Tarjan)"],
                   timeouts={"classic C++ 2-SAT (Tarjan)": 90})
    lnm = gen(L, "lpuzzle-500x20-nearmiss.txt", 500, 0.9, 20, 304, style="near-miss")
    bench("L-puzzle 20 boards 500×500 (near-miss: mostly NO)", L, lnm,
          ["classic C++ 2-SAT (Tarjan)"], extra=[j1(L, lnm)])

    # ---- growth series --------------------------------------------------------------------
    # Each engine's start-up (its time on a 1-cell board) is subtracted before fitting, so the
    # small sizes measure the algorithm rather than process start.
    tiny = {
        K: gen(K, "king-1.txt", 1, 0.0, 1, 1),
        R: gen(R, "rooks-1.txt", 1, 0.0, 1, 1),
        L: gen(L, "lpuzzle-1.txt", 1, 0.0, 1, 1),
    }
    startup = {}

    def startup_of(puzzle, name):
        key = (puzzle, name)
        if key not in startup:
            if name.startswith("gridmatch"):
                cmd = [gm, puzzle, "-j", "1", tiny[puzzle]]
            else:
                cmd = engines[name](tiny[puzzle])
            ts = []
            for _ in range(5):
                st, wall, _, _ = run_once(cmd, tiny[puzzle], os.path.join(wd, "out.tiny"), 60, wd)
                if st == "ok":
                    ts.append(wall)
            startup[key] = min(ts) if ts else 0.0
        return startup[key]

    series = []  # (puzzle label, engine, [(cells, Result)], startup)

    def growth(label, puzzle, gm_sides, peer_sides, seed0, density, total, style=None,
               timeouts=None):
        """gridmatch (one thread) at `gm_sides`, each peer at its own sides; gridmatch also runs
        at the peers' sides, to check their answers. Each size's file holds
        max(1, total / cells) boards, so that every run is long enough to time: the time per
        board is (wall - start-up) / boards."""
        timeouts = timeouts or {}
        per_engine = {}
        sides = sorted(set(gm_sides).union(*peer_sides.values()))
        for i, n in enumerate(sides):
            count = max(1, round(total / (n * n)))
            if count == 1 and puzzle == K and n == 1000:
                inp = k1000
            elif count == 1 and puzzle == R and n == 2000:
                inp = r2000
            else:
                inp = gen(puzzle, f"{puzzle}-growth-{n}x{count}.txt", n, density, count,
                          seed0 + i, style=style)
            log(f"== growth {label}: {count} × {n}×{n}")
            cmd = [gm, puzzle, "-j", "1", inp]
            key = ("gridmatch", ("-j", "1"), inp)
            if key not in cache:
                cache[key] = run_engine(cmd, inp, wd, f"g{n}.gridmatch", runs, 600)
            g = cache[key]
            if n in gm_sides:
                per_engine.setdefault("gridmatch -j1", []).append((n * n, count, g))
            for name, nsides in peer_sides.items():
                if n not in nsides:
                    continue
                key = (name, inp)
                if key not in cache:
                    expect = g.out if g.status == "ok" else None
                    cache[key] = run_engine(engines[name](inp), inp, wd, f"g{n}.{len(cache)}", runs,
                                            timeouts.get(name, 60), expect=expect)
                per_engine.setdefault(name, []).append((n * n, count, cache[key]))
        for name, pts in per_engine.items():
            series.append((label, name, pts, startup_of(puzzle, name)))

    growth("King (10% burned)", K, [100, 250, 500, 1000],
           {"LEMON MaxMatching ×2": [100, 250, 500, 1000],
            "LEMON MaxMatching ×1 + GE status": [100, 250, 500, 1000]},
           401, 0.1, total=1e6)
    # Boost is quadratic or worse here: its own smaller series.
    growth("King, small (Boost's range)", K, [], {"Boost edmonds ×2": [20, 50, 100, 200]},
           411, 0.1, total=4e4)
    growth("Rooks (10% pawns)", R, [100, 300, 1000, 2000],
           {"scipy maximum_bipartite_matching": [100, 200, 500, 1000]}, 501, 0.1, total=1e6,
           timeouts={"scipy maximum_bipartite_matching": 90})
    growth("L-puzzle (tiled, 0.9)", L, [100, 300, 1000, 3000],
           {"classic C++ 2-SAT (Tarjan)": [100, 300, 1000, 3000]}, 601, 0.9, total=1e6,
           style="tiled")

    # ---- report ---------------------------------------------------------------------------
    elapsed = time.time() - started
    load_after = os.getloadavg()
    lines = []
    p = lines.append
    p(f"Run: {datetime.datetime.now().isoformat(timespec='seconds')}, "
      f"{elapsed / 60:.1f} min; load average before {load_before[0]:.2f}, "
      f"after {load_after[0]:.2f} (1-minute); measured processes run at niceness "
      f"{NICE or '0'}.")
    p("")
    p("| workload | engine | runs | median wall | median CPU (user+sys) | peak RSS | "
      "gridmatch/peer (wall) | check |")
    p("|---|---|---|---|---|---|---|---|")
    for workload, engine, r, g in rows:
        if r.status in ("ok", "MISMATCH"):
            ratio = (f"{g.median / r.median:.3f}" if engine != "gridmatch" and g.median and r.median
                     else "1" if engine == "gridmatch" else "—")
            p(f"| {workload} | {engine} | {len(r.times)} | {fmt_time(r.median)} | "
              f"{fmt_cpu(r.median_cpu)} | {fmt_rss(r.rss_kb)} | {ratio} | "
              f"{'ok' if r.status == 'ok' else '**MISMATCH**'} |")
        else:
            p(f"| {workload} | {engine} | — | {r.status} | — | — | — | {r.status}"
              f"{(': ' + r.note[:80]) if r.note else ''} |")
    p("")
    p("Growth (each size: a file of max(1, 10⁶ / cells) boards — 4·10⁴ for Boost — so runs are "
      "long enough to time; time per board = (fastest run's wall time − the engine's start-up, "
      "the fastest of 5 runs on a 1-cell board) / boards; exponent = least-squares slope of "
      "log time per board against log cells, over the points not in parentheses (those spend "
      "less than 5 ms or a fifth of the start-up time beyond it: noise); given when at least 3 "
      "remain):")
    p("")
    p("| series | engine | side² (boards): time per board | start-up | exponent |")
    p("|---|---|---|---|---|")
    for label, name, pts, s0 in series:
        cells_times = []
        fit_pts = []
        for cells, count, r in pts:
            size = f"{math.isqrt(cells)}² ({count})"
            if r.status in ("ok", "MISMATCH") and r.best is not None:
                t = r.best - s0
                mark = " **MISMATCH**" if r.status == "MISMATCH" else ""
                if t < 0.2 * s0 or t < 0.005:
                    cells_times.append(f"{size}: ({fmt_time(max(t, 0.0) / count)}){mark}")
                else:
                    cells_times.append(f"{size}: {fmt_time(t / count)}{mark}")
                    fit_pts.append((cells, t / count))
            else:
                cells_times.append(f"{size}: {r.status}")
        e = fit_exponent(fit_pts)
        p(f"| {label} | {name} | {'; '.join(cells_times)} | {fmt_time(s0)} | "
          f"{'—' if e is None else f'{e:.2f}'} |")
    p("")

    # ---- targets --------------------------------------------------------------------------
    def targets(metric):
        """The targets, judged on median wall time or on median CPU time."""

        def t(res, name):
            r = res.get(name)
            if not r or r.status != "ok":
                return None
            return r.median if metric == "wall" else r.median_cpu

        def rss_mb(res, name):
            r = res.get(name)
            return r.rss_kb / 1024 if r and r.rss_kb else None

        tg = []
        gk, lk = t(king_big, "gridmatch"), t(king_big, "LEMON MaxMatching ×2")
        mk = rss_mb(king_big, "gridmatch")
        if gk and lk:  # (a zero CPU time, below the 10 ms resolution, gives no ratio)
            sp = lk / gk
            tg.append(("King 1000² ≥ 3× faster than LEMON ×2", f"{sp:.2f}×",
                       "met" if sp >= 3 else f"missed: needs {3 / sp:.2f}× more speed"))
        if mk:
            tg.append(("King 1000² < 100 MB", f"{mk:.1f} MB",
                       "met" if mk < 100 else f"missed by {mk - 100:.1f} MB"))
        ga = t(king_big, "gridmatch king --all")
        if gk and ga:
            q = ga / gk
            tg.append(("king --all ≤ 2× the single decision (1000²)", f"{q:.2f}×",
                       "met" if q <= 2 else f"missed by {q / 2:.2f}×"))
        for eng, note in (("gridmatch", ""), ("gridmatch -j1", ", one thread")):
            gs = t(king_small, eng)
            if gs is not None:
                tg.append((f"King 100×15² ≤ 0.1 s whole process{note}",
                           fmt_time(gs) if metric == "wall" else fmt_cpu(gs),
                           "met" if gs <= 0.1 else f"missed by {gs / 0.1:.2f}×"))
        g2 = t(rooks2000, "gridmatch")
        if g2 is not None:
            tg.append(("Rooks 2000² < 2 s", fmt_time(g2),
                       "met" if g2 < 2 else f"missed by {g2 / 2:.2f}×"))
        if rooks10k is not None:
            r = rooks10k["gridmatch"]
            if r.status == "ok":
                gb = r.rss_kb / 1024 / 1024
                tm = r.median if metric == "wall" else r.median_cpu
                tg.append(("Rooks 10000² completes, < 8 GB", f"{fmt_time(tm)}, {gb:.2f} GB",
                           "met" if gb < 8 else f"missed by {gb - 8:.2f} GB"))
            else:
                tg.append(("Rooks 10000² completes, < 8 GB", r.status, "missed"))
        c10 = t(lp10, "classic C++ 2-SAT (Tarjan)")
        for eng, note in (("gridmatch", ""), ("gridmatch -j1", ", one thread")):
            g100 = t(lp100, eng)
            if g100 is not None:
                need = 10 * 0.5 / 3
                tg.append((f"L-puzzle 100×500² ≥ 3× faster than the nominal 0.5 s / 10 boards "
                           f"(≤ 1.67 s){note}", fmt_time(g100),
                           "met" if g100 <= need else f"missed by {g100 / need:.2f}×"))
            if g100 and c10:
                sp = 10 * c10 / g100
                tg.append((f"L-puzzle 100×500² ≥ 3× faster than the classic program measured "
                           f"here{note}", f"{sp:.2f}× (classic: {fmt_time(c10)} / 10 boards)",
                           "met" if sp >= 3 else f"missed: needs {3 / sp:.2f}× more speed"))
        m100, mc = rss_mb(lp100, "gridmatch"), rss_mb(lp10, "classic C++ 2-SAT (Tarjan)")
        if m100 and mc:
            q = m100 / mc
            tg.append(("L-puzzle 500² memory ≤ ¼ of the classic program's",
                       f"{m100:.1f} MB vs {mc:.1f} MB ({q:.2f})",
                       "met" if q <= 0.25 else f"missed by {q / 0.25:.2f}×"))
        m1 = rss_mb(lp100, "gridmatch -j1")
        if m1 and mc:
            q = m1 / mc
            tg.append(("L-puzzle 500² memory ≤ ¼ of the classic program's, one thread",
                       f"{m1:.1f} MB vs {mc:.1f} MB ({q:.2f})",
                       "met" if q <= 0.25 else f"missed by {q / 0.25:.2f}×"))
        g5, m5 = t(lp5000, "gridmatch"), rss_mb(lp5000, "gridmatch")
        if g5 is not None:
            tg.append(("L-puzzle 5000² < 5 s", fmt_time(g5),
                       "met" if g5 < 5 else f"missed by {g5 / 5:.2f}×"))
        if m5:
            tg.append(("L-puzzle 5000² < 1 GB", f"{m5:.1f} MB",
                       "met" if m5 < 1024 else f"missed by {m5 - 1024:.0f} MB"))
        return tg

    tw, tc = targets("wall"), targets("cpu")
    p("Targets (time targets judged on the median wall time, as specified, and again on the "
      "median CPU time, which other load on the machine disturbs less):")
    p("")
    p("| target | measured (wall) | verdict (wall) | measured (CPU) | verdict (CPU) |")
    p("|---|---|---|---|---|")
    cpu_by_name = {a: (b, c) for a, b, c in tc}
    for a, b, c in tw:
        b2, c2 = cpu_by_name.get(a, ("—", "—"))
        if (b2, c2) == (b, c):
            b2, c2 = "(same)", ""
        p(f"| {a} | {b} | {c} | {b2} | {c2} |")
    mism = [f"{w} / {e}" for w, e, r, _ in rows if r.status == "MISMATCH"]
    mism += [f"{lbl} / {e}" for lbl, e, pts, _ in series for _, _, r in pts
             if r.status == "MISMATCH"]
    p("")
    p("**MISMATCH: " + "; ".join(mism) + "**" if mism else "All engines agree with gridmatch "
      "on every workload they finished.")
    print("\n".join(lines))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({
                "rows": [dict(workload=w, engine=e, status=r.status, times=r.times, cpu=r.cpu,
                              rss_kb=r.rss_kb, note=r.note) for w, e, r, _ in rows],
                "series": [dict(series=l, engine=e, startup=s,
                                points=[dict(cells=c, boards=k, status=r.status, times=r.times,
                                             cpu=r.cpu, rss_kb=r.rss_kb) for c, k, r in pts])
                           for l, e, pts, s in series],
                "machine": platform.uname()._asdict(),
            }, f, indent=1)
    return 1 if mism else 0


if __name__ == "__main__":
    sys.exit(main())
