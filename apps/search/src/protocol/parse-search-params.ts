/**
 * Validates raw search parameters (already decoded by `decode-params.ts`) into the engine's options plus the
 * parameters the service itself acts on (analytics, rules, filters, response shaping).
 */
import type { RawParams } from './decode-params.ts';
import { readBoolean, readString, readStringList } from './read-param.ts';
import { SearchApiError } from './search-api-error.ts';
import {
  type EngineSearchOptions,
  geoParamNames,
  searchParamReaders,
  type WritableSearchOptions,
} from './search-param-table.ts';

/** Longest accepted `query`/`similarQuery`, in UTF-8 bytes (docs/api.md §8). */
export const maxQueryBytes = 512;
/** InstantSearch sends at most 10 rule contexts (docs/api.md §8). */
export const maxRuleContexts = 10;
const maxAnalyticsTagLength = 100;

/** The filter parameters as received; `parse-filters.ts` turns them into one expression. */
export interface FilterParams {
  readonly filters?: string;
  readonly facetFilters?: unknown;
  readonly numericFilters?: unknown;
  readonly tagFilters?: unknown;
  readonly optionalFilters?: unknown;
}

/** One validated search request. */
export interface SearchParams {
  readonly text: string;
  readonly options: EngineSearchOptions;
  readonly filterParams: FilterParams;
  /** Default true: the search is logged (helper sub-queries send false). */
  readonly analytics: boolean;
  /** Default false: true adds a `queryID` to the response. */
  readonly clickAnalytics: boolean;
  readonly analyticsTags: readonly string[];
  /** Default true. */
  readonly enableRules: boolean;
  readonly ruleContexts: readonly string[];
  readonly userToken: string | undefined;
  /** `undefined` = every field. */
  readonly responseFields: readonly string[] | undefined;
  /** The parameters as received (for the `params` echo). */
  readonly raw: RawParams;
}

const filterParamNames = [
  'facetFilters',
  'numericFilters',
  'tagFilters',
  'optionalFilters',
] as const;

/**
 * Validates every known parameter; unknown ones are ignored.
 * `{ query: 'tv', hitsPerPage: '5', facets: 'brand' }` → `{ text: 'tv', options: { hitsPerPage: 5,
 * facets: ['brand'] }, analytics: true, … }`.
 * @throws SearchApiError 400 naming the first parameter that does not fit.
 */
export function parseSearchParams(raw: RawParams): SearchParams {
  rejectGeoParams(raw);
  const options: WritableSearchOptions = {};
  for (const [name, value] of Object.entries(raw)) {
    const reader = searchParamReaders[name];
    if (reader && value !== undefined && value !== null) reader(value, options);
  }
  const filterParams: { -readonly [K in keyof FilterParams]: FilterParams[K] } = {};
  const filters = present(raw['filters']);
  if (filters !== undefined) filterParams.filters = readString(filters, 'filters');
  for (const name of filterParamNames) {
    const value = present(raw[name]);
    if (value !== undefined) filterParams[name] = value;
  }
  return {
    text: readQuery(raw['query'], 'query'),
    options,
    filterParams,
    analytics: readOptionalBoolean(raw['analytics'], 'analytics', true),
    clickAnalytics: readOptionalBoolean(raw['clickAnalytics'], 'clickAnalytics', false),
    analyticsTags: readAnalyticsTags(raw['analyticsTags']),
    enableRules: readOptionalBoolean(raw['enableRules'], 'enableRules', true),
    ruleContexts: readRuleContexts(raw['ruleContexts']),
    userToken: readUserToken(raw['userToken']),
    responseFields: readOptionalList(raw['responseFields'], 'responseFields'),
    raw,
  };
}

/**
 * Reads `query` (or `similarQuery`, `facetQuery`): a string of at most 512 UTF-8 bytes.
 * @throws SearchApiError 400 with Algolia's wording when too long.
 */
export function readQuery(value: unknown, name: string): string {
  const present_ = present(value);
  if (present_ === undefined) return '';
  const text = readString(present_, name);
  if (Buffer.byteLength(text, 'utf8') > maxQueryBytes) {
    throw new SearchApiError(
      400,
      `Invalid value for "${name}" parameter, expected string shorter than ${maxQueryBytes} bytes`,
    );
  }
  return text;
}

function rejectGeoParams(raw: RawParams): void {
  if (raw['similarQuery'] !== undefined) readQuery(raw['similarQuery'], 'similarQuery');
  for (const name of geoParamNames) {
    const value = raw[name];
    const unused =
      value === undefined ||
      value === null ||
      value === false ||
      value === 'false' ||
      value === '' ||
      (Array.isArray(value) && value.length === 0);
    if (!unused) {
      throw new SearchApiError(
        400,
        `${name} is not supported: geo search is not available on this service`,
      );
    }
  }
}

function present(value: unknown): unknown {
  return value === null ? undefined : value;
}

function readOptionalBoolean(value: unknown, name: string, fallback: boolean): boolean {
  return value === undefined || value === null ? fallback : readBoolean(value, name);
}

function readOptionalList(value: unknown, name: string): string[] | undefined {
  return value === undefined || value === null ? undefined : readStringList(value, name);
}

function readRuleContexts(value: unknown): string[] {
  const contexts = readOptionalList(value, 'ruleContexts') ?? [];
  if (contexts.length > maxRuleContexts) {
    throw new SearchApiError(400, `ruleContexts must contain at most ${maxRuleContexts} contexts`);
  }
  return contexts;
}

function readAnalyticsTags(value: unknown): string[] {
  const tags = readOptionalList(value, 'analyticsTags') ?? [];
  // Characters, not UTF-16 code units: an emoji is one.
  if (tags.some((tag) => [...tag].length > maxAnalyticsTagLength)) {
    throw new SearchApiError(
      400,
      `analyticsTags entries must be at most ${maxAnalyticsTagLength} characters`,
    );
  }
  return tags;
}

function readUserToken(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return readString(value, 'userToken');
}
