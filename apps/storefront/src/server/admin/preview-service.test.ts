import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeProduct } from '../../../test/support/catalogue-fixtures.ts';
import { recordingLogger } from '../../../test/support/recording-logger.ts';
import { startSearchService } from '../../../test/support/search-service.ts';
import { searchTargetOf } from '../../../test/support/search-target.ts';
import { openTestStores } from '../../../test/support/test-stores.ts';
import { type RuleDraft, ruleDraftSchema } from '../../lib/admin/merchandising-rule.ts';
import { createSearchSync } from '../search/search-sync.ts';
import { consoleClients, consoleIndex } from './console-search.ts';
import { previewContext, previewDraft } from './preview-service.ts';
import { listRules, saveRule } from './rules-service.ts';

/**
 * The merchandising preview against the real search service: honest about a rule's dates, and leaving no
 * preview rule behind that outlives its use.
 */
const [testStore] = await openTestStores(inject('postgresUrl'), 'storefront_preview');
if (!testStore) throw new Error('no test store');
const { store } = testStore;
const service = await startSearchService();
const clients = consoleClients({
  url: service.url,
  appId: 'vitrine',
  adminKey: service.adminKey,
  searchKey: service.searchKey,
});
const now = Date.now();
/** `YYYY-MM-DDTHH:mm` (UTC) `days` from now. */
const day = (days: number) => new Date(now + days * 86_400_000).toISOString().slice(0, 16);

beforeAll(async () => {
  await store.upsertProducts(['MJ01', 'MJ02', 'MJ03'].map((id) => makeProduct(id)));
  const sync = createSearchSync({
    store,
    connect: () => searchTargetOf(service),
    logger: recordingLogger(),
  });
  await sync.requestSync();
  await sync.stop();
});
afterAll(async () => {
  await Promise.all([store.close(), service.close()]);
});

async function firstIds(draft: RuleDraft, moment: 'during' | 'now'): Promise<string[]> {
  const answer = await previewDraft(clients, draft, 'en', 'session-1', { moment, nowMs: now });
  return answer.hits.map((hit) => String(hit.productId));
}

describe('the merchandising preview', () => {
  const christmasPin = (): RuleDraft =>
    ruleDraftSchema.parse({
      trigger: { kind: 'query', query: 'jacket' },
      pins: [{ objectID: 'MJ03-Black', position: 0 }],
      validity: { from: day(10), until: day(12) },
    });

  it('shows a rule whose dates have not begun as it will look then, and says shoppers do not see it yet', async () => {
    const shop = await firstIds(
      ruleDraftSchema.parse({ trigger: { kind: 'query', query: 'jacket' } }),
      'now',
    );
    expect(shop[0]).not.toBe('MJ03');
    const answer = await previewDraft(clients, christmasPin(), 'en', 'session-1', { nowMs: now });
    expect(answer.timing).toEqual({ state: 'upcoming', from: day(10), until: day(12) });
    expect(answer.applied).toBe(true);
    expect(answer.hits[0]?.productId).toBe('MJ03');
    // "Now": the shop as shoppers see it today, without the rule.
    expect(await firstIds(christmasPin(), 'now')).toEqual(shop);
  });

  it('previews "now" without the saved version of a rule being edited to dates that exclude now', async () => {
    const saved = await saveRule(
      clients.admin,
      store,
      ruleDraftSchema.parse({
        trigger: { kind: 'query', query: 'jacket' },
        pins: [{ objectID: 'MJ02-Black', position: 0 }],
      }),
      'test',
    );
    expect(
      await firstIds(ruleDraftSchema.parse({ trigger: { kind: 'query', query: 'coat' } }), 'now'),
    ).toEqual([]);
    const edited = { ...christmasPin(), objectID: saved.objectID };
    const shopNow = await firstIds(edited, 'now');
    expect(shopNow[0]).not.toBe('MJ02');
    expect(shopNow[0]).not.toBe('MJ03');
    expect((await firstIds(edited, 'during'))[0]).toBe('MJ03');
    await clients.admin.deleteRule({ indexName: consoleIndex, objectID: saved.objectID });
  });

  it('gives every preview rule a short validity, and listing the rules deletes expired ones', async () => {
    await previewDraft(clients, christmasPin(), 'en', 'session-2', { nowMs: now });
    const fresh = await clients.admin.getRule({
      indexName: consoleIndex,
      objectID: previewContext('session-2'),
    });
    const [range] = fresh.validity ?? [];
    expect(range?.until).toBeGreaterThan(now / 1000);
    expect(range?.until).toBeLessThanOrEqual(now / 1000 + 15 * 60);
    // A session that previewed and was never closed; an hour later its rule has expired.
    await previewDraft(clients, christmasPin(), 'en', 'session-3', { nowMs: now - 3_600_000 });
    const listed = await listRules(clients.admin, '', now);
    expect(listed.rules).toEqual([]);
    const left = await clients.admin.searchRules({
      indexName: consoleIndex,
      searchRulesParams: { query: '' },
    });
    const ids = left.hits.map((rule) => rule.objectID);
    expect(ids).toContain(previewContext('session-2'));
    expect(ids).not.toContain(previewContext('session-3'));
  });
});
