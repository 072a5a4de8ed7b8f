/**
 * Everything decided about one search before its page is built: the resolved options, the page window,
 * distinct, the ranking criteria, the matched set and the page strategy. The strategy is chosen once, here,
 * from the query, the settings and the caller's extras; `page-hits.ts` then builds the page with that one
 * strategy (one file each) instead of re-reading flags.
 */

import type { ObjectIdOrder } from '../browse/object-id-order.ts';
import type { FacetColumn } from '../facets/facet-column.ts';
import { requestedFacets } from '../facets/search-facets.ts';
import type { IndexState } from '../index-state.ts';
import { type PreparedMatch, prepareMatch } from '../match/prepare-match.ts';
import type { WindowHit } from '../page/hit-window.ts';
import { type PageWindow, pageWindow } from '../page/paginate.ts';
import type { ExpandedWord } from '../query/expanded-word.ts';
import type { RankingCriterion } from '../rank/rank.ts';
import { buildCriteria, type CriteriaContext } from '../rank/ranking-criteria.ts';
import { resolveQueryOptions } from '../settings/resolve-options.ts';
import { Bitset } from '../structures/bitset.ts';
import type { BrowsePosition, IndexSettings, SearchQuery } from '../types.ts';

/** Relevant sort of a virtual replica: its custom ranking and strictness. */
export interface RelevantSortOptions {
  /** The virtual replica's `customRanking`, e.g. `["asc(price)"]`. */
  readonly customRanking: readonly string[];
  /** 0–100: 100 sorts only the most relevant hits, 0 sorts every hit. */
  readonly relevancyStrictness: number;
}

/** Where a browse page starts: the first page without `after`. */
export interface BrowseFrom {
  readonly order: ObjectIdOrder;
  readonly after?: BrowsePosition;
}

/** Extra modes of a search. */
export interface SearchExtras {
  /** Search as a virtual replica (relevant sort). */
  readonly relevantSort?: RelevantSortOptions;
  /** Browse: the page after `after` (the first page without it) in browse order, `objectID` last. */
  readonly browseFrom?: BrowseFrom;
}

/** How the page of one search is built. */
export type PageStrategy =
  /** The window lies past `paginationLimitedTo`: no hits. */
  | { readonly kind: 'beyond-limit' }
  /** Browse: the page after a keyset position, in browse order (`page-browse.ts`). */
  | { readonly kind: 'browse'; readonly from: BrowseFrom }
  /** A virtual replica: the most relevant matches sorted by its custom ranking (`page-relevant-sort.ts`). */
  | { readonly kind: 'relevant-sort'; readonly options: RelevantSortOptions }
  /** No page asked for (`hitsPerPage: 0`): counts and facets only. */
  | { readonly kind: 'no-page' }
  /**
   * No page, facets counted after distinct (InstantSearch's disjunctive-facet queries): ranking decides only
   * between matches sharing a distinct group, so only those are scored, when counting (`kept-by-distinct.ts`).
   */
  | { readonly kind: 'counts-after-distinct' }
  /**
   * A plain page of a relevance ranking, from the best-scoring prefix of the matches when that proves the page
   * (`page-top.ts`).
   */
  | { readonly kind: 'top' }
  /**
   * A plain page ranked over every match: browse without a position, or a ranking that sorts by an attribute
   * (`page-plain.ts`).
   */
  | { readonly kind: 'plain' }
  /** A page counted in distinct groups (`page-distinct.ts`). */
  | { readonly kind: 'distinct' };

/** The page's documents; `sortedHits` with relevant sort, `browseNext` when a browse continues. */
export interface PageHits {
  readonly hits: WindowHit[];
  readonly sortedHits?: number;
  readonly browseNext?: BrowsePosition;
}

/** Everything decided about one search before the page is built. */
export interface SearchPlan {
  readonly state: IndexState;
  readonly query: SearchQuery;
  readonly options: IndexSettings;
  /** A browse request: browse criteria, plain hits without ranking info, no facets. */
  readonly browse: boolean;
  readonly strategy: PageStrategy;
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

export function criteriaContext(
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
export function countsAfterDistinct(state: IndexState, query: SearchQuery): boolean {
  if (query.facetingAfterDistinct === true) return true;
  const requested = new Set(requestedFacets(state, query.facets ?? []));
  return state.faceting.some(
    (attribute) => attribute.afterDistinct && requested.has(attribute.path),
  );
}

/** The distinct column and how many records of each group a search keeps (0: no distinct). */
export function distinctOf(
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

/** The one way this search's page is built (the order of the tests is their precedence). */
export function choosePageStrategy(
  query: SearchQuery,
  extras: SearchExtras,
  window: PageWindow,
  distinct: { readonly perGroup: number; readonly facetsAfterDistinct: boolean },
  settings: IndexSettings,
): PageStrategy {
  const browse = query.browse === true;
  if (window.beyondLimit) return { kind: 'beyond-limit' };
  if (browse && extras.browseFrom !== undefined) return { kind: 'browse', from: extras.browseFrom };
  if (extras.relevantSort !== undefined)
    return { kind: 'relevant-sort', options: extras.relevantSort };
  if (window.end <= window.start)
    return distinct.facetsAfterDistinct ? { kind: 'counts-after-distinct' } : { kind: 'no-page' };
  if (distinct.perGroup > 0) return { kind: 'distinct' };
  return browse || sortsByAttribute(settings) ? { kind: 'plain' } : { kind: 'top' };
}

/** How many matched documents the matcher scores first (undefined: all of them). */
function scoringPrefixOf(
  strategy: PageStrategy,
  state: IndexState,
  window: PageWindow,
): number | undefined {
  switch (strategy.kind) {
    case 'top':
      return state.scoringPrefix ?? Math.max(minimumScoringPrefix, window.end * 16);
    case 'counts-after-distinct':
      return 1;
    default:
      return undefined;
  }
}

export function planSearch(
  state: IndexState,
  query: SearchQuery,
  extras: SearchExtras,
): SearchPlan {
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
  const facetsAfterDistinct = perGroup > 0 && countsAfterDistinct(state, query);
  const strategy = choosePageStrategy(
    query,
    extras,
    window,
    { perGroup, facetsAfterDistinct },
    state.settings,
  );
  // The criteria are read by a page, by relevant sort, and by facets counted after distinct.
  const scoring =
    (!window.beyondLimit && window.end > window.start) ||
    extras.relevantSort !== undefined ||
    facetsAfterDistinct;
  const prepared = prepareMatch(state, query, options, {
    proximity: !browse && state.settings.ranking.includes('proximity'),
    scoring,
    scoringPrefix: scoringPrefixOf(strategy, state, window),
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
    strategy,
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
