#!/usr/bin/env bash
# Two builds of cruciverb timed against each other on the same fills, for
# telling a real slowdown from this machine's noise (VM timings swing by
# more than the few per cent a change may cost).
#
# Each round fills the 21×21 benchmark patterns 2–9 with seeds 0–2
# (`fill FILE:N --polish 0 --timeout 10`) with build A, then with build B,
# and prints each build's total user CPU seconds; rounds alternate so that
# a busy spell hits both. Compare the medians (and the per-round ratios).
#
#   benches/compare_builds.sh OLD/target/release/cruciverb target/release/cruciverb [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
a=${1:?usage: compare_builds.sh BUILD_A BUILD_B [ROUNDS]}
b=${2:?usage: compare_builds.sh BUILD_A BUILD_B [ROUNDS]}
rounds=${3:-5}
# Each build keeps its own index cache: their cache formats may differ.
caches=$(mktemp -d)
trap 'rm -rf "$caches"' EXIT
for round in $(seq 1 "$rounds"); do
    for which in A B; do
        if [ "$which" = A ]; then bin=$a; else bin=$b; fi
        total=0
        for pattern in 2 3 4 5 6 7 8 9; do
            for seed in 0 1 2; do
                user=$( { /usr/bin/time -f %U env CRUCIVERB_CACHE_DIR="$caches/$which" \
                    "$bin" fill "patterns/bench-21x21.hex:$pattern" --seed "$seed" \
                    --polish 0 --timeout 10 >/dev/null; } 2>&1 | tail -n 1)
                total=$(echo "$total + $user" | bc)
            done
        done
        echo "round $round $which $total"
    done
done
