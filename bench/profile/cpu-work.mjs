// The CPU-bound work both profiler benches time (the shape of test/entry/profile-cli.e2e.test.ts's
// service: a hot computeDiscount feeding formatPrice), so that their costs are of the same work.
function computeDiscount(total, work) {
  let d = 0;
  for (let i = 0; i < work; i++) d += Math.sin(total + i) * 1e-6;
  return d;
}
function formatPrice(total) {
  let t = '';
  for (let i = 0; i < 2000; i++) t = (total * (1 + (i % 7))).toFixed(2);
  return t;
}
/** One round of the work: its wall time in ms. */
export function round() {
  const s = process.hrtime.bigint();
  for (let r = 0; r < 200; r++) formatPrice(computeDiscount(100 + r, 30000));
  return Number(process.hrtime.bigint() - s) / 1e6;
}
