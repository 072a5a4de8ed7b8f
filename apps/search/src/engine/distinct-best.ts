/**
 * Each distinct group's best-ranked document (`distinct: 1`), for facet counts after distinct, without ranking
 * every match: criterion by criterion, only the documents tied at their group's best key so far stay candidates,
 * so the first criterion is computed for every match and the next ones for ever fewer; what is still tied at the
 * end keeps its lowest document number, the ranking's final tie-break. Same documents as ranking everything and
 * keeping each group's first (`distinctKept`), in O(matches × criteria that still split) instead of a full sort.
 * Documents alone in their group among the matches skip the criteria altogether.
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
 * @param score - computes the criteria of the documents it is given (ascending), before their keys are read.
 * @returns the kept documents, ascending; documents without a distinct value are each a group of their own.
 */
export function bestOfEachGroup(
  documents: Uint32Array,
  criteria: readonly RankingCriterion[],
  column: FacetColumn,
  score: (documents: Uint32Array) => void = () => {},
): Uint32Array {
  if (groupBest.length < column.valueCount) {
    groupBest = new Float64Array(column.valueCount * 2);
    groupMembers = new Uint8Array(column.valueCount * 2);
  }
  const contested = contestedOnly(documents, column, groupMembers);
  if (contested.documents.length === 0) return contested.alone;
  score(contested.documents);
  if (keyScratch.length < contested.documents.length)
    keyScratch = new Float64Array(contested.documents.length * 2);
  const best = groupBest;
  let candidates = contested.documents;
  let candidateGroups = contested.groups;
  for (const criterion of criteria) {
    if (eachGroupDecided(candidateGroups, groupMembers)) break;
    const keys = keyScratch.subarray(0, candidates.length);
    criterion.keys(candidates, keys);
    for (let i = 0; i < candidates.length; i++)
      best[candidateGroups[i] ?? 0] = Number.POSITIVE_INFINITY;
    for (let i = 0; i < candidates.length; i++) {
      const group = candidateGroups[i] ?? 0;
      if ((keys[i] ?? 0) < (best[group] ?? 0)) best[group] = keys[i] ?? 0;
    }
    let kept = 0;
    for (let i = 0; i < candidates.length; i++)
      if (keys[i] === best[candidateGroups[i] ?? 0]) kept++;
    if (kept === candidates.length) continue;
    const nextDocuments = new Uint32Array(kept);
    const nextGroups = new Int32Array(kept);
    kept = 0;
    for (let i = 0; i < candidates.length; i++) {
      const group = candidateGroups[i] ?? 0;
      if (keys[i] !== best[group]) continue;
      nextDocuments[kept] = candidates[i] ?? 0;
      nextGroups[kept] = group;
      kept++;
    }
    candidates = nextDocuments;
    candidateGroups = nextGroups;
  }
  return mergeAscending(
    contested.alone,
    firstOfEachGroup(candidates, candidateGroups, groupMembers),
  );
}

/**
 * Splits the matches into the documents alone in their group (kept whatever their rank: no value, a value no
 * other live record holds, or the only match of their value) and those sharing a group with another match, the
 * only ones the criteria must decide between. On a catalogue where most products have one record, that is a
 * small fraction of the matches, found without a lookup per match beyond its value and that value's live count.
 */
function contestedOnly(documents: Uint32Array, column: FacetColumn, members: Uint8Array) {
  const single = column.singleValues();
  const groupOf = (documentNumber: number): number => {
    const group =
      single === undefined ? column.firstValue(documentNumber) : (single[documentNumber] ?? 0) - 1;
    return group >= 0 && column.liveCount(group) > 1 ? group : -1;
  };
  for (const documentNumber of documents) {
    const group = groupOf(documentNumber);
    if (group >= 0) members[group] = 0;
  }
  let contestedCount = 0;
  for (const documentNumber of documents) {
    const group = groupOf(documentNumber);
    if (group < 0) continue;
    const count = members[group] ?? 0;
    if (count === 1) contestedCount += 2;
    else if (count > 1) contestedCount++;
    if (count < 2) members[group] = count + 1;
  }
  const alone = new Uint32Array(documents.length - contestedCount);
  const contested = {
    documents: new Uint32Array(contestedCount),
    groups: new Int32Array(contestedCount),
  };
  let aloneCount = 0;
  let contestedIndex = 0;
  for (const documentNumber of documents) {
    const group = groupOf(documentNumber);
    if (group < 0 || members[group] === 1) alone[aloneCount++] = documentNumber;
    else {
      contested.documents[contestedIndex] = documentNumber;
      contested.groups[contestedIndex++] = group;
    }
  }
  return { alone, ...contested };
}

/** The union of two ascending, disjoint lists, ascending. */
function mergeAscending(left: Uint32Array, right: Uint32Array): Uint32Array {
  const merged = new Uint32Array(left.length + right.length);
  let l = 0;
  let r = 0;
  let m = 0;
  while (l < left.length && r < right.length) {
    merged[m++] = (left[l] ?? 0) < (right[r] ?? 0) ? (left[l++] ?? 0) : (right[r++] ?? 0);
  }
  while (l < left.length) merged[m++] = left[l++] ?? 0;
  while (r < right.length) merged[m++] = right[r++] ?? 0;
  return merged;
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
