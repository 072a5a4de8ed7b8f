/**
 * Query rules, on a wine cellar shaped unlike our catalogue (nested estate and region,
 * accented labels, grapes as an array), written and searched only through the official clients. Expectations
 * come from docs/api.md §2.9/§5.1 and Algolia's rule and normalization docs; hit lists from the records themselves.
 */
import type { AutomaticFacetFilter, Rule } from 'algoliasearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../../support/hit-ids.ts';
import { type SearchClient, startSeededServer, v4ClientFor } from '../../support/seeded-server.ts';
import { seedIndex, type TestServer } from '../../support/test-server.ts';
import { type Wine, wineSettings, wines } from '../../support/wine-cellar.ts';

let server: TestServer;
let client: SearchClient;
const indexName = 'cellar_rules';

beforeAll(async () => {
  ({ server, admin: client } = await startSeededServer());
  await seedIndex(
    client,
    indexName,
    {
      ...wineSettings,
      searchableAttributes: [...wineSettings.searchableAttributes],
      attributesForFaceting: [...wineSettings.attributesForFaceting],
      customRanking: [...wineSettings.customRanking],
      renderingContent: { facetOrdering: { facets: { order: ['colour', 'grapes'] } } },
    },
    wines,
  );
});
afterAll(async () => server.close());

const applied = (result: { appliedRules?: unknown }) =>
  ((result.appliedRules ?? []) as { objectID: string }[]).map((rule) => rule.objectID);
const now = () => Math.floor(Date.now() / 1000);

async function replaceRules(rules: Rule[]): Promise<void> {
  const task = await client.saveRules({ indexName, rules, clearExistingRules: true });
  await client.waitForTask({ indexName, taskID: task.taskID });
}

async function search(params: Record<string, unknown>) {
  return client.searchSingleIndex<Wine>({
    indexName,
    searchParams: { hitsPerPage: 100, ...params },
  });
}

describe('rule patterns against the normalised query', () => {
  it('matches a multi-word accented pattern whatever the case and accents of the query', async () => {
    await replaceRules([
      {
        objectID: 'is-cdr',
        conditions: [{ pattern: 'Côtes du Rhône', anchoring: 'is' }],
        consequence: { userData: { id: 'is' } },
      },
      {
        objectID: 'starts-rose',
        conditions: [{ pattern: 'rose de', anchoring: 'startsWith' }],
        consequence: { userData: { id: 'starts' } },
      },
      {
        objectID: 'ends-provence',
        conditions: [{ pattern: 'de PROVENCE', anchoring: 'endsWith' }],
        consequence: { userData: { id: 'ends' } },
      },
    ]);
    const cases: [string, string[]][] = [
      ['cotes du rhone', ['is-cdr']],
      ['CÔTES  DU   RHÔNE', ['is-cdr']],
      ['côtes du rhône rouge', []],
      // Both match, but on overlapping words ("de"): the earlier match wins, the other conflicts and is dropped.
      ['Rosé de Provence', ['starts-rose']],
      ['rosé de loire', ['starts-rose']],
      ['vin de provence', ['ends-provence']],
      ['rosés de provence', ['ends-provence']],
    ];
    for (const [query, expected] of cases) {
      const result = await search({ query, hitsPerPage: 0 });
      expect([...applied(result)].sort(), query).toEqual(expected);
    }
  });

  // Algolia normalises the query before matching rules ("manage punctuation between words", Algolia docs,
  // Normalization): a trailing "!" or a comma between words is not part of any word.
  it('ignores punctuation between and after the query words', async () => {
    await replaceRules([
      {
        objectID: 'is-cdr',
        conditions: [{ pattern: 'côtes du rhône', anchoring: 'is' }],
        consequence: { userData: { id: 'is' } },
      },
    ]);
    for (const query of ['côtes du rhône!', 'Côtes, du Rhône', '"côtes du rhône"']) {
      const result = await search({ query, hitsPerPage: 0 });
      expect(applied(result), query).toEqual(['is-cdr']);
    }
  });
});

