import tseslint from 'typescript-eslint';

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
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'examples/**', '**/*.js', '**/*.mjs'] },
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
