import { describe, expect, it } from 'vitest';
import { SearchIndex } from './search-index.ts';
import type { SearchRecord } from './types.ts';

const jsonBytes = (records: readonly SearchRecord[]) =>
  records.reduce((sum, record) => sum + Buffer.byteLength(JSON.stringify(record), 'utf8'), 0);

describe('stored records', () => {
  it('serves a record as it was saved, even when the caller changes the object afterwards', () => {
    const index = new SearchIndex({ searchableAttributes: ['name'] });
    const record = { objectID: 'a', name: 'red jacket', sizes: ['S', 'M'] };
    index.saveObjects([record]);
    record.name = 'changed';
    record.sizes.push('XL');
    expect(index.getObject('a')).toEqual({ objectID: 'a', name: 'red jacket', sizes: ['S', 'M'] });
    expect(index.search({ text: 'jacket' }).hits[0]?.record).toEqual({
      objectID: 'a',
      name: 'red jacket',
      sizes: ['S', 'M'],
    });
  });

  it('keeps accents, non-Latin text, emoji and nested values intact, small and large records alike', () => {
    const index = new SearchIndex({ searchableAttributes: ['name'] });
    const records: SearchRecord[] = Array.from({ length: 400 }, (_, n) => ({
      objectID: `r${n}`,
      name: `veste déperlante ${n} 東京 🧥`,
      nested: { price: n / 3, tags: ['été', null, true], empty: {} },
      // Some records larger than a whole storage chunk.
      description: n % 100 === 7 ? 'é'.repeat(9_000_000) : 'œuvre '.repeat(n),
    }));
    index.saveObjects(records);
    for (const record of records) expect(index.getObject(record.objectID)).toEqual(record);
    expect([...index.allObjects()]).toEqual(records);
    expect(index.search({ text: '東京', hitsPerPage: 1 }).totalHits).toBe(400);
  });

  it('reports the live records’ JSON bytes as data size through replacements, deletions and compactions', () => {
    const index = new SearchIndex({ searchableAttributes: ['name'] }, { compactionThreshold: 10 });
    const records = Array.from({ length: 50 }, (_, n) => ({ objectID: `${n}`, name: `café ${n}` }));
    index.saveObjects(records);
    expect(index.dataSize).toBe(jsonBytes(records));
    const replaced = records
      .slice(0, 30)
      .map((record) => ({ ...record, name: `thé ${record.objectID}` }));
    index.saveObjects(replaced);
    index.deleteObjects(['40', '41', 'unknown']);
    const live = [
      ...records.slice(30).filter((record) => record.objectID !== '40' && record.objectID !== '41'),
      ...replaced,
    ];
    expect(index.dataSize).toBe(jsonBytes(live));
    expect([...index.allObjects()]).toEqual(live);
    index.deleteObjects(live.slice(0, 40).map((record) => record.objectID));
    expect(index.dataSize).toBe(jsonBytes(live.slice(40)));
    expect([...index.allObjects()]).toEqual(live.slice(40));
    index.clear();
    expect(index.dataSize).toBe(0);
  });

  it('sorts by a text attribute, records written after the first sort included', () => {
    const index = new SearchIndex({
      ranking: ['asc(label)', 'typo'],
      searchableAttributes: ['name'],
    });
    index.saveObjects([
      { objectID: 'b', name: 'x', label: 'beta' },
      { objectID: 'n', name: 'x', label: 7 },
      { objectID: 'm', name: 'x' },
    ]);
    const ids = () => index.search({ text: 'x' }).hits.map((hit) => hit.record.objectID);
    expect(ids()).toEqual(['n', 'b', 'm']);
    index.saveObjects([
      { objectID: 'a', name: 'x', label: 'alpha' },
      { objectID: 'b', name: 'x', label: 'zeta' },
    ]);
    expect(ids()).toEqual(['n', 'a', 'b', 'm']);
  });
});
