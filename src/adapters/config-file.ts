// Reads perfgate.yml and the data files its scenarios feed from. Paths in the config are
// relative to the config file's folder, wherever perfgate is started from.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { hashConfig } from '../core/config-hash.js';
import { formatPath } from '../core/paths.js';
import { parseConfig } from '../core/config/index.js';
import { UNSENDABLE_IN_HEADER } from '../core/config/request.js';
import { parseCsv } from '../core/csv.js';
import { quoteValue } from '../core/paths.js';
import { ConfigError } from '../core/errors.js';
import { HTTP_METHODS, requestColumns } from '../core/template.js';
import type { Config, DataRow, DataSource, TlsConfig } from '../core/types/config.js';
import { TLS_FILE_KEYS } from '../core/config/tls.js';
import { grpcCallProblems, loadGrpc } from '../engine/grpc-proto.js';

export interface LoadedConfig {
  config: Config;
  configHash: string;
  /** Absolute folder of the config file: the base of relative paths in it. */
  baseDir: string;
}

export interface LoadConfigOptions {
  /** How the user named the file, for messages: the CLI's `-c`, the action's `config` input. */
  source?: string;
}

/** Reads a file; a missing or unreadable one is a ConfigError starting with `label`. */
async function readText(file: string, label: string, missingHint = ''): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new ConfigError(`${label}: no such file${missingHint}`);
    if (code === 'EISDIR') throw new ConfigError(`${label}: is a folder, not a file`);
    throw new ConfigError(`${label}: cannot be read (${code ?? String(error)})`);
  }
}

/**
 * Reads and validates the config. The hash is taken before any path is resolved, so it does not
 * depend on where the repository is checked out.
 */
export async function loadConfig(configPath: string, options: LoadConfigOptions = {}): Promise<LoadedConfig> {
  const source = options.source ?? '-c';
  const text = await readText(configPath, `${source} ${configPath}`);
  const config = parseConfig(text, configPath);
  const configHash = hashConfig(config);
  const baseDir = path.dirname(path.resolve(configPath));
  for (const service of config.services) service.cwd = path.resolve(baseDir, service.cwd ?? '.');
  await resolveTlsFiles(config, configPath, baseDir);
  await resolveGrpcProtos(config, configPath, baseDir);
  return { config, configHash, baseDir };
}

/**
 * Each gRPC scenario's proto, resolved against the config's folder and checked against its call
 * (src/engine/grpc-proto.ts): a missing file, an unknown service or method, a streaming method or
 * a message that does not fit the request type is a config error here, not a run of failed calls.
 */
async function resolveGrpcProtos(config: Config, configPath: string, baseDir: string): Promise<void> {
  const scenarios = config.scenarios.filter((scenario) => scenario.grpc);
  if (scenarios.length === 0) return;
  await loadGrpc();
  const problems: string[] = [];
  for (const scenario of scenarios) {
    const call = scenario.grpc!;
    const written = call.proto;
    call.proto = path.resolve(baseDir, written);
    if (call.includeDirs) call.includeDirs = call.includeDirs.map((dir) => path.resolve(baseDir, dir));
    const where = (key: string): string => {
      const at = formatPath(['scenarios', scenario.name, 'grpc', key]);
      return key === 'proto' ? `${at}: ${quoteValue(written)}` : at;
    };
    const message = scenario.request.body?.kind === 'json' ? scenario.request.body.value : {};
    for (const problem of grpcCallProblems(call, message, where)) problems.push(`${configPath}: ${problem}`);
  }
  if (problems.length > 0) throw new ConfigError(problems.join('\n'));
}

/**
 * The tls: files, resolved against the config's folder and loaded once here: a missing file, one
 * that is no PEM, or a key that does not belong to its certificate would otherwise fail every
 * request of the run, or the ready probe, with a message about the handshake.
 */
const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/** Why a tls: file's text will not do, or undefined: node:tls skips a `ca` that is no PEM
 * without a word, and every handshake then fails as an unknown CA. */
function pemProblem(key: (typeof TLS_FILE_KEYS)[number], text: string): string | undefined {
  try {
    if (key === 'key') {
      createPrivateKey(text);
      return undefined;
    }
    const blocks = text.match(PEM_CERTIFICATE) ?? [];
    if (blocks.length === 0)
      return 'holds no PEM certificate (-----BEGIN CERTIFICATE-----); convert it, e.g. with openssl x509 -inform der -in it.der -out it.pem';
    for (const block of blocks) new X509Certificate(block);
    return undefined;
  } catch (error) {
    return `does not load as a PEM ${key === 'key' ? 'private key (unencrypted: -----BEGIN PRIVATE KEY-----)' : 'certificate'}: ${(error as Error).message}`;
  }
}

