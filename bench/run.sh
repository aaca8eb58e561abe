#!/usr/bin/env bash
# gridmatch's cross-engine benchmark — the one command:
#
#     bench/run.sh [--smoke | --quick] [--runs N] [--budget MIN] [--out FILE] [--keep]
#                  [--graphs-only | --no-graphs] [--weighted-only | --no-weighted]
#                  [--families-only | --no-families] [--frontier-only | --no-frontier]
#
# Installs what the peers need (apt: liblemon-dev libboost-graph-dev g++ time; pip: scipy
# networkx numpy igraph) if missing, builds gridmatch in release (its own target dir, so concurrent
# builds in target/ do not swap the binary mid-run) and the peer programs in bench/peers/,
# generates the workloads with `gridmatch gen` (fixed seeds) in a temporary directory, runs
# every engine, checks each engine's output against gridmatch's (prints MISMATCH loudly and
# exits 1 if any differs, or if an engine fails) and prints Markdown tables — every workload,
# gridmatch against the best-used peer of each family, growth series, targets — (also to FILE
# with --out). Peers: igraph's push–relabel (Rooks), LEMON used well (King, every move set),
# the classic 2-SAT program (L-puzzle), and the earlier ones (docs/BENCHMARKS.md).
# Then the graph-file section (bench/graphs.py, issue 13): `gridmatch match FILE` on DIMACS and
# Matrix Market files of 10⁶ vertices generated with numpy (bench/graphgen.py: G(n, 3n),
# Barabási–Albert, 2-D and 3-D grids with 10% removed, random bipartite 10⁶ + 10⁶) against
# LEMON's MaxMatching (bench/peers/match_lemon.cpp) and, on the bipartite files, igraph's and
# scipy's maximum_bipartite_matching (bench/peers/match_py.py). With it, the issue-26 families
# (bench/graphs.py `families`): random tree, caterpillar, path, odd cycle, chain of 5-cycles and
# 1000² grid −10% (each numbered along the graph and shuffled), random 3-regular, Delaunay
# triangulation of random points, random geometric graph (mean degree 4) and the floor file (a
# perfect matching alone), 10⁶ vertices, `gridmatch match FILE` against LEMON used well, with
# each target (≤ 0.5 of LEMON, ≤ 0.3 on trees, paths, caterpillars; shuffled ≤ 1.5× in order;
# the floor's reading speed) met or missed by how much.
# Then the weighted-matching section (bench/weighted.py, issue 25): `gridmatch match --weights`
# on G(n, 5n), 2-D grids and Euclidean 10-nearest-neighbour graphs (n = 10⁴–10⁶), dense (2000,
# 5000) and sparse (10⁵ + 10⁵) assignment, against LEMON's MaxWeightedMatching /
# MaxWeightedPerfectMatching (bench/peers/weighted_lemon.cpp), networkx, rustworkx, scipy and the
# lap package (bench/peers/weighted_py.py, in a virtualenv made from
# bench/requirements-weighted.txt in target/bench-venv).
# Then the weighted frontier (bench/frontier.py, issue 34 part 3): G(n, 5n), Euclidean 10-NN,
# complete Euclidean and dense bipartite families (fixed seeds), `gridmatch match --weights`
# against LEMON, Blossom V (built from BLOSSOM5_DIR, a copy kept outside the repository: see
# docs/BENCHMARKS.md; skipped with a note when unset) and the integer-blossom crate, answers
# compared, the certificate ratios of `--max-cardinality` and `--min --perfect` with `--json`,
# growth exponents, every issue-34 target met or missed (about 15–20 minutes).
# Last, the designer tools (bench/designer.py, issue 14): `rooks --roles`, `lpuzzle --unique` and
# `--forced`, `gen lpuzzle --unique`, each against the plain run on the same boards (skipped with
# --graphs-only).
#
#   --smoke    every workload family at a tenth of its side (10²–1000² boards), one run each:
#              checks that every engine runs and agrees, in well under a minute (the times and
#              targets of a smoke run mean nothing)
#   --quick    skip Rooks 10000² and networkx on Rooks 500² (saves 2–4 minutes)
#   --runs N   repetitions per engine (default 3, 1 with --smoke; runs over 1.5 s / 5 s are
#              repeated less)
#   --budget M minutes after which no engine is started any more (default 25, 3 with --smoke);
#              every engine also has its own time limit: one that exceeds it is reported as
#              `timeout` (not a failure), one the budget cut off as `skipped (budget)`; given,
#              it is also the graph-file section's own budget (default 20, 2 with --smoke)
#   --keep     keep the temporary directory (workloads and outputs)
#   --graphs-only   only the graph-file section (10⁴ vertices with --smoke)
#   --no-graphs     skip the graph-file section
#   --weighted-only only the weighted-matching section (--quick or --smoke: its small sizes, about
#                   a minute; its budget 60 minutes, or --budget)
#   --no-weighted   skip the weighted-matching section
#   --families-only only the issue-26 families (about 5 minutes at 10⁶ vertices, generation
#                   included; with --smoke 10⁴ vertices, under a minute)
#   --no-families   skip the issue-26 families
#   --frontier-only only the weighted frontier of issue 34 (with --smoke: toy sizes, a minute)
#   --no-frontier   skip it
#
# Environment: BENCH_NICE (niceness of the measured processes; default -15 as root), PYTHON,
# CXX, BENCH_TARGET_DIR (cargo's target directory for the build; default target/bench),
# BLOSSOM5_DIR (Blossom V's sources, for the frontier; unset: its cells are empty),
# INTEGER_BLOSSOM=0 (do not build the integer-blossom driver, bench/peers/integer_blossom),
# FRONTIER_NOTE (a sentence for the frontier table's caption, e.g. "Busy machine."),
# FRONTIER_ARGS (more options for bench/frontier.py: --no-growth, --blossom-max, --timeout S, --repeat K).
#
# Not part of CI. The full run takes about 15–20 minutes on a quiet 2-core machine (plus the
# first build), 25 at most (--budget), then the graph-file section 10–15 minutes (20 at most:
# LEMON times out on some of its 10⁶-vertex files); it needs ~4 GB of RAM (igraph on Rooks
# 4000²) and ~800 MB of disk. Results and profiling notes: docs/BENCHMARKS.md.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OPTS=()
RUNS=()
OUT=""
KEEP=0
GRAPHS=yes
WEIGHTED=yes
FAMILIES=yes
FRONTIER=yes
while [[ $# -gt 0 ]]; do
    case "$1" in
        --quick) OPTS+=(--quick) ;;
        --smoke) OPTS+=(--smoke) ;;
        --runs) RUNS=(--runs "$2"); shift ;;
        --budget) OPTS+=(--budget "$2"); shift ;;
        --out) OUT="$2"; shift ;;
        --keep) KEEP=1 ;;
        --graphs-only) GRAPHS=only; FRONTIER=no ;;
        --no-graphs) GRAPHS=no ;;
        --weighted-only) WEIGHTED=only; GRAPHS=no; FRONTIER=no ;;
        --no-weighted) WEIGHTED=no ;;
        --families-only) GRAPHS=only; WEIGHTED=no; FAMILIES=only; FRONTIER=no ;;
        --no-families) FAMILIES=no ;;
        --frontier-only) FRONTIER=only; GRAPHS=no; WEIGHTED=no ;;
        --no-frontier) FRONTIER=no ;;
        -h|--help) sed -n '2,75p' "$0"; exit 0 ;;
        *) echo "bench/run.sh: unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done

