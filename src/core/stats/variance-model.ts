// The variance of a change between two runs, as docs/design/statistics.md lays out: the within-run error
// of each run (from its segment block bootstrap) plus a between-run component, since two runs on
// a CI runner differ by more than either run's own resampling can see (measured: the bootstrap's
// SE is 0.3–0.56 of the real run-to-run sd). Without history the between-run part is a prior per
// metric; with history the past runs' spread replaces it, floored at a share of that prior.
import { logGamma, normalCdf, tQuantile, tUpperTail } from './t-distribution.js';

/**
 * A change judged against the runner-noise prior alone (one stored run, no measured spread) fails
 * the gate only when it stays significant, at the family's Holm α, with the between-run sd this
 * many times the prior: a change that a runner up to this much noisier than the prior could not
 * produce. At 2× the prior's noise that test is far from its boundary (its SE about twice the true
 * one), so it adds almost no false failures there; at 4× it is at its boundary (≤ α per run), and
 * a 2.8× slowdown (+176% at p50) still fails on a run of the example's noise
 * (bench/stats/aa.ts --mode=3, docs/design/statistics.md "Without history").
 */
export const PRIOR_ROBUSTNESS = 4;

/** A history may show a runner up to this much quieter than the prior, and no quieter: K
 * near-identical past runs are not evidence of a runner without noise. */
export const HISTORY_FLOOR_SHARE = 0.5;

/**
 * The segment block bootstrap sees a run's slow drift only in part: with about 20 segments the
 * series mean absorbs most of a drift that spans several segments, and the block length cannot
 * grow past m/3. Measured on the synthetic runs of bench/ (AR(1) load drift, bursts, GC pauses;
 * 20 segments of 3 s), its SE was 0.60–0.68 of the real within-run sd of ln p50, p95, p99 and rps;
 * with its variance × 2.5 the test still rejected 5.1–5.9% at its boundary (nominal 5%), so it is
 * multiplied by 3 (SE × 1.73) before the between-run part is added (bench/stats/README.md).
 */
export const WITHIN_VARIANCE_INFLATION = 3;

/** The power that the minimum detectable effect is quoted at. */
export const MDE_POWER = 0.8;

export interface TwoRunInput {
  /** Observed change on the effect's scale (log ratio; a difference for the error rate). */
  effect: number;
  /** Within-run variance of each run's statistic, and the degrees of freedom of each estimate. */
  within: { variance: number; df: number }[];
  /** Between-run sd of one run (so the difference of two runs gets twice its variance). */
  betweenSd: number;
}

export interface TwoRunTest {
  effect: number;
  standardError: number;
  /** Welch–Satterthwaite degrees of freedom: the within-run parts are estimated, the prior is not. */
  df: number;
  t: number;
  /** One-sided in the direction of the observed effect (1 for no change, NaN if an input is not a number). */
  pValue: number;
  /** 95% interval of the effect. */
  interval: [number, number];
}

/**
 * t = Δ / √(w₁ + w₂ + 2τ²) against a t with Welch–Satterthwaite df. The p-value is a tail
 * probability, not a count of replicates, so it reaches any level Holm asks for.
 */
export function testTwoRuns(input: TwoRunInput): TwoRunTest {
  const between = 2 * input.betweenSd * input.betweenSd;
  const withinTotal = input.within.reduce((sum, part) => sum + part.variance, 0);
  const variance = withinTotal + between;
  const denominator = input.within.reduce(
    (sum, part) => sum + (part.variance * part.variance) / Math.max(1, part.df),
    0,
  );
  const df = denominator > 0 ? (variance * variance) / denominator : Infinity;
  const standardError = Math.sqrt(variance);
  const { effect } = input;
  const valid = Number.isFinite(effect) && Number.isFinite(variance) && variance > 0;
  const t = effect / standardError;
  const pValue = !valid ? NaN : effect === 0 ? 1 : tUpperTail(Math.abs(t), df);
  const half = tQuantile(0.975, df) * standardError;
  return { effect, standardError, df, t, pValue, interval: [effect - half, effect + half] };
}

