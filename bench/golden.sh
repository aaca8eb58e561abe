#!/usr/bin/env bash
# Golden run: two gridmatch binaries over one broad corpus of commands, every difference printed.
#
#     bench/golden.sh OLD_BINARY NEW_BINARY [--keep] [--only REGEX]
#
# e.g. after a restructuring that must not change behaviour (issue 35):
#
#     cargo build --release -p gridmatch-cli
#     bench/golden.sh /work/golden/gridmatch-74829e5 target/release/gridmatch
#
# Each case runs in both binaries with the same arguments, the same input files and the same
# working-directory layout (`OLD/` and `NEW/` each hold `gridmatch` on PATH, `in/` with the
# inputs and `art/` for what commands write: SVG pictures, man pages, stress's saved boards), so
# file names in messages agree. For each case stdout, stderr and the exit code are compared;
# at the end the `art/` trees are compared file by file. Every difference is printed (a unified
# diff, first 40 lines of each stream); the summary line counts cases and differences.
# Exit 0: no difference; 1: some difference; 2: bad usage.
#
# The corpus: every subcommand and output mode — rooks/lpuzzle/king in judge text, --show, --json
# (and `verify` of that JSON), --svg, --roles, --rect, --unique, --forced, --all, every --moves,
# `king play` with scripted moves; `match` on DIMACS, Matrix Market, edge lists and METIS, with
# --pairs, --json (+ `verify --graph`), --classify, --dm, and --weights with every question
# (--max/--min × plain/--perfect/--max-cardinality, text and --json + verify); geography
# (--start, --all, --show); twosat (--proof, --forced, --unique); `gen` with fixed seeds for every
# puzzle and style; `demo`; `stress` (a correct program, a planted bug, a crash, a hang); every
# help text, --version, --generate man / completions — on the sample boards (tests/data,
# /work/shared/samples when present, examples/inputs), generated boards, generated graphs and
# formulas (awk with fixed seeds), and bad input: every case of docs/errors.sh (which regenerates
# docs/ERRORS.md; run here once per binary and the two tables compared) and the weight errors
# listed in docs/ERRORS.md. `serve` (a web server) is left out.
#
# Takes about a minute on the shared 2-core machine; a dev tool, not part of CI.
set -uo pipefail

usage() {
    sed -n '2,4p' "$0" >&2
    exit 2
}
[[ $# -ge 2 ]] || usage
old_bin="$(realpath "$1")" || usage
new_bin="$(realpath "$2")" || usage
shift 2
keep=0
only=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --keep) keep=1 ;;
        --only) only="$2"; shift ;;
        *) usage ;;
    esac
    shift
done
[[ -x "$old_bin" && -x "$new_bin" ]] || { echo "golden: both binaries must be executable" >&2; exit 2; }

root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d -t gridmatch-golden.XXXXXX)"
if [[ $keep == 1 ]]; then
    echo "golden: keeping $work"
else
    trap 'rm -rf "$work"' EXIT
fi
for side in OLD NEW; do
    mkdir -p "$work/$side/bin" "$work/$side/out" "$work/$side/art"
    ln -s ../in "$work/$side/in"
done
ln -s "$old_bin" "$work/OLD/bin/gridmatch"
ln -s "$new_bin" "$work/NEW/bin/gridmatch"
mkdir -p "$work/in"
cd "$work/in" || exit 2

