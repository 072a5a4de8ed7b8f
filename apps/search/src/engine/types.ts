/**
 * The engine's own vocabulary. `protocol/` maps Algolia requests to `SearchQuery` and `SearchResult` back to
 * Algolia JSON; nothing in here knows the wire names of the response (`nbHits`, `_highlightResult`, …).
 *
 * Index settings keep Algolia's setting names on purpose: they are stored and returned verbatim by
 * `GET /1/indexes/{index}/settings`, and they are the vocabulary merchants tune ranking with
 * (docs/decisions/0005-engine-vocabulary.md).
 */
import type { FilterExpression } from './filters/filter-expression.ts';

/** A stored record: any JSON object with a string `objectID`. */
export type SearchRecord = { readonly objectID: string } & {
  readonly [attribute: string]: unknown;
};

export type QueryType = 'prefixLast' | 'prefixAll' | 'prefixNone';
export type TypoTolerance = boolean | 'min' | 'strict';
export type RemoveWordsIfNoResults = 'none' | 'lastWords' | 'firstWords' | 'allOptional';
export type ExactOnSingleWordQuery = 'attribute' | 'word' | 'none';
export type AdvancedSyntaxFeature = 'exactPhrase' | 'excludeWords';
export type LanguageList = boolean | readonly string[];

/** Settings that are also per-query parameters (a query value overrides the index value). */
export interface TextMatchingOptions {
  /** `prefixLast` (default): only the last word matches as a prefix. */
  queryType: QueryType;
  /** Default true. `min`: only hits with the fewest typos; `strict`: the two lowest typo counts. */
  typoTolerance: TypoTolerance;
  /** Query-word length from which 1 typo is allowed (default 4). */
  minWordSizefor1Typo: number;
  /** Query-word length from which 2 typos are allowed (default 8). */
  minWordSizefor2Typos: number;
  /** Default true: numbers may match with typos. */
  allowTyposOnNumericTokens: boolean;
  /** `true` = the `queryLanguages`; a list overrides them. Default false. */
  ignorePlurals: LanguageList;
  /** Same shape as `ignorePlurals`. Default false. */
  removeStopWords: LanguageList;
  /** `fr`, `en`. Default `[]`. */
  queryLanguages: readonly string[];
  /** Default false: `"phrase"` and `-exclusion` are plain words. */
  advancedSyntax: boolean;
  /** Which parts of `advancedSyntax` apply. Default `['exactPhrase', 'excludeWords']`. */
  advancedSyntaxFeatures: readonly AdvancedSyntaxFeature[];
  removeWordsIfNoResults: RemoveWordsIfNoResults;
  optionalWords: readonly string[];
  exactOnSingleWordQuery: ExactOnSingleWordQuery;
  /** Default `['ignorePlurals', 'singleWordSynonym']`. */
  alternativesAsExact: readonly string[];
  /** Default true: synonyms of the index apply. */
  synonyms: boolean;
  /** Attributes on which no typo is allowed. */
  disableTypoToleranceOnAttributes: readonly string[];
  /** Query words that never match with typos, nor split or joined (index setting; folded when compared). */
  disableTypoToleranceOnWords: readonly string[];
  /** Attributes that never count for the exact criterion. */
  disableExactOnAttributes: readonly string[];
  /** 1–7, default 1: proximity distances below this count as equal. */
  minProximity: number;
}

/** Settings that shape the response (also overridable per query). */
export interface ResponseOptions {
  hitsPerPage: number;
  maxValuesPerFacet: number;
  maxFacetHits: number;
  sortFacetValuesBy: 'count' | 'alpha';
  attributesToRetrieve: readonly string[];
  attributesToHighlight: readonly string[] | undefined;
  attributesToSnippet: readonly string[];
  highlightPreTag: string;
  highlightPostTag: string;
  snippetEllipsisText: string;
  restrictHighlightAndSnippetArrays: boolean;
  /**
   * Default false: highlights and snippets show the record's words. True: a record expression matched through a
   * synonym of a one-word query span is shown as that query word (`house` → `<em>home</em>` for `home ⇄ house`).
   */
  replaceSynonymsInHighlight: boolean;
  /** 0–4 (true = 1). Needs `attributeForDistinct`. */
  distinct: number;
  paginationLimitedTo: number;
}

