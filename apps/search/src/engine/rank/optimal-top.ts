/**
 * The top of a large multi-word result without ranking all of it. When every ranking criterion has a bound no
 * document can beat (`RankingCriterion.best`: 0 typos, adjacent words, first word of the first attribute, every
 * word exact…), documents reaching the bound on every criterion tie at the top, and ties are ordered by
 * ascending document number. So if the lowest-numbered matched documents (the scored prefix) already hold as
 * many such documents as the page needs, the page is those documents in order: the documents after the prefix
 * are never scored, proximity is never computed for them. Otherwise the caller scores the rest and ranks as
 * usual. The answer is the same either way.
 */
import type { RankingCriterion } from './rank.ts';

let keyBuffer = new Float64Array(1024);
let candidateBuffer = new Uint32Array(1024);

/**
 * Positions `[start, end)` of the ranking of `scored` (the matched documents numbered lowest, ascending, every
 * one of them with its criteria computed), or undefined when the prefix does not prove them.
 */
export function optimalTop(
  scored: Uint32Array,
  criteria: readonly RankingCriterion[],
  start: number,
  end: number,
): Uint32Array | undefined {
  if (criteria.length === 0 || criteria.some((criterion) => criterion.best === undefined))
    return undefined;
  if (keyBuffer.length < scored.length) keyBuffer = new Float64Array(scored.length * 2);
  if (candidateBuffer.length < scored.length) candidateBuffer = new Uint32Array(scored.length * 2);
  let candidates = scored;
  for (const criterion of criteria) {
    const keys = keyBuffer.subarray(0, candidates.length);
    criterion.keys(candidates, keys);
    const best = criterion.best ?? 0;
    let kept = 0;
    for (let i = 0; i < candidates.length; i++) {
      const key = keys[i] ?? 0;
      // A key below the bound would mean the bound is wrong: rank everything rather than trust it.
      if (key < best) return undefined;
      if (key === best) candidateBuffer[kept++] = candidates[i] ?? 0;
    }
    if (kept < end) return undefined;
    candidates = candidateBuffer.subarray(0, kept);
  }
  return candidates.slice(start, end);
}
