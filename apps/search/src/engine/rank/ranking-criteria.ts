/**
 * Turns `ranking` and `customRanking` into the list of criteria one search ranks with. Criteria that cannot
 * differ between the matched documents of this search are left out (no text: no typo/attribute/exact; one word:
 * no proximity; no optional filter: no filters; geo is always neutral), which keeps ranking cheap.
 */

import type { MatchScratch } from '../match/match-scratch.ts';
import type { DocumentTable } from '../records/document-table.ts';
import type { RecordColumns } from '../records/record-columns.ts';
import { parseSortCriterion, type SortCriterion } from '../settings/attribute-settings.ts';
import { compareCodeUnits } from '../text/term-dictionary.ts';
import type { RankingCriterion } from './rank.ts';
import {
  buildSortOrder,
  mergeSortOrder,
  type SortOrder,
  type SortOrderCache,
} from './sort-order.ts';

/** What the criteria read. */
export interface CriteriaContext {
  readonly scratch: MatchScratch;
  readonly columns: RecordColumns;
  readonly documents: DocumentTable;
  readonly hasText: boolean;
  /** Some matched word may carry typos (false: every document has 0 typos, `typo` cannot differ). */
  readonly typosPossible?: boolean;
  readonly someWordsOptional: boolean;
  readonly hasOptionalFilter: boolean;
  /** Occurrences gathered: proximity can be computed. */
  readonly proximity: boolean;
  readonly textWordCount: number;
  readonly minProximity: number;
  /** Lower bound of any document's total typos (each word's fewest-typo alternative), when known. */
  readonly fewestTypos?: number | undefined;
  /** Upper bound of any document's exact words (words with an exact alternative), when known. */
  readonly mostExactWords?: number | undefined;
  /** Cache of global orders and the index version it is keyed on. */
  readonly sortOrders: SortOrderCache;
  readonly version: number;
}

function fromArray(
  name: string,
  read: (documentNumber: number) => number,
  best?: number,
): RankingCriterion {
  return {
    name,
    best,
    keys(documents, keys) {
      for (let i = 0; i < documents.length; i++) keys[i] = read(documents[i] ?? 0);
    },
  };
}

/**
 * A criterion reading a per-document scratch array (negated when larger is better), with its own monomorphic
 * loop: one shared loop calling a reader per document costs a megamorphic call per document.
 */
function fromScratch(
  name: string,
  values: () => Uint8Array | Uint32Array | Float64Array,
  negate: boolean,
  best?: number,
): RankingCriterion {
  return {
    name,
    best,
    keys(documents, keys) {
      const array = values();
      if (negate) {
        for (let i = 0; i < documents.length; i++) keys[i] = -(array[documents[i] ?? 0] ?? 0);
      } else {
        for (let i = 0; i < documents.length; i++) keys[i] = array[documents[i] ?? 0] ?? 0;
      }
    },
  };
}

/**
 * A criterion ordering by an attribute (`asc(price)`, `desc(popularity)`): numbers and booleans by value,
 * strings alphabetically after numbers, missing values last in both directions.
 */
export function sortCriterion(sort: SortCriterion, context: CriteriaContext): RankingCriterion {
  const column = context.columns.numeric(sort.path);
  const ascending = sort.direction === 'asc';
  return {
    name: `${sort.direction}(${sort.path})`,
    keys(documents, keys) {
      const strings: number[] = [];
      for (let i = 0; i < documents.length; i++) {
        const documentNumber = documents[i] ?? 0;
        const value = ascending ? column.minimum(documentNumber) : -column.maximum(documentNumber);
        if (!Number.isNaN(value)) keys[i] = value;
        else {
          keys[i] = Number.POSITIVE_INFINITY;
          strings.push(i);
        }
      }
      if (strings.length > 0) rankStrings(sort, context, documents, keys, strings);
    },
  };
}

/** The string a sort ranks a record by when the attribute holds no number (its first string value). */
export function sortText(
  sort: SortCriterion,
  context: Pick<CriteriaContext, 'columns'>,
  documentNumber: number,
): string | undefined {
  return context.columns.sortText(sort.path).textOf(documentNumber);
}

function rankStrings(
  sort: SortCriterion,
  context: CriteriaContext,
  documents: Uint32Array,
  keys: Float64Array,
  positions: readonly number[],
): void {
  const texts = new Map<number, string>();
  for (const position of positions) {
    const text = sortText(sort, context, documents[position] ?? 0);
    if (text !== undefined) texts.set(position, text);
  }
  if (texts.size === 0) return;
  // Strings rank after every number: numbers become their dense rank among these documents' numbers first
  // (`largest + 1` would round back to `largest` from 2^53 on), then strings follow alphabetically.
  const numbers = [...new Set(Array.from(keys).filter(Number.isFinite))].sort((a, b) => a - b);
  const numberRank = new Map(numbers.map((value, index) => [value, index]));
  for (let i = 0; i < keys.length; i++) {
    const rank = numberRank.get(keys[i] ?? 0);
    if (rank !== undefined) keys[i] = rank;
  }
  const base = numbers.length;
  const distinct = [...new Set(texts.values())].sort(compareCodeUnits);
  const ordinal = new Map(distinct.map((text, index) => [text, index]));
  for (const [position, text] of texts) {
    const rank = ordinal.get(text) ?? 0;
    keys[position] = base + (sort.direction === 'asc' ? rank : distinct.length - 1 - rank);
  }
}

