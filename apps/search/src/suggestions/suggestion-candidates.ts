/**
 * The candidate queries of one source index, with their popularity before any search runs: the searches logged on
 * it (only those with every one of the source's `analyticsTags`, never the autocomplete panel's keystrokes),
 * plus the `{query, count}` records of its `external` indices (the catalogue seeds), plus the facet-value
 * combinations of `generate`. One text's counts add up: popularity = logged searches + seed count.
 */
import { autocompleteTag } from '../analytics/analytics-tags.ts';
import type { IndexRegistry } from '../indices/index-registry.ts';
import type { SearchStore } from '../store/search-store.ts';
import type { BuildLog } from './build-log.ts';
import { maxSuggestionLength, suggestionText } from './suggestion-text.ts';
import type { SuggestionsSource } from './suggestions-config.ts';

/** How far back the search log counts (Algolia's Query Suggestions read the last 90 days of analytics). */
export const loggedDays = 90;
/** Queries read per source, the most searched first. */
export const maxLoggedQueries = 10_000;
/** Seed records read per external index. */
export const maxSeeds = 10_000;
/** Combinations made per `generate` entry. */
export const maxGenerated = 1000;

export interface CandidateSources {
  readonly registry: IndexRegistry;
  readonly store: SearchStore;
  readonly now: Date;
  /** Runs a search for the facet values of `generate` (suggestions-search.ts). */
  readonly facetValues: (attribute: string) => readonly string[];
}

/** The candidates of one source: suggestion text → popularity. */
export async function collectCandidates(
  sources: CandidateSources,
  source: SuggestionsSource,
  log: BuildLog,
): Promise<Map<string, number>> {
  const candidates = new Map<string, number>();
  const add = (query: string, count: number) => {
    const text = suggestionText(query);
    if (text === '' || text.length > maxSuggestionLength) return;
    candidates.set(text, (candidates.get(text) ?? 0) + Math.max(0, count));
  };
  const live = sources.registry.get(source.indexName);
  const replicas =
    source.replicas && live ? sources.registry.replicasOf(live).map((r) => r.name) : [];
  const logged = await sources.store.countLoggedQueries({
    indexNames: [source.indexName, ...replicas],
    since: new Date(sources.now.getTime() - loggedDays * 24 * 60 * 60 * 1000),
    tags: source.analyticsTags,
    withoutTag: autocompleteTag,
    limit: maxLoggedQueries,
  });
  for (const { query, count } of logged) add(query, count);
  log.add('INFO', `${logged.length} searched queries read from the search log`, 1);
  for (const name of source.external) {
    const external = sources.registry.get(name);
    if (!external) {
      log.add('ERROR', `external index ${name} does not exist`, 1);
      continue;
    }
    let seeds = 0;
    for (const record of external.records.values()) {
      if (seeds >= maxSeeds) break;
      const { query, count } = record as { query?: unknown; count?: unknown };
      if (typeof query !== 'string') continue;
      add(query, typeof count === 'number' && Number.isFinite(count) ? count : 0);
      seeds += 1;
    }
    log.add('INFO', `${seeds} queries read from external index ${name}`, 1);
  }
  for (const attributes of source.generate) {
    for (const text of combinations(attributes.map((attribute) => sources.facetValues(attribute))))
      add(text, 0);
  }
  return candidates;
}

/** Every combination of one value per list, joined by spaces (at most `maxGenerated`). */
function combinations(lists: readonly (readonly string[])[]): string[] {
  let texts = [''];
  for (const values of lists) {
    const next: string[] = [];
    for (const prefix of texts) {
      for (const value of values) {
        if (next.length >= maxGenerated) break;
        next.push(prefix === '' ? value : `${prefix} ${value}`);
      }
    }
    texts = next;
  }
  return texts.filter((text) => text !== '');
}
