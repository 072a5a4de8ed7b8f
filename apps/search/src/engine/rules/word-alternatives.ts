/**
 * The words a query word also stands for when a rule condition sets `alternatives: true` (Algolia: "whether the
 * pattern matches on plurals, synonyms, and typos"): its plural forms and its single-word synonyms, and theirs.
 */
import { pluralForms, withPluralForms } from '../text/plurals.ts';
import type { SynonymEntry } from '../types.ts';
import { ruleWords } from './normalize-for-rules.ts';

/**
 * Builds the lookup for one search; the synonym table is only read on first use.
 * With `lamp ⇄ torch` and plurals in `en`: `"lamps"` → `{lamp, torch, torches}`; `"torch"` → `{lamp, lamps,
 * torches}`.
 * @param synonyms - the index's synonym entries; only single-word expressions count. Pass `[]` when the search
 *   turns synonyms off.
 * @param pluralLanguages - the languages `ignorePlurals` resolves to for the search (`[]`: no plurals).
 */
export function wordAlternatives(
  synonyms: Iterable<SynonymEntry>,
  pluralLanguages: readonly string[],
): (word: string) => ReadonlySet<string> {
  let table: Map<string, Set<string>> | undefined;
  const cache = new Map<string, Set<string>>();
  return (word) => {
    const cached = cache.get(word);
    if (cached !== undefined) return cached;
    table ??= synonymTable(synonyms);
    const forms = withPluralForms(word, pluralLanguages);
    const found = new Set<string>(forms);
    for (const form of forms) {
      for (const synonym of table.get(form) ?? []) {
        found.add(synonym);
        for (const plural of pluralForms(synonym, pluralLanguages)) found.add(plural);
      }
    }
    found.delete(word);
    cache.set(word, found);
    return found;
  };
}

/** Folded single word → the single words it may also be read as. */
function synonymTable(entries: Iterable<SynonymEntry>): Map<string, Set<string>> {
  const table = new Map<string, Set<string>>();
  const add = (from: string, to: readonly string[]) => {
    const input = single(from);
    if (input === undefined) return;
    for (const text of to) {
      const output = single(text);
      if (output === undefined || output === input) continue;
      let set = table.get(input);
      if (set === undefined) {
        set = new Set();
        table.set(input, set);
      }
      set.add(output);
    }
  };
  for (const entry of entries) {
    switch (entry.type) {
      case 'synonym':
        for (const text of entry.synonyms) add(text, entry.synonyms);
        break;
      case 'onewaysynonym':
        add(entry.input, entry.synonyms);
        break;
      case 'altcorrection1':
      case 'altcorrection2':
        add(entry.word, entry.corrections);
        break;
      case 'placeholder':
        break;
    }
  }
  return table;
}

function single(text: string): string | undefined {
  const words = ruleWords(text);
  return words.length === 1 ? words[0] : undefined;
}
