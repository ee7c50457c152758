// The `perfgate` command. Each subcommand is one entry of COMMANDS: its options (with their help),
// its usage, and a run function calling the shared implementations. Adding a command or an option
// is adding an entry. argv is read here only; errors map to exit codes in one place.
// Longer than 500 lines because it is the one table of every command, its options and their help,
// which `perfgate <command> --help` prints; its logic lives in cli-impl.ts.
import { parseArgs } from 'node:util';
import { ConfigError, exitCodeFor } from '../core/errors.js';
import { interruptOnSignals } from '../adapters/signals.js';
import { parseComparisonFormat, parseFailOn, parseShard, parseTrendsFormat } from '../core/options.js';
import { closestMatch } from '../core/closest-match.js';
import { parseSaveMode } from '../core/save-policy.js';
import { parseSplitChoice } from '../core/split/start-at.js';
import {
  DEFAULT_CONFIG_PATH,
  DEFAULT_GATE_OUTPUT,
  INTERRUPTED_EXIT_CODE,
  runCheckCommand,
  runCompareCommand,
  runGateCommand,
  runMergeCommand,
  runPlanCommand,
  runRunCommand,
  type CliIo,
} from './cli-impl.js';
import { TOOL_VERSION } from './version.js';
import { guardLines } from '../core/report/markup/text.js';
import type { ReportFiles } from './report-files.js';
import { runReportCommand } from './report-impl.js';
import { runTrendsCommand } from './trends-impl.js';
import {
  baseRef,
  parseSeed,
  profileChoice,
  parseTrendsFailOn,
  required,
  stringValue,
  type Values,
} from './cli-values.js';

interface OptionHelp {
  type: 'string' | 'boolean';
  short?: string;
  /** The value's placeholder in help, e.g. FILE. */
  value?: string;
  help: string;
}

export interface CommandSpec {
  name: string;
  summary: string;
  /** Usage lines after `perfgate <name> `. */
  usage: string[];
  options: Record<string, OptionHelp>;
  /** Accepts positional arguments (e.g. merge's files). */
  positionals?: boolean;
  run(values: Values, positionals: string[], io: CliIo): Promise<number>;
}

const EXIT_CODES = [
  'Exit codes:',
  '  0    pass',
  '  1    the gate failed: a regression or a breached threshold (see --fail-on)',
  '  2    bad usage, config or input file (nothing was run)',
  '  3    no verdict: a service did not boot or died during the load, an A/B run paired nothing and nothing else judged it, or an internal error',
  '  130  interrupted (Ctrl-C or SIGTERM): the results file holds what was measured; not compared, not saved',
].join('\n');

const COMMON: Record<string, OptionHelp> = {
  help: { type: 'boolean', short: 'h', help: 'show this help' },
};

const CONFIG: Record<string, OptionHelp> = {
  config: {
    type: 'string',
    short: 'c',
    value: 'FILE',
    help: `the config (default ${DEFAULT_CONFIG_PATH}, as the action)`,
  },
};

const REPORTING: Record<string, OptionHelp> = {
  format: { type: 'string', value: 'FORMAT', help: 'text (default), markdown, slack, json, junit or gitlab' },
  junit: { type: 'string', value: 'FILE', help: 'also write the comparison as JUnit XML to FILE, for CI test reports' },
  gitlab: {
    type: 'string',
    value: 'FILE',
    help: "also write GitLab's load-performance report (k6 summary shape) to FILE",
  },
  'fail-on': {
    type: 'string',
    value: 'WHAT',
    help: 'regression (default: regressions and breached thresholds fail), threshold, or never',
  },
  seed: {
    type: 'string',
    value: 'N',
    help: "seed of the bootstrap (and in A/B mode of the pairs' order), for a repeatable verdict",
  },
};

const LOAD: Record<string, OptionHelp> = {
  'log-dir': { type: 'string', value: 'DIR', help: "where each service's log goes (default .perfgate/logs)" },
  'base-dir': {
    type: 'string',
    value: 'DIR',
    help: "A/B mode: the PR's base checkout; its services run beside the head's, each on its own ${port}, and the two are compared pair by pair",
  },
  'base-ref': {
    type: 'string',
    value: 'REF',
    help: "A/B mode: a commit (HEAD~1, main, a SHA) perfgate checks out itself as a temporary git worktree, runs the config's setup in, and compares the work tree with (none: off)",
  },
  profile: {
    type: 'string',
    value: 'KIND',
    help: 'A/B mode: profile every service without its own services[].profile with node, perf or py-spy after the verdict, and name the functions whose CPU grew (docs/profiles.md; none: off)',
  },
};

