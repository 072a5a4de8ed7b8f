/**
 * Filter scoring (Algolia's, docs/api.md §4.2 `filters` criterion): which parts of a search's filters feed the
 * `filters` ranking criterion, merged into one expression the optional-filter scorer evaluates
 * (`CompiledFilter.score`: a matched leaf scores 1 or its `<score=N>`, an OR group takes the max of its matched
 * operands — the sum with `sumOrFiltersScores` — and AND adds its operands up).
 *
 * - `optionalFilters` always score.
 * - `filters` score only where the caller wrote a `<score=N>` (`facetFilters` take none): an OR group holding
 *   a scored facet or tag filter scores (its unscored operands count 1; a negated one scores for the records
 *   without the value, as in optional filters), and so does a scored filter ANDed on its own. Unscored filters,
 *   numeric comparisons (Algolia cannot score them) and negations ANDed on their own leave the score alone:
 *   every record they let through would get the same score, and `_rankingInfo.filters` stays 0 for plain
 *   filtering.
 * - The two are ANDed: a record's score is its `filters` score plus its `optionalFilters` score.
 */
import type { FilterExpression } from './filter-expression.ts';

/** True when a facet or tag filter in `expression` carries an explicit `<score=N>`. */
function hasScore(expression: FilterExpression): boolean {
  switch (expression.kind) {
    case 'facet':
    case 'tag':
      return expression.score !== undefined;
    case 'not':
      return hasScore(expression.operand);
    case 'or':
      return expression.operands.some(hasScore);
    default:
      return false;
  }
}

/** Facet and tag filters, plain, negated or ORed: what an OR group of `filters` can score. */
function isScorableOperand(expression: FilterExpression): boolean {
  switch (expression.kind) {
    case 'facet':
    case 'tag':
      return true;
    case 'not':
      return isScorableOperand(expression.operand);
    case 'or':
      return expression.operands.every(isScorableOperand);
    default:
      return false;
  }
}

/**
 * The part of a `filters` expression that ranks, or undefined when it carries no score.
 * `(brand:A<score=3> OR brand:B) AND price > 10 AND NOT brand:C` → or(brand:A score 3, brand:B).
 */
export function scoredFilterPart(expression: FilterExpression): FilterExpression | undefined {
  switch (expression.kind) {
    case 'facet':
    case 'tag':
      return hasScore(expression) ? expression : undefined;
    case 'or': {
      const operands = expression.operands.filter(isScorableOperand);
      if (!operands.some(hasScore)) return undefined;
      return operands.length === 1 ? operands[0] : { kind: 'or', operands };
    }
    case 'and': {
      const operands = expression.operands.flatMap((operand) => scoredFilterPart(operand) ?? []);
      if (operands.length <= 1) return operands[0];
      return { kind: 'and', operands };
    }
    default:
      return undefined;
  }
}

/**
 * What the `filters` criterion scores for a search: the scored part of `filter` ANDed with `optionalFilter`;
 * undefined when neither scores anything.
 */
export function rankingFilter(
  filter: FilterExpression | undefined,
  optionalFilter: FilterExpression | undefined,
): FilterExpression | undefined {
  const scored = filter === undefined ? undefined : scoredFilterPart(filter);
  if (scored === undefined) return optionalFilter;
  if (optionalFilter === undefined) return scored;
  return { kind: 'and', operands: [scored, optionalFilter] };
}
