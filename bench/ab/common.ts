// Shared by bench/ab/stats.ts and bench/ab/calibration.ts.

/** Kolmogorov–Smirnov distance of values from Uniform(0, 1). */
export function ksUniform(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  let d = 0;
  s.forEach((v, i) => {
    d = Math.max(d, (i + 1) / s.length - v, v - i / s.length);
  });
  return d;
}
