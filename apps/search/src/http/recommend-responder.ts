import type { FastifyRequest } from 'fastify';
import type { SearchRecord } from '../engine/index.ts';
import { LiveIndex } from '../indices/live-index.ts';
import { mergeParams, type RawParams } from '../protocol/decode-params.ts';
import { epochSeconds } from '../protocol/epoch-seconds.ts';
import { formatSearchResponse } from '../protocol/format-search-response.ts';
import type { RecommendModels } from '../recommend/recommend-models.ts';
import type {
  ItemHit,
  ItemRecommendQuery,
  RecommendQuery,
  TrendingItemsQuery,
} from '../recommend/types.ts';
import { prepareSearch, type SearchConstraints } from '../search/prepare-search.ts';
import { recordReadFilter } from '../search/record-read-filter.ts';
import { elapsedMS } from '../search/search-context.ts';
import { constraintsOf } from './auth/search-access.ts';
import type { RouteContext } from './route-context.ts';

type Hit = Record<string, unknown> & { readonly objectID: string };

/** Most candidates asked of a model for one answer (the engine's `hitsPerPage` cap). */
const maxCandidates = 1000;

interface ResolveContext {
  readonly index: LiveIndex;
  readonly constraints: SearchConstraints;
  readonly nowSeconds: number;
}

/**
 * Answers one parsed Recommend request: the model ranks, the engine resolves the records and applies
 * `queryParameters` (filters, attributesToRetrieve, highlighting, `query`) and the key's restrictions keeping the
 * model's order, and a regular search with `fallbackParameters` tops up a short list. Every model answers only
 * what the caller's key may search (trending-facets counts only those records).
 * @throws SearchApiError 404 when the index does not exist, 400 on invalid parameters.
 */
export function recommend(
  context: RouteContext,
  request: FastifyRequest,
  query: RecommendQuery,
): Record<string, unknown> {
  const startedAt = elapsedMS();
  const index = context.service.registry.require(query.indexName);
  const models = context.recommend.modelsFor(query.indexName);
  const now = context.clock();
  const resolve = { index, constraints: constraintsOf(request), nowSeconds: epochSeconds(now) };
  const hits =
    query.model === 'trending-facets'
      ? facetHits(models, query, now.getTime(), resolve)
      : itemHits(models, query, now.getTime(), resolve);
  return {
    hits,
    nbHits: hits.length,
    page: 0,
    nbPages: 1,
    hitsPerPage: query.limit,
    processingTimeMS: Math.round(elapsedMS() - startedAt),
  };
}

/**
 * Trending values of a facet over the records the caller's key may see (a secured key's `filters`, a key's
 * `queryParameters`), as its searches would count them: a value only records outside its filters hold is not
 * shown.
 */
function facetHits(
  models: RecommendModels,
  query: RecommendQuery,
  now: number,
  { index, constraints, nowSeconds }: ResolveContext,
) {
  const result = models.recommend(query, now, recordReadFilter(index, constraints, nowSeconds));
  if (result.type !== 'facets') return [];
  return result.hits.map((hit) => ({
    facetName: hit.facetName,
    facetValue: hit.facetValue,
    _score: hit.score,
  }));
}

function itemHits(
  models: RecommendModels,
  query: ItemRecommendQuery | TrendingItemsQuery,
  now: number,
  resolve: ResolveContext,
): Hit[] {
  const params = mergeParams(query.queryParameters ?? {});
  // Filters may drop candidates: ask for more than needed, and for more again while the list is short.
  let asked = Math.min(maxCandidates, Math.max(query.limit * 3, query.limit + 20));
  let hits: Hit[];
  for (;;) {
    const result = models.recommend({ ...query, limit: asked }, now);
    const candidates = result.type === 'items' ? result.hits : [];
    hits = resolveCandidates(candidates, params, resolve);
    if (hits.length >= query.limit || candidates.length < asked || asked >= maxCandidates) break;
    asked = Math.min(maxCandidates, asked * 4);
  }
  hits = hits.slice(0, query.limit);
  if (hits.length < query.limit && query.fallbackParameters) {
    const source = 'objectID' in query ? query.objectID : undefined;
    hits.push(...fallbackHits(query, source, hits, resolve));
  }
  return hits;
}

/**
 * The candidates' records through the engine with `params`, in the model's order, `score` → `_score`. The
 * engine searches a scratch index holding only the candidates (same settings, synonyms and rules), so filters,
 * `query`, attributesToRetrieve and highlighting behave exactly as in a search.
 */
function resolveCandidates(
  candidates: readonly ItemHit[],
  params: RawParams,
  { index, constraints, nowSeconds }: ResolveContext,
): Hit[] {
  const records = candidates
    .map((candidate) => index.getRecord(candidate.objectID))
    .filter((record): record is SearchRecord => record !== undefined);
  if (records.length === 0) return [];
  const scratch = new LiveIndex(index.name, index.settings, index.createdAt, index.updatedAt);
  scratch.replaceSynonyms(index.synonyms.values());
  scratch.replaceRules(index.rules.values());
  scratch.saveRecords(records);
  const found = searchHits(
    scratch,
    { ...params, page: 0, hitsPerPage: records.length },
    {
      constraints,
      nowSeconds,
    },
  );
  const byId = new Map(found.map((hit) => [hit.objectID, hit]));
  return candidates.flatMap((candidate) => {
    const hit = byId.get(candidate.objectID);
    return hit ? [{ ...hit, _score: candidate.score }] : [];
  });
}

/** A regular search with `fallbackParameters`, minus the source product and the hits already listed. */
function fallbackHits(
  query: RecommendQuery,
  source: string | undefined,
  listed: readonly Hit[],
  { index, constraints, nowSeconds }: ResolveContext,
): Hit[] {
  const excluded = new Set(listed.map((hit) => hit.objectID));
  const sourceRecord = source === undefined ? undefined : index.getRecord(source);
  const sourceProduct = sourceRecord?.['productId'];
  if (source !== undefined) excluded.add(source);
  const wanted = query.limit - listed.length;
  const params = {
    ...mergeParams(query.fallbackParameters ?? {}),
    page: 0,
    hitsPerPage: Math.min(maxCandidates, wanted + excluded.size + 20),
  };
  const found = searchHits(index, params, { constraints, nowSeconds });
  return found
    .filter((hit) => {
      if (excluded.has(hit.objectID)) return false;
      const product = index.getRecord(hit.objectID)?.['productId'];
      return sourceProduct === undefined || product !== sourceProduct;
    })
    .slice(0, wanted)
    .map((hit) => ({ ...hit, _score: 0 }));
}

function searchHits(
  index: LiveIndex,
  params: RawParams,
  options: { constraints: SearchConstraints; nowSeconds: number },
): Hit[] {
  const prepared = prepareSearch(index, params, options);
  const result = index.search(prepared.query);
  const response = formatSearchResponse(result, {
    params: prepared.params,
    indexName: index.name,
    processingTimeMS: 0,
  });
  return response['hits'] as Hit[];
}
