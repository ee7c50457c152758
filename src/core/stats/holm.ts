// Holm (1979) step-down adjustment: controls the family-wise error rate over all the tests of a
// run without assuming they are independent (the metrics of one scenario are strongly correlated).

/** Adjusted p-values in the input order; each is capped at 1 and the sequence in sorted order is
 * made monotone, so that "adjusted p ≤ α" gives exactly Holm's step-down decisions. */
export function adjustHolm(pValues: readonly number[]): number[] {
  const n = pValues.length;
  const order = pValues.map((p, index) => ({ p, index })).sort((a, b) => a.p - b.p || a.index - b.index);
  const adjusted = new Array<number>(n).fill(1);
  let runningMax = 0;
  order.forEach(({ p, index }, rank) => {
    runningMax = Math.max(runningMax, Math.min(1, (n - rank) * p));
    adjusted[index] = runningMax;
  });
  return adjusted;
}
