import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../search-index.ts';
import type { SearchQuery, SearchRecord } from '../types.ts';

const settings = {
  searchableAttributes: ['name', 'brand'],
  attributesForFaceting: ['brand'],
};

const firstWords = ['jus', 'confiture', 'chips', 'café', 'compote', 'crème'];
const secondWords = ['de', 'des', 'du', 'doux', 'délice', 'orange', 'pomme'];

function product(position: number): SearchRecord {
  return {
    objectID: `p${position}`,
    name: `${firstWords[position % firstWords.length]} ${secondWords[(position * 7) % secondWords.length]} ${position}`,
    brand: position % 3 === 0 ? 'Acme' : 'Zed',
  };
}

/** Every hit (ids sorted: document numbers, the last tie-break, differ between the two indices) and the facets. */
function everything(index: SearchIndex, query: SearchQuery) {
  const result = index.search({
    ...query,
    hitsPerPage: 1000,
    facets: ['brand'],
    getRankingInfo: true,
  });
  const ranked = result.hits.map((hit) => ({
    id: hit.record.objectID,
    typos: hit.rankingInfo?.typos,
    proximity: hit.rankingInfo?.proximityDistance,
    attribute: hit.rankingInfo?.firstMatchedWord,
    exact: hit.rankingInfo?.exactWords,
  }));
  return {
    hits: ranked.sort((a, b) => a.id.localeCompare(b.id)),
    totalHits: result.totalHits,
    facetCounts: result.facetCounts,
  };
}

describe('word caches across writes', () => {
  // Broad words ("c", "jus d") go through the per-word caches; a write must never let a search read a stale entry.
  const queries: SearchQuery[] = [
    { text: 'c' },
    { text: 'co' },
    { text: 'jus d' },
    { text: 'cafe d' },
    { text: 'confitur de' },
  ];

  it('answers after adds, replacements and deletions as an index built from the final records', () => {
    const records = Array.from({ length: 400 }, (_, position) => product(position));
    const index = new SearchIndex(settings, { scoringPrefix: 8 });
    index.saveObjects(records);
    for (const query of queries) index.search(query);

    const added = Array.from({ length: 60 }, (_, offset) => product(400 + offset));
    index.saveObjects(added);
    const replaced = records
      .slice(0, 50)
      .map((record) => ({ ...record, name: `crème dessert ${record.objectID}` }));
    index.saveObjects(replaced);
    const deleted = records.slice(100, 180).map((record) => record.objectID);
    index.deleteObjects(deleted);

    const finalRecords = [...records, ...added]
      .filter((record) => !deleted.includes(record.objectID))
      .map((record) => replaced.find((other) => other.objectID === record.objectID) ?? record);
    const fresh = new SearchIndex(settings);
    fresh.saveObjects(finalRecords);
    for (const query of queries) expect(everything(index, query)).toEqual(everything(fresh, query));
  });

  it('returns the same page before and after a write that does not touch the matches', () => {
    const index = new SearchIndex(settings, { scoringPrefix: 8 });
    index.saveObjects(Array.from({ length: 300 }, (_, position) => product(position)));
    const before = index.search({ text: 'jus d', hitsPerPage: 5 });
    index.saveObjects([{ objectID: 'other', name: 'thé vert', brand: 'Zed' }]);
    const after = index.search({ text: 'jus d', hitsPerPage: 5 });
    expect(after.hits.map((hit) => hit.record.objectID)).toEqual(
      before.hits.map((hit) => hit.record.objectID),
    );
    expect(after.totalHits).toBe(before.totalHits);
  });
});
