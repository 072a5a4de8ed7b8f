import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedEditDistance } from './edit-distance.ts';
import { compareCodeUnits } from './term-dictionary.ts';
import { visitTypoMatches } from './typo-match.ts';

function matches(
  terms: readonly string[],
  word: string,
  maxTypos: number,
  prefix: boolean,
): Map<string, number> {
  const found = new Map<string, number>();
  visitTypoMatches(terms, word, maxTypos, prefix, (low, high, typos) => {
    for (let i = low; i < high; i++) found.set(terms[i] ?? '', typos);
  });
  return found;
}

describe('visitTypoMatches', () => {
  const dictionary = [
    'samba',
    'samsong',
    'samsung',
    'samsungs',
    'smasung',
    'sony',
    'television',
    'tv',
  ].sort(compareCodeUnits);

  it('finds exact words and prefixes without typos', () => {
    expect([...matches(dictionary, 'samsung', 0, false)]).toEqual([['samsung', 0]]);
    expect([...matches(dictionary, 'sam', 0, true).keys()]).toEqual([
      'samba',
      'samsong',
      'samsung',
      'samsungs',
    ]);
  });

  it('finds words within the typo budget, with their typo count', () => {
    const found = matches(dictionary, 'samsung', 1, false);
    expect(Object.fromEntries(found)).toEqual({ samsong: 1, samsung: 0, samsungs: 1, smasung: 1 });
  });

  it('combines prefix and typos on the last word', () => {
    expect(matches(dictionary, 'tele', 1, true).get('television')).toBe(0);
    expect(matches(dictionary, 'tlev', 1, true).get('television')).toBe(1);
  });

  it('agrees with a brute-force distance on random dictionaries', () => {
    const letters = fc.constantFrom('a', 'b', 'c', 'd');
    const term = fc.array(letters, { minLength: 1, maxLength: 10 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(
        fc.uniqueArray(term, { maxLength: 40 }),
        term,
        fc.integer({ min: 0, max: 2 }),
        fc.boolean(),
        (words, query, maxTypos, prefix) => {
          const sorted = [...words].sort(compareCodeUnits);
          const expected = new Map<string, number>();
          for (const candidate of sorted) {
            const distance = boundedEditDistance(query, candidate, maxTypos, prefix);
            if (distance <= maxTypos) expected.set(candidate, distance);
          }
          expect(Object.fromEntries(matches(sorted, query, maxTypos, prefix))).toEqual(
            Object.fromEntries(expected),
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it('agrees with a brute-force distance for words over 30 letters (one byte per cell)', () => {
    const long = fc
      .array(fc.constantFrom('a', 'b'), { minLength: 28, maxLength: 36 })
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(
        fc.uniqueArray(long, { maxLength: 20 }),
        long,
        fc.integer({ min: 1, max: 2 }),
        fc.boolean(),
        (words, query, maxTypos, prefix) => {
          const sorted = [...words].sort(compareCodeUnits);
          // Near misses of the query, so that some words are within the budget.
          const near = [query.slice(1), `${query}a`, `b${query.slice(1)}`, query.slice(0, 30)];
          const dictionary = [...new Set([...sorted, ...near])].sort(compareCodeUnits);
          const expected = new Map<string, number>();
          for (const candidate of dictionary) {
            const distance = boundedEditDistance(query, candidate, maxTypos, prefix);
            if (distance <= maxTypos) expected.set(candidate, distance);
          }
          expect(Object.fromEntries(matches(dictionary, query, maxTypos, prefix))).toEqual(
            Object.fromEntries(expected),
          );
        },
      ),
      { numRuns: 150 },
    );
  });
});
