import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { DocumentTable } from '../records/document-table.ts';
import { SearchIndex } from '../search-index.ts';
import {
  applyOperation,
  filterArbitrary,
  operationsArbitrary,
  optional,
  searchOrError,
  words,
} from '../testing/random-index.ts';
import type { IndexSettings, SearchQuery } from '../types.ts';
import {
  BuildFormatError,
  type ExportedPart,
  type ImportedPart,
  type Uint32Lists,
} from './engine-build.ts';

const settings: Partial<IndexSettings> = {
  searchableAttributes: ['title', 'unordered(brand)'],
  attributesForFaceting: ['brand', 'colors', 'stock', 'specs.size', 'price', 'group'],
  attributeForDistinct: 'group',
  customRanking: ['asc(rank)'],
};

/** The parts as a caller storing them hands them back: JSON re-parsed, arrays copied, lists end to end. */
function roundTrip(parts: readonly ExportedPart[]): ImportedPart[] {
  return parts.flatMap((part) => (part.kind === 'u32-lists' ? listParts(part) : [copied(part)]));
}

function copied(part: Exclude<ExportedPart, { kind: 'u32-lists' }>): ImportedPart {
  switch (part.kind) {
    case 'json':
      return { kind: 'json', value: JSON.parse(JSON.stringify(part.value)) };
    case 'u8':
      return { kind: 'u8', array: part.array.slice() };
    case 'u32':
      return { kind: 'u32', array: part.array.slice() };
    case 'f64':
      return { kind: 'f64', array: part.array.slice() };
  }
}

function listParts(part: Uint32Lists): ImportedPart[] {
  const values: number[] = [];
  part.lists.forEach((list, i) => {
    values.push(...(list?.buffer.subarray(0, part.lengths[i]) ?? []));
  });
  return [
    { kind: 'u32', array: part.lengths.slice() },
    { kind: 'u32', array: Uint32Array.from(values) },
  ];
}

const queryArbitrary: fc.Arbitrary<SearchQuery> = fc
  .record({
    word: optional(fc.constantFrom(...words, 'pom', 'chocolta', 'acme')),
    filter: optional(filterArbitrary),
    hitsPerPage: fc.integer({ min: 0, max: 6 }),
    sortBy: fc.constantFrom(undefined, 'desc(price)', 'asc(title)', 'desc(brand)'),
  })
  .map(({ word, filter, hitsPerPage, sortBy }) => ({
    text: word ?? '',
    hitsPerPage,
    facets: ['brand', 'price', 'colors'],
    ...(sortBy === undefined ? {} : { ranking: [sortBy, 'typo', 'words', 'custom'] }),
    ...(filter === undefined ? {} : { filter }),
  }));

describe('an index built from an exported build', () => {
  it('answers every search as the index it was exported from, and keeps doing so through later writes', () => {
    fc.assert(
      fc.property(
        operationsArbitrary,
        operationsArbitrary,
        fc.array(queryArbitrary, { minLength: 1, maxLength: 4 }),
        (before, after, queries) => {
          const options = { compactionThreshold: 3 };
          const original = new SearchIndex(settings, options);
          for (const operation of before) applyOperation(original, operation);
          const parts = original.exportBuild() ?? [];
          const imported = new SearchIndex(settings, options);
          imported.importBuild(roundTrip(parts));
          const compare = () => {
            for (const query of queries)
              expect(searchOrError(imported, query)).toEqual(searchOrError(original, query));
            expect(imported.browse({ text: '', hitsPerPage: 4 })).toEqual(
              original.browse({ text: '', hitsPerPage: 4 }),
            );
            expect([...imported.allObjects()]).toEqual([...original.allObjects()]);
            expect(imported.dataSize).toBe(original.dataSize);
          };
          compare();
          for (const operation of after) {
            applyOperation(original, operation);
            applyOperation(imported, operation);
          }
          compare();
        },
      ),
      { numRuns: 150 },
    );
  });

  it('carries the columns a sort on a text attribute reads: the first such sort decodes no record', () => {
    const sorted = { ...settings, ranking: ['asc(title)', 'typo', 'words', 'custom'] };
    const original = new SearchIndex(sorted);
    original.saveObjects([
      { objectID: 'a', title: 'pomme verte', brand: 'Zeta', price: 2, rank: 1 },
      { objectID: 'b', title: 'pomme rouge', brand: 'Acme', price: 3, rank: 2 },
      { objectID: 'c', title: 'poire', brand: 'Mono', price: 1, rank: 3 },
    ]);
    const byTitle = { text: 'pomme' };
    const decodes = vi.spyOn(DocumentTable.prototype, 'forEachLive');
    try {
      const expected = original.search(byTitle).hits.map((hit) => hit.record.objectID);
      expect(expected).toEqual(['b', 'a']);
      const imported = new SearchIndex(sorted);
      imported.importBuild(roundTrip(original.exportBuild() ?? []));
      decodes.mockClear();
      expect(imported.search(byTitle).hits.map((hit) => hit.record.objectID)).toEqual(expected);
      expect(decodes).not.toHaveBeenCalled();
    } finally {
      decodes.mockRestore();
    }
  });

  it('is refused when made with other indexing settings or by another engine version', () => {
    const original = new SearchIndex(settings);
    original.saveObjects([{ objectID: 'a', title: 'pomme', brand: 'Acme', price: 2 }]);
    const parts = roundTrip(original.exportBuild() ?? []);
    const other = new SearchIndex({ ...settings, attributesForFaceting: ['brand'] });
    expect(() => other.importBuild(parts)).toThrow(BuildFormatError);
    expect(other.size).toBe(0);
    const [header, ...rest] = parts;
    const older: ImportedPart[] = [
      {
        kind: 'json',
        value: { ...(header?.kind === 'json' ? (header.value as object) : {}), version: 0 },
      },
      ...rest,
    ];
    expect(() => new SearchIndex(settings).importBuild(older)).toThrow(/engine version 0/);
    expect(() => new SearchIndex(settings).importBuild(parts.slice(0, -1))).toThrow(
      BuildFormatError,
    );
  });

  it('is nothing for a replica reading its primary’s structures', () => {
    const primary = new SearchIndex(settings);
    const replica = new SearchIndex({ ...settings, ranking: ['asc(price)', 'custom'] });
    replica.shareWith(primary);
    expect(replica.exportBuild()).toBeUndefined();
    expect(primary.exportBuild()).toBeDefined();
  });
});
