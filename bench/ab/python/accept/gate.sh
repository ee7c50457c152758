#!/bin/bash
# gate.sh NAME CELL quiet|busy [STORE] — one `perfgate gate`, in one hold of /tmp/heavy.lock, its
# console, stderr, exit code, results and service logs in $SVC/runs/NAME (after prepare.sh).
#   CELL: aa (base2 vs base, A/B), slow (head vs base, A/B), save (base, --save into STORE),
#         stored (head28 against STORE), stored-aa (base2 against STORE)
#   busy: neighbour.py (a core taken for 0.5-3 s, then 1-5 s of rest) runs during the gate.
#   PERFGATE_CLI: the CLI under test (default /tmp/accept-clone/dist/cli.js, a fresh clone).
name=$1; cell=$2; noise=$3
cli=${PERFGATE_CLI:-/tmp/accept-clone/dist/cli.js}
SVC=${SVC:-/tmp/accept-svc}
out=$SVC/runs/$name; mkdir -p $out
case $cell in
  aa)        dir=$SVC/base2; args="--base-dir ../base" ;;
  slow)      dir=$SVC/head;  args="--base-dir ../base" ;;
  save)      dir=$SVC/base;  args="--save --baseline-dir $SVC/stored/$4" ;;
  stored)    dir=$SVC/head28; args="--baseline-dir $SVC/stored/$4" ;;
  stored-aa) dir=$SVC/base2; args="--baseline-dir $SVC/stored/$4" ;;
esac
cd $dir
flock -o /tmp/heavy.lock bash -c "
  date -u +%FT%TZ > $out/start
  if [ $noise = busy ]; then python3 $SVC/neighbour.py & echo \$! > $out/neighbour.pid; fi
  cmd='node $cli gate -c perfgate.yml $args -o $out/results.json --log-dir $out/logs'
  echo \"cd $dir && \$cmd\" > $out/command
  \$cmd > $out/console.txt 2> $out/stderr.txt; echo \$? > $out/rc
  if [ -f $out/neighbour.pid ]; then kill \$(cat $out/neighbour.pid); fi
  date -u +%FT%TZ > $out/end
"
echo "$name rc=$(cat $out/rc) $(grep -m1 'perfgate: ' $out/console.txt)"
