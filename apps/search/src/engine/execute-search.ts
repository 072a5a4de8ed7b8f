/**
 * One search from query to result: match (prepare-match.ts), count facets over the complete matched set
 * (search-facets.ts), rank lazily only what the page needs, apply distinct, rule pins and relevant sort
 * (hit-window.ts, relevant-sort.ts), and format the page's hits (build-hits.ts).
 */

import { browseLevels } from './browse/browse-levels.ts';
import { browseWindow, walkBrowseOrder } from './browse/browse-window.ts';
import type { ObjectIdOrder } from './browse/object-id-order.ts';
import type { FacetColumn } from './facets/facet-column.ts';
import { countFacets, requestedFacets } from './facets/search-facets.ts';
import { buildHit, type HitFormat } from './hits/build-hits.ts';
import type { IndexState } from './index-state.ts';
import { highlightWords, type PreparedMatch, prepareMatch } from './match/prepare-match.ts';
import { countGroups } from './page/distinct.ts';
import { distinctKept, distinctWindow, plainWindow, type WindowHit } from './page/hit-window.ts';
import { type PageWindow, pageCount, pageWindow, paginationLimitMessage } from './page/paginate.ts';
import type { ExpandedWord } from './query/expanded-word.ts';
import { type ExactFirst, exactFirst } from './rank/exact-first-top.ts';
import { optimalTop } from './rank/optimal-top.ts';
import type { RankingCriterion } from './rank/rank.ts';
import { buildCriteria, type CriteriaContext } from './rank/ranking-criteria.ts';
import { relevantSortWindow } from './rank/relevant-sort.ts';
import { buildSortOrder } from './rank/sort-order.ts';
import { resolveQueryOptions } from './settings/resolve-options.ts';
import { Bitset } from './structures/bitset.ts';
import type {
  BrowsePosition,
  IndexSettings,
  RankedHit,
  RankingInfo,
  SearchQuery,
  SearchResult,
} from './types.ts';

/** Relevant sort of a virtual replica: its custom ranking and strictness. */
export interface RelevantSortOptions {
  /** The virtual replica's `customRanking`, e.g. `["asc(price)"]`. */
  readonly customRanking: readonly string[];
  /** 0–100: 100 sorts only the most relevant hits, 0 sorts every hit. */
  readonly relevancyStrictness: number;
}

/** Extra modes of {@link executeSearch}. */
export interface SearchExtras {
  /** Search as a virtual replica (relevant sort). */
  readonly relevantSort?: RelevantSortOptions;
  /** Browse: the page after `after` (the first page without it) in browse order, `objectID` last. */
  readonly browseFrom?: { readonly order: ObjectIdOrder; readonly after?: BrowsePosition };
}

/** Everything decided about one search before the page is built. */
interface SearchPlan {
  readonly state: IndexState;
  readonly query: SearchQuery;
  readonly options: IndexSettings;
  readonly browse: boolean;
  readonly prepared: PreparedMatch;
  readonly criteria: readonly RankingCriterion[];
  /** Matched documents minus pinned ones, as a list and a bit set. */
  readonly rankable: Uint32Array;
  readonly membership: Bitset;
  /** Matched documents plus pinned ones that did not match (what `totalHits` and facets count). */
  readonly counted: Uint32Array;
  readonly distinctColumn: FacetColumn | undefined;
  /** Documents kept per distinct group; 0 = distinct off. */
  readonly perGroup: number;
  readonly limit: number;
  readonly window: PageWindow;
}

/**
 * Matched documents scored first when the top may come from a prefix (optimal-top.ts): 16 pages' worth, at least
 * this many. Small enough that a broad query on a small index ("pur jus", 1,500 matches of 10,000) scores a
 * fifth of its matches; when the prefix does not prove the page it grows 8× at a time.
 */
const minimumScoringPrefix = 256;

function mayHaveTypos(word: ExpandedWord): boolean {
  return word.termTypos.some((typos) => typos > 0) || word.groups.some((group) => group.typos > 0);
}

