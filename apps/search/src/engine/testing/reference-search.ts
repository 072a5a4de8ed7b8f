/**
 * A brute-force reference of the engine's observable semantics, for property tests: filters evaluated on raw
 * records, facet counts by scanning, custom-ranking order, distinct and pagination by slicing. Deliberately
 * naive (no index, no bit sets) so that it is obviously right; it shares only the tokenizer with the engine.
 */

import type { FilterExpression, NumericOperator } from '../filters/filter-expression.ts';
import { scalarToNumber, scalarToText, valuesAtPath } from '../records/record-paths.ts';
import { analyzeText } from '../text/analyze-text.ts';
import type { FacetStats, SearchRecord } from '../types.ts';

/** Records in the engine's document order: a replaced record moves to the end. */
export class ReferenceStore {
  private readonly records: SearchRecord[] = [];

  save(records: readonly SearchRecord[]): void {
    for (const record of records) {
      this.delete([record.objectID]);
      this.records.push(record);
    }
  }

  delete(objectIDs: readonly string[]): void {
    for (const objectID of objectIDs) {
      const index = this.records.findIndex((record) => record.objectID === objectID);
      if (index >= 0) this.records.splice(index, 1);
    }
  }

  all(): readonly SearchRecord[] {
    return this.records;
  }
}

function compareNumbers(operator: NumericOperator, value: number, target: number): boolean {
  switch (operator) {
    case '<':
      return value < target;
    case '<=':
      return value <= target;
    case '=':
      return value === target;
    case '!=':
      return value !== target;
    case '>=':
      return value >= target;
    case '>':
      return value > target;
  }
}

const numbersAt = (record: SearchRecord, path: string): number[] =>
  valuesAtPath(record, path).flatMap((value) => scalarToNumber(value) ?? []);
const textsAt = (record: SearchRecord, path: string): string[] =>
  valuesAtPath(record, path).flatMap((value) => scalarToText(value) ?? []);

/** Algolia filter semantics on one record. */
export function referenceFilter(record: SearchRecord, filter: FilterExpression): boolean {
  switch (filter.kind) {
    case 'and':
      return filter.operands.every((operand) => referenceFilter(record, operand));
    case 'or':
      return filter.operands.some((operand) => referenceFilter(record, operand));
    case 'not':
      return !referenceFilter(record, filter.operand);
    case 'facet':
      return textsAt(record, filter.attribute).some(
        (text) => text.toLowerCase() === filter.value.toLowerCase(),
      );
    case 'tag':
      return textsAt(record, '_tags').includes(filter.value);
    case 'numeric':
      return numbersAt(record, filter.attribute).some((value) =>
        compareNumbers(filter.operator, value, filter.value),
      );
    case 'range':
      return numbersAt(record, filter.attribute).some(
        (value) => value >= filter.lower && value <= filter.upper,
      );
  }
}

/** The `<score=N>` of a leaf (or of the leaf a NOT negates), 1 when unscored or a group. */
const nominalScore = (filter: FilterExpression): number => {
  if (filter.kind === 'not') return nominalScore(filter.operand);
  return filter.kind === 'and' || filter.kind === 'or' ? 1 : (filter.score ?? 1);
};

/** Optional-filter score of one record: matched leaves score 1 or N, OR = max (sum), AND = sum, NOT inverts. */
function referenceOptionalScore(
  record: SearchRecord,
  filter: FilterExpression,
  sum: boolean,
): number {
  switch (filter.kind) {
    case 'and':
      return filter.operands.reduce(
        (total, operand) => total + referenceOptionalScore(record, operand, sum),
        0,
      );
    case 'or': {
      const scores = filter.operands.map((operand) => referenceOptionalScore(record, operand, sum));
      return sum ? scores.reduce((total, score) => total + score, 0) : Math.max(0, ...scores);
    }
    case 'not':
      return referenceFilter(record, filter.operand) ? 0 : nominalScore(filter.operand);
    default:
      return referenceFilter(record, filter) ? nominalScore(filter) : 0;
  }
}

/** True when a facet or tag filter inside `filter` (not under AND) carries a `<score=N>`. */
function carriesScore(filter: FilterExpression): boolean {
  if (filter.kind === 'facet' || filter.kind === 'tag') return filter.score !== undefined;
  if (filter.kind === 'not') return carriesScore(filter.operand);
  if (filter.kind === 'or') return filter.operands.some(carriesScore);
  return false;
}

