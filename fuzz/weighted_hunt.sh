#!/usr/bin/env bash
# The long weighted hunt of fuzz/README.md (issue 33): the ignored test
# `weighted_medium::hunt` (tests/integration/weighted_medium.rs) in JOBS processes at once, each
# on GRAPHS graphs from its own seed (SEED, SEED+1, ...), at `nice -n 10`. Every graph: all six
# weighted questions through the certified layer, every certificate through the independent
# verifier, a renumbered copy, the answers' consistency, and one graph in DP_EVERY small enough
# for the subset DP. Prints each process's summary line and exits 1 if any graph failed; failing
# graphs are written as DIMACS files into DIR.
#
#   GRAPHS=50000 JOBS=2 SEED=1 MIN=20 MAX=200 DP_EVERY=10 DIR=target/hunt [SECS=3600] \
#       bash fuzz/weighted_hunt.sh
#
# Run from anywhere; builds the test binary in release first (CARGO_TARGET_DIR is respected).
set -euo pipefail
cd "$(dirname "$0")/.."
GRAPHS=${GRAPHS:-1000}
JOBS=${JOBS:-2}
SEED=${SEED:-1}
MIN=${MIN:-20}
MAX=${MAX:-200}
DP_EVERY=${DP_EVERY:-10}
DIR=${DIR:-target/hunt}
SECS=${SECS:-1000000000}  # a time budget per process: stops after SECS s (its line says how far)
mkdir -p "$DIR"
cargo test --release --test integration --no-run
status=0
pids=()
logs=()
for ((j = 0; j < JOBS; j++)); do
    s=$((SEED + j))
    GRIDMATCH_HUNT_GRAPHS=$GRAPHS GRIDMATCH_HUNT_SEED=$s GRIDMATCH_HUNT_MIN=$MIN \
        GRIDMATCH_HUNT_MAX=$MAX GRIDMATCH_HUNT_DP_EVERY=$DP_EVERY GRIDMATCH_HUNT_DIR=$DIR \
        GRIDMATCH_HUNT_SECS=$SECS \
        nice -n 10 cargo test -q --release --test integration weighted_medium::hunt -- \
        --ignored --nocapture --test-threads=1 >"$DIR/seed$s.log" 2>&1 &
    pids+=($!)
    logs+=("$DIR/seed$s.log")
done
for p in "${pids[@]}"; do
    wait "$p" || status=1
done
grep -ho 'hunt: seed.*' "${logs[@]}" || true
exit $status