function reporting(values: Values) {
  return {
    format: parseComparisonFormat(stringValue(values, 'format') ?? 'text'),
    failOn: parseFailOn(stringValue(values, 'fail-on') ?? 'regression', '--fail-on'),
    seed: parseSeed(values),
    reportFiles: reportFiles(values),
  };
}

/** --junit and --gitlab: the files written beside the printed report. */
function reportFiles(values: Values): ReportFiles {
  const junit = stringValue(values, 'junit');
  const gitlab = stringValue(values, 'gitlab');
  return { ...(junit === undefined ? {} : { junit }), ...(gitlab === undefined ? {} : { gitlab }) };
}

export const COMMANDS: CommandSpec[] = [
  {
    name: 'run',
    summary: 'run the scenarios and write the results; thresholds decide the exit code',
    usage: [
      '[-c perfgate.yml] [-o results.json] [--log-dir DIR] [--shard 1/4] [--base-ref HEAD~1 | --base-dir ../base] [--seed N]',
      '--shard 2/3 --split load --start-at 2026-12-02T07:30:00Z …   every scenario at 1/3 of the load, from a common start',
    ],
    options: {
      ...CONFIG,
      output: { type: 'string', short: 'o', value: 'FILE', help: 'the results file (default results.json)' },
      shard: {
        type: 'string',
        value: 'I/N',
        help: 'run only the I-th of N shards of the scenarios, or with --split load of the load (merge them with perfgate merge)',
      },
      split: {
        type: 'string',
        value: 'HOW',
        help: 'with --shard: scenarios (default: each shard runs some scenarios) or load (each runs every scenario with 1/N of the rates and VUs)',
      },
      'start-at': {
        type: 'string',
        value: 'T',
        help: 'start barrier, epoch ms or ISO 8601: boot, then wait until T to start the first warm-up (refused when T passed more than that warm-up ago)',
      },
      ...LOAD,
      seed: { type: 'string', value: 'N', help: "A/B mode: seed of the pairs' order, for a repeatable schedule" },
    },
    run: (values, _positionals, io) =>
      runRunCommand(io, {
        configPath: stringValue(values, 'config') ?? DEFAULT_CONFIG_PATH,
        configDefaulted: stringValue(values, 'config') === undefined,
        outputPath: stringValue(values, 'output') ?? 'results.json',
        logDir: stringValue(values, 'log-dir') ?? '.perfgate/logs',
        shard: values.shard === undefined ? undefined : parseShard(String(values.shard), '--shard'),
        ...parseSplitChoice(stringValue(values, 'split'), stringValue(values, 'start-at'), values.shard !== undefined),
        ...(stringValue(values, 'base-dir') ? { baseDir: stringValue(values, 'base-dir') } : {}),
        ...baseRef(values),
        ...profileChoice(values),
        seed: parseSeed(values),
      }),
  },
  {
    name: 'compare',
    summary: 'compare two results files and print the verdict',
    usage: [
      '--baseline base.json --current results.json [-c perfgate.yml] [--format text|markdown|slack|json|junit|gitlab] [--fail-on …]',
      '--current results.json …   # results of an A/B run: the head against the base variant inside them',
    ],
    options: {
      baseline: {
        type: 'string',
        value: 'FILE',
        help: 'the baseline: a results file or a saved baseline (required, except for the results of an A/B run)',
      },
      current: { type: 'string', value: 'FILE', help: 'the results to judge (required)' },
      config: {
        type: 'string',
        short: 'c',
        value: 'FILE',
        help: `the config, for its thresholds and compare rules (default ${DEFAULT_CONFIG_PATH} when there is one, else none)`,
      },
      ...REPORTING,
    },
    run: (values, _positionals, io) =>
      runCompareCommand(io, {
        baselinePath: stringValue(values, 'baseline'),
        currentPath: required(values, 'current', '--current', '--current results.json'),
        configPath: stringValue(values, 'config'),
        ...reporting(values),
      }),
  },
  {
    name: 'plan',
    summary: 'size a run: the duration each scenario needs to see compare.detect (default p50 5%, p95 10%)',
    usage: [
      '--current results.json [-c perfgate.yml]   # results of an A/B run (e.g. a short pilot: perfgate gate --base-ref main)',
      '--current results.json --baseline base.json [-c perfgate.yml]   # a stored comparison',
    ],
    options: {
      current: { type: 'string', value: 'FILE', help: 'the results to size from (required)' },
      baseline: {
        type: 'string',
        value: 'FILE',
        help: 'the baseline they are compared with (required, except for the results of an A/B run)',
      },
      config: {
        type: 'string',
        short: 'c',
        value: 'FILE',
        help: `the config, for compare.detect, compare.extend and the compare rules (default ${DEFAULT_CONFIG_PATH} when there is one, else none)`,
      },
    },
    run: (values, _positionals, io) =>
      runPlanCommand(io, {
        baselinePath: stringValue(values, 'baseline'),
        currentPath: required(values, 'current', '--current', '--current results.json'),
        configPath: stringValue(values, 'config'),
      }),
  },
  {
    name: 'gate',
    summary: 'run, compare with the stored baseline, print the verdict (and save with --save)',
    usage: [
      '[-c perfgate.yml] [--baseline-dir .perfgate] [-o results.json] [--save [always]] [--format …] [--fail-on …]',
      '[-c perfgate.yml] --base-ref main [--seed 42] …   A/B: check main out, run it beside the work tree, compare pairwise',
      '[-c perfgate.yml] --base-dir ../base [--seed 42] …   A/B: run a base you checked out beside the head',
    ],
    options: {
      ...CONFIG,
      'baseline-dir': { type: 'string', value: 'DIR', help: 'where baselines are kept (default .perfgate)' },
      output: { type: 'string', short: 'o', value: 'FILE', help: `the results file (default ${DEFAULT_GATE_OUTPUT})` },
      save: {
        type: 'string',
        value: '[always]',
        help: 'save a run that passed as the new baseline; --save always saves it even when it failed (never an interrupted run)',
      },
      ...LOAD,
      ...REPORTING,
    },
    run: (values, _positionals, io) =>
      runGateCommand(io, {
        configPath: stringValue(values, 'config') ?? DEFAULT_CONFIG_PATH,
        configDefaulted: stringValue(values, 'config') === undefined,
        baselineDir: stringValue(values, 'baseline-dir') ?? '.perfgate',
        outputPath: stringValue(values, 'output') ?? DEFAULT_GATE_OUTPUT,
        logDir: stringValue(values, 'log-dir') ?? '.perfgate/logs',
        ...(stringValue(values, 'save') === undefined
          ? {}
          : { save: parseSaveMode(stringValue(values, 'save') ?? 'pass', '--save') }),
        ...reporting(values),
        ...(stringValue(values, 'base-dir') ? { baseDir: stringValue(values, 'base-dir') } : {}),
        ...baseRef(values),
        ...profileChoice(values),
      }),
  },
  {
    name: 'merge',
    summary: 'merge the results of the shards of one run into one results file',
    usage: ['shard-1.json shard-2.json … -o results.json'],
    positionals: true,
    options: {
      output: { type: 'string', short: 'o', value: 'FILE', help: 'the merged results file (required)' },
    },
    run: (values, positionals, io) => {
      if (positionals.length === 0)
        throw new ConfigError('name the shard results to merge, like "perfgate merge shard-*.json -o results.json"');
      return runMergeCommand(io, {
        inputPaths: positionals,
        outputPath: required(values, 'output', '-o/--output', '-o results.json'),
      });
    },
  },
  {
    name: 'check',
    summary: 'validate the config and its data files without running anything',
    usage: ['[-c perfgate.yml]'],
    options: { ...CONFIG },
    run: (values, _positionals, io) =>
      runCheckCommand(io, {
        configPath: stringValue(values, 'config') ?? DEFAULT_CONFIG_PATH,
        configDefaulted: stringValue(values, 'config') === undefined,
      }),
  },
  {
    name: 'report',
    summary: 're-render a results file (untrusted input is validated), e.g. in the fork-safe workflow_run job',
    usage: [
      '--current results.json [--baseline base.json] [-c perfgate.yml] [--format markdown|text|slack|json|junit|gitlab]',
    ],
    options: {
      current: { type: 'string', value: 'FILE', help: 'the results to render (required)' },
      baseline: {
        type: 'string',
        value: 'FILE',
        help: 'a baseline or results file to compare with (default: none, thresholds only)',
      },
      config: {
        type: 'string',
        short: 'c',
        value: 'FILE',
        help: `the config, for its thresholds and compare rules (default ${DEFAULT_CONFIG_PATH} when there is one, else none)`,
      },
      format: { type: 'string', value: 'FORMAT', help: 'markdown (default), text, slack, json, junit or gitlab' },
      junit: REPORTING.junit!,
      gitlab: REPORTING.gitlab!,
      'fail-on': REPORTING['fail-on']!,
    },
    run: (values, _positionals, io) =>
      runReportCommand(io, {
        currentPath: required(values, 'current', '--current', '--current results.json'),
        baselinePath: stringValue(values, 'baseline'),
        configPath: stringValue(values, 'config'),
        format: parseComparisonFormat(stringValue(values, 'format') ?? 'markdown'),
        failOn: parseFailOn(stringValue(values, 'fail-on') ?? 'regression', '--fail-on'),
        reportFiles: reportFiles(values),
      }),
  },
  {
    name: 'trends',
    summary: 'find the commits where a metric changed level, over the stored runs (docs/trends.md)',
    usage: [
      '[-c perfgate.yml] [--baseline-dir .perfgate] [--format text|markdown|slack|json|html] [-o FILE] [--fail-on regression|never]',
      'results-1.json results-2.json … [--format …]   # results files or saved baselines instead of the store',
    ],
    positionals: true,
    options: {
      ...CONFIG,
      'baseline-dir': {
        type: 'string',
        value: 'DIR',
        help: "where perfgate gate saves baselines (default .perfgate); the newest one's stored runs are read",
      },
      format: {
        type: 'string',
        value: 'FORMAT',
        help: 'text (default), markdown, slack (nothing when nothing changed), json, or html (one self-contained page: a chart per scenario × metric, change points marked)',
      },
      output: {
        type: 'string',
        short: 'o',
        value: 'FILE',
        help: 'write the report to FILE instead of stdout (trends.html)',
      },
      'fail-on': {
        type: 'string',
        value: 'WHAT',
        help: 'regression: exit 1 while a change point made a metric worse and has not recovered; never (default)',
      },
    },
    run: (values, positionals, io) =>
      runTrendsCommand(io, {
        configPath: stringValue(values, 'config') ?? DEFAULT_CONFIG_PATH,
        configDefaulted: stringValue(values, 'config') === undefined,
        ...(stringValue(values, 'baseline-dir') === undefined
          ? {}
          : { baselineDir: stringValue(values, 'baseline-dir') }),
        files: positionals,
        format: parseTrendsFormat(stringValue(values, 'format') ?? 'text'),
        ...(stringValue(values, 'output') === undefined ? {} : { outputPath: stringValue(values, 'output') }),
        failOn: parseTrendsFailOn(stringValue(values, 'fail-on') ?? 'never'),
      }),
  },
];

