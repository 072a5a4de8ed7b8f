/**
 * Picks the documents of the requested page from the ranking: plain windows, windows with rule pins inserted at
 * their positions, and distinct windows counted in groups (ranking a growing prefix until the page's groups are
 * known to be complete).
 */

import type { FacetColumn } from '../facets/facet-column.ts';
import type { PinnedDocument } from '../match/prepare-match.ts';
import { type RankingCriterion, rankWindow } from '../rank/rank.ts';
import type { Bitset } from '../structures/bitset.ts';
import { type DistinctHit, selectDistinct } from './distinct.ts';
import { bestOfEachGroup } from './distinct-best.ts';

/** One document of the page. */
export interface WindowHit {
  readonly documentNumber: number;
  /** Position inside its distinct group. */
  readonly sequence: number | undefined;
  readonly promoted: boolean;
  /** Position in the full result list (0-based). */
  readonly position: number;
}

/** Inserts pinned documents at their positions into `groups` (each pinned document is a group of its own). */
function insertPinned<TItem>(
  groups: readonly TItem[],
  pinned: readonly PinnedDocument[],
  wrap: (pin: PinnedDocument) => TItem,
  limit: number,
): TItem[] {
  const out: TItem[] = [];
  let next = 0;
  let pin = 0;
  while (out.length < limit && (next < groups.length || pin < pinned.length)) {
    const candidate = pinned[pin];
    const ranked = groups[next];
    if (candidate !== undefined && (candidate.position <= out.length || ranked === undefined)) {
      out.push(wrap(candidate));
      pin++;
    } else if (ranked !== undefined) {
      out.push(ranked);
      next++;
    }
  }
  return out;
}

/**
 * The page `[start, end)` of a ranking with the pinned documents inserted at their positions.
 * @param rank - the ranked documents at positions `from` … `end − 1` of the ranking (pinned ones left out).
 */
export function pinnedPage(
  rank: (from: number) => Uint32Array,
  pinned: readonly PinnedDocument[],
  start: number,
  end: number,
): WindowHit[] {
  if (pinned.length === 0) {
    return Array.from(rank(start), (documentNumber, index) => ({
      documentNumber,
      sequence: undefined,
      promoted: false,
      position: start + index,
    }));
  }
  const ranked = Array.from(rank(0), (documentNumber) => ({ documentNumber, promoted: false }));
  const merged = insertPinned(
    ranked,
    pinned,
    (pin) => ({ documentNumber: pin.documentNumber, promoted: true }),
    end,
  );
  return merged
    .slice(start, end)
    .map((item, index) => ({ ...item, sequence: undefined, position: start + index }));
}

/**
 * The page without distinct.
 * @param documents - matched documents to rank (pinned ones removed), ascending.
 * @param membership - the same documents as a bit set.
 */
export function plainWindow(
  documents: Uint32Array,
  membership: Bitset,
  criteria: readonly RankingCriterion[],
  pinned: readonly PinnedDocument[],
  start: number,
  end: number,
): WindowHit[] {
  return pinnedPage(
    (from) => rankWindow(documents, criteria, from, end, undefined, membership),
    pinned,
    start,
    end,
  );
}

/**
 * The page with distinct: `start`/`end` count groups; each group brings up to `perGroup` documents.
 * @param membership - `documents` as a bit set when the caller has one (lets a single sort walk its global order).
 */
export function distinctWindow(
  documents: Uint32Array,
  membership: Bitset | undefined,
  criteria: readonly RankingCriterion[],
  pinned: readonly PinnedDocument[],
  column: FacetColumn | undefined,
  perGroup: number,
  start: number,
  end: number,
): WindowHit[] {
  const groupsNeeded = end;
  let prefix = Math.max(64, groupsNeeded * perGroup * 2);
  let groups: DistinctHit[][] = [];
  for (;;) {
    const isWhole = prefix >= documents.length;
    const ranked = rankWindow(documents, criteria, 0, prefix, undefined, membership);
    const selection = selectDistinct(ranked, column, perGroup, 0, groupsNeeded, isWhole);
    if (selection.complete) {
      groups = groupHits(selection.hits);
      break;
    }
    prefix *= 4;
  }
  const merged = insertPinned(
    groups,
    pinned,
    (pin) => [{ documentNumber: pin.documentNumber, sequence: 0 }],
    end,
  );
  const pinnedSet = new Set(pinned.map((pin) => pin.documentNumber));
  let position = 0;
  const hits: WindowHit[] = [];
  merged.forEach((group, groupIndex) => {
    for (const hit of group) {
      if (groupIndex >= start) {
        hits.push({ ...hit, promoted: pinnedSet.has(hit.documentNumber), position });
      }
      position++;
    }
  });
  return hits;
}

function groupHits(hits: readonly DistinctHit[]): DistinctHit[][] {
  const groups: DistinctHit[][] = [];
  for (const hit of hits) {
    const current = groups[groups.length - 1];
    if (hit.sequence === 0 || current === undefined) groups.push([hit]);
    else current.push(hit);
  }
  return groups;
}

/**
 * The best `perGroup` documents of every group, over all `documents` (faceting after distinct).
 * @param score - computes the criteria of the documents it is given (ascending) before they are ranked.
 * @param membership - `documents` as a set, when the caller has it.
 */
export function distinctKept(
  documents: Uint32Array,
  criteria: readonly RankingCriterion[],
  column: FacetColumn | undefined,
  perGroup: number,
  score: (documents: Uint32Array) => void,
  membership?: Bitset,
): Uint32Array {
  if (column === undefined) return documents;
  if (perGroup === 1) return bestOfEachGroup(documents, criteria, column, score, membership);
  score(documents);
  const ranked = rankWindow(documents, criteria, 0, documents.length);
  const { kept } = selectDistinct(ranked, column, perGroup, 0, 0, true);
  return Uint32Array.from(kept).sort();
}
