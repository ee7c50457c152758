# summarize.py: one line per gate of gate.sh, from its results re-judged with
# `perfgate compare --format json` (the same data and seed as the gate's verdict), its exit code and
# its console's first line.
import json, os, re, statistics, subprocess
CLI = os.environ.get('PERFGATE_CLI', '/tmp/accept-clone/dist/cli.js')
root = os.path.join(os.environ.get('SVC', '/tmp/accept-svc'), 'runs')
rows = []
for name in sorted(os.listdir(root)):
    d = os.path.join(root, name)
    if not os.path.exists(os.path.join(d, 'rc')) or not os.path.exists(os.path.join(d, 'results.json')):
        continue
    cmd = open(os.path.join(d, 'command')).read().split(' && ')[0][3:]
    baseline = []
    if '--baseline-dir' in open(os.path.join(d, 'command')).read():
        # stored mode: the one run saved in the gate's --baseline-dir
        bdir = open(os.path.join(d, 'command')).read().split('--baseline-dir ')[1].split()[0]
        files = sorted(f for f in os.listdir(bdir) if f.endswith('.json'))
        if not files or name.startswith('save'):
            continue
        baseline = ['--baseline', os.path.join(bdir, files[0])]
    out = subprocess.run(['node', CLI, 'compare', '--current', os.path.join(d, 'results.json'), '-c', 'perfgate.yml', '--format', 'json', *baseline],
                         cwd=cmd, capture_output=True, text=True)
    c = json.loads(out.stdout)
    ms = {m['metric']: m for m in c['scenarios'][0]['metrics']}
    res = json.load(open(os.path.join(d, 'results.json')))
    conf = 'confirmation' in (res.get('ab') or {})
    rc = open(os.path.join(d, 'rc')).read().strip()
    console = open(os.path.join(d, 'console.txt')).read()
    head = console.splitlines()[0].strip() if console else '(no console)'
    # the gate's own p50 row, as printed (its last table, after any second pair)
    printed = [l.split(None, 1)[1] for l in console.splitlines() if l.startswith('  p50 ')][-1:] or ['-']
    p50, p95 = ms['p50'], ms['p95']
    pct = lambda x: f"{100*x:+.1f}%"
    iv = p50.get('changeInterval') or [float('nan')] * 2
    dur = res['scenarios'][0].get('durationMs', 0) / 1000 if 'durationMs' in res['scenarios'][0] else None
    mde = lambda m: m.get('minDetectableEffect')
    rows.append(dict(cell=re.sub(r'-?\d+$', '', name), verdict=c['verdict'], rc=rc, p50=p50['change'],
                     mde50=mde(p50), mde95=mde(p95), confirm=conf, p50v=p50['verdict']))
    print(f"{name:12s} rc={rc} {c['verdict']:5s} p50 {pct(p50['change'])} [{pct(iv[0])}, {pct(iv[1])}] {p50['verdict']:12s} "
          f"MDE p50 {100*mde(p50):.1f}% p95 {100*mde(p95):.1f}% ({p95['verdict']}, {pct(p95['change'])}) looks={c['sequential'].get('looks') if c.get('sequential') else '-'} confirm={conf} | {head} | printed p50: {' '.join(printed[0].split())}")

# One row per cell (the name without its run number: aa-q, aa-b, slow-q, slow-b, stored, stored-aa).
print()
print('| cell | runs | pass / fail | p50 verdicts | p50 change: median (range) | MDE p50 / p95, median | second pairs run |')
print('|---|---:|---|---|---|---|---:|')
for cell in sorted({r['cell'] for r in rows}):
    rs = [r for r in rows if r['cell'] == cell]
    med = lambda xs: statistics.median(xs)
    ch = [100 * r['p50'] for r in rs]
    verdicts = ', '.join(f"{v} {sum(r['p50v'] == v for r in rs)}" for v in sorted({r['p50v'] for r in rs}))
    print(f"| {cell} | {len(rs)} | {sum(r['rc'] == '0' for r in rs)} / {sum(r['rc'] == '1' for r in rs)} | {verdicts} | "
          f"{med(ch):+.1f}% ({min(ch):+.1f}% to {max(ch):+.1f}%) | {100 * med([r['mde50'] for r in rs]):.1f}% / "
          f"{100 * med([r['mde95'] for r in rs]):.1f}% | {sum(r['confirm'] for r in rs)} |")
