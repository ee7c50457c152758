# Calibrates the history test (src/core/stats/history-test.ts) for K past runs. The test leaves out
# the runs farther than CUT x Qn from the median (at most min((K-1)//2, K-4) of them, the farthest
# first: the bad runs a slow runner left), then reads
#     T = (x - mean) / (sd * sqrt(1 + 1/K'))       over the K' runs kept
# against lambda * t(nu). (lambda, nu) are fitted per K and per number c of runs left out: for each c,
# lambda * t(nu)'s two-sided quantiles cover the worst, over the cells of normal and t4 run-to-run
# noise with 0, 1 or 2 past runs 3x slower (ln 3 = 22 sd at a 5% runner) where at least MIN_DRAWS
# draws left out c runs, of those draws' quantiles at every level from 5% down to 0.05% (the Holm
# steps of a family of up to 100 tests). t3 noise is not covered (it rejects above its level).
# The floor the product puts under Qn and sd is left out here: it only widens. Prints the rows
# [K, c, lambda, nu] of src/core/stats/history-calibration.ts.
#   flock -o /tmp/heavy.lock nice python3 bench/stats/history-calibrate.py [K,K,... [draws]]
# (numpy + scipy; the shipped table: K = 2-20, 25, 30, 40, 300,000 draws, about 80 s).
import sys

import numpy as np
from scipy import stats

rng = np.random.default_rng(20261205)
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
    statistic.cut = K - kept  # runs left out per draw: the table is calibrated per count
    return np.abs(x - mean) / (sd * np.sqrt(1 + 1 / kept))


def draw(dist, size):
    if dist == 'normal':
        return rng.standard_normal(size)
    v = {'t4': 4, 't3': 3}[dist]
    return rng.standard_t(v, size) / np.sqrt(v / (v - 2))


LEVELS = np.array([0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 0.0005])
NU = np.concatenate([np.arange(1.0, 10, 0.05), np.arange(10, 60, 0.5)])
N = int(sys.argv[2]) if len(sys.argv) > 2 else 300_000


def fit(q):
    best = None
    for nu in NU:
        tq = stats.t.ppf(1 - LEVELS / 2, nu)
        lam = np.max(q / tq)
        loss = np.mean(np.log(lam * tq / q))
        if best is None or loss < best[0]:
            best = (loss, lam, nu)
    return best[1], best[2]


KS = [int(k) for k in sys.argv[1].split(',')] if len(sys.argv) > 1 else list(range(2, 21)) + [25, 30, 40]
MIN_DRAWS = 20_000  # below this a cell's 0.05% quantile rests on under 10 draws
for K in KS:
    qs = {}  # cut -> the quantiles of every cell that left out that many runs often enough
    for dist in ['normal', 't4']:
        for bad in range(min(2, max_cut(K)) + 1):
            chunks = max(10, K * K // 40)  # Qn's K(K-1)/2 distances per draw: bounded memory
            values, cuts = [], []
            for _ in range(chunks):
                h = draw(dist, (N // chunks, K))
                h[:, :bad] += BAD
                values.append(statistic(h, draw(dist, N // chunks)))
                cuts.append(statistic.cut)
            values, cuts = np.concatenate(values), np.concatenate(cuts)
            for c in range(max_cut(K) + 1):
                sel = values[cuts == c]
                if len(sel) >= MIN_DRAWS:
                    qs.setdefault(c, []).append(np.quantile(sel, 1 - LEVELS))
    fitted = {c: fit(np.max(np.array(q), axis=0)) for c, q in qs.items()}
    top = max(fitted)
    for c in range(top + 1):
        # A count no cell reached often enough below one that did: the largest count's row.
        lam, nu = fitted.get(c, fitted[top])
        print(f'  [{K}, {c}, {lam:.4f}, {nu:.2f}],', flush=True)
