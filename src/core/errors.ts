// Typed errors, one base with a code (as undici's lib/core/errors.js does), so that the entry
// points map any of them to an exit code in one place (exitCodeFor) and tests can match a code
// rather than a message.

export type ErrorCode =
  /** The config, the CLI arguments or the action inputs are wrong. */
  | 'PERFGATE_CONFIG'
  /** A file the user pointed at (results, baseline) cannot be used. */
  | 'PERFGATE_INPUT_FILE'
  /** A service under test could not be started or never became ready. */
  | 'PERFGATE_BOOT'
  /** A `setup:` command of the head failed or passed its timeout. */
  | 'PERFGATE_SETUP'
  /** A service under test died while the load ran: the run is not judged. */
  | 'PERFGATE_SERVICE_EXIT'
  /** An A/B run paired nothing and nothing else (a stored baseline, a threshold) judged it. */
  | 'PERFGATE_NO_VERDICT'
  /** SIGINT or SIGTERM before anything was measured. */
  | 'PERFGATE_INTERRUPTED'
  /** A network step (cache, comment, Slack, artifact) passed its deadline. */
  | 'PERFGATE_DEADLINE'
  /** The Actions cache refused or failed a baseline read or save. */
  | 'PERFGATE_CACHE_STORE'
  /** Slack refused or failed a message. */
  | 'PERFGATE_SLACK'
  /** The token may not write the PR or commit comment. */
  | 'PERFGATE_COMMENT_PERMISSION';

export class PerfgateError extends Error {
  constructor(
    message: string,
    readonly code: ErrorCode,
  ) {
    super(message);
  }
}

/** The user's config, CLI arguments or action inputs are wrong. Exit code 2. */
export class ConfigError extends PerfgateError {
  override name = 'ConfigError';
  constructor(message: string) {
    super(message, 'PERFGATE_CONFIG');
  }
}

/** The base commit of an A/B run could not be fetched (no credentials, a network failure): a
 * ConfigError for a ref the user named, a fallback to the stored baseline for the event's own. */
export class BaseFetchError extends ConfigError {
  override name = 'BaseFetchError';
}

/** A service under test could not be started or never became ready. Exit code 3. */
export class BootError extends PerfgateError {
  override name = 'BootError';
  constructor(
    message: string,
    readonly service: string,
    readonly logTail: string[] = [],
  ) {
    super(message, 'PERFGATE_BOOT');
  }
}

/**
 * A service of either variant died while the load ran. The run is neither a pass nor a regression:
 * its load measured refused connections. Exit code 3; the results file keeps what was measured.
 */
export class ServiceExitError extends PerfgateError {
  override name = 'ServiceExitError';
  constructor(message: string) {
    super(message, 'PERFGATE_SERVICE_EXIT');
  }
}

/**
 * An A/B run whose base ran none of the head's scenarios, with no stored baseline holding them and
 * no threshold: nothing judged it, and a pass over nothing would read as "no regression". Exit 3.
 */
export class NoVerdictError extends PerfgateError {
  override name = 'NoVerdictError';
  constructor(message: string) {
    super(message, 'PERFGATE_NO_VERDICT');
  }
}

/** A `setup:` command failed (exit status, timeout). Exit code 3 for the head; the base falls back. */
export class SetupError extends PerfgateError {
  override name = 'SetupError';
  constructor(
    message: string,
    readonly logTail: string[] = [],
  ) {
    super(message, 'PERFGATE_SETUP');
  }
}

/** A file the user pointed at (results, baseline) cannot be used. Exit code 2. */
export class InputFileError extends PerfgateError {
  override name = 'InputFileError';
  constructor(message: string) {
    super(message, 'PERFGATE_INPUT_FILE');
  }
}

/** perfgate was interrupted (SIGINT, SIGTERM) before it measured anything. Exit code 130 (the shell's for SIGINT). */
export class InterruptedError extends PerfgateError {
  override name = 'InterruptedError';
  constructor(message: string) {
    super(message, 'PERFGATE_INTERRUPTED');
  }
}

export const ExitCode = { pass: 0, gateFailed: 1, usage: 2, couldNotRun: 3, interrupted: 130 } as const;

export function exitCodeFor(error: unknown): number {
  if (!(error instanceof PerfgateError)) return ExitCode.couldNotRun;
  switch (error.code) {
    case 'PERFGATE_CONFIG':
    case 'PERFGATE_INPUT_FILE':
      return ExitCode.usage;
    case 'PERFGATE_INTERRUPTED':
      return ExitCode.interrupted;
    default:
      return ExitCode.couldNotRun;
  }
}
