import { afterAll, describe, expect, inject, it } from 'vitest';
import { testDatabaseTargets } from '../../../../packages/database/src/testing/test-databases.ts';
import type {} from '../../../../packages/database/src/testing/vitest-global-setup.ts';
import { openSearchStore } from '../../src/store/open-search-store.ts';
import type { SearchStore } from '../../src/store/search-store.ts';
import { freshStore } from '../support/fresh-store.ts';
import { makeProducts, productSettings } from '../support/products.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Everything written through the API comes back after a restart, on both store engines: the second app is built
 * on the same store and must answer exactly as the first did.
 */
const targets = await testDatabaseTargets(inject('postgresUrl'), 'search_restart');
const stores: SearchStore[] = [];
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
});

async function populate(t: TestApp): Promise<{ taskID: number; key: string }> {
  await t.request({
    method: 'PUT',
    url: '/1/indexes/products/settings',
    payload: { ...productSettings, replicas: ['products_price_asc', 'virtual(products_rank_asc)'] },
  });
  await t.request({
    method: 'PUT',
    url: '/1/indexes/products_price_asc/settings',
    payload: {
      ranking: ['asc(price)', 'typo', 'words', 'proximity', 'attribute', 'exact', 'custom'],
    },
  });
  await t.request({
    method: 'PUT',
    url: '/1/indexes/products_rank_asc/settings',
    payload: { customRanking: ['asc(rank)'], relevancyStrictness: 0 },
  });
  const batch = await t.request({
    method: 'POST',
    url: '/1/indexes/products/batch',
    payload: { requests: makeProducts(25).map((body) => ({ action: 'addObject', body })) },
  });
  await t.request({
    method: 'POST',
    url: '/1/indexes/products/synonyms/batch',
    payload: [{ objectID: 's', type: 'synonym', synonyms: ['television', 'telly'] }],
  });
  await t.request({
    method: 'POST',
    url: '/1/indexes/products/rules/batch',
    payload: [
      {
        objectID: 'r',
        conditions: [{ pattern: 'telly', anchoring: 'is' }],
        consequence: { userData: { tv: true } },
      },
    ],
  });
  await t.request({ method: 'DELETE', url: '/1/indexes/products/sku-3' });
  const key = (
    await t.request({
      method: 'POST',
      url: '/1/keys',
      payload: { acl: ['search'], indexes: ['products*'] },
    })
  ).json().key;
  return { taskID: batch.json().taskID, key };
}

async function snapshot(t: TestApp, key: string): Promise<unknown> {
  const search = await t.request({
    method: 'POST',
    url: '/1/indexes/*/queries',
    key,
    payload: {
      requests: [
        { indexName: 'products', query: 'telly', facets: ['*'] },
        { indexName: 'products_price_asc', hitsPerPage: 5 },
        { indexName: 'products_rank_asc', hitsPerPage: 5 },
      ],
    },
  });
  const results = search
    .json()
    .results.map(
      ({ processingTimeMS: _p, serverTimeMS: _s, ...rest }: Record<string, unknown>) => rest,
    );
  const list = (await t.request({ method: 'GET', url: '/1/indexes' })).json();
  const settings = (
    await t.request({ method: 'GET', url: '/1/indexes/products_rank_asc/settings' })
  ).json();
  return { results, list, settings };
}

describe.each(targets)('restart on $engine', (target) => {
  it('rebuilds indices, replicas, synonyms, rules, keys and tasks from the store', async () => {
    const first = target.engine === 'pglite' ? await freshStore() : await openSearchStore(target);
    const before = await startTestApp({ store: first });
    const { taskID, key } = await populate(before);
    const expected = await snapshot(before, key);
    await before.app.close();
    if (target.engine === 'postgres') await first.close();
    const second = target.engine === 'pglite' ? first : await openSearchStore(target);
    stores.push(second);
    const after = await startTestApp({ store: second });
    expect(await snapshot(after, key)).toEqual(expected);
    const task = await after.request({ method: 'GET', url: `/1/indexes/anything/task/${taskID}` });
    expect(task.json()).toMatchObject({ status: 'published' });
    const next = await after.request({
      method: 'POST',
      url: '/1/indexes/products',
      payload: { name: 'new' },
    });
    expect(next.json().taskID).toBeGreaterThan(taskID);
    await after.app.close();
  });
});
