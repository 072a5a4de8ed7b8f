/**
 * One build of a Query Suggestions configuration: the records of its suggestions index, in Algolia's shape
 * (`{objectID: query, query, popularity, nb_words, <source index>: {exact_nb_hits, facets: {exact_matches,
 * analytics}}}`). Per source: the candidates (logged searches + seeds + generated), those with too few letters,
 * special characters or an excluded word left out, singular/plural forms merged, then each one searched on the
 * source: fewer than `minHits` hits and it is left out. The searches run one per slice (`pause` between them),
 * so shoppers' searches are answered meanwhile.
 */
import type { IndexRegistry } from '../indices/index-registry.ts';
import type { SearchStore } from '../store/search-store.ts';
import type { BuildLog } from './build-log.ts';
import { mergePlurals } from './merge-plurals.ts';
import { collectCandidates } from './suggestion-candidates.ts';
import { excluder, hasSpecialCharacters, letterCount, wordsOf } from './suggestion-text.ts';
import {
  languagesOf,
  type SuggestionsConfig,
  type SuggestionsSource,
} from './suggestions-config.ts';
import { type FacetValueCount, facetValuesOf, searchSuggestion } from './suggestions-search.ts';

export interface SuggestionRecord {
  readonly objectID: string;
  readonly query: string;
  readonly popularity: number;
  readonly nb_words: number;
  readonly [sourceIndex: string]: unknown;
}

/** What each source adds to a suggestion record, under the source index's name. */
interface SourceBlock {
  readonly exact_nb_hits: number;
  readonly facets: {
    readonly exact_matches: { readonly [attribute: string]: readonly FacetValueCount[] };
    readonly analytics: { readonly [attribute: string]: readonly FacetValueCount[] };
  };
}

export interface BuildDependencies {
  readonly registry: IndexRegistry;
  readonly store: SearchStore;
  readonly now: Date;
  /** Gives the event loop back between two searches; rejects to stop the build. */
  readonly pause: () => Promise<void>;
}

/** Searches run between two pauses. */
const searchesPerSlice = 10;

/** Builds the records of `config`'s suggestions index, the most popular first. */
export async function buildSuggestions(
  dependencies: BuildDependencies,
  config: SuggestionsConfig,
  log: BuildLog,
): Promise<SuggestionRecord[]> {
  const records = new Map<string, { popularity: number; blocks: Map<string, SourceBlock> }>();
  for (const source of config.sourceIndices) {
    log.add('INFO', `source index ${source.indexName}`, 1);
    if (!dependencies.registry.get(source.indexName)) {
      log.add('ERROR', `source index ${source.indexName} does not exist`, 1);
      continue;
    }
    for (const suggestion of await suggestionsOfSource(dependencies, config, source, log)) {
      const record = records.get(suggestion.text) ?? { popularity: 0, blocks: new Map() };
      record.popularity += suggestion.popularity;
      record.blocks.set(source.indexName, suggestion.block);
      records.set(suggestion.text, record);
    }
  }
  return [...records]
    .map(([text, record]) => ({
      objectID: text,
      query: text,
      popularity: record.popularity,
      nb_words: wordsOf(text).length,
      ...Object.fromEntries(record.blocks),
    }))
    .sort((a, b) => b.popularity - a.popularity || (a.query < b.query ? -1 : 1));
}

async function suggestionsOfSource(
  dependencies: BuildDependencies,
  config: SuggestionsConfig,
  source: SuggestionsSource,
  log: BuildLog,
): Promise<{ text: string; popularity: number; block: SourceBlock }[]> {
  const { registry, now } = dependencies;
  const languages = languagesOf(config);
  const candidates = await collectCandidates(
    {
      registry,
      store: dependencies.store,
      now,
      facetValues: (attribute) => facetValuesOf(registry, source.indexName, attribute, now),
    },
    source,
    log,
  );
  const excluded = excluder(config.exclude);
  const kept: { text: string; popularity: number }[] = [];
  for (const [text, popularity] of candidates) {
    const reason =
      letterCount(text) < source.minLetters
        ? `fewer than ${source.minLetters} letters`
        : !config.allowSpecialCharacters && hasSpecialCharacters(text)
          ? 'special characters'
          : excluded(text)
            ? 'excluded'
            : undefined;
    if (reason) log.add('SKIP', `"${text}": ${reason}`, 2);
    else kept.push({ text, popularity });
  }
  const suggestions: { text: string; popularity: number; block: SourceBlock }[] = [];
  let searched = 0;
  for (const { text, popularity } of mergePlurals(kept, languages)) {
    if (searched > 0 && searched % searchesPerSlice === 0) await dependencies.pause();
    searched += 1;
    if (!registry.get(source.indexName)) break;
    const hits = searchSuggestion(registry, source.indexName, text, source.facets, languages, now);
    if (hits.nbHits < source.minHits) {
      log.add('SKIP', `"${text}": ${hits.nbHits} hits, fewer than minHits (${source.minHits})`, 2);
      continue;
    }
    suggestions.push({
      text,
      popularity,
      block: { exact_nb_hits: hits.nbHits, facets: { exact_matches: hits.facets, analytics: {} } },
    });
  }
  log.add('INFO', `${suggestions.length} suggestions from ${source.indexName}`, 1);
  return suggestions;
}
