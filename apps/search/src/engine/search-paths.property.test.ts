import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SearchIndex } from './search-index.ts';
import type { SearchQuery, SearchRecord } from './types.ts';

/**
 * `restrictSearchableAttributes` listing every searchable attribute changes no result but turns off the fast
 * paths that assume unrestricted slots (the forward index, the per-word caches): the two answers must agree.
 */
const settings = {
  searchableAttributes: ['name', 'brand', 'unordered(description)'],
  attributesForFaceting: ['brand'],
};
const everyAttribute = ['name', 'brand', 'description'];

// Short words that concatenate into others ("pin" + "c…" → "pinceau"), one-letter words held exactly, and many
// words starting with `c`: "pinceau c" then matches few records through a broad prefix (the forward index).
const broad = Array.from(
  { length: 40 },
  (_, index) => `c${String.fromCharCode(97 + (index % 26))}${index}`,
);
const vocabulary = [
  'pin',
  'pinceau',
  'pince',
  'c',
  'cafe',
  'chocolat',
  'p',
  'pur',
  'pure',
  'jus',
  'a',
];
const textArbitrary = fc
  .array(fc.constantFrom(...vocabulary, ...broad), { minLength: 1, maxLength: 5 })
  .map((words) => words.join(' '));

const recordsArbitrary = fc
  .array(
    fc.record({
      name: textArbitrary,
      brand: fc.constantFrom('Acme', 'pin', 'Cafe c'),
      description: textArbitrary,
    }),
    { minLength: 10, maxLength: 150 },
  )
  .map((drafts) =>
    drafts.map((draft, position): SearchRecord => ({ ...draft, objectID: `r${position}` })),
  );

const queryArbitrary = fc
  .array(
    fc
      .constantFrom(...vocabulary)
      .chain((word) =>
        fc.integer({ min: 1, max: word.length }).map((length) => word.slice(0, length)),
      ),
    { minLength: 1, maxLength: 3 },
  )
  .map((words) => words.join(' '));

function answer(index: SearchIndex, query: SearchQuery) {
  const result = index.search({ ...query, facets: ['brand'], getRankingInfo: true });
  return {
    ids: result.hits.map((hit) => hit.record.objectID),
    info: result.hits.map((hit) => hit.rankingInfo),
    totalHits: result.totalHits,
    facets: result.facetCounts,
  };
}

describe('fast paths against the general path', () => {
  it('return the same page, ranking details and facets', () => {
    fc.assert(
      fc.property(
        recordsArbitrary,
        fc.array(queryArbitrary, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 12 }),
        (records, texts, hitsPerPage) => {
          const index = new SearchIndex(settings, { scoringPrefix: 4 });
          index.saveObjects(records);
          // Twice: the second time through the caches the first one filled.
          for (const text of [...texts, ...texts]) {
            const fast = answer(index, { text, hitsPerPage });
            const general = answer(index, {
              text,
              hitsPerPage,
              restrictSearchableAttributes: everyAttribute,
            });
            expect(fast).toEqual(general);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
