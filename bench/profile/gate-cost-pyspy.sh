#!/bin/bash
# Issue 36 cost of profile: py-spy: gate wall time and CPU (perfgate and everything it started:
# the two Python services, the load, py-spy) with and without profile: py-spy, on a failing run
# (the head's compute_discount 3x, as in test/entry/profile-pyspy.e2e.test.ts) and on a passing
# one (A/A), profile.window at its default 10 s. One JSON line per run. The service is run with
# exec, so that python is perfgate's own child and its CPU is counted when perfgate reaps it.
set -u
REPO=$(cd "$(dirname "$0")/../.." && pwd)
CLI=$REPO/dist/cli.js
R=${PROFILE_BENCH_DIR:-/tmp/perfgate-pyspy-bench}; rm -rf $R; mkdir -p $R/perf; cd $R
git init -q -b main; git config user.email t@e.com; git config user.name t
printf '.perfgate/\n*.json\n*.txt\n' > .gitignore
# The e2e test's service, compute_discount's loop set to $1 iterations.
server() { sed "s/__WORK__/$1/" "$REPO/test/fixtures/profile/discount_server.py"; }
cfg() { cat <<YML
services:
  - name: api
    run: exec python3 server.py
    ready: { http: "http://127.0.0.1:\${port}/health", timeout: 15s }
$1
defaults: { baseUrl: "http://127.0.0.1:\${port}", warmup: 1s }
scenarios:
  price:
    executor: constant-arrival-rate
    rate: 30/s
    duration: 8s
    request: { path: /price }
YML
}
cfg "    profile: py-spy" > perf/prof.yml; cfg "" > perf/noprof.yml
server 100000 > perf/server.py; git add -A; git commit -qm base
server 300000 > perf/server.py; git commit -qam head
for rep in ${REPS:-1 2}; do
  for ref in ${REFS:-HEAD~1 HEAD}; do
    for c in noprof prof; do
      /usr/bin/time -f '%e %U %S' -o time.txt node $CLI gate -c perf/$c.yml --base-ref $ref --seed $rep -o $c.json > out.txt 2> "err-$rep-$ref-$c.txt"; code=$?
      python3 - "$rep" "$ref" "$c" "$code" "err-$rep-$ref-$c.txt" <<'PY'
import json,sys
rep,ref,c,code,err=sys.argv[1:]
wall,user,system=(float(x) for x in open('time.txt').read().split()[-3:])
try:
  r=json.load(open(f'{c}.json'))
except Exception:
  r={}
p=(r.get('profiles') or [{}])[0]
print(json.dumps({'rep':rep,'ref':ref,'config':c,'exit':int(code),'wallSeconds':wall,'cpuSeconds':round(user+system,1),
 'samples':[p.get('baseSamples'),p.get('headSamples')],'grown':[(g['name'],g.get('location'),round(g['ownShare'][0],3),round(g['ownShare'][1],3)) for g in p.get('grown',[])],'error':p.get('error'),'stderrTail':None if int(code) in (0,1) else open(err).read().strip().splitlines()[-3:]}))
PY
    done
  done
done
