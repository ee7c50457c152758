// SIGINT and SIGTERM during a run: the first stops the run and keeps what it measured (a cancelled
// job gets SIGINT, then SIGTERM, then SIGKILL); a second one quits at once.
import { constants as osConstants } from 'node:os';

export interface SignalInterrupt {
  /** Aborted by the first signal. */
  signal: AbortSignal;
  received(): NodeJS.Signals | undefined;
  remove(): void;
}

/** The shell's exit status for a process ended by `signal` (130 for SIGINT, 143 for SIGTERM). */
export function signalExitCode(signal: NodeJS.Signals | undefined): number {
  return 128 + (signal ? (osConstants.signals[signal] ?? 15) : 2);
}

export function interruptOnSignals(
  onFirst: (signal: NodeJS.Signals) => void,
  exitCodeOnSecond: (signal: NodeJS.Signals) => number = signalExitCode,
): SignalInterrupt {
  const controller = new AbortController();
  let received: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (received !== undefined) process.exit(exitCodeOnSecond(signal));
    received = signal;
    onFirst(signal);
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: controller.signal,
    received: () => received,
    remove: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}
