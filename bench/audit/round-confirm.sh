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
# In this order (the lock was shared by three developers; the later chunks may not have run: see
# the README's table for what did). Duet A/A 1000–1150 judged both minimum-effect settings, the
# rest the A/B ones only (half the judging time).
# `… rest` skips the first three chunks, `… later` the first six.
if [ "${1:-}" = "" ]; then
  for seed in 1000 1050 1100; do chunk duet-k1 --schedule=duet --min=both --n=50 --seed=$seed; done
fi
if [ "${1:-}" != later ]; then
  chunk power10-duet-k1 --schedule=duet --scale=1.1 --min=ab --n=50 --seed=4000
  chunk power5-duet-k1 --schedule=duet --scale=1.05 --min=ab --n=50 --seed=7000
  chunk duet-k1 --schedule=duet --min=both --n=50 --seed=1150
fi
# The lock's queue grew (15 min a wait): the rest in fewer holds of 2–4 min. --n=150 --seed=S is
# the runs of --seed=S, S+50, S+100 at --n=50.
hold() { # the chunks of one hold, each "cell args…" on a line of its own
  flock -o /tmp/heavy.lock sh -c "$1"
}
run() { # cell, then the script's arguments (inside a hold)
  cell=$1
  shift
  echo "npm run -s bench:audit -- verdicts $* >>bench/out/audit-confirm-$cell.jsonl;"
}
hold "$(run control-duet-k1 --schedule=duet --process-sd=0 --min=ab --n=50 --seed=6000) $(run sd2-duet-k1 --schedule=duet --process-sd=0.02 --min=ab --n=100 --seed=8000)"
hold "$(run alternate-k1 --schedule=alternate --min=ab --n=150 --seed=2000)"
hold "$(run duet-k1 --schedule=duet --min=ab --n=150 --seed=1200)"
hold "$(run alternate-k1 --schedule=alternate --min=ab --n=150 --seed=2150)"
