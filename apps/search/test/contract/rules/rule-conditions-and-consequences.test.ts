/**
 * Query rules on an outdoor-gear catalogue shaped unlike ours (the maker is an object, shades an array, the cost
 * nested), written and searched only through the official v5 client. Expectations come from docs/api.md §2.9 and
 * §5.1, Algolia's rule documentation and a brute-force pass over the records below.
 */
import type { Rule } from 'algoliasearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../../support/hit-ids.ts';
import { type SearchClient, startSeededServer } from '../../support/seeded-server.ts';
import { seedIndex, type TestServer } from '../../support/test-server.ts';

type Gear = {
  readonly objectID: string;
  readonly title: string;
  readonly maker: { readonly label: string };
  readonly shade: readonly string[];
  readonly cost: { readonly amount: number };
  readonly kind: string;
};

const gear: readonly Gear[] = [
  ['g01', 'trail lamp', 'Petzl', ['red'], 30, 'lighting'],
  ['g02', 'trail lamps pack', 'Petzl', ['blue'], 55, 'lighting'],
  ['g03', 'summit lamp', 'Black Diamond', ['red', 'blue'], 70, 'lighting'],
  ['g04', 'summit tent', 'MSR', ['green'], 400, 'shelter'],
  ['g05', 'trail tent', 'Black Diamond', ['green'], 250, 'shelter'],
  ['g06', 'river kayak', 'Perception', ['red'], 900, 'water'],
  ['g07', 'river paddle', 'Werner', ['blue'], 150, 'water'],
  ['g08', 'summit stove', 'MSR', ['grey'], 90, 'cooking'],
  ['g09', 'trail stove', 'Jetboil', ['grey'], 110, 'cooking'],
  ['g10', 'camp stove', 'Petzl', ['red'], 60, 'cooking'],
  ['g11', 'camp lamp', 'Black Diamond', ['grey'], 40, 'lighting'],
  ['g12', 'camp tent', 'MSR', ['red', 'green'], 320, 'shelter'],
].map(([objectID, title, label, shade, amount, kind]) => ({
  objectID: objectID as string,
  title: title as string,
  maker: { label: label as string },
  shade: shade as string[],
  cost: { amount: amount as number },
  kind: kind as string,
}));

let server: TestServer;
let client: SearchClient;
const indexName = 'gear_rules';
const replica = 'gear_rules_cost_asc';

beforeAll(async () => {
  ({ server, admin: client } = await startSeededServer());
  await seedIndex(
    client,
    indexName,
    {
      searchableAttributes: ['title', 'maker.label'],
      attributesForFaceting: ['searchable(maker.label)', 'shade', 'cost.amount', 'kind'],
      customRanking: ['asc(cost.amount)'],
      // Exact words only, so the brute force below needs no typo model ("camp" is one typo from "lamp").
      typoTolerance: false,
      replicas: [replica],
    },
    gear,
  );
});
afterAll(async () => server.close());

const sorted = (values: readonly string[]) => [...values].sort();
const words = (record: Gear) => `${record.title} ${record.maker.label}`.toLowerCase().split(/\s+/);
/** Brute force: every query word is a word of the record (the last one a prefix), cheapest first. */
const matching = (query: string, keep: (record: Gear) => boolean = () => true) => {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  return gear
    .filter(
      (record) =>
        keep(record) &&
        terms.every((term, at) =>
          at === terms.length - 1
            ? words(record).some((word) => word.startsWith(term))
            : words(record).includes(term),
        ),
    )
    .map((record) => record.objectID);
};

async function replaceRules(rules: Rule[], index = indexName): Promise<void> {
  const task = await client.saveRules({ indexName: index, rules, clearExistingRules: true });
  await client.waitForTask({ indexName: index, taskID: task.taskID });
}

async function search(params: Record<string, unknown>, index = indexName) {
  return client.searchSingleIndex<Gear>({
    indexName: index,
    searchParams: { hitsPerPage: 100, ...params },
  });
}

const applied = (result: { appliedRules?: unknown }) =>
  ((result.appliedRules ?? []) as { objectID: string }[]).map((rule) => rule.objectID);

