/**
 * One search from query to result: plan it and choose how its page is built (search/search-plan.ts), match
 * (match/prepare-match.ts), count facets over the complete matched set (facets/search-facets.ts), build the
 * page with the chosen strategy (search/page-hits.ts), and format the page's hits (hits/build-hits.ts).
 */

import { countFacets } from './facets/search-facets.ts';
import { buildHit, type HitFormat } from './hits/build-hits.ts';
import type { IndexState } from './index-state.ts';
import { highlightWords, prepareMatch } from './match/prepare-match.ts';
import { countGroups } from './page/distinct.ts';
import type { WindowHit } from './page/hit-window.ts';
import { pageCount, paginationLimitMessage } from './page/paginate.ts';
import { keptByDistinct } from './search/kept-by-distinct.ts';
import { pageHits } from './search/page-hits.ts';
import {
  countsAfterDistinct,
  distinctOf,
  planSearch,
  type SearchExtras,
  type SearchPlan,
} from './search/search-plan.ts';
import { resolveQueryOptions } from './settings/resolve-options.ts';
import type { RankedHit, RankingInfo, SearchQuery, SearchResult } from './types.ts';

function rankingInfoReader(plan: SearchPlan, total: number) {
  const { scratch } = plan.state;
  const { match, hasOptionalFilter } = plan.prepared;
  const hasText = match.textWords.length > 0;
  return (documentNumber: number, promoted: boolean, position: number): RankingInfo => {
    const matched = match.set.has(documentNumber);
    const textual = matched && hasText;
    const attribute = scratch.attribute[documentNumber] ?? 0;
    const proximity =
      textual && match.occurrencesReady
        ? scratch.occurrences.proximity(
            documentNumber,
            match.textWords.length,
            plan.options.minProximity,
          )
        : 0;
    return {
      typos: textual ? (scratch.typos[documentNumber] ?? 0) : 0,
      firstMatchedWord: textual && attribute !== 0xffffffff ? attribute : 0,
      proximityDistance: proximity,
      words: textual ? (scratch.words[documentNumber] ?? 0) : 0,
      exactWords: textual ? (scratch.exact[documentNumber] ?? 0) : 0,
      filters: hasOptionalFilter && matched ? (scratch.filterScore[documentNumber] ?? 0) : 0,
      userScore: Math.max(0, total - position),
      promoted,
    };
  };
}

function formatHits(plan: SearchPlan, hits: readonly WindowHit[], totalHits: number): RankedHit[] {
  const { query, state, browse } = plan;
  const format: HitFormat = {
    state,
    options: plan.options,
    words: highlightWords(plan.prepared.words),
    plain: browse,
    hiddenAttributes:
      query.canSeeUnretrievable === true ? [] : state.settings.unretrievableAttributes,
    rankingInfo: undefined,
  };
  const readInfo =
    query.getRankingInfo === true && !browse ? rankingInfoReader(plan, totalHits) : undefined;
  const built: RankedHit[] = [];
  for (const hit of hits) {
    const hitFormat: HitFormat =
      readInfo === undefined
        ? format
        : { ...format, rankingInfo: (doc, promoted) => readInfo(doc, promoted, hit.position) };
    const sequence = plan.perGroup > 0 ? hit.sequence : undefined;
    const one = buildHit(hit.documentNumber, hitFormat, sequence, hit.promoted);
    if (one !== undefined) built.push(one);
  }
  return built;
}

function queryAfterRemoval(plan: SearchPlan): { queryAfterRemoval?: string } {
  const { match } = plan.prepared;
  if (match.removedWords.length === 0) return {};
  const kept = match.textWords.filter(
    (word) => !match.removedWords.includes(word) && !word.word.optional,
  );
  return { queryAfterRemoval: kept.map((word) => word.word.term).join(' ') };
}

/**
 * The documents that `query`'s facets are counted over, as a search counts them: every match, or, when distinct
 * is on and the facets are counted after it (`facetingAfterDistinct`, or `afterDistinct(attr)` for a requested
 * facet), the ones distinct keeps. Facet-value search counts over these, so its counts equal the facet list's.
 */
export function facetCountedDocuments(state: IndexState, query: SearchQuery): Uint32Array {
  const options = resolveQueryOptions(state.settings, query);
  if (distinctOf(state, options, false).perGroup === 0 || !countsAfterDistinct(state, query))
    return prepareMatch(state, query, options, { proximity: false, scoring: false }).match
      .documents;
  return keptByDistinct(planSearch(state, { ...query, hitsPerPage: 0, page: 0 }, {}));
}

/**
 * Runs one search against `state`.
 * @throws QueryError for filters on undeclared attributes and similar caller mistakes.
 */
export function executeSearch(
  state: IndexState,
  query: SearchQuery,
  extras: SearchExtras = {},
): SearchResult {
  const plan = planSearch(state, query, extras);
  const { prepared, perGroup, rankable, counted, window, limit } = plan;
  const totalHits =
    perGroup > 0
      ? countGroups(rankable, plan.distinctColumn) + prepared.pinned.length
      : counted.length;
  const { hits, sortedHits, browseNext } = pageHits(plan);
  const matchedSet =
    counted === prepared.match.documents
      ? { set: prepared.match.set, live: state.documents.live, liveCount: state.documents.size }
      : undefined;
  const facets = plan.browse
    ? { facetCounts: {}, facetStats: {} }
    : countFacets(state, query, plan.options, counted, matchedSet, () => keptByDistinct(plan));
  const strictness = query.relevancyStrictness ?? extras.relevantSort?.relevancyStrictness ?? 100;
  return {
    hits: formatHits(plan, hits, totalHits),
    totalHits,
    page: window.page,
    pageSize: window.pageSize,
    pageCount: pageCount(sortedHits ?? totalHits, window.pageSize, limit),
    ...facets,
    text: query.text,
    ...(window.beyondLimit ? { message: paginationLimitMessage(limit) } : {}),
    ...queryAfterRemoval(plan),
    ...(sortedHits === undefined ? {} : { sortedHits, appliedRelevancyStrictness: strictness }),
    ...(browseNext === undefined ? {} : { browseNext }),
  };
}
