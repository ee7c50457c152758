// The idle inspector's cost: the same CPU-bound work timed in a process started with
// --inspect=127.0.0.1:0 (nothing attached, as perfgate leaves a profile: node service during its
// measured windows) and without. Run pairs of it: bench/profile/README.md.
import { round } from './cpu-work.mjs';
for (let i = 0; i < 3; i++) round();
const t = [];
for (let i = 0; i < 15; i++) t.push(round());
console.log(t.sort((x, y) => x - y)[7].toFixed(2));
