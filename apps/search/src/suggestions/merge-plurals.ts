/**
 * Singular/plural duplicates merged per language (the configuration's `languages`): `jacket` and `jackets`, or
 * `veste` and `vestes`, are one suggestion, the more popular form, with both forms' popularity. The forms come
 * from the engine's own plural rules (`ignorePlurals`), so a suggestion merges exactly the forms a search for it
 * finds: two texts are one when each word of one is a form of the other's word at the same place.
 */
import { pluralForms } from '../engine/index.ts';
import { wordsOf } from './suggestion-text.ts';

export interface Popular {
  readonly text: string;
  readonly popularity: number;
}

/** Spellings tried per text (every word's forms combined): texts of many plural words merge on the first ones. */
const maxSpellings = 64;

/**
 * Merges the entries whose words are plural forms of one another, keeping the more popular text (the first in
 * input order on a tie) with the summed popularity. Order: the kept entries, most popular first.
 */
export function mergePlurals<T extends Popular>(
  entries: readonly T[],
  languages: readonly string[],
): T[] {
  const kept: T[] = [];
  const bySpelling = new Map<string, number>();
  for (const entry of [...entries].sort((a, b) => b.popularity - a.popularity)) {
    const spellings = spellingsOf(entry.text, languages);
    const match = spellings
      .map((spelling) => bySpelling.get(spelling))
      .find((at) => at !== undefined);
    const into = match === undefined ? undefined : kept[match];
    if (match !== undefined && into) {
      kept[match] = { ...into, popularity: into.popularity + entry.popularity };
      continue;
    }
    for (const spelling of spellings)
      if (!bySpelling.has(spelling)) bySpelling.set(spelling, kept.length);
    kept.push(entry);
  }
  return kept.sort((a, b) => b.popularity - a.popularity);
}

/** The text as written, then with each word in its other forms (`hoodies` → `hoodie`, `hoody`…). */
function spellingsOf(text: string, languages: readonly string[]): string[] {
  let spellings = [''];
  for (const word of wordsOf(text)) {
    const forms = [word, ...pluralForms(word, languages)];
    const next: string[] = [];
    for (const prefix of spellings)
      for (const form of forms) {
        if (next.length >= maxSpellings) break;
        next.push(prefix === '' ? form : `${prefix} ${form}`);
      }
    spellings = next;
  }
  return spellings;
}
