import { DecayedCounts } from './decayed-counts.ts';
import type { RecommendCatalogue } from './recommend-catalogue.ts';

/** Tuning of `trending-items` and `trending-facets`. */
export interface TrendingOptions {
  /** An event counts half after this long (ms), a quarter after twice as long. > 0, default 7 days. */
  readonly halfLifeMs: number;
  /**
   * Popularity prior, in event weights: the most popular product (`popularity` attribute) starts with this
   * much trend, others in proportion, spread over the product's records. With no events the ranking is
   * the popularity ranking; a few events already outweigh it. ≥ 0, default 1 (one fresh click).
   */
  readonly popularityPriorWeight: number;
}

/** The defaults of {@link TrendingOptions}. */
export const defaultTrendingOptions: TrendingOptions = {
  halfLifeMs: 7 * 86_400_000,
  popularityPriorWeight: 1,
};

/** Trending products by group, and the record that trends most in each. */
export interface TrendingGroups {
  /** Group → score 0–100 (the top group scores 100). */
  readonly scores: Map<string, number>;
  /** The group's record with the most trend. */
  readonly pickRecord: (group: string) => string;
}

/**
 * `trending-items` and `trending-facets`: exponentially time-decayed, weighted event counts per record
 * (`DecayedCounts`: O(1) per event, read at any `now`) plus a popularity prior.
 */
export class Trending {
  private readonly counts: DecayedCounts;
  private priors = new Map<string, number>();
  private catalogue: RecommendCatalogue;
  private readonly options: TrendingOptions;

  /**
   * @param catalogue - the records (for facets and popularity); replace with `setCatalogue`.
   * @param options - see {@link defaultTrendingOptions}.
   */
  constructor(catalogue: RecommendCatalogue, options: TrendingOptions = defaultTrendingOptions) {
    this.catalogue = catalogue;
    this.options = options;
    this.counts = new DecayedCounts(options.halfLifeMs);
    this.setCatalogue(catalogue);
  }

  /** Recomputes the popularity prior (O(catalogue)); event counts are kept. */
  setCatalogue(catalogue: RecommendCatalogue): void {
    this.catalogue = catalogue;
    this.priors = new Map();
    let highest = 0;
    for (const group of catalogue.groups())
      highest = Math.max(highest, catalogue.popularity(group));
    if (highest <= 0 || this.options.popularityPriorWeight <= 0) return;
    for (const group of catalogue.groups()) {
      const records = catalogue.recordIDs(group);
      const share = (this.options.popularityPriorWeight * catalogue.popularity(group)) / highest;
      for (const objectID of records)
        if (share > 0) this.priors.set(objectID, share / records.length);
    }
  }

  /**
   * Counts one event for one record.
   *
   * @param objectID - the record.
   * @param timestamp - ms since the epoch; events are assumed not to be later than the `now` of queries.
   * @param weight - > 0 (defaults: purchase 4, add to cart 2, click 1, product-page view 0.25).
   */
  addEvent(objectID: string, timestamp: number, weight: number): void {
    this.counts.add(objectID, timestamp, weight);
  }

  /**
   * Trending groups at `now`, optionally only records whose `facet.name` attribute holds `facet.value`.
   *
   * @param now - ms since the epoch.
   * @param facet - restricts to one facet value.
   */
  items(now: number, facet?: { readonly name: string; readonly value: string }): TrendingGroups {
    const totals = new Map<string, number>();
    const best = new Map<string, { objectID: string; value: number }>();
    for (const [objectID, value] of this.recordValues(now)) {
      if (facet && !this.catalogue.attributeValues(objectID, facet.name).includes(facet.value))
        continue;
      const group = this.catalogue.groupOf(objectID);
      totals.set(group, (totals.get(group) ?? 0) + value);
      const current = best.get(group);
      if (!current || value > current.value) best.set(group, { objectID, value });
    }
    return {
      scores: normalise(totals),
      pickRecord: (group) => best.get(group)?.objectID ?? this.catalogue.representative(group),
    };
  }

  /**
   * Trending values of one facet at `now`: each record's trend is added to every value it holds.
   *
   * @param now - ms since the epoch.
   * @param facetName - attribute path (`brand`, `hierarchicalCategories.lvl1`).
   * @param counts - which records count (default all): a caller's key may see only some of them.
   * @returns value → score 0–100 (the top value scores 100).
   */
  facets(
    now: number,
    facetName: string,
    counts: (objectID: string) => boolean = () => true,
  ): Map<string, number> {
    const totals = new Map<string, number>();
    for (const [objectID, value] of this.recordValues(now)) {
      if (!counts(objectID)) continue;
      for (const facetValue of new Set(this.catalogue.attributeValues(objectID, facetName))) {
        totals.set(facetValue, (totals.get(facetValue) ?? 0) + value);
      }
    }
    return normalise(totals);
  }

  private recordValues(now: number): Map<string, number> {
    const values = this.counts.valuesAt(now);
    if (this.catalogue.isLoaded) {
      for (const objectID of values.keys()) {
        if (!this.catalogue.record(objectID)) values.delete(objectID);
      }
    }
    for (const [objectID, prior] of this.priors)
      values.set(objectID, (values.get(objectID) ?? 0) + prior);
    return values;
  }
}

function normalise(totals: Map<string, number>): Map<string, number> {
  let highest = 0;
  for (const value of totals.values()) highest = Math.max(highest, value);
  if (highest > 0) for (const [key, value] of totals) totals.set(key, (100 * value) / highest);
  return totals;
}
