import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FilterExpression } from '../filters/filter-expression.ts';
import { SearchIndex } from '../search-index.ts';
import type {
  ExactOnSingleWordQuery,
  QueryType,
  RemoveWordsIfNoResults,
  SearchQuery,
  SearchRecord,
  SynonymEntry,
  TypoTolerance,
} from '../types.ts';

/**
 * Review of 5c02cec (a `hitsPerPage: 0` query counting facets after distinct scores only the contested matches)
 * and 89aefab (distinct's contested documents come from the column's cached list): the counts and nbHits of
 * such a query must equal those of the same query with a full page, whatever the text options, and an index
 * that went through writes, replacements, deletions and compactions must count like one built from scratch.
 */
const words = ['jus', 'pomme', 'pommes', 'orange', 'biscuit', 'chocolat', 'noir', 'lait', 'bio'];

const recordsArbitrary = fc.array(
  fc.record({
    title: fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 5 }),
    brand: fc.array(fc.constantFrom(...words), { minLength: 0, maxLength: 2 }),
    group: fc.option(
      fc.oneof(
        fc.integer({ min: 0, max: 5 }).map((value) => `g${value}`),
        fc.array(
          fc.integer({ min: 0, max: 5 }).map((value) => `g${value}`),
          { minLength: 1, maxLength: 3 },
        ),
      ),
      { nil: undefined },
    ),
    color: fc.constantFrom('red', 'blue', 'green'),
    rank: fc.integer({ min: 0, max: 3 }),
  }),
  { minLength: 1, maxLength: 40 },
);

type Generated = {
  title: string[];
  brand: string[];
  group: string | string[] | undefined;
  color: string;
  rank: number;
};

function toRecord(record: Generated, position: number): SearchRecord {
  return {
    objectID: `r${position}`,
    title: record.title.join(' '),
    brand: record.brand.join(' '),
    color: record.color,
    rank: record.rank,
    ...(record.group === undefined ? {} : { group: record.group }),
  };
}

const wordArbitrary = fc.oneof(
  fc.constantFrom(...words),
  fc.constantFrom(...words).map((word) => word.slice(0, Math.max(1, word.length - 2))),
  fc.constantFrom(...words).map((word) => `${word.slice(1)}${word[0] ?? ''}`),
  fc.constantFrom(...words).map((word) => `-${word}`),
  fc.constantFrom('"jus pomme"', '"chocolat noir"', '"lait bio"', 'zzz', '"pomme"'),
);

