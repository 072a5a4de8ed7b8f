import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../search-index.ts';
import { parseSearchableAttributes } from '../settings/attribute-settings.ts';
import { GrowableUint32Array } from '../structures/growable-array.ts';
import type { SearchRecord } from '../types.ts';
import { TextIndex } from './text-index.ts';

const words = ['veste', 'jacket', 'pull', 'sweater', 'bleu', 'blue', 'rouge', 'red', 'coton'];

function record(position: number): SearchRecord {
  const name = Array.from(
    { length: 1 + (position % 5) },
    (_, index) => words[(position * (index + 3)) % words.length],
  );
  return {
    objectID: `p${position}`,
    name: `${name.join(' ')} ${position}`,
    brand: position % 4 === 0 ? 'Acme' : 'Zed',
  };
}

/** Values reserved by the text index's postings lists and forward index, and the values they hold. */
function textMemory(text: TextIndex): { reserved: number; used: number } {
  const forward = text.forward();
  let reserved = forward.entries.length;
  let used = forward.starts[text.documentSpan] ?? 0;
  for (let termId = 0; termId < text.dictionary.size; termId++) {
    const list = text.postingsList(termId);
    reserved += list.buffer.length;
    used += list.length;
  }
  return { reserved, used };
}

describe('spare capacity left by writes', () => {
  it('is released by the trimming steps, every posting and forward entry kept', () => {
    const text = new TextIndex({
      attributes: parseSearchableAttributes(['name']),
      camelCaseAttributes: [],
      separatorsToIndex: '',
    });
    for (let position = 0; position < 3000; position++)
      text.addDocument(position, record(position));
    const before = textMemory(text);
    const postings = Array.from({ length: text.dictionary.size }, (_, termId) => [
      ...text.postingsOf(termId),
    ]);
    const forward = [
      ...text.forward().entries.subarray(0, text.forward().starts[text.documentSpan]),
    ];
    expect(before.reserved).toBeGreaterThan(before.used * 1.2);

    for (const step of text.trimSteps()) step();

    const after = textMemory(text);
    expect(after.reserved).toBeLessThanOrEqual(after.used + 5 * (text.dictionary.size + 1));
    expect(after.used).toBe(before.used);
    postings.forEach((list, termId) => {
      expect([...text.postingsOf(termId)]).toEqual(list);
    });
    expect([
      ...text.forward().entries.subarray(0, text.forward().starts[text.documentSpan]),
    ]).toEqual(forward);
  });

  it('is released by a search index’s trimming steps, with the same answers before and after', () => {
    const index = new SearchIndex({
      searchableAttributes: ['name', 'brand'],
      attributesForFaceting: ['brand'],
    });
    index.saveObjects(Array.from({ length: 3000 }, (_, position) => record(position)));
    const queries = ['veste', 'blu', 'rouge coton', 'jaket', 'acme'];
    const answers = () =>
      queries.map((text) => {
        const result = index.search({ text, hitsPerPage: 50, facets: ['brand'] });
        return [result.totalHits, result.facetCounts, result.hits.map((hit) => hit.record)];
      });
    const before = answers();
    const reserved = index.reservedBytes();

    for (const step of index.trimmingSteps()) step();

    expect(index.reservedBytes().text).toBeLessThan(reserved.text);
    expect(index.reservedBytes().facets).toBeLessThan(reserved.facets);
    expect(answers()).toEqual(before);
    index.saveObjects([{ objectID: 'new', name: 'anorak', brand: 'Acme' }, record(3001)]);
    expect(index.search({ text: 'anorak' }).hits.map((hit) => hit.record.objectID)).toEqual([
      'new',
    ]);
  });

  it('is not released by a replica sharing its source’s structures (the source trims them)', () => {
    const source = new SearchIndex({ searchableAttributes: ['name'] });
    const replica = new SearchIndex({ searchableAttributes: ['name'], ranking: ['desc(brand)'] });
    replica.shareWith(source);
    const records = Array.from({ length: 500 }, (_, position) => record(position));
    source.saveObjects(records);
    replica.saveObjects(records);
    expect(replica.trimmingSteps()).toEqual([]);
    expect(replica.reservedBytes()).toEqual({ records: 0, text: 0, facets: 0, scratch: 0 });
    expect(source.trimmingSteps().length).toBeGreaterThan(0);
  });

  it('is released in steps of a bounded copy, and kept when values are appended between them', () => {
    const list = new GrowableUint32Array(64);
    for (let value = 0; value < 10; value++) list.push(value * 3);
    const steps = list.trimSteps(3);
    expect(steps).toHaveLength(5);
    for (const step of steps) step();
    expect(list.buffer.length).toBe(10);
    expect([...list.view()]).toEqual(Array.from({ length: 10 }, (_, value) => value * 3));

    const growing = new GrowableUint32Array(64);
    for (let value = 0; value < 10; value++) growing.push(value);
    const interrupted = growing.trimSteps(4);
    interrupted[0]?.();
    growing.push(10);
    for (const step of interrupted.slice(1)) step();
    expect([...growing.view()]).toEqual(Array.from({ length: 11 }, (_, value) => value));
    expect(growing.buffer.length).toBe(64);
  });

  it('is at most a quarter of a very large list once it has grown, and then left in place', () => {
    const list = new GrowableUint32Array(1 << 22);
    for (let value = 0; value <= 1 << 22; value++) list.push(value);
    expect(list.buffer.length).toBe((1 << 22) + (1 << 20));
    expect(list.get(1 << 22)).toBe(1 << 22);
    expect(list.trimSteps(1 << 20)).toEqual([]);
  });
});
