/**
 * The ways a French shopper types a product name differently from the catalogue: accents dropped ("veloute"),
 * an accent added where there is none ("pâte" for "pate"), an elided article ("l'huile d'olive"), or the other
 * number of a noun ("biscuit" / "biscuits").
 */
import type { SeededRandom } from './seeded-random.ts';

export type FrenchVariant = 'accents-removed' | 'accent-added' | 'elision' | 'plural';

/** `Velouté` → `Veloute`: NFD, then drop the combining marks. */
export function removeAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

const accented: Readonly<Record<string, string>> = { e: 'é', a: 'à', u: 'û', i: 'î', o: 'ô' };

/** Returns the variant's words, or undefined when the variant does not apply to these words. */
export function frenchVariant(
  words: readonly string[],
  variant: FrenchVariant,
  random: SeededRandom,
): string[] | undefined {
  switch (variant) {
    case 'accents-removed': {
      const plain = words.map(removeAccents);
      return plain.join(' ') === words.join(' ') ? undefined : plain;
    }
    case 'accent-added':
      return replaceOneWord(words, random, (word) => /^[a-z]{4,}$/.test(word), addAccent);
    case 'elision': {
      const first = words[0] ?? '';
      return /^[aeiouhéè]/.test(first) && !first.includes("'")
        ? [`l'${first}`, ...words.slice(1)]
        : undefined;
    }
    case 'plural':
      return replaceOneWord(
        words,
        random,
        (word) => /^[a-zà-ÿ]{4,}$/.test(word),
        (word) => (/[sx]$/.test(word) ? word.slice(0, -1) : `${word}s`),
      );
  }
}

function addAccent(word: string, random: SeededRandom): string {
  const positions = [...word].flatMap((letter, i) => (accented[letter] ? [i] : []));
  if (positions.length === 0) return word;
  const at = random.pick(positions);
  return word.slice(0, at) + (accented[word[at] ?? ''] ?? '') + word.slice(at + 1);
}

function replaceOneWord(
  words: readonly string[],
  random: SeededRandom,
  eligible: (word: string) => boolean,
  change: (word: string, random: SeededRandom) => string,
): string[] | undefined {
  const indexes = words.flatMap((word, i) => (eligible(word) ? [i] : []));
  if (indexes.length === 0) return undefined;
  const index = random.pick(indexes);
  return words.map((word, i) => (i === index ? change(word, random) : word));
}
