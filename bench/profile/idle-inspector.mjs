// The idle inspector's cost: the same CPU-bound work timed in a process started with
// --inspect=127.0.0.1:0 (nothing attached, as perfgate leaves a profile: node service during its
// measured windows) and without. Run pairs of it: bench/profile/README.md.
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
function round() {
  const s = process.hrtime.bigint();
  for (let r = 0; r < 200; r++) formatPrice(computeDiscount(100 + r, 30000));
  return Number(process.hrtime.bigint() - s) / 1e6;
}
for (let i = 0; i < 3; i++) round();
const t = [];
for (let i = 0; i < 15; i++) t.push(round());
console.log(t.sort((x, y) => x - y)[7].toFixed(2));
