import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FilterExpression } from '../filters/filter-expression.ts';
import { SearchIndex } from '../search-index.ts';
import { optional, words } from '../testing/random-index.ts';
import type { SearchQuery, SearchRecord } from '../types.ts';
import { optimalTop } from './optimal-top.ts';
import type { RankingCriterion } from './rank.ts';

const settings = {
  searchableAttributes: ['title', 'brand', 'unordered(description)'],
  attributesForFaceting: ['brand'],
};

interface RecordDraft {
  readonly title: readonly string[];
  readonly brand: string;
  readonly description?: readonly string[] | undefined;
}

/** Drafts of words → records `r0`, `r1`… with the words joined. */
function toRecords(drafts: readonly RecordDraft[]): SearchRecord[] {
  return drafts.map((draft, position) => ({
    objectID: `r${position}`,
    title: draft.title.join(' '),
    brand: draft.brand,
    ...(draft.description === undefined ? {} : { description: draft.description.join(' ') }),
  }));
}

const recordsArbitrary = fc
  .array(
    fc.record({
      // Often a phrase the queries ask for, so whole pages of documents tie at the best possible ranking.
      title: fc.oneof(
        fc.array(fc.constantFrom('jus', 'pomme', 'lait', 'jux', 'pome'), {
          minLength: 1,
          maxLength: 6,
        }),
        fc
          .tuple(
            fc.constantFrom<string[]>(
              ['jus', 'pomme'],
              ['pomme', 'lait'],
              ['jus', 'pomme', 'lait'],
            ),
            fc.array(fc.constantFrom('jus', 'lait', 'pome'), { maxLength: 3 }),
          )
          .map(([phrase, rest]) => [...phrase, ...rest]),
      ),
      brand: fc.constantFrom('Acme', 'jus', 'noir'),
      description: optional(fc.array(fc.constantFrom(...words), { maxLength: 4 })),
    }),
    { minLength: 20, maxLength: 120 },
  )
  .map(toRecords);

const queryArbitrary = fc.record({
  text: fc
    .oneof(
      fc.array(fc.constantFrom('jus', 'pomme', 'lait', 'pom', 'jux', 'pomm', 'l', 'laiit'), {
        minLength: 2,
        maxLength: 3,
      }),
      fc.constantFrom<string[]>(
        ['jus', 'pomme'],
        ['jus', 'pom'],
        ['pomme', 'l'],
        ['jus', 'pomme', 'lait'],
      ),
    )
    .map((parts) => parts.join(' ')),
  hitsPerPage: fc.integer({ min: 1, max: 4 }),
  page: fc.integer({ min: 0, max: 1 }),
  minProximity: fc.integer({ min: 1, max: 3 }),
  queryType: fc.constantFrom<'prefixLast' | 'prefixNone'>('prefixLast', 'prefixNone'),
  // Filter scores (in `filters` and `optionalFilters`) feed the `filters` criterion the shortcut must respect.
  scores: optional(
    fc.record({
      filter: optional(brandGroup(true)),
      optionalFilter: optional(brandGroup(false)),
      sumOrFiltersScores: fc.boolean(),
    }),
  ),
});

/** An OR group on `brand` with random `<score=N>`, matching every brand when `total`. */
function brandGroup(total: boolean): fc.Arbitrary<FilterExpression> {
  return fc
    .array(optional(fc.integer({ min: 0, max: 4 })), { minLength: 3, maxLength: 3 })
    .chain((scores) =>
      fc.subarray(['Acme', 'jus', 'noir'], { minLength: total ? 3 : 1 }).map(
        (brands): FilterExpression => ({
          kind: 'or',
          operands: brands.map((value, position) => {
            const score = scores[position];
            return {
              kind: 'facet',
              attribute: 'brand',
              value,
              ...(score === undefined ? {} : { score }),
            };
          }),
        }),
      ),
    );
}

function view(index: SearchIndex, generated: SearchQuery & { scores?: object | undefined }) {
  const { scores, ...query } = generated;
  const result = index.search({ ...query, ...scores, facets: ['brand'], getRankingInfo: true });
  return {
    ids: result.hits.map((hit) => hit.record.objectID),
    rankingInfo: result.hits.map((hit) => hit.rankingInfo),
    totalHits: result.totalHits,
    facetCounts: result.facetCounts,
  };
}

/** Scoring a prefix of `prefix` matches first must give what scoring every match gives. */
function samePageEitherWay(
  records: Parameters<SearchIndex['saveObjects']>[0],
  query: Parameters<typeof view>[1],
  prefix: number,
): void {
  const prefixFirst = new SearchIndex(settings, { scoringPrefix: prefix });
  const everything = new SearchIndex(settings, { scoringPrefix: Number.POSITIVE_INFINITY });
  prefixFirst.saveObjects(records);
  everything.saveObjects(records);
  expect(view(prefixFirst, query)).toEqual(view(everything, query));
}