async function expectStatus(call: Promise<unknown>, status: number): Promise<void> {
  const error = (await call.then(
    () => undefined,
    (caught: unknown) => caught,
  )) as { status?: number } | undefined;
  expect(error?.status).toBe(status);
}

describe('the rule lifecycle through the v5 client', () => {
  it('saves, reads, searches, deletes and clears rules, forwarding to replicas only when asked', async () => {
    await replaceRules([]);
    const rule: Rule = {
      objectID: 'lamp-promo',
      conditions: [{ pattern: 'lamp', anchoring: 'contains', context: 'mobile' }],
      consequence: { params: { filters: 'kind:lighting' }, userData: { banner: 'lamps' } },
      description: 'Lamps on mobile',
      enabled: true,
      validity: [{ from: 1_700_000_000, until: 4_000_000_000 }],
    };
    const saved = await client.saveRule({
      indexName,
      objectID: rule.objectID,
      rule,
      forwardToReplicas: true,
    });
    await client.waitForTask({ indexName, taskID: saved.taskID });
    expect(await client.getRule({ indexName, objectID: 'lamp-promo' })).toMatchObject(rule);
    expect(await client.getRule({ indexName: replica, objectID: 'lamp-promo' })).toMatchObject(
      rule,
    );

    const more = await client.saveRules({
      indexName,
      rules: [
        {
          objectID: 'tent-start',
          conditions: [{ pattern: 'tent', anchoring: 'startsWith' }],
          consequence: { userData: { tent: true } },
          enabled: false,
        },
        {
          objectID: 'stove-is',
          conditions: [{ pattern: 'stove', anchoring: 'is', context: 'mobile' }],
          consequence: { hide: [{ objectID: 'g08' }] },
        },
        { objectID: 'always', consequence: { userData: { always: true } } },
      ],
    });
    await client.waitForTask({ indexName, taskID: more.taskID });
    // Without forwardToReplicas the replica keeps only the forwarded rule.
    await expectStatus(client.getRule({ indexName: replica, objectID: 'stove-is' }), 404);

    const all = await client.searchRules({ indexName, searchRulesParams: { query: '' } });
    expect(all.nbHits).toBe(4);
    expect(sorted(ids(all.hits))).toEqual(['always', 'lamp-promo', 'stove-is', 'tent-start']);
    const byContext = await client.searchRules({
      indexName,
      searchRulesParams: { context: 'mobile' },
    });
    expect(sorted(ids(byContext.hits))).toEqual(['lamp-promo', 'stove-is']);
    const byAnchoring = await client.searchRules({
      indexName,
      searchRulesParams: { anchoring: 'is' },
    });
    expect(ids(byAnchoring.hits)).toEqual(['stove-is']);
    const enabled = await client.searchRules({ indexName, searchRulesParams: { enabled: true } });
    expect(sorted(ids(enabled.hits))).toEqual(['always', 'lamp-promo', 'stove-is']);
    const disabled = await client.searchRules({ indexName, searchRulesParams: { enabled: false } });
    expect(ids(disabled.hits)).toEqual(['tent-start']);
    const byText = await client.searchRules({ indexName, searchRulesParams: { query: 'stove' } });
    expect(ids(byText.hits)).toEqual(['stove-is']);
    const paged = await client.searchRules({
      indexName,
      searchRulesParams: { query: '', page: 1, hitsPerPage: 3 },
    });
    expect(paged).toMatchObject({ nbHits: 4, page: 1, nbPages: 2 });
    expect(paged.hits).toHaveLength(1);

    const deleted = await client.deleteRule({ indexName, objectID: 'stove-is' });
    await client.waitForTask({ indexName, taskID: deleted.taskID });
    await expectStatus(client.getRule({ indexName, objectID: 'stove-is' }), 404);

    const cleared = await client.clearRules({ indexName, forwardToReplicas: true });
    await client.waitForTask({ indexName, taskID: cleared.taskID });
    expect((await client.searchRules({ indexName, searchRulesParams: {} })).nbHits).toBe(0);
    expect((await client.searchRules({ indexName: replica, searchRulesParams: {} })).nbHits).toBe(
      0,
    );
  });

  it('replaces every rule with clearExistingRules and keeps them otherwise', async () => {
    await replaceRules([
      { objectID: 'a', consequence: { userData: { id: 'a' } } },
      { objectID: 'b', consequence: { userData: { id: 'b' } } },
    ]);
    const added = await client.saveRules({
      indexName,
      rules: [{ objectID: 'c', consequence: { userData: { id: 'c' } } }],
      clearExistingRules: false,
    });
    await client.waitForTask({ indexName, taskID: added.taskID });
    expect(
      sorted(ids((await client.searchRules({ indexName, searchRulesParams: {} })).hits)),
    ).toEqual(['a', 'b', 'c']);
    await replaceRules([{ objectID: 'd', consequence: { userData: { id: 'd' } } }]);
    expect(ids((await client.searchRules({ indexName, searchRulesParams: {} })).hits)).toEqual([
      'd',
    ]);
  });
});

