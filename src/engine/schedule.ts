// Load profiles over time: the arrival schedule of the open model (intended start times, from
// the integral of a piecewise-linear rate) and the VU count of the closed model.
import type { Stage } from '../core/types/config.js';

/** A piece of a profile: the level moves linearly from `from` to `to` over `durationMs`. */
export interface ProfilePiece {
  durationMs: number;
  from: number;
  to: number;
}

/** Stages as in k6: each moves linearly from the previous target (or `start`) to its own. */
export function piecesFromStages(start: number, stages: Stage[]): ProfilePiece[] {
  const pieces: ProfilePiece[] = [];
  let level = start;
  for (const stage of stages) {
    pieces.push({ durationMs: stage.durationMs, from: level, to: stage.target });
    level = stage.target;
  }
  return pieces;
}

export function profileDurationMs(pieces: ProfilePiece[]): number {
  return pieces.reduce((sum, piece) => sum + piece.durationMs, 0);
}

/** The profile's level at `tMs` (linear within a piece); 0 after the end. */
export function levelAt(pieces: ProfilePiece[], tMs: number): number {
  let startMs = 0;
  for (const piece of pieces) {
    if (tMs < startMs + piece.durationMs) {
      const share = piece.durationMs > 0 ? (tMs - startMs) / piece.durationMs : 1;
      return piece.from + (piece.to - piece.from) * Math.max(0, share);
    }
    startMs += piece.durationMs;
  }
  return 0;
}

/**
 * Intended start times of the open model, one after another, with no per-request storage: the
 * k-th request (k = 0, 1, …) is due when the integral of the rate reaches k. Within a piece the
 * rate is r(τ) = r0 + aτ, so the count is N(τ) = C0 + r0·τ + aτ²/2, solved for τ in closed form.
 */
export interface ArrivalSchedule {
  /** Time (ms from the schedule's start) of the next request, or Infinity when none is left. */
  next(): number;
}

export function createArrivalSchedule(pieces: ProfilePiece[]): ArrivalSchedule {
  let index = 0;
  let pieceStartMs = 0;
  let pieceStartCount = 0;
  let k = 0;
  return {
    next() {
      while (index < pieces.length) {
        const piece = pieces[index]!;
        const seconds = piece.durationMs / 1000;
        const r0 = piece.from;
        const a = seconds > 0 ? (piece.to - piece.from) / seconds : 0;
        const d = k - pieceStartCount;
        const discriminant = r0 * r0 + 2 * a * d;
        if (discriminant >= 0) {
          const denominator = r0 + Math.sqrt(discriminant);
          // The stable form of the root avoids cancellation when a is small or zero.
          const tau = d === 0 ? (r0 > 0 || a > 0 ? 0 : Infinity) : denominator > 0 ? (2 * d) / denominator : Infinity;
          if (tau < seconds) {
            k += 1;
            return pieceStartMs + tau * 1000;
          }
        }
        pieceStartCount += r0 * seconds + (a * seconds * seconds) / 2;
        pieceStartMs += piece.durationMs;
        index += 1;
      }
      return Infinity;
    },
  };
}

/**
 * The open model's dispatch timer sends in batches: each tick sends every request due up to
 * `leadMs` ahead, and the next tick comes `periodMs` after a batch at the earliest. Every event-loop
 * wake-up costs a generator (epoll, timers, the kernel's scheduler) more than the requests it
 * sends; at 2,000/s a tick per 1 ms timer was most of its CPU. So a request leaves within
 * `leadMs` before and, load permitting, `periodMs − leadMs` after its intended start. A late one
 * is timed from its intended start (the wait is charged to the service: no coordinated omission),
 * an early one from its send (never timed short). The lead also absorbs the timer's own
 * rounding: libuv counts whole milliseconds from the loop's cached time, so a timer can fire up to
 * a millisecond before performance.now() says it is due (`timerEarlyMs`), which used to cost a
 * second wake-up per request at low rates.
 */
export const BATCH = { periodMs: 4, leadMs: 2, timerEarlyMs: 1 } as const;

/** The wait (whole ms, at least 1) before the next dispatch tick, at `nowMs`, with the next
 * request due at `nextDueMs` and the last batch sent at `lastBatchMs`. */
export function batchDelayMs(nextDueMs: number, lastBatchMs: number, nowMs: number): number {
  // Aimed `timerEarlyMs` inside the lead, so a timer that fires that much early still finds it due.
  const wakeMs = Math.max(nextDueMs - BATCH.leadMs + BATCH.timerEarlyMs, lastBatchMs + BATCH.periodMs);
  const delayMs = Math.ceil(wakeMs - nowMs);
  return delayMs < 1 ? 1 : delayMs;
}
