import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../search-index.ts';
import type { SearchRecord } from '../types.ts';

/**
 * Browse across writes: whatever is saved, replaced or deleted between pages (with compaction renumbering the
 * documents), every record that stays untouched from the first page to the last is returned exactly once, and
 * the pages read without writes are in the order of one search ranked by the browse criteria then `objectID`.
 */
const recordArbitrary = fc.record({
  id: fc.integer({ min: 0, max: 40 }),
  rank: fc.option(fc.oneof(fc.integer({ min: 0, max: 4 }), fc.constantFrom('a', 'b')), {
    nil: undefined,
  }),
});

const toRecord = ({
  id,
  rank,
}: {
  id: number;
  rank: number | string | undefined;
}): SearchRecord => ({
  objectID: `r${id}`,
  name: 'vinyl record',
  ...(rank === undefined ? {} : { rank }),
});

const writeArbitrary = fc.oneof(
  fc.record({ kind: fc.constant('save' as const), record: recordArbitrary }),
  fc.record({ kind: fc.constant('delete' as const), id: fc.integer({ min: 0, max: 40 }) }),
);

describe('browsing while records are written', () => {
  it('returns every untouched record exactly once', () => {
    fc.assert(
      fc.property(
        fc.array(recordArbitrary, { minLength: 1, maxLength: 40 }),
        fc.array(fc.array(writeArbitrary, { maxLength: 4 }), { maxLength: 8 }),
        fc.integer({ min: 1, max: 7 }),
        fc.constantFrom('asc', 'desc'),
        (initial, writesPerPage, hitsPerPage, direction) => {
          const index = new SearchIndex(
            { customRanking: [`${direction}(rank)`] },
            { compactionThreshold: 2 },
          );
          index.saveObjects(initial.map(toRecord));
          const touched = new Set<string>();
          const seen: string[] = [];
          let page = index.browse({ text: '', hitsPerPage });
          const start = new Set([...index.allObjects()].map((record) => record.objectID));
          for (let turn = 0; ; turn++) {
            seen.push(...page.hits.map((hit) => hit.record.objectID));
            if (page.cursor === undefined) break;
            for (const write of writesPerPage[turn] ?? []) {
              if (write.kind === 'save') {
                const record = toRecord(write.record);
                touched.add(record.objectID);
                index.saveObjects([record]);
              } else {
                touched.add(`r${write.id}`);
                index.deleteObjects([`r${write.id}`]);
              }
            }
            page = index.browse({ text: '', hitsPerPage }, page.cursor);
          }
          for (const id of start) {
            if (touched.has(id)) continue;
            expect(seen.filter((other) => other === id)).toHaveLength(1);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads the records in the order of one search when nothing is written', () => {
    fc.assert(
      fc.property(
        fc.array(recordArbitrary, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 7 }),
        (initial, hitsPerPage) => {
          const index = new SearchIndex({ customRanking: ['desc(rank)'] });
          index.saveObjects(initial.map(toRecord));
          const all = index.browse({ text: '', hitsPerPage: 1000 });
          const paged: string[] = [];
          let page = index.browse({ text: '', hitsPerPage });
          for (;;) {
            paged.push(...page.hits.map((hit) => hit.record.objectID));
            if (page.cursor === undefined) break;
            page = index.browse({ text: '', hitsPerPage }, page.cursor);
          }
          expect(paged).toEqual(all.hits.map((hit) => hit.record.objectID));
          // desc(rank): numbers high to low, then strings Z to A, then records without a rank; ties by objectID.
          const classOf = (rank: unknown) =>
            typeof rank === 'number' ? 0 : typeof rank === 'string' ? 1 : 2;
          const latest = new Map(initial.map((record) => [`r${record.id}`, record.rank]));
          const expected = [...latest.keys()].sort((a, b) => {
            const [left, right] = [latest.get(a), latest.get(b)];
            const byClass = classOf(left) - classOf(right);
            if (byClass !== 0) return byClass;
            if (typeof left === 'number' && typeof right === 'number' && left !== right)
              return right - left;
            if (typeof left === 'string' && typeof right === 'string' && left !== right)
              return left < right ? 1 : -1;
            return a < b ? -1 : 1;
          });
          expect(paged).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