describe('rule conditions', () => {
  it('anchors a pattern with is, startsWith, endsWith and contains', async () => {
    const anchorings = ['is', 'startsWith', 'endsWith', 'contains'] as const;
    await replaceRules(
      anchorings.map((anchoring) => ({
        objectID: anchoring,
        conditions: [{ pattern: 'trail tent', anchoring, context: anchoring }],
        consequence: { userData: { anchoring } },
      })),
    );
    const cases: [string, readonly string[]][] = [
      ['trail tent', ['is', 'startsWith', 'endsWith', 'contains']],
      ['trail tent green', ['startsWith', 'contains']],
      ['black trail tent', ['endsWith', 'contains']],
      ['big trail tent now', ['contains']],
      ['tent trail', []],
      ['trail tents', []],
    ];
    for (const [query, expected] of cases) {
      for (const anchoring of anchorings) {
        const result = await search({ query, ruleContexts: [anchoring], hitsPerPage: 0 });
        expect(applied(result), `${query} / ${anchoring}`).toEqual(
          expected.includes(anchoring) ? [anchoring] : [],
        );
      }
    }
  });

  it('applies a rule without condition to every query, and no rule with enableRules false', async () => {
    await replaceRules([{ objectID: 'banner', consequence: { userData: { banner: 'all' } } }]);
    for (const query of ['', 'lamp', 'nothing matches this']) {
      const result = await search({ query });
      expect(applied(result), query).toEqual(['banner']);
      expect(result.userData, query).toEqual([{ banner: 'all' }]);
    }
    const off = await search({ query: 'lamp', enableRules: false });
    expect(applied(off)).toEqual([]);
    expect(off.userData ?? []).toEqual([]);
  });

  it('matches a context-only condition on ruleContexts and a filters condition on the refinements', async () => {
    await replaceRules([
      {
        objectID: 'ctx',
        conditions: [{ context: 'winter' }],
        consequence: { params: { filters: 'kind:shelter' } },
      },
      {
        objectID: 'lighting-filter',
        conditions: [{ filters: 'kind:lighting' }],
        consequence: { userData: { aisle: 'lighting' } },
      },
    ]);
    const winter = await search({ query: '', ruleContexts: ['summer', 'winter'] });
    expect(sorted(ids(winter.hits))).toEqual(matching('', (r) => r.kind === 'shelter'));
    const summer = await search({ query: '', ruleContexts: ['summer'] });
    expect(summer.nbHits).toBe(gear.length);
    const lighting = await search({ query: 'camp', facetFilters: ['kind:lighting'] });
    expect(applied(lighting)).toEqual(['lighting-filter']);
    expect(lighting.userData).toEqual([{ aisle: 'lighting' }]);
    const cooking = await search({ query: 'camp', facetFilters: ['kind:cooking'] });
    expect(applied(cooking)).toEqual([]);
  });

  it('matches a pattern on plurals and synonyms only with alternatives', async () => {
    await replaceRules([
      {
        objectID: 'alt',
        conditions: [{ pattern: 'lamp', anchoring: 'is', alternatives: true, context: 'alt' }],
        consequence: { userData: { id: 'alt' } },
      },
      {
        objectID: 'strict',
        conditions: [{ pattern: 'lamp', anchoring: 'is', context: 'strict' }],
        consequence: { userData: { id: 'strict' } },
      },
    ]);
    const synonyms = await client.saveSynonyms({
      indexName,
      synonymHit: [{ objectID: 'torch', type: 'synonym', synonyms: ['torch', 'lamp'] }],
      replaceExistingSynonyms: true,
    });
    await client.waitForTask({ indexName, taskID: synonyms.taskID });
    for (const query of ['lamps', 'torch']) {
      const alt = await search({ query, ignorePlurals: true, ruleContexts: ['alt'] });
      expect(applied(alt), query).toEqual(['alt']);
      const strict = await search({ query, ignorePlurals: true, ruleContexts: ['strict'] });
      expect(applied(strict), query).toEqual([]);
    }
    const cleared = await client.clearSynonyms({ indexName });
    await client.waitForTask({ indexName, taskID: cleared.taskID });
  });

  it('skips disabled rules and rules outside their validity', async () => {
    const now = Math.floor(Date.now() / 1000);
    await replaceRules([
      { objectID: 'off', enabled: false, consequence: { userData: { id: 'off' } } },
      {
        objectID: 'past',
        validity: [{ from: now - 7200, until: now - 3600 }],
        consequence: { userData: { id: 'past' } },
      },
      {
        objectID: 'future',
        validity: [{ from: now + 3600, until: now + 7200 }],
        consequence: { userData: { id: 'future' } },
      },
      {
        objectID: 'current',
        validity: [
          { from: now - 7200, until: now - 3600 },
          { from: now - 60, until: now + 3600 },
        ],
        consequence: { userData: { id: 'current' } },
      },
    ]);
    const result = await search({ query: 'lamp' });
    expect(applied(result)).toEqual(['current']);
    expect(result.userData).toEqual([{ id: 'current' }]);
  });
});

