/**
 * A virtual replica (`virtual(products_price_asc)` in the primary's `replicas`): a view over the primary's
 * records with its own settings, whose `customRanking` is applied as relevant sort (see relevant-sort.ts).
 * Writes go to the primary; the replica only searches.
 */

import type { FilterExpression } from './filters/filter-expression.ts';
import type { SearchIndex } from './search-index.ts';
import { defaultIndexSettings } from './settings/default-settings.ts';
import { resolveQueryOptions } from './settings/resolve-options.ts';
import type { FacetValueHit, IndexSettings, SearchQuery, SearchResult } from './types.ts';

/** A relevant-sort view over a primary {@link SearchIndex}. */
export class VirtualReplica {
  private readonly primary: SearchIndex;
  private overrides: Partial<IndexSettings>;

  /**
   * @param primary - the index whose records are searched.
   * @param settings - the replica's own settings: `customRanking` (the relevant sort), `relevancyStrictness`
   *   (default 100) and any per-query option (`hitsPerPage`, highlighting…), which then wins over the primary's.
   */
  constructor(primary: SearchIndex, settings: Partial<IndexSettings> = {}) {
    this.primary = primary;
    this.overrides = { ...settings };
  }

  /** The primary index whose records the replica searches (and serves to `getObject`, browse, copies). */
  get primaryIndex(): SearchIndex {
    return this.primary;
  }

  /** The settings the replica searches with: the primary's, overridden by the replica's own. */
  get settings(): IndexSettings {
    return { ...this.primary.settings, ...this.overrides };
  }

  /** Whether the primary's record `objectID` passes `filter` (see `SearchIndex.recordPasses`). */
  recordPasses(objectID: string, filter: FilterExpression): boolean {
    return this.primary.recordPasses(objectID, filter);
  }

  /** The replica's own settings only. */
  get ownSettings(): Partial<IndexSettings> {
    return this.overrides;
  }

  /** Changes the replica's own settings (keys absent from `partial` keep their value). */
  setSettings(partial: Partial<IndexSettings>): void {
    this.overrides = { ...this.overrides, ...partial };
  }

  /**
   * Searches the primary's records with relevant sort; the result carries `sortedHits` and
   * `appliedRelevancyStrictness`.
   */
  search(query: SearchQuery): SearchResult {
    const settings = this.settings;
    return this.primary.search(this.withReplicaOptions(query), {
      relevantSort: {
        customRanking: settings.customRanking,
        relevancyStrictness:
          settings.relevancyStrictness ?? defaultIndexSettings().relevancyStrictness,
      },
    });
  }

  /** Facet-value search in the replica's context (same records as the primary). */
  searchFacetValues(
    attribute: string,
    facetQuery: string,
    query: SearchQuery,
    maxFacetHits: number,
  ): { hits: FacetValueHit[] } {
    return this.primary.searchFacetValues(
      attribute,
      facetQuery,
      this.withReplicaOptions(query),
      maxFacetHits,
    );
  }

  /** The primary's facet values a rule `{facet:…}` placeholder matches (see `SearchIndex.facetValuesFor`). */
  facetValuesFor(attribute: string, phrase: string): string[] {
    return this.primary.facetValuesFor(attribute, phrase);
  }

  private withReplicaOptions(query: SearchQuery): SearchQuery {
    // Replica settings act as query defaults: the query's own values still win.
    const resolved = resolveQueryOptions({ ...this.primary.settings, ...this.overrides }, query);
    return { ...resolved, ...query, text: query.text };
  }
}
