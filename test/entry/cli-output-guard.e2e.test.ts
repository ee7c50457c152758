// Workflow commands through the CLI's own output: the CLI runs inside Actions steps too, and a
// results file a fork wrote reaches `perfgate report --format text` and `perfgate trends`. A reason
// carrying a line break and "::error::", or a scenario named "::error::…", printed a line the
// runner would read as a command. Every line the bundled CLI prints is guarded as the action's log is.
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { guardLines } from '../../src/core/report/markup/text.js';
import type { Results } from '../../src/core/types/results.js';
import { makeResults } from '../core/fixtures.js';
import { runCli, sharedBundleDir, type CliRun } from '../bundle.js';

const work = mkdtempSync(join(tmpdir(), 'perfgate-guard-'));
let cli = '';
beforeAll(() => {
  cli = join(sharedBundleDir(), 'cli.js');
}, 120_000);

/** A line the runner would take for a workflow command: it trims the line, then reads "::" or "##[". */
const COMMAND_LINE = /^\s*(::|##\[)/m;

function perfgate(args: string[]): CliRun {
  return runCli(cli, args, work, 60_000);
}

function hostile(seed: number, commit: string, scale = 1): Results {
  const results = makeResults({ seed, commit, scenarios: [{ name: '::error::api', segments: 6, scale }] });
  const scenario = results.scenarios[0]!;
  scenario.generator = {
    ...scenario.generator,
    saturated: true,
    reasons: ['busy\n::error file=x::injected by a reason', 'x\r\n##[error]legacy'],
  };
  return results;
}

describe('the CLI prints no workflow command from data', () => {
  it('guardLines breaks "::" and "##[" at every line start and keeps everything else', () => {
    const text = 'a\n::error::x\r\n  ::warning::y\n##[group]z\n\u001b[32mok\u001b[0m\rprogress: ::not at start';
    const guarded = guardLines(text);
    expect(guarded).not.toMatch(COMMAND_LINE);
    expect(guarded.replace(/\u2060/g, '')).toBe(text);
    expect(guardLines('{\n  "name": "::error::api"\n}')).toBe('{\n  "name": "::error::api"\n}');
  });

  it('report --format text, compare and trends of a fork-written file: no line starts a command', () => {
    const current = join(work, 'current.json');
    writeFileSync(current, JSON.stringify(hostile(1, 'a'.repeat(40))));
    // 20 runs, the last 10 twice as slow: a change point, whose line names the scenario.
    const files = Array.from({ length: 20 }, (_, i) => {
      const file = join(work, `run-${i}.json`);
      const results = hostile(i + 1, (i + 1).toString(16).padStart(40, '0'), i < 10 ? 1 : 2);
      results.startTime = new Date(Date.parse('2026-12-01T10:00:00Z') + i * 3_600_000).toISOString();
      writeFileSync(file, JSON.stringify(results));
      return file;
    });
    const outputs = [
      perfgate(['report', '--current', current, '--format', 'text']),
      perfgate(['report', '--current', current, '--baseline', files[0]!, '--format', 'text']),
      perfgate(['compare', '--current', current, '--baseline', files[1]!, '--format', 'text']),
      perfgate(['trends', ...files, '--format', 'text']),
    ];
    for (const { code, stdout, stderr } of outputs) {
      expect([0, 1], stderr).toContain(code);
      expect(stdout + stderr).not.toMatch(COMMAND_LINE);
    }
    // The data is still shown, defused: the name, and the reason's words.
    expect(outputs[0]!.stdout).toMatch(/:\u2060:error:\u2060?:api/);
    expect(outputs[3]!.stdout).toMatch(/[1-9]\d* change points?/);
    expect(outputs[3]!.stdout).toMatch(/:\u2060:error:\u2060?:api/);
  });
});
