export * from './folded.js';
export * from './cpuprofile.js';
export * from './perf-script.js';
export * from './compare.js';
export * from './flame-svg.js';
export * from './plan.js';
