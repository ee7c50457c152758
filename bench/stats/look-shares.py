"""How the share of α each look of an extended run gets, and how far the planner looks past the
estimate before it stops a run (its futility rule), change the power of a run that may extend.

A model, not the product: a test statistic read at 1, 2.5 and 4 planned windows (compare.extend's
4x budget in two steps) is a Brownian motion with drift theta per planned standard error; each look
tests `tests` metrics at its share of alpha (Bonferroni within the look, as Holm's first step); a
run goes on from look k only when |Z_k| + slack >= the last look's critical z at the budget
(sequential.ts whyNotExtend: the estimate `slack` standard errors beyond where it stands, projected
to the budget). It prints the power at theta = 1..3 and the mean length of the run (in planned
windows) under no change and at theta = 2.

    python3 bench/stats/look-shares.py [--n 400000] [--tests 3]
"""
import argparse

import numpy as np
from scipy.stats import norm

parser = argparse.ArgumentParser()
parser.add_argument("--n", type=int, default=400_000)
parser.add_argument("--tests", type=int, default=3)
parser.add_argument("--seed", type=int, default=1)
args = parser.parse_args()

rng = np.random.default_rng(args.seed)
info = np.array([1, 2.5, 4.0])
alpha = 0.05
steps = rng.standard_normal((args.n, 3)) * np.sqrt(np.diff(np.concatenate([[0], info])))
walk = np.cumsum(steps, axis=1)
thetas = (0, 1, 1.5, 2, 2.5, 3)

print("| shares | slack | critical z per look | power at θ = 1 / 1.5 / 2 / 2.5 / 3 | mean length (θ = 0 / 2) |")
print("|---|---|---|---|---|")
for shares in ([0.75, 0.125, 0.125], [1 / 3, 1 / 3, 1 / 3]):
    critical = norm.isf(alpha * np.array(shares) / (2 * args.tests))
    for slack in (0, 1, np.inf):
        power, length = [], []
        for theta in thetas:
            z = (theta * info + walk) / np.sqrt(info)
            rejected = np.zeros(args.n, bool)
            alive = np.ones(args.n, bool)
            duration = np.ones(args.n)
            for look in range(3):
                hit = alive & (z[:, look] > critical[look])
                rejected |= hit
                alive &= ~hit
                if look < 2:
                    alive &= np.abs(z[:, look]) + slack >= critical[2] * np.sqrt(info[look] / info[2])
                    duration[alive] = info[look + 1]
            power.append(rejected.mean())
            length.append(duration.mean())
        label = " / ".join(f"{s:.3g}" for s in shares)
        print(
            f"| {label} | {'every run to its budget' if slack == np.inf else slack} | "
            f"{' / '.join(f'{c:.2f}' for c in critical)} | {' / '.join(f'{100 * p:.1f}%' for p in power[1:])} | "
            f"{length[0]:.2f} / {length[3]:.2f} |"
        )