describe('rule contexts and validity', () => {
  it('matches a condition context against any of several ruleContexts, through any of its conditions', async () => {
    await replaceRules([
      {
        objectID: 'fr-only',
        conditions: [{ context: 'fr' }],
        consequence: { userData: { id: 'fr' } },
      },
      {
        objectID: 'small-screens',
        conditions: [{ context: 'mobile' }, { context: 'tablet' }],
        consequence: { userData: { id: 'small' } },
      },
    ]);
    const cases: [string[], string[]][] = [
      [
        ['fr', 'tablet'],
        ['fr-only', 'small-screens'],
      ],
      [['mobile'], ['small-screens']],
      [['desktop', 'fr'], ['fr-only']],
      [['FR'], []],
      [[], []],
    ];
    for (const [ruleContexts, expected] of cases) {
      const result = await search({ query: '', ruleContexts, hitsPerPage: 0 });
      expect([...applied(result)].sort(), ruleContexts.join(',')).toEqual(expected);
    }
  });

  it('applies a rule when now falls in any of its validity ranges, and not between them', async () => {
    const t = now();
    await replaceRules([
      {
        objectID: 'past-and-now',
        consequence: { userData: { id: 'a' } },
        validity: [
          { from: t - 10_000, until: t - 5_000 },
          { from: t - 60, until: t + 3_600 },
        ],
      },
      {
        objectID: 'past-and-future',
        consequence: { userData: { id: 'b' } },
        validity: [
          { from: t - 10_000, until: t - 5_000 },
          { from: t + 3_600, until: t + 7_200 },
        ],
      },
    ]);
    const result = await search({ query: '', hitsPerPage: 0 });
    expect(applied(result)).toEqual(['past-and-now']);
    expect(result.userData).toEqual([{ id: 'a' }]);
  });
});

