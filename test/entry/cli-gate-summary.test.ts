// `perfgate gate` inside a GitHub Actions step: the job summary the action writes is appended to
// the file GITHUB_STEP_SUMMARY names (the CLI ignored it). Driven in-process against a loopback target.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { textSink } from '../fakes/streams.js';
import { runGateCommand } from '../../src/entry/cli-impl.js';
import { startTargetServer, type TargetServer } from '../fakes/target-server.js';

const work = mkdtempSync(join(tmpdir(), 'perfgate-gate-summary-'));
let server: TargetServer;
beforeAll(async () => {
  server = await startTargetServer({ delayMs: 1 });
});
afterAll(async () => {
  await server.close();
});

async function gate(env: NodeJS.ProcessEnv) {
  const configPath = join(work, 'perfgate.yml');
  writeFileSync(
    configPath,
    `defaults: { baseUrl: "${server.url}", warmup: 200ms }
scenarios:
  api:
    executor: constant-vus
    vus: 2
    duration: 1s
    request: { path: / }
thresholds:
  api: ["p(50)<10000"]
`,
  );
  const io = { stdout: textSink(), stderr: textSink(), env };
  const code = await runGateCommand(io, {
    configPath,
    baselineDir: join(work, 'baselines'),
    outputPath: join(work, 'results.json'),
    logDir: join(work, 'logs'),
    format: 'text',
    failOn: 'regression',
  });
  return { code, stdout: io.stdout.text, stderr: io.stderr.text };
}

describe('perfgate gate in a GitHub Actions step', () => {
  it('appends the job summary to GITHUB_STEP_SUMMARY, after what the step wrote there before', async () => {
    const summary = join(work, 'step_summary');
    writeFileSync(summary, '# an earlier step\n');
    const { code, stdout, stderr } = await gate({ GITHUB_STEP_SUMMARY: summary });
    expect(code).toBe(0);
    const text = readFileSync(summary, 'utf8');
    expect(text.startsWith('# an earlier step\n')).toBe(true);
    // The action's report: its heading once, and the scenario's details.
    expect(text.match(/^## .*perfgate.*PASS/gm)).toHaveLength(1);
    expect(text).toContain('<summary>Details of <code>api</code></summary>');
    expect(stderr).toContain(`perfgate: the job summary appended to ${summary} (GITHUB_STEP_SUMMARY)`);
    // --format text still prints the text report, not the markdown.
    expect(stdout).not.toContain('<summary>');
  });

  it('writes no summary without GITHUB_STEP_SUMMARY, and warns without failing when it cannot', async () => {
    const quiet = await gate({});
    expect(quiet.stderr).not.toContain('job summary');
    const folder = join(work, 'a-folder');
    const missing = join(folder, 'missing', 'summary');
    const broken = await gate({ GITHUB_STEP_SUMMARY: missing });
    expect(broken.code).toBe(0);
    expect(existsSync(missing)).toBe(false);
    expect(broken.stderr).toMatch(/perfgate: warning: GITHUB_STEP_SUMMARY .*could not be appended to \(ENOENT/);
    expect(broken.stderr).toContain('the verdict stands');
  });
});
