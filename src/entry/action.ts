import { run } from './action-impl.js';
import { hasAbandonedSteps } from '../adapters/deadline.js';

await run();
// Everything is written (outputs, summary, results). A network step given up at its deadline may
// have left a third-party retry timer behind that would hold the step open for minutes.
if (hasAbandonedSteps()) process.exit();
