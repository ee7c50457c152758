#!/bin/sh
# The audit and blocks.ts cells of "With compare.confirm (commit 4b99f12)" again, with the second
# pair at the window of the look that decided the regression (the product's rule since commit
# 7a188dc; bench/ab/README.md, "With compare.confirm at the deciding look's window"), in the order
# of their priority, each chunk of 50 runs under the heavy-work lock on its own; no chunk starts
# after STOP (UTC, HH:MM; default 05:15). --n=50 at S, S+50, … are the runs of --n=100 (150) --seed=S.
# Output: bench/out/audit-confirm2-<cell>.jsonl and bench/out/blocks-confirm2.jsonl; pool with
#   cat bench/out/audit-confirm2-*.jsonl | npm run -s bench:audit -- verdicts --sum
set -e
cd "$(dirname "$0")/../.."
mkdir -p bench/out
STOP=${STOP:-05:15}
late() { [ "$(date -u +%H:%M)" \> "$STOP" ] || [ "$(date -u +%H:%M)" = "$STOP" ]; }
chunk() { # cell, then the script's arguments
  cell=$1
  shift
  if late; then echo "skipped (past $STOP): $cell $*"; return 0; fi
  echo "$(date -u +%H:%M:%S) $cell $*"
  flock -o /tmp/heavy.lock npm run -s bench:audit -- verdicts "$@" >>"bench/out/audit-confirm2-$cell.jsonl"
}
[ "${1:-}" = rest ] || for seed in 1000 1050 1100 1150; do chunk duet-k1 --schedule=duet --min=both --n=50 --seed=$seed; done
# From 04:22 UTC the lock's queue (two other benches) cost 3–4 min a wait: the rest in holds of two
# --n=50 invocations each (about 2–2.5 min). `sh round-confirm2.sh rest` runs only these.
hold() { # "cell args…" lines, one invocation each, in one hold of the lock
  if late; then echo "skipped (past $STOP): $*"; return 0; fi
  echo "$(date -u +%H:%M:%S) hold: $*"
  flock -o /tmp/heavy.lock sh -c "$*"
}
audit() { # cell, then the script's arguments: one invocation, as text for hold
  cell=$1
  shift
  echo "npm run -s bench:audit -- verdicts $* >>bench/out/audit-confirm2-$cell.jsonl;"
}
blocks() { # the script's arguments: one invocation, as text for hold
  echo "npm run -s bench:ab -- blocks --n=50 --rate=150 --extend --budget=4 --processes=1 $* >>bench/out/blocks-confirm2.jsonl;"
}
hold "$(audit duet-k1 --schedule=duet --min=ab --n=50 --seed=1200) $(audit duet-k1 --schedule=duet --min=ab --n=50 --seed=1250)"
hold "$(audit duet-k1 --schedule=duet --min=ab --n=50 --seed=1300) $(audit alternate-k1 --schedule=alternate --min=ab --n=50 --seed=2000)"
hold "$(audit alternate-k1 --schedule=alternate --min=ab --n=50 --seed=2050) $(audit alternate-k1 --schedule=alternate --min=ab --n=50 --seed=2100)"
hold "$(audit alternate-k1 --schedule=alternate --min=ab --n=50 --seed=2150) $(audit alternate-k1 --schedule=alternate --min=ab --n=50 --seed=2200)"
# +5% and offsets of sd 2% with the third-pair experiment: each line keeps the second pair's
# verdict (secondFailedRuns, secondP50Regressions; the same draws as --pairs=2) before the third's.
hold "$(audit alternate-k1 --schedule=alternate --min=ab --n=50 --seed=2250) $(audit power5-duet-k1 --schedule=duet --scale=1.05 --min=ab --n=50 --seed=7000 --pairs=3)"
hold "$(audit power10-duet-k1 --schedule=duet --scale=1.1 --min=ab --n=50 --seed=4000) $(audit sd2-duet-k1 --schedule=duet --process-sd=0.02 --min=ab --n=50 --seed=8000 --pairs=3)"
hold "$(audit sd2-duet-k1 --schedule=duet --process-sd=0.02 --min=ab --n=50 --seed=8050 --pairs=3) $(blocks --process-sd=0.01 --seed=46000)"
hold "$(blocks --process-sd=0.01 --seed=46050) $(blocks --process-sd=0.02 --seed=46100)"
hold "$(blocks --process-sd=0.02 --seed=46150) $(blocks --process-sd=0.01 --scale=1.1 --seed=46200)"
