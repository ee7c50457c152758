# Calibrates the history test (src/core/stats/history-test.ts) for K past runs. The test leaves out
# the runs farther than CUT x Qn from the median (at most min((K-1)//2, K-4) of them, the farthest
# first: the bad runs a slow runner left), then reads
#     T = (x - mean) / (sd * sqrt(1 + 1/K'))       over the K' runs kept
# against lambda_c * t(nu_c), c = K - K' the runs left out. The cells: normal and t4 run-to-run
# noise, each with 0, 1 or 2 past runs 3x slower (ln 3 = 22 sd at a 5% runner; at most as many as
# the rule can leave out). t3 noise is not covered (it rejects above its level).
#
# The level is held per cell over all its draws, not per count c: in every cell and at every level
# from 5% down to 0.05% (the Holm steps of a family of up to 100 tests), the share of draws with
# T > lambda_c * t(nu_c) quantile, summed over c, is at most the level. Holding it per c instead
# (the previous table) let the clean histories that lost a good run by chance set the row of c = 1
# at K = 5: Qn of five runs is small when three of them happen to sit together, so 6-8% of clean
# histories lose a run and keep a remainder much tighter than the noise; their T has a tail ~4x
# a t's, and a history with a real bad run, read against that row, found +20 sd in 30% of draws.
# Over all draws those histories are a few percent of the cell, so they spend part of its level
# instead of setting the row.
#
# How: per c, the shape nu_c and a first lambda_c are fitted to the quantiles of the cells where c is
# the number of bad runs (over the draws that left out exactly those), as before; then each row gets
# a multiplier m_c, chosen by coordinate search to maximise the mean power at +8 and +20 sd (at the
# family's first Holm step, 0.05/6) over the cells, with a penalty below TARGET for +20 sd with one
# bad run, and with m_0 always the smallest that holds every cell at every level given the others.
# The search is flat between clean histories and those with bad runs (each point the power one gives
# up the other gains), so the row of a K can move between runs with other seeds; the level cannot.
# A count no draw reached takes the largest listed row (the product's rule).
# The floor the product puts under Qn and sd is left out here: it only widens. Prints the rows
# [K, c, lambda, nu] of src/core/stats/history-calibration.ts.
#   flock -o /tmp/heavy.lock nice python3 bench/stats/history-calibrate.py [K,K,... [draws]]
# (numpy + scipy; the shipped table: K = 2-20, 25, 30, 40, 300,000 draws a cell.)
import sys

import numpy as np
from scipy import stats

rng = None
DK = {2: .399, 3: .994, 4: .512, 5: .844, 6: .611, 7: .857, 8: .669, 9: .872}
CUT = 5.0
BAD = np.log(3) / 0.05


def dk(n):
    return DK.get(n, n / (n + 1.4) if n % 2 else n / (n + 3.8))


def qn(h):
    K = h.shape[1]
    i, j = np.triu_indices(K, 1)
    d = np.abs(h[:, i] - h[:, j])
    half = K // 2 + 1
    k = half * (half - 1) // 2
    return 2.2219 * dk(K) * np.partition(d, k - 1, axis=1)[:, k - 1]


