// Block length for the block bootstrap of a segment series: Politis & White (2004) with the
// correction of Patton, Politis & White (2009), circular-block variant (as in Python's arch).

/** The optimal circular/moving block length of `series` (not rounded, not clamped). */
export function estimateBlockLength(series: readonly number[]): number {
  const n = series.length;
  if (n < 4) return 1;
  const mean = series.reduce((sum, value) => sum + value, 0) / n;
  const eps = series.map((value) => value - mean);
  const kn = Math.max(5, Math.floor(Math.log10(n)));
  const mMax = Math.min(Math.ceil(Math.sqrt(n)) + kn, n - 2);
  const critical = 2 * Math.sqrt(Math.log10(n) / n);
  const autocovariance = new Array<number>(mMax + 1).fill(0);
  const absCorrelation = new Array<number>(mMax + 1).fill(0);
  let optM: number | undefined;
  for (let lag = 0; lag <= mMax; lag++) {
    let cross = 0;
    let v1 = 0;
    let v2 = 0;
    for (let i = lag; i < n; i++) cross += (eps[i] ?? 0) * (eps[i - lag] ?? 0);
    for (let i = lag + 1; i < n; i++) v1 += (eps[i] ?? 0) ** 2;
    for (let i = 0; i < n - lag - 1; i++) v2 += (eps[i] ?? 0) ** 2;
    autocovariance[lag] = cross / n;
    absCorrelation[lag] = v1 > 0 && v2 > 0 ? Math.abs(cross) / Math.sqrt(v1 * v2) : 0;
    if (lag >= kn && optM === undefined) {
      let allSmall = true;
      for (let k = lag - kn; k < lag; k++) if ((absCorrelation[k] ?? 0) >= critical) allSmall = false;
      if (allSmall) optM = lag - kn;
    }
  }
  const m = Math.min(optM !== undefined ? 2 * Math.max(optM, 1) : mMax, mMax);
  let g = 0;
  let longRun = autocovariance[0] ?? 0;
  for (let k = 1; k <= m; k++) {
    const lambda = k / m <= 0.5 ? 1 : 2 * (1 - k / m);
    g += 2 * lambda * k * (autocovariance[k] ?? 0);
    longRun += 2 * lambda * (autocovariance[k] ?? 0);
  }
  const dCircular = (4 / 3) * longRun * longRun;
  if (!(dCircular > 0)) return 1;
  const length = Math.cbrt((2 * g * g) / dCircular) * Math.cbrt(n);
  return Number.isFinite(length) ? length : 1;
}

/** One block length for a run: the longest any of its series asks for (dependence missed costs
 * false alarms, too long a block only costs a little precision), rounded up, within [1, m/3]. */
export function chooseBlockLength(seriesList: readonly (readonly number[])[], segments: number): number {
  const cap = Math.max(1, Math.floor(segments / 3));
  let longest = 1;
  for (const series of seriesList) longest = Math.max(longest, estimateBlockLength(series));
  return Math.min(cap, Math.max(1, Math.ceil(longest)));
}
