import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SearchIndex } from './search-index.ts';
import {
  applyOperation,
  filterArbitrary,
  type Operation,
  operationsArbitrary,
  optional,
  searchOrError,
  words,
} from './testing/random-index.ts';
import type { IndexSettings, SearchQuery } from './types.ts';

const primarySettings: Partial<IndexSettings> = {
  searchableAttributes: ['title'],
  attributesForFaceting: ['brand', 'colors', 'stock', 'specs.size', 'price', 'group'],
  attributeForDistinct: 'group',
  customRanking: ['asc(rank)'],
};

/** What a replica's own settings change: its sort first, and sometimes what it indexes. */
const replicaSettingsArbitrary: fc.Arbitrary<Partial<IndexSettings>> = fc.record(
  {
    ranking: fc.constantFrom(
      ['asc(price)', 'typo', 'words', 'proximity', 'attribute', 'exact', 'custom'],
      ['desc(rank)', 'typo', 'words', 'exact', 'custom'],
      ['desc(price)', 'custom'],
    ),
    customRanking: fc.constantFrom(['desc(rank)'], ['asc(rank)'], []),
    distinct: fc.constantFrom(0, 1),
    searchableAttributes: fc.constantFrom(['title'], ['title', 'brand'], ['unordered(title)']),
    attributesForFaceting: fc.constantFrom(
      ['brand', 'colors', 'stock', 'specs.size', 'price', 'group'],
      ['brand', 'price'],
    ),
  },
  { requiredKeys: ['ranking'] },
);

type Step =
  | { kind: 'write'; operation: Operation }
  | { kind: 'replica-settings'; settings: Partial<IndexSettings> }
  | { kind: 'primary-settings'; settings: Partial<IndexSettings> }
  | { kind: 'search'; query: SearchQuery; primaryQuery: SearchQuery };

const queryArbitrary: fc.Arbitrary<SearchQuery> = fc
  .record({
    word: optional(fc.constantFrom(...words, 'pom', 'chocolta')),
    filter: optional(filterArbitrary),
    hitsPerPage: fc.integer({ min: 0, max: 6 }),
    page: fc.integer({ min: 0, max: 2 }),
  })
  .map(({ word, filter, hitsPerPage, page }) => ({
    text: word ?? '',
    hitsPerPage,
    page,
    facets: ['brand', 'price'],
    ...(filter === undefined ? {} : { filter }),
  }));

