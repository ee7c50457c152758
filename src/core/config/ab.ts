// What an A/B run needs of a config beyond what the stored mode does.
import { quoteValue, type PathKey } from '../paths.js';
import { hasPortPlaceholder, PORT_PLACEHOLDER } from '../port.js';
import type { Config } from '../types/config.js';

/**
 * What keeps a config from an A/B run, where both variants run at once on one machine: each needs
 * its own port, so every baseUrl must write it as ${port}; and alternating segments need a window
 * of known length. `compare.mode: ab` is checked when parsed, `--base-dir` by the entry.
 */
export function findAbProblems(
  config: Pick<Config, 'scenarios' | 'services' | 'compare'>,
): { path: PathKey[]; detail: string }[] {
  const found: { path: PathKey[]; detail: string }[] = [];
  if (config.services.length === 0) {
    found.push({
      path: ['services'],
      detail:
        'none; A/B mode boots the head and the base from services:, so add the service that serves the scenarios (run: and ready:)',
    });
  }
  for (const scenario of config.scenarios) {
    if (!hasPortPlaceholder(scenario.baseUrl)) {
      found.push({
        path: ['scenarios', scenario.name, 'baseUrl'],
        detail: `${quoteValue(scenario.baseUrl)} names a fixed port, but in A/B mode the head and the base each get a port of their own; write it as ${PORT_PLACEHOLDER}, like "http://127.0.0.1:${PORT_PLACEHOLDER}" (in defaults.baseUrl), and let the service listen on env PORT`,
      });
    }
    if (config.compare.schedule === 'alternate' && scenario.load.executor === 'shared-iterations') {
      found.push({
        path: ['scenarios', scenario.name, 'executor'],
        detail:
          'shared-iterations runs until a count is reached, so its window cannot be cut into alternating segments; use compare.schedule: duet, or constant-vus',
      });
    }
  }
  return found;
}

/**
 * compare.processes: a closed model's VU n keeps its connection to process n mod k (engine/variant.ts),
 * so a VU count that is no multiple of k loads some processes more than others, and a process of one
 * worker answers slower at a higher load: the spread the test reads would be the load's, not the
 * build's. The counts a run holds for a while (constant, shared, each ramp's start and targets)
 * must split evenly; the moments of a ramp between them pass.
 */
export function findProcessProblems(
  config: Pick<Config, 'scenarios' | 'compare'>,
): { path: PathKey[]; detail: string }[] {
  const k = config.compare.processes ?? 1;
  // Past the schema's bounds the schema's own problem says it.
  if (k <= 1 || k > MAX_PROCESSES) return [];
  const found: { path: PathKey[]; detail: string }[] = [];
  for (const scenario of config.scenarios) {
    // A flow (and a capacity search) sends its load to the first process alone.
    if (scenario.flow) continue;
    const load = scenario.load;
    const counts: [PathKey[], number][] =
      load.executor === 'constant-vus' || load.executor === 'shared-iterations'
        ? [[['vus'], load.vus]]
        : load.executor === 'ramping-vus'
          ? [
              [['startVUs'], load.startVus],
              ...load.stages.map((stage, i): [PathKey[], number] => [['stages', i, 'target'], stage.target]),
            ]
          : [];
    for (const [key, vus] of counts) {
      if (vus % k === 0) continue;
      found.push({ path: ['scenarios', scenario.name, ...key], detail: unevenVusDetail(vus, k) });
    }
  }
  return found;
}

function unevenVusDetail(vus: number, k: number): string {
  const below = Math.floor(vus / k) * k;
  const multiples = below > 0 ? `${below} or ${below + k}` : `${k}`;
  const divisors: number[] = [];
  for (let d = 2; d <= Math.min(vus, MAX_PROCESSES); d++) if (vus % d === 0) divisors.push(d);
  const words = (list: number[]) =>
    list.length === 1 ? String(list[0]) : `${list.slice(0, -1).join(', ')} or ${String(list[list.length - 1])}`;
  return (
    `${vus} VUs over compare.processes ${k} give the processes unequal loads (VU n goes to process n mod ${k}), so their latencies would differ by their load, not their build; use a multiple of ${k} (${multiples})` +
    (divisors.length > 0 ? `, or compare.processes ${words(divisors)}` : '')
  );
}

/** compare.processes' schema maximum. */
export const MAX_PROCESSES = 8;

/**
 * The words of a shell command that could name a file, for the A/B check that the base runs only
 * its own checkout's code: each word with its quotes taken off and `$NAME` / `${NAME}` filled from
 * `env` (the shell would: `node $GITHUB_WORKSPACE/server.js`), the value of each `--flag=x` or
 * `NAME=x` word, and each part of a `:`-list (PATH-like lists, `file:///x`, `sqlite:////x`).
 * Redirection targets are left out: a log written into the head is no code run from it.
 * Over-inclusive on purpose (`node` is a word): the caller keeps only those that resolve into the
 * head checkout, which a program name never does.
 */
export function commandWords(command: string, env: Readonly<Record<string, string | undefined>> = {}): string[] {
  const expanded = command.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (whole, braced, bare) => {
      const value = env[(braced ?? bare) as string];
      return value === undefined ? whole : value;
    },
  );
  const withoutRedirections = expanded.replace(/\d*>>?&?\s*("[^"]*"|'[^']*'|[^\s"';|&<>()]+)/g, ' ');
  const words: string[] = [];
  for (const match of withoutRedirections.matchAll(/"([^"]*)"|'([^']*)'|([^\s"';|&<>()]+)/g)) {
    const word = match[1] ?? match[2] ?? match[3] ?? '';
    if (word === '') continue;
    words.push(word);
    const equals = word.indexOf('=');
    const value = equals >= 0 && equals < word.length - 1 ? word.slice(equals + 1) : undefined;
    if (value !== undefined) words.push(value);
    const listed = value ?? word;
    if (listed.includes(':')) words.push(...listed.split(':').filter((part) => part !== ''));
  }
  return words;
}
