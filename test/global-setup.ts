// Once per vitest run: a scratch folder that outlives each test file's worker, where test/bundle.ts
// builds the bundle the end-to-end tests spawn, once for all of them (a build takes 2-3 s, and
// several files spawn it). Nothing is built here, so a run without end-to-end files pays nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    runScratchDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  // The suite spawns `perfgate gate`, which appends its report to the file GITHUB_STEP_SUMMARY
  // names: run inside an Actions step, the tests' reports would land in that step's summary.
  // Workers and the processes they spawn inherit this environment.
  delete process.env.GITHUB_STEP_SUMMARY;
  const dir = mkdtempSync(join(tmpdir(), 'perfgate-test-run-'));
  project.provide('runScratchDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