/** Index-only settings. */
export interface IndexOnlySettings {
  /** Ordered; `"a,b"` is one rank; `unordered(a)` ignores the word position. `[]` = every attribute. */
  searchableAttributes: readonly string[];
  /** `brand`, `searchable(brand)`, `filterOnly(sku)`, `afterDistinct(color)`. */
  attributesForFaceting: readonly string[];
  /** `desc(popularity)`, `asc(price)`. */
  customRanking: readonly string[];
  /** Default `typo, geo, words, filters, proximity, attribute, exact, custom`; sort replicas put `asc(x)` first. */
  ranking: readonly string[];
  attributeForDistinct: string | undefined;
  unretrievableAttributes: readonly string[];
  numericAttributesForFiltering: readonly string[];
  camelCaseAttributes: readonly string[];
  separatorsToIndex: string;
  /** Characters whose diacritics are kept (not folded), e.g. `"øé"`; default `""` (every accent folded). */
  keepDiacriticsOnCharacters: string;
  indexLanguages: readonly string[];
  /** Virtual replicas only (relevant sort), 0–100, default 100. */
  relevancyStrictness: number;
}

export type IndexSettings = TextMatchingOptions & ResponseOptions & IndexOnlySettings;

export type SynonymEntry =
  | { readonly objectID: string; readonly type: 'synonym'; readonly synonyms: readonly string[] }
  | {
      readonly objectID: string;
      readonly type: 'onewaysynonym';
      readonly input: string;
      readonly synonyms: readonly string[];
    }
  | {
      readonly objectID: string;
      readonly type: 'altcorrection1' | 'altcorrection2';
      readonly word: string;
      readonly corrections: readonly string[];
    }
  | {
      readonly objectID: string;
      readonly type: 'placeholder';
      readonly placeholder: string;
      readonly replacements: readonly string[];
    };

/** One search, in the engine's words. Every field left out takes the index setting. */
export interface SearchQuery extends Partial<TextMatchingOptions>, Partial<ResponseOptions> {
  /** The query text (already checked ≤ 512 bytes by protocol/). */
  readonly text: string;
  /** AND of everything the caller, a secured key and the rules asked for. */
  readonly filter?: FilterExpression;
  /** Optional filters: each matching clause adds its score to the `filters` criterion. */
  readonly optionalFilter?: FilterExpression;
  /** Sum the scores inside OR groups instead of taking the max. */
  readonly sumOrFiltersScores?: boolean;
  /** Facets to count; `['*']` = every facet that is not filterOnly. */
  readonly facets?: readonly string[];
  /** Count facets after distinct. */
  readonly facetingAfterDistinct?: boolean;
  /** 0-based page. */
  readonly page?: number;
  /** With `length`, replaces page/hitsPerPage. */
  readonly offset?: number;
  readonly length?: number;
  readonly getRankingInfo?: boolean;
  readonly restrictSearchableAttributes?: readonly string[];
  /** Browse mode: no highlighting, no distinct, rank by attribute + custom ranking only. */
  readonly browse?: boolean;
  /** Object ids pinned at positions (rules), applied on top of ranking. */
  readonly pinned?: readonly {
    readonly objectID: string;
    readonly position: number;
    /** The rule's `filterPromotes`: the pin only holds when the record passes `filter`. */
    readonly filterPromotes?: boolean;
  }[];
  /** Object ids removed from the results (rules). */
  readonly hidden?: readonly string[];
  /**
   * The caller may see `unretrievableAttributes` (admin key or `seeUnretrievableAttributes` ACL). Default false:
   * those attributes are removed from records, highlights and snippets.
   */
  readonly canSeeUnretrievable?: boolean;
  /** Virtual replicas only: overrides the replica's `relevancyStrictness` (0–100). */
  readonly relevancyStrictness?: number;
}

