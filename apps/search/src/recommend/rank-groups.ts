import type { RecommendCatalogue } from './recommend-catalogue.ts';
import type { ItemHit } from './types.ts';

/** What every item model applies last. */
export interface GroupRanking {
  readonly catalogue: RecommendCatalogue;
  /** 0–100: hits scoring below it (after rounding to 2 decimals) are dropped. */
  readonly threshold: number;
  /** Most hits returned, ≥ 1. */
  readonly limit: number;
  /** Groups never returned: the source product (all its records). */
  readonly excluded?: ReadonlySet<string>;
  /** Picks the record answering for a group; defaults to the group's first record. */
  readonly pickRecord?: (group: string) => string;
}

/**
 * Turns group scores into hits: drops groups the catalogue cannot show, excluded groups, scores ≤ 0 and scores
 * below the threshold, rounds scores to 2 decimals, sorts by score descending then group id (so equal inputs
 * always give the same list), keeps `limit` and answers one record per group.
 *
 * @param scores - group → score, 0–100 (values above 100 are capped).
 * @param ranking - threshold, limit, exclusions and record choice.
 */
export function rankGroups(scores: ReadonlyMap<string, number>, ranking: GroupRanking): ItemHit[] {
  const { catalogue, threshold, limit, excluded } = ranking;
  const kept: { group: string; score: number }[] = [];
  for (const [group, raw] of scores) {
    const score = roundScore(raw);
    if (score <= 0 || score < threshold || excluded?.has(group) || !catalogue.canRecommend(group))
      continue;
    kept.push({ group, score });
  }
  kept.sort((a, b) => b.score - a.score || compareText(a.group, b.group));
  const pick = ranking.pickRecord ?? ((group: string) => catalogue.representative(group));
  return kept.slice(0, limit).map(({ group, score }) => ({ objectID: pick(group), score }));
}

/** Caps to 0–100 and rounds to 2 decimals, the precision the answer shows. */
export function roundScore(score: number): number {
  return Math.round(Math.min(100, Math.max(0, score)) * 100) / 100;
}

/** Code-unit order, independent of the locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
