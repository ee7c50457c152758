#!/bin/bash
# Builds the four copies of the acceptance service in $SVC (default /tmp/accept-svc):
#   base/    the service as committed (BURN_US 0)
#   base2/   the same again, the head of the A/A gates
#   head/    +170 µs of CPU per GET /books/<id> (~+10% at p50), the head of the "slow" gates
#   head28/  +3,000 µs (p50 ~2.8x), gated against one stored run of base/
set -e
here=$(cd "$(dirname "$0")" && pwd)
SVC=${SVC:-/tmp/accept-svc}
mkdir -p "$SVC/runs"
for v in base base2 head head28; do
  rm -rf "${SVC:?}/$v"; mkdir -p "$SVC/$v"
  cp "$here/library.py" "$here/perfgate.yml" "$here/books.csv" "$SVC/$v/"
done
sed -i 's/^BURN_US = int(os.environ.get("BURN_US", "0"))/BURN_US = int(os.environ.get("BURN_US", "170"))/' "$SVC/head/library.py"
sed -i 's/^BURN_US = int(os.environ.get("BURN_US", "0"))/BURN_US = int(os.environ.get("BURN_US", "3000"))/' "$SVC/head28/library.py"
cp "$here/neighbour.py" "$here/gate.sh" "$here/summarize.py" "$SVC/"
grep -H '^BURN_US' "$SVC"/*/library.py
