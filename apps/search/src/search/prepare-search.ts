import type { RenderingContent, SearchQuery } from '../engine/index.ts';
import {
  type AppliedRuleEffects,
  applyRules,
  type FilterExpression,
  isMatchAll,
  matchRules,
  resolveLanguages,
  wordAlternatives,
} from '../engine/index.ts';
import type { IndexRegistry } from '../indices/index-registry.ts';
import type { LiveIndex } from '../indices/live-index.ts';
import type { RawParams } from '../protocol/decode-params.ts';
import {
  andAll,
  parseFilterString,
  parseSearchFilters,
  parseSearchOptionalFilters,
} from '../protocol/parse-filters.ts';
import type { QueryRequest } from '../protocol/parse-multi-query.ts';
import { parseSearchParams, type SearchParams } from '../protocol/parse-search-params.ts';
import { conditionFiltersMatcher } from '../protocol/rule-condition-filters.ts';

/** What the caller's key imposes on every search (docs/api.md §7): computed by the HTTP layer. */
export interface SearchConstraints {
  /** Forced parameters: they override the request's. */
  readonly params: RawParams;
  /** `filters` strings ANDed with the request's filters. */
  readonly filters: readonly string[];
  /** Forced `userToken` (secured key). */
  readonly userToken: string | undefined;
  /** 0 = no cap; otherwise hitsPerPage and length are clamped to it. */
  readonly maxHitsPerQuery: number;
  /** Admin key or `seeUnretrievableAttributes` ACL: `unretrievableAttributes` are returned. */
  readonly canSeeUnretrievable: boolean;
}

export const noConstraints: SearchConstraints = {
  params: {},
  filters: [],
  userToken: undefined,
  maxHitsPerQuery: 0,
  canSeeUnretrievable: true,
};

/** A search ready for the engine, with what the response needs to report. */
export interface PreparedSearch {
  readonly query: SearchQuery;
  readonly params: SearchParams;
  /** `undefined` when rules were off or none matched. */
  readonly effects: AppliedRuleEffects | undefined;
  /** The index setting overlaid by the rules' (rules win). */
  readonly renderingContent: RenderingContent | undefined;
  /** The request's filter (after constraints and rules), for the search log. */
  readonly filter: FilterExpression;
  readonly userToken: string | undefined;
}

export interface PrepareOptions {
  readonly constraints: SearchConstraints;
  /** Unix time in seconds (rule validity). */
  readonly nowSeconds: number;
  /** Browse: no rules, no optional filters, no highlighting. */
  readonly browse?: boolean;
}

/**
 * Prepares (validates) every query of one HTTP call before any runs, so a bad parameter anywhere fails the whole
 * call.
 * @throws SearchApiError 404 when an index does not exist, 400 on invalid parameters.
 */
export function prepareQueries(
  registry: IndexRegistry,
  requests: readonly QueryRequest[],
  options: PrepareOptions,
): PreparedSearch[] {
  return requests.map((request) =>
    prepareSearch(registry.require(request.indexName), request.params, options),
  );
}

/**
 * Turns raw parameters into the engine query: forced parameters on top, filters parsed and ANDed with the
 * key's, rules matched and applied (query rewrite, filters, pins, hides), key caps applied.
 * @throws SearchApiError 400 on any invalid parameter or filter.
 */
export function prepareSearch(
  index: LiveIndex,
  raw: RawParams,
  options: PrepareOptions,
): PreparedSearch {
  const { constraints } = options;
  const indexDefaults = index.effective.queryDefaults;
  let params = parseSearchParams({ ...indexDefaults, ...raw, ...constraints.params });
  const forcedFilters = constraints.filters.map((filters) => parseFilterString(filters));
  let filter = andAll([parseSearchFilters(params.filterParams), ...forcedFilters]);
  let optionalFilter = options.browse
    ? undefined
    : parseSearchOptionalFilters(params.filterParams.optionalFilters);
  const effects =
    options.browse || !params.enableRules || index.rules.size === 0
      ? undefined
      : applyRules(
          matchRules([...index.rules.values()], {
            queryText: params.text,
            ruleContexts: params.ruleContexts,
            now: options.nowSeconds,
            matchConditionFilters: conditionFiltersMatcher(filter),
            facetValues: (attribute, phrase) => index.facetValuesFor(attribute, phrase),
            wordAlternatives: ruleWordAlternatives(index, params),
          }),
          params.text,
        );
  if (effects && effects.appliedRuleIds.length > 0) {
    if (Object.keys(effects.params).length > 0) {
      params = parseSearchParams({
        ...indexDefaults,
        ...raw,
        ...effects.params,
        ...constraints.params,
      });
    }
    filter = andAll([filter, ...effects.extraFilters.map((extra) => parseSearchFilters(extra))]);
    optionalFilter = andAll([
      optionalFilter ?? parseSearchOptionalFilters(undefined),
      ...effects.extraOptionalFilters.map((extra) => parseSearchOptionalFilters(extra)),
    ]);
  }
  const applied = effects && effects.appliedRuleIds.length > 0 ? effects : undefined;
  const query: SearchQuery = {
    ...capHits(params.options, constraints.maxHitsPerQuery),
    text: applied ? applied.queryText : params.text,
    filter,
    ...(optionalFilter === undefined || isMatchAll(optionalFilter) ? {} : { optionalFilter }),
    ...(applied && applied.pinned.length > 0 ? { pinned: applied.pinned } : {}),
    ...(applied && applied.hidden.length > 0 ? { hidden: applied.hidden } : {}),
    ...(options.browse ? { browse: true } : {}),
    canSeeUnretrievable: constraints.canSeeUnretrievable,
  };
  return {
    query,
    params,
    effects: applied,
    renderingContent: mergeRenderingContent(
      index.effective.renderingContent,
      applied?.renderingContent,
    ),
    filter,
    userToken: constraints.userToken ?? params.userToken,
  };
}

/**
 * What a rule condition with `alternatives: true` reads (plurals and synonyms), under the search's
 * `ignorePlurals`, `queryLanguages` and `synonyms`, each defaulting to the index setting (read through
 * `effective.engine`, as the engine reads it). Built on first use: most searches match no such condition.
 */
function ruleWordAlternatives(
  index: LiveIndex,
  params: SearchParams,
): (word: string) => ReadonlySet<string> {
  let lookup: ((word: string) => ReadonlySet<string>) | undefined;
  return (word) => {
    if (lookup === undefined) {
      const settings = index.effective.engine;
      const ignorePlurals = params.options.ignorePlurals ?? settings.ignorePlurals ?? false;
      const queryLanguages = params.options.queryLanguages ?? settings.queryLanguages ?? [];
      const synonyms = params.options.synonyms ?? settings.synonyms ?? true;
      lookup = wordAlternatives(
        synonyms ? index.synonyms.values() : [],
        resolveLanguages(ignorePlurals, queryLanguages),
      );
    }
    return lookup(word);
  };
}

function capHits(
  options: SearchParams['options'],
  maxHitsPerQuery: number,
): SearchParams['options'] {
  if (maxHitsPerQuery <= 0) return options;
  return {
    ...options,
    hitsPerPage: Math.min(options.hitsPerPage ?? 20, maxHitsPerQuery),
    ...(options.length === undefined ? {} : { length: Math.min(options.length, maxHitsPerQuery) }),
  };
}

function mergeRenderingContent(
  base: RenderingContent | undefined,
  fromRules: RenderingContent | undefined,
): RenderingContent | undefined {
  if (!fromRules) return base;
  return { ...base, ...fromRules };
}