function findCommand(name: string): CommandSpec | undefined {
  return COMMANDS.find((c) => c.name === name);
}

function mainUsage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    `perfgate ${TOOL_VERSION} — gate pull requests on HTTP performance`,
    '',
    'Usage:',
    ...COMMANDS.map((c) => `  perfgate ${c.name.padEnd(width)}  ${c.usage[0]}`),
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run "perfgate <command> --help" for its options. -v/--version prints the version.',
    '',
    EXIT_CODES,
  ].join('\n');
}

export function commandUsage(command: CommandSpec): string {
  const options = { ...command.options, ...COMMON };
  const flags = Object.entries(options).map(
    ([name, o]) => [`${o.short ? `-${o.short}, ` : '    '}--${name}${o.value ? ` ${o.value}` : ''}`, o.help] as const,
  );
  const width = Math.max(...flags.map(([flag]) => flag.length));
  return [
    `perfgate ${command.name} — ${command.summary}`,
    '',
    'Usage:',
    ...command.usage.map((line) => `  perfgate ${command.name} ${line}`),
    '',
    'Options:',
    ...flags.map(([flag, help]) => `  ${flag.padEnd(width)}  ${help}`),
    '',
    EXIT_CODES,
  ].join('\n');
}

/** Node's parseArgs errors, in our words: the flag, the command and where to look. */
function explainParseError(error: Error & { code?: string }, command: CommandSpec): ConfigError {
  const see = `see "perfgate ${command.name} --help"`;
  const flag = /'(-[^']*)'/.exec(error.message)?.[1] ?? '';
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const name = flag.replace(/^-+/, '').split('=')[0] ?? '';
    const near = closestMatch(name, Object.keys({ ...command.options, ...COMMON }));
    return new ConfigError(
      `${flag} is not an option of perfgate ${command.name}${near ? `; did you mean --${near}?` : ''} (${see})`,
    );
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const long = /--([a-z-]+)/.exec(error.message)?.[1];
    const spec = long ? command.options[long] : undefined;
    if (spec?.type === 'boolean') return new ConfigError(`--${long} takes no value (${see})`);
    return new ConfigError(
      `${long ? `--${long}` : flag} needs a value${spec?.value ? ` (${spec.value})` : ''} (${see})`,
    );
  }
  if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    const extra = /'([^']*)'/.exec(error.message)?.[1] ?? '';
    return new ConfigError(`perfgate ${command.name} takes no argument "${extra}" (${see})`);
  }
  return new ConfigError(`${error.message} (${see})`);
}

