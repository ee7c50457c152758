#!/bin/sh
# compare.confirm on the team's generator (bench/ab/README.md, "Independent audit", "with
# compare.confirm"): one process per variant, offsets of sd 1% and 2%, compare.extend 4×; each chunk
# of 50 runs under the heavy-work lock on its own. Seeds S and S+50 with --n=50 are the runs of
# --n=100 --seed=S. Every line carries both verdicts: the first pair's (firstFalseRuns, firstFound;
# what --confirm=off gives) and the one after the second pair (falseRuns, found).
# Output: bench/out/blocks-confirm.jsonl (JSON lines and Markdown rows).
set -e
cd "$(dirname "$0")/../.."
mkdir -p bench/out
chunk() {
  flock -o /tmp/heavy.lock npm run -s bench:ab -- blocks --n=50 --rate=150 --extend --budget=4 --processes=1 "$@" >>bench/out/blocks-confirm.jsonl
}
chunk --process-sd=0.01 --seed=46000
chunk --process-sd=0.01 --seed=46050
chunk --process-sd=0.01 --scale=1.1 --seed=46200
chunk --process-sd=0.02 --seed=46100
chunk --process-sd=0.02 --seed=46150
