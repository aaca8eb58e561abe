#!/usr/bin/env bash
# Deep boards (issue 7): the boards the issue names, at full size, run through the release
# binary on the default 8 MiB main-thread stack. On the L-puzzle and King serpentines the
# implication chains and alternating paths run through the whole board, so a recursive Tarjan or
# blossom search would overflow; the rooks boards have 10⁷ vertices but short augmenting paths
# (the 2·10⁵-long augmenting path of src/graph/bipartite.rs's tests covers those).
#
#     bench/deep.sh [--keep]
#
#   rooks   1 × 10⁷ and 10⁷ × 1 (`--rect`), a pawn on every 7th cell
#   lpuzzle 2 × 5·10⁶ serpentine: `BWBW…` over `W.W.…`; the only tiling is forced from one end
#           to the other, an implication chain as long as the board (answer YES)
#   king    3000 × 3000 serpentine: corridors joined by one gap at alternating ends, so the
#           alternating paths run through all 4.5·10⁶ free squares; king and wazir moves, judge
#           output and `--json` certificates checked by `gridmatch verify`
#
# Prints a Markdown table (time, peak memory, answer) and exits 1 if any run fails or any
# certificate is refused. Not part of CI (about a minute and 2 GB of RAM). Results:
# docs/BENCHMARKS.md, "Deep boards".
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
KEEP=0
[[ "${1:-}" == "--keep" ]] && KEEP=1
command -v /usr/bin/time >/dev/null || { echo "bench/deep.sh: needs /usr/bin/time (apt install time)" >&2; exit 2; }
PYTHON="${PYTHON:-python3}"

cargo build --release --quiet --manifest-path "$ROOT/Cargo.toml" --target-dir "$ROOT/target/bench-deep"
GM="$ROOT/target/bench-deep/release/gridmatch"

DIR="$(mktemp -d)"
if ((KEEP)); then echo "inputs kept in $DIR" >&2; else trap 'rm -rf "$DIR"' EXIT; fi

"$PYTHON" - "$DIR" <<'EOF'
import sys
d = sys.argv[1]
n = 10**7
row = "".join("X" if i % 7 == 6 else "." for i in range(n))
with open(f"{d}/rooks-row.in", "w") as f:
    f.write(f"1 {n}\n{row}\n")
with open(f"{d}/rooks-col.in", "w") as f:
    f.write(f"{n} 1\n" + "\n".join(row) + "\n")
half = 5 * 10**6
with open(f"{d}/lpuzzle.in", "w") as f:
    f.write(f"1\n2 {half}\n" + "BW" * (half // 2) + "\n" + "W." * (half // 2) + "\n")
s = 3000
lines = []
for r in range(s):
    if r % 2 == 0:
        lines.append("." * s)
    else:
        gap = s - 1 if (r // 2) % 2 == 0 else 0
        lines.append("".join("." if c == gap else "#" for c in range(s)))
lines[0] = "K" + lines[0][1:]
with open(f"{d}/king.in", "w") as f:
    f.write(f"1\n{s} {s}\n" + "\n".join(lines) + "\n")
EOF

failed=0
echo "| board | command | answer | time | peak memory |"
echo "|---|---|---|---|---|"
run() { # label, expected-answer-or-empty, gridmatch args...
    local label="$1" want="$2"; shift 2
    local out="$DIR/out" t="$DIR/time"
    if ! /usr/bin/time -f "%e %M" -o "$t" "$GM" "$@" >"$out" 2>"$DIR/err"; then
        failed=1
        echo "| $label | \`gridmatch ${*##*/}\` | FAILED: $(head -c 200 "$DIR/err") | | |"
        return
    fi
    local answer
    answer="$(head -c 200 "$out" | head -n 1 | sed "s#$DIR/##g")"
    if [[ -n "$want" && "$answer" != "$want" ]]; then
        failed=1
        answer="$answer (MISMATCH, expected $want)"
    fi
    read -r secs kb <"$t"
    printf '| %s | `gridmatch %s` | %s | %s s | %d MB |\n' "$label" "$(echo "$@" | sed "s#$DIR/##g")" \
        "$answer" "$secs" $((kb / 1024))
}
certs() { # label, gridmatch args... : --json then verify
    local label="$1"; shift
    if ! "$GM" "$@" --json >"$DIR/certs.jsonl" 2>"$DIR/err"; then
        failed=1; echo "| $label | --json | FAILED: $(head -c 200 "$DIR/err") | | |"; return
    fi
    run "$label" "" verify "$DIR/certs.jsonl"
    grep -q ': ok$' "$DIR/out" || { failed=1; echo "| $label | verify | REFUSED | | |"; }
}

run "rooks 1 × 10⁷" "1428572" rooks --rect "$DIR/rooks-row.in"
run "rooks 10⁷ × 1" "1428572" rooks --rect "$DIR/rooks-col.in"
certs "rooks 10⁷ × 1, certificate" rooks --rect "$DIR/rooks-col.in"
run "L-puzzle 2 × 5·10⁶ serpentine" "YES" lpuzzle "$DIR/lpuzzle.in"
certs "L-puzzle serpentine, tiling" lpuzzle "$DIR/lpuzzle.in"
for m in king wazir; do
    run "King 3000² serpentine, $m moves" "" king --moves "$m" "$DIR/king.in"
    certs "King 3000² serpentine, $m moves, certificate" king --moves "$m" "$DIR/king.in"
done
run "King 3000² serpentine, every start" "" king --all "$DIR/king.in"
exit "$failed"
