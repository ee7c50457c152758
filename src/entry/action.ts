import { run } from './action-impl.js';
import { hasAbandonedSteps } from '../adapters/deadline.js';
import { readSubAction } from './action-inputs.js';

// dist/report.js, dist/merge.js and dist/trends.js (the sub-actions' entries) name their
// sub-action here before they load this bundle; the root action's step names none.
await run(readSubAction((globalThis as Record<symbol, unknown>)[Symbol.for('perfgate.subAction')]));
// Everything is written (outputs, summary, results). A network step given up at its deadline may
// have left a third-party retry timer behind that would hold the step open for minutes.
if (hasAbandonedSteps()) process.exit();
