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