def max_cut(K):
    return max(0, min((K - 1) // 2, K - 4))


def statistic(h, x):
    """x - mean', sd' * sqrt(1 + 1/K') and the runs left out, per draw."""
    n, K = h.shape
    med = np.median(h, 1)
    dev = np.abs(h - med[:, None])
    order = np.argsort(-dev, axis=1, kind='stable')
    rank = np.empty_like(order)
    np.put_along_axis(rank, order, np.broadcast_to(np.arange(K), (n, K)), axis=1)
    keep = ~((dev > CUT * qn(h)[:, None]) & (rank < max_cut(K)))
    kept = keep.sum(1)
    mean = (h * keep).sum(1) / kept
    sd = np.sqrt((((h - mean[:, None]) ** 2) * keep).sum(1) / (kept - 1))
    return x - mean, sd * np.sqrt(1 + 1 / kept), K - kept


def draw(dist, size):
    if dist == 'normal':
        return rng.standard_normal(size)
    v = {'t4': 4, 't3': 3}[dist]
    return rng.standard_t(v, size) / np.sqrt(v / (v - 2))


LEVELS = np.array([0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 0.0005])
FIRST_HOLM = 0.05 / 6
SHIFTS = [8.0, 20.0]
NU = np.concatenate([np.arange(1.0, 10, 0.05), np.arange(10, 60, 0.5)])
N = int(sys.argv[2]) if len(sys.argv) > 2 else 300_000
MIN_DRAWS = 20_000  # below this a cell's 0.05% quantile rests on under 10 draws
GRID = np.concatenate([np.arange(0.8, 4, 0.01), np.arange(4, 20.05, 0.1)])
TARGET = 0.9  # +20 sd found with one bad run, where the rule can leave it out


def fit(q):
    best = None
    for nu in NU:
        tq = stats.t.ppf(1 - LEVELS / 2, nu)
        lam = np.max(q / tq)
        loss = np.mean(np.log(lam * tq / q))
        if best is None or loss < best[0]:
            best = (loss, lam, nu)
    return best[1], best[2]


def simulate(K):
    global rng
    rng = np.random.default_rng([20261205, K])  # per K, so that a table made in parts is the same
    cells = {}
    for dist in ['normal', 't4']:
        for bad in range(min(2, max_cut(K)) + 1):
            chunks = max(10, K * K // 40)  # Qn's K(K-1)/2 distances per draw: bounded memory
            parts = []
            for _ in range(chunks):
                h = draw(dist, (N // chunks, K))
                h[:, :bad] += BAD
                parts.append(statistic(h, draw(dist, N // chunks)))
            cells[(dist, bad)] = tuple(np.concatenate([p[i] for p in parts]) for i in range(3))
    return cells


def per_cut(K, cells):
    """The rows with the level held per count c, over the draws that left out c runs: for each c,
    lambda * t(nu) covers the worst cell among those where at least MIN_DRAWS draws left out c."""
    qs = {}
    for e, den, cut in cells.values():
        t = np.abs(e) / den
        for c in range(max_cut(K) + 1):
            sel = t[cut == c]
            if len(sel) >= MIN_DRAWS:
                qs.setdefault(c, []).append(np.quantile(sel, 1 - LEVELS))
    fitted = {c: fit(np.max(np.array(q), axis=0)) for c, q in qs.items()}
    top = max(fitted)
    # A count no cell reached often enough below one that did: the largest count's row.
    return [(c, *fitted.get(c, fitted[top])) for c in range(top + 1)]


def one_bad_power(cells, rows):
    """+20 sd found at the first Holm step, in the cells with one bad run, the worst of them."""
    first = {c: lam * stats.t.ppf(1 - FIRST_HOLM / 2, nu) for c, lam, nu in rows}
    top = max(first)
    worst = 1.0
    for (_, bad), (e, den, cut) in cells.items():
        if bad != 1:
            continue
        # A count beyond the listed rows reads the largest (the product's rule).
        critical = np.array([first.get(c, first[top]) for c in range(int(cut.max()) + 1)])
        worst = min(worst, float(np.mean((e + SHIFTS[1]) / den > critical[cut])))
    return worst


def calibrate(K, cells):
    top = max(int(c.max()) for _, _, c in cells.values())
    shapes = {}
    for c in range(top + 1):
        qs = []
        for (_, bad), (e, den, cut) in cells.items():
            sel = cut == c
            if bad == c and sel.sum() >= MIN_DRAWS:
                qs.append(np.quantile(np.abs(e[sel]) / den[sel], 1 - LEVELS))
        if qs:
            shapes[c] = fit(np.max(np.array(qs), axis=0))
    largest = max(shapes)
    for c in range(top + 1):
        shapes.setdefault(c, shapes[largest])
    crit = {c: lam * stats.t.ppf(1 - LEVELS / 2, nu) for c, (lam, nu) in shapes.items()}
    first = {c: lam * stats.t.ppf(1 - FIRST_HOLM / 2, nu) for c, (lam, nu) in shapes.items()}
    # Sorted ratios T / critical value, per cell, level and count; and per cell, shift and count.
    null, power, draws = [], [], []
    for e, den, cut in cells.values():
        draws.append(len(e))
        t = np.abs(e) / den
        null.append([[np.sort(t[cut == c] / crit[c][i]) for c in range(top + 1)] for i in range(len(LEVELS))])
        power.append([[np.sort((e[cut == c] + d) / den[cut == c] / first[c]) for c in range(top + 1)] for d in SHIFTS])
    above = lambda v, m, n: (len(v) - np.searchsorted(v, m, side='right')) / n

    def smallest_m0(m):
        need = 0.0
        for cell, n in zip(null, draws):
            for i, level in enumerate(LEVELS):
                budget = level - sum(above(cell[i][c], m[c], n) for c in range(1, top + 1))
                if budget < 0:
                    return np.inf
                v = cell[i][0]
                allowed = int(np.floor(budget * n + 1e-9))
                if allowed < len(v):
                    need = max(need, v[len(v) - allowed - 1])
        return need

    def per_cell(m):
        return np.array([[sum(above(v[c], m[c], n) for c in range(top + 1)) for v in cell] for cell, n in zip(power, draws)])

    one_bad = [i for i, (_, bad) in enumerate(cells) if bad == 1]

    def mean_power(m):
        p = per_cell(m)
        short = max([TARGET - p[i][1] for i in one_bad] + [0])
        return float(p.mean()) - 10 * short

    m = [0.0] + [GRID[-1]] * top
    m[0] = smallest_m0(m)
    # The counts the cells reach by design (1 and 2 bad runs) share one multiplier: apart, the search
    # gave the row of two up whenever histories with one bad run lost a second by chance (at K = 8,
    # +20 sd with two bad runs was found in 69% of draws). The counts beyond are chance alone.
    natural = [c for c in range(1, min(2, max_cut(K), top) + 1)]
    groups = ([natural] if natural else []) + [[c] for c in range(len(natural) + 1, top + 1)]
    for _ in range(3):
        for group in groups:
            c = group[0]
            best = (mean_power(m), m[c], m[0])
            # m_0 given the others: every trial keeps every cell at every level.
            for g in GRID:
                trial = list(m)
                for cc in group:
                    trial[cc] = g
                trial[0] = smallest_m0(trial)
                if np.isfinite(trial[0]):
                    p = mean_power(trial)
                    if p > best[0] + 1e-12:
                        best = (p, g, trial[0])
            for cc in group:
                m[cc] = best[1]
            m[0] = best[2]
    m[0] = smallest_m0(m)
    # A count beyond the cells' bad runs is reached here by chance only, so few draws price its row
    # and the search may leave it below the row of two; a history with three real bad runs must not
    # be read tighter than one with two. Widening a row only lowers the rates, so the level holds.
    for c in range(len(natural) + 1, top + 1):
        m[c] = max(m[c], m[len(natural)])
    worst = max(
        sum(above(cell[i][c], m[c], n) for c in range(top + 1)) / level
        for cell, n in zip(null, draws)
        for i, level in enumerate(LEVELS)
    )
    print(f'  // K = {K}: m = {np.round(m, 2).tolist()}, worst rate / level {worst:.3f}; power +8/+20 sd in '
          + ', '.join(f'{d} {b}: {a:.0%}/{p:.0%}' for (d, b), (a, p) in zip(cells, per_cell(m))), file=sys.stderr)
    return [(c, shapes[c][0] * m[c], shapes[c][1]) for c in range(top + 1)]


KS = [int(k) for k in sys.argv[1].split(',')] if len(sys.argv) > 1 else list(range(2, 21)) + [25, 30, 40]
for K in KS:
    cells = simulate(K)
    # Per count where that keeps a history with one bad run in sight (+20 sd found in at least
    # TARGET of its draws): there it keeps the clean histories' power. Over all draws where it
    # does not (K = 5, whose row of one run left out the chance cuts set): there the clean row pays.
    rows = per_cut(K, cells)
    seen = one_bad_power(cells, rows) if max_cut(K) >= 1 else 1.0
    method = 'per count'
    if seen < TARGET:
        rows = calibrate(K, cells)
        method = 'over all draws'
    print(f'  // K = {K}: {method} (+20 sd with one bad run, per count: {seen:.0%})', file=sys.stderr)
    for c, lam, nu in rows:
        print(f'  [{K}, {c}, {lam:.4f}, {nu:.2f}],', flush=True)
