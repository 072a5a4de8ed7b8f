import type { QueryRequest } from '../protocol/parse-multi-query.ts';
import type { AnswerJson } from './answer-json.ts';
import type { SearchConstraints } from './prepare-search.ts';

/** What the search log needs of a search that was answered from the cache. */
export interface CachedLogFields {
  readonly query: string;
  readonly filters: string;
  readonly hitCount: number;
  readonly objectIDs: readonly string[];
  readonly userToken: string | undefined;
  readonly analyticsTags: readonly string[];
  readonly queryLanguages: readonly string[];
}

/** One formatted answer, as the route built it when the search ran. */
export interface CachedAnswer {
  /** The formatted response, serialized; `processingTimeMS`, `serverTimeMS` and `queryID` are this call's. */
  readonly json: AnswerJson;
  /** Present when the search is recorded in the search log (`analytics` on). */
  readonly log: CachedLogFields | undefined;
  /** `clickAnalytics` on: each answer gets a fresh `queryID`. */
  readonly clickAnalytics: boolean;
}

/** Largest page of hits kept in the cache: bigger answers are rare and would crowd out the rest. */
export const maxCachedHits = 100;

/**
 * The formatted answers of recent searches, so that a search repeated with the same parameters, under the same
 * key constraints, on unchanged indices is answered without running it again. InstantSearch makes this common:
 * every visitor's first request (empty query, the page's facets) is the same, and so are the disjunctive facet
 * queries of popular refinements.
 *
 * Correctness: any write applied in memory (on the owner or on a search worker) calls `IndexRegistry.changed()`,
 * which moves its `generation`; the cache drops everything as soon as it sees another generation. So a search
 * never sees an answer computed before a write that was already acknowledged. Searches whose answer depends on
 * the clock (an index with rules limited in time) are not cached (`cacheable` false). Least recently used
 * answers are dropped beyond `capacity` entries; capacity 0 turns the cache off.
 */
export class SearchCache {
  readonly capacity: number;
  readonly #entries = new Map<string, CachedAnswer>();
  #generation = -1;
  #hits = 0;
  #misses = 0;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  /** Counters since the start (for the health endpoint and the benchmark). */
  get stats(): { entries: number; hits: number; misses: number } {
    return { entries: this.#entries.size, hits: this.#hits, misses: this.#misses };
  }

  /** The answer stored under `key` at `generation`, if any (and marks it recently used). */
  get(key: string, generation: number): CachedAnswer | undefined {
    if (this.capacity === 0) return undefined;
    this.#sync(generation);
    const answer = this.#entries.get(key);
    if (answer === undefined) {
      this.#misses += 1;
      return undefined;
    }
    this.#hits += 1;
    this.#entries.delete(key);
    this.#entries.set(key, answer);
    return answer;
  }

  /** Stores `answer` (its JSON kept compressed only, see `AnswerJson.compact`). */
  set(key: string, generation: number, answer: CachedAnswer): void {
    if (this.capacity === 0) return;
    answer.json.compact();
    this.#sync(generation);
    this.#entries.delete(key);
    this.#entries.set(key, answer);
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }

  #sync(generation: number): void {
    if (generation === this.#generation) return;
    this.#entries.clear();
    this.#generation = generation;
  }
}

/**
 * The cache keys of a call's queries: the caller's key constraints (forced parameters, filters, caps, serialised
 * once per call), each entry's kind, index and facet query, and its parameters exactly as sent (the same
 * parameters in another order are another key: a miss, never a wrong answer).
 */
export function answerKeys(
  constraints: SearchConstraints,
  requests: readonly QueryRequest[],
): string[] {
  const caller = JSON.stringify(constraints);
  return requests.map((request) => {
    const facet = request.type === 'facet' ? `${request.facet}\u0001${request.facetQuery}` : '';
    return `${caller}\u0001${request.type}\u0001${request.indexName}\u0001${facet}\u0001${JSON.stringify(request.params)}`;
  });
}
