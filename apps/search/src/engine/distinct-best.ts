/**
 * Each distinct group's best-ranked document (`distinct: 1`), for facet counts after distinct, without ranking
 * every match: criterion by criterion, only the documents tied at their group's best key so far stay candidates,
 * so the first criterion is computed for every match and the next ones for ever fewer; what is still tied at the
 * end keeps its lowest document number, the ranking's final tie-break. Same documents as ranking everything and
 * keeping each group's first (`distinctKept`), in O(matches × criteria that still split) instead of a full sort.
 */
import type { FacetColumn } from './facet-column.ts';
import type { RankingCriterion } from './rank.ts';

/**
 * @param documents - the matched documents, ascending.
 * @returns the kept documents, ascending; documents without a distinct value are each a group of their own.
 */
export function bestOfEachGroup(
  documents: Uint32Array,
  criteria: readonly RankingCriterion[],
  column: FacetColumn,
): Uint32Array {
  const groups = new Int32Array(documents.length);
  for (let i = 0; i < documents.length; i++) groups[i] = column.firstValue(documents[i] ?? 0);
  const best = new Float64Array(column.valueCount);
  const members = new Uint32Array(column.valueCount);
  let candidates = documents;
  let candidateGroups = groups;
  for (const criterion of criteria) {
    if (eachGroupDecided(candidateGroups, members)) break;
    const keys = new Float64Array(candidates.length);
    criterion.keys(candidates, keys);
    best.fill(Number.POSITIVE_INFINITY);
    for (let i = 0; i < candidates.length; i++) {
      const group = candidateGroups[i] ?? -1;
      if (group >= 0 && (keys[i] ?? 0) < (best[group] ?? 0)) best[group] = keys[i] ?? 0;
    }
    let kept = 0;
    for (let i = 0; i < candidates.length; i++) {
      const group = candidateGroups[i] ?? -1;
      if (group < 0 || keys[i] === best[group]) kept++;
    }
    const nextDocuments = new Uint32Array(kept);
    const nextGroups = new Int32Array(kept);
    kept = 0;
    for (let i = 0; i < candidates.length; i++) {
      const group = candidateGroups[i] ?? -1;
      if (group >= 0 && keys[i] !== best[group]) continue;
      nextDocuments[kept] = candidates[i] ?? 0;
      nextGroups[kept] = group;
      kept++;
    }
    candidates = nextDocuments;
    candidateGroups = nextGroups;
  }
  return firstOfEachGroup(candidates, candidateGroups, members);
}

/** Whether no group has two candidates left (`members` is scratch, one slot per distinct value). */
function eachGroupDecided(groups: Int32Array, members: Uint32Array): boolean {
  members.fill(0);
  for (const group of groups) {
    if (group < 0) continue;
    if (members[group] === 1) return false;
    members[group] = 1;
  }
  return true;
}

/** The lowest-numbered candidate of each group (candidates are ascending). */
function firstOfEachGroup(
  candidates: Uint32Array,
  groups: Int32Array,
  seen: Uint32Array,
): Uint32Array {
  seen.fill(0);
  const kept: number[] = [];
  for (let i = 0; i < candidates.length; i++) {
    const group = groups[i] ?? -1;
    if (group >= 0) {
      if (seen[group] === 1) continue;
      seen[group] = 1;
    }
    kept.push(candidates[i] ?? 0);
  }
  return Uint32Array.from(kept);
}
