/**
 * Review of the bit-mask typo walk: `visitTypoMatches` against a reference Damerau–Levenshtein (optimal string
 * alignment) written here from the definition, not against edit-distance.ts, over random dictionaries with
 * Latin, accented, Cyrillic, CJK and astral letters, query letters absent from the dictionary, words of 1–4
 * letters (the empty word left out, see below), words around the 30-letter limit of the masks, and budgets
 * 0–3 (3 takes the byte-per-cell walk).
 * Each word must be visited at most once, with its exact distance.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCodeUnits } from './term-dictionary.ts';
import { visitTypoMatches } from './typo-match.ts';

/** Optimal string alignment distance over UTF-16 code units, the full table. */
function osaDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [];
    for (let j = 0; j <= b.length; j++) {
      if (i === 0) row.push(j);
      else if (j === 0) row.push(i);
      else {
        const above = rows[i - 1] ?? [];
        const cost = a[i - 1] === b[j - 1] ? 0 : 1;
        let value = Math.min(
          (above[j] ?? 0) + 1,
          (row[j - 1] ?? 0) + 1,
          (above[j - 1] ?? 0) + cost,
        );
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
          value = Math.min(value, (rows[i - 2]?.[j - 2] ?? 0) + 1);
        row.push(value);
      }
    }
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? 0;
}

/** Distance of `word` to `candidate`, or to its closest prefix (the empty one included) under prefix matching. */
function reference(word: string, candidate: string, asPrefix: boolean): number {
  if (!asPrefix) return osaDistance(word, candidate);
  let best = Number.POSITIVE_INFINITY;
  for (let length = 0; length <= candidate.length; length++)
    best = Math.min(best, osaDistance(word, candidate.slice(0, length)));
  return best;
}

function expected(terms: readonly string[], word: string, maxTypos: number, asPrefix: boolean) {
  const found: Record<string, number> = {};
  for (const term of terms) {
    const distance = reference(word, term, asPrefix);
    if (distance <= maxTypos) found[term] = distance;
  }
  return found;
}

/** Every visit, failing on a word visited twice or a range out of bounds. */
function visited(terms: readonly string[], word: string, maxTypos: number, asPrefix: boolean) {
  const found: Record<string, number> = {};
  visitTypoMatches(terms, word, maxTypos, asPrefix, (low, high, typos) => {
    expect(low).toBeGreaterThanOrEqual(0);
    expect(high).toBeLessThanOrEqual(terms.length);
    for (let i = low; i < high; i++) {
      const term = terms[i] ?? '';
      expect(found, `${term} visited twice`).not.toHaveProperty([term]);
      found[term] = typos;
    }
  });
  return found;
}

function sorted(words: readonly string[]): string[] {
  return [...new Set(words)].sort(compareCodeUnits);
}

/** Dictionary letters: Latin, accented, Cyrillic, CJK, and one astral letter (two code units). */
const dictionaryLetter = fc.constantFrom('a', 'b', 'c', 'é', 'ß', 'ж', '中', '😀');
/** Query letters: the dictionary's plus some no dictionary word holds. */
const queryLetter = fc.oneof(dictionaryLetter, fc.constantFrom('z', 'ø', 'я', '字'));
const join = (letters: string[]) => letters.join('');

/** Query words near dictionary words: a few random edits of a dictionary word (or of a random word). */
function edited(base: string, edits: readonly [number, number, string][]): string {
  let text = base;
  for (const [kind, at, letter] of edits) {
    const position = text.length === 0 ? 0 : at % (text.length + 1);
    if (kind === 0) text = text.slice(0, position) + letter + text.slice(position);
    else if (kind === 1) text = text.slice(0, position) + text.slice(position + 1);
    else if (kind === 2) text = text.slice(0, position) + letter + text.slice(position + 1);
    else
      text =
        text.slice(0, position) +
        text.slice(position + 1, position + 2) +
        text.slice(position, position + 1) +
        text.slice(position + 2);
  }
  return text;
}

const edits = fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.nat(40), queryLetter), {
  maxLength: 3,
});

describe('visitTypoMatches against the definition', () => {
  it('short and mid-length words, every budget, both modes, non-Latin and absent letters', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.array(dictionaryLetter, { minLength: 1, maxLength: 7 }).map(join), {
          maxLength: 40,
        }),
        fc.oneof(
          fc.array(queryLetter, { minLength: 1, maxLength: 4 }).map(join),
          fc.array(queryLetter, { minLength: 1, maxLength: 8 }).map(join),
        ),
        fc.nat(40),
        edits,
        fc.boolean(),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        (words, randomWord, pick, changes, nearWord, maxTypos, asPrefix) => {
          const terms = sorted(words);
          const near = nearWord ? edited(terms[pick % terms.length] ?? '', changes) : '';
          // The empty word is left out: both walks (old and new) give it 1 typo under prefix matching where the
          // definition gives 0; no query word is empty.
          const word = near === '' ? randomWord : near;
          expect(visited(terms, word, maxTypos, asPrefix)).toEqual(
            expected(terms, word, maxTypos, asPrefix),
          );
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('words of 28–33 letters (the masks hold 30), with dictionary words at a few edits from them', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'é'), { minLength: 28, maxLength: 33 }).map(join),
        fc.array(edits, { maxLength: 12 }),
        fc.uniqueArray(
          fc.array(fc.constantFrom('a', 'b', 'é'), { minLength: 26, maxLength: 35 }).map(join),
          {
            maxLength: 8,
          },
        ),
        fc.integer({ min: 1, max: 2 }),
        fc.boolean(),
        (word, variants, others, maxTypos, asPrefix) => {
          const terms = sorted([
            ...others,
            ...variants.map((changes) => edited(word, changes)).filter((term) => term.length > 0),
          ]);
          expect(visited(terms, word, maxTypos, asPrefix)).toEqual(
            expected(terms, word, maxTypos, asPrefix),
          );
        },
      ),
      { numRuns: 600 },
    );
  });

  it('exactly 30 and 31 letters: a transposition, a substitution and an insertion at the last letter', () => {
    for (const length of [29, 30, 31, 32]) {
      const word = `${'ab'.repeat(16).slice(0, length - 1)}z`;
      const swapped = `${word.slice(0, -2)}${word.at(-1)}${word.at(-2)}`;
      const substituted = `${word.slice(0, -1)}y`;
      const longer = `${word}q`;
      const terms = sorted([word, swapped, substituted, longer, word.slice(0, -1)]);
      for (const asPrefix of [false, true]) {
        for (const maxTypos of [1, 2]) {
          expect(visited(terms, word, maxTypos, asPrefix), `${length} letters`).toEqual(
            expected(terms, word, maxTypos, asPrefix),
          );
        }
      }
    }
  });
});
