import type { SearchRecord } from '../engine/index.ts';
import {
  BoughtTogether,
  type BoughtTogetherOptions,
  defaultBoughtTogetherOptions,
} from './bought-together.ts';
import { LookingSimilar } from './looking-similar.ts';
import { compareText, rankGroups, roundScore } from './rank-groups.ts';
import { type CatalogueRecords, RecommendCatalogue } from './recommend-catalogue.ts';
import {
  defaultRelatedProductsOptions,
  RelatedProducts,
  type RelatedProductsOptions,
} from './related-products.ts';
import { defaultTrendingOptions, Trending, type TrendingOptions } from './trending.ts';
import type {
  FacetHit,
  ItemHit,
  ItemRecommendQuery,
  RecommendEvent,
  RecommendQuery,
  RecommendResult,
} from './types.ts';

/** What an event says, by kind. A `view` of several records is a list impression and says nothing. */
export interface EventWeights {
  readonly view: number;
  readonly click: number;
  readonly addToCart: number;
  readonly purchase: number;
}

/** Browsing-session weights for `related-products`: interest, whatever its kind, with views weaker. */
export const defaultBrowsingWeights: EventWeights = {
  view: 0.5,
  click: 1,
  addToCart: 1,
  purchase: 1,
};
/** Trend weights: conversions say more than clicks, clicks more than views. */
export const defaultTrendingWeights: EventWeights = {
  view: 0.25,
  click: 1,
  addToCart: 2,
  purchase: 4,
};

/** Every option has a default; see each model's `default…Options`. */
export interface RecommendModelsOptions {
  readonly related?: RelatedProductsOptions;
  readonly boughtTogether?: BoughtTogetherOptions;
  readonly trending?: TrendingOptions;
  readonly browsingWeights?: EventWeights;
  readonly trendingWeights?: EventWeights;
}

/**
 * The Recommend models of one index, trained incrementally and queried synchronously. Pure: no IO and no clock
 * (time comes with events and queries).
 *
 * When models refresh: `addEvents` updates co-occurrence and decayed counts in O(items² per event) and the
 * next `recommend` sees them; `setCatalogue` rebuilds the catalogue-derived parts (content vectors, link
 * patterns, popularity prior) in O(catalogue) and keeps every event count; `setImageVectors` replaces the
 * embeddings. `recommend` never trains: it reads counts and ranks, in O(candidates).
 */
export class RecommendModels {
  private catalogue = new RecommendCatalogue();
  private readonly related: RelatedProducts;
  private readonly boughtTogether: BoughtTogether;
  private readonly trending: Trending;
  private lookingSimilar = new LookingSimilar();
  private readonly browsingWeights: EventWeights;
  private readonly trendingWeights: EventWeights;

  /** @param options - model tuning; every field defaults. */
  constructor(options: RecommendModelsOptions = {}) {
    this.related = new RelatedProducts(
      this.catalogue,
      options.related ?? defaultRelatedProductsOptions,
    );
    this.boughtTogether = new BoughtTogether(
      this.catalogue,
      options.boughtTogether ?? defaultBoughtTogetherOptions,
    );
    this.trending = new Trending(this.catalogue, options.trending ?? defaultTrendingOptions);
    this.browsingWeights = options.browsingWeights ?? defaultBrowsingWeights;
    this.trendingWeights = options.trendingWeights ?? defaultTrendingWeights;
  }

  /**
   * Replaces the catalogue (the index's records, in index order). Without a catalogue the models answer with
   * any id seen in events; with one, only with its records.
   */
  setCatalogue(records: readonly SearchRecord[] | CatalogueRecords): void {
    this.catalogue = new RecommendCatalogue(records);
    this.related.setCatalogue(this.catalogue);
    this.boughtTogether.setCatalogue(this.catalogue);
    this.trending.setCatalogue(this.catalogue);
  }

  /**
   * Replaces the image embeddings used by `looking-similar`.
   *
   * @param vectors - record id → embedding, all of one dimension (see `LookingSimilar`).
   */
  setImageVectors(vectors: ReadonlyMap<string, Float32Array>): void {
    this.lookingSimilar = new LookingSimilar(vectors);
  }

