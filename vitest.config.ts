import { defineConfig } from 'vitest/config';

// Most files wait more than they compute (a load window at 100 req/s, a service's boot, a fake that
// hangs, a child process): with one file at a time, CI used less than half a core of two, and with
// two at a time the test processes still used about half a core on average (7 CPU-minutes in a
// 14-minute run). So three files run at once, each beside neighbours that are mostly idle, as on a
// shared machine; their assertions are on counts, states and ratios that hold with one core busy,
// and beside two the files took about as long as beside one. Four at once saved 26 s of 500, and
// its one full run failed counts and grades that pass beside two (services' never-ready strays;
// on Node 20, sse's event count and ttfb's grade).
//
// The capacity searches run after the others, without them: they run levels at 97-103% of a
// service's capacity, where a neighbour's burst makes late starts that break a level
// (test/engine/run-capacity.test.ts). Their two files run side by side: capacity-ab's servers live
// in the test's own process and its three pairs stay under ~300 req/s, a steady load that leaves
// run-capacity's CPU-bound service its free core.
const CAPACITY = ['test/engine/capacity-ab.test.ts', 'test/engine/run-capacity.test.ts'];
// Last and one at a time: these measure the machine's CPU, where a neighbour is the other work
// they tell apart.
const QUIET = [
  'test/adapters/machine-load.test.ts',
  'test/adapters/proc-usage.test.ts',
  'test/engine/segment-sampler.test.ts',
];

export default defineConfig({
  test: {
    // One bundle build for all the end-to-end files of a run (test/bundle.ts).
    globalSetup: ['test/global-setup.ts'],
    // Labels what the action's libraries print to stdout, so that an expected warning reads as one.
    setupFiles: ['test/setup/label-expected-output.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default'],
    // A group of projects starts when the one before it has ended (sequence.groupOrder). Negated
    // includes rather than `exclude`, which would drop the --exclude of scripts/test.mjs.
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts', ...[...CAPACITY, ...QUIET].map((file) => `!${file}`)],
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: 'capacity', include: CAPACITY, maxWorkers: 2, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'quiet', include: QUIET, fileParallelism: false, sequence: { groupOrder: 2 } } },
    ],
  },
});
