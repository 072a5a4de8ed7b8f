/**
 * Review of the merged-postings pass 2 (commit f4ee4da) through `SearchIndex`: every search is answered twice,
 * once as shipped and once with `scoreWordByMergedPostings` declining (so pass 2 falls back to the forward index
 * or the per-dictionary-word scan it replaced), and the two answers must agree hit for hit, ranking values
 * included, across saves that replace records, deletes, re-adds of the same objectID, compactions, settings
 * changes and a virtual replica sharing the primary's text index.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { SearchIndex } from '../search-index.ts';
import type { SearchQuery, SearchRecord, SearchResult } from '../types.ts';
import { VirtualReplica } from '../virtual-replica.ts';

const toggle = vi.hoisted(() => ({ merged: true, used: 0 }));

vi.mock('./merged-postings.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./merged-postings.ts')>();
  return {
    ...original,
    scoreWordByMergedPostings: (
      ...args: Parameters<typeof original.scoreWordByMergedPostings>
    ): boolean => {
      if (!toggle.merged) return false;
      const used = original.scoreWordByMergedPostings(...args);
      if (used) toggle.used++;
      return used;
    },
  };
});

const letters = 'abcdefghij';
/** 100 dictionary words under `ca`/`co` (so `c`, `ca` and `co` expand to ≥ 32 words of few postings each). */
const broadWords = [...letters].flatMap((second) =>
  [...letters].slice(0, 5).flatMap((third) => [`ca${second}${third}`, `co${second}${third}s`]),
);
/** Common words, one a concatenation with a broad prefix (`pin c…` also matches `pinc…`). */
const commonWords = ['pin', 'pinca', 'pincob', 'jus', 'lait', 'noir', 'caf', 'co', 'c'];

const textArbitrary = fc
  .array(fc.oneof(fc.constantFrom(...broadWords), fc.constantFrom(...commonWords)), {
    minLength: 1,
    maxLength: 5,
  })
  .map((list) => list.join(' '));

const recordArbitrary: fc.Arbitrary<SearchRecord> = fc
  .record({
    id: fc.integer({ min: 0, max: 40 }),
    title: textArbitrary,
    brand: fc.constantFrom('caab', 'Jus', 'pin', 'co'),
    tags: fc.array(textArbitrary, { maxLength: 2 }),
    price: fc.integer({ min: 0, max: 9 }),
  })
  .map(({ id, ...fields }) => ({ objectID: `r${id}`, ...fields }));

type Operation =
  | { readonly kind: 'save'; readonly records: SearchRecord[] }
  | { readonly kind: 'delete'; readonly ids: string[] }
  | { readonly kind: 'settings'; readonly ordered: boolean };

const operationArbitrary: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('save' as const),
      records: fc.array(recordArbitrary, { minLength: 1, maxLength: 30 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('delete' as const),
      ids: fc.array(
        fc.integer({ min: 0, max: 40 }).map((id) => `r${id}`),
        { maxLength: 12 },
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('settings' as const), ordered: fc.boolean() }),
  },
);

const queryArbitrary: fc.Arbitrary<SearchQuery> = fc
  .record({
    text: fc.constantFrom(
      'jus c',
      'lait ca',
      'c co',
      'co',
      'pin c',
      'noir jus c',
      'c jus',
      'caf co',
      'ca',
      'c',
      'lait co',
    ),
    exactOnSingleWordQuery: fc.constantFrom('attribute' as const, 'word' as const, 'none' as const),
    typoTolerance: fc.constantFrom(true, false, 'min' as const, 'strict' as const),
    removeWordsIfNoResults: fc.constantFrom('none' as const, 'lastWords' as const),
    optionalWords: fc.constantFrom<string[]>([], ['jus'], ['lait']),
    hitsPerPage: fc.integer({ min: 1, max: 8 }),
    page: fc.integer({ min: 0, max: 2 }),
    ignorePlurals: fc.boolean(),
  })
  .map((query) => ({ ...query, getRankingInfo: true }));

function answer(result: SearchResult) {
  return {
    totalHits: result.totalHits,
    hits: result.hits.map((hit) => ({
      objectID: hit.record.objectID,
      rankingInfo: hit.rankingInfo,
      highlight: hit.highlight,
    })),
  };
}

/** The answer as shipped and the answer without the merged postings. */
function both(search: () => SearchResult) {
  toggle.merged = true;
  const withMerged = answer(search());
  toggle.merged = false;
  const without = answer(search());
  toggle.merged = true;
  return { withMerged, without };
}

describe('merged postings through SearchIndex agree with the scans they replace', () => {
  it('answer what the per-word scan answers, across writes, compactions and a virtual replica', () => {
    toggle.used = 0;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(operationArbitrary, fc.array(queryArbitrary, { maxLength: 4 })), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.constantFrom(1, 2, 1_000),
        (steps, scoringPrefix) => {
          const index = new SearchIndex(
            {
              searchableAttributes: ['title', 'unordered(brand)', 'tags'],
              customRanking: ['desc(price)'],
              queryLanguages: ['fr'],
            },
            { compactionThreshold: 4, scoringPrefix },
          );
          const replica = new VirtualReplica(index, {
            customRanking: ['asc(price)'],
            relevancyStrictness: 50,
            ignorePlurals: true,
          });
          for (const [operation, queries] of steps) {
            if (operation.kind === 'save') index.saveObjects(operation.records);
            else if (operation.kind === 'delete') index.deleteObjects(operation.ids);
            else
              index.setSettings({
                searchableAttributes: operation.ordered
                  ? ['title', 'unordered(brand)', 'tags']
                  : ['unordered(title)', 'brand', 'tags'],
              });
            for (const query of queries) {
              const primary = both(() => index.search(query));
              expect(primary.withMerged).toEqual(primary.without);
              const viaReplica = both(() => replica.search(query));
              expect(viaReplica.withMerged).toEqual(viaReplica.without);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
    // The comparison is only worth something if the merged path was taken.
    expect(toggle.used).toBeGreaterThan(50);
  });
});
