import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { replicasWritten } from '../../indices/settings-writes.ts';
import type { SettingsDocument, SettingsUpdate } from '../../protocol/settings-wire.ts';

/**
 * A key restricted to some indices must not reach others through `replicas`: linking an index as a standard
 * replica replaces its records with the primary's, unlinking changes it too, and `forwardToReplicas` writes
 * its settings (docs/api.md §1.6 "Index not allowed with this API key", §7.1 "replicas must be listed or
 * matched").
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.reset());

const notAllowed = { message: 'Index not allowed with this API key', status: 403 };

async function restrictedKey(): Promise<string> {
  const created = await t.request({
    method: 'POST',
    url: '/1/keys',
    payload: { acl: ['search', 'settings', 'editSettings'], indexes: ['stock_*'] },
  });
  return created.json<{ key: string }>().key;
}

const putSettings = (indexName: string, body: object, key?: string, forward = false) =>
  t.request({
    method: 'PUT',
    url: `/1/indexes/${indexName}/settings${forward ? '?forwardToReplicas=true' : ''}`,
    payload: body,
    ...(key === undefined ? {} : { key }),
  });

const objectIDs = async (indexName: string) =>
  (await t.request({ method: 'POST', url: `/1/indexes/${indexName}/query`, payload: {} }))
    .json<{ hits: { objectID: string }[] }>()
    .hits.map((hit) => hit.objectID);

describe('PUT /settings with replicas under a restricted key', () => {
  beforeEach(async () => {
    await t.request({ method: 'PUT', url: '/1/indexes/stock_a/s1', payload: { title: 'stock' } });
    await t.request({ method: 'PUT', url: '/1/indexes/other/o1', payload: { title: 'other' } });
  });

  it('refuses to link an index outside the key patterns, standard or virtual, and leaves it untouched', async () => {
    const key = await restrictedKey();
    for (const replicas of [['other'], ['stock_a_asc', 'virtual(other)'], ['elsewhere']]) {
      const answer = await putSettings('stock_a', { replicas }, key);
      expect({ replicas, status: answer.statusCode, body: answer.json() }).toEqual({
        replicas,
        status: 403,
        body: notAllowed,
      });
    }
    expect(await objectIDs('other')).toEqual(['o1']);
    const settings = await t.request({ method: 'GET', url: '/1/indexes/stock_a/settings' });
    expect(settings.json<{ replicas?: string[] }>().replicas ?? []).toEqual([]);
  });

  it('links replicas inside the patterns', async () => {
    const key = await restrictedKey();
    const answer = await putSettings('stock_a', { replicas: ['stock_a_asc'] }, key);
    expect(answer.statusCode).toBe(200);
    expect(await objectIDs('stock_a_asc')).toEqual(['s1']);
  });

  it('refuses to unlink or forward settings to a replica outside the patterns, but not other changes', async () => {
    expect((await putSettings('stock_a', { replicas: ['pub'] })).statusCode).toBe(200);
    const key = await restrictedKey();
    expect((await putSettings('stock_a', { replicas: [] }, key)).json()).toEqual(notAllowed);
    expect((await putSettings('stock_a', { replicas: null }, key)).json()).toEqual(notAllowed);
    expect(
      (await putSettings('stock_a', { customRanking: ['asc(title)'] }, key, true)).json(),
    ).toEqual(notAllowed);
    const own = await putSettings('stock_a', { customRanking: ['asc(title)'] }, key);
    expect(own.statusCode).toBe(200);
    const pub = await t.request({ method: 'GET', url: '/1/indexes/pub/settings' });
    expect(pub.json()).toMatchObject({ primary: 'stock_a' });
    expect(pub.json<{ customRanking?: string[] }>().customRanking ?? []).toEqual([]);
  });

  it('checks the replicas as they are when the write runs, not when it was queued', async () => {
    const key = await restrictedKey();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Hold the write queue: the admin's write linking `other` is queued first, the key's forwarded write
    // after it, when `stock_a` has no replica yet.
    const holding = t.app.vitrine.service.exclusive(() => held);
    const link = putSettings('stock_a', { replicas: ['other'] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const forwarded = putSettings('stock_a', { customRanking: ['asc(title)'] }, key, true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await holding;
    expect((await link).statusCode).toBe(200);
    expect((await forwarded).json()).toEqual(notAllowed);
    const other = await t.request({ method: 'GET', url: '/1/indexes/other/settings' });
    expect(other.json<{ customRanking?: string[] }>().customRanking ?? []).toEqual([]);
  });

  it('refuses to turn a replica outside the patterns from standard to virtual or back', async () => {
    expect((await putSettings('stock_a', { replicas: ['pub'] })).statusCode).toBe(200);
    const key = await restrictedKey();
    expect((await putSettings('stock_a', { replicas: ['virtual(pub)'] }, key)).json()).toEqual(
      notAllowed,
    );
    const pub = await t.request({ method: 'GET', url: '/1/indexes/stock_a/settings' });
    expect(pub.json<{ replicas?: string[] }>().replicas).toEqual(['pub']);
  });
});

describe('replicasWritten', () => {
  const update = (set: SettingsDocument, reset: string[] = []): SettingsUpdate => ({ set, reset });

  it('lists linked and unlinked replicas, and every replica when forwarding', () => {
    const current = { replicas: ['a', 'virtual(b)'] };
    expect(replicasWritten(current, update({ hitsPerPage: 5 }), false)).toEqual([]);
    expect(replicasWritten(current, update({ hitsPerPage: 5 }), true)).toEqual(['a', 'b']);
    expect(replicasWritten(current, update({ replicas: ['a', 'virtual(c)'] }), false)).toEqual([
      'c',
      'b',
    ]);
    expect(replicasWritten(current, update({}, ['replicas']), false)).toEqual(['a', 'b']);
    expect(replicasWritten({}, update({ replicas: ['virtual(d)'] }), true)).toEqual(['d']);
    expect(replicasWritten(current, update({ replicas: ['virtual(a)', 'b'] }), false)).toEqual([
      'a',
      'b',
    ]);
  });
});
