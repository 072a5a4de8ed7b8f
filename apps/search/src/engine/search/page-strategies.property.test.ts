/**
 * Every page strategy (`search-plan.ts`) against the brute-force reference: random indices and searches built
 * to land on one strategy must return what the reference computes by filtering, sorting and slicing the
 * records.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FilterExpression } from '../filters/filter-expression.ts';
import { pageWindow } from '../page/paginate.ts';
import { defaultIndexSettings } from '../settings/default-settings.ts';
import {
  build,
  filterArbitrary,
  ids,
  type Operation,
  operationsArbitrary,
  optional,
  recordArbitrary,
  words,
} from '../testing/random-index.ts';
import {
  type ReferenceStore,
  referenceContainsWord,
  referenceDistinct,
  referenceFacetCounts,
  referenceFilter,
  referenceSort,
} from '../testing/reference-search.ts';
import type { SearchQuery, SearchRecord } from '../types.ts';
import { VirtualReplica } from '../virtual-replica.ts';
import { choosePageStrategy, type PageStrategy, type SearchExtras } from './search-plan.ts';

/** One word, typos off, every match exact: the text criteria tie, so only sorts and document order rank. */
const plainText = {
  typoTolerance: false,
  queryType: 'prefixNone',
  exactOnSingleWordQuery: 'word',
} as const;

interface Case {
  readonly operations: Operation[];
  readonly filter: FilterExpression | undefined;
  readonly word: string | undefined;
  readonly hitsPerPage: number;
  readonly page: number;
}

const caseArbitrary: fc.Arbitrary<Case> = fc.record({
  operations: operationsArbitrary,
  filter: optional(filterArbitrary),
  word: optional(fc.constantFrom(...words)),
  hitsPerPage: fc.integer({ min: 1, max: 6 }),
  page: fc.integer({ min: 0, max: 3 }),
});

function query(c: Case, more: Partial<SearchQuery> = {}): SearchQuery {
  return {
    ...plainText,
    text: c.word ?? '',
    hitsPerPage: c.hitsPerPage,
    page: c.page,
    facets: ['brand', 'colors'],
    ...(c.filter === undefined ? {} : { filter: c.filter }),
    ...more,
  };
}

/** The records the reference matches, in document order. */
function matched(reference: ReferenceStore, c: Case): SearchRecord[] {
  return reference
    .all()
    .filter((record) => c.filter === undefined || referenceFilter(record, c.filter))
    .filter((record) => c.word === undefined || referenceContainsWord(record, ['title'], c.word));
}

/** The strategy the plan chooses for `q` on the random index's settings. */
function strategyOf(q: SearchQuery, extras: SearchExtras, ranking: string[]): PageStrategy['kind'] {
  const settings = { ...defaultIndexSettings(), customRanking: ['asc(rank)'], ranking };
  const perGroup = Math.max(0, Math.min(4, Math.floor(Number(q.distinct ?? 0))));
  const limit = q.browse === true ? Number.POSITIVE_INFINITY : (q.paginationLimitedTo ?? 1000);
  const window = pageWindow({ page: q.page, hitsPerPage: q.hitsPerPage ?? 20, limit });
  const facetsAfterDistinct = perGroup > 0 && q.facetingAfterDistinct === true;
  return choosePageStrategy(q, extras, window, { perGroup, facetsAfterDistinct }, settings).kind;
}

const byRank = (record: SearchRecord): number =>
  typeof record['rank'] === 'number' ? record['rank'] : Number.POSITIVE_INFINITY;

