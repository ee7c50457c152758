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
