// The fake's paths that the real client does not take with a small baseline: block uploads,
// signature checks and the lookup order. Driven with plain fetch, as the wire protocol.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCacheServiceFake, type CacheServiceFake } from './cache-service.js';

describe('cache service fake', () => {
  let fake: CacheServiceFake;
  beforeAll(async () => {
    fake = await startCacheServiceFake();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.entries.length = 0;
    fake.requests.length = 0;
    fake.readOnly = false;
  });

  const twirp = async (method: string, body: object, token = fake.token) => {
    const res = await fetch(new URL(`twirp/github.actions.results.api.v1.CacheService/${method}`, fake.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('assembles a block upload from Put Block and Put Block List', async () => {
    const created = await twirp('CreateCacheEntry', { key: 'k-1', version: 'v' });
    const uploadUrl = String(created.body.signed_upload_url);
    for (const [id, data] of [
      ['YQ==', 'hello '],
      ['Yg==', 'world'],
    ]) {
      const put = await fetch(`${uploadUrl}&comp=block&blockid=${encodeURIComponent(id ?? '')}`, {
        method: 'PUT',
        body: data,
      });
      expect(put.status).toBe(201);
    }
    const list = await fetch(`${uploadUrl}&comp=blocklist`, {
      method: 'PUT',
      body: '<?xml version="1.0" encoding="utf-8"?><BlockList><Latest>YQ==</Latest><Latest>Yg==</Latest></BlockList>',
    });
    expect(list.status).toBe(201);
    expect((await twirp('FinalizeCacheEntryUpload', { key: 'k-1', version: 'v', size_bytes: '11' })).body).toEqual({
      ok: true,
      entry_id: '1',
    });

    const found = await twirp('GetCacheEntryDownloadURL', { key: 'k-', version: 'v' });
    expect(found.body.matched_key).toBe('k-1');
    const download = await fetch(String(found.body.signed_download_url));
    expect(await download.text()).toBe('hello world');
  });

  it('refuses a blob request without the signature, and a wrong token', async () => {
    const created = await twirp('CreateCacheEntry', { key: 'k-2', version: 'v' });
    const unsigned = String(created.body.signed_upload_url).replace(/sig=[^&]+/, 'sig=forged');
    expect(
      (await fetch(unsigned, { method: 'PUT', headers: { 'x-ms-blob-type': 'BlockBlob' }, body: 'x' })).status,
    ).toBe(403);
    expect((await twirp('CreateCacheEntry', { key: 'k-3', version: 'v' }, 'wrong')).status).toBe(401);
  });

  it('prefers an exact key, then the newest prefix match, then restore keys in order', async () => {
    fake.addEntry('base-1', 'v', Buffer.from('1'));
    fake.addEntry('base-10', 'v', Buffer.from('10'));
    fake.addEntry('base-2', 'v', Buffer.from('2'));
    fake.addEntry('other-1', 'v', Buffer.from('o'));
    fake.addEntry('base-3', 'other-version', Buffer.from('3'));
    const match = async (key: string, restore_keys?: string[]) =>
      (await twirp('GetCacheEntryDownloadURL', { key, version: 'v', ...(restore_keys ? { restore_keys } : {}) })).body
        .matched_key;
    expect(await match('base-1')).toBe('base-1');
    expect(await match('base-')).toBe('base-2');
    expect(await match('none-', ['other-', 'base-'])).toBe('other-1');
    expect((await twirp('GetCacheEntryDownloadURL', { key: 'none-', version: 'v' })).body).toEqual({ ok: false });
  });

  it('answers the read-only knob the way the client recognises it', async () => {
    fake.readOnly = true;
    const denied = await twirp('CreateCacheEntry', { key: 'k-4', version: 'v' });
    expect(denied.status).toBe(200);
    expect(denied.body.ok).toBe(false);
    expect(String(denied.body.message)).toMatch(/^cache write denied:/);
  });
});
