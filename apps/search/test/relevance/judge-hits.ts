import type { ProductSearchRecord } from '@vitrine/catalogue';
import type { Expectation, HitShape, JudgedQuery } from './judged-queries.ts';

const asList = (value: string | readonly string[] | undefined) =>
  value === undefined ? undefined : typeof value === 'string' ? [value] : value;

/** Lower case without accents (`Équipement` → `equipement`, `cœur` → `coeur`); the judge's own, not the engine's. */
const fold = (text: string) =>
  text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replaceAll('œ', 'oe');

function categoryNames(hit: ProductSearchRecord): Set<string> {
  const levels = Object.values(hit.hierarchicalCategories).flatMap((values) => values ?? []);
  return new Set([...hit.categories, ...levels.flatMap((path) => path.split(' > '))]);
}

/** The words a shopper sees on a product card or its facets (the searchable attributes but the description). */
function visibleWords(hit: ProductSearchRecord): string[] {
  const text = [
    hit.name,
    ...categoryNames(hit),
    ...hit.labelsFr,
    ...hit.colors,
    ...hit.material,
    ...hit.style,
    ...hit.activity,
    ...hit.gender,
    hit.brand,
  ].join(' ');
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** Whether a hit has the shape: every stated field fits. */
export function fits(hit: ProductSearchRecord, shape: HitShape): boolean {
  const anyOf = (wanted: string | readonly string[] | undefined, has: (value: string) => boolean) =>
    asList(wanted)?.some(has) ?? true;
  return (
    (shape.ids?.includes(hit.productId) ?? true) &&
    (shape.name === undefined || fold(hit.name).includes(fold(shape.name))) &&
    anyOf(shape.category, (value) => categoryNames(hit).has(value)) &&
    anyOf(shape.gender, (value) => hit.gender.includes(value)) &&
    anyOf(shape.color, (value) => hit.colors.includes(value)) &&
    anyOf(shape.material, (value) =>
      hit.material.some((material) => fold(material).includes(fold(value))),
    ) &&
    anyOf(shape.style, (value) => hit.style.includes(value)) &&
    anyOf(shape.activity, (value) => hit.activity.includes(value)) &&
    (shape.size === undefined || hit.sizes.includes(shape.size)) &&
    (shape.wordPrefix === undefined ||
      visibleWords(hit).some((word) => word.startsWith(fold(shape.wordPrefix ?? ''))))
  );
}

const fitsAny = (hit: ProductSearchRecord, shape: HitShape | readonly HitShape[]) =>
  (Array.isArray(shape) ? (shape as readonly HitShape[]) : [shape as HitShape]).some((one) =>
    fits(hit, one),
  );

/** `null` when the hits meet the expectation; otherwise what went wrong, for the failure message. */
export function unmet(
  expectation: Expectation,
  hits: readonly ProductSearchRecord[],
  totalHits: number,
): string | null {
  if ('noHits' in expectation) {
    return totalHits === 0 ? null : `expected no hit, got ${totalHits}`;
  }
  const window = hits.slice(0, expectation.within);
  const wanted = JSON.stringify('some' in expectation ? expectation.some : expectation.every);
  if ('some' in expectation) {
    return window.some((hit) => fitsAny(hit, expectation.some))
      ? null
      : `expected a hit ${wanted} in the top ${expectation.within}`;
  }
  if (window.length === 0)
    return `expected hits ${wanted} in the top ${expectation.within}, got none`;
  const misfits = window.flatMap((hit, rank) =>
    fitsAny(hit, expectation.every) ? [] : [`#${rank + 1} ${hit.productId}`],
  );
  return misfits.length === 0
    ? null
    : `expected every hit of the top ${expectation.within} to be ${wanted}; not: ${misfits.join(', ')}`;
}

/** The first hits as a shopper sees them, with what the judgement reads. */
export function describeTop(hits: readonly ProductSearchRecord[], count = 5): string {
  if (hits.length === 0) return '  (no hit)';
  return hits
    .slice(0, count)
    .map(
      (hit, rank) =>
        `  ${rank + 1}. ${hit.productId} ${hit.name} [${hit.categories.join(', ')}; ${hit.gender.join('/')}; ` +
        `colors ${hit.colors.join('/')}; styles ${hit.style.join('/')}]`,
    )
    .join('\n');
}

export function failureMessage(
  query: JudgedQuery,
  failures: readonly string[],
  hits: readonly ProductSearchRecord[],
  totalHits: number,
): string {
  return [
    `"${query.query}" (${query.lang}, ${query.kind}): ${query.intent}`,
    ...failures.map((failure) => `  ✗ ${failure}`),
    `  actual top 5 of ${totalHits} hits:`,
    describeTop(hits),
  ].join('\n');
}
