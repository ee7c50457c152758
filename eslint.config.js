import { builtinRules } from 'eslint/use-at-your-own-risk';
import tseslint from 'typescript-eslint';

// ESLint's own recommended rules (its @eslint/js config, from the eslint package itself), for the
// plain .mjs scripts: what tsc would catch in a .ts file (an undefined name, unreachable code).
const coreRecommended = Object.fromEntries(
  [...builtinRules]
    // typescript-eslint's no-unused-vars (below) knows the `_` convention; the core one does not.
    .filter(([name, rule]) => rule.meta?.docs?.recommended && name !== 'no-unused-vars')
    .map(([name]) => [name, 'error']),
);
// The globals of the Node that runs eslint, which is the Node that runs the scripts.
const nodeGlobals = Object.fromEntries(Object.getOwnPropertyNames(globalThis).map((name) => [name, 'readonly']));

// Modules that do I/O, read the environment or the clock: src/core must stay pure.
const ioModules = [
  'fs',
  'node:fs',
  'fs/promises',
  'node:fs/promises',
  'net',
  'node:net',
  'http',
  'node:http',
  'https',
  'node:https',
  'child_process',
  'node:child_process',
  'os',
  'node:os',
  'process',
  'node:process',
  'dgram',
  'node:dgram',
  'dns',
  'node:dns',
  'worker_threads',
  'node:worker_threads',
  'undici',
  '@actions/core',
  '@actions/github',
  '@actions/cache',
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'examples/**', 'bench/out/**', '**/*.js'] },
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The scripts and benches: plain ESM that no tsconfig program holds, so the rules that need
    // types are off for them; the rest (unused names, floating ones aside) hold as in src/.
    files: ['**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: nodeGlobals },
    rules: { ...coreRecommended, ...tseslint.configs.disableTypeChecked.rules },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ioModules.map((name) => ({
            name,
            message: 'src/core is pure: do I/O in src/adapters and pass the result in.',
          })),
          patterns: [
            {
              group: ['**/adapters/**', '**/engine/**', '**/entry/**'],
              message: 'src/core imports nothing from the outer layers.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'src/core reads no environment: pass values in.' },
        { name: 'fetch', message: 'src/core does no I/O.' },
        { name: 'setTimeout', message: 'src/core has no clock.' },
        { name: 'setInterval', message: 'src/core has no clock.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'src/core has no clock: take the time as a parameter.' },
        { object: 'performance', property: 'now', message: 'src/core has no clock.' },
        { object: 'Math', property: 'random', message: 'use the seeded PRNG in src/core/stats so results reproduce.' },
      ],
    },
  },
);
