// One config, one name: every spelling of the config input gives the same identity.
import { describe, expect, it } from 'vitest';
import { configIdentity } from '../../src/core/paths.js';

const workspace = '/home/runner/work/shop/shop';

describe('configIdentity', () => {
  it.each([
    [`${workspace}/perfgate.yml`, 'perfgate.yml'],
    [`${workspace}/./perfgate.yml`, 'perfgate.yml'],
    [`${workspace}/perf/../perfgate.yml`, 'perfgate.yml'],
    [`${workspace}//perf/api.yml`, 'perf/api.yml'],
    [`${workspace}/perf/api.yml/`, 'perf/api.yml'],
    ['/home/runner/work/shop/other.yml', '/home/runner/work/shop/other.yml'],
    ['/home/runner/work/shop/shop2/perfgate.yml', '/home/runner/work/shop/shop2/perfgate.yml'],
  ])('%s → %s', (file, expected) => {
    expect(configIdentity(file, workspace)).toBe(expected);
    expect(configIdentity(file, `${workspace}/`)).toBe(expected);
  });

  it('Windows separators name the same file', () => {
    expect(configIdentity('D:\\a\\shop\\shop\\perf\\api.yml', 'D:\\a\\shop\\shop')).toBe('perf/api.yml');
  });
});
