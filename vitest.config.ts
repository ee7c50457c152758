import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One bundle build for all the end-to-end files of a run (test/bundle.ts).
    globalSetup: ['test/global-setup.ts'],
    // Labels what the action's libraries print to stdout, so that an expected warning reads as one.
    setupFiles: ['test/setup/label-expected-output.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Load tests share two cores: running files one at a time keeps their counts meaningful.
    fileParallelism: false,
    reporters: ['default'],
  },
});
