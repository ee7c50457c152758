// The merge/ sub-action (merge/action.yml): the action in mode merge, reading only that action.yml's inputs.
// Written by scripts/build.mjs: do not edit.
globalThis[Symbol.for('perfgate.subAction')] = 'merge';
await import('./index.js');
