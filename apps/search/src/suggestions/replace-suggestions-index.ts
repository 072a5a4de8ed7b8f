/**
 * Writes a build's records as `replaceAllObjects` does: into a temporary index that takes the suggestions index's
 * settings, synonyms and rules (or the defaults on a first build), then moved over it. Searches are answered from
 * the old records until the move, which is one write.
 */

import { planCopy, planDelete, planMove } from '../indices/index-operations.ts';
import type { IndexRegistry } from '../indices/index-registry.ts';
import { planRecordActions } from '../indices/record-writes.ts';
import type { SearchService } from '../indices/search-service.ts';
import { planSetSettings } from '../indices/settings-writes.ts';
import type { IndexedAction } from '../protocol/parse-batch.ts';
import { parseSettingsUpdate } from '../protocol/settings-wire.ts';
import type { SuggestionRecord } from './build-suggestions.ts';

/** Records per write. */
const recordsPerWrite = 1000;

/** The suggestions index's settings on its first build (Algolia's: search the query, most popular first). */
export function defaultSuggestionsSettings(languages: readonly string[]): Record<string, unknown> {
  return {
    searchableAttributes: ['query'],
    customRanking: ['desc(popularity)'],
    ...(languages.length > 0 ? { queryLanguages: [...languages], ignorePlurals: true } : {}),
  };
}

/** The temporary index a build writes into before the move. */
export function buildIndexName(indexName: string): string {
  return `${indexName}_tmp_suggestions`;
}

export async function replaceSuggestionsIndex(
  service: SearchService,
  indexName: string,
  records: readonly SuggestionRecord[],
  languages: readonly string[],
  maxRecordBytes: number,
): Promise<void> {
  const registry: IndexRegistry = service.registry;
  const temporary = buildIndexName(indexName);
  await service.write((at) => planDelete(registry, temporary, at));
  await service.write((at) =>
    registry.get(indexName)
      ? planCopy(registry, indexName, temporary, ['settings', 'synonyms', 'rules'], at)
      : planSetSettings(
          registry,
          temporary,
          parseSettingsUpdate(defaultSuggestionsSettings(languages)),
          false,
          at,
        ),
  );
  for (let start = 0; start < records.length; start += recordsPerWrite) {
    const actions: IndexedAction[] = records
      .slice(start, start + recordsPerWrite)
      .map((record, offset) => ({
        indexName: temporary,
        action: { kind: 'save', record },
        position: start + offset,
      }));
    await service.write((at) => planRecordActions(registry, actions, at, { maxRecordBytes }));
  }
  await service.write((at) => planMove(registry, temporary, indexName, at));
}