/** The typos of the word's closest alternative: no document matches the word with fewer. */
function fewestTypos(word: ExpandedWord): number {
  let fewest = Number.POSITIVE_INFINITY;
  for (const typos of word.termTypos) fewest = Math.min(fewest, typos);
  for (const group of word.groups) fewest = Math.min(fewest, group.typos);
  return Number.isFinite(fewest) ? fewest : 0;
}

/** The word has an alternative that counts as exact. */
function canBeExact(word: ExpandedWord): boolean {
  return word.termExact.some(Boolean) || word.groups.some((group) => group.exact);
}

/** `ranking` (or `customRanking` through `custom`) sorts by an attribute. */
function sortsByAttribute(settings: IndexSettings): boolean {
  return settings.ranking.some(
    (name) =>
      name.startsWith('asc(') ||
      name.startsWith('desc(') ||
      (name === 'custom' && settings.customRanking.length > 0),
  );
}

function criteriaContext(
  plan: Pick<SearchPlan, 'state' | 'options' | 'prepared'>,
): CriteriaContext {
  const { state, options, prepared } = plan;
  const { match } = prepared;
  return {
    scratch: state.scratch,
    columns: state.columns,
    documents: state.documents,
    hasText: match.textWords.length > 0,
    typosPossible: match.textWords.some(mayHaveTypos),
    someWordsOptional: match.someWordsOptional,
    hasOptionalFilter: prepared.hasOptionalFilter,
    proximity: match.occurrencesReady,
    textWordCount: match.textWords.length,
    minProximity: options.minProximity,
    fewestTypos: match.textWords.reduce((sum, word) => sum + fewestTypos(word), 0),
    mostExactWords: match.textWords.filter(canBeExact).length,
    sortOrders: state.sortOrders,
    version: state.version,
  };
}

/** The matched documents minus the pinned ones, as a list and as a bit set. */
function withoutPinned(prepared: PreparedMatch): { documents: Uint32Array; membership: Bitset } {
  const { match, pinned } = prepared;
  if (!pinned.some((pin) => match.set.has(pin.documentNumber))) {
    return { documents: match.documents, membership: match.set };
  }
  const membership = new Bitset(match.set.capacity);
  membership.copyFrom(match.set);
  for (const pin of pinned) membership.remove(pin.documentNumber);
  const documents = match.documents.filter((documentNumber) => membership.has(documentNumber));
  return { documents, membership };
}

/** True when some requested facet is counted after distinct (which needs the full ranking). */
function countsAfterDistinct(state: IndexState, query: SearchQuery): boolean {
  if (query.facetingAfterDistinct === true) return true;
  const requested = new Set(requestedFacets(state, query.facets ?? []));
  return state.faceting.some(
    (attribute) => attribute.afterDistinct && requested.has(attribute.path),
  );
}

/** The distinct column and how many records of each group a search keeps (0: no distinct). */
function distinctOf(
  state: IndexState,
  options: IndexSettings,
  browse: boolean,
): { distinctColumn: FacetColumn | undefined; perGroup: number } {
  const distinctAttribute = state.settings.attributeForDistinct;
  const distinctColumn =
    distinctAttribute === undefined ? undefined : state.columns.facet(distinctAttribute);
  const perGroup =
    browse || distinctColumn === undefined
      ? 0
      : Math.max(0, Math.min(4, Math.floor(Number(options.distinct))));
  return { distinctColumn, perGroup };
}

