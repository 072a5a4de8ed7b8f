/**
 * Brute-force check of facet counts: for a sample of queries, fetch every match, count brand and category values
 * by hand, and compare with the counts the engine returned. Every value the engine returns must have exactly the
 * brute-force count, it must return at least min(its value limit, distinct values) values, and no value counted
 * higher than the smallest one returned may be missing.
 */
import type { BenchEngine, CountedFacet, ExhaustiveAnswer } from './engines/bench-engine.ts';
import { countedFacets } from './engines/bench-engine.ts';
import type { BenchQuery } from './query-mixes.ts';
import type { FacetExactness } from './run-result.ts';

/** Checks `queries` in order until one is wrong or the time budget runs out (the answer says how many). */
export async function checkFacetCounts(
  engine: BenchEngine,
  queries: readonly BenchQuery[],
  budgetMilliseconds: number,
): Promise<FacetExactness> {
  if (!engine.supportsFacets || engine.searchExhaustively === undefined)
    return { kind: 'not-supported' };
  const started = performance.now();
  let checked = 0;
  for (const query of queries) {
    if (checked > 0 && performance.now() - started > budgetMilliseconds) break;
    const pending = engine.searchExhaustively(query.text);
    const exhaustive = pending instanceof Promise ? await pending : pending;
    checked++;
    const problem = findProblem(exhaustive);
    if (problem !== undefined) {
      return { kind: 'inexact', queries: checked, example: `"${query.text}": ${problem}` };
    }
  }
  return { kind: 'exact', queries: checked };
}

function findProblem(exhaustive: ExhaustiveAnswer): string | undefined {
  for (const facet of countedFacets) {
    const expected = bruteForceCounts(exhaustive, facet);
    const returned = Object.entries(exhaustive.facetCounts[facet]);
    for (const [value, count] of returned) {
      if (expected.get(value) !== count) {
        return `${facet} "${value}" counted ${count}, brute force ${expected.get(value) ?? 0}`;
      }
    }
    const wanted = Math.min(exhaustive.valuesPerFacet, expected.size);
    if (returned.length < wanted)
      return `${facet}: ${returned.length} values returned, ${wanted} expected`;
    const smallestReturned = Math.min(...returned.map(([, count]) => count));
    const missed = [...expected].find(
      ([value, count]) =>
        count > smallestReturned && exhaustive.facetCounts[facet][value] === undefined,
    );
    if (missed !== undefined)
      return `${facet} "${missed[0]}" (${missed[1]}) missing from the top values`;
  }
  return undefined;
}

function bruteForceCounts(exhaustive: ExhaustiveAnswer, facet: CountedFacet): Map<string, number> {
  const counts = new Map<string, number>();
  for (const match of exhaustive.matches) {
    const values = facet === 'brand' ? [match.brand] : match.categories;
    for (const value of new Set(values)) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
}
