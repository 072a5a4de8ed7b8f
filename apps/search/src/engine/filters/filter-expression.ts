/**
 * The filter tree the engine evaluates. `protocol/` parses Algolia's `filters` string and the array forms
 * (`facetFilters`, `numericFilters`, `tagFilters`, `optionalFilters`) into this shape; the engine never sees
 * Algolia syntax.
 *
 * Semantics (Algolia's, see docs/api.md §3.3–3.4):
 * - `facet`: the record's attribute (dot path; arrays match when any element matches) equals `value`,
 *   compared case-insensitively after accent folding is NOT applied (Algolia compares facet values
 *   case-insensitively only). Booleans match `"true"`/`"false"`; numbers match their decimal string.
 * - `numeric` / `range`: the attribute (or any element of an array attribute) is a number satisfying the
 *   comparison; `range` is inclusive at both ends.
 * - `tag`: `_tags` contains `value` (case-sensitive).
 * - `score` (0–65,535, default 1) is only read by the `filters` ranking criterion: every optional filter, and
 *   the parts of `filters` that carry a score (see `filter-scores.ts`).
 */
export type FilterExpression =
  | { readonly kind: 'and'; readonly operands: readonly FilterExpression[] }
  | { readonly kind: 'or'; readonly operands: readonly FilterExpression[] }
  | { readonly kind: 'not'; readonly operand: FilterExpression }
  | {
      readonly kind: 'facet';
      readonly attribute: string;
      readonly value: string;
      readonly score?: number;
    }
  | {
      readonly kind: 'numeric';
      readonly attribute: string;
      readonly operator: NumericOperator;
      readonly value: number;
      readonly score?: number;
    }
  | {
      readonly kind: 'range';
      readonly attribute: string;
      readonly lower: number;
      readonly upper: number;
      readonly score?: number;
    }
  | { readonly kind: 'tag'; readonly value: string; readonly score?: number };

export type NumericOperator = '<' | '<=' | '=' | '!=' | '>=' | '>';

/** Matches every record: the neutral element for `and`. */
export const matchAll: FilterExpression = { kind: 'and', operands: [] };

/** Whether `expression` is `matchAll` (an empty `and`): no filter at all. */
export function isMatchAll(expression: FilterExpression): boolean {
  return expression.kind === 'and' && expression.operands.length === 0;
}
