// The trends/ sub-action (trends/action.yml): the action in mode trends, reading only that action.yml's inputs.
// Written by scripts/build.mjs: do not edit.
globalThis[Symbol.for('perfgate.subAction')] = 'trends';
await import('./index.js');
