#!/bin/bash
# Issue 36 cost: gate wall time with and without profile: node, on a failing (3x computeDiscount)
# and a passing (A/A) run; the e2e test's service as it was when docs/design/measurements.md's figures were
# taken (formatPrice at 2,000 iterations; the e2e's is now 8,000), profile.window default 10 s.
set -u
CLI=$(cd "$(dirname "$0")/../.." && pwd)/dist/cli.js
R=${PROFILE_BENCH_DIR:-/tmp/perfgate-profile-bench}; rm -rf $R; mkdir -p $R/perf; cd $R
git init -q -b main; git config user.email t@e.com; git config user.name t
printf '.perfgate/\n*.json\n' > .gitignore
server() { cat <<JS
import { createServer } from 'node:http';

function computeDiscount(total) {
  let discount = 0;
  for (let i = 0; i < $1; i++) discount += Math.sin(total + i) * 1e-6;
  return Math.abs(discount) % 0.2;
}

function formatPrice(total) {
  let text = '';
  for (let i = 0; i < 2000; i++) text = (total * (1 + (i % 7))).toFixed(2);
  return text;
}

createServer((req, res) => {
  if (req.url === '/health') return res.end('ok');
  res.end(formatPrice(100 * (1 - computeDiscount(100))));
}).listen(Number(process.env.PORT), '127.0.0.1');
JS
}
cfg() { cat <<YML
services:
  - name: api
    run: node server.mjs
    ready: { http: "http://127.0.0.1:\${port}/health", timeout: 15s }
$1
defaults: { baseUrl: "http://127.0.0.1:\${port}", warmup: 1s, segment: 1s }
scenarios:
  price:
    executor: constant-arrival-rate
    rate: 30/s
    duration: 6s
    request: { path: /price }
YML
}
cfg "    profile: node" > perf/prof.yml; cfg "" > perf/noprof.yml
server 200000 > perf/server.mjs; git add -A; git commit -qm base
server 600000 > perf/server.mjs; git commit -qam head
for rep in 1 2 3; do
  for ref in HEAD~1 HEAD; do
    for c in noprof prof; do
      s=$(date +%s.%N)
      node $CLI gate -c perf/$c.yml --base-ref $ref --seed $rep -o $c.json > out.txt 2> "err-$rep-$ref-$c.txt"; code=$?
      e=$(date +%s.%N)
      python3 - "$rep" "$ref" "$c" "$code" "$s" "$e" "err-$rep-$ref-$c.txt" <<'PY'
import json,sys
rep,ref,c,code,s,e,err=sys.argv[1:]
try:
  r=json.load(open(f'{c}.json'))
except Exception:
  r={}
p=(r.get('profiles') or [{}])[0]
print(json.dumps({'rep':rep,'ref':ref,'config':c,'exit':int(code),'seconds':round(float(e)-float(s),1),
 'samples':[p.get('baseSamples'),p.get('headSamples')],'grown':[(g['name'],g.get('location'),round(g['ownShare'][0],3),round(g['ownShare'][1],3)) for g in p.get('grown',[])],'error':p.get('error'),'stderrTail':None if int(code) in (0,1) else open(err).read().strip().splitlines()[-3:]}))
PY
    done
  done
done