async function main(argv: string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === 'help' || first === '--help' || first === '-h') {
    const topic = first === 'help' && rest[0] ? findCommand(rest[0]) : undefined;
    io.stdout.write(`${topic ? commandUsage(topic) : mainUsage()}\n`);
    return first === undefined ? 2 : 0;
  }
  if (first === '--version' || first === '-v') {
    io.stdout.write(`${TOOL_VERSION}\n`);
    return 0;
  }
  const command = findCommand(first);
  if (!command) {
    const near = closestMatch(
      first,
      COMMANDS.map((c) => c.name),
    );
    throw new ConfigError(
      `"${first}" is not a perfgate command${near ? `; did you mean "${near}"?` : ''} (commands: ${COMMANDS.map((c) => c.name).join(', ')}; see "perfgate --help")`,
    );
  }
  const options = Object.fromEntries(
    Object.entries({ ...command.options, ...COMMON }).map(([name, o]) => [
      name,
      o.short ? { type: o.type, short: o.short } : { type: o.type },
    ]),
  );
  let parsed;
  try {
    parsed = parseArgs({
      args: command.options.save ? joinSaveMode(rest) : rest,
      options,
      allowPositionals: command.positionals === true,
      strict: true,
    });
  } catch (error) {
    throw Object.assign(explainParseError(error as Error, command), { command: command.name });
  }
  if (parsed.values.help) {
    io.stdout.write(`${commandUsage(command)}\n`);
    return 0;
  }
  try {
    return await command.run(parsed.values as Values, parsed.positionals, io);
  } catch (error) {
    throw Object.assign(error as object, { command: command.name });
  }
}