function planSearch(state: IndexState, query: SearchQuery, extras: SearchExtras): SearchPlan {
  const browse = query.browse === true;
  const options = resolveQueryOptions(state.settings, query);
  const { distinctColumn, perGroup } = distinctOf(state, options, browse);
  const limit = browse ? Number.POSITIVE_INFINITY : options.paginationLimitedTo;
  const window = pageWindow({
    page: query.page,
    hitsPerPage: options.hitsPerPage,
    offset: query.offset,
    length: query.length,
    limit,
  });
  const scoring =
    (!window.beyondLimit && window.end > window.start) ||
    extras.relevantSort !== undefined ||
    (perGroup > 0 && countsAfterDistinct(state, query));
  const proximity = !browse && state.settings.ranking.includes('proximity');
  // No page, only facet counts after distinct (InstantSearch's disjunctive-facet queries): ranking decides only
  // between matches sharing a distinct group, so those are scored when counting (`scoreListed`), not all.
  const onlyCountsAfterDistinct =
    scoring &&
    !browse &&
    perGroup > 0 &&
    extras.relevantSort === undefined &&
    !window.beyondLimit &&
    window.end <= window.start;
  // A plain page of a relevance ranking can come from the best-scoring prefix (optimal-top.ts).
  const prefixRanking =
    scoring &&
    !browse &&
    perGroup === 0 &&
    extras.relevantSort === undefined &&
    !window.beyondLimit &&
    !sortsByAttribute(state.settings);
  const prepared = prepareMatch(state, query, options, {
    proximity,
    scoring,
    scoringPrefix: prefixRanking
      ? (state.scoringPrefix ?? Math.max(minimumScoringPrefix, window.end * 16))
      : onlyCountsAfterDistinct
        ? 1
        : undefined,
  });
  const typoFirst =
    !browse && (options.typoTolerance === 'min' || options.typoTolerance === 'strict');
  const ranking = browse ? ['attribute', 'custom'] : state.settings.ranking;
  const context = criteriaContext({ state, options, prepared });
  const criteria = buildCriteria(ranking, state.settings.customRanking, typoFirst, context);
  const { documents: rankable, membership } = withoutPinned(prepared);
  const { match } = prepared;
  const outside = prepared.pinned.filter((pin) => !match.set.has(pin.documentNumber));
  const counted =
    outside.length === 0
      ? match.documents
      : Uint32Array.from([...match.documents, ...outside.map((pin) => pin.documentNumber)]);
  return {
    state,
    query,
    options,
    browse,
    prepared,
    criteria,
    rankable,
    membership,
    counted,
    distinctColumn,
    perGroup,
    limit,
    window,
  };
}

/** The page of a virtual replica: relevant sort over the matches (over what distinct keeps, with distinct). */
function relevantSortHits(
  plan: SearchPlan,
  relevantSort: RelevantSortOptions,
): { hits: WindowHit[]; sortedHits: number } {
  const { prepared, perGroup } = plan;
  prepared.match.completeScoring?.();
  const { customRanking, relevancyStrictness } = relevantSort;
  const sortCriteria = buildCriteria(['custom'], customRanking, false, criteriaContext(plan));
  const strictness = plan.query.relevancyStrictness ?? relevancyStrictness;
  // Distinct keeps the best of each group by the primary's ranking (as facets after distinct count them),
  // then relevant sort selects and orders those.
  return relevantSortWindow(
    perGroup > 0 ? keptByDistinct(plan) : plan.rankable,
    plan.criteria,
    sortCriteria,
    strictness,
    plan.window,
    prepared.pinned,
    { column: plan.distinctColumn, perGroup },
  );
}

