/**
 * Random records, filters and write sequences for the property tests, and the index they are compared in.
 */
import fc from 'fast-check';
import type { FilterExpression } from '../filters/filter-expression.ts';
import { SearchIndex, type SearchIndexOptions } from '../search-index.ts';
import type { SearchQuery, SearchRecord } from '../types.ts';
import { ReferenceStore } from './reference-search.ts';

export const words = ['jus', 'pomme', 'orange', 'biscuit', 'chocolat', 'noir', 'lait'];
const brands = ['Acme', 'acme', 'Zed', 'Öko', 'LU'];
const colors = ['red', 'blue', 'green', 'Red'];

export const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

export const recordArbitrary: fc.Arbitrary<SearchRecord> = fc
  .record({
    id: fc.integer({ min: 0, max: 24 }),
    title: fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 4 }),
    brand: optional(fc.constantFrom(...brands)),
    colors: fc.array(fc.constantFrom(...colors), { maxLength: 3 }),
    price: optional(
      fc.oneof(
        fc.integer({ min: 0, max: 20 }),
        fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 3 }),
      ),
    ),
    stock: optional(fc.boolean()),
    rank: optional(fc.integer({ min: 0, max: 8 })),
    group: optional(fc.constantFrom('g0', 'g1', 'g2', 'g3')),
    tags: fc.array(fc.constantFrom('sale', 'Sale', 'new'), { maxLength: 2 }),
    size: optional(fc.integer({ min: 1, max: 5 })),
  })
  .map((fields) => {
    const record: Record<string, unknown> = {
      objectID: `r${fields.id}`,
      title: fields.title.join(' '),
      colors: fields.colors,
      _tags: fields.tags,
      specs: fields.size === undefined ? {} : { size: fields.size },
    };
    for (const key of ['brand', 'price', 'stock', 'rank', 'group'] as const) {
      if (fields[key] !== undefined) record[key] = fields[key];
    }
    return record as SearchRecord;
  });

const leafFilter: fc.Arbitrary<FilterExpression> = fc.oneof(
  fc.record({
    kind: fc.constant('facet' as const),
    attribute: fc.constant('brand'),
    value: fc.constantFrom(...brands, 'ACME', 'none'),
  }),
  fc.record({
    kind: fc.constant('facet' as const),
    attribute: fc.constant('colors'),
    value: fc.constantFrom(...colors),
  }),
  fc.record({
    kind: fc.constant('facet' as const),
    attribute: fc.constant('stock'),
    value: fc.constantFrom('true', 'false'),
  }),
  fc.record({
    kind: fc.constant('facet' as const),
    attribute: fc.constant('specs.size'),
    value: fc.constantFrom('1', '3', '5'),
  }),
  fc.record({ kind: fc.constant('tag' as const), value: fc.constantFrom('sale', 'Sale', 'new') }),
  fc.record({
    kind: fc.constant('numeric' as const),
    attribute: fc.constantFrom('price', 'rank', 'specs.size'),
    operator: fc.constantFrom('<', '<=', '=', '!=', '>=', '>' as const),
    value: fc.integer({ min: 0, max: 20 }),
  }),
  fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 })).map(([a, b]) => ({
    kind: 'range' as const,
    attribute: 'price',
    lower: Math.min(a, b),
    upper: Math.max(a, b),
  })),
);

export const filterArbitrary: fc.Arbitrary<FilterExpression> = fc.letrec<{
  filter: FilterExpression;
}>((tie) => ({
  filter: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leafFilter,
    fc.record({
      kind: fc.constant('and' as const),
      operands: fc.array(tie('filter'), { maxLength: 3 }),
    }),
    fc.record({
      kind: fc.constant('or' as const),
      operands: fc.array(tie('filter'), { minLength: 1, maxLength: 3 }),
    }),
    fc.record({ kind: fc.constant('not' as const), operand: tie('filter') }),
  ),
})).filter;

/** Puts `<score=N>` on some leaves of `filter` (scores taken in turn from `scores`; undefined = none). */
export function withScores(
  filter: FilterExpression,
  scores: readonly (number | undefined)[],
): FilterExpression {
  let next = 0;
  const visit = (node: FilterExpression): FilterExpression => {
    switch (node.kind) {
      case 'and':
      case 'or':
        return { kind: node.kind, operands: node.operands.map(visit) };
      case 'not':
        return { kind: 'not', operand: visit(node.operand) };
      default: {
        const score = scores[next++ % Math.max(1, scores.length)];
        return score === undefined ? node : { ...node, score };
      }
    }
  };
  return visit(filter);
}

/** Random filters with random `<score=N>` (0–5) on about half of their leaves. */
export const scoredFilterArbitrary: fc.Arbitrary<FilterExpression> = fc
  .tuple(
    filterArbitrary,
    fc.array(optional(fc.integer({ min: 0, max: 5 })), { minLength: 1, maxLength: 8 }),
  )
  .map(([filter, scores]) => withScores(filter, scores));

export type Operation =
  | { kind: 'save'; records: SearchRecord[] }
  | { kind: 'delete'; ids: string[] };
export const operationsArbitrary: fc.Arbitrary<Operation[]> = fc.array(
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('save' as const),
        records: fc.array(recordArbitrary, { minLength: 1, maxLength: 12 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('delete' as const),
        ids: fc.array(
          fc.integer({ min: 0, max: 24 }).map((id) => `r${id}`),
          { maxLength: 6 },
        ),
      }),
    },
  ),
  { minLength: 1, maxLength: 6 },
);

/** Applies a write to an index (a replica receives its primary's writes, as the service forwards them). */
export function applyOperation(index: SearchIndex, operation: Operation): void {
  if (operation.kind === 'save') index.saveObjects(operation.records);
  else index.deleteObjects(operation.ids);
}

/** A search's result, or the error it throws (a filter on an attribute the settings do not facet). */
export function searchOrError(index: SearchIndex, query: SearchQuery): unknown {
  try {
    return index.search(query);
  } catch (error) {
    return String(error);
  }
}

export function build(
  operations: readonly Operation[],
  ranking: readonly string[] = ['custom'],
  options: SearchIndexOptions = {},
): { index: SearchIndex; reference: ReferenceStore } {
  // A tiny compaction threshold makes compactions happen inside the generated write sequences.
  const index = new SearchIndex(
    {
      searchableAttributes: ['title'],
      attributesForFaceting: ['brand', 'colors', 'stock', 'specs.size', 'price', 'group'],
      attributeForDistinct: 'group',
      customRanking: ['asc(rank)'],
      ranking,
    },
    { compactionThreshold: 3, ...options },
  );
  const reference = new ReferenceStore();
  for (const operation of operations) {
    if (operation.kind === 'save') {
      index.saveObjects(operation.records);
      reference.save(operation.records);
    } else {
      index.deleteObjects(operation.ids);
      reference.delete(operation.ids);
    }
  }
  return { index, reference };
}

export const ids = (records: readonly { objectID: string }[]) =>
  records.map((record) => record.objectID);
