/**
 * Search for facet values (docs/api.md §2.4, §5.3): the values of a `searchable()` facet whose words match the
 * facet query (last word as a prefix, typo-tolerant, case-folded, accent-folded except on the characters of
 * `keepDiacriticsOnCharacters`), counted over the documents the search context (query + filters) matches (after
 * distinct when the search's facets would be: `facetingAfterDistinct` or `afterDistinct(attr)`), best counts
 * first, highlighted with the search's tags.
 */

import { facetCountedDocuments } from '../execute-search.ts';
import { type HighlightWord, highlightText, matchLength } from '../hits/highlight.ts';
import type { IndexState } from '../index-state.ts';
import { QueryError } from '../query-error.ts';
import { resolveQueryOptions } from '../settings/resolve-options.ts';
import { analyzeText, type TokenizeOptions } from '../text/analyze-text.ts';
import type { FacetValueHit, IndexSettings, SearchQuery } from '../types.ts';
import type { FacetColumn } from './facet-column.ts';
import { countValues } from './facet-counts.ts';

/** Facet values split like text, per column and per `keepDiacriticsOnCharacters` value. */
const tokenCache = new WeakMap<FacetColumn, Map<string, (readonly string[] | undefined)[]>>();

/** How facet values and facet queries are split: no separators, no camel case, the kept diacritics. */
function facetTokenizeOptions(options: IndexSettings): TokenizeOptions {
  return {
    separatorsToIndex: '',
    camelCase: false,
    keepDiacriticsOnCharacters: options.keepDiacriticsOnCharacters,
  };
}

function valueTokens(
  column: FacetColumn,
  valueId: number,
  tokenizeOptions: TokenizeOptions,
): readonly string[] {
  const keep = tokenizeOptions.keepDiacriticsOnCharacters ?? '';
  let byKeep = tokenCache.get(column);
  if (byKeep === undefined) {
    byKeep = new Map();
    tokenCache.set(column, byKeep);
  }
  let cache = byKeep.get(keep);
  if (cache === undefined) {
    cache = [];
    byKeep.set(keep, cache);
  }
  let tokens = cache[valueId];
  if (tokens === undefined) {
    tokens = analyzeText(column.valueOf(valueId), tokenizeOptions).map((word) => word.term);
    cache[valueId] = tokens;
  }
  return tokens;
}

function facetQueryWords(facetQuery: string, options: IndexSettings): HighlightWord[] {
  const words = analyzeText(facetQuery, facetTokenizeOptions(options));
  return words.map((word, index) => {
    const length = word.term.length;
    const typosAllowed =
      options.typoTolerance !== false &&
      !(/^\d+$/.test(word.term) && !options.allowTyposOnNumericTokens);
    const maxTypos =
      !typosAllowed || length < options.minWordSizefor1Typo
        ? 0
        : length < options.minWordSizefor2Typos
          ? 1
          : 2;
    return {
      term: word.term,
      prefix: index === words.length - 1,
      maxTypos,
      alternatives: new Set<string>(),
    };
  });
}

/**
 * Facet values of `attribute` matching `facetQuery` in the context of `query`.
 * @param maxFacetHits - 1–100 (validated by protocol/); at most this many values are returned.
 * @throws QueryError when `attribute` is not declared `searchable()` in `attributesForFaceting`.
 */
export function searchFacetValues(
  state: IndexState,
  attribute: string,
  facetQuery: string,
  query: SearchQuery,
  maxFacetHits: number,
): { hits: FacetValueHit[] } {
  const declared = state.faceting.find((entry) => entry.path === attribute);
  const column = state.columns.facet(attribute);
  if (declared === undefined || !declared.searchable || column === undefined) {
    throw new QueryError(
      'facet',
      `Cannot search in \`${attribute}\` attribute, you need to add \`searchable(${attribute})\` to attributesForFaceting.`,
    );
  }
  const options = resolveQueryOptions(state.settings, query);
  const values = countValues(
    column,
    facetCountedDocuments(state, { ...query, facets: [attribute] }),
  );
  const words = facetQueryWords(facetQuery, options);
  const tokenizeOptions = facetTokenizeOptions(options);
  const candidates: number[] = [];
  values.valueIds.forEach((valueId, index) => {
    const tokens = valueTokens(column, valueId, tokenizeOptions);
    if (words.every((word) => tokens.some((token) => matchLength(token, word) > 0)))
      candidates.push(index);
  });
  const ordinals = column.valueOrdinals();
  const ordinalAt = (index: number): number => ordinals[values.valueIds[index] ?? 0] ?? 0;
  candidates.sort((a, b) =>
    options.sortFacetValuesBy === 'alpha'
      ? ordinalAt(a) - ordinalAt(b)
      : (values.counts[b] ?? 0) - (values.counts[a] ?? 0) || ordinalAt(a) - ordinalAt(b),
  );
  const context = { words, preTag: options.highlightPreTag, postTag: options.highlightPostTag };
  const hits = candidates.slice(0, Math.max(0, maxFacetHits)).map((index) => {
    const value = column.valueOf(values.valueIds[index] ?? 0);
    return {
      value,
      highlighted: highlightText(value, context, tokenizeOptions).value,
      count: values.counts[index] ?? 0,
    };
  });
  return { hits };
}