async function resolveTlsFiles(config: Config, configPath: string, baseDir: string): Promise<void> {
  // As written: the defaults' paths are resolved below, before the scenarios' are compared with them.
  const written = config.tls ? { ...config.tls } : undefined;
  const targets: { tls: TlsConfig; where: (key: keyof TlsConfig) => string }[] = [];
  if (config.tls) targets.push({ tls: config.tls, where: (key) => formatPath(['defaults', 'tls', key]) });
  for (const scenario of config.scenarios) {
    const tls = scenario.tls;
    if (!tls) continue;
    targets.push({
      tls,
      where: (key) =>
        formatPath(written?.[key] === tls[key] ? ['defaults', 'tls', key] : ['scenarios', scenario.name, 'tls', key]),
    });
  }
  const problems = new Set<string>();
  const loaded = new Map<string, string>();
  for (const { tls, where } of targets) {
    const contents: Partial<Record<(typeof TLS_FILE_KEYS)[number], string>> = {};
    for (const key of TLS_FILE_KEYS) {
      const value = tls[key];
      if (value === undefined) continue;
      const file = path.resolve(baseDir, value);
      const label = `${configPath}: ${where(key)}: ${quoteValue(value)} (${file})`;
      try {
        contents[key] =
          loaded.get(file) ??
          (await readText(file, label, `; tls.${key} is a PEM file, relative to the config file's folder`));
        loaded.set(file, contents[key]);
      } catch (error) {
        problems.add((error as Error).message);
      }
      tls[key] = file;
    }
    for (const key of TLS_FILE_KEYS) {
      const text = contents[key];
      const problem = text === undefined ? undefined : pemProblem(key, text);
      if (problem) problems.add(`${configPath}: ${where(key)}: ${quoteValue(tls[key])} ${problem}`);
    }
    if (contents.cert !== undefined && contents.key !== undefined) {
      try {
        process.getBuiltinModule('node:tls').createSecureContext({ cert: contents.cert, key: contents.key });
      } catch (error) {
        problems.add(
          `${configPath}: ${where('cert')}, ${where('key')}: ${quoteValue(tls.cert)} and ${quoteValue(tls.key)} do not go together (${(error as Error).message}); give the key of that very certificate`,
        );
      }
    }
  }
  if (problems.size > 0) throw new ConfigError([...problems].join('\n'));
}

/**
 * Each service's `cwd` is a folder (`perfgate check`): the boot would otherwise fail only when the
 * run starts, after the setup. Takes the config as loadConfig returns it (each cwd resolved).
 */
export async function checkServiceFolders(config: Config, configPath: string, baseDir: string): Promise<void> {
  const problems: string[] = [];
  for (const [index, service] of config.services.entries()) {
    const folder = path.resolve(baseDir, service.cwd ?? '.');
    const written = path.relative(baseDir, folder) || '.';
    const found = await stat(folder).then(
      (info) => (info.isDirectory() ? undefined : 'is a file, not a folder'),
      (error: NodeJS.ErrnoException) =>
        error.code === 'ENOENT' || error.code === 'ENOTDIR' ? 'does not exist' : `cannot be read (${error.code})`,
    );
    if (found === undefined) continue;
    problems.push(
      `${configPath}: ${formatPath(['services', index, 'cwd'])}: ${quoteValue(written)} (${folder}) ${found}; ` +
        `set cwd to the folder service "${service.name}" runs in, relative to the config file's folder (${baseDir})`,
    );
  }
  if (problems.length > 0) throw new ConfigError(problems.join('\n'));
}

function parseJsonRows(text: string, fileName: string): DataRow[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(
      `${fileName}: not valid JSON (${(error as Error).message}); a JSON data file is an array of objects`,
    );
  }
  if (!Array.isArray(parsed)) {
    throw new ConfigError(
      `${fileName}: ${quoteValue(parsed)} is not an array; a JSON data file is an array of objects like [{"id": 1}]`,
    );
  }
  if (parsed.length === 0) throw new ConfigError(`${fileName}: the array is empty; give at least one row`);
  return parsed.map((item: unknown, i) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw new ConfigError(`${fileName}: row ${i + 1} is ${quoteValue(item)}, not an object like {"id": 1}`);
    }
    for (const [key, value] of Object.entries(item)) {
      if (value !== null && typeof value === 'object') {
        throw new ConfigError(
          `${fileName}: row ${i + 1}, "${key}" is ${quoteValue(value)}; row values must be strings, numbers, booleans or null`,
        );
      }
    }
    return item as DataRow;
  });
}

