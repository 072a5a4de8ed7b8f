/**
 * Every search parameter Vitrine maps to the engine, with its reader and bounds (docs/api.md §3.2). One table on
 * purpose: it is the single place a parameter's type and range are written down. Parameters absent from this
 * table and from `serviceParamNames` are ignored, not rejected (docs/api.md §1.6, a Vitrine decision).
 */
import type { SearchQuery } from '../engine/index.ts';
import { nameTable } from './name-table.ts';
import {
  readBoolean,
  readBooleanOrList,
  readEnum,
  readInteger,
  readString,
  readStringList,
} from './read-param.ts';
import { SearchApiError } from './search-api-error.ts';

/** The engine options a request can set: a `SearchQuery` minus what the service computes itself. */
export type EngineSearchOptions = Omit<
  SearchQuery,
  'text' | 'filter' | 'optionalFilter' | 'pinned' | 'hidden' | 'browse' | 'canSeeUnretrievable'
>;
type Writable<T> = { -readonly [K in keyof T]: T[K] };
/** The same, writable, for the readers to fill. */
export type WritableSearchOptions = Writable<EngineSearchOptions>;

type ParamReader = (value: unknown, options: WritableSearchOptions) => void;

const maxHitsPerPage = 1000;
/** Algolia clamps `maxValuesPerFacet` to 1,000 instead of rejecting it. */
const maxValuesPerFacetCap = 1000;

/** The values Algolia documents for `alternativesAsExact`. */
const alternativesAsExactChoices = [
  'ignorePlurals',
  'singleWordSynonym',
  'multiWordsSynonym',
  'ignoreConjugations',
] as const;

function readDistinct(value: unknown): number {
  if (value === true || value === 'true') return 1;
  if (value === false || value === 'false') return 0;
  return readInteger(value, 'distinct', 0, 4);
}

function readTypoTolerance(value: unknown): boolean | 'min' | 'strict' {
  if (value === 'min' || value === 'strict') return value;
  try {
    return readBoolean(value, 'typoTolerance');
  } catch (error) {
    throw new SearchApiError(400, 'typoTolerance must be true, false, "min" or "strict"', {
      cause: error,
    });
  }
}

function readOptionalWords(value: unknown): string[] {
  // A single string is one list of words separated by spaces or commas, not one word.
  if (typeof value === 'string' && !value.trimStart().startsWith('[')) {
    return value.split(/[\s,]+/).filter((word) => word !== '');
  }
  return readStringList(value, 'optionalWords');
}

