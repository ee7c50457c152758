// Student's t distribution through the regularized incomplete beta function (Numerical Recipes'
// continued fraction, modified Lentz), enough for the history test's small degrees of freedom.

export function logGamma(x: number): number {
  // Lanczos approximation, g = 7, n = 9: relative error below 1e-15 for x > 0.
  const coefficients = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const z = x - 1;
  let sum = coefficients[0] ?? 0;
  for (let i = 1; i < 9; i++) sum += (coefficients[i] ?? 0) / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

function betaContinuedFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  // Convergence takes about √(max(a, b)) terms: enough for a few million degrees of freedom.
  const terms = Math.max(300, Math.ceil(20 * Math.sqrt(Math.max(a, b))) + 100);
  for (let m = 1; m <= terms; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return h;
}

/** I_x(a, b), the regularized incomplete beta function. */
export function regularizedIncompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const logFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x);
  const front = Math.exp(logFront);
  // The continued fraction converges fast only on this side of the mean; use the symmetry otherwise.
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(x, a, b)) / a;
  return 1 - (front * betaContinuedFraction(1 - x, b, a)) / b;
}

/** P(T ≤ t) for Student's t with `df` degrees of freedom (df need not be whole); NaN when t or df
 * is NaN, so that a broken input can never pass for an extreme one (p = 0). */
export function tCdf(t: number, df: number): number {
  if (Number.isNaN(t) || Number.isNaN(df) || !(df > 0)) return NaN;
  if (!Number.isFinite(t)) return t > 0 ? 1 : 0;
  const tail = tUpperTail(Math.abs(t), df);
  return t >= 0 ? 1 - tail : tail;
}

/** Past this many degrees of freedom the t and the normal agree to the last digit a double keeps
 * in the tails Holm reaches (the t's excess tail shrinks as 1/df); below it the tail is the t's own:
 * a normal at df 1,000–10,000 underestimates a far tail by 15–91%. */
const NORMAL_DF = 1e7;

/** P(T > t), computed as the tail itself so that a p-value far below 1e-16 does not round to 0
 * through 1 − CDF; NaN for a NaN input. */
export function tUpperTail(t: number, df: number): number {
  if (Number.isNaN(t) || Number.isNaN(df) || !(df > 0)) return NaN;
  if (t === Infinity) return 0;
  if (t === -Infinity) return 1;
  if (df > NORMAL_DF) return normalCdf(-t);
  const half = 0.5 * regularizedIncompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? half : 1 - half;
}

/** P(Z ≤ z) for the standard normal, through the complementary error function (W. J. Cody's
 * rational approximation as in Numerical Recipes' erfc, relative error < 1.2e-7 everywhere, so
 * tails far below 1e-10 keep their relative accuracy). */
export function normalCdf(z: number): number {
  if (Number.isNaN(z)) return NaN;
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return z >= 0 ? 1 - erfc / 2 : erfc / 2;
}

/** The t with P(T ≤ t) = p, by bisection on the tail (only called a few times per comparison).
 * No cap: the bracket grows until it holds the answer (t(0.99999, 1) is 31,831), and the upper
 * half is solved on the upper tail itself so a p near 1 keeps its precision. */
export function tQuantile(p: number, df: number): number {
  if (Number.isNaN(p) || Number.isNaN(df) || !(df > 0)) return NaN;
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  if (p < 0.5) return -tQuantile(1 - p, df);
  const tail = 1 - p;
  let low = 0;
  let high = 1;
  while (tUpperTail(high, df) > tail && high < 1e300) {
    low = high;
    high *= 2;
  }
  for (let i = 0; i < 400 && high - low > 1e-13 * Math.max(1, high); i++) {
    const mid = (low + high) / 2;
    if (tUpperTail(mid, df) > tail) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}