describe('rule consequences: negative placeholders, accent-free edits, userData order and facetOrdering', () => {
  it('excludes the value a {facet:} placeholder read with a negative automatic filter', async () => {
    await replaceRules([
      {
        objectID: 'no-colour',
        conditions: [{ pattern: 'no {facet:colour}', anchoring: 'is' }],
        consequence: {
          params: {
            query: {
              edits: [
                { type: 'remove', delete: 'no' },
                { type: 'remove', delete: '{facet:colour}' },
              ],
            },
            // `negative` is not in the v5 typings (only facet/score/disjunctive) but Vitrine reads it.
            automaticFacetFilters: [{ facet: 'colour', negative: true } as AutomaticFacetFilter],
          },
        },
      },
    ]);
    const result = await search({ query: 'no rouge', facets: ['colour'] });
    expect(applied(result)).toEqual(['no-colour']);
    const expected = wines.filter((wine) => wine.colour !== 'rouge');
    expect(result.nbHits).toBe(expected.length);
    expect(new Set(ids(result.hits))).toEqual(new Set(expected.map((wine) => wine.objectID)));
    expect(result.facets?.['colour']?.['rouge']).toBeUndefined();
  });

  it('edits an accented query word typed without its accent, then filters on what is left', async () => {
    await replaceRules([
      {
        objectID: 'cheap',
        conditions: [{ pattern: 'pas chère', anchoring: 'endsWith' }],
        consequence: {
          params: {
            query: {
              edits: [
                { type: 'remove', delete: 'pas' },
                { type: 'remove', delete: 'chère' },
              ],
            },
            filters: 'pricing.bottle < 20',
          },
        },
      },
    ]);
    // "rose" is a prefix of the folded "rosé" of w01 (24 €) and w09 (18 €): only w09 is under 20.
    const result = await search({ query: 'rose pas chere' });
    expect(applied(result)).toEqual(['cheap']);
    expect(ids(result.hits)).toEqual(['w09']);
    // Punctuation typed around the words changes nothing.
    const punctuated = await search({ query: 'Rosé, pas chère !' });
    expect(applied(punctuated)).toEqual(['cheap']);
    expect(ids(punctuated.hits)).toEqual(['w09']);
  });

  it('returns userData in precedence order, an array userData kept as one entry', async () => {
    await replaceRules([
      { objectID: 'a-everywhere', consequence: { userData: { banner: 'all' } } },
      {
        objectID: 'z-barolo',
        conditions: [{ pattern: 'barolo', anchoring: 'is' }],
        // The v5 typings say an object; the API takes any JSON, an array included.
        consequence: { userData: [{ slot: 1 }, { slot: 2 }] as unknown as Record<string, unknown> },
      },
      {
        objectID: 'm-barolo-context',
        conditions: [{ pattern: 'barolo', anchoring: 'contains', context: 'it' }],
        consequence: { userData: { flag: 'it' } },
      },
    ]);
    const plain = await search({ query: 'barolo' });
    expect(applied(plain)).toEqual(['z-barolo', 'a-everywhere']);
    expect(plain.userData).toEqual([[{ slot: 1 }, { slot: 2 }], { banner: 'all' }]);
    // "is" outranks "contains" even with a context: the contains rule conflicts on the same word and is dropped.
    const withContext = await search({ query: 'barolo', ruleContexts: ['it'] });
    expect(applied(withContext)).toEqual(['z-barolo', 'a-everywhere']);
  });

  it('merges a rule redirect with the settings facetOrdering, and lets a rule facetOrdering win', async () => {
    await replaceRules([
      {
        objectID: 'redirect',
        conditions: [{ pattern: 'soldes', anchoring: 'is' }],
        consequence: {
          params: { renderingContent: { redirect: { url: 'https://cave.example/soldes' } } },
        },
      },
      {
        objectID: 'order',
        conditions: [{ pattern: 'rioja', anchoring: 'is' }],
        consequence: {
          params: { renderingContent: { facetOrdering: { facets: { order: ['grapes'] } } } },
        },
      },
    ]);
    const redirected = await search({ query: 'soldes' });
    expect(redirected.renderingContent?.redirect?.url).toBe('https://cave.example/soldes');
    expect(redirected.renderingContent?.facetOrdering?.facets?.order).toEqual(['colour', 'grapes']);
    const ordered = await search({ query: 'rioja' });
    expect(ordered.renderingContent?.facetOrdering?.facets?.order).toEqual(['grapes']);
    expect(ordered.renderingContent?.redirect).toBeUndefined();
    const plain = await search({ query: 'barolo' });
    expect(plain.renderingContent?.facetOrdering?.facets?.order).toEqual(['colour', 'grapes']);
    // With rules off, the settings renderingContent stays and the rule redirect goes.
    const off = await search({ query: 'soldes', enableRules: false });
    expect(off.renderingContent?.redirect).toBeUndefined();
    expect(off.renderingContent?.facetOrdering?.facets?.order).toEqual(['colour', 'grapes']);
  });
});

describe('placeholders and filters in conditions', () => {
  it('reads an accented, multi-word nested facet value typed without accents', async () => {
    await replaceRules([
      {
        objectID: 'area',
        conditions: [{ pattern: '{facet:estate.region.area}', anchoring: 'contains' }],
        consequence: {
          params: {
            automaticFacetFilters: [{ facet: 'estate.region.area' }],
            query: { edits: [{ type: 'remove', delete: '{facet:estate.region.area}' }] },
          },
        },
      },
    ]);
    const area = (name: string) =>
      wines.filter((wine) => wine.estate.region.area === name).map((wine) => wine.objectID);
    const rhone = await search({ query: 'rhone' });
    expect(applied(rhone)).toEqual(['area']);
    expect(ids(rhone.hits)).toEqual(area('Rhône'));
    const rias = await search({ query: 'RIAS baixas' });
    expect(applied(rias)).toEqual(['area']);
    expect(ids(rias.hits)).toEqual(area('Rías Baixas'));
    // What the placeholder leaves is still searched: grenache from the Rhône only.
    const grenache = await search({ query: 'grenache rhône' });
    expect(applied(grenache)).toEqual(['area']);
    expect(new Set(ids(grenache.hits))).toEqual(
      new Set(
        wines
          .filter((wine) => wine.estate.region.area === 'Rhône' && wine.grapes.includes('grenache'))
          .map((wine) => wine.objectID),
      ),
    );
  });

  it('needs both the pattern and the condition filters to hold', async () => {
    await replaceRules([
      {
        objectID: 'red-and-cheap',
        conditions: [{ pattern: 'promo', anchoring: 'is', filters: 'colour:rouge' }],
        consequence: {
          params: { query: '', filters: 'pricing.bottle < 25' },
          userData: { banner: 'reds' },
        },
      },
    ]);
    const both = await search({ query: 'promo', facetFilters: ['colour:rouge'] });
    expect(applied(both)).toEqual(['red-and-cheap']);
    expect(ids(both.hits)).toEqual(
      wines
        .filter((wine) => wine.colour === 'rouge' && wine.pricing.bottle < 25)
        .sort((a, b) => a.pricing.bottle - b.pricing.bottle)
        .map((wine) => wine.objectID),
    );
    const patternOnly = await search({ query: 'promo' });
    expect(applied(patternOnly)).toEqual([]);
    expect(patternOnly.nbHits).toBe(0);
    const filtersOnly = await search({ query: '', facetFilters: ['colour:rouge'] });
    expect(applied(filtersOnly)).toEqual([]);
  });
});

