import type { ValidEvent } from '../insights/validate-events.ts';
import type { CatalogueRecords } from '../recommend/recommend-catalogue.ts';
import { RecommendModels } from '../recommend/recommend-models.ts';
import {
  committedPhotoVectors,
  type PhotoVectors,
  recordImageVectors,
} from '../recommend/record-image-vectors.ts';
import type { RecommendEvent } from '../recommend/types.ts';
import type { StoredEvent } from '../store/search-store.ts';
import type { IndexRegistry } from './index-registry.ts';

export interface RecommendRegistryOptions {
  /** Wait after a record write before rebuilding the catalogue (default 1,000 ms). */
  readonly catalogueDelayMS?: number;
  /**
   * Photo URL → embedding for `looking-similar`, matched to records by their `image`; default: the committed
   * `apps/search/data/image-vectors/luma.json`, read when the first registry is built.
   */
  readonly photoVectors?: PhotoVectors;
}

/**
 * One `RecommendModels` per index name, fed with the accepted Insights events and kept in step with the index's
 * records. Record writes only mark an index's catalogue stale: it is rebuilt once, after `catalogueDelayMS` of
 * quiet, or at the next `modelsFor` if a recommendation is asked for before then (debounced either way).
 */
export class RecommendRegistry {
  readonly #indices: IndexRegistry;
  readonly #models = new Map<string, RecommendModels>();
  /** Indices whose catalogue must be rebuilt before the next answer. */
  readonly #stale = new Set<string>();
  readonly #delayMS: number;
  readonly #photoVectors: PhotoVectors;
  #timer: NodeJS.Timeout | undefined;

  constructor(indices: IndexRegistry, options: RecommendRegistryOptions = {}) {
    this.#indices = indices;
    this.#delayMS = options.catalogueDelayMS ?? 1000;
    // Read now (once per process), so a broken vectors file stops the start with its message rather than a
    // later catalogue rebuild running in a timer.
    this.#photoVectors = options.photoVectors ?? committedPhotoVectors();
  }

  /**
   * The models of `indexName`, with a catalogue matching its current records.
   */
  modelsFor(indexName: string): RecommendModels {
    const models = this.#modelsOf(indexName);
    if (this.#stale.delete(indexName)) this.#refreshCatalogue(indexName, models);
    return models;
  }

  /**
   * Marks catalogues stale after a write. Writes that are about no index (keys) change no catalogue; a write
   * about one index may still touch another (copy, move), so every index with models is marked.
   */
  recordsChanged(indexName: string | undefined): void {
    if (indexName === undefined) return;
    this.#stale.add(indexName);
    for (const name of this.#models.keys()) this.#stale.add(name);
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#refreshStale(), this.#delayMS);
    this.#timer.unref();
  }

  /** Feeds accepted events to the models of their index (events without objectIDs are skipped). */
  addEvents(events: readonly ValidEvent[]): void {
    const byIndex = new Map<string, RecommendEvent[]>();
    for (const event of events) {
      const converted = toRecommendEvent(event);
      if (!converted || event.index === undefined) continue;
      const list = byIndex.get(event.index) ?? [];
      list.push(converted);
      byIndex.set(event.index, list);
    }
    for (const [indexName, list] of byIndex) this.#modelsOf(indexName).addEvents(list);
  }

  /** Replays stored events (at start: the models keep their state in memory only). */
  replay(stored: readonly StoredEvent[]): void {
    this.addEvents(stored.map(fromStoredEvent));
  }

  /** Stops the pending catalogue rebuild. */
  close(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #modelsOf(indexName: string): RecommendModels {
    let models = this.#models.get(indexName);
    if (!models) {
      models = new RecommendModels();
      this.#models.set(indexName, models);
      this.#refreshCatalogue(indexName, models);
    }
    return models;
  }

  #refreshStale(): void {
    this.#timer = undefined;
    for (const indexName of this.#stale) {
      const models = this.#models.get(indexName);
      if (models) this.#refreshCatalogue(indexName, models);
    }
    this.#stale.clear();
  }

  #refreshCatalogue(indexName: string, models: RecommendModels): void {
    // The models read the index's records where the engine keeps them (encoded), not a copy of their own.
    const indices = this.#indices;
    const records: CatalogueRecords = {
      records: () => indices.get(indexName)?.allRecords() ?? [],
      record: (objectID) => indices.get(indexName)?.getRecord(objectID),
    };
    models.setCatalogue(records);
    models.setImageVectors(recordImageVectors(records.records(), this.#photoVectors));
  }
}

/**
 * The models' view of one accepted event; `undefined` for filter-only and `instantsearch` events, and for
 * InstantSearch's automatic impressions of a result list.
 */
export function toRecommendEvent(event: ValidEvent): RecommendEvent | undefined {
  if (event.eventType === 'instantsearch' || !event.objectIDs) return undefined;
  if (event.eventType === 'view' && isAutomaticImpression(event.body)) return undefined;
  const userToken = event.authenticatedUserToken ?? event.userToken;
  if (userToken === undefined) return undefined;
  return {
    type: event.eventType,
    ...(event.eventSubtype ? { subtype: event.eventSubtype } : {}),
    userToken,
    objectIDs: event.objectIDs,
    timestamp: event.timestamp,
    ...(event.queryID ? { queryID: event.queryID } : {}),
    ...(event.index ? { index: event.index } : {}),
  };
}

/**
 * InstantSearch's insights middleware marks the view events it sends by itself for the hits a widget shows
 * ("Hits Viewed") with `algoliaSource: ['instantsearch', 'instantsearch-internal']`. The models take a view of
 * one record for a product-page view; a search or row showing a single hit is still a list impression.
 */
function isAutomaticImpression(body: ValidEvent['body']): boolean {
  const source = body['algoliaSource'];
  return Array.isArray(source) && source.includes('instantsearch-internal');
}

/** Rebuilds the fields the models read from a stored event (it was validated before it was stored). */
function fromStoredEvent(stored: StoredEvent): ValidEvent {
  const body = stored.body;
  const text = (key: string): string | undefined =>
    typeof body[key] === 'string' ? (body[key] as string) : undefined;
  const list = (key: string): string[] | undefined =>
    Array.isArray(body[key]) ? (body[key] as unknown[]).map(String) : undefined;
  const subtype = text('eventSubtype');
  return {
    eventType: stored.eventType as ValidEvent['eventType'],
    eventSubtype: subtype === 'addToCart' || subtype === 'purchase' ? subtype : undefined,
    eventName: text('eventName') ?? '',
    index: stored.indexName,
    userToken: text('userToken'),
    authenticatedUserToken: text('authenticatedUserToken'),
    objectIDs: list('objectIDs'),
    filters: list('filters'),
    queryID: text('queryID'),
    timestamp: stored.occurredAt.getTime(),
    body,
  };
}
