/**
 * `POST /1/indexes/{index}/synonyms/search`: find synonym entries by text and type. Lives with the rules
 * because it is the same kind of pure list search over merchant-managed entries.
 */
import type { SynonymEntry } from '../types.ts';
import { normalizeForRules } from './normalize-for-rules.ts';
import { type Page, paginate } from './paginate.ts';

/** A synonyms search request, in the engine's terms (protocol/ has checked the ranges). */
export interface SynonymSearch {
  /** Text looked for (folded, substring) in the objectID and every word of the entry; `""` = all. */
  readonly query: string;
  /**
   * Only entries of these types, comma-separated; case-insensitive, so Algolia's camel-case spellings work
   * (`oneWaySynonym`, `altCorrection1`). Absent or `""` = every type.
   */
  readonly type?: string;
  /** 0-based. */
  readonly page: number;
  readonly hitsPerPage: number;
}

/**
 * Searches an index's synonyms, ordered by `objectID` so pages are stable.
 * `{ query: "tele", type: "oneWaySynonym", page: 0, hitsPerPage: 100 }` over s1 (synonym tv/télé) and s2
 * (onewaysynonym télé → tv) → `{ hits: [s2], totalHits: 1, page: 0, pageSize: 100, pageCount: 1 }`.
 * @param synonyms - every synonym entry of the index.
 * @param search - see `SynonymSearch`.
 */
export function searchSynonyms(
  synonyms: readonly SynonymEntry[],
  search: SynonymSearch,
): Page<SynonymEntry> {
  const query = normalizeForRules(search.query);
  const types = new Set(
    (search.type ?? '')
      .split(',')
      .map((type) => type.trim().toLowerCase())
      .filter((type) => type !== ''),
  );
  const found = synonyms.filter(
    (entry) =>
      (types.size === 0 || types.has(entry.type.toLowerCase())) &&
      (query === '' ||
        searchableTexts(entry).some((text) => normalizeForRules(text).includes(query))),
  );
  found.sort((a, b) => (a.objectID < b.objectID ? -1 : a.objectID > b.objectID ? 1 : 0));
  return paginate(found, search.page, search.hitsPerPage);
}

function searchableTexts(entry: SynonymEntry): readonly string[] {
  switch (entry.type) {
    case 'synonym':
      return [entry.objectID, ...entry.synonyms];
    case 'onewaysynonym':
      return [entry.objectID, entry.input, ...entry.synonyms];
    case 'altcorrection1':
    case 'altcorrection2':
      return [entry.objectID, entry.word, ...entry.corrections];
    case 'placeholder':
      return [entry.objectID, entry.placeholder, ...entry.replacements];
  }
}
