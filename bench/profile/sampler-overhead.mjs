// Cost of V8's sampling profiler (1 ms interval) on a CPU-bound function: the same work timed
// with the Profiler domain started and not, alternating, 10 rounds each.
import { Session } from 'node:inspector/promises';
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
const session = new Session();
session.connect();
await session.post('Profiler.enable');
for (let i = 0; i < 3; i++) round();
const off = [],
  on = [];
for (let i = 0; i < 10; i++) {
  off.push(round());
  await session.post('Profiler.start');
  on.push(round());
  await session.post('Profiler.stop');
}
const med = (a) => a.sort((x, y) => x - y)[a.length >> 1];
console.log(JSON.stringify({ offMs: med(off), onMs: med(on), overhead: med(on) / med(off) - 1 }));