export interface HighlightValue {
  readonly value: string;
  readonly matchLevel: 'none' | 'partial' | 'full';
  readonly matchedWords: readonly string[];
  readonly fullyHighlighted?: boolean;
}
export interface SnippetValue {
  readonly value: string;
  readonly matchLevel: 'none' | 'partial' | 'full';
}
/** Mirrors the record's shape: a string leaf becomes a value, arrays and objects are kept. */
export type HighlightTree<TLeaf> =
  | TLeaf
  | readonly HighlightTree<TLeaf>[]
  | { readonly [key: string]: HighlightTree<TLeaf> };

/** The values the ranking criteria compared for one hit (Algolia's `_rankingInfo`). */
export interface RankingInfo {
  readonly typos: number;
  /** Attribute rank × 1000 + position of the first matched word (0 for unordered attributes). */
  readonly firstMatchedWord: number;
  readonly proximityDistance: number;
  readonly words: number;
  readonly exactWords: number;
  readonly filters: number;
  /** Higher is better: the number of hits minus the hit's position (Vitrine's stand-in for Algolia's score). */
  readonly userScore: number;
  readonly promoted: boolean;
}

export interface RankedHit {
  /** The record, already reduced to the retrievable attributes. */
  readonly record: SearchRecord;
  readonly highlight?: { readonly [attribute: string]: HighlightTree<HighlightValue> } | undefined;
  readonly snippet?: { readonly [attribute: string]: HighlightTree<SnippetValue> } | undefined;
  readonly rankingInfo?: RankingInfo | undefined;
  /** Position of the hit inside its distinct group (distinct > 0). */
  readonly distinctSequence?: number | undefined;
}

export interface FacetStats {
  readonly min: number;
  readonly max: number;
  readonly avg: number;
  readonly sum: number;
}

export interface SearchResult {
  readonly hits: readonly RankedHit[];
  /** Exact number of matching records (distinct groups when distinct > 0). */
  readonly totalHits: number;
  readonly page: number;
  readonly pageSize: number;
  readonly pageCount: number;
  readonly facetCounts: { readonly [attribute: string]: { readonly [value: string]: number } };
  readonly facetStats: { readonly [attribute: string]: FacetStats };
  /** The query text as received (Algolia echoes the original `query`). */
  readonly text: string;
  /**
   * Set when `removeWordsIfNoResults` made words optional to find results: the query words still required,
   * space-separated (Algolia's `queryAfterRemoval`).
   */
  readonly queryAfterRemoval?: string;
  /** Set when the page is past `paginationLimitedTo`. */
  readonly message?: string;
  /**
   * Relevant sort (virtual replicas): how many of the matches are relevant enough to be sorted. Only those are
   * returned, so `hits` and `pageCount` cover `sortedHits`, while `totalHits` counts every match.
   */
  readonly sortedHits?: number;
  readonly appliedRelevancyStrictness?: number;
  /** Browse: where the next page starts; absent on the last page. */
  readonly browseNext?: BrowsePosition;
}

export interface FacetValueHit {
  readonly value: string;
  readonly highlighted: string;
  readonly count: number;
}

/** One criterion's value for one record: JSON-safe, compared by the level that produced it. */
export type BrowseValue = number | string | null;

/** Where a browse continues: the last returned record's values on each browse level and its `objectID`. */
export interface BrowsePosition {
  readonly values: readonly BrowseValue[];
  /** The level each value belongs to (`BrowseLevel.name`): a cursor is refused once they changed. */
  readonly levels: readonly string[];
  readonly objectID: string;
}
