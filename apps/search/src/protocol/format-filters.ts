/**
 * Prints a `FilterExpression` back to Algolia's `filters` syntax: the inverse of `parseFilterString` for every tree
 * in Algolia's normal form (an AND of leaves and OR groups, or one top-level OR list).
 */
import type { FilterExpression } from '../engine/index.ts';

const safeWord = /^[\p{L}\p{N}_.\-/]+$/u;
const keywords = new Set(['AND', 'OR', 'NOT', 'TO']);

/**
 * Formats a filter tree as a `filters` string, quoting names and values only when needed.
 * and(numeric(price < 10), or(facet(brand = LG), facet(brand = Tommy Hilfiger, score 2))) →
 * `price < 10 AND (brand:LG OR brand:"Tommy Hilfiger"<score=2>)`; `matchAll` → ``.
 * @param expression - a tree in Algolia's normal form; a deeper tree is printed with nested parentheses that
 *   `parseFilterString` rejects.
 */
export function formatFilters(expression: FilterExpression): string {
  if (expression.kind === 'and') {
    return expression.operands.map((operand) => formatGroup(operand)).join(' AND ');
  }
  if (expression.kind === 'or') return formatOperands(expression.operands);
  return formatLiteral(expression);
}

function formatGroup(expression: FilterExpression): string {
  if (expression.kind === 'and' || expression.kind === 'or') {
    return `(${formatOperands(expression.operands)})`;
  }
  return formatLiteral(expression);
}

function formatOperands(operands: readonly FilterExpression[]): string {
  return operands.map((operand) => formatGroup(operand)).join(' OR ');
}

function formatLiteral(expression: FilterExpression): string {
  switch (expression.kind) {
    case 'not':
      return `NOT ${formatGroup(expression.operand)}`;
    case 'facet':
      return `${quote(expression.attribute)}:${quote(expression.value)}${formatScore(expression.score)}`;
    case 'tag':
      return `_tags:${quote(expression.value)}${formatScore(expression.score)}`;
    case 'numeric':
      return `${quote(expression.attribute)} ${expression.operator} ${formatNumber(expression.value)}${formatScore(expression.score)}`;
    case 'range':
      return `${quote(expression.attribute)}:${formatNumber(expression.lower)} TO ${formatNumber(expression.upper)}${formatScore(expression.score)}`;
    default:
      return formatGroup(expression);
  }
}

/** Plain decimal notation: the grammar has no exponents (`1e-7` → `0.0000001`). */
function formatNumber(value: number): string {
  const text = String(value);
  return text.includes('e') ? value.toFixed(20).replace(/\.?0+$/, '') : text;
}

function formatScore(score: number | undefined): string {
  return score === undefined ? '' : `<score=${score}>`;
}

/**
 * Leaves plain words alone and quotes the rest, escaping `"` and `\`: `LG` → `LG`, `Tommy Hilfiger` →
 * `"Tommy Hilfiger"`, `OR` → `"OR"`.
 */
export function quote(text: string): string {
  if (safeWord.test(text) && !keywords.has(text)) return text;
  return `"${text.replace(/["\\]/g, (character) => `\\${character}`)}"`;
}
