import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../search-index.ts';
import { boundedEditDistance } from '../text/edit-distance.ts';

describe('text matching against a brute-force scan', () => {
  it('matches words, prefixes, typos, splits and joined words like a brute-force scan', () => {
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
          const isPrefix = (position: number) =>
            queryType === 'prefixAll' ||
            (queryType === 'prefixLast' && position === queryWords.length - 1);
          const tokens = titles.flat();
          const frequency = (term: string) => tokens.filter((token) => token === term).length;
          // Splitting (split-concat.ts): a word no record holds as typed (nor as a prefix, when prefix-matched)
          // becomes the two indexed words of its best cut (the one whose rarer part is the most frequent), which
          // must then follow one another in the title.
          const splitOf = (query: string, position: number): readonly string[] | undefined => {
            if (query.length < 3) return undefined;
            const known = tokens.some((token) =>
              isPrefix(position) ? token.startsWith(query) : token === query,
            );
            if (known) return undefined;
            let best: readonly string[] | undefined;
            let bestScore = 0;
            for (let cut = 1; cut <= Math.min(12, query.length - 1); cut++) {
              const parts = [query.slice(0, cut), query.slice(cut)];
              const score = Math.min(...parts.map(frequency));
              if (score > bestScore) [best, bestScore] = [parts, score];
            }
            return best;
          };
          // A split's halves must follow one another in the attribute (`yogapants` → "Yoga Pant").
          const followEachOther = (title: readonly string[], [left, right]: readonly string[]) =>
            title.some((token, at) => token === left && title[at + 1] === right);
          // Concatenation: two consecutive words also match the record word they form (a prefix of it when the
          // second one is prefix-matched).
          const joinedMatches = (title: readonly string[], first: number) => {
            const joined = `${queryWords[first]}${queryWords[first + 1]}`;
            return title.some((token) =>
              isPrefix(first + 1) ? token.startsWith(joined) : token === joined,
            );
          };
          const expected = titles.flatMap((title, n) => {
            const matchesAll = queryWords.every((query, position) => {
              const allowed = budget(query.length);
              const typed = title.some(
                (token) =>
                  boundedEditDistance(query, token, allowed, isPrefix(position)) <= allowed,
              );
              const split = splitOf(query, position);
              return (
                typed ||
                (split !== undefined && followEachOther(title, split)) ||
                (position > 0 && joinedMatches(title, position - 1)) ||
                (position + 1 < queryWords.length && joinedMatches(title, position))
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
