/**
 * Our `SearchResult` → Algolia's SearchResponse JSON (docs/api.md §5.1): wire names, hit decorations
 * (`_highlightResult`, `_snippetResult`, `_rankingInfo`, `_distinctSeqID`), exhaustiveness flags, the `params`
 * echo and the rule outputs.
 */
import type {
  FacetValueHit,
  RankedHit,
  RankingInfo,
  RenderingContent,
  SearchResult,
} from '../engine/index.ts';
import { encodeParamsString } from './decode-params.ts';
import type { SearchParams } from './parse-search-params.ts';

/** What a response reports besides the engine's result. */
export interface SearchResponseContext {
  readonly params: SearchParams;
  readonly indexName: string;
  readonly processingTimeMS: number;
  readonly serverTimeMS?: number;
  /** Present only with `clickAnalytics`. */
  readonly queryID?: string;
  readonly renderingContent?: RenderingContent | undefined;
  /** Applied rules' `userData` payloads (sent only when non-empty). */
  readonly userData?: readonly unknown[];
  readonly appliedRules?: readonly string[];
  /** Browse: the next page's cursor (absent on the last page). */
  readonly cursor?: string;
  /** False when the time budget cut the search short. */
  readonly exhaustive?: boolean;
}

/** Keys `responseFields` can never remove. */
const alwaysSent = new Set(['message', 'warning', 'cursor', 'abTestVariantID']);

/**
 * Formats one search result.
 * `{ hits: [{ record: { objectID: 'a' } }], totalHits: 1, page: 0, pageSize: 20, pageCount: 1, … }` →
 * `{ hits: [{ objectID: 'a' }], nbHits: 1, page: 0, nbPages: 1, hitsPerPage: 20, exhaustiveNbHits: true, … }`.
 */
export function formatSearchResponse(
  result: SearchResult,
  context: SearchResponseContext,
): Record<string, unknown> {
  const exhaustive = context.exhaustive ?? true;
  const { options } = context.params;
  const response: Record<string, unknown> = {
    hits: result.hits.map(formatHit),
    nbHits: result.totalHits,
    page: result.page,
    nbPages: result.pageCount,
    hitsPerPage: result.pageSize,
    ...(options.offset !== undefined && options.length !== undefined
      ? { offset: options.offset, length: options.length }
      : {}),
    ...(options.facets !== undefined ? { facets: result.facetCounts } : {}),
    ...(Object.keys(result.facetStats).length > 0 ? { facets_stats: result.facetStats } : {}),
    exhaustiveFacetsCount: exhaustive,
    exhaustiveNbHits: exhaustive,
    exhaustiveTypo: exhaustive,
    exhaustive: {
      facetsCount: exhaustive,
      facetValues: exhaustive,
      nbHits: exhaustive,
      rulesMatch: true,
      typo: exhaustive,
    },
    query: context.params.text,
    ...(result.queryAfterRemoval === undefined
      ? {}
      : { queryAfterRemoval: result.queryAfterRemoval }),
    params: encodeParamsString(context.params.raw),
    index: context.indexName,
    processingTimeMS: context.processingTimeMS,
    ...(context.serverTimeMS === undefined ? {} : { serverTimeMS: context.serverTimeMS }),
    ...(context.queryID === undefined ? {} : { queryID: context.queryID }),
    ...(context.renderingContent === undefined
      ? {}
      : { renderingContent: context.renderingContent }),
    ...(context.userData && context.userData.length > 0 ? { userData: context.userData } : {}),
    ...(context.appliedRules && context.appliedRules.length > 0
      ? { appliedRules: context.appliedRules.map((objectID) => ({ objectID })) }
      : {}),
    ...(result.sortedHits === undefined ? {} : { nbSortedHits: result.sortedHits }),
    ...(result.appliedRelevancyStrictness === undefined
      ? {}
      : { appliedRelevancyStrictness: result.appliedRelevancyStrictness }),
    ...(result.message === undefined ? {} : { message: result.message }),
    ...(context.cursor === undefined ? {} : { cursor: context.cursor }),
  };
  return keepResponseFields(response, context.params.responseFields);
}

function keepResponseFields(
  response: Record<string, unknown>,
  fields: readonly string[] | undefined,
): Record<string, unknown> {
  if (fields === undefined || fields.includes('*')) return response;
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(response)) {
    if (fields.includes(name) || alwaysSent.has(name)) kept[name] = value;
  }
  return kept;
}

/** One hit: the record, then its decorations under Algolia's names. */
export function formatHit(hit: RankedHit): Record<string, unknown> {
  const formatted: Record<string, unknown> = { ...hit.record };
  // `attributesToHighlight: []` turns highlighting off: no `_highlightResult` at all, as Algolia answers.
  if (!isEmpty(hit.highlight)) formatted['_highlightResult'] = hit.highlight;
  if (!isEmpty(hit.snippet)) formatted['_snippetResult'] = hit.snippet;
  if (hit.rankingInfo !== undefined) formatted['_rankingInfo'] = formatRankingInfo(hit.rankingInfo);
  if (hit.distinctSequence !== undefined) formatted['_distinctSeqID'] = hit.distinctSequence;
  return formatted;
}

function isEmpty(tree: object | undefined): boolean {
  if (tree === undefined) return true;
  for (const _ in tree) return false;
  return true;
}

function formatRankingInfo(info: RankingInfo): Record<string, unknown> {
  return {
    nbTypos: info.typos,
    firstMatchedWord: info.firstMatchedWord,
    proximityDistance: info.proximityDistance,
    userScore: info.userScore,
    geoDistance: 0,
    geoPrecision: 1,
    nbExactWords: info.exactWords,
    words: info.words,
    filters: info.filters,
    ...(info.promoted ? { promoted: true } : {}),
  };
}

/** The search-for-facet-values response (docs/api.md §5.3). */
export function formatFacetHits(
  hits: readonly FacetValueHit[],
  processingTimeMS: number,
): Record<string, unknown> {
  return {
    facetHits: hits.map(({ value, highlighted, count }) => ({ value, highlighted, count })),
    exhaustiveFacetsCount: true,
    processingTimeMS,
  };
}