const textArbitrary = fc
  .array(wordArbitrary, { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join(' '));

const optionalFilterArbitrary: fc.Arbitrary<FilterExpression | undefined> = fc.option(
  fc.constantFrom(...words).map(
    (value): FilterExpression => ({
      kind: 'or',
      operands: [
        { kind: 'facet', attribute: 'color', value: 'red', score: 2 },
        { kind: 'facet', attribute: 'brand', value, score: 1 },
      ],
    }),
  ),
  { nil: undefined },
);

const optionsArbitrary = fc.record({
  distinct: fc.integer({ min: 1, max: 3 }),
  typoTolerance: fc.constantFrom<TypoTolerance>(true, false, 'min', 'strict'),
  queryType: fc.constantFrom<QueryType>('prefixLast', 'prefixAll', 'prefixNone'),
  removeWordsIfNoResults: fc.constantFrom<RemoveWordsIfNoResults>(
    'none',
    'lastWords',
    'firstWords',
    'allOptional',
  ),
  optionalWords: fc.subarray(words, { maxLength: 3 }),
  advancedSyntax: fc.boolean(),
  ignorePlurals: fc.boolean(),
  minProximity: fc.integer({ min: 1, max: 3 }),
  exactOnSingleWordQuery: fc.constantFrom<ExactOnSingleWordQuery>('attribute', 'word', 'none'),
  optionalFilter: optionalFilterArbitrary,
  afterDistinctBy: fc.constantFrom('flag', 'setting'),
  // Scored `filters` (`color:red<score=3> OR …`) feed the `filters` criterion as optional filters do.
  scoredFilter: fc.boolean(),
  sumOrFiltersScores: fc.boolean(),
  ranking: fc.constantFrom<readonly string[] | undefined>(
    undefined,
    ['asc(rank)', 'typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'],
    ['exact', 'proximity', 'attribute', 'words', 'typo', 'custom'],
    ['words', 'filters', 'typo', 'attribute', 'proximity', 'exact', 'custom'],
  ),
});

const synonyms: SynonymEntry[] = [
  { objectID: 's1', type: 'synonym', synonyms: ['jus', 'nectar'] },
  { objectID: 's2', type: 'onewaysynonym', input: 'noir', synonyms: ['chocolat'] },
];

function newIndex(
  afterDistinctBy: string,
  options: { compactionThreshold?: number } = {},
  ranking?: readonly string[],
) {
  const index = new SearchIndex(
    {
      ...(ranking === undefined ? {} : { ranking }),
      searchableAttributes: ['title', 'brand'],
      attributeForDistinct: 'group',
      attributesForFaceting:
        afterDistinctBy === 'setting'
          ? ['afterDistinct(color)', 'brand', 'group']
          : ['color', 'brand', 'group'],
      customRanking: ['desc(rank)'],
    },
    options,
  );
  index.setSynonyms(synonyms);
  return index;
}

/**
 * Runs an unrelated full search first, so criteria left in the engine's scratch arrays are those of another
 * query: a document the counts-only query forgets to score then ranks on stale values instead of on the values
 * a previous identical query left there.
 */
function dirtied(index: SearchIndex): SearchIndex {
  index.search({ text: 'chocolat noir lait', hitsPerPage: 1000, typoTolerance: false });
  index.search({ text: 'bio orang', hitsPerPage: 1000 });
  return index;
}

type Options = typeof optionsArbitrary extends fc.Arbitrary<infer T> ? T : never;

function queryOf(text: string, options: Options): SearchQuery {
  const { afterDistinctBy, optionalFilter, ranking: _ranking, scoredFilter, ...rest } = options;
  const filter: FilterExpression = {
    kind: 'or',
    operands: [
      { kind: 'facet', attribute: 'color', value: 'red', score: 3 },
      { kind: 'facet', attribute: 'color', value: 'blue', score: 1 },
      { kind: 'facet', attribute: 'color', value: 'green' },
    ],
  };
  return {
    ...rest,
    ...(scoredFilter ? { filter } : {}),
    text,
    facets: ['color'],
    ...(afterDistinctBy === 'flag' ? { facetingAfterDistinct: true } : {}),
    ...(optionalFilter === undefined ? {} : { optionalFilter }),
  };
}

describe('facet counts after distinct without a page', () => {
  it('equal those of a full page, whatever the text-matching options', () => {
    fc.assert(
      fc.property(recordsArbitrary, textArbitrary, optionsArbitrary, (records, text, options) => {
        const build = (): SearchIndex => {
          const index = newIndex(options.afterDistinctBy, {}, options.ranking);
          index.saveObjects(records.map(toRecord));
          return dirtied(index);
        };
        const query = queryOf(text, options);
        const ranked = build().search({ ...query, hitsPerPage: 1000 });
        const index = build();
        for (const countsOnly of [
          build().search({ ...query, hitsPerPage: 0 }),
          build().search({ ...query, offset: 0, length: 0 }),
          build().search({ ...query, hitsPerPage: 0, getRankingInfo: true }),
          build().search({ ...query, hitsPerPage: 0, page: 7 }),
          build().search({ ...query, hitsPerPage: 0, paginationLimitedTo: 1 }),
          build().search({ ...query, hitsPerPage: 4, page: 3, paginationLimitedTo: 5 }),
        ]) {
          expect(countsOnly.facetCounts).toEqual(ranked.facetCounts);
          expect(countsOnly.totalHits).toBe(ranked.totalHits);
        }
        // A page past the last one ranks everything too: same counts.
        const beyond = index.search({ ...query, hitsPerPage: 5, page: 50 });
        expect(beyond.facetCounts).toEqual(ranked.facetCounts);
      }),
      { numRuns: 400 },
    );
  });

  it('equal those of a full page when rules pin or hide records', () => {
    fc.assert(
      fc.property(
        recordsArbitrary,
        textArbitrary,
        optionsArbitrary,
        fc.nat(),
        fc.nat(),
        (records, text, options, pinSeed, hideSeed) => {
          const build = (): SearchIndex => {
            const index = newIndex(options.afterDistinctBy, {}, options.ranking);
            index.saveObjects(records.map(toRecord));
            return dirtied(index);
          };
          const pinned = [
            { objectID: `r${pinSeed % records.length}`, position: pinSeed % 3 },
          ] as const;
          const hidden = [`r${hideSeed % records.length}`];
          const query = { ...queryOf(text, options), pinned, hidden };
          const ranked = build().search({ ...query, hitsPerPage: 1000 });
          const countsOnly = build().search({ ...query, hitsPerPage: 0 });
          expect(countsOnly.facetCounts).toEqual(ranked.facetCounts);
          expect(countsOnly.totalHits).toBe(ranked.totalHits);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('equal those of a full page on a virtual replica (relevant sort)', () => {
    fc.assert(
      fc.property(recordsArbitrary, textArbitrary, optionsArbitrary, (records, text, options) => {
        const build = (): SearchIndex => {
          const index = newIndex(options.afterDistinctBy, {}, options.ranking);
          index.saveObjects(records.map(toRecord));
          return dirtied(index);
        };
        const query = queryOf(text, options);
        const extras = {
          relevantSort: { customRanking: ['asc(rank)'], relevancyStrictness: 50 },
        };
        const ranked = build().search({ ...query, hitsPerPage: 1000 }, extras);
        const countsOnly = build().search({ ...query, hitsPerPage: 0 }, extras);
        expect(countsOnly.facetCounts).toEqual(ranked.facetCounts);
      }),
      { numRuns: 150 },
    );
  });
});

describe('distinct after writes, through the shared-group cache', () => {
  const writeArbitrary = fc.array(
    fc.oneof(
      fc.record({ kind: fc.constant('save' as const), at: fc.nat(), record: recordsArbitrary }),
      fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), count: fc.nat(3) }),
      fc.record({ kind: fc.constant('search' as const) }),
    ),
    { minLength: 1, maxLength: 6 },
  );

  it('counts and ranks like an index built from scratch with the same records', () => {
    fc.assert(
      fc.property(
        recordsArbitrary,
        writeArbitrary,
        textArbitrary,
        optionsArbitrary,
        (records, writes, text, options) => {
          const index = newIndex(
            options.afterDistinctBy,
            { compactionThreshold: 2 },
            options.ranking,
          );
          index.saveObjects(records.map(toRecord));
          const query = queryOf(text, options);
          const probe = (): void => {
            index.search({ ...query, hitsPerPage: 0 });
            index.search({ ...query, hitsPerPage: 3 });
          };
          probe();
          for (const write of writes) {
            if (write.kind === 'save') {
              // Replaces some existing objectIDs and adds new ones.
              index.saveObjects(
                write.record
                  .slice(0, 4)
                  .map((record, offset) => toRecord(record, (write.at + offset) % 50)),
              );
            } else if (write.kind === 'delete') {
              index.deleteObjects(
                Array.from({ length: write.count }, (_, offset) => `r${(write.at + offset) % 50}`),
              );
            }
            probe();
          }
          // The same live records, indexed in the same order (document numbers order ties alike).
          const fresh = dirtied(newIndex(options.afterDistinctBy, {}, options.ranking));
          fresh.saveObjects([...index.allObjects()]);
          for (const hitsPerPage of [0, 1000]) {
            const after = index.search({ ...query, hitsPerPage });
            const expected = fresh.search({ ...query, hitsPerPage });
            expect(after.facetCounts).toEqual(expected.facetCounts);
            expect(after.totalHits).toBe(expected.totalHits);
            expect(after.hits.map((hit) => hit.record.objectID)).toEqual(
              expected.hits.map((hit) => hit.record.objectID),
            );
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('follows a change of attributeForDistinct', () => {
    const index = newIndex('flag');
    index.saveObjects([
      { objectID: 'a', title: 'jus', group: 'g1', other: 'o1', color: 'red' },
      { objectID: 'b', title: 'jus', group: 'g1', other: 'o2', color: 'blue' },
      { objectID: 'c', title: 'jus', group: 'g2', other: 'o1', color: 'green' },
    ]);
    const query = { text: 'jus', distinct: 1, facets: ['color'], facetingAfterDistinct: true };
    expect(index.search({ ...query, hitsPerPage: 0 }).totalHits).toBe(2);
    index.setSettings({ attributeForDistinct: 'other' });
    const countsOnly = index.search({ ...query, hitsPerPage: 0 });
    const ranked = index.search({ ...query, hitsPerPage: 1000 });
    expect(countsOnly.totalHits).toBe(2);
    expect(countsOnly.facetCounts).toEqual(ranked.facetCounts);
    expect(ranked.hits.map((hit) => hit.record.objectID).sort()).toEqual(['a', 'b']);
  });
});

describe('facet counts after distinct without a page on a larger catalogue', () => {
  const bigRecords = fc.array(
    fc.record({
      title: fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 6 }),
      brand: fc.array(fc.constantFrom(...words), { minLength: 0, maxLength: 2 }),
      group: fc.option(
        fc.integer({ min: 0, max: 60 }).map((value) => `g${value}`),
        { nil: undefined },
      ),
      color: fc.constantFrom('red', 'blue', 'green'),
      rank: fc.integer({ min: 0, max: 3 }),
    }),
    { minLength: 150, maxLength: 400 },
  );

  it('equal those of a full page (postings and forward-index scoring, restricted attributes)', () => {
    fc.assert(
      fc.property(
        bigRecords,
        textArbitrary,
        optionsArbitrary,
        fc.boolean(),
        fc.boolean(),
        (records, text, options, restrict, noTypoOnBrand) => {
          const build = (): SearchIndex => {
            const index = newIndex(options.afterDistinctBy, {}, options.ranking);
            index.saveObjects(
              records.map((record, position) => ({
                ...toRecord(record, position),
                // Titles as arrays too: positions across array elements feed attribute and proximity.
                ...(position % 3 === 0 ? { title: record.title } : {}),
              })),
            );
            return dirtied(index);
          };
          const query: SearchQuery = {
            ...queryOf(text, options),
            ...(restrict ? { restrictSearchableAttributes: ['title'] } : {}),
            ...(noTypoOnBrand ? { disableTypoToleranceOnAttributes: ['brand'] } : {}),
          };
          const ranked = build().search({ ...query, hitsPerPage: 1000 });
          const countsOnly = build().search({ ...query, hitsPerPage: 0 });
          expect(countsOnly.facetCounts).toEqual(ranked.facetCounts);
          expect(countsOnly.totalHits).toBe(ranked.totalHits);
        },
      ),
      { numRuns: 150 },
    );
  });
});