  /**
   * Learns from events, in timestamp order (a batch is sorted first; batches should arrive roughly in time
   * order per user). Events without `objectIDs` and multi-record views (list impressions) are ignored.
   *
   * @throws RangeError, before learning anything from the batch, when an event's timestamp is not finite.
   */
  addEvents(events: readonly RecommendEvent[]): void {
    const invalid = events.find((event) => !Number.isFinite(event.timestamp));
    if (invalid)
      throw new RangeError(`event timestamp must be a finite number, got ${invalid.timestamp}`);
    const ordered = [...events].sort((a, b) => a.timestamp - b.timestamp);
    for (const event of ordered) {
      const kind = eventKind(event);
      if (kind === undefined) continue;
      const { userToken, timestamp, objectIDs } = event;
      // Sessions and baskets count products, not colours: a shopper who looks at three colours of a hoodie,
      // or orders two, showed interest in one product once (per-record counts would weigh that shopper as
      // three, and break the basket counts of the log-likelihood test).
      const products = [...new Set(objectIDs.map((objectID) => this.catalogue.groupOf(objectID)))];
      this.related.addEvent(userToken, timestamp, products, this.browsingWeights[kind]);
      if (kind === 'purchase') this.boughtTogether.addPurchase(userToken, timestamp, products);
      for (const objectID of new Set(objectIDs)) {
        this.trending.addEvent(objectID, timestamp, this.trendingWeights[kind]);
      }
    }
  }

  /**
   * Answers one parsed request (see `parseRecommendRequests`).
   *
   * @param query - model, source or facet, threshold (0–100) and limit (≥ 1; the HTTP layer may ask for more
   * than it shows when `queryParameters` filters will drop some).
   * @param now - ms since the epoch, for trending.
   * @param readable - the records the caller may see (default all): trending-facets counts only those. Item
   * models rank every record; the HTTP layer resolves their hits through the caller's filters.
   */
  recommend(
    query: RecommendQuery,
    now: number,
    readable: (objectID: string) => boolean = () => true,
  ): RecommendResult {
    const { threshold, limit } = query;
    switch (query.model) {
      case 'trending-items': {
        const { scores, pickRecord } = this.trending.items(now, query.facet);
        const ranking = { catalogue: this.catalogue, threshold, limit, pickRecord };
        return { type: 'items', hits: rankGroups(scores, ranking) };
      }
      case 'trending-facets':
        return {
          type: 'facets',
          hits: rankFacets(
            query.facetName,
            this.trending.facets(now, query.facetName, readable),
            query,
          ),
        };
      default:
        return { type: 'items', hits: this.recommendForItem(query) };
    }
  }

  private recommendForItem(query: ItemRecommendQuery): ItemHit[] {
    const { catalogue } = this;
    const group = catalogue.groupOf(query.objectID);
    const color = catalogue.colorOf(query.objectID);
    const ranking = {
      catalogue,
      threshold: query.threshold,
      limit: query.limit,
      excluded: new Set([group]),
      pickRecord: (target: string) => catalogue.representative(target, color),
    };
    switch (query.model) {
      case 'related-products':
        return rankGroups(this.related.scores(group), ranking);
      case 'bought-together':
        return rankGroups(this.boughtTogether.scores(group), ranking);
      case 'looking-similar': {
        const { scores, pickRecord } = this.lookingSimilar.scores(query.objectID, catalogue);
        return rankGroups(scores, { ...ranking, pickRecord });
      }
    }
  }
}

function eventKind(event: RecommendEvent): keyof EventWeights | undefined {
  if (event.objectIDs.length === 0) return undefined;
  if (event.type === 'view') return event.objectIDs.length === 1 ? 'view' : undefined;
  if (event.type === 'click') return 'click';
  return event.subtype === 'addToCart' ? 'addToCart' : 'purchase';
}

function rankFacets(
  facetName: string,
  scores: ReadonlyMap<string, number>,
  query: RecommendQuery,
): FacetHit[] {
  const hits: FacetHit[] = [];
  for (const [facetValue, raw] of scores) {
    const score = roundScore(raw);
    if (score > 0 && score >= query.threshold) hits.push({ facetName, facetValue, score });
  }
  hits.sort((a, b) => b.score - a.score || compareText(a.facetValue, b.facetValue));
  return hits.slice(0, query.limit);
}