const stepsArbitrary: fc.Arbitrary<Step[]> = fc.array(
  fc.oneof(
    {
      weight: 3,
      arbitrary: operationsArbitrary.map(
        (operations): Step => ({
          kind: 'write',
          operation: operations[0] ?? { kind: 'delete', ids: [] },
        }),
      ),
    },
    {
      weight: 1,
      arbitrary: replicaSettingsArbitrary.map((settings) => ({
        kind: 'replica-settings' as const,
        settings,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(['title'], ['title', 'brand']).map((searchableAttributes) => ({
        kind: 'primary-settings' as const,
        settings: { searchableAttributes },
      })),
    },
    {
      weight: 4,
      arbitrary: fc
        .tuple(queryArbitrary, queryArbitrary)
        .map(([query, primaryQuery]) => ({ kind: 'search' as const, query, primaryQuery })),
    },
  ),
  { minLength: 1, maxLength: 14 },
);

describe('a standard replica sharing its primary’s structures', () => {
  it('answers every search exactly as a replica that builds its own, through writes, settings changes and searches of the primary between its own', () => {
    fc.assert(
      fc.property(replicaSettingsArbitrary, stepsArbitrary, (replicaSettings, steps) => {
        const options = { compactionThreshold: 3 };
        const primary = new SearchIndex(primarySettings, options);
        const shared = new SearchIndex({ ...primarySettings, ...replicaSettings }, options);
        shared.shareWith(primary);
        const own = new SearchIndex({ ...primarySettings, ...replicaSettings }, options);
        // The primary as it would be with no replica reading its structures (and its scratch arrays).
        const primaryAlone = new SearchIndex(primarySettings, options);
        for (const step of steps) {
          if (step.kind === 'write') {
            for (const index of [primary, shared, own, primaryAlone])
              applyOperation(index, step.operation);
          } else if (step.kind === 'replica-settings') {
            shared.setSettings(step.settings);
            own.setSettings(step.settings);
          } else if (step.kind === 'primary-settings') {
            primary.setSettings(step.settings);
            primaryAlone.setSettings(step.settings);
          } else {
            // Replica, primary, replica again: each search starts from what the other index's left behind.
            expect(searchOrError(shared, step.query)).toEqual(searchOrError(own, step.query));
            expect(searchOrError(primary, step.primaryQuery)).toEqual(
              searchOrError(primaryAlone, step.primaryQuery),
            );
            expect(searchOrError(shared, step.query)).toEqual(searchOrError(own, step.query));
            expect(shared.browse({ text: '', hitsPerPage: 3 })).toEqual(
              own.browse({ text: '', hitsPerPage: 3 }),
            );
          }
        }
        expect(shared.size).toBe(own.size);
        expect([...shared.allObjects()]).toEqual([...own.allObjects()]);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps the records it served, in its own structures, once it stops following', () => {
    fc.assert(
      fc.property(
        operationsArbitrary,
        operationsArbitrary,
        queryArbitrary,
        (before, after, query) => {
          const primary = new SearchIndex(primarySettings, { compactionThreshold: 3 });
          const shared = new SearchIndex(
            { ...primarySettings, ranking: ['desc(price)', 'custom'] },
            { compactionThreshold: 3 },
          );
          shared.shareWith(primary);
          const own = new SearchIndex(shared.settings, { compactionThreshold: 3 });
          for (const operation of before)
            for (const index of [primary, shared, own]) applyOperation(index, operation);
          shared.shareWith(undefined);
          // Writes now reach the former replica alone; its former primary's must not show.
          for (const operation of after) {
            applyOperation(shared, operation);
            applyOperation(own, operation);
            applyOperation(primary, { kind: 'delete', ids: ['r0', 'r1', 'r2', 'r3'] });
          }
          expect(shared.sharing).toBe(false);
          expect(searchOrError(shared, query)).toEqual(searchOrError(own, query));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('holds no search scratch arrays of its own while sharing, and its own again once it stops', () => {
    const primary = new SearchIndex(primarySettings);
    const replica = new SearchIndex({ ...primarySettings, ranking: ['asc(price)', 'custom'] });
    replica.shareWith(primary);
    const records = Array.from({ length: 2000 }, (_, position) => ({
      objectID: `r${position}`,
      title: position % 2 === 0 ? 'pomme rouge' : 'poire verte',
      price: position % 50,
    }));
    primary.saveObjects(records);
    replica.saveObjects(records);
    const queries = ['pomme', 'poire verte', 'pome'];
    for (const text of queries) {
      primary.search({ text, hitsPerPage: 5 });
      replica.search({ text, hitsPerPage: 5 });
    }
    expect(primary.reservedBytes().scratch).toBeGreaterThan(2000 * 8);
    expect(replica.reservedBytes().scratch).toBe(0);

    replica.setSettings({ searchableAttributes: ['title', 'brand'] });
    replica.search({ text: 'pomme', hitsPerPage: 5 });
    expect(replica.sharing).toBe(false);
    expect(replica.reservedBytes().scratch).toBeGreaterThan(2000 * 8);
  });

  it('costs no structures of its own while its indexing settings equal the primary’s', () => {
    const primary = new SearchIndex(primarySettings);
    const replica = new SearchIndex({ ...primarySettings, ranking: ['asc(price)', 'custom'] });
    replica.shareWith(primary);
    primary.saveObjects([{ objectID: 'a', title: 'pomme', price: 2 }]);
    replica.saveObjects([{ objectID: 'a', title: 'pomme', price: 2 }]);
    expect(replica.sharing).toBe(true);
    replica.setSettings({ searchableAttributes: ['title', 'brand'] });
    expect(replica.sharing).toBe(false);
    expect(replica.search({ text: 'pomme' }).totalHits).toBe(1);
    replica.setSettings({ searchableAttributes: ['title'] });
    expect(replica.sharing).toBe(true);
  });
});