describe('ranking the top from a scored prefix', () => {
  it('returns the same page, ranking info and facets as ranking every match', () => {
    fc.assert(
      fc.property(
        recordsArbitrary,
        queryArbitrary,
        fc.integer({ min: 1, max: 6 }),
        samePageEitherWay,
      ),
      { numRuns: 400 },
    );
  });

  it('ranks documents with the words in order first, by document number', () => {
    const records = Array.from({ length: 40 }, (_, position) => ({
      objectID: `r${position}`,
      title: position % 2 === 0 ? 'jus de pomme' : 'pomme de jus',
    }));
    const index = new SearchIndex({ searchableAttributes: ['title'] }, { scoringPrefix: 8 });
    index.saveObjects(records);
    const result = index.search({ text: 'jus de pomme', hitsPerPage: 3 });
    expect(result.hits.map((hit) => hit.record.objectID)).toEqual(['r0', 'r2', 'r4']);
    expect(result.totalHits).toBe(40);
  });
});

describe('optimalTop', () => {
  const criterion = (keys: readonly number[], best: number | undefined): RankingCriterion => ({
    name: 'test',
    keys(documents, out) {
      documents.forEach((documentNumber, index) => {
        out[index] = keys[documentNumber] ?? 0;
      });
    },
    ...(best === undefined ? {} : { best }),
  });
  const documents = Uint32Array.from([0, 1, 2, 3, 4, 5]);

  it('takes the documents at the bound of every criterion, in document order', () => {
    const top = optimalTop(
      documents,
      [criterion([0, 1, 0, 0, 0, 0], 0), criterion([2, 2, 1, 2, 2, 2], 1)],
      0,
      1,
    );
    expect([...(top ?? [])]).toEqual([2]);
  });

  it('gives up when too few documents reach the bound, a bound is unknown or beaten', () => {
    expect(optimalTop(documents, [criterion([0, 1, 1, 1, 1, 1], 0)], 0, 2)).toBeUndefined();
    expect(optimalTop(documents, [criterion([0, 0, 0, 0, 0, 0], undefined)], 0, 2)).toBeUndefined();
    expect(optimalTop(documents, [criterion([0, -1, 0, 0, 0, 0], 0)], 0, 2)).toBeUndefined();
  });
});

describe('ranking the top from a scored prefix plus the records holding a rare exact word', () => {
  // One-word queries too: a word far broader than the prefix leaves the single-pass matcher for prefix scoring.
  // Mostly words starting with `d`/`l`, rarely the one-letter words themselves: only those reach every word
  // exact for "jus d", so the prefix alone never proves a page (exact-first-top.ts).
  const titleWord = fc.oneof(
    {
      arbitrary: fc.constantFrom('jus', 'de', 'doux', 'dur', 'jus', 'lait', 'pomme', 'litre'),
      weight: 40,
    },
    { arbitrary: fc.constantFrom('d', 'l'), weight: 1 },
  );
  const rareRecords = fc
    .array(
      fc.record({
        // Now and then the one-letter word as the whole title (exact for a one-word query).
        title: fc.oneof(
          { arbitrary: fc.array(titleWord, { minLength: 1, maxLength: 5 }), weight: 30 },
          { arbitrary: fc.constantFrom(['d'], ['l']), weight: 1 },
        ),
        brand: fc.constantFrom('Acme', 'doux', 'noir'),
      }),
      { minLength: 60, maxLength: 200 },
    )
    .map(toRecords);
  const rareQuery = fc.record({
    text: fc.constantFrom(
      'd',
      'l',
      'j',
      'jus',
      'jus d',
      'jus l',
      'pomme d',
      'd jus',
      'jus de d',
      'lait d',
      'l d',
      'jus d pomme',
    ),
    hitsPerPage: fc.integer({ min: 1, max: 4 }),
    page: fc.integer({ min: 0, max: 1 }),
    minProximity: fc.integer({ min: 1, max: 3 }),
    queryType: fc.constantFrom<'prefixLast' | 'prefixNone'>('prefixLast', 'prefixNone'),
    typoTolerance: fc.constantFrom<boolean | 'min'>(true, false, 'min'),
    exactOnSingleWordQuery: fc.constantFrom<'attribute' | 'word' | 'none'>(
      'attribute',
      'word',
      'none',
    ),
  });

  it('returns the same page, ranking info and facets as ranking every match', () => {
    fc.assert(
      fc.property(rareRecords, rareQuery, fc.integer({ min: 1, max: 6 }), samePageEitherWay),
      { numRuns: 400 },
    );
  });

  it('ranks the few records holding the one-letter word first, wherever they are', () => {
    const records = Array.from({ length: 200 }, (_, position) => ({
      objectID: `r${position}`,
      title: position === 150 || position === 170 ? 'jus doux d' : 'jus doux',
    }));
    const index = new SearchIndex({ searchableAttributes: ['title'] }, { scoringPrefix: 8 });
    index.saveObjects(records);
    const result = index.search({ text: 'jus d', hitsPerPage: 3 });
    expect(result.hits.map((hit) => hit.record.objectID)).toEqual(['r150', 'r170', 'r0']);
    expect(result.totalHits).toBe(200);
  });
});