/** A column a template uses, and where: `{ column: 'id', where: 'scenarios.a.request.path' }`. */
export interface ColumnUse {
  column: string;
  where: string;
}

/** `where`: the config key that names the file (`scenarios.a.data.file`), for the message. */
async function readRows(source: DataSource, baseDir: string, where = 'data.file'): Promise<DataRow[]> {
  const file = path.resolve(baseDir, source.file);
  const text = await readText(
    file,
    source.file,
    ` (looked for ${file}); ${where} is relative to the config file's folder (${baseDir}): correct the path, or create the file (a CSV with a header row, or a JSON array of objects)`,
  );
  if (text.trim() === '') {
    throw new ConfigError(
      `${source.file}: the file is empty; a data file needs rows (CSV with a header row, or a JSON array of objects)`,
    );
  }
  const extension = path.extname(source.file).toLowerCase();
  if (extension === '.csv') return parseCsv(text, source.file);
  if (extension === '.json') return parseJsonRows(text, source.file);
  throw new ConfigError(`${source.file}: is neither a .csv nor a .json file`);
}

// What an HTTP header value may hold (undici refuses the rest, and every request would fail).

function checkColumns(source: DataSource, rows: DataRow[], uses: ColumnUse[]): void {
  for (const use of uses) {
    const index = rows.findIndex((row) => !Object.hasOwn(row, use.column));
    if (index === -1) {
      if (use.where.includes('.headers.')) checkHeaderValues(source, rows, use);
      if (use.where.endsWith('.method')) checkMethodValues(source, rows, use);
      continue;
    }
    const known = Object.keys(rows[index] ?? {}).join(', ');
    const which = source.file.toLowerCase().endsWith('.csv') ? 'has no column' : `row ${index + 1} has no key`;
    throw new ConfigError(
      `${source.file}: ${which} "${use.column}", which ${use.where} uses (\${row.${use.column}}); it has ${known || 'no columns'}`,
    );
  }
}

function checkMethodValues(source: DataSource, rows: DataRow[], use: ColumnUse): void {
  const index = rows.findIndex((row) => !HTTP_METHODS.includes(String(row[use.column] ?? '').toUpperCase()));
  if (index === -1) return;
  throw new ConfigError(
    `${source.file}: row ${index + 1}, "${use.column}" is ${quoteValue(rows[index]?.[use.column])}, which ${use.where} uses as the method; use one of ${HTTP_METHODS.join(', ')}`,
  );
}

function checkHeaderValues(source: DataSource, rows: DataRow[], use: ColumnUse): void {
  const index = rows.findIndex((row) => UNSENDABLE_IN_HEADER.test(String(row[use.column] ?? '')));
  if (index === -1) return;
  throw new ConfigError(
    `${source.file}: row ${index + 1}, "${use.column}" is ${quoteValue(rows[index]?.[use.column])}, which ${use.where} cannot send: ` +
      'a header value may not hold line breaks, control characters or characters beyond Latin-1; clean that value in the data file',
  );
}

/**
 * Reads a scenario's data rows: CSV with a header row, or a JSON array of objects, by extension.
 * With `uses`, every row must have every column the templates use.
 */
export async function loadDataRows(source: DataSource, baseDir: string, uses: ColumnUse[] = []): Promise<DataRow[]> {
  const rows = await readRows(source, baseDir);
  checkColumns(source, rows, uses);
  return rows;
}

/** Loads every scenario's data and checks it against the columns its request templates use. */
export async function loadScenarioRows(config: Config, baseDir: string): Promise<Map<string, DataRow[]>> {
  const rowsByScenario = new Map<string, DataRow[]>();
  // Scenarios often share one data file: read and parse it once.
  const rowsByFile = new Map<string, DataRow[]>();
  for (const scenario of config.scenarios) {
    if (!scenario.data) continue;
    const file = path.resolve(baseDir, scenario.data.file);
    let rows = rowsByFile.get(file);
    if (!rows) {
      rows = await readRows(scenario.data, baseDir, formatPath(['scenarios', scenario.name, 'data', 'file']));
      rowsByFile.set(file, rows);
    }
    const at = formatPath(['scenarios', scenario.name]);
    const uses = scenario.flow
      ? [
          ...scenario.flow.setup.flatMap((step, i) => requestColumns(step.request, `${at}.setup[${i}].request`)),
          ...scenario.flow.steps.flatMap((step, i) =>
            requestColumns(step.request, `${at}.${scenario.flow?.mix ? 'mix' : 'steps'}[${i}].request`),
          ),
        ]
      : requestColumns(scenario.request, `${at}.request`);
    checkColumns(scenario.data, rows, uses);
    rowsByScenario.set(scenario.name, rows);
  }
  return rowsByScenario;
}