/** ln of the density of s = √(V/df), V ~ χ²(df): the ratio of an estimated to the true SE. */
function logScaleDensity(s: number, df: number, logGammaHalfDf = logGamma(df / 2)): number {
  const v = df * s * s;
  return (df / 2 - 1) * Math.log(v) - v / 2 - (df / 2) * Math.LN2 - logGammaHalfDf + Math.log(2 * df * s);
}

/**
 * The probability that a test with `df` degrees of freedom calls a true effect of `delta` standard
 * errors a regression: its t must clear `critical` and its estimate the minimum effect
 * (`minEffectSe`, in true standard errors). With the estimate Z + δ and the estimated SE s·σ,
 * that is E_s[1 − Φ(max(critical·s, minEffectSe) − δ)], the noncentral t's tail when the minimum
 * effect is 0. Simpson's rule over w = √s: the density of s is ∝ s^(df−1) near 0, which at df 1
 * is not 0 there (a rule over s that started at its first step lost 0.007 of power, 0.85439 read
 * 0.84761) and just above df 1 has an infinite slope there; over w it is ∝ w^(2·df−1), smooth and
 * 0 at w = 0 for every df ≥ 1. Above 10⁵ df the SE is known (s = 1).
 */
export function powerAt(delta: number, df: number, critical: number, minEffectSe: number): number {
  if (!(df > 1e5)) {
    // The density of s beyond the top is below e^−50 for every df ≥ 1.
    const top = Math.sqrt(1 + 10 / Math.sqrt(df) + (df < 3 ? 8 : 0));
    const steps = 4000;
    const h = top / steps;
    // Once per call, not per step: the MDE's bisections call this thousands of times.
    const lg = logGamma(df / 2);
    let sum = 0;
    for (let i = 1; i <= steps; i++) {
      const w = i * h;
      const s = w * w;
      const weight = i === steps ? 1 : i % 2 === 1 ? 4 : 2;
      const density = Math.exp(logScaleDensity(s, df, lg) + Math.log(2 * w));
      sum += weight * density * normalCdf(delta - Math.max(critical * s, minEffectSe));
    }
    return (sum * h) / 3;
  }
  return normalCdf(delta - Math.max(critical, minEffectSe));
}

/**
 * The smallest true change (on the effect's scale, in the bad direction's magnitude) that this
 * test calls a regression with MDE_POWER probability: its estimate must clear both the two-sided
 * critical value t(1 − α′/2, df)·SE and the minimum effect, with the SE itself estimated (the
 * noncentral t: the central-t shortcut critical + t(0.8)·SE gave only 72–79% power at df 4–10).
 * α′ = α / tests is Holm's first step, the strictest threshold a test meets.
 */
export function minDetectableEffect(input: {
  standardError: number;
  df: number;
  alpha: number;
  tests: number;
  minEffect: number;
}): number {
  const { standardError: se, df } = input;
  if (!(se > 0) || !(df > 0)) return NaN;
  const alphaPrime = input.alpha / Math.max(1, input.tests);
  return mdeAtCritical(se, df, tQuantile(1 - alphaPrime / 2, df), input.minEffect);
}

/** The MDE (as above) for a given critical t: what `perfgate plan` and compare.detect scale. */
export function mdeAtCritical(se: number, df: number, critical: number, minEffect: number, iterations = 60): number {
  if (!(se > 0) || !(df > 0)) return NaN;
  const minEffectSe = minEffect / se;
  let low = 0;
  let high = Math.max(critical, minEffectSe) + 4;
  while (powerAt(high, df, critical, minEffectSe) < MDE_POWER && high < 1e9) high *= 2;
  for (let i = 0; i < iterations; i++) {
    const mid = (low + high) / 2;
    if (powerAt(mid, df, critical, minEffectSe) < MDE_POWER) low = mid;
    else high = mid;
  }
  return high * se;
}
