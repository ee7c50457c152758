import type { CapacityResult } from '../types/results.js';

/** A capacity the search could not pin to the service is a lower bound, never a measurement. */
export function isCapacityMeasured(capacity: CapacityResult): boolean {
  return capacity.limitedBy === 'service' && capacity.bracket[1] !== null && capacity.ratePerSec > 0;
}