describe('page strategies against the brute-force reference', () => {
  it('top: a relevance ranking from the scored prefix returns the reference page', () => {
    const ranking = ['typo', 'words', 'exact'];
    const manyRecords = fc
      .array(recordArbitrary, { minLength: 30, maxLength: 60 })
      .map((records) =>
        records.map((record, n): SearchRecord => ({ ...record, objectID: `m${n}` })),
      );
    fc.assert(
      fc.property(
        caseArbitrary,
        manyRecords,
        fc.constantFrom(...words),
        (drawn, records, second) => {
          fc.pre(drawn.word !== undefined && drawn.word !== second);
          // Most of them hold both words: enough matches for the prefix to grow past 8 documents.
          const saved = records.map((record, n) =>
            n % 4 === 0
              ? record
              : { ...record, title: `${String(record['title'])} ${drawn.word} ${second}` },
          );
          const c = {
            ...drawn,
            operations: [{ kind: 'save' as const, records: saved }, ...drawn.operations],
          };
          // A one-document scoring prefix makes every two-word search of three matches or more try the prefix
          // first (one-word searches score in one pass).
          const { index, reference } = build(c.operations, ranking, { scoringPrefix: 1 });
          const q = query(c, { text: `${c.word ?? ''} ${second}`.trim() });
          expect(strategyOf(q, {}, ranking)).toBe('top');
          const start = c.page * c.hitsPerPage;
          const expected = matched(reference, c)
            .filter((record) => referenceContainsWord(record, ['title'], second))
            .slice(start, start + c.hitsPerPage);
          expect(ids(index.search(q).hits.map((hit) => hit.record))).toEqual(ids(expected));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('plain: a ranking sorted by an attribute returns the reference page', () => {
    fc.assert(
      fc.property(caseArbitrary, (c) => {
        const { index, reference } = build(c.operations, ['custom']);
        const q = query(c);
        expect(strategyOf(q, {}, ['custom'])).toBe('plain');
        const start = c.page * c.hitsPerPage;
        const expected = referenceSort(matched(reference, c), 'rank');
        const result = index.search(q);
        expect(ids(result.hits.map((hit) => hit.record))).toEqual(
          ids(expected.slice(start, start + c.hitsPerPage)),
        );
        expect(result.totalHits).toBe(expected.length);
      }),
      { numRuns: 100 },
    );
  });

  it('distinct: pages counted in groups return the reference groups', () => {
    fc.assert(
      fc.property(caseArbitrary, fc.integer({ min: 1, max: 2 }), (c, perGroup) => {
        const { index, reference } = build(c.operations, ['custom']);
        const q = query(c, { distinct: perGroup });
        expect(strategyOf(q, {}, ['custom'])).toBe('distinct');
        const groups = referenceDistinct(
          referenceSort(matched(reference, c), 'rank'),
          'group',
          perGroup,
        );
        const start = c.page * c.hitsPerPage;
        const result = index.search(q);
        expect(ids(result.hits.map((hit) => hit.record))).toEqual(
          ids(groups.slice(start, start + c.hitsPerPage).flat()),
        );
        expect(result.totalHits).toBe(groups.length);
      }),
      { numRuns: 100 },
    );
  });

  it('no page, and counts after distinct: no hits, the reference totals and facet counts', () => {
    fc.assert(
      fc.property(caseArbitrary, fc.integer({ min: 0, max: 2 }), (c, perGroup) => {
        const { index, reference } = build(c.operations, ['custom']);
        const q = query(c, { hitsPerPage: 0, distinct: perGroup, facetingAfterDistinct: true });
        const kind = strategyOf(q, {}, ['custom']);
        expect(kind).toBe(perGroup > 0 ? 'counts-after-distinct' : 'no-page');
        const ranked = referenceSort(matched(reference, c), 'rank');
        const counted = perGroup > 0 ? referenceDistinct(ranked, 'group', perGroup).flat() : ranked;
        const result = index.search(q);
        expect(result.hits).toEqual([]);
        expect(result.totalHits).toBe(
          perGroup > 0 ? referenceDistinct(ranked, 'group', perGroup).length : ranked.length,
        );
        for (const attribute of ['brand', 'colors']) {
          const expected = referenceFacetCounts(counted, attribute, 100);
          expect(result.facetCounts[attribute] ?? {}).toEqual(Object.fromEntries(expected));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('beyond the limit: no hits and the limit message', () => {
    fc.assert(
      fc.property(caseArbitrary, (c) => {
        const { index } = build(c.operations, ['custom']);
        const limit = c.page * c.hitsPerPage;
        fc.pre(limit > 0);
        const q = query(c, { paginationLimitedTo: limit });
        expect(strategyOf(q, {}, ['custom'])).toBe('beyond-limit');
        const result = index.search(q);
        expect(result.hits).toEqual([]);
        expect(result.message).toBeDefined();
      }),
      { numRuns: 50 },
    );
  });

  it('browse: the pages concatenate to the reference order (attribute, custom ranking, objectID)', () => {
    fc.assert(
      fc.property(caseArbitrary, (c) => {
        const { index, reference } = build(c.operations, ['custom']);
        const q = query(c, { facets: [] });
        const order = { sortedDocuments: new Uint32Array(0) } as never;
        expect(strategyOf({ ...q, browse: true }, { browseFrom: { order } }, ['custom'])).toBe(
          'browse',
        );
        // Browse ranks by `attribute` (the word's first position in the title), then the custom ranking.
        const position = (record: SearchRecord): number =>
          c.word === undefined ? 0 : String(record['title']).split(' ').indexOf(c.word);
        const compare = (x: number | string, y: number | string) => (x < y ? -1 : x > y ? 1 : 0);
        const expected = [...matched(reference, c)].sort(
          (a, b) =>
            compare(position(a), position(b)) ||
            compare(byRank(a), byRank(b)) ||
            compare(a.objectID, b.objectID),
        );
        const read: SearchRecord[] = [];
        let page = index.browse(q);
        read.push(...page.hits.map((hit) => hit.record));
        while (page.cursor !== undefined) {
          page = index.browse(q, page.cursor);
          read.push(...page.hits.map((hit) => hit.record));
        }
        expect(ids(read)).toEqual(ids(expected));
      }),
      { numRuns: 100 },
    );
  });

  it('relevant sort: equally relevant matches come sorted by the replica’s custom ranking', () => {
    fc.assert(
      fc.property(caseArbitrary, (c) => {
        const ranking = ['typo', 'words', 'exact', 'custom'];
        const { index, reference } = build(c.operations, ranking);
        const replica = new VirtualReplica(index, { customRanking: ['desc(rank)'] });
        const q = query(c);
        const extras = {
          relevantSort: { customRanking: ['desc(rank)'], relevancyStrictness: 100 },
        };
        expect(strategyOf(q, extras, ranking)).toBe('relevant-sort');
        // Every match ties on relevance, so all are kept and sorted: rank descending, missing last.
        const expected = [...matched(reference, c)].sort((a, b) => {
          const [x, y] = [a['rank'], b['rank']];
          if (typeof x !== 'number' || typeof y !== 'number')
            return (typeof x === 'number' ? 0 : 1) - (typeof y === 'number' ? 0 : 1);
          return y - x;
        });
        const start = c.page * c.hitsPerPage;
        const result = replica.search(q);
        expect(ids(result.hits.map((hit) => hit.record))).toEqual(
          ids(expected.slice(start, start + c.hitsPerPage)),
        );
        expect(result.sortedHits).toBe(expected.length);
      }),
      { numRuns: 100 },
    );
  });
});
