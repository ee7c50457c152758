// The `perfgate` command. It reads argv in one place, then calls the shared implementations;
// errors map to exit codes in one place (0 pass, 1 gate failed, 2 usage or config, 3 could not run).
import { parseArgs } from 'node:util';
import { ConfigError, exitCodeFor } from '../core/errors.js';
import { parseFailOn, parseReportFormat, parseShard } from '../core/options.js';
import { INTERRUPTED_EXIT_CODE, runCompareCommand, runGateCommand, runMergeCommand, runRunCommand } from './cli-impl.js';
import { TOOL_VERSION } from './version.js';

const USAGE = `perfgate ${TOOL_VERSION} — gate pull requests on HTTP performance

Usage:
  perfgate run -c perfgate.yml [-o results.json] [--log-dir DIR] [--shard 1/4] [--base-dir ../base]
  perfgate compare --baseline base.json --current results.json [-c perfgate.yml]
                   [--format text|markdown|slack|json] [--fail-on regression|threshold|never]
  perfgate gate -c perfgate.yml [--baseline-dir .perfgate] [-o results.json] [--save]
                [--format text|markdown|slack|json] [--fail-on regression|threshold|never]
                [--base-dir ../base]   A/B: run the base checkout beside the head, compare pairwise
  perfgate merge shard-1.json shard-2.json … -o results.json

Exit codes: 0 pass, 1 gate failed, 2 bad usage or config, 3 could not run.`;

const optionSpec = {
  config: { type: 'string', short: 'c' },
  output: { type: 'string', short: 'o' },
  baseline: { type: 'string' },
  current: { type: 'string' },
  'baseline-dir': { type: 'string' },
  'base-dir': { type: 'string' },
  'log-dir': { type: 'string' },
  format: { type: 'string' },
  'fail-on': { type: 'string' },
  shard: { type: 'string' },
  save: { type: 'boolean' },
  seed: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: optionSpec, allowPositionals: true, strict: true });
  } catch (error) {
    throw new ConfigError(`${(error as Error).message}\n\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.version) {
    process.stdout.write(`${TOOL_VERSION}\n`);
    return 0;
  }
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const require = (name: keyof typeof values, flag: string): string => {
    const value = values[name];
    if (typeof value !== 'string' || value === '') throw new ConfigError(`perfgate ${command}: ${flag} is required\n\n${USAGE}`);
    return value;
  };
  const format = parseReportFormat(values.format ?? 'text');
  const failOn = parseFailOn(values['fail-on'] ?? 'regression', '--fail-on');
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isInteger(seed)) throw new ConfigError(`--seed: "${values.seed}" is not an integer; use a whole number like 42`);
  const io = { stdout: process.stdout, stderr: process.stderr, env: process.env };

  switch (command) {
    case 'run':
      return runRunCommand({ ...io, signal: interruptOnSignals() }, {
        configPath: require('config', '-c/--config'),
        outputPath: values.output ?? 'results.json',
        logDir: values['log-dir'] ?? '.perfgate/logs',
        shard: values.shard === undefined ? undefined : parseShard(values.shard, '--shard'),
        ...(values['base-dir'] ? { baseDir: values['base-dir'] } : {}),
        seed,
      });
    case 'compare':
      return runCompareCommand(io, {
        baselinePath: require('baseline', '--baseline'),
        currentPath: require('current', '--current'),
        configPath: values.config,
        format,
        failOn,
        seed,
      });
    case 'gate':
      return runGateCommand({ ...io, signal: interruptOnSignals() }, {
        configPath: require('config', '-c/--config'),
        baselineDir: values['baseline-dir'] ?? '.perfgate',
        outputPath: values.output,
        logDir: values['log-dir'] ?? '.perfgate/logs',
        save: values.save ?? false,
        format,
        failOn,
        seed,
        ...(values['base-dir'] ? { baseDir: values['base-dir'] } : {}),
      });
    case 'merge':
      if (rest.length === 0) throw new ConfigError(`perfgate merge: name the shard results to merge, like "perfgate merge shard-*.json -o results.json"`);
      return runMergeCommand(io, { inputPaths: rest, outputPath: require('output', '-o/--output') });
    default:
      throw new ConfigError(`"${command}" is not a perfgate command; use run, compare, gate or merge\n\n${USAGE}`);
  }
}

/**
 * The first Ctrl-C (or SIGTERM) stops the run and keeps what it measured, as k6 does; a second
 * one quits at once. The services adapter stops the services on either.
 */
function interruptOnSignals(): AbortSignal {
  const controller = new AbortController();
  const onSignal = (signal: NodeJS.Signals): void => {
    if (controller.signal.aborted) process.exit(INTERRUPTED_EXIT_CODE);
    process.stderr.write(`\nperfgate: ${signal}: stopping and writing what was measured (again to quit at once)\n`);
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return controller.signal;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`perfgate: ${message}\n`);
    if (!(error instanceof ConfigError) && error instanceof Error && process.env.PERFGATE_DEBUG) process.stderr.write(`${error.stack}\n`);
    process.exitCode = exitCodeFor(error);
  },
);
