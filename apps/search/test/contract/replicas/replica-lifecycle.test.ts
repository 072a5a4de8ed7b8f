/**
 * Replicas, on a wine cellar shaped unlike our catalogue (nested price and region), through
 * the official v5 client only. Expectations come from docs/api.md §2.8/§4.3 and Algolia's docs: "replicas"
 * ("Removing a replica from the list detaches it and turns it into a regular index"; adding an existing index
 * "overwrites the records … its settings remain unchanged"), "Delete index" ("If the index … has replica indices,
 * the replicas become independent indices"; a linked replica must be unlinked before it can be deleted) and
 * "Delete a replica index" (`replicas: [""]` unlinks them all).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../../support/hit-ids.ts';
import { type SearchClient, startSeededServer } from '../../support/seeded-server.ts';
import { seedIndex, type TestServer } from '../../support/test-server.ts';
import { type Wine, wineSettings, wines } from '../../support/wine-cellar.ts';

let server: TestServer;
let client: SearchClient;

beforeAll(async () => {
  ({ server, admin: client } = await startSeededServer());
});
afterAll(async () => server.close());

const baseSettings = {
  searchableAttributes: [...wineSettings.searchableAttributes],
  attributesForFaceting: [...wineSettings.attributesForFaceting],
  customRanking: [...wineSettings.customRanking],
  typoTolerance: false,
};

async function setSettings(
  indexName: string,
  indexSettings: Parameters<typeof client.setSettings>[0]['indexSettings'],
  forwardToReplicas?: boolean,
): Promise<void> {
  const task = await client.setSettings({ indexName, indexSettings, forwardToReplicas });
  await client.waitForTask({ indexName, taskID: task.taskID });
}

async function all(indexName: string, params: Record<string, unknown> = {}) {
  return client.searchSingleIndex<Wine>({
    indexName,
    searchParams: { query: '', hitsPerPage: 100, ...params },
  });
}

async function primaryWith(indexName: string, replicas: string[]): Promise<void> {
  await seedIndex(client, indexName, { ...baseSettings, replicas }, wines);
}

describe('sorting on a standard replica', () => {
  it('breaks ties on the sort attribute with the rest of the ranking, custom ranking last', async () => {
    await primaryWith('cellar_sort', ['cellar_sort_vintage_desc']);
    await setSettings('cellar_sort_vintage_desc', {
      ranking: ['desc(vintage)', 'typo', 'words', 'proximity', 'attribute', 'exact', 'custom'],
    });
    const expected = [...wines]
      .sort((a, b) => b.vintage - a.vintage || a.pricing.bottle - b.pricing.bottle)
      .map((wine) => wine.objectID);
    expect(ids((await all('cellar_sort_vintage_desc')).hits)).toEqual(expected);
    // The sort also holds under a query and a filter on the nested region.
    const rhone = await all('cellar_sort_vintage_desc', {
      query: 'grenache',
      filters: '"estate.region.country":France',
    });
    expect(ids(rhone.hits)).toEqual(
      expected.filter((id) => {
        const wine = wines.find((candidate) => candidate.objectID === id);
        return wine?.grapes.includes('grenache') && wine.estate.region.country === 'France';
      }),
    );
  });

  it('forwards only the settings sent: the replica keeps its own ranking and never gets replicas', async () => {
    await primaryWith('cellar_fwd', ['cellar_fwd_price_desc']);
    await setSettings('cellar_fwd_price_desc', {
      ranking: [
        'desc(pricing.bottle)',
        'typo',
        'words',
        'proximity',
        'attribute',
        'exact',
        'custom',
      ],
    });
    await setSettings('cellar_fwd', { searchableAttributes: ['label'], hitsPerPage: 5 }, true);
    const replica = await client.getSettings({ indexName: 'cellar_fwd_price_desc' });
    expect(replica.searchableAttributes).toEqual(['label']);
    expect(replica.hitsPerPage).toBe(5);
    expect(replica.ranking?.[0]).toBe('desc(pricing.bottle)');
    expect(replica.primary).toBe('cellar_fwd');
    expect(replica.replicas ?? []).toEqual([]);
    // "guigal" is an estate name, no longer searchable anywhere.
    expect((await all('cellar_fwd_price_desc', { query: 'guigal' })).nbHits).toBe(0);
    expect(ids((await all('cellar_fwd_price_desc', { query: 'rose' })).hits)).toEqual([
      'w01',
      'w09',
    ]);
  });
});

describe('virtual replica settings', () => {
  it('round-trips customRanking and relevancyStrictness with the primary name, and sorts by them', async () => {
    await primaryWith('cellar_virt', ['virtual(cellar_virt_stock)']);
    await setSettings('cellar_virt_stock', {
      customRanking: ['desc(stock)'],
      relevancyStrictness: 0,
    });
    const settings = await client.getSettings({ indexName: 'cellar_virt_stock' });
    expect(settings.customRanking).toEqual(['desc(stock)']);
    expect(settings.relevancyStrictness).toBe(0);
    expect(settings.primary).toBe('cellar_virt');
    expect((await client.getSettings({ indexName: 'cellar_virt' })).replicas).toEqual([
      'virtual(cellar_virt_stock)',
    ]);
    const result = await all('cellar_virt_stock');
    const byStock = [...wines].sort((a, b) => b.stock - a.stock).map((wine) => wine.objectID);
    expect(ids(result.hits)).toEqual(byStock);
    expect(result['appliedRelevancyStrictness']).toBe(0);
    // The primary keeps its own ranking.
    const cheapest = [...wines].sort((a, b) => a.pricing.bottle - b.pricing.bottle);
    expect(ids((await all('cellar_virt')).hits)).toEqual(cheapest.map((wine) => wine.objectID));
  });
});

describe('rules, synonyms and tasks on replicas', () => {
  it('applies rules and synonyms forwarded to a virtual and a standard replica', async () => {
    await primaryWith('cellar_rules', ['virtual(cellar_rules_stock)', 'cellar_rules_price_desc']);
    await setSettings('cellar_rules_stock', { customRanking: ['desc(stock)'] });
    const rules = await client.saveRules({
      indexName: 'cellar_rules',
      rules: [
        {
          objectID: 'pin-barolo',
          conditions: [{ pattern: 'italie', anchoring: 'is' }],
          consequence: {
            params: { query: '', filters: '"estate.region.country":Italy' },
            promote: [{ objectID: 'w08', position: 0 }],
          },
        },
      ],
      forwardToReplicas: true,
    });
    await client.waitForTask({ indexName: 'cellar_rules', taskID: rules.taskID });
    const synonyms = await client.saveSynonyms({
      indexName: 'cellar_rules',
      synonymHit: [{ objectID: 'rose', type: 'synonym', synonyms: ['rosado', 'rosé'] }],
      forwardToReplicas: true,
    });
    await client.waitForTask({ indexName: 'cellar_rules', taskID: synonyms.taskID });
    for (const indexName of ['cellar_rules', 'cellar_rules_stock', 'cellar_rules_price_desc']) {
      const italy = await all(indexName, { query: 'italie' });
      expect(italy.appliedRules, indexName).toEqual([{ objectID: 'pin-barolo' }]);
      expect(italy.nbHits, indexName).toBe(2);
      // The promoted w08 is pinned first on the primary and on both replicas, whatever their ranking.
      expect(ids(italy.hits), indexName).toEqual(['w08', 'w10']);
      expect((await client.getRule({ indexName, objectID: 'pin-barolo' })).objectID).toBe(
        'pin-barolo',
      );
      // relevancyStrictness 0: the virtual replica sorts every match instead of only the most relevant ones.
      const rosado = await all(indexName, { query: 'rosado', relevancyStrictness: 0 });
      expect(new Set(ids(rosado.hits)), indexName).toEqual(new Set(['w01', 'w09', 'w11']));
    }
  });

  it('answers getAppTask for a task that wrote to replicas', async () => {
    await primaryWith('cellar_tasks', ['cellar_tasks_a', 'virtual(cellar_tasks_b)']);
    const task = await client.setSettings({
      indexName: 'cellar_tasks',
      indexSettings: { hitsPerPage: 7 },
      forwardToReplicas: true,
    });
    expect((await client.getAppTask({ taskID: task.taskID })).status).toBe('published');
    await client.waitForAppTask({ taskID: task.taskID });
    expect(
      (await client.getTask({ indexName: 'cellar_tasks_a', taskID: task.taskID })).status,
    ).toBe('published');
    expect((await client.getSettings({ indexName: 'cellar_tasks_a' })).hitsPerPage).toBe(7);
    expect((await client.getSettings({ indexName: 'cellar_tasks_b' })).hitsPerPage).toBe(7);
  });

  it('copies a primary scopes without its replicas, leaving the destination records and the links alone', async () => {
    await primaryWith('cellar_copy', ['cellar_copy_a']);
    await client.saveRules({
      indexName: 'cellar_copy',
      rules: [{ objectID: 'r1', consequence: { userData: { from: 'copy' } } }],
    });
    await seedIndex(client, 'cellar_copy_dest', { hitsPerPage: 3 }, wines.slice(0, 2));
    const copy = await client.operationIndex({
      indexName: 'cellar_copy',
      operationIndexParams: {
        operation: 'copy',
        destination: 'cellar_copy_dest',
        scope: ['settings', 'rules'],
      },
    });
    await client.waitForTask({ indexName: 'cellar_copy_dest', taskID: copy.taskID });
    const dest = await client.getSettings({ indexName: 'cellar_copy_dest' });
    expect(dest.replicas ?? []).toEqual([]);
    expect(dest.customRanking).toEqual(baseSettings.customRanking);
    expect((await all('cellar_copy_dest')).nbHits).toBe(2);
    expect((await all('cellar_copy_dest')).userData).toEqual([{ from: 'copy' }]);
    expect((await client.getSettings({ indexName: 'cellar_copy' })).replicas).toEqual([
      'cellar_copy_a',
    ]);
    expect((await client.getSettings({ indexName: 'cellar_copy_a' })).primary).toBe('cellar_copy');
  });
});

describe('unlinking and deleting', () => {
  it('detaches a replica removed from the list: it keeps its records and settings, and no longer follows', async () => {
    await primaryWith('cellar_unlink', ['cellar_unlink_a', 'cellar_unlink_b']);
    await setSettings('cellar_unlink_a', { customRanking: ['desc(stock)'] });
    await setSettings('cellar_unlink', { replicas: ['cellar_unlink_b'] });
    const detached = await client.getSettings({ indexName: 'cellar_unlink_a' });
    expect(detached.primary).toBeUndefined();
    expect(detached.customRanking).toEqual(['desc(stock)']);
    expect((await client.getSettings({ indexName: 'cellar_unlink_b' })).primary).toBe(
      'cellar_unlink',
    );
    await client.saveObjects({
      indexName: 'cellar_unlink',
      objects: [{ ...wines[0], objectID: 'w13', label: 'Crémant de Loire' }],
      waitForTasks: true,
    });
    expect((await all('cellar_unlink_a')).nbHits).toBe(wines.length);
    expect((await all('cellar_unlink_b')).nbHits).toBe(wines.length + 1);
    // A detached index is a regular index: it can be written and deleted on its own.
    await client.deleteObjects({
      indexName: 'cellar_unlink_a',
      objectIDs: ['w01'],
      waitForTasks: true,
    });
    expect((await all('cellar_unlink_a')).nbHits).toBe(wines.length - 1);
    expect((await all('cellar_unlink')).nbHits).toBe(wines.length + 1);
    const { items } = await client.listIndices();
    expect(items.find((item) => item.name === 'cellar_unlink')?.replicas).toEqual([
      'cellar_unlink_b',
    ]);
    expect(items.find((item) => item.name === 'cellar_unlink_a')?.primary).toBeUndefined();
  });

  it('unlinks every replica with replicas [""], as Algolia documents', async () => {
    await primaryWith('cellar_empty', ['cellar_empty_a']);
    await setSettings('cellar_empty', { replicas: [''] });
    expect((await client.getSettings({ indexName: 'cellar_empty_a' })).primary).toBeUndefined();
    expect((await client.getSettings({ indexName: 'cellar_empty' })).replicas ?? []).toEqual([]);
    expect((await all('cellar_empty_a')).nbHits).toBe(wines.length);
  });

  // Algolia refuses to delete a linked replica ("you must first unlink it from its primary index before you can
  // delete it", Delete index docs). Vitrine deliberately unlinks it instead (indices/index-lifecycle.ts,
  // planDeleteIndex): the primary stops listing it and later writes do not bring it back.
  it('deletes a linked replica by unlinking it from its primary first (Vitrine decision)', async () => {
    await primaryWith('cellar_del', ['cellar_del_a', 'cellar_del_b']);
    const task = await client.deleteIndex({ indexName: 'cellar_del_a' });
    await client.waitForTask({ indexName: 'cellar_del_a', taskID: task.taskID });
    expect(await client.indexExists({ indexName: 'cellar_del_a' })).toBe(false);
    expect((await client.getSettings({ indexName: 'cellar_del' })).replicas).toEqual([
      'cellar_del_b',
    ]);
    await client.saveObjects({
      indexName: 'cellar_del',
      objects: [{ ...wines[1], objectID: 'w14' }],
      waitForTasks: true,
    });
    expect(await client.indexExists({ indexName: 'cellar_del_a' })).toBe(false);
    expect((await all('cellar_del_b')).nbHits).toBe(wines.length + 1);
  });

  it('turns the standard replicas of a deleted primary into independent indices', async () => {
    await primaryWith('cellar_gone', ['cellar_gone_a']);
    await setSettings('cellar_gone_a', { customRanking: ['desc(vintage)'] });
    const task = await client.deleteIndex({ indexName: 'cellar_gone' });
    await client.waitForTask({ indexName: 'cellar_gone', taskID: task.taskID });
    expect(await client.indexExists({ indexName: 'cellar_gone' })).toBe(false);
    const orphan = await client.getSettings({ indexName: 'cellar_gone_a' });
    expect(orphan.primary).toBeUndefined();
    expect(orphan.customRanking).toEqual(['desc(vintage)']);
    expect((await all('cellar_gone_a')).nbHits).toBe(wines.length);
    // A new primary under the old name does not take the former replica back.
    await seedIndex(client, 'cellar_gone', baseSettings, wines.slice(0, 2));
    expect((await all('cellar_gone_a')).nbHits).toBe(wines.length);
    expect((await client.getSettings({ indexName: 'cellar_gone' })).replicas ?? []).toEqual([]);
  });

  it('turns a virtual replica of a deleted primary into an independent index with the records it served', async () => {
    await primaryWith('cellar_vgone', ['virtual(cellar_vgone_stock)']);
    await setSettings('cellar_vgone_stock', {
      customRanking: ['desc(stock)'],
      relevancyStrictness: 0,
    });
    const task = await client.deleteIndex({ indexName: 'cellar_vgone' });
    await client.waitForTask({ indexName: 'cellar_vgone', taskID: task.taskID });
    const orphan = await client.getSettings({ indexName: 'cellar_vgone_stock' });
    expect(orphan.primary).toBeUndefined();
    expect(orphan.customRanking).toEqual(['desc(stock)']);
    // It keeps what it inherited from its primary: the searchable attributes still find the estate name.
    expect(orphan.searchableAttributes).toEqual(baseSettings.searchableAttributes);
    expect(ids((await all('cellar_vgone_stock', { query: 'guigal' })).hits)).toEqual(['w02']);
    expect(ids((await all('cellar_vgone_stock')).hits)).toEqual(
      [...wines].sort((a, b) => b.stock - a.stock).map((wine) => wine.objectID),
    );
    const { items } = await client.listIndices();
    const listed = items.find((item) => item.name === 'cellar_vgone_stock');
    expect(listed?.entries).toBe(wines.length);
    expect(listed?.virtual ?? false).toBe(false);
    await client.saveObjects({
      indexName: 'cellar_vgone_stock',
      objects: [{ ...wines[3], objectID: 'w15', stock: 1000 }],
      waitForTasks: true,
    });
    expect(ids((await all('cellar_vgone_stock')).hits)[0]).toBe('w15');
  });

  it('relinks an existing index as a replica: its settings stay, its records become the primary ones', async () => {
    await seedIndex(client, 'cellar_relink_a', { customRanking: ['desc(stock)'] }, [
      { objectID: 'other', label: 'Not a wine' },
    ]);
    await primaryWith('cellar_relink', ['cellar_relink_a']);
    const replica = await client.getSettings({ indexName: 'cellar_relink_a' });
    expect(replica.primary).toBe('cellar_relink');
    expect(replica.customRanking).toEqual(['desc(stock)']);
    const result = await all('cellar_relink_a');
    expect(result.nbHits).toBe(wines.length);
    expect(ids(result.hits)).toEqual(
      [...wines].sort((a, b) => b.stock - a.stock).map((wine) => wine.objectID),
    );
  });
});
