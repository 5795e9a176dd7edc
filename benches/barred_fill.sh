#!/usr/bin/env bash
# Fills every pattern of patterns/bench-barred-12x12.hex (20 random 12×12
# barred patterns under `make --style barred`'s rules) with seeds 0-2, one
# process each (`fill FILE:N --seed S --polish 0 --timeout 10`), and prints
# how many filled and the median and slowest wall time. The in-process
# numbers are in `cargo bench --bench fill`'s barred row.
#
#   benches/barred_fill.sh [BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/cruciverb}
times=$(mktemp)
trap 'rm -f "$times"' EXIT
filled=0
for n in $(seq 1 20); do
    for seed in 0 1 2; do
        start=$(date +%s.%N)
        if "$bin" fill "patterns/bench-barred-12x12.hex:$n" --seed "$seed" --polish 0 \
            --timeout 10 >/dev/null 2>&1; then
            filled=$((filled + 1))
        fi
        echo "$(date +%s.%N) - $start" | bc >>"$times"
    done
done
sort -n "$times" | awk -v filled="$filled" '{ t[NR] = $1 }
    END { printf "%d of %d filled; median %.3f s, slowest %.3f s\n", filled, NR, t[int((NR + 1) / 2)], t[NR] }'
