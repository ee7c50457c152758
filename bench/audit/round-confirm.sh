#!/bin/sh
# The audit round with compare.confirm (bench/ab/README.md, "Independent audit", "with
# compare.confirm"): the cells of the first round on the same seeds, and more, each chunk of runs
# under the heavy-work lock on its own (about a minute each). Every line carries both verdicts, the
# first pair's (as --confirm=off judges) and the one after the second pair.
# Output: bench/out/audit-confirm-<cell>.jsonl; pool with
#   cat bench/out/audit-confirm-*.jsonl | npm run -s bench:audit -- verdicts --sum
set -e
cd "$(dirname "$0")/../.."
mkdir -p bench/out
chunk() { # cell, then the script's arguments
  cell=$1
  shift
  flock -o /tmp/heavy.lock npm run -s bench:audit -- verdicts "$@" >>"bench/out/audit-confirm-$cell.jsonl"
}
for seed in 1000 1050 1100 1150; do chunk duet-k1 --schedule=duet --min=both --n=50 --seed=$seed; done
chunk power10-duet-k1 --schedule=duet --scale=1.1 --min=ab --n=50 --seed=4000
chunk power5-duet-k1 --schedule=duet --scale=1.05 --min=ab --n=50 --seed=7000
for seed in 2000 2050 2100; do chunk alternate-k1 --schedule=alternate --min=both --n=50 --seed=$seed; done
chunk control-duet-k1 --schedule=duet --process-sd=0 --min=ab --n=50 --seed=6000
for seed in 8000 8050; do chunk sd2-duet-k1 --schedule=duet --process-sd=0.02 --min=both --n=50 --seed=$seed; done
# More A/A runs towards the CP bound: duet to 350, alternate to 300.
for seed in 1200 1250 1300; do chunk duet-k1 --schedule=duet --min=both --n=50 --seed=$seed; done
for seed in 2150 2200 2250; do chunk alternate-k1 --schedule=alternate --min=both --n=50 --seed=$seed; done