/** Reader per wire name; each writes the engine's field of the same meaning. */
export const searchParamReaders = nameTable<ParamReader>({
  queryType: (value, options) => {
    options.queryType = readEnum(value, 'queryType', ['prefixLast', 'prefixAll', 'prefixNone']);
  },
  typoTolerance: (value, options) => {
    options.typoTolerance = readTypoTolerance(value);
  },
  minWordSizefor1Typo: (value, options) => {
    options.minWordSizefor1Typo = readInteger(value, 'minWordSizefor1Typo', 0, 100);
  },
  minWordSizefor2Typos: (value, options) => {
    options.minWordSizefor2Typos = readInteger(value, 'minWordSizefor2Typos', 0, 100);
  },
  allowTyposOnNumericTokens: (value, options) => {
    options.allowTyposOnNumericTokens = readBoolean(value, 'allowTyposOnNumericTokens');
  },
  ignorePlurals: (value, options) => {
    options.ignorePlurals = readBooleanOrList(value, 'ignorePlurals');
  },
  removeStopWords: (value, options) => {
    options.removeStopWords = readBooleanOrList(value, 'removeStopWords');
  },
  queryLanguages: (value, options) => {
    options.queryLanguages = readStringList(value, 'queryLanguages');
  },
  advancedSyntax: (value, options) => {
    options.advancedSyntax = readBoolean(value, 'advancedSyntax');
  },
  advancedSyntaxFeatures: (value, options) => {
    options.advancedSyntaxFeatures = readStringList(value, 'advancedSyntaxFeatures').map(
      (feature) => readEnum(feature, 'advancedSyntaxFeatures', ['exactPhrase', 'excludeWords']),
    );
  },
  removeWordsIfNoResults: (value, options) => {
    options.removeWordsIfNoResults = readEnum(value, 'removeWordsIfNoResults', [
      'none',
      'lastWords',
      'firstWords',
      'allOptional',
    ]);
  },
  optionalWords: (value, options) => {
    options.optionalWords = readOptionalWords(value);
  },
  exactOnSingleWordQuery: (value, options) => {
    options.exactOnSingleWordQuery = readEnum(value, 'exactOnSingleWordQuery', [
      'attribute',
      'word',
      'none',
    ]);
  },
  alternativesAsExact: (value, options) => {
    options.alternativesAsExact = readStringList(value, 'alternativesAsExact').map((item) =>
      readEnum(item, 'alternativesAsExact', alternativesAsExactChoices),
    );
  },
  synonyms: (value, options) => {
    options.synonyms = readBoolean(value, 'synonyms');
  },
  disableTypoToleranceOnAttributes: (value, options) => {
    options.disableTypoToleranceOnAttributes = readStringList(
      value,
      'disableTypoToleranceOnAttributes',
    );
  },
  disableExactOnAttributes: (value, options) => {
    options.disableExactOnAttributes = readStringList(value, 'disableExactOnAttributes');
  },
  minProximity: (value, options) => {
    options.minProximity = readInteger(value, 'minProximity', 1, 7);
  },
  hitsPerPage: (value, options) => {
    options.hitsPerPage = readInteger(value, 'hitsPerPage', 0, maxHitsPerPage);
  },
  maxValuesPerFacet: (value, options) => {
    const requested = readInteger(value, 'maxValuesPerFacet', 0, Number.MAX_SAFE_INTEGER);
    options.maxValuesPerFacet = Math.min(requested, maxValuesPerFacetCap);
  },
  maxFacetHits: (value, options) => {
    options.maxFacetHits = readInteger(value, 'maxFacetHits', 1, 100);
  },
  sortFacetValuesBy: (value, options) => {
    options.sortFacetValuesBy = readEnum(value, 'sortFacetValuesBy', ['count', 'alpha']);
  },
  attributesToRetrieve: (value, options) => {
    options.attributesToRetrieve = readStringList(value, 'attributesToRetrieve');
  },
  attributesToHighlight: (value, options) => {
    options.attributesToHighlight = readStringList(value, 'attributesToHighlight');
  },
  attributesToSnippet: (value, options) => {
    options.attributesToSnippet = readStringList(value, 'attributesToSnippet');
  },
  highlightPreTag: (value, options) => {
    options.highlightPreTag = readString(value, 'highlightPreTag');
  },
  highlightPostTag: (value, options) => {
    options.highlightPostTag = readString(value, 'highlightPostTag');
  },
  snippetEllipsisText: (value, options) => {
    options.snippetEllipsisText = readString(value, 'snippetEllipsisText');
  },
  restrictHighlightAndSnippetArrays: (value, options) => {
    options.restrictHighlightAndSnippetArrays = readBoolean(
      value,
      'restrictHighlightAndSnippetArrays',
    );
  },
  replaceSynonymsInHighlight: (value, options) => {
    options.replaceSynonymsInHighlight = readBoolean(value, 'replaceSynonymsInHighlight');
  },
  distinct: (value, options) => {
    options.distinct = readDistinct(value);
  },
  sumOrFiltersScores: (value, options) => {
    options.sumOrFiltersScores = readBoolean(value, 'sumOrFiltersScores');
  },
  facets: (value, options) => {
    options.facets = readStringList(value, 'facets');
  },
  facetingAfterDistinct: (value, options) => {
    options.facetingAfterDistinct = readBoolean(value, 'facetingAfterDistinct');
  },
  page: (value, options) => {
    options.page = readInteger(value, 'page', 0, Number.MAX_SAFE_INTEGER);
  },
  offset: (value, options) => {
    options.offset = readInteger(value, 'offset', 0, Number.MAX_SAFE_INTEGER);
  },
  length: (value, options) => {
    options.length = readInteger(value, 'length', 0, maxHitsPerPage);
  },
  getRankingInfo: (value, options) => {
    options.getRankingInfo = readBoolean(value, 'getRankingInfo');
  },
  relevancyStrictness: (value, options) => {
    options.relevancyStrictness = readInteger(value, 'relevancyStrictness', 0, 100);
  },
  restrictSearchableAttributes: (value, options) => {
    options.restrictSearchableAttributes = readStringList(value, 'restrictSearchableAttributes');
  },
});

/** Geo parameters: out of scope for now, any meaningful value is answered with a 400 naming it. */
export const geoParamNames: readonly string[] = [
  'aroundLatLng',
  'aroundLatLngViaIP',
  'aroundRadius',
  'aroundPrecision',
  'minimumAroundRadius',
  'insideBoundingBox',
  'insidePolygon',
];
