#!/usr/bin/env python3
"""What the designer tools cost (issue 14): on the benchmark boards of bench/harness.py (same
generator, sizes, densities and seeds), the plain judge decision against the same run with the
designer flag, whole process each, output to /dev/null:

    rooks            vs  rooks --roles        target: ≤ 1.5×
    lpuzzle          vs  lpuzzle --unique     target: ≤ 2×
    lpuzzle          vs  lpuzzle --forced     (no target: a picture per board, backbone probing)

plus `gen lpuzzle --unique` against `gen lpuzzle` (tiled) at the same size.

    python3 bench/designer.py --gridmatch target/release/gridmatch [--runs 3] [--smoke]
                              [--out FILE]

Each time is the best of --runs runs (wall clock, via /usr/bin/time for the peak memory too).
Not part of CI; bench/run.sh runs it after the graph-file section.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time


def timed(cmd, stdin_path):
    """(seconds, peak KB) of one run of cmd reading stdin_path, output discarded."""
    with open(stdin_path, "rb") as f, open(os.devnull, "wb") as null:
        t0 = time.perf_counter()
        p = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, stdin=f, stdout=null,
                           stderr=subprocess.PIPE)
        dt = time.perf_counter() - t0
    if p.returncode != 0:
        sys.exit(f"designer.py: {' '.join(cmd)} failed: {p.stderr.decode()[-500:]}")
    kb = int(p.stderr.decode().strip().splitlines()[-1])
    return dt, kb


def best(cmd, stdin_path, runs):
    results = [timed(cmd, stdin_path) for _ in range(runs)]
    return min(r[0] for r in results), max(r[1] for r in results)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gridmatch", required=True)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--smoke", action="store_true", help="a tenth of each side, one run")
    ap.add_argument("--out")
    args = ap.parse_args()
    gm = os.path.abspath(args.gridmatch)
    runs = 1 if args.smoke else args.runs

    def side(n):
        return max(10, n // 10) if args.smoke else n

    work = tempfile.mkdtemp(prefix="gm-designer-")

    def gen(name, puzzle, n, density, count, seed, style=None):
        path = os.path.join(work, name)
        cmd = [gm, "gen", puzzle, "--rows", str(n), "--density", str(density),
               "--count", str(count), "--seed", str(seed)]
        if style:
            cmd += ["--style", style]
        with open(path, "wb") as f:
            subprocess.run(cmd, stdout=f, check=True)
        return path

    rows = []

    def compare(label, puzzle, path, flag, target):
        plain = best([gm, puzzle, path], os.devnull, runs)
        flagged = best([gm, puzzle, flag, path], os.devnull, runs)
        ratio = flagged[0] / plain[0]
        verdict = "" if target is None else ("met" if ratio <= target else "**missed**")
        rows.append((label, f"`{puzzle}`", f"{plain[0]:.3f} s, {plain[1] / 1024:.0f} MB",
                     f"`{flag}`", f"{flagged[0]:.3f} s, {flagged[1] / 1024:.0f} MB",
                     f"{ratio:.2f}×", "—" if target is None else f"≤ {target}× {verdict}"))
        print(rows[-1], file=sys.stderr)

    # Rooks: the boards of harness.py (seeds 201, 202, 203) and its density sweep at 2000².
    for n, d, seed in [(500, 0.1, 201), (2000, 0.1, 202), (2000, 0.0, 403), (2000, 0.02, 401),
                       (2000, 0.2, 404), (2000, 0.4, 402), (2000, 0.6, 405), (10000, 0.1, 203)]:
        n = side(n)
        p = gen(f"rooks-{n}-{d}.txt", "rooks", n, d, 1, seed)
        compare(f"Rooks {n}×{n}, {d:.0%} pawns", "rooks", p, "--roles", 1.5)
        os.remove(p)
    # L-puzzle: harness.py's workloads (seeds 301–304).
    for label, n, count, seed, style in [("100 boards", 500, 100, 301, "tiled"),
                                         ("10 boards", 500, 10, 302, "tiled"),
                                         ("1 board", 5000, 1, 303, "tiled"),
                                         ("20 boards, near-miss", 500, 20, 304, "near-miss")]:
        n = side(n)
        p = gen(f"lpuzzle-{n}x{count}-{style}.txt", "lpuzzle", n, 0.9, count, seed, style)
        compare(f"L-puzzle {label} {n}×{n}", "lpuzzle", p, "--unique", 2.0)
        compare(f"L-puzzle {label} {n}×{n}", "lpuzzle", p, "--forced", None)
        os.remove(p)
    # Generating unique patterns against tiled ones.
    for n in [side(1000), side(3000)]:
        t_tiled = best([gm, "gen", "lpuzzle", "--rows", str(n), "--density", "0.9"], os.devnull,
                       runs)
        t_unique = best([gm, "gen", "lpuzzle", "--unique", "--rows", str(n), "--density", "0.9"],
                        os.devnull, runs)
        rows.append((f"gen lpuzzle {n}×{n}, 0.9", "`gen lpuzzle`",
                     f"{t_tiled[0]:.3f} s, {t_tiled[1] / 1024:.0f} MB", "`--unique`",
                     f"{t_unique[0]:.3f} s, {t_unique[1] / 1024:.0f} MB",
                     f"{t_unique[0] / t_tiled[0]:.1f}×", "—"))
        print(rows[-1], file=sys.stderr)
    os.rmdir(work)

    lines = ["| board | plain | time, peak | with | time, peak | ratio | target |",
             "|---|---|---|---|---|---|---|"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        with open(args.out, "a") as f:
            f.write("\n## Designer tools (bench/designer.py)\n\n" + text)


if __name__ == "__main__":
    main()
