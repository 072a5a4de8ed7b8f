/**
 * Compiles a {@link FilterExpression} against the index columns once per query, then evaluates it either in bulk
 * (`fill`: a bit set built from facet postings and numeric column scans, used when most documents are
 * candidates) or per document (`test`, used when the text query already narrowed the candidates), and scores
 * optional filters (`score`).
 */

import type { FacetColumn } from '../facets/facet-column.ts';
import { QueryError } from '../query-error.ts';
import type { NumericColumn } from '../records/numeric-column.ts';
import { Bitset } from '../structures/bitset.ts';
import type { FilterExpression, NumericOperator } from './filter-expression.ts';
import { isWithinAtFilterPrecision, toFilterPrecision } from './numeric-precision.ts';

/** What compiling a filter needs from the index. */
export interface FilterContext {
  /** The facet column of a path declared in `attributesForFaceting` (or `_tags`), else undefined. */
  readonly facetColumn: (attribute: string) => FacetColumn | undefined;
  /** The live document stored under `objectID` (objectID filters need no facet column). */
  readonly documentNumberOf: (objectID: string) => number | undefined;
  /** The numeric column of a path (built on demand). */
  readonly numericColumn: (attribute: string) => NumericColumn;
  /** `numericAttributesForFiltering`: undefined = every attribute, any operator. */
  readonly numericRules: ReadonlyMap<string, 'any' | 'equalOnly'> | undefined;
  /** Number of document slots (bit sets are this large). */
  readonly capacity: number;
  /** Live documents. */
  readonly live: Bitset;
  /** The parameter named in errors (`filters` or `optionalFilters`). */
  readonly parameter: string;
}

/** A filter ready to run. */
export interface CompiledFilter {
  /** True when document `documentNumber` passes. */
  test(documentNumber: number): boolean;
  /** Overwrites `out` with the passing documents (dead documents may be set; intersect with the live set). */
  fill(out: Bitset): void;
  /** Optional-filter score of the document: matched leaves score 1 or `<score=N>`; OR takes the max or sum. */
  score(documentNumber: number, sumOrScores: boolean): number;
  /** The `<score=N>` of a leaf (1 by default; 1 for groups): what a negated optional filter awards. */
  readonly nominalScore: number;
}

/**
 * Validates and compiles `expression`.
 * @throws QueryError when a facet filter targets an attribute missing from `attributesForFaceting`, or a
 *   numeric filter one excluded by `numericAttributesForFiltering`.
 */
export function compileFilter(
  expression: FilterExpression,
  context: FilterContext,
): CompiledFilter {
  switch (expression.kind) {
    case 'and':
      return compileAnd(
        expression.operands.map((operand) => compileFilter(operand, context)),
        context,
      );
    case 'or':
      return compileOr(
        expression.operands.map((operand) => compileFilter(operand, context)),
        context,
      );
    case 'not':
      return compileNot(compileFilter(expression.operand, context), context);
    case 'facet':
      return compileFacet(expression.attribute, expression.value, expression.score ?? 1, context);
    case 'tag':
      return compileValues(context.facetColumn('_tags'), expression.value, expression.score ?? 1);
    case 'numeric': {
      checkNumeric(expression.attribute, expression.operator, context);
      const test = numericTest(expression.operator, expression.value);
      return compileNumeric(
        context.numericColumn(expression.attribute),
        test,
        expression.score ?? 1,
        context,
      );
    }
    case 'range': {
      checkNumeric(expression.attribute, 'range', context);
      const lower = toFilterPrecision(expression.lower);
      const upper = toFilterPrecision(expression.upper);
      const test = (value: number): boolean => isWithinAtFilterPrecision(value, lower, upper);
      const column = context.numericColumn(expression.attribute);
      const compiled = compileNumeric(column, test, expression.score ?? 1, context);
      return {
        ...compiled,
        fill(out) {
          out.clear();
          column.fillRange(lower, upper, context.capacity, out);
        },
      };
    }
  }
}

function compileFacet(
  attribute: string,
  value: string,
  score: number,
  context: FilterContext,
): CompiledFilter {
  const column = context.facetColumn(attribute);
  if (column !== undefined) return compileValues(column, value, score);
  // Algolia: objectID can be used in filters without being declared, but cannot be faceted.
  if (attribute === 'objectID') return compileObjectID(context.documentNumberOf(value), score);
  const lowered = value.toLowerCase();
  if ((lowered === 'true' || lowered === 'false') && isNumericAllowed(attribute, '=', context)) {
    // Booleans are filterable without being declared for faceting (they behave as 1 / 0).
    const wanted = lowered === 'true' ? 1 : 0;
    return compileNumeric(context.numericColumn(attribute), (n) => n === wanted, score, context);
  }
  throw new QueryError(
    context.parameter,
    `Cannot filter on facet \`${attribute}\`: add it to attributesForFaceting (for example \`filterOnly(${attribute})\`).`,
  );
}

function compileValues(
  column: FacetColumn | undefined,
  value: string,
  score: number,
): CompiledFilter {
  const ids = column?.idsMatching(value) ?? [];
  const has = (documentNumber: number): boolean =>
    column !== undefined && ids.length > 0 && column.holdsAny(documentNumber, ids);
  return {
    test: has,
    fill(out) {
      out.clear();
      if (column === undefined) return;
      for (const id of ids)
        for (const documentNumber of column.documentsWith(id)) out.add(documentNumber);
    },
    score: (documentNumber) => (has(documentNumber) ? score : 0),
    nominalScore: score,
  };
}

