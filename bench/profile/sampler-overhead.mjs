// Cost of V8's sampling profiler (1 ms interval) on a CPU-bound function: the same work timed
// with the Profiler domain started and not, alternating, 10 rounds each.
import { Session } from 'node:inspector/promises';
import { round } from './cpu-work.mjs';
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
