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
 * Per-group scratch, one slot per distinct value, shared by every call (a search runs alone): only the slots of
 * the groups a call meets are reset, so a search matching a few documents does not pay for every group.
 */
let groupBest = new Float64Array(0);
let groupMembers = new Uint8Array(0);
let keyScratch = new Float64Array(0);

/**
 * @param documents - the matched documents, ascending.
 * @returns the kept documents, ascending; documents without a distinct value are each a group of their own.
 */
export function bestOfEachGroup(
  documents: Uint32Array,
  criteria: readonly RankingCriterion[],
  column: FacetColumn,
): Uint32Array {
  if (groupBest.length < column.valueCount) {
    groupBest = new Float64Array(column.valueCount * 2);
    groupMembers = new Uint8Array(column.valueCount * 2);
  }
  if (keyScratch.length < documents.length) keyScratch = new Float64Array(documents.length * 2);
  const best = groupBest;
  const groups = new Int32Array(documents.length);
  for (let i = 0; i < documents.length; i++) groups[i] = column.firstValue(documents[i] ?? 0);
  let candidates = documents;
  let candidateGroups = groups;
  for (const criterion of criteria) {
    if (eachGroupDecided(candidateGroups, groupMembers)) break;
    const keys = keyScratch.subarray(0, candidates.length);
    criterion.keys(candidates, keys);
    for (let i = 0; i < candidates.length; i++) {
      const group = candidateGroups[i] ?? -1;
      if (group >= 0) best[group] = Number.POSITIVE_INFINITY;
    }
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
  return firstOfEachGroup(candidates, candidateGroups, groupMembers);
}

/** Whether no group has two candidates left (`members`: one slot per distinct value). */
function eachGroupDecided(groups: Int32Array, members: Uint8Array): boolean {
  for (const group of groups) if (group >= 0) members[group] = 0;
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
  seen: Uint8Array,
): Uint32Array {
  for (const group of groups) if (group >= 0) seen[group] = 0;
  const kept = new Uint32Array(candidates.length);
  let count = 0;
  for (let i = 0; i < candidates.length; i++) {
    const group = groups[i] ?? -1;
    if (group >= 0) {
      if (seen[group] === 1) continue;
      seen[group] = 1;
    }
    kept[count++] = candidates[i] ?? 0;
  }
  return kept.slice(0, count);
}
