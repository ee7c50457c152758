// The report/ sub-action (report/action.yml): the action in mode report, reading only that action.yml's inputs.
// Written by scripts/build.mjs: do not edit.
globalThis[Symbol.for('perfgate.subAction')] = 'report';
await import('./index.js');