function pageHits(
  plan: SearchPlan,
  extras: SearchExtras,
): { hits: WindowHit[]; sortedHits?: number; browseNext?: BrowsePosition } {
  const { window, rankable, membership, criteria, prepared, perGroup } = plan;
  if (window.beyondLimit) return { hits: [] };
  if (plan.browse && extras.browseFrom !== undefined) {
    prepared.match.completeScoring?.();
    const { order, after } = extras.browseFrom;
    const levels = browseLevels(criteria, plan.state.settings, criteriaContext(plan));
    const length = window.end - window.start;
    // Sorts on stored values have a global order to walk; the text criterion (query text) has none.
    const storedValuesOnly = criteria.every((criterion) => criterion.globalOrder !== undefined);
    const page = storedValuesOnly
      ? walkBrowseOrder(cachedBrowseOrder(plan, order), membership, levels, order, after, length)
      : browseWindow(rankable, criteria, levels, order, after, length);
    const hits = Array.from(page.documents, (documentNumber, index) => ({
      documentNumber,
      sequence: undefined,
      promoted: false,
      position: window.start + index,
    }));
    return page.next === undefined ? { hits } : { hits, browseNext: page.next };
  }
  if (extras.relevantSort !== undefined) return relevantSortHits(plan, extras.relevantSort);
  if (window.end <= window.start) return { hits: [] };
  const { start, end } = window;
  const { match } = prepared;
  // Try the top from the scored prefix, growing it 8× at a time while that stays well below everything.
  let rareExact: ExactFirst | undefined;
  let rareExactTried = false;
  while ((match.scored ?? rankable.length) < rankable.length && prepared.pinned.length === 0) {
    const scored = match.scored ?? rankable.length;
    let top = optimalTop(rankable.subarray(0, scored), criteria, start, end);
    if (top === undefined) {
      if (!rareExactTried) {
        const { text } = plan.state;
        rareExact = exactFirst(
          rankable,
          match,
          criteria,
          text,
          plan.options.exactOnSingleWordQuery,
        );
      }
      rareExactTried = true;
      top = rareExact?.top(start, end);
    }
    if (top !== undefined) {
      const hits: WindowHit[] = [];
      for (let index = 0; index < top.length; index++) {
        const documentNumber = top[index] ?? 0;
        hits.push({
          documentNumber,
          sequence: undefined,
          promoted: false,
          position: start + index,
        });
      }
      return { hits };
    }
    const next = scored * 8;
    match.completeScoring?.(next * 2 > rankable.length ? rankable.length : next);
    if ((match.scored ?? rankable.length) <= scored) break;
  }
  match.completeScoring?.();
  if (perGroup === 0)
    return { hits: plainWindow(rankable, membership, criteria, prepared.pinned, start, end) };
  const column = plan.distinctColumn;
  return {
    hits: distinctWindow(
      rankable,
      membership,
      criteria,
      prepared.pinned,
      column,
      perGroup,
      start,
      end,
    ),
  };
}

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

/** The browse order of the plan's criteria, kept with the index's sort orders until the next write. */
function cachedBrowseOrder(plan: SearchPlan, idOrder: ObjectIdOrder): Uint32Array {
  const signature = `browse:${plan.criteria.map((criterion) => criterion.name).join(',')}`;
  const { state } = plan;
  return state.sortOrders.get(signature, state.version, () =>
    buildSortOrder(idOrder.sortedDocuments, plan.criteria, state.documents.capacity),
  ).order;
}

/** Makes sure `documents` (ascending, matched) have their criteria computed, whatever was scored first. */
function scoreListed(match: PreparedMatch['match'], documents: Uint32Array): void {
  const scored = match.scored ?? match.documents.length;
  if (scored >= match.documents.length || documents.length === 0) return;
  const lastScored = scored === 0 ? -1 : (match.documents[scored - 1] ?? -1);
  const unscored = documents.filter((documentNumber) => documentNumber > lastScored);
  if (match.scoreDocuments === undefined) match.completeScoring?.();
  else match.scoreDocuments(unscored);
}

/** The documents distinct keeps (the best `perGroup` of each group, by the plan's ranking); all without distinct. */
function keptByDistinct(plan: SearchPlan): Uint32Array {
  const { perGroup, prepared } = plan;
  if (perGroup === 0) return plan.counted;
  return distinctKept(
    plan.rankable,
    plan.criteria,
    plan.distinctColumn,
    perGroup,
    (documents) => scoreListed(prepared.match, documents),
    plan.membership,
  );
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
  const { hits, sortedHits, browseNext } = pageHits(plan, extras);
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