/** A filter on the record id itself: one document at most, compared exactly. */
function compileObjectID(documentNumber: number | undefined, score: number): CompiledFilter {
  const has = (candidate: number): boolean => candidate === documentNumber;
  return {
    test: has,
    fill(out) {
      out.clear();
      if (documentNumber !== undefined) out.add(documentNumber);
    },
    score: (candidate) => (has(candidate) ? score : 0),
    nominalScore: score,
  };
}

function compileNumeric(
  column: NumericColumn,
  test: (value: number) => boolean,
  score: number,
  context: FilterContext,
): CompiledFilter {
  const has = (documentNumber: number): boolean => column.some(documentNumber, test);
  return {
    test: has,
    fill(out) {
      out.clear();
      column.fillMatching(test, context.capacity, out);
    },
    score: (documentNumber) => (has(documentNumber) ? score : 0),
    nominalScore: score,
  };
}

/**
 * Clears the documents of `out` that `operand` rejects. `test` and `fill` agree on live documents (they may
 * differ on deleted ones: a negation's `fill` leaves them out), and every caller of `fill` keeps live documents
 * only, so this is `out ∧ operand.fill`.
 */
function keepPassing(out: Bitset, operand: CompiledFilter): void {
  const words = out.words;
  for (let i = 0; i < words.length; i++) {
    let word = words[i] ?? 0;
    let kept = word;
    while (word !== 0) {
      const lowest = word & -word;
      word ^= lowest;
      if (!operand.test(i * 32 + 31 - Math.clz32(lowest))) kept &= ~lowest;
    }
    words[i] = kept;
  }
}

function compileAnd(operands: readonly CompiledFilter[], context: FilterContext): CompiledFilter {
  return {
    test: (documentNumber) => operands.every((operand) => operand.test(documentNumber)),
    fill(out) {
      const [first, ...rest] = operands;
      if (first === undefined) {
        out.copyFrom(context.live);
        return;
      }
      first.fill(out);
      let scratch: Bitset | undefined;
      for (const operand of rest) {
        // Few documents left ("brand = X" first): testing each costs less than filling a set over the index.
        if (out.count() * 16 < out.capacity) {
          keepPassing(out, operand);
          continue;
        }
        scratch ??= new Bitset(out.capacity);
        operand.fill(scratch);
        out.and(scratch);
      }
    },
    score(documentNumber, sumOrScores) {
      let total = 0;
      for (const operand of operands) total += operand.score(documentNumber, sumOrScores);
      return total;
    },
    nominalScore: 1,
  };
}

function compileOr(operands: readonly CompiledFilter[], context: FilterContext): CompiledFilter {
  return {
    test: (documentNumber) => operands.some((operand) => operand.test(documentNumber)),
    fill(out) {
      out.clear();
      const scratch = new Bitset(Math.max(out.capacity, context.capacity));
      for (const operand of operands) {
        operand.fill(scratch);
        out.or(scratch);
      }
    },
    score(documentNumber, sumOrScores) {
      let result = 0;
      for (const operand of operands) {
        const score = operand.score(documentNumber, sumOrScores);
        result = sumOrScores ? result + score : Math.max(result, score);
      }
      return result;
    },
    nominalScore: 1,
  };
}

function compileNot(operand: CompiledFilter, context: FilterContext): CompiledFilter {
  return {
    test: (documentNumber) => !operand.test(documentNumber),
    fill(out) {
      const inner = new Bitset(out.capacity);
      operand.fill(inner);
      out.copyFrom(context.live);
      out.andNot(inner);
    },
    // A negated optional filter buries the records it names: the others get the score.
    score: (documentNumber) => (operand.test(documentNumber) ? 0 : operand.nominalScore),
    nominalScore: operand.nominalScore,
  };
}

/** The comparison with `number`, both sides at the filter precision (`<`: not `≥`, `>`: not `≤`; NaN never passes). */
function numericTest(operator: NumericOperator, number: number): (value: number) => boolean {
  const target = toFilterPrecision(number);
  switch (operator) {
    case '<':
      return (value) =>
        !Number.isNaN(value) && !isWithinAtFilterPrecision(value, target, Number.POSITIVE_INFINITY);
    case '<=':
      return (value) => isWithinAtFilterPrecision(value, Number.NEGATIVE_INFINITY, target);
    case '=':
      return (value) => isWithinAtFilterPrecision(value, target, target);
    case '!=':
      return (value) => !Number.isNaN(value) && !isWithinAtFilterPrecision(value, target, target);
    case '>=':
      return (value) => isWithinAtFilterPrecision(value, target, Number.POSITIVE_INFINITY);
    case '>':
      return (value) =>
        !Number.isNaN(value) && !isWithinAtFilterPrecision(value, Number.NEGATIVE_INFINITY, target);
  }
}

function isNumericAllowed(
  attribute: string,
  operator: NumericOperator | 'range',
  context: FilterContext,
): boolean {
  const rules = context.numericRules;
  if (rules === undefined) return true;
  const rule = rules.get(attribute);
  if (rule === undefined) return false;
  return rule === 'any' || operator === '=' || operator === '!=';
}

function checkNumeric(
  attribute: string,
  operator: NumericOperator | 'range',
  context: FilterContext,
): void {
  if (isNumericAllowed(attribute, operator, context)) return;
  const rule = context.numericRules?.get(attribute);
  throw new QueryError(
    context.parameter,
    rule === 'equalOnly'
      ? `Cannot use operator \`${operator === 'range' ? 'TO' : operator}\` on \`${attribute}\`: it is declared \`equalOnly(${attribute})\` in numericAttributesForFiltering (only = and != are allowed).`
      : `Cannot filter numerically on \`${attribute}\`: it is not listed in numericAttributesForFiltering.`,
  );
}