/** `--save` alone means `--save pass`; `--save always` and `--save pass` take their word along
 * (parseArgs has no optional values). */
function joinSaveMode(argv: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg !== '--save') joined.push(arg);
    else if (argv[i + 1] === 'always' || argv[i + 1] === 'pass') joined.push(`--save=${argv[++i]}`);
    else joined.push('--save=pass');
  }
  return joined;
}

/** One prefix per message: `perfgate gate: …`, never `perfgate: perfgate gate: …`. */
export function formatCliError(message: string, command?: string): string {
  const prefix = command ? `perfgate ${command}: ` : 'perfgate: ';
  const bare = message.replace(/^perfgate(?: [a-z]+)?: /, '');
  return `${prefix}${bare}`;
}

// Every line any command prints from data (a scenario name, a reason from a fork's results file)
// is guarded the way the action's log is: the CLI runs inside Actions steps too, where a line
// starting "::error::" would be a workflow command.
for (const stream of [process.stdout, process.stderr]) {
  const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) =>
    write(typeof chunk === 'string' ? guardLines(chunk) : chunk, ...rest)) as typeof stream.write;
}

const argv = process.argv.slice(2);
const wantsLoad = ['run', 'gate'].includes(argv[0] ?? '') && !argv.includes('--help') && !argv.includes('-h');
// The first Ctrl-C (or SIGTERM) stops the run and keeps what it measured, as k6 does; a second one
// quits at once. The services adapter stops the services on either.
const io: CliIo = {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  ...(wantsLoad
    ? {
        signal: interruptOnSignals(
          (signal) =>
            process.stderr.write(
              `\nperfgate: ${signal}: stopping and writing what was measured (again to quit at once)\n`,
            ),
          () => INTERRUPTED_EXIT_CODE,
        ).signal,
      }
    : {}),
};
main(argv, io).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    const command = (error as { command?: string } | null)?.command;
    process.stderr.write(`${formatCliError(message, command)}\n`);
    if (!(error instanceof ConfigError) && error instanceof Error && process.env.PERFGATE_DEBUG)
      process.stderr.write(`${error.stack}\n`);
    process.exitCode = exitCodeFor(error);
  },
);