/** Only facet and tag filters, plain, negated or ORed. */
function isFacetLike(filter: FilterExpression): boolean {
  if (filter.kind === 'facet' || filter.kind === 'tag') return true;
  if (filter.kind === 'not') return isFacetLike(filter.operand);
  if (filter.kind === 'or') return filter.operands.every(isFacetLike);
  return false;
}

/**
 * Algolia's `filters` criterion for one record: the `filters` clauses carrying a `<score=N>` (a scored facet or
 * tag filter, or an OR group of facet/tag filters holding one; numeric filters never score) plus the
 * optional filters' score.
 */
export function referenceFilterScore(
  record: SearchRecord,
  filter: FilterExpression | undefined,
  optionalFilter: FilterExpression | undefined,
  sum: boolean,
): number {
  const fromFilters = (clause: FilterExpression): number => {
    if (clause.kind === 'and')
      return clause.operands.reduce((total, operand) => total + fromFilters(operand), 0);
    if (clause.kind === 'facet' || clause.kind === 'tag')
      return carriesScore(clause) ? referenceOptionalScore(record, clause, sum) : 0;
    if (clause.kind !== 'or') return 0;
    const operands = clause.operands.filter(isFacetLike);
    if (!operands.some(carriesScore)) return 0;
    return referenceOptionalScore(record, { kind: 'or', operands }, sum);
  };
  return (
    (filter === undefined ? 0 : fromFilters(filter)) +
    (optionalFilter === undefined ? 0 : referenceOptionalScore(record, optionalFilter, sum))
  );
}

/** True when `record` contains the folded `word` as a whole word in one of `attributes`. */
export function referenceContainsWord(
  record: SearchRecord,
  attributes: readonly string[],
  word: string,
): boolean {
  return attributes.some((attribute) =>
    textsAt(record, attribute).some((text) =>
      analyzeText(text).some((token) => token.term === word),
    ),
  );
}

/** Orders by ascending `attribute` (numbers only; missing last), ties in document order. */
export function referenceSort(records: readonly SearchRecord[], attribute: string): SearchRecord[] {
  const key = (record: SearchRecord): number => {
    const values = numbersAt(record, attribute);
    return values.length === 0 ? Number.POSITIVE_INFINITY : Math.min(...values);
  };
  return records
    .map((record, position) => ({ record, position, key: key(record) }))
    .sort((a, b) => (a.key === b.key ? a.position - b.position : a.key < b.key ? -1 : 1))
    .map((entry) => entry.record);
}

/** Facet counts of `attribute` over `records`: top `maxValues` by count desc, value asc (in that order). */
export function referenceFacetCounts(
  records: readonly SearchRecord[],
  attribute: string,
  maxValues: number,
): [string, number][] {
  const counts = new Map<string, number>();
  for (const record of records) {
    for (const text of new Set(textsAt(record, attribute)))
      counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, maxValues);
}

/** min/max/avg/sum over the numbers of `attribute`, counted once per record and distinct value. */
export function referenceFacetStats(
  records: readonly SearchRecord[],
  attribute: string,
): FacetStats | undefined {
  const numbers: number[] = [];
  for (const record of records) {
    const seen = new Set<string>();
    for (const value of valuesAtPath(record, attribute)) {
      const text = scalarToText(value);
      if (typeof value === 'number' && text !== undefined && !seen.has(text)) numbers.push(value);
      if (text !== undefined) seen.add(text);
    }
  }
  if (numbers.length === 0) return undefined;
  const sum = numbers.reduce((total, value) => total + value, 0);
  return { min: Math.min(...numbers), max: Math.max(...numbers), avg: sum / numbers.length, sum };
}

/** Distinct groups in rank order: each group keeps its first `perGroup` records. */
export function referenceDistinct(
  ranked: readonly SearchRecord[],
  attribute: string,
  perGroup: number,
): SearchRecord[][] {
  const groups = new Map<string, SearchRecord[]>();
  const order: SearchRecord[][] = [];
  for (const record of ranked) {
    const [first] = textsAt(record, attribute);
    const key = first === undefined ? `\u0000${record.objectID}` : first;
    let members = groups.get(key);
    if (members === undefined) {
      members = [];
      groups.set(key, members);
      order.push(members);
    }
    if (members.length < perGroup) members.push(record);
  }
  return order;
}
