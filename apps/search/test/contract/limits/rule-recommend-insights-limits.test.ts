/**
 * The limits outside search parameters (docs/api.md §8, §2.4, §2.9, §2.11, §2.12) on a
 * furniture catalogue shaped unlike ours (`furniture.ts`), through the official v5 clients only: rule sizes,
 * facet-value search on a non-searchable facet, missing indices and objects, geo parameters, Recommend bounds and
 * Insights batch limits. Each violation must be a 4xx naming what is wrong, and must leave the data unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '../../support/api-error.ts';
import { failureOf } from '../../support/failure-of.ts';
import { furniture, furnitureSettings } from '../../support/furniture.ts';
import { type SearchClient, startSeededServer } from '../../support/seeded-server.ts';
import { hostsOf, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
let admin: SearchClient;
const indexName = 'maison_other_limits';

const settings = furnitureSettings;

beforeAll(async () => {
  ({ server, admin } = await startSeededServer({ indexName, settings, records: furniture }));
});
afterAll(async () => server.close());

const hosts = () => hostsOf(server);

type Rule = Parameters<typeof admin.saveRules>[0]['rules'][number];
const saveRule = (rule: Rule) =>
  admin.saveRules({ indexName, rules: [rule], clearExistingRules: false });

describe('rule limits (§2.9, §8)', () => {
  it('rejects more than 25 conditions, 50 hidden records or 300 promoted ones, saving nothing', async () => {
    const conditions = Array.from({ length: 26 }, (_, at) => ({
      pattern: `mot${at}`,
      anchoring: 'contains' as const,
    }));
    const hide = Array.from({ length: 51 }, (_, at) => ({ objectID: `h${at}` }));
    const promote = Array.from({ length: 301 }, (_, at) => ({ objectID: `p${at}`, position: at }));
    for (const [rule, name] of [
      [
        {
          objectID: 'too-many-conditions',
          conditions,
          consequence: { hide: [{ objectID: 'f01' }] },
        },
        /condition/i,
      ],
      [
        {
          objectID: 'too-many-hidden',
          conditions: [{ pattern: 'chaise', anchoring: 'contains' as const }],
          consequence: { hide },
        },
        /hid/i,
      ],
      [
        {
          objectID: 'too-many-promoted',
          conditions: [{ pattern: 'chaise', anchoring: 'contains' as const }],
          consequence: { promote },
        },
        /promot/i,
      ],
    ] as const) {
      const error = await failureOf(saveRule(rule as unknown as Rule));
      expect(error.status, rule.objectID).toBe(400);
      expect(error.message, rule.objectID).toMatch(name);
    }
    expect((await admin.searchRules({ indexName })).nbHits).toBe(0);
  });

  it('rejects a rule userData above 1 kB and an unknown anchoring', async () => {
    const big = await failureOf(
      saveRule({
        objectID: 'big-data',
        conditions: [{ pattern: 'lampe', anchoring: 'contains' }],
        consequence: { userData: { banner: 'x'.repeat(1100) } },
      }),
    );
    expect(big.status).toBe(400);
    expect(big.message).toMatch(/userData/);
    const anchoring = await failureOf(
      saveRule({
        objectID: 'bad-anchor',
        conditions: [{ pattern: 'lampe', anchoring: 'around' as never }],
        consequence: { hide: [{ objectID: 'f20' }] },
      }),
    );
    expect(anchoring.status).toBe(400);
    expect(anchoring.message).toMatch(/anchoring/);
    expect((await admin.searchRules({ indexName })).nbHits).toBe(0);
  });

  it('rejects a rule condition filter with OR or a numeric comparison', async () => {
    for (const filters of ['brand:Hay OR brand:Gubi', 'price.value > 100']) {
      const error = await failureOf(
        saveRule({
          objectID: 'bad-filter',
          conditions: [{ filters }],
          consequence: { hide: [{ objectID: 'f01' }] },
        }),
      );
      expect(error.status, filters).toBe(400);
      expect(error.message, filters).toMatch(/filter/i);
    }
  });
});

describe('documented error messages (§1.6, §2.4)', () => {
  it('refuses facet-value search on a facet not declared searchable, with the documented message', async () => {
    const error = await failureOf(
      admin.searchForFacetValues({
        indexName,
        facetName: 'materials',
        searchForFacetValuesRequest: { facetQuery: 'ch' },
      }),
    );
    expect(error).toMatchObject(
      apiError(
        400,
        'Cannot search in `materials` attribute, you need to add `searchable(materials)` to attributesForFaceting.',
      ),
    );
  });

  it('answers 404 for a missing index and a missing object with the documented messages', async () => {
    expect(
      await failureOf(admin.searchSingleIndex({ indexName: 'maison_absente', searchParams: {} })),
    ).toMatchObject(apiError(404, 'Index does not exist'));
    expect(await failureOf(admin.getSettings({ indexName: 'maison_absente' }))).toMatchObject(
      apiError(404, 'Index does not exist'),
    );
    expect(await failureOf(admin.getObject({ indexName, objectID: 'f99' }))).toMatchObject(
      apiError(404, 'ObjectID does not exist'),
    );
    expect(await admin.indexExists({ indexName: 'maison_absente' })).toBe(false);
  });

  it('rejects geo parameters with a 400 naming the parameter (geo is out of scope)', async () => {
    for (const [params, name] of [
      [{ aroundLatLng: '48.85, 2.35' }, /aroundLatLng/],
      [{ insideBoundingBox: [[48, 2, 49, 3]] }, /insideBoundingBox/],
    ] as const) {
      const error = await failureOf(
        admin.searchSingleIndex({ indexName, searchParams: params as never }),
      );
      expect(error.status, JSON.stringify(params)).toBe(400);
      expect(error.message, JSON.stringify(params)).toMatch(name);
    }
  });

  it('rejects a similarQuery above 512 bytes naming similarQuery', async () => {
    const error = await failureOf(
      admin.searchSingleIndex({ indexName, searchParams: { similarQuery: 'ü'.repeat(257) } }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/similarQuery/);
  });
});

describe('Recommend bounds (§2.11)', () => {
  it('rejects maxRecommendations outside 1–30 and threshold outside 0–100, naming them', async () => {
    const recommend = admin.initRecommend({ options: { hosts: hosts() } });
    const ask = (extra: Record<string, number>) =>
      recommend.getRecommendations({
        requests: [
          {
            indexName,
            model: 'related-products',
            objectID: 'f01',
            threshold: 0,
            ...extra,
          } as never,
        ],
      });
    for (const [extra, name] of [
      [{ maxRecommendations: 31 }, /maxRecommendations/],
      [{ maxRecommendations: 0 }, /maxRecommendations/],
      [{ threshold: 101 }, /threshold/],
      [{ threshold: -1 }, /threshold/],
    ] as const) {
      const error = await failureOf(ask(extra));
      expect(error.status, JSON.stringify(extra)).toBe(400);
      expect(error.message, JSON.stringify(extra)).toMatch(name);
    }
    const ok = await ask({ maxRecommendations: 30 });
    expect(ok.results).toHaveLength(1);
  });
});

describe('Insights limits (§2.12)', () => {
  const insights = () => admin.initInsights({ region: 'de', options: { hosts: hosts() } } as never);
  const click = (at: number) => ({
    eventType: 'view' as const,
    eventName: 'Furniture viewed',
    index: indexName,
    userToken: 'anon-6',
    objectIDs: [`f${String((at % 40) + 1).padStart(2, '0')}`],
  });

  it('accepts 1,000 events and refuses 1,001 with 422 and the documented message', async () => {
    const ok = await insights().pushEvents({
      events: Array.from({ length: 1000 }, (_, at) => click(at)),
    });
    expect(ok).toMatchObject({ status: 200, message: 'OK' });
    const error = await failureOf(
      insights().pushEvents({ events: Array.from({ length: 1001 }, (_, at) => click(at)) }),
    );
    expect(error).toMatchObject(apiError(422, 'Cannot process more than 1000 events in a batch'));
  });

  it('refuses more than 20 objectIDs, an event name over 64 characters and a month-old timestamp', async () => {
    const cases = [
      { ...click(0), objectIDs: Array.from({ length: 21 }, (_, at) => `f${at}`) },
      { ...click(0), eventName: 'x'.repeat(65) },
      { ...click(0), timestamp: Date.now() - 31 * 24 * 3600 * 1000 },
    ];
    for (const event of cases) {
      const error = await failureOf(insights().pushEvents({ events: [event] }));
      expect(error.status, JSON.stringify(event).slice(0, 80)).toBe(422);
    }
    const old = await failureOf(
      insights().pushEvents({
        events: [{ ...click(0), timestamp: Date.now() - 31 * 24 * 3600 * 1000 }],
      }),
    );
    expect(old.message).toMatch(/^The timestamp is too far in the past/);
  });
});
