// The distribution's buckets follow the latency thresholds of the scenario's own measure: a
// threshold on the time to first byte does not set the buckets of full times, and the reverse.
import { describe, expect, it } from 'vitest';
import { latencySloMs } from '../../../src/core/report/distribution.js';

describe('latencySloMs and the latency measure', () => {
  it('takes the thresholds of the measure the buckets show, and those that name none', () => {
    const expressions = ['p(95):ttfb<100', 'p(95)<800', 'p(99):full<600'];
    expect(latencySloMs(expressions)).toBe(600);
    expect(latencySloMs(expressions, 'ttfb')).toBe(100);
    expect(latencySloMs(['p(95):ttfb<100'])).toBeUndefined();
  });
});
