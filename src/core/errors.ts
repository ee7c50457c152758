// Typed errors that the entry points map to exit codes in one place (see exitCodeFor).

/** The user's config, CLI arguments or action inputs are wrong. Exit code 2. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A service under test could not be started or never became ready. Exit code 3. */
export class BootError extends Error {
  override name = 'BootError';
  constructor(
    message: string,
    readonly service: string,
    readonly logTail: string[] = [],
  ) {
    super(message);
  }
}

/** A file the user pointed at (results, baseline) cannot be used. Exit code 2. */
export class InputFileError extends Error {
  override name = 'InputFileError';
}

/** perfgate was interrupted (SIGINT, SIGTERM) before it measured anything. Exit code 130 (the shell's for SIGINT). */
export class InterruptedError extends Error {
  override name = 'InterruptedError';
}

export const ExitCode = { pass: 0, gateFailed: 1, usage: 2, couldNotRun: 3, interrupted: 130 } as const;

export function exitCodeFor(error: unknown): number {
  if (error instanceof ConfigError || error instanceof InputFileError) return ExitCode.usage;
  if (error instanceof InterruptedError) return ExitCode.interrupted;
  return ExitCode.couldNotRun;
}