describe('rule consequences', () => {
  it('replaces the query with a string, or edits it by removing and replacing words', async () => {
    await replaceRules([
      {
        objectID: 'replace-all',
        conditions: [{ pattern: 'cheap light', anchoring: 'is' }],
        consequence: { params: { query: 'lamp' } },
      },
      {
        objectID: 'edits',
        conditions: [{ pattern: 'cooker', anchoring: 'contains' }],
        consequence: {
          params: {
            query: {
              edits: [
                { type: 'remove', delete: 'best' },
                { type: 'replace', delete: 'cooker', insert: 'stove' },
              ],
            },
          },
        },
      },
    ]);
    const replaced = await search({ query: 'cheap light' });
    expect(sorted(ids(replaced.hits))).toEqual(matching('lamp'));
    const edited = await search({ query: 'best summit cooker' });
    expect(ids(edited.hits)).toEqual(matching('summit stove'));
    expect(applied(edited)).toEqual(['edits']);
  });

  it('turns a {facet:} placeholder into facet filters, conjunctive or disjunctive', async () => {
    const removeMakers = { edits: [{ type: 'remove' as const, delete: '{facet:maker.label}' }] };
    await replaceRules([
      {
        objectID: 'and',
        conditions: [{ pattern: '{facet:maker.label}', anchoring: 'contains', context: 'and' }],
        consequence: {
          params: { query: removeMakers, automaticFacetFilters: [{ facet: 'maker.label' }] },
        },
      },
      {
        objectID: 'or',
        conditions: [{ pattern: '{facet:maker.label}', anchoring: 'contains', context: 'or' }],
        consequence: {
          params: {
            query: removeMakers,
            automaticFacetFilters: [{ facet: 'maker.label', disjunctive: true }],
          },
        },
      },
    ]);
    const one = await search({ query: 'msr tent', ruleContexts: ['and'] });
    expect(sorted(ids(one.hits))).toEqual(matching('tent', (r) => r.maker.label === 'MSR'));
    const both = await search({ query: 'petzl msr stove', ruleContexts: ['or'] });
    expect(sorted(ids(both.hits))).toEqual(
      matching('stove', (r) => r.maker.label === 'MSR' || r.maker.label === 'Petzl'),
    );
    expect(both.nbHits).toBe(2);
    const conjunctive = await search({ query: 'petzl msr stove', ruleContexts: ['and'] });
    expect(conjunctive.nbHits).toBe(0);
  });

  it('boosts the placeholder value with automaticOptionalFilters, weighted by score', async () => {
    await replaceRules([
      {
        objectID: 'shade',
        conditions: [{ pattern: '{facet:shade}', anchoring: 'contains' }],
        consequence: {
          params: {
            query: { edits: [{ type: 'remove', delete: '{facet:shade}' }] },
            automaticOptionalFacetFilters: [{ facet: 'shade', score: 2 }],
            optionalFilters: ['kind:shelter<score=1>'],
          },
        },
      },
    ]);
    const result = await search({ query: 'green summit', getRankingInfo: true });
    // Every "summit" record stays; green ones (score 2, and shelters +1) first, then shelters, then the rest by cost.
    const score = (r: Gear) => (r.shade.includes('green') ? 2 : 0) + (r.kind === 'shelter' ? 1 : 0);
    const expected = gear
      .filter((r) => matching('summit').includes(r.objectID))
      .sort((a, b) => score(b) - score(a) || a.cost.amount - b.cost.amount)
      .map((r) => r.objectID);
    expect(ids(result.hits)).toEqual(expected);
  });

  it('adds filters and optional filters, promotes one or several records, and hides others', async () => {
    await replaceRules([
      {
        objectID: 'merch',
        conditions: [{ pattern: 'camp', anchoring: 'contains' }],
        consequence: {
          params: { filters: 'cost.amount < 300' },
          promote: [
            { objectID: 'g12', position: 0 },
            { objectIDs: ['g09', 'g05'], position: 2 },
          ],
          hide: [{ objectID: 'g10' }],
          userData: { merch: 1 },
        },
      },
    ]);
    const result = await search({ query: 'camp' });
    // Promoted records are pinned even outside the rule filters (filterPromotes is off).
    const rest = matching('camp', (r) => r.cost.amount < 300 && r.objectID !== 'g10');
    expect(ids(result.hits).slice(0, 4)).toEqual(['g12', rest[0], 'g09', 'g05']);
    expect(sorted(ids(result.hits))).toEqual(sorted(['g12', 'g09', 'g05', ...rest]));
    expect(result.nbHits).toBe(rest.length + 3);
  });

  it('drops promoted records outside the search filters with filterPromotes', async () => {
    const rule = (filterPromotes: boolean): Rule => ({
      objectID: 'filtered',
      conditions: [{ pattern: 'trail', anchoring: 'contains' }],
      consequence: {
        promote: [
          { objectID: 'g05', position: 0 },
          { objectID: 'g02', position: 1 },
        ],
        filterPromotes,
      },
    });
    const expected = matching('trail', (r) => r.kind === 'lighting');
    await replaceRules([rule(false)]);
    // Without filterPromotes the tent g05 is pinned even though the user filters on lighting.
    const pinned = await search({ query: 'trail', filters: 'kind:lighting' });
    expect(ids(pinned.hits).slice(0, 2)).toEqual(['g05', 'g02']);
    await replaceRules([rule(true)]);
    // With it, g05 fails kind:lighting and is left out; g02 stays pinned at position 1.
    const filtered = await search({ query: 'trail', filters: 'kind:lighting' });
    expect(ids(filtered.hits)[1]).toBe('g02');
    expect(sorted(ids(filtered.hits))).toEqual(expected);
  });

  it('applies every non-conflicting rule in precedence order, reporting them in appliedRules', async () => {
    await replaceRules([
      {
        objectID: 'z-always',
        consequence: { userData: { id: 'always' } },
      },
      {
        objectID: 'b-contains',
        conditions: [{ pattern: 'stove', anchoring: 'contains' }],
        consequence: { userData: { id: 'contains' }, params: { filters: 'cost.amount > 70' } },
      },
      {
        objectID: 'a-is',
        conditions: [{ pattern: 'summit stove', anchoring: 'is' }],
        consequence: {
          userData: { id: 'is' },
          params: { renderingContent: { redirect: { url: 'https://example.org/stoves' } } },
        },
      },
      {
        objectID: 'c-first',
        conditions: [{ pattern: 'summit', anchoring: 'startsWith' }],
        consequence: { userData: { id: 'first' } },
      },
    ]);
    const result = await search({ query: 'summit stove' });
    // "a-is" matches both words and ranks first; the others that use those words conflict with it.
    expect(applied(result)).toEqual(['a-is', 'z-always']);
    expect(result.userData).toEqual([{ id: 'is' }, { id: 'always' }]);
    expect(result.renderingContent?.redirect?.url).toBe('https://example.org/stoves');
    const other = await search({ query: 'trail stove' });
    expect(applied(other)).toEqual(['b-contains', 'z-always']);
    expect(sorted(ids(other.hits))).toEqual(matching('trail stove', (r) => r.cost.amount > 70));
  });

  it('applies rules on different words together, earliest match first, with their search parameters', async () => {
    await replaceRules([
      {
        objectID: 'stove',
        conditions: [{ pattern: 'stove', anchoring: 'contains' }],
        consequence: { userData: { id: 'stove' }, params: { hitsPerPage: 1 } },
      },
      {
        objectID: 'summit',
        conditions: [
          { pattern: 'nothing here', anchoring: 'is' },
          { pattern: 'SUMMIT', anchoring: 'startsWith' },
        ],
        consequence: {
          userData: { id: 'summit' },
          params: { facetFilters: [['maker.label:MSR']] },
        },
      },
      {
        objectID: 'empty',
        conditions: [{ pattern: '', anchoring: 'is' }],
        consequence: { userData: { id: 'empty' } },
      },
    ]);
    const result = await search({ query: 'summit stove' });
    expect(applied(result)).toEqual(['summit', 'stove']);
    expect(result.userData).toEqual([{ id: 'summit' }, { id: 'stove' }]);
    expect(result.hitsPerPage).toBe(1);
    expect(result.nbHits).toBe(matching('summit stove', (r) => r.maker.label === 'MSR').length);
    expect(ids(result.hits)).toEqual(
      matching('summit stove', (r) => r.maker.label === 'MSR').slice(0, 1),
    );
    const empty = await search({ query: '' });
    expect(applied(empty)).toEqual(['empty']);
    expect(applied(await search({ query: 'camp' }))).toEqual([]);
  });

  it('pins a promoted record on its page only, counting it once across pages, with hidden records left out', async () => {
    await replaceRules([
      {
        objectID: 'paged',
        conditions: [{ pattern: 'trail', anchoring: 'contains' }],
        consequence: { promote: [{ objectID: 'g06', position: 1 }], hide: [{ objectID: 'g09' }] },
      },
    ]);
    const organic = matching('trail', (r) => r.objectID !== 'g09');
    const pages: string[][] = [];
    for (let page = 0; page < 3; page++) {
      const result = await search({ query: 'trail', hitsPerPage: 2, page });
      expect(result.nbHits).toBe(organic.length + 1);
      expect(result.nbPages).toBe(Math.ceil((organic.length + 1) / 2));
      pages.push(ids(result.hits));
    }
    expect(pages[0]?.[1]).toBe('g06');
    expect(pages.flat()).toHaveLength(organic.length + 1);
    expect(sorted(pages.flat())).toEqual(sorted([...organic, 'g06']));
  });

  it('refuses a condition whose filters use OR or a numeric comparison', async () => {
    for (const filters of ['kind:lighting OR kind:water', 'cost.amount > 10']) {
      const call = client.saveRule({
        indexName,
        objectID: 'bad',
        rule: { objectID: 'bad', conditions: [{ filters }], consequence: { userData: { bad: 1 } } },
      });
      await expectStatus(call, 400);
    }
  });

  it('refuses consequence params a search would refuse, so matching searches keep working', async () => {
    await replaceRules([]);
    for (const params of [{ hitsPerPage: 5000 }, { typoTolerance: 'sometimes' }]) {
      const call = client.saveRule({
        indexName,
        objectID: 'broken',
        rule: {
          objectID: 'broken',
          consequence: { params: params as Record<string, unknown> },
        },
      });
      await expectStatus(call, 400);
    }
    await expectStatus(client.getRule({ indexName, objectID: 'broken' }), 404);
    expect((await search({ query: 'lamp' })).nbHits).toBe(matching('lamp').length);
  });
});
