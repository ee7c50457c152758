// Where perfgate keeps what must not land in the workspace (step folders, the cache's file, a
// base checkout): the runner's temp folder in Actions, the OS temp folder elsewhere.
import { tmpdir } from 'node:os';

export function runnerTemp(): string {
  return process.env.RUNNER_TEMP || tmpdir();
}
