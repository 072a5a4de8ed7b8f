/**
 * The first half of every search (also used by facet-value search): parse and expand the query, compile the
 * filters against the index, resolve rule pins and hides to document numbers, and run the matcher.
 */

import {
  type CompiledFilter,
  compileFilter,
  type FilterContext,
} from '../filters/evaluate-filter.ts';
import type { FilterExpression } from '../filters/filter-expression.ts';
import { rankingFilter } from '../filters/filter-scores.ts';
import type { HighlightWord } from '../hits/highlight.ts';
import type { IndexState } from '../index-state.ts';
import { buildSlotRules } from '../postings/slot-rules.ts';
import { expandQuery } from '../query/expand-query.ts';
import type { ExpandedWord } from '../query/expanded-word.ts';
import { parseQuery } from '../query/parse-query.ts';
import { parseNumericAttributesForFiltering } from '../settings/attribute-settings.ts';
import type { IndexSettings, SearchQuery } from '../types.ts';
import { matchDocuments } from './match-documents.ts';
import type { MatchOutput } from './match-input.ts';

/** A pinned document and the position it must take. */
export interface PinnedDocument {
  readonly documentNumber: number;
  readonly position: number;
}

/** The matched set of one search plus what the rest of the pipeline needs. */
export interface PreparedMatch {
  readonly match: MatchOutput;
  readonly words: readonly ExpandedWord[];
  readonly pinned: readonly PinnedDocument[];
  readonly hasOptionalFilter: boolean;
}

function filterContext(state: IndexState, parameter: string): FilterContext {
  const declared = new Set(state.faceting.map((attribute) => attribute.path));
  return {
    facetColumn: (attribute) =>
      attribute === '_tags' || declared.has(attribute) ? state.columns.facet(attribute) : undefined,
    documentNumberOf: (objectID) => state.documents.numberOf(objectID),
    numericColumn: (attribute) => state.columns.numeric(attribute),
    numericRules: parseNumericAttributesForFiltering(state.settings.numericAttributesForFiltering)
      .allowed,
    capacity: state.documents.capacity,
    live: state.documents.live,
    parameter,
  };
}

/**
 * Compiles a filter for this index.
 * @throws QueryError for attributes the settings do not allow.
 */
export function compileIndexFilter(
  state: IndexState,
  expression: FilterExpression | undefined,
  parameter: 'filters' | 'optionalFilters',
): CompiledFilter | undefined {
  return expression === undefined
    ? undefined
    : compileFilter(expression, filterContext(state, parameter));
}

/** Pins resolved to documents; a `filterPromotes` pin whose record fails the search's filters is dropped. */
function resolvePinned(
  state: IndexState,
  query: SearchQuery,
  hidden: ReadonlySet<number>,
  filter: CompiledFilter | undefined,
): PinnedDocument[] {
  const pinned: PinnedDocument[] = [];
  const seen = new Set<number>();
  for (const { objectID, position, filterPromotes } of query.pinned ?? []) {
    const documentNumber = state.documents.numberOf(objectID);
    if (documentNumber === undefined || hidden.has(documentNumber) || seen.has(documentNumber))
      continue;
    if (filterPromotes === true && filter !== undefined && !filter.test(documentNumber)) continue;
    seen.add(documentNumber);
    pinned.push({ documentNumber, position: Math.max(0, Math.floor(position)) });
  }
  return pinned.sort((a, b) => a.position - b.position);
}

/** What the rest of the search will read from the match. */
export interface MatchNeeds {
  /** The ranking uses `proximity` (positions must be gathered). */
  readonly proximity: boolean;
  /** Matched documents will be ranked (criteria must be computed). */
  readonly scoring: boolean;
  /** Score only this many matched documents first (see `MatchInput.scoringPrefix`); ignored with pins. */
  readonly scoringPrefix?: number | undefined;
}

/**
 * Parses, expands, compiles and matches.
 * @param options - the resolved settings of the search.
 * @param needs - what the caller reads besides the matched set.
 */
export function prepareMatch(
  state: IndexState,
  query: SearchQuery,
  options: IndexSettings,
  needs: MatchNeeds,
): PreparedMatch {
  const browse = query.browse === true;
  const words = expandQuery(
    parseQuery(query.text, options),
    state.text.dictionary,
    state.synonyms,
    options,
    (termId) => state.text.postingsList(termId).length,
  );
  const filter = compileIndexFilter(state, query.filter, 'filters');
  // What the `filters` criterion scores: optional filters plus the `<score=N>` parts of `filters`.
  const optionalFilter = browse
    ? undefined
    : compileIndexFilter(
        state,
        rankingFilter(query.filter, query.optionalFilter),
        'optionalFilters',
      );
  const hiddenIds = browse ? [] : (query.hidden ?? []);
  const hidden = hiddenIds.flatMap((id) => state.documents.numberOf(id) ?? []);
  const pinned =
    browse || query.pinned === undefined || query.pinned.length === 0
      ? []
      : resolvePinned(state, query, new Set(hidden), filter);
  const match = matchDocuments(
    {
      text: state.text,
      live: state.documents.live,
      capacity: state.documents.capacity,
      words,
      filter,
      optionalFilter,
      sumOrFiltersScores: query.sumOrFiltersScores ?? false,
      hidden,
      rules: buildSlotRules(
        state.text.textSlots,
        query.restrictSearchableAttributes,
        options.disableTypoToleranceOnAttributes,
        options.disableExactOnAttributes,
      ),
      version: state.version,
      removeWordsIfNoResults: options.removeWordsIfNoResults,
      typoTolerance: options.typoTolerance,
      exactOnSingleWordQuery: options.exactOnSingleWordQuery,
      needsOccurrences: needs.proximity || words.some((word) => word.word.phrase >= 0),
      scoring: needs.scoring,
      scoringPrefix: pinned.length > 0 ? undefined : needs.scoringPrefix,
    },
    state.scratch,
  );
  return { match, words, pinned, hasOptionalFilter: optionalFilter !== undefined };
}

/** The query words in the form highlighting uses. */
export function highlightWords(words: readonly ExpandedWord[]): HighlightWord[] {
  return words
    .filter((word) => !word.word.excluded)
    .map((word) => ({
      term: word.word.term,
      prefix: word.word.prefix,
      maxTypos: word.maxTypos,
      alternatives: word.alternatives,
      synonymPhrases: word.synonymPhrases,
    }));
}
