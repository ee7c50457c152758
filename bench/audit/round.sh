#!/bin/sh
# The audit round of bench/ab/README.md ("Independent audit"): each chunk of runs holds the
# heavy-work lock on its own (≤ ~3 minutes), so the shared machine's other work goes between them.
# Output: one JSON line per chunk and minimum-effect setting in bench/out/audit-<cell>.jsonl; pool
# with `cat bench/out/audit-*.jsonl | npm run -s bench:audit -- verdicts --sum`.
set -e
cd "$(dirname "$0")/../.."
mkdir -p bench/out
chunk() { # cell, then the script's arguments
  cell=$1
  shift
  flock -o /tmp/heavy.lock npm run -s bench:audit -- verdicts "$@" >>"bench/out/audit-$cell.jsonl"
}
for round in 0 1 2; do # duet A/A also ran --seed=1150 by hand
  chunk duet-k1 --schedule=duet --min=both --n=50 --seed=$((1000 + 50 * round))
  chunk alternate-k1 --schedule=alternate --min=both --n=50 --seed=$((2000 + 50 * round))
  chunk duet-k8 --schedule=duet --processes=8 --min=ab --n=50 --seed=$((3000 + 50 * round))
  if [ "$round" = 0 ]; then
    chunk power-duet-k1 --schedule=duet --scale=1.1 --min=ab --n=50 --seed=4000
    chunk power-duet-k8 --schedule=duet --scale=1.1 --processes=8 --min=ab --n=50 --seed=5000
  fi
done