describe('searching and deleting rules', () => {
  it('filters rules by text, anchoring, context and enabled state, and pages them', async () => {
    await replaceRules([
      {
        objectID: 'r-rhone',
        conditions: [{ pattern: 'rhône', anchoring: 'contains', context: 'fr' }],
        consequence: { userData: { n: 1 } },
        description: 'Vallée du Rhône',
      },
      {
        objectID: 'r-loire',
        conditions: [{ pattern: 'loire', anchoring: 'is' }],
        consequence: { userData: { n: 2 } },
        enabled: false,
      },
      {
        objectID: 'r-spain',
        conditions: [{ pattern: 'rioja', anchoring: 'startsWith', context: 'es' }],
        consequence: { userData: { n: 3 } },
      },
      { objectID: 'r-all', consequence: { userData: { n: 4 } }, description: 'Toute la cave' },
    ]);
    const found = async (params: Record<string, unknown>) =>
      ids((await client.searchRules({ indexName, searchRulesParams: params })).hits).sort();
    expect(await found({ query: 'rhone' })).toEqual(['r-rhone']);
    expect(await found({ query: '', anchoring: 'is' })).toEqual(['r-loire']);
    expect(await found({ query: '', context: 'es' })).toEqual(['r-spain']);
    expect(await found({ query: '', enabled: false })).toEqual(['r-loire']);
    expect(await found({ query: '', enabled: true })).toEqual(['r-all', 'r-rhone', 'r-spain']);
    expect(await found({ query: 'cave' })).toEqual(['r-all']);
    const first = await client.searchRules({
      indexName,
      searchRulesParams: { hitsPerPage: 3, page: 0 },
    });
    const second = await client.searchRules({
      indexName,
      searchRulesParams: { hitsPerPage: 3, page: 1 },
    });
    expect(first.nbHits).toBe(4);
    expect(first.nbPages).toBe(2);
    expect(first.hits).toHaveLength(3);
    expect(second.hits).toHaveLength(1);
    expect(new Set([...ids(first.hits), ...ids(second.hits)]).size).toBe(4);
    // The disabled rule never applies, even to its exact pattern.
    expect(applied(await search({ query: 'loire', hitsPerPage: 0 }))).toEqual(['r-all']);
  });

  it('saves and applies rules through the v4 client, with ruleContexts in a params string', async () => {
    const v4 = v4ClientFor(server);
    const index = v4.initIndex(indexName);
    await index
      .saveRules(
        [
          {
            objectID: 'v4-italy',
            conditions: [{ pattern: 'italie', anchoring: 'is', context: 'fr' }],
            consequence: {
              params: { query: '', filters: '"estate.region.country":Italy' },
              promote: [{ objectID: 'w10', position: 0 }],
            },
          },
        ],
        { clearExistingRules: true },
      )
      .wait();
    const result = await index.search<Wine>('italie', { ruleContexts: ['fr'] });
    expect(ids(result.hits)).toEqual(['w10', 'w08']);
    const without = await index.search<Wine>('italie');
    expect(without.nbHits).toBe(0);
  });
});
