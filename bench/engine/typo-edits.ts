/**
 * Typing mistakes for the typo mixes: one random edit (substitute, insert, delete or swap two neighbours) of a
 * word. A swap is one typo for Algolia-style engines (Damerau) and two for plain Levenshtein (Orama, MiniSearch);
 * real typing makes all four, so the mixes keep all four.
 */
import type { SeededRandom } from './seeded-random.ts';

const letters = 'abcdefghijklmnopqrstuvwxyz';
const editKinds = ['substitute', 'insert', 'delete', 'swap'] as const;

export function applyRandomEdit(word: string, random: SeededRandom): string {
  const kind = random.pick(editKinds);
  const at = random.integer(word.length);
  const letter = random.pick([...letters]);
  switch (kind) {
    case 'substitute':
      return word.slice(0, at) + letter + word.slice(at + 1);
    case 'insert':
      return word.slice(0, at) + letter + word.slice(at);
    case 'delete':
      return word.slice(0, at) + word.slice(at + 1);
    case 'swap': {
      const left = Math.min(at, word.length - 2);
      return (
        word.slice(0, left) + (word[left + 1] ?? '') + (word[left] ?? '') + word.slice(left + 2)
      );
    }
  }
}

/** Optimal-string-alignment distance (Levenshtein plus adjacent swaps), to check an edit really made n typos. */
export function typoDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const columns = b.length + 1;
  const table = new Uint16Array(rows * columns);
  for (let i = 0; i < rows; i++) table[i * columns] = i;
  for (let j = 0; j < columns; j++) table[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < columns; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (table[(i - 1) * columns + j] ?? 0) + 1,
        (table[i * columns + j - 1] ?? 0) + 1,
        (table[(i - 1) * columns + j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (table[(i - 2) * columns + j - 2] ?? 0) + 1);
      }
      table[i * columns + j] = best;
    }
  }
  return table[rows * columns - 1] ?? 0;
}

/**
 * Makes `typos` edits to one word of `words` long enough for that many typos under Algolia's default rule (1 typo
 * from 4 letters, 2 from 8, counted on the typed word), so a correct engine can still find the product. Returns
 * undefined when no word qualifies.
 */
export function misspellOneWord(
  words: readonly string[],
  typos: 1 | 2,
  random: SeededRandom,
): string[] | undefined {
  const minimumLength = typos === 1 ? 5 : 8;
  const candidates = words
    .map((word, index) => ({ word, index }))
    .filter(({ word }) => word.length >= minimumLength && /^[a-z]+$/.test(word));
  if (candidates.length === 0) return undefined;
  const { word, index } = random.pick(candidates);
  for (let attempt = 0; attempt < 20; attempt++) {
    let typed = word;
    for (let i = 0; i < typos; i++) typed = applyRandomEdit(typed, random);
    const longEnough = typed.length >= (typos === 1 ? 4 : 8);
    if (longEnough && typoDistance(typed, word) === typos) {
      return words.map((other, i) => (i === index ? typed : other));
    }
  }
  return undefined;
}
