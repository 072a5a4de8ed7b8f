import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../search-index.ts';
import type { SearchRecord } from '../types.ts';
import { FacetColumn } from './facet-column.ts';

const palette = ['red', 'blue', 'green', 'black'];

/** Record `n`: one colour, none, or (from `multipleFrom` on, every fifth) two. */
function record(n: number, multipleFrom: number): SearchRecord {
  const colour = palette[n % palette.length] ?? 'red';
  const colours =
    n % 7 === 0
      ? []
      : n >= multipleFrom && n % 5 === 0
        ? [colour, palette[(n + 1) % palette.length] ?? 'red']
        : [colour];
  return { objectID: `r${n}`, name: n % 50 === 0 ? `rare item ${n}` : `item ${n}`, colours };
}

/** What the facet counts and a filter must give, from the records themselves. */
function expected(records: readonly SearchRecord[], text?: string) {
  const matching = records.filter((r) => text === undefined || String(r['name']).includes(text));
  const counts: Record<string, number> = {};
  for (const r of matching)
    for (const colour of new Set(r['colours'] as string[]))
      counts[colour] = (counts[colour] ?? 0) + 1;
  const blue = matching.filter((r) => (r['colours'] as string[]).includes('blue'));
  return { counts, blue: blue.map((r) => r.objectID).sort() };
}

function answers(index: SearchIndex, text?: string) {
  const query = { text: text ?? '', hitsPerPage: 1000, facets: ['colours'] };
  const counted = index.search(query);
  const filtered = index.search({
    ...query,
    filter: { kind: 'facet', attribute: 'colours', value: 'blue' },
  });
  const counts = Object.fromEntries(
    Object.entries(counted.facetCounts['colours'] ?? {}).sort(([a], [b]) => a.localeCompare(b)),
  );
  return { counts, blue: filtered.hits.map((hit) => hit.record.objectID).sort() };
}

describe('a facet column’s values per document', () => {
  it('counts and filters exactly before and after its first document with two values, deletions included', () => {
    const index = new SearchIndex({
      searchableAttributes: ['name'],
      attributesForFaceting: ['colours'],
    });
    let records = Array.from({ length: 600 }, (_, n) => record(n, 400));
    index.saveObjects(records.slice(0, 300));
    index.deleteObjects(['r3', 'r10']);
    const kept = (upTo: number) =>
      records.slice(0, upTo).filter((r) => r.objectID !== 'r3' && r.objectID !== 'r10');
    const sorted = (e: ReturnType<typeof expected>) => ({
      counts: Object.fromEntries(Object.entries(e.counts).sort(([a], [b]) => a.localeCompare(b))),
      blue: e.blue,
    });
    for (const text of [undefined, 'rare'])
      expect(answers(index, text)).toEqual(sorted(expected(kept(300), text)));

    index.saveObjects(records.slice(300));
    // r20 replaced by a record with two values: its old single value must no longer count.
    const replaced = { objectID: 'r20', name: 'item 20', colours: ['black', 'blue'] };
    index.saveObjects([replaced]);
    records = records.map((r) => (r.objectID === 'r20' ? replaced : r));
    for (const text of [undefined, 'rare'])
      expect(answers(index, text)).toEqual(sorted(expected(kept(600), text)));
  });

  it('costs one integer per document and one per posting while no document holds two values', () => {
    const column = new FacetColumn('brand', false);
    const documents = 20_000;
    for (let n = 0; n < documents; n++) column.addDocument(n, { brand: `brand ${n % 40}` });
    column.trim();
    // Per document: its value (4 bytes) and its entry in the value's postings (4 bytes).
    expect(column.reservedBytes).toBeLessThan(documents * 8 * 1.05);
    expect(column.singleValues()?.[123]).toBe((123 % 40) + 1);
  });
});
