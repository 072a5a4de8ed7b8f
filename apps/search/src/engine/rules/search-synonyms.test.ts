import { describe, expect, it } from 'vitest';
import type { SynonymEntry } from '../types.ts';
import { searchSynonyms } from './search-synonyms.ts';

const synonyms: SynonymEntry[] = [
  { objectID: 's2', type: 'onewaysynonym', input: 'phone', synonyms: ['smartphone'] },
  { objectID: 's1', type: 'synonym', synonyms: ['tv', 'Télévision'] },
  { objectID: 's3', type: 'altcorrection1', word: 'tv', corrections: ['tvs'] },
  { objectID: 's4', type: 'placeholder', placeholder: '<size>', replacements: ['xl'] },
];

function ids(search: Partial<Parameters<typeof searchSynonyms>[1]>): string[] {
  return searchSynonyms(synonyms, { query: '', page: 0, hitsPerPage: 100, ...search }).hits.map(
    (entry) => entry.objectID,
  );
}

describe('searchSynonyms', () => {
  it('returns every entry ordered by objectID for an empty query', () => {
    expect(ids({})).toEqual(['s1', 's2', 's3', 's4']);
  });

  it('finds text in any word of the entry, folded', () => {
    expect(ids({ query: 'TELEVISION' })).toEqual(['s1']);
    expect(ids({ query: 'tv' })).toEqual(['s1', 's3']);
    expect(ids({ query: 'smart' })).toEqual(['s2']);
    expect(ids({ query: 'size' })).toEqual(['s4']);
  });

  it('filters on type, accepting camel-case spellings and lists', () => {
    expect(ids({ type: 'oneWaySynonym' })).toEqual(['s2']);
    expect(ids({ type: 'synonym, altCorrection1' })).toEqual(['s1', 's3']);
    expect(ids({ type: 'altcorrection2' })).toEqual([]);
  });

  it('paginates', () => {
    expect(searchSynonyms(synonyms, { query: '', page: 1, hitsPerPage: 3 })).toMatchObject({
      hits: [{ objectID: 's4' }],
      totalHits: 4,
      pageCount: 2,
    });
  });
});