# --- the corpus -------------------------------------------------------------------------------
# Sample boards and example inputs.
cp "$root"/tests/data/*.in .
for f in "$root"/examples/inputs/*; do cp "$f" "ex-$(basename "$f")"; done
if [[ -d /work/shared/samples ]]; then
    for f in /work/shared/samples/*.in; do cp "$f" "shared-$(basename "$f")"; done
fi
cp "$root"/tests/stress/*.py .

# Generated boards: `gen` of the OLD binary (its output is also compared as cases below).
g() { "$old_bin" gen "$@"; }
g rooks --rows 6 --count 40 --seed 3 >rooks-gen.in
g rooks --rows 4 --cols 9 --rect --count 20 --density 0.3 --seed 4 >rooks-rect.in
g rooks --rows 40 --count 3 --density 0.2 --seed 5 >rooks-big.in
g lpuzzle --rows 6 --cols 7 --count 30 --seed 6 >lp-tiled.in
g lpuzzle --rows 5 --count 30 --style near-miss --seed 7 >lp-near.in
g lpuzzle --rows 4 --count 30 --style random --density 0.5 --seed 8 >lp-random.in
g lpuzzle --rows 6 --count 15 --unique --seed 9 >lp-unique.in
g lpuzzle --rows 30 --cols 40 --count 2 --seed 10 >lp-big.in
g king --rows 3 --cols 4 --count 40 --density 0.25 --seed 11 >king-gen.in
g king --rows 5 --count 20 --density 0.2 --seed 12 >king-5.in
g king --rows 12 --cols 15 --count 3 --density 0.15 --seed 13 >king-big.in

# Generated graphs (awk with fixed seeds; the same files for both binaries).
# edges SEED N M KIND: an edge list on 0..N-1; KIND none|int|dec|big|mixed.
edges() {
    awk -v seed="$1" -v n="$2" -v m="$3" -v kind="$4" 'BEGIN {
        srand(seed)
        for (i = 0; i < m; i++) {
            u = int(rand() * n); v = int(rand() * n); if (u == v) v = (u + 1) % n
            line = u " " v
            if (kind == "int") line = line " " (int(rand() * 30) - 9)
            else if (kind == "dec") line = line " " sprintf("%.2f", rand() * 20 - 5)
            else if (kind == "big") line = line " " sprintf("%d%09d", int(rand() * 1000), int(rand() * 1e9))
            else if (kind == "mixed") line = line " " (rand() < 0.5 ? sprintf("%de-3", int(rand() * 9000)) : int(rand() * 50))
            print line
        }
    }'
}
# bip SEED A B M KIND: a bipartite edge list, sides 0..A-1 and A..A+B-1.
bip() {
    awk -v seed="$1" -v a="$2" -v b="$3" -v m="$4" -v kind="$5" 'BEGIN {
        srand(seed)
        for (i = 0; i < m; i++) {
            line = int(rand() * a) " " (a + int(rand() * b))
            if (kind == "int") line = line " " (int(rand() * 40) - 10)
            print line
        }
    }'
}
# to_dimacs N: an edge list on stdin (vertices from 0) as DIMACS (from 1), weights kept.
to_dimacs() {
    awk -v n="$1" '{ l[NR] = "e " ($1 + 1) " " ($2 + 1) (NF > 2 ? " " $3 : "") }
        END { print "c generated"; print "p edge " n " " NR; for (i = 1; i <= NR; i++) print l[i] }'
}
# to_metis N: an edge list on stdin without repeated pairs or loops, as METIS (FMT 1 with weights).
to_metis() {
    awk -v n="$1" '{ u = $1 + 1; v = $2 + 1; k = (u < v ? u " " v : v " " u)
            if (u == v || k in seen) next; seen[k] = 1; m++
            w = (NF > 2 ? " " $3 : ""); weighted = (NF > 2)
            adj[u] = adj[u] " " v w; adj[v] = adj[v] " " u w }
        END { print "% generated"; print n " " m (weighted ? " 1" : "")
              for (i = 1; i <= n; i++) print substr(adj[i], 2) }'
}
# mtx SEED R C NNZ FIELD: a Matrix Market coordinate matrix (distinct entries).
mtx() {
    awk -v seed="$1" -v r="$2" -v c="$3" -v nnz="$4" -v field="$5" 'BEGIN {
        srand(seed); k = 0
        while (k < nnz) { i = 1 + int(rand() * r); j = 1 + int(rand() * c)
            if ((i, j) in seen) continue; seen[i, j] = 1; k++
            v = (field == "real" ? sprintf(" %.3f", rand() * 10 - 2) : field == "integer" ? " " (int(rand() * 20) - 4) : "")
            e[k] = i " " j v }
        print "%%MatrixMarket matrix coordinate " field " general"; print "% generated"
        print r " " c " " nnz; for (k = 1; k <= nnz; k++) print e[k] }'
}
# cnf SEED N M: a random 2-CNF (about one clause in eight a unit clause).
cnf() {
    awk -v seed="$1" -v n="$2" -v m="$3" 'BEGIN {
        srand(seed); print "c generated"; print "p cnf " n " " m
        for (i = 0; i < m; i++) {
            a = (1 + int(rand() * n)) * (rand() < 0.5 ? -1 : 1)
            if (rand() < 0.125) print a " 0"
            else { b = (1 + int(rand() * n)) * (rand() < 0.5 ? -1 : 1); print a " " b " 0" } }
    }'
}

edges 1 8 12 none >g-small.txt
edges 2 40 90 none >g-mid.txt
edges 3 400 1500 none >g-big.txt
edges 4 9 14 int >w-small.txt
edges 5 30 80 int >w-mid.txt
edges 6 25 60 dec >w-dec.txt
edges 7 12 30 big >w-big.txt
edges 8 16 40 mixed >w-mixed.txt
edges 9 200 700 int >w-large.txt
edges 10 7 6 int >w-sparse.txt
bip 11 6 8 15 none >b-small.txt
bip 12 30 25 70 none >b-mid.txt
bip 13 10 10 35 int >wb-mid.txt
bip 14 8 5 20 int >wb-rect.txt
to_dimacs 8 <g-small.txt >g-small.col
to_dimacs 40 <g-mid.txt >g-mid.col
to_dimacs 30 <w-mid.txt >w-mid.col
to_dimacs 25 <w-dec.txt >w-dec.col
to_metis 40 <g-mid.txt >g-mid.graph
to_metis 30 <w-mid.txt >w-mid.graph
to_metis 14 <b-small.txt >b-small.graph
mtx 15 6 9 20 pattern >m-pat.mtx
mtx 16 30 30 120 pattern >m-sq.mtx
mtx 17 8 8 30 real >m-real.mtx
mtx 18 7 11 40 integer >m-int.mtx
mtx 19 12 5 30 real >m-tall.mtx
printf '%%%%MatrixMarket matrix array real general\n2 3\n1\n2.5\n-3\n4\n0\n6\n' >m-array.mtx
printf '%%%%MatrixMarket matrix coordinate integer symmetric\n4 4 4\n2 1 3\n3 1 1\n4 3 7\n4 4 2\n' >m-sym.mtx
printf '0 1 5\n1 2 -3\n2 0 4\n2 2 9\n0 1 2\n3 4 0\n' >w-loops.txt
# Weights too far apart for exact integers: the proven-gap answers (README's far.txt and more).
printf '0 1 0.1\n1 2 2.5E3\n2 3 5e-324\n3 0 1.7976931348623157e308\n4 5 -1e-300\n5 6 1e-300\n6 4 7\n' >w-far.txt
printf '5 9\n9 7\n7 100\n100 5\n42 7\n' >g-sparse-ids.txt
printf 'p edge 0 0\n' >g-empty.col
printf '0 1\n' >g-one.txt
cnf 20 10 12 >f-small.cnf
cnf 21 40 45 >f-mid.cnf
cnf 22 40 70 >f-dense.cnf
cnf 23 300 290 >f-big.cnf
cnf 24 6 16 >f-unsat.cnf
printf 'p cnf 3 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n' >f-unsat2.cnf
printf 'p cnf 2 0\n' >f-empty.cnf

# Bad weighted inputs (docs/ERRORS.md's "Weights" table, which errors.sh does not run).
bad=0
badw() { bad=$((bad + 1)); printf '%b' "$2" >"bw$bad.$1"; }
badw txt '0 1 5\n1 2\n'
badw txt '0 1 # heavy\n'
badw txt '0 1 abc\n'
badw txt '0 1 1/2\n'
badw txt '0 1 0x10\n'
badw txt '0 1 nan\n'
badw txt '0 1 5 6\n'
badw txt '0 1 1e-19\n'
badw txt '0 1 1e18\n'
badw txt '0 1 0.5\n1 2 576460752303423488\n'
badw txt '0 1 123456789012345.5\n1 2 0.0001\n'
badw col 'p edge 2 1\ne 1 2\n'
badw col 'p edge 2 1\ne 1 2 -Infinity\n'
badw mtx '%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n'
badw mtx '%%MatrixMarket matrix coordinate complex general\n2 2 1\n1 2 1 0\n'
badw mtx '%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2\n'
badw txt '0 1 576460752303423487\n1 2 576460752303423487\n2 3 576460752303423487\n'
badw txt '0 1 -576460752303423488\n'
badw txt '0 1 1.000000000000000001\n'
badw txt '0 1 +.5\n'
badw txt '0 1 5.\n'
badw txt '0 1 1e+3\n1 2 -0\n'

# Scripted `king play` sessions: the board file, then moves on stdin.
printf '1\n3 3\nK..\n.#.\n...\n' >kp.in
{ cat kp.in; printf 'help\nb2\n1 2\n2\n1\n1\n1\n1\n1\n'; } >kp-alice.stdin
{ cat kp.in; printf '1\n1\n1\n1\nquit\n'; } >kp-bob.stdin
{ printf '1\n2 4\nK...\n....\n'; printf '1\n1\n1\n1\n1\n1\n1\n'; } >kp-small.stdin

# --- running the cases --------------------------------------------------------------------------
n=0
ran=0
diffs=0
declare -a differing=()

# show STREAM OLD NEW: a unified diff of one stream, at most 40 lines.
show() {
    echo "  --- $1 differs:"
    diff -u --label "old $1" --label "new $1" "$2" "$3" | head -n 40 | sed 's/^/    /'
}

# t [<STDIN_FILE] ARGS...: one case, `gridmatch ARGS...` in both binaries.
t() {
    local stdin=/dev/null
    if [[ "${1:-}" == "<"* ]]; then
        stdin="in/${1:1}"
        shift
    fi
    n=$((n + 1))
    local id
    id="$(printf '%04d' "$n")"
    local cmd="gridmatch $*"
    [[ "$stdin" == /dev/null ]] || cmd="$cmd <${stdin#in/}"
    if [[ -n "$only" && ! "$cmd" =~ $only ]]; then
        return
    fi
    ran=$((ran + 1))
    for side in OLD NEW; do
        (
            cd "$work/$side" || exit 2
            PATH="$work/$side/bin:$PATH" timeout 60 gridmatch "$@" <"$stdin" >"out/$id.out" 2>"out/$id.err"
            echo $? >"out/$id.rc"
        ) &
    done
    wait
    local o="$work/OLD/out/$id" w="$work/NEW/out/$id" bad_case=0
    for s in rc out err; do
        cmp -s "$o.$s" "$w.$s" || bad_case=1
    done
    if [[ $bad_case == 1 ]]; then
        diffs=$((diffs + 1))
        differing+=("#$id $cmd")
        echo "DIFF #$id: $cmd"
        cmp -s "$o.rc" "$w.rc" || echo "  exit code: old $(cat "$o.rc"), new $(cat "$w.rc")"
        cmp -s "$o.out" "$w.out" || show stdout "$o.out" "$w.out"
        cmp -s "$o.err" "$w.err" || show stderr "$o.err" "$w.err"
    fi
}
# last: the stdout file of the previous case, as a path from either side's directory.
last() { printf 'out/%04d.out' "$n"; }
# tamper SED_SCRIPT FILE: the old binary's previous stdout edited by sed, as in/FILE.
tamper() { [[ -f "$work/OLD/$(last)" ]] && sed "$1" "$work/OLD/$(last)" >"$2"; }

# Help, version, generated files.
t --help
t -h
t --version
t -V
t
t help
for c in rooks lpuzzle king match geography twosat verify demo serve gen stress help; do
    t "$c" --help
    t "$c" -h
    t help "$c"
done
t king play --help
t help king play
t --generate man
for k in complete-bash complete-zsh complete-fish complete-powershell; do t --generate "$k"; done
t --generate man art/man
t nosuchcommand
t rooks --nosuchflag in/rooks.in
t match --weights --format nope in/w-small.txt
t gen
t gen rooks --rows 0
t gen chess

# Generators with fixed seeds.
for p in rooks lpuzzle king; do
    t gen "$p"
    t gen "$p" --rows 5 --cols 7 --count 4 --seed 42
    t gen "$p" --rows 9 --density 0.4 --count 3 --seed 7
done
for s in tiled near-miss random unique; do t gen lpuzzle --style "$s" --rows 6 --count 5 --seed 3; done
t gen lpuzzle --unique --rows 7 --count 3 --seed 5
t gen rooks --rect --rows 3 --cols 6 --count 3 --seed 9
t gen king --rows 1 --cols 1 --density 0 --seed 2

t demo

# The puzzles in every output mode.
rooks_files=(rooks.in ex-rooks.txt rooks-gen.in rooks-big.in)
[[ -f shared-rooks.in ]] && rooks_files+=(shared-rooks.in)
for f in "${rooks_files[@]}"; do
    t rooks "in/$f"
    t rooks --show "in/$f"
    t rooks --roles "in/$f"
    t rooks --show --roles "in/$f"
    t rooks --json "in/$f"
    t verify "$(last)"
    t rooks -j 1 --json --roles "in/$f"
    t verify "$(last)"
    t rooks --svg "art/rooks-${f%.*}" "in/$f"
done
t "<rooks.in" rooks
t "<rooks.in" rooks -
t rooks --rect in/rooks-rect.in
t rooks --rect --show --roles in/rooks-rect.in
t rooks --rect --json in/rooks-rect.in
t verify "$(last)"
t rooks --rect --svg art/rooks-rect in/rooks-rect.in
t rooks --rect in/ex-rooks-rect.txt
t rooks --rect --json --roles in/ex-rooks-rect.txt
t rooks --max-cells 20 in/rooks-gen.in

lp_files=(lpuzzle.in ex-lpuzzle.txt lp-tiled.in lp-near.in lp-random.in lp-unique.in lp-big.in)
[[ -f shared-lpuzzle.in ]] && lp_files+=(shared-lpuzzle.in)
for f in "${lp_files[@]}"; do
    t lpuzzle "in/$f"
    t lpuzzle --show "in/$f"
    t lpuzzle --json "in/$f"
    t verify "$(last)"
    t lpuzzle --unique "in/$f"
    t lpuzzle --unique --show "in/$f"
    t lpuzzle --unique --json "in/$f"
    t verify "$(last)"
    t lpuzzle --forced "in/$f"
    t lpuzzle --forced --show --unique "in/$f"
    t lpuzzle --svg "art/lp-${f%.*}" "in/$f"
    t lpuzzle --unique --svg "art/lpu-${f%.*}" "in/$f"
done
t "<lpuzzle.in" lpuzzle -j 1 --json

king_files=(king.in ex-king.txt king-gen.in king-5.in king-big.in)
[[ -f shared-king.in ]] && king_files+=(shared-king.in)
for f in "${king_files[@]}"; do
    for m in king wazir ferz knight; do
        t king --moves "$m" "in/$f"
        t king --moves "$m" --all "in/$f"
        t king --moves "$m" --json "in/$f"
        t verify "$(last)"
        t king --moves "$m" --json --all "in/$f"
        t verify "$(last)"
    done
    t king --show "in/$f"
    t king --show --all "in/$f"
    t king --moves knight --show "in/$f"
    t king --svg "art/king-${f%.*}" "in/$f"
    t king --moves wazir --svg "art/kingw-${f%.*}" "in/$f"
done
t "<kp-alice.stdin" king play -
t "<kp-bob.stdin" king play --side bob -
t "<kp-small.stdin" king play --moves wazir -
t "<kp-small.stdin" king play --moves knight --side bob -
t king play in/king-gen.in
t king play --case 3 in/king-gen.in
t king play --case 99 in/king-gen.in

# Tampered certificates: each answer changed by one.
t rooks --json in/rooks.in
tamper 's/"answer":\([0-9]*\)/"answer":1\1/' rooks-tampered.json
t verify in/rooks-tampered.json
t lpuzzle --json in/lp-tiled.in
tamper 's/"YES"/"NO"/' lp-tampered.json
t verify in/lp-tampered.json
t king --json in/king-gen.in
tamper 's/"answer":"A"/"answer":"X"/; s/"answer":"B"/"answer":"A"/' king-tampered.json
t verify in/king-tampered.json

# Stress: a correct program, a planted bug (shrunk), a crash, a hang.
t stress rooks --cases 30 --seed 2 -- gridmatch rooks
t stress lpuzzle --cases 30 --seed 3 -- gridmatch lpuzzle
t stress king --cases 30 --seed 4 --moves wazir -- gridmatch king --moves wazir
t stress rooks --rect --cases 20 -- gridmatch rooks --rect
# (Python without pyenv's shim where there is one: each run of CMD starts an interpreter.)
py=python3
[[ -x /usr/bin/python3 ]] && py=/usr/bin/python3
t stress rooks --cases 30 --save art/greedy.in -- "$py" in/greedy_rooks.py
t stress king --cases 20 --max-cells 100 --save art/parity.in -- "$py" in/king_parity.py
t stress lpuzzle --cases 100 --max-cells 64 --seed 3 --save art/var0.in -- "$py" in/lpuzzle_var0.py
t stress king --cases 5 --seed 4 --save art/crash.in -- "$py" in/crash.py
t stress rooks --cases 2 --timeout 0.3 --save art/hang.in -- "$py" in/hang.py

# Graphs: match in every mode and format.
graphs=(ex-graph.col ex-matrix.mtx ex-edges.txt ex-graph.graph g-small.txt g-mid.txt g-big.txt
    g-small.col g-mid.col g-mid.graph b-small.txt b-mid.txt b-small.graph m-pat.mtx m-sq.mtx
    m-real.mtx m-int.mtx m-tall.mtx m-array.mtx m-sym.mtx g-sparse-ids.txt g-empty.col g-one.txt)
for f in "${graphs[@]}"; do
    t match "in/$f"
    t match --pairs "in/$f"
    t match --json "in/$f"
    t verify --graph "in/$f" "$(last)"
    t match --classify "in/$f"
    t match --dm "in/$f"
    t match --dm --json "in/$f"
    t verify --graph "in/$f" "$(last)"
done
for fmt in dimacs mtx edges metis; do
    t match --format "$fmt" in/g-small.txt
    t match --format "$fmt" in/g-mid.graph
done
t "<g-mid.col" match
t "<m-real.mtx" match --weights -
t match --max-edges 10 in/g-mid.txt

# Weighted matching: every question, text and --json (+ verify --graph).
weighted=(w-small.txt w-mid.txt w-dec.txt w-big.txt w-mixed.txt w-large.txt w-sparse.txt w-loops.txt w-far.txt
    w-mid.col w-dec.col w-mid.graph wb-mid.txt wb-rect.txt m-real.mtx m-int.mtx m-tall.mtx
    m-array.mtx m-sym.mtx)
for f in "${weighted[@]}"; do
    for sense in "" --max --min; do
        for card in "" --perfect --max-cardinality; do
            t match --weights $sense $card "in/$f"
            t match --weights $sense $card --json "in/$f"
            t verify --graph "in/$f" "$(last)"
        done
    done
    t match --weights --pairs "in/$f"
done
t match in/w-small.txt
t match --weights in/ex-matrix.mtx
t match --weights --perfect --max-cardinality in/w-small.txt
t match --weights --min --max in/w-small.txt
t match --min in/w-small.txt
t match --perfect in/g-small.txt
t match --weights --classify in/wb-mid.txt
t match --weights --dm in/wb-mid.txt
t match --weights --format edges in/w-small.txt
t match --weights --format metis in/w-mid.graph

# Tampered weighted certificates: the total changed.
t match --weights --json in/w-mid.txt
tamper 's/"weight":"\?\(-\?[0-9]\)/"weight":"1\1/' w-tampered.json
t verify --graph in/w-mid.txt in/w-tampered.json
t match --weights --min --perfect --json in/w-mid.txt
tamper 's/"objective":"min"/"objective":"mux"/' w-objective.json
t verify --graph in/w-mid.txt in/w-objective.json
tamper 's/"cardinality":"perfect"/"cardinality":"all"/' w-cardinality.json
t verify --graph in/w-mid.txt in/w-cardinality.json
t match --json in/g-mid.txt
tamper 's/"size":\([0-9]*\)/"size":9\1/' g-tampered.json
t verify --graph in/g-mid.txt in/g-tampered.json

# Bad weighted inputs.
for f in bw*; do
    t match --weights "in/$f"
    t match --weights --json "in/$f"
done

# Geography.
for f in ex-graph.col ex-edges.txt ex-graph.graph g-small.txt g-mid.txt g-big.txt g-small.col b-mid.txt g-sparse-ids.txt g-one.txt; do
    t geography --all "in/$f"
    t geography --start 1 "in/$f"
    t geography --start 1 --show "in/$f"
    t geography --start 7 --show "in/$f"
done
t geography in/g-small.txt
t "<g-small.txt" geography --all
t geography --all in/m-pat.mtx

# 2-SAT.
for f in ex-formula.cnf f-small.cnf f-mid.cnf f-dense.cnf f-big.cnf f-unsat.cnf f-unsat2.cnf f-empty.cnf; do
    t twosat "in/$f"
    t twosat --proof "in/$f"
    t twosat --forced "in/$f"
    t twosat --unique "in/$f"
    t twosat --proof --forced --unique "in/$f"
done
t "<f-small.cnf" twosat
t twosat --max-clauses 5 in/f-mid.cnf

# Bad input: docs/errors.sh's cases (docs/ERRORS.md), run with each binary.
n=$((n + 1))
id="$(printf '%04d' "$n")"
if [[ -z "$only" || "errors.sh" =~ $only ]]; then
    for side in OLD NEW; do
        (
            GRIDMATCH="$work/$side/bin/gridmatch" GRIDMATCH_ERRORS_MD="$work/$side/out/errors.md" \
                bash "$root/docs/errors.sh" >/dev/null 2>"$work/$side/out/errors.err"
            echo $? >"$work/$side/out/errors.rc"
        ) &
    done
    wait
    ran=$((ran + 1))
    # The version line names the binary's path; drop it.
    for side in OLD NEW; do sed -i '/^Generated by/d' "$work/$side/out/errors.md"; done
    if ! cmp -s "$work/OLD/out/errors.md" "$work/NEW/out/errors.md" ||
        ! cmp -s "$work/OLD/out/errors.rc" "$work/NEW/out/errors.rc"; then
        diffs=$((diffs + 1))
        differing+=("#$id docs/errors.sh")
        echo "DIFF #$id: docs/errors.sh (the docs/ERRORS.md table; a row per case)"
        show "ERRORS.md" "$work/OLD/out/errors.md" "$work/NEW/out/errors.md"
    fi
fi

# What commands wrote: SVG pictures, man pages, saved boards.
if ! diff -r -q "$work/OLD/art" "$work/NEW/art" >"$work/art.diff"; then
    diffs=$((diffs + 1))
    differing+=("written files")
    echo "DIFF: files written by the commands (art/):"
    sed 's/^/  /' "$work/art.diff" | head -n 40
    grep '^Files ' "$work/art.diff" | head -n 3 | while read -r _ a _ b _; do
        show "$(basename "$a")" "$a" "$b"
    done
fi
files=$(find "$work/OLD/art" -type f | wc -l)

echo
echo "golden: $ran cases (and $files written files) run on old $old_bin and new $new_bin: $diffs differ"
for d in "${differing[@]}"; do echo "  $d"; done
[[ $diffs == 0 ]]
