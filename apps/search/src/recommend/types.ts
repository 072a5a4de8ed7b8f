/**
 * The recommendation models' own vocabulary. `parse-recommend-request.ts` turns the Algolia wire request into a
 * `RecommendQuery`; the HTTP layer turns `RecommendResult` back into Algolia JSON (`score` → `_score`) after
 * resolving the records and applying `queryParameters` through the engine.
 */

/** The five Algolia Recommend models, by their wire names. */
export const recommendModelNames = [
  'related-products',
  'bought-together',
  'looking-similar',
  'trending-items',
  'trending-facets',
] as const;
export type RecommendModelName = (typeof recommendModelNames)[number];

/** Models answering for one source item (`objectID` required). */
export type ItemModelName = 'related-products' | 'bought-together' | 'looking-similar';

/**
 * One user interaction, as the Insights intake hands it to the models (one entry per accepted event; events
 * with `filters` instead of `objectIDs` and `instantsearch` telemetry are not passed in).
 */
export interface RecommendEvent {
  readonly type: 'click' | 'conversion' | 'view';
  /** Conversions only. A conversion without subtype counts as a purchase (Algolia's older FBT behaviour). */
  readonly subtype?: 'addToCart' | 'purchase';
  /** The pseudonymous user (prefer `authenticatedUserToken` when the event has one). */
  readonly userToken: string;
  /** 1–20 record ids. A purchase event carries every item of the order (split orders are re-joined, see README). */
  readonly objectIDs: readonly string[];
  /** Milliseconds since the epoch. */
  readonly timestamp: number;
  readonly queryID?: string;
  /** Index the event names; the caller routes events to the models of that index. */
  readonly index?: string;
}

/** Raw Algolia search parameters, left for protocol/ to parse and the engine to apply. */
export type OpaqueSearchParameters = { readonly [parameter: string]: unknown };

interface RecommendQueryBase {
  readonly indexName: string;
  /** 0–100: hits whose score is below it are dropped. */
  readonly threshold: number;
  /** Most hits to return: 1–30 from the wire (default 30); a caller may ask for more candidates. */
  readonly limit: number;
  /** `queryParameters`: applied to the recommended records by the HTTP layer. */
  readonly queryParameters?: OpaqueSearchParameters;
  /** `fallbackParameters`: a regular search that tops up a short list. */
  readonly fallbackParameters?: OpaqueSearchParameters;
}

/** A recommendation for one source record. */
export interface ItemRecommendQuery extends RecommendQueryBase {
  readonly model: ItemModelName;
  readonly objectID: string;
}

/** Trending items overall, or within one facet value (`facetName`/`facetValue` on the wire). */
export interface TrendingItemsQuery extends RecommendQueryBase {
  readonly model: 'trending-items';
  readonly facet?: { readonly name: string; readonly value: string };
}

/** Trending values of one facet. */
export interface TrendingFacetsQuery extends RecommendQueryBase {
  readonly model: 'trending-facets';
  readonly facetName: string;
}

export type RecommendQuery = ItemRecommendQuery | TrendingItemsQuery | TrendingFacetsQuery;

/** One recommended record; `score` is 0–100 (Algolia's `_score`). */
export interface ItemHit {
  readonly objectID: string;
  readonly score: number;
}

/** One trending facet value; `score` is 0–100. */
export interface FacetHit {
  readonly facetName: string;
  readonly facetValue: string;
  readonly score: number;
}

/** Hits sorted by `score` descending (ties by id), at most `limit`, none below `threshold`. */
export type RecommendResult =
  | { readonly type: 'items'; readonly hits: readonly ItemHit[] }
  | { readonly type: 'facets'; readonly hits: readonly FacetHit[] };