say() { printf '\n>>> %s\n' "$*" >&2; }

# ---- dependencies ------------------------------------------------------------------------
need_apt=()
[[ -f /usr/include/lemon/matching.h ]] || need_apt+=(liblemon-dev)
[[ $FRONTIER == only || -f /usr/include/boost/graph/max_cardinality_matching.hpp ]] \
    || need_apt+=(libboost-graph-dev)
command -v g++ >/dev/null || need_apt+=(g++)
[[ -x /usr/bin/time ]] || need_apt+=(time)
if [[ ${#need_apt[@]} -gt 0 ]]; then
    say "apt-get install ${need_apt[*]}"
    SUDO=""
    [[ $(id -u) -eq 0 ]] || SUDO=sudo
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi
PY="${PYTHON:-python3}"
PYPKGS=(scipy networkx numpy igraph)
# the families and the frontier need numpy and scipy alone
[[ $FAMILIES != only && $FRONTIER != only ]] || PYPKGS=(scipy numpy)
if ! "$PY" -c "import $(IFS=,; echo "${PYPKGS[*]}")" 2>/dev/null; then
    say "pip install ${PYPKGS[*]}"
    "$PY" -m pip install -q "${PYPKGS[@]}"
fi

# ---- builds ------------------------------------------------------------------------------
WORK="$(mktemp -d -t gridmatch-bench.XXXXXX)"
if [[ $KEEP -eq 0 ]]; then
    trap 'rm -rf "$WORK"' EXIT
else
    echo "workloads and outputs kept in $WORK" >&2
fi
TARGET="${BENCH_TARGET_DIR:-$ROOT/target/bench}"
say "cargo build --release (target dir $TARGET)"
(cd "$ROOT" && CARGO_TARGET_DIR="$TARGET" cargo build --release --quiet --bin gridmatch)
cp "$TARGET/release/gridmatch" "$WORK/gridmatch"

say "building the peers (g++ -O2)"
mkdir -p "$WORK/peers"
CXX="${CXX:-g++}"
[[ $FRONTIER == only ]] \
    || "$CXX" -O2 -std=c++17 -o "$WORK/peers/match_lemon" "$ROOT/bench/peers/match_lemon.cpp"
if [[ $FRONTIER == only ]]; then
    "$CXX" -O2 -std=c++17 -o "$WORK/peers/weighted_lemon" "$ROOT/bench/peers/weighted_lemon.cpp"
elif [[ $FAMILIES != only ]]; then
    "$CXX" -O2 -std=c++17 -o "$WORK/peers/king_lemon" "$ROOT/bench/peers/king_lemon.cpp"
    "$CXX" -O2 -std=c++17 -o "$WORK/peers/king_boost" "$ROOT/bench/peers/king_boost.cpp"
    "$CXX" -O2 -std=c++17 -o "$WORK/peers/king_dp" "$ROOT/bench/peers/king_dp.cpp"
    "$CXX" -O2 -std=c++17 -o "$WORK/peers/lpuzzle_classic" "$ROOT/bench/peers/lpuzzle_classic.cpp"
    "$CXX" -O2 -std=c++17 -o "$WORK/peers/weighted_lemon" "$ROOT/bench/peers/weighted_lemon.cpp"
fi

if [[ $FRONTIER != no ]]; then
    # Blossom V: research-only licence, never in the repository; built from BLOSSOM5_DIR (as its
    # makefile does, -O3; -fpermissive for today's g++, which refuses MinCost.cpp's unqualified
    # calls into a dependent base otherwise).
    if [[ -n "${BLOSSOM5_DIR:-}" ]]; then
        say "building Blossom V from $BLOSSOM5_DIR (g++ -O3)"
        B5="$BLOSSOM5_DIR"
        "$CXX" -O3 -D_NDEBUG -w -fpermissive -I"$B5" -o "$WORK/peers/weighted_blossom5" \
            "$ROOT/bench/peers/weighted_blossom5.cpp" "$B5"/PM*.cpp "$B5"/misc.cpp \
            "$B5"/MinCost/MinCost.cpp -lrt
    else
        say "BLOSSOM5_DIR not set: the frontier's Blossom V cells stay empty (docs/BENCHMARKS.md)"
    fi
    if [[ "${INTEGER_BLOSSOM:-1}" != 0 ]]; then
        say "building the integer-blossom driver (bench/peers/integer_blossom)"
        if (cd "$ROOT/bench/peers/integer_blossom" && CARGO_TARGET_DIR="$TARGET/peers-build" \
                cargo build --release --quiet); then
            cp "$TARGET/peers-build/release/integer_blossom" "$WORK/peers/integer_blossom"
        else
            say "integer-blossom did not build: its cells stay empty"
        fi
    fi
fi

# ---- machine -----------------------------------------------------------------------------
{
    echo "## Results"
    echo
    echo "Machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'),"\
         "$(awk '/MemTotal/ {printf "%.1f GB RAM", $2 / 1024 / 1024}' /proc/meminfo);"\
         "$(uname -sr); rustc $(rustc --version | cut -d' ' -f2), g++ $("$CXX" -dumpfullversion),"\
         "LEMON $(dpkg-query -W -f='${Version}' liblemon-dev 2>/dev/null || echo '?'),"\
         "Boost $(dpkg-query -W -f='${Version}' libboost-graph-dev 2>/dev/null || echo '?'),"\
         "$("$PY" -c 'import sys, scipy, networkx, igraph; print(f"Python {sys.version.split()[0]}, scipy {scipy.__version__}, networkx {networkx.__version__}, igraph {igraph.__version__}")' 2>/dev/null || "$PY" -c 'import sys, scipy, numpy; print(f"Python {sys.version.split()[0]}, scipy {scipy.__version__}, numpy {numpy.__version__}")')."
    echo "gridmatch: $(cd "$ROOT" && git rev-parse --short HEAD 2>/dev/null || echo '?')$(cd "$ROOT" && [[ -n "$(git status --porcelain -- src 2>/dev/null)" ]] && echo ' + uncommitted changes in src/')."
    echo
} > "$WORK/report.md"

# ---- the benchmark -----------------------------------------------------------------------
# As root, the measured processes run at niceness -15 so that other jobs on a shared machine
# (builds, tests) take less of their CPU; BENCH_NICE=0 turns that off.
if [[ -z "${BENCH_NICE+x}" && $(id -u) -eq 0 ]]; then
    export BENCH_NICE=-15
fi
say "running the workloads (progress on stderr)"
set +e
status=0
if [[ $GRAPHS != only && $WEIGHTED != only && $FRONTIER != only ]]; then
    "$PY" "$ROOT/bench/harness.py" --gridmatch "$WORK/gridmatch" --peers "$WORK/peers" \
        --workdir "$WORK/run" --json "$WORK/results.json" ${RUNS[@]+"${RUNS[@]}"} \
        ${OPTS[@]+"${OPTS[@]}"} >> "$WORK/report.md"
    status=$?
    echo >> "$WORK/report.md"
fi
if [[ $GRAPHS != no ]]; then
    # The graph-file section: --smoke and --budget carry over (--quick does not apply to it).
    GOPTS=()
    for o in ${OPTS[@]+"${OPTS[@]}"}; do [[ $o == --quick ]] || GOPTS+=("$o"); done
    [[ $FAMILIES != only ]] || GOPTS+=(--families-only)
    [[ $FAMILIES != no ]] || GOPTS+=(--no-families)
    say "the graph-file section (bench/graphs.py)"
    "$PY" "$ROOT/bench/graphs.py" --gridmatch "$WORK/gridmatch" --peers "$WORK/peers" \
        --workdir "$WORK/graphs" --json "$WORK/graphs.json" ${RUNS[@]+"${RUNS[@]}"} \
        ${GOPTS[@]+"${GOPTS[@]}"} >> "$WORK/report.md"
    gstatus=$?
    [[ $status -ne 0 ]] || status=$gstatus
fi
if [[ $WEIGHTED != no ]]; then
    # The weighted-matching section (issue 25): its Python peers in their own virtualenv.
    WPY="$ROOT/target/bench-venv/bin/python"
    if ! "$WPY" -c 'import numpy, scipy, networkx, rustworkx, lap' 2>/dev/null; then
        say "virtualenv target/bench-venv (bench/requirements-weighted.txt)"
        python3 -m venv "$ROOT/target/bench-venv"
        "$WPY" -m pip install -q -r "$ROOT/bench/requirements-weighted.txt"
    fi
    WOPTS=()
    for o in ${OPTS[@]+"${OPTS[@]}"}; do
        case "$o" in --quick|--smoke) WOPTS+=(--quick) ;; esac
    done
    for ((i = 0; i + 1 < ${#OPTS[@]}; i++)); do
        [[ ${OPTS[i]} != --budget ]] || WOPTS+=(--budget "${OPTS[i + 1]}")
    done
    say "the weighted-matching section (bench/weighted.py)"
    "$WPY" "$ROOT/bench/weighted.py" --gridmatch "$WORK/gridmatch" --peers "$WORK/peers" \
        --workdir "$WORK/weighted" --json "$WORK/weighted.json" ${RUNS[@]+"${RUNS[@]}"} \
        ${WOPTS[@]+"${WOPTS[@]}"} >> "$WORK/report.md"
    wstatus=$?
    echo >> "$WORK/report.md"
    [[ $status -ne 0 ]] || status=$wstatus
fi
if [[ $FRONTIER != no ]]; then
    # The weighted frontier (issue 34 part 3).
    FOPTS=()
    for o in ${OPTS[@]+"${OPTS[@]}"}; do [[ $o != --smoke ]] || FOPTS+=(--smoke); done
    for ((i = 0; i + 1 < ${#OPTS[@]}; i++)); do
        [[ ${OPTS[i]} != --budget ]] || FOPTS+=(--budget "${OPTS[i + 1]}")
    done
    say "the weighted frontier (bench/frontier.py)"
    "$PY" "$ROOT/bench/frontier.py" --gridmatch "$WORK/gridmatch" --peers "$WORK/peers" \
        --workdir "$WORK/frontier" --json "$WORK/frontier.json" --note "${FRONTIER_NOTE:-}" \
        ${FOPTS[@]+"${FOPTS[@]}"} ${FRONTIER_ARGS:-} >> "$WORK/report.md"
    fstatus=$?
    echo >> "$WORK/report.md"
    [[ $status -ne 0 ]] || status=$fstatus
fi
if [[ $GRAPHS != only && $WEIGHTED != only && $FRONTIER != only ]]; then
    # What the designer tools cost against the plain decision (issue 14).
    DOPTS=()
    for o in ${OPTS[@]+"${OPTS[@]}"}; do [[ $o != --smoke ]] || DOPTS+=(--smoke); done
    say "the designer tools (bench/designer.py)"
    {
        echo "## Designer tools (bench/designer.py): each flag against the plain decision"
        echo
        "$PY" "$ROOT/bench/designer.py" --gridmatch "$WORK/gridmatch" ${RUNS[@]+"${RUNS[@]}"} \
            ${DOPTS[@]+"${DOPTS[@]}"}
    } >> "$WORK/report.md"
    dstatus=$?
    [[ $status -ne 0 ]] || status=$dstatus
fi
set -e
cat "$WORK/report.md"
if [[ -n "$OUT" ]]; then
    cp "$WORK/report.md" "$OUT"
    [[ ! -f "$WORK/results.json" ]] || cp "$WORK/results.json" "${OUT%.md}.json"
    [[ ! -f "$WORK/graphs.json" ]] || cp "$WORK/graphs.json" "${OUT%.md}-graphs.json"
    [[ ! -f "$WORK/weighted.json" ]] || cp "$WORK/weighted.json" "${OUT%.md}-weighted.json"
    [[ ! -f "$WORK/frontier.json" ]] || cp "$WORK/frontier.json" "${OUT%.md}-frontier.json"
fi
if [[ $status -ne 0 ]]; then
    echo "!!!!!!!! bench/run.sh: MISMATCH or failure (exit $status) — see the table" >&2
fi
exit $status
