import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedEditDistance } from './edit-distance.ts';
import { SearchIndex } from './search-index.ts';

describe('text matching against a brute-force scan', () => {
  it('matches words, prefixes and typos like a brute-force scan', () => {
    const letters = fc.constantFrom('a', 'b', 'e', 'r', 's');
    const word = fc.array(letters, { minLength: 1, maxLength: 9 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(
        fc.array(fc.array(word, { minLength: 1, maxLength: 4 }), { maxLength: 30 }),
        fc.array(word, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('prefixLast', 'prefixAll', 'prefixNone' as const),
        (titles, queryWords, queryType) => {
          const index = new SearchIndex({ minWordSizefor1Typo: 3, minWordSizefor2Typos: 6 });
          index.saveObjects(
            titles.map((title, n) => ({ objectID: String(n), title: title.join(' ') })),
          );
          const result = index.search({ text: queryWords.join(' '), queryType, hitsPerPage: 1000 });
          const budget = (length: number) => (length < 3 ? 0 : length < 6 ? 1 : 2);
          const expected = titles.flatMap((title, n) => {
            const matchesAll = queryWords.every((query, position) => {
              const prefix =
                queryType === 'prefixAll' ||
                (queryType === 'prefixLast' && position === queryWords.length - 1);
              const allowed = budget(query.length);
              return title.some(
                (token) => boundedEditDistance(query, token, allowed, prefix) <= allowed,
              );
            });
            return matchesAll ? [String(n)] : [];
          });
          expect(result.hits.map((hit) => hit.record.objectID).sort()).toEqual(expected.sort());
        },
      ),
      { numRuns: 200 },
    );
  });
});
