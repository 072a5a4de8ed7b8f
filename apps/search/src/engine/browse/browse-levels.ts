/**
 * What a browse cursor remembers of the last record it returned, criterion by criterion, as values that keep
 * their meaning after writes: the text criterion's attribute key (absolute for a given query) and, for each
 * `customRanking` sort, the record's own value (number, string, or null when missing). The ranking's sort keys
 * are dense ranks among the live records and change with every write, so they cannot be compared across pages.
 */

import type { RankingCriterion } from '../rank/rank.ts';
import { type CriteriaContext, sortText } from '../rank/ranking-criteria.ts';
import { parseSortCriterion, type SortCriterion } from '../settings/attribute-settings.ts';
import { compareCodeUnits } from '../text/term-dictionary.ts';
import type { BrowseValue, IndexSettings } from '../types.ts';

export interface BrowseLevel {
  /** `attribute`, or the sort (`asc(price)`): a cursor's values are compared only on the levels it names. */
  readonly name: string;
  /** The value of one document. */
  valueOf(documentNumber: number): BrowseValue;
  /** Negative when value `a` ranks before `b`, 0 when they tie. */
  compare(a: BrowseValue, b: BrowseValue): number;
  /**
   * Decides the documents still tied (`verdict` 0) against `pivot`: 1 when a document ranks after it, -1 before.
   */
  decide(documents: Uint32Array, pivot: BrowseValue, verdict: Int8Array): void;
}

/**
 * The levels of a browse ranked by `criteria` (the browse criteria: the text criterion when there is text, then
 * one criterion for the `customRanking` sorts), in the same order as the ranking.
 */
export function browseLevels(
  criteria: readonly RankingCriterion[],
  settings: Pick<IndexSettings, 'customRanking' | 'searchableAttributes'>,
  context: CriteriaContext,
): BrowseLevel[] {
  // The text level's values are positions in `searchableAttributes`: its name carries them, so a cursor issued
  // before they changed is refused rather than compared on positions that now mean something else.
  const textName = `attribute(${JSON.stringify(settings.searchableAttributes)})`;
  const text = criteria
    .filter((criterion) => criterion.name === 'attribute')
    .map((criterion) => numericLevel(criterion, textName));
  const { customRanking } = settings;
  const sorts = customRanking.flatMap((entry) => parseSortCriterion(entry) ?? []);
  return [...text, ...sorts.map((sort) => sortLevel(sort, context))];
}

function numericLevel(criterion: RankingCriterion, name: string): BrowseLevel {
  return {
    name,
    compare: (a, b) => Number(a) - Number(b),
    valueOf(documentNumber) {
      const key = new Float64Array(1);
      criterion.keys(Uint32Array.of(documentNumber), key);
      return key[0] ?? 0;
    },
    decide(documents, pivot, verdict) {
      const keys = new Float64Array(documents.length);
      criterion.keys(documents, keys);
      const limit = Number(pivot);
      for (let i = 0; i < documents.length; i++) {
        if (verdict[i] !== 0) continue;
        const key = keys[i] ?? 0;
        if (key !== limit) verdict[i] = key > limit ? 1 : -1;
      }
    },
  };
}

/** Rank class of a sort value: numbers, then strings, then missing values, in both directions. */
function classOf(value: BrowseValue): number {
  if (typeof value === 'number') return 0;
  return typeof value === 'string' ? 1 : 2;
}

/** As `sortCriterion` ranks: the smallest value for `asc`, the largest for `desc`, strings after numbers. */
function sortLevel(sort: SortCriterion, context: CriteriaContext): BrowseLevel {
  const column = context.columns.numeric(sort.path);
  const ascending = sort.direction === 'asc';
  const sign = ascending ? 1 : -1;
  const numberOf = (documentNumber: number) =>
    ascending ? column.minimum(documentNumber) : column.maximum(documentNumber);
  const valueAt = (documentNumber: number): BrowseValue => {
    const value = numberOf(documentNumber);
    if (!Number.isNaN(value)) return value;
    return sortText(sort, context, documentNumber) ?? null;
  };
  const compare = (a: BrowseValue, b: BrowseValue): number => {
    const byClass = classOf(a) - classOf(b);
    if (byClass !== 0) return byClass;
    if (typeof a === 'number' && typeof b === 'number') return sign * (a - b);
    if (typeof a === 'string' && typeof b === 'string') return sign * compareCodeUnits(a, b);
    return 0;
  };
  return {
    name: `${sort.direction}(${sort.path})`,
    valueOf: valueAt,
    compare,
    decide(documents, pivot, verdict) {
      const numericPivot = typeof pivot === 'number';
      for (let i = 0; i < documents.length; i++) {
        if (verdict[i] !== 0) continue;
        const documentNumber = documents[i] ?? 0;
        const value = numberOf(documentNumber);
        // Numbers against a number pivot without building a value (the common case).
        const comparison =
          numericPivot && !Number.isNaN(value)
            ? sign * (value - pivot)
            : compare(valueAt(documentNumber), pivot);
        if (comparison !== 0) verdict[i] = comparison > 0 ? 1 : -1;
      }
    },
  };
}
