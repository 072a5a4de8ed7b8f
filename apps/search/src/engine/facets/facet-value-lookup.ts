/**
 * Facet values by their rule folding (`normalizeForRules`), for `{facet:attribute}` rule placeholders:
 * `"poesie"` → `["Poésie"]`. The folded map of a column is built once and extended as values are added
 * (a column only ever gains values); values no live record holds any more are left out at lookup.
 */

import { normalizeForRules } from '../rules/normalize-for-rules.ts';
import type { FacetColumn } from './facet-column.ts';

interface FoldedValues {
  /** Value ids already folded (the column's `valueCount` when last extended). */
  count: number;
  readonly idsByPhrase: Map<string, number[]>;
}

const foldedColumns = new WeakMap<FacetColumn, FoldedValues>();

/**
 * The raw values of `column` held by live records whose folding equals `phrase`.
 * @param phrase - folded words joined by one space (as `ruleWords(text).join(' ')`).
 */
export function facetValuesByFolding(column: FacetColumn, phrase: string): string[] {
  let folded = foldedColumns.get(column);
  if (folded === undefined) {
    folded = { count: 0, idsByPhrase: new Map() };
    foldedColumns.set(column, folded);
  }
  for (; folded.count < column.valueCount; folded.count++) {
    const key = normalizeForRules(column.valueOf(folded.count));
    const ids = folded.idsByPhrase.get(key);
    if (ids === undefined) folded.idsByPhrase.set(key, [folded.count]);
    else ids.push(folded.count);
  }
  const values: string[] = [];
  for (const id of folded.idsByPhrase.get(phrase) ?? [])
    if (column.liveCount(id) > 0) values.push(column.valueOf(id));
  return values;
}
