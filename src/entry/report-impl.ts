// Reports rendered from a results file by perfgate's own renderer: `perfgate report` and the
// action's `mode: report`, which a trusted workflow_run job runs on a fork PR's uploaded results.
// Everything in such a file was made by untrusted code, so it is read as untrusted: checked by
// the results schema (types, sizes, bounded strings) before anything reads it, and no string in
// it can @-mention.
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InputFileError } from '../core/errors.js';
import { readInputFile, unreadableInput } from '../adapters/input-file.js';
import { maskStrings, secretValues } from '../core/mask.js';
import { MAX_RESULTS_BYTES, readResultsText } from '../core/results/read.js';
import type { ComparisonFormat, FailOn } from '../core/options.js';
import type { Config } from '../core/types/config.js';
import type { Results } from '../core/types/results.js';
import { judgeRun, summarizeServiceExit, type BaselineLookup } from '../core/gate.js';
import { decideExit } from '../core/compare/index.js';
import { defaultCompareConfig } from '../core/config/compare.js';
import { loadConfig } from '../adapters/config-file.js';
import { checkReportFiles, comparisonConfigPath, renderReport, writeCliReportFiles, type CliIo } from './cli-impl.js';
import type { ReportFiles } from './report-files.js';

/** Larger results files than this are refused: a real one is far smaller (histograms are compressed). */
export const maxResultsBytes = MAX_RESULTS_BYTES;

/**
 * Parses and checks a results file made by code perfgate does not trust (a fork PR's run): the
 * one reader (src/core/results/read.ts) checks its shape, sizes and numbers, and defuses every "@"
 * in its strings so that nothing rendered from it can mention a user or team.
 */
export function parseUntrustedResults(text: string, source: string): Results {
  const read = readResultsText(text, 'untrusted');
  if ('results' in read) {
    // As compare does: a partial measurement is never judged, and a report would be one.
    if (read.results.serviceExit)
      throw new InputFileError(
        `${source}: a service of this run died while the load ran (${summarizeServiceExit(read.results.serviceExit)}); perfgate never reports on such a run: run the load test again and upload that results file`,
      );
    if (read.results.interrupted)
      throw new InputFileError(
        `${source}: this run was interrupted before the end, so it holds a partial measurement that perfgate never reports on; run the load test to the end and upload that results file`,
      );
    return read.results;
  }
  const { problem } = read;
  switch (problem.kind) {
    case 'too-large':
      throw new InputFileError(`${source}: larger than ${maxResultsBytes} bytes; not a perfgate results file`);
    case 'not-json':
      throw new InputFileError(`${source}: not JSON; pass a results file written by perfgate`);
    case 'not-perfgate':
    case 'future-version':
      throw new InputFileError(
        `${source}: not a valid perfgate results file (schemaVersion ${JSON.stringify(problem.schemaVersion)}, not 1)`,
      );
    case 'damaged':
      throw new InputFileError(`${source}: not a valid perfgate results file (${problem.detail})`);
  }
}

export async function readUntrustedResults(path: string, what: string): Promise<Results> {
  let text: string;
  try {
    const info = await stat(path);
    if (info.size > maxResultsBytes)
      throw new InputFileError(
        `${what} ${path}: ${info.size} bytes, more than ${maxResultsBytes}; not a perfgate results file`,
      );
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof InputFileError) throw error;
    throw unreadableInput(error, `${what} ${path}`);
  }
  return parseUntrustedResults(text, `${what} ${path}`);
}

/** The results files at `path`: the file itself, or every results.json in the folder tree (a downloaded artifact per config). */
export async function findResultsFiles(path: string): Promise<string[]> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return [];
  }
  if (info.isFile()) return [path];
  const found: string[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = join(dir, entry.name);
      if (entry.isDirectory() && depth < 3) await walk(full, depth + 1);
      else if (entry.isFile() && entry.name === 'results.json') found.push(full);
    }
  };
  await walk(path, 0);
  return found;
}

/** A baseline's text with its strings masked; text that is not JSON stays as it is, for the
 * baseline reader to name as corrupt. */
function maskJsonText(text: string, secrets: readonly string[]): string {
  try {
    return JSON.stringify(maskStrings(JSON.parse(text) as unknown, secrets));
  } catch {
    return text;
  }
}

/**
 * `perfgate report --current results.json [--baseline base.json] [-c perfgate.yml]`: the report of
 * a results file, re-rendered by this perfgate, checked as untrusted input first.
 */
export async function runReportCommand(
  io: CliIo,
  options: {
    currentPath: string;
    baselinePath?: string;
    configPath?: string;
    format: ComparisonFormat;
    failOn: FailOn;
    reportFiles?: ReportFiles;
  },
): Promise<number> {
  await checkReportFiles(options.reportFiles);
  // Masked on render as well as on record: the file may carry tokens, URL passwords or this job's
  // own secret values, and the report is printed (or posted) as it renders.
  const current = maskStrings(await readUntrustedResults(options.currentPath, '--current'), secretValues(io.env));
  const configPath = await comparisonConfigPath(io, options.configPath);
  const config: Pick<Config, 'thresholds' | 'compare'> = configPath
    ? (await loadConfig(configPath)).config
    : { thresholds: {}, compare: defaultCompareConfig() };
  let baseline: BaselineLookup = { kind: 'missing', detail: 'no --baseline was given' };
  if (options.baselinePath) {
    const text = await readInputFile(options.baselinePath, `--baseline ${options.baselinePath}`);
    baseline = { kind: 'found', text, source: options.baselinePath };
  }
  if (baseline.kind === 'found') baseline = { ...baseline, text: maskJsonText(baseline.text, secretValues(io.env)) };
  const { comparison } = judgeRun({ current, config, baseline });
  io.stdout.write(`${renderReport(comparison, options.format)}\n`);
  await writeCliReportFiles(io, comparison, options.reportFiles);
  return decideExit(comparison, options.failOn);
}
