// Holm (1979) step-down adjustment: controls the family-wise error rate over all the tests of a
// run without assuming they are independent (the metrics of one scenario are strongly correlated).

/**
 * Adjusted p-values in the input order; each is capped at 1 and the sequence in sorted order is
 * made monotone, so that "adjusted p ≤ α" gives exactly Holm's step-down decisions. A p-value that
 * is not a number (NaN, or outside [0, 1]) is a test that could not be run: it still counts in the
 * family (so it cannot make the others easier to reject), sorts last as p = 1, and comes back as
 * NaN, while every other entry keeps its own adjustment.
 */
export function adjustHolm(pValues: readonly number[]): number[] {
  const n = pValues.length;
  const valid = (p: number): boolean => p >= 0 && p <= 1;
  const order = pValues
    .map((p, index) => ({ p: valid(p) ? p : 1, index }))
    .sort((a, b) => a.p - b.p || a.index - b.index);
  const adjusted = new Array<number>(n).fill(1);
  let runningMax = 0;
  order.forEach(({ p, index }, rank) => {
    runningMax = Math.max(runningMax, Math.min(1, (n - rank) * p));
    adjusted[index] = valid(pValues[index] ?? NaN) ? runningMax : NaN;
  });
  return adjusted;
}
