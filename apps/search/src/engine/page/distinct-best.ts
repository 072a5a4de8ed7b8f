/**
 * Each distinct group's best-ranked document (`distinct: 1`), for facet counts after distinct, without ranking
 * every match: documents alone in their group among the matches are kept as they are; between the others,
 * criterion by criterion, only the documents tied at their group's best key so far stay candidates, so the
 * first criterion is computed for every contested match and the next ones for ever fewer; what is still tied at
 * the end keeps its lowest document number, the ranking's final tie-break. Same documents as ranking everything
 * and keeping each group's first (`distinctKept`).
 */

import type { FacetColumn } from '../facets/facet-column.ts';
import type { RankingCriterion } from '../rank/rank.ts';
import { Bitset } from '../structures/bitset.ts';

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
  membership: Bitset = bitsetOf(documents),
): Uint32Array {
  if (groupBest.length < column.valueCount) {
    groupBest = new Float64Array(column.valueCount * 2);
    groupMembers = new Uint8Array(column.valueCount * 2);
  }
  const contested = contestedOnly(column, membership, groupMembers);
  if (contested.documents.length === 0) return documents;
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
  const winners = firstOfEachGroup(candidates, candidateGroups, groupMembers);
  return withoutLosers(documents, contested.documents, winners);
}

/**
 * The matches sharing their group with another match, the only ones the criteria must decide between: found
 * from the column's short list of documents in groups of several records, not by visiting every match (on a
 * catalogue where most products have one record, most matches are alone in their group and kept as they are).
 */
function contestedOnly(column: FacetColumn, membership: Bitset, members: Uint8Array) {
  const matched = column
    .sharedFirstValueDocuments()
    .filter((documentNumber) => membership.has(documentNumber));
  const groups = Int32Array.from(matched, (documentNumber) => column.firstValue(documentNumber));
  for (const group of groups) members[group] = 0;
  for (const group of groups) members[group] = Math.min(2, (members[group] ?? 0) + 1);
  const isContested = (_: number, index: number) => members[groups[index] ?? 0] === 2;
  return { documents: matched.filter(isContested), groups: groups.filter(isContested) };
}

/** `documents` minus the contested ones that did not win their group (all three ascending). */
function withoutLosers(
  documents: Uint32Array,
  contested: Uint32Array,
  winners: Uint32Array,
): Uint32Array {
  const losers = contested.length - winners.length;
  const kept = new Uint32Array(documents.length - losers);
  let count = 0;
  let c = 0;
  let w = 0;
  for (const documentNumber of documents) {
    while ((contested[c] ?? Number.POSITIVE_INFINITY) < documentNumber) c++;
    if (contested[c] === documentNumber) {
      while ((winners[w] ?? Number.POSITIVE_INFINITY) < documentNumber) w++;
      if (winners[w] !== documentNumber) continue;
    }
    kept[count++] = documentNumber;
  }
  return kept;
}

function bitsetOf(documents: Uint32Array): Bitset {
  const set = new Bitset((documents[documents.length - 1] ?? 0) + 1);
  for (const documentNumber of documents) set.add(documentNumber);
  return set;
}

/** Whether no group has two candidates left (`members`: one slot per distinct value). */
function eachGroupDecided(groups: Int32Array, members: Uint8Array): boolean {
  for (const group of groups) members[group] = 0;
  for (const group of groups) {
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
  for (const group of groups) seen[group] = 0;
  const kept = new Uint32Array(candidates.length);
  let count = 0;
  for (let i = 0; i < candidates.length; i++) {
    const group = groups[i] ?? 0;
    if (seen[group] === 1) continue;
    seen[group] = 1;
    kept[count++] = candidates[i] ?? 0;
  }
  return kept.slice(0, count);
}
