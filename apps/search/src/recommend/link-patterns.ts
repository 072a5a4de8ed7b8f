import type { RecommendCatalogue } from './recommend-catalogue.ts';

/**
 * The categories a group is filed under, most specific first found: the deepest `hierarchicalCategories` level
 * the first record has (`Men > Bottoms > Pants`), else its `categories`.
 */
export function categoryKeys(catalogue: RecommendCatalogue, group: string): string[] {
  const objectID = catalogue.recordIDs(group)[0] ?? group;
  for (const level of ['lvl3', 'lvl2', 'lvl1', 'lvl0']) {
    const values = catalogue.attributeValues(objectID, `hierarchicalCategories.${level}`);
    if (values.length > 0) return [...new Set(values)];
  }
  return [...new Set(catalogue.attributeValues(objectID, 'categories'))];
}

/**
 * What the merchant's curated `related` links say about categories, so a product without links of its own gets
 * candidates like the ones the merchant picks for its neighbours (Luma links hoodies to trousers and shorts,
 * not to other hoodies). For categories a → b: rate = links from a to b / (linking products in a × products
 * in b), the chance that one linking product of a points at one given product of b. A product in several
 * categories spreads a weight of 1 over them.
 */
export class LinkPatterns {
  private readonly linkers = new Map<string, number>();
  private readonly links = new Map<string, Map<string, number>>();
  private readonly members = new Map<string, Map<string, number>>();
  private readonly keys = new Map<string, string[]>();
  private readonly inbound = new Map<string, string[]>();
  private readonly catalogue: RecommendCatalogue;
  private readonly confidenceLinkers: number;

  /**
   * @param catalogue - the records and their `related` lists (links to groups outside it are ignored).
   * @param confidenceLinkers - linking products a category needs for half confidence; default 2.
   */
  constructor(catalogue: RecommendCatalogue, confidenceLinkers = 2) {
    this.catalogue = catalogue;
    this.confidenceLinkers = confidenceLinkers;
    for (const group of catalogue.groups()) {
      const keys = categoryKeys(catalogue, group);
      this.keys.set(group, keys);
      for (const key of keys) addTo(this.members, key, group, 1 / keys.length);
    }
    for (const group of catalogue.groups()) this.learn(group);
  }

  /** Groups whose curated `related` list names this group, in catalogue order. */
  linkedFrom(group: string): readonly string[] {
    return this.inbound.get(group) ?? [];
  }

  /**
   * Groups in the categories the source's categories link to, scored 0–1: the best-linked category's products
   * get 1 × confidence, where confidence = linking products / (linking products + `confidenceLinkers`).
   * Empty when nothing links from the source's categories.
   */
  candidatesFor(group: string): Map<string, number> {
    const sourceKeys = this.keys.get(group) ?? [];
    const targetRates = new Map<string, number>();
    let linkers = 0;
    for (const key of sourceKeys) {
      const keyLinkers = this.linkers.get(key) ?? 0;
      linkers += keyLinkers / sourceKeys.length;
      for (const [target, count] of this.links.get(key) ?? []) {
        const rate = count / (keyLinkers * sumOf(this.members.get(target)));
        targetRates.set(target, (targetRates.get(target) ?? 0) + rate / sourceKeys.length);
      }
    }
    const scores = new Map<string, number>();
    for (const [target, rate] of targetRates) {
      for (const [member, share] of this.members.get(target) ?? []) {
        scores.set(member, (scores.get(member) ?? 0) + rate * share);
      }
    }
    let best = 0;
    for (const score of scores.values()) best = Math.max(best, score);
    const confidence = linkers / (linkers + this.confidenceLinkers);
    for (const [member, score] of scores) scores.set(member, (score / best) * confidence);
    scores.delete(group);
    return scores;
  }

  private learn(group: string): void {
    const targets = this.catalogue
      .links(group, 'related')
      .filter((target) => this.catalogue.canRecommend(target));
    if (targets.length === 0) return;
    for (const target of targets) {
      const sources = this.inbound.get(target);
      if (sources) sources.push(group);
      else this.inbound.set(target, [group]);
    }
    const sourceKeys = this.keys.get(group) ?? [];
    for (const key of sourceKeys) {
      this.linkers.set(key, (this.linkers.get(key) ?? 0) + 1 / sourceKeys.length);
      for (const target of targets) {
        const targetKeys = this.keys.get(target) ?? [];
        for (const targetKey of targetKeys) {
          const weight = 1 / (sourceKeys.length * targetKeys.length);
          addTo(this.links, key, targetKey, weight);
        }
      }
    }
  }
}

function addTo(
  table: Map<string, Map<string, number>>,
  row: string,
  column: string,
  weight: number,
) {
  const counts = table.get(row) ?? new Map<string, number>();
  counts.set(column, (counts.get(column) ?? 0) + weight);
  table.set(row, counts);
}

function sumOf(counts: ReadonlyMap<string, number> | undefined): number {
  let sum = 0;
  for (const value of counts?.values() ?? []) sum += value;
  return sum;
}
