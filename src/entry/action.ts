import { run } from './action-impl.js';

await run();