function textCriterion(name: string, context: CriteriaContext): RankingCriterion | undefined {
  const { scratch } = context;
  switch (name) {
    case 'typo':
      return context.hasText && context.typosPossible !== false
        ? fromScratch(name, () => scratch.typos, false, context.fewestTypos)
        : undefined;
    case 'words':
      return context.someWordsOptional ? fromScratch(name, () => scratch.words, true) : undefined;
    case 'filters':
      return context.hasOptionalFilter
        ? fromScratch(name, () => scratch.filterScore, true)
        : undefined;
    case 'proximity':
      return context.proximity
        ? fromArray(
            name,
            (doc) =>
              scratch.occurrences.proximity(doc, context.textWordCount, context.minProximity),
            // Every word required: each consecutive pair is present and counts at least minProximity (≥ 1).
            context.someWordsOptional
              ? undefined
              : (context.textWordCount - 1) * Math.max(1, context.minProximity),
          )
        : undefined;
    case 'attribute':
      return context.hasText ? fromScratch(name, () => scratch.attribute, false, 0) : undefined;
    case 'exact':
      return context.hasText
        ? fromScratch(
            name,
            () => scratch.exact,
            true,
            context.mostExactWords === undefined ? undefined : -context.mostExactWords,
          )
        : undefined;
    default:
      return undefined;
  }
}

/**
 * One criterion standing for a run of consecutive sort criteria, reading each document's rank in the cached
 * global order (built on first use after a write).
 */
function cachedSortCriterion(
  sorts: readonly SortCriterion[],
  context: CriteriaContext,
): RankingCriterion {
  const signature = sorts.map((sort) => `${sort.direction}(${sort.path})`).join(',');
  const order = (): SortOrder =>
    context.sortOrders.get(signature, context.version, (previous) => {
      const { documents } = context;
      const live = new Uint32Array(documents.size);
      documents.live.toArray(live);
      const criteria = sorts.map((sort) => sortCriterion(sort, context));
      const base = { table: documents, capacity: documents.capacity };
      // After writes to the same table, the previous order is merged with the records numbered since.
      const since = previous?.base?.table === documents ? previous.base.capacity : undefined;
      const value =
        previous !== undefined && since !== undefined
          ? mergeSortOrder(previous.value, since, live, criteria, documents.capacity)
          : buildSortOrder(live, criteria, documents.capacity);
      return { value, base };
    });
  return {
    name: signature,
    keys(documents, keys) {
      const { rankOf } = order();
      for (let i = 0; i < documents.length; i++) keys[i] = rankOf[documents[i] ?? 0] ?? 0;
    },
    globalOrder: () => order().order,
  };
}

function sortsOf(name: string, customRanking: readonly string[]): SortCriterion[] | undefined {
  if (name === 'custom') return customRanking.flatMap((entry) => parseSortCriterion(entry) ?? []);
  const sort = parseSortCriterion(name);
  return sort === undefined ? undefined : [sort];
}

/**
 * The criteria of one search, in order.
 * @param ranking - the `ranking` setting (`custom` expands to `customRanking`; `asc(x)`/`desc(x)` sort).
 * @param customRanking - the `customRanking` setting.
 * @param typoFirst - `typoTolerance: min|strict` moves `typo` to the front.
 */
export function buildCriteria(
  ranking: readonly string[],
  customRanking: readonly string[],
  typoFirst: boolean,
  context: CriteriaContext,
): RankingCriterion[] {
  const names = typoFirst ? ['typo', ...ranking.filter((name) => name !== 'typo')] : ranking;
  const criteria: RankingCriterion[] = [];
  let pendingSorts: SortCriterion[] = [];
  const flush = (): void => {
    if (pendingSorts.length > 0) criteria.push(cachedSortCriterion(pendingSorts, context));
    pendingSorts = [];
  };
  for (const name of names) {
    const sorts = sortsOf(name, customRanking);
    if (sorts !== undefined) {
      pendingSorts.push(...sorts);
      continue;
    }
    const criterion = textCriterion(name, context);
    if (criterion === undefined) continue;
    flush();
    criteria.push(criterion);
  }
  flush();
  return criteria;
}
