#!/usr/bin/env bash
# CI smoke run: every fuzz target for a few seconds, one after another. Exits non-zero if any
# target finds a crash (the input is then in fuzz/artifacts/<target>/).
#
#   bash fuzz/smoke.sh            # 5 s per target
#   FUZZ_SECS=60 bash fuzz/smoke.sh
#
# cargo fuzz needs nightly-only compiler flags; the machine has only a stable toolchain, so
# RUSTC_BOOTSTRAP=1 lets stable accept them. Each target reads its committed seeds and writes
# what it finds to a scratch folder, so the run leaves the work tree as it was (but for
# fuzz/target and, on a finding, fuzz/artifacts).
set -euo pipefail
cd "$(dirname "$0")"
secs="${FUZZ_SECS:-5}"
export RUSTC_BOOTSTRAP=1

if ! cargo fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi

# Same flags as the long runs in README.md: debug assertions (integer overflow panics), no
# sanitizer (the crate forbids unsafe code; see README.md).
flags=(--debug-assertions --sanitizer none)
cargo fuzz build "${flags[@]}"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
failed=()
for t in $(cargo fuzz list); do
    mkdir -p "$scratch/$t" "corpus/$t"
    echo "== fuzz $t for ${secs}s"
    if ! cargo fuzz run "${flags[@]}" "$t" "$scratch/$t" "corpus/$t" -- \
        -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        >"$scratch/$t.log" 2>&1; then
        failed+=("$t")
        tail -n 60 "$scratch/$t.log"
    else
        grep -E '^(Done|stat::number_of_executed_units)' "$scratch/$t.log" || true
    fi
done

if ((${#failed[@]})); then
    echo "fuzz smoke: findings in: ${failed[*]} (inputs under fuzz/artifacts/)" >&2
    exit 1
fi
echo "fuzz smoke: all targets ran ${secs}s without a finding"
