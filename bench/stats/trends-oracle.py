# How often can any estimator place one +10% step in 5% lognormal noise within one run? Written
# apart from the detector (numpy only, none of src/): the generator of bench/stats/trends.ts (100
# runs, log noise sd 0.05, the step log(1.1) = 1.91 sd at a uniform run 8..92), and estimators
# that are all told there is exactly one step:
#  - ls: the least-squares split (the best single split), over every split, or over splits leaving
#    4 runs a side (trends.minSegment);
#  - window/profile: the 3-run window of most posterior mass, levels and sd fitted (step 9 of
#    docs/trends.md), over the same splits;
#  - window/marginal: the same window with the two levels integrated out (flat priors) instead of
#    fitted;
#  - bound: the posterior of the step's run given the true levels and sd and the generator's own
#    uniform prior on 8..92, and the 3-run window of most mass: the Bayes rule for "within one run",
#    so no estimator, however it is built, places more steps within one run on these series.
# Prints each share (binomial 95% half-width beside it). docs/trends.md "Within one run" quotes it.
#   nice python3 bench/stats/trends-oracle.py [series=20000] [step=0.1] [cv=0.05]   (numpy; ~10 s)
import sys
import numpy as np

N = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
STEP = float(sys.argv[2]) if len(sys.argv) > 2 else 0.1
CV = float(sys.argv[3]) if len(sys.argv) > 3 else 0.05
LENGTH, MARGIN, MIN_SEGMENT = 100, 8, 4
rng = np.random.default_rng(20261205)
delta = np.log1p(STEP)
tau = MARGIN + rng.integers(0, LENGTH - 2 * MARGIN + 1, N)  # first run of the new level
runs = np.arange(LENGTH)
x = CV * rng.standard_normal((N, LENGTH)) + delta * (runs[None, :] >= tau[:, None])

t = np.arange(1, LENGTH)  # split t: runs [0, t) and [t, n)
cum = np.concatenate([np.zeros((N, 1)), np.cumsum(x, 1)], 1)
total = cum[:, -1:]
k = t[None, :]
n = LENGTH
# What the split takes off the residual sum of squares (the two-sample z², σ = 1).
gain = (cum[:, 1:LENGTH] * n - total * k) ** 2 / (k * (n - k) * n)
rss0 = (x**2).sum(1, keepdims=True) - total**2 / n


def share(estimate):
    hit = np.abs(estimate - tau) <= 1
    p = hit.mean()
    return f"{100 * p:.1f}% ±{196 * np.sqrt(p * (1 - p) / N):.1f}"


def window(log_post, allowed):
    """The centre of the 3-split window of most posterior mass among `allowed` centres."""
    lp = np.where(allowed[None, :], log_post, -np.inf)
    w = np.exp(lp - lp.max(1, keepdims=True))
    padded = np.pad(w, ((0, 0), (1, 1)))
    mass = padded[:, :-2] + padded[:, 1:-1] + padded[:, 2:]
    return t[np.argmax(np.where(allowed[None, :], mass, -1), 1)]


every = np.ones(LENGTH - 1, bool)
inner = (t >= MIN_SEGMENT) & (t <= LENGTH - MIN_SEGMENT)
prior = (t >= MARGIN) & (t <= LENGTH - MARGIN)
rows = []
for name, allowed in [("every split", every), ("4 runs a side", inner)]:
    g = np.where(allowed[None, :], gain, -np.inf)
    best = t[np.argmax(g, 1)]
    rows.append((f"ls, {name}", share(best)))
    # Profile: the levels fitted at each split, sd from the best split's residuals.
    sd2 = (rss0[:, 0] - g.max(1)) / (n - 2)
    rows.append((f"window/profile, {name}", share(window(gain / (2 * sd2[:, None]), allowed))))
    # Marginal: both levels integrated out under flat priors adds −½ log(k (n − k)).
    marginal = gain / (2 * sd2[:, None]) - 0.5 * np.log(k * (n - k))
    rows.append((f"window/marginal, {name}", share(window(marginal, allowed))))
    # The same, the sd integrated out too (Jeffreys): (rss at the split)^(−(n−2)/2).
    student = -(n - 2) / 2 * np.log(np.maximum(rss0 - gain, 1e-300)) - 0.5 * np.log(k * (n - k))
    rows.append((f"window/marginal sd, {name}", share(window(student, allowed))))
# The bound: true levels 0 and delta, true sd, the generator's prior on the step's run.
# log p(x | step at t) = const + Σ_{i ≥ t} (x_i·δ − δ²/2)/σ².
contribution = (x * delta - delta**2 / 2) / CV**2
tail = np.cumsum(contribution[:, ::-1], 1)[:, ::-1]  # tail[:, i] = Σ_{j ≥ i}
log_post = tail[:, 1:LENGTH]
rows.append(("ls at the true levels (best single split)", share(t[np.argmax(np.where(prior[None, :], log_post, -np.inf), 1)])))
rows.append(("bound: Bayes 3-run window, true levels, sd and prior", share(window(log_post, prior))))
print(f"{N} series of {LENGTH} runs, one +{100 * STEP:g}% step at runs {MARGIN}..{LENGTH - MARGIN}, lognormal CV {100 * CV:g}%")
print("step placed within one run:")
for name, value in rows:
    print(f"  {name:58} {value}")
