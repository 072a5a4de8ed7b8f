import { randomBytes } from 'node:crypto';
import type { Algoliasearch, SynonymHit } from 'algoliasearch';
import { z } from 'zod';
import type { SynonymListItem } from '../../lib/admin/console-lists.ts';
import {
  type AlgoliaSynonym,
  algoliaSynonymSchema,
  fromAlgoliaSynonym,
  languageOf,
  newSynonymId,
  type SynonymDraft,
  type SynonymLanguage,
  toAlgoliaSynonym,
} from '../../lib/admin/synonym-entry.ts';
import type { AuditLogStore } from '../store/audit-log-store.ts';
import { ConsoleInputError } from './console-http.ts';
import { consoleIndex, unlessMissing } from './console-search.ts';

/** Synonyms matching `query` (Algolia's synonym search), optionally of one language. */
export async function listSynonyms(
  client: Algoliasearch,
  query: string,
  language: SynonymLanguage | undefined,
): Promise<SynonymListItem[]> {
  const answer = await client.searchSynonyms({
    indexName: consoleIndex,
    searchSynonymsParams: { query, hitsPerPage: 1000 },
  });
  return answer.hits
    .map((hit) => {
      const synonym = hit as AlgoliaSynonym;
      const draft = fromAlgoliaSynonym(synonym);
      // No `draft: undefined`: the list is also a page's props, which Next serializes.
      return { synonym, language: languageOf(synonym.objectID), ...(draft ? { draft } : {}) };
    })
    .filter((item) => language === undefined || item.language === language)
    .sort((a, b) => a.synonym.objectID.localeCompare(b.synonym.objectID));
}

function currentSynonym(client: Algoliasearch, objectID: string): Promise<unknown> {
  return unlessMissing(client.getSynonym({ indexName: consoleIndex, objectID }));
}

async function writeSynonyms(
  client: Algoliasearch,
  synonyms: readonly AlgoliaSynonym[],
  replaceExisting = false,
): Promise<void> {
  const { taskID } = await client.saveSynonyms({
    indexName: consoleIndex,
    synonymHit: synonyms as SynonymHit[],
    forwardToReplicas: true,
    replaceExistingSynonyms: replaceExisting,
  });
  await client.waitForTask({ indexName: consoleIndex, taskID });
}

export async function saveSynonym(
  client: Algoliasearch,
  audit: AuditLogStore,
  draft: SynonymDraft,
  actor: string,
): Promise<AlgoliaSynonym> {
  const objectID = draft.objectID ?? newSynonymId(draft, randomBytes(4).toString('hex'));
  const before = draft.objectID ? await currentSynonym(client, objectID) : null;
  const synonym = toAlgoliaSynonym(draft, objectID);
  await writeSynonyms(client, [synonym]);
  await audit.recordChanges([
    {
      actor,
      subject: 'synonym',
      subjectId: objectID,
      action: before ? 'update' : 'create',
      before,
      after: synonym,
    },
  ]);
  return synonym;
}

export async function deleteSynonym(
  client: Algoliasearch,
  audit: AuditLogStore,
  objectID: string,
  actor: string,
): Promise<void> {
  const before = await currentSynonym(client, objectID);
  if (!before) throw new ConsoleInputError(`No synonym ${objectID}`, 404);
  const { taskID } = await client.deleteSynonym({
    indexName: consoleIndex,
    objectID,
    forwardToReplicas: true,
  });
  await client.waitForTask({ indexName: consoleIndex, taskID });
  await audit.recordChanges([
    { actor, subject: 'synonym', subjectId: objectID, action: 'delete', before, after: null },
  ]);
}

/** Every synonym, in Algolia's JSON (what `exportSynonyms` downloads and `importSynonyms` reads). */
export async function exportSynonyms(client: Algoliasearch): Promise<AlgoliaSynonym[]> {
  const synonyms: AlgoliaSynonym[] = [];
  await client.browseSynonyms({
    indexName: consoleIndex,
    aggregator: (page) => {
      for (const hit of page.hits) synonyms.push(hit as AlgoliaSynonym);
    },
  });
  return synonyms.sort((a, b) => a.objectID.localeCompare(b.objectID));
}

export const synonymFileSchema = z.array(algoliaSynonymSchema).max(10_000);

/**
 * Imports a file of synonyms in Algolia's JSON (an array, as Algolia's dashboard exports it): each entry is
 * checked as the console's own form checks it, the first bad one refused by position; `replace` also removes
 * the synonyms the file lacks. Logged as one audit entry per synonym added, changed or removed.
 */
export async function importSynonyms(
  client: Algoliasearch,
  audit: AuditLogStore,
  file: unknown,
  replace: boolean,
  actor: string,
): Promise<{ imported: number; removed: number }> {
  const entries = synonymFileSchema.parse(file) as AlgoliaSynonym[];
  for (const [index, entry] of entries.entries()) {
    if (!fromAlgoliaSynonym(entry)) {
      throw new ConsoleInputError(
        `entry ${index + 1} (${entry.objectID}): not a valid ${entry.type} synonym`,
      );
    }
  }
  const before = new Map(
    (await exportSynonyms(client)).map((synonym) => [synonym.objectID, synonym]),
  );
  await writeSynonyms(client, entries, replace);
  const changed = entries.filter(
    (entry) => JSON.stringify(before.get(entry.objectID)) !== JSON.stringify(entry),
  );
  const kept = new Set(entries.map((entry) => entry.objectID));
  const removed = replace ? [...before.values()].filter((old) => !kept.has(old.objectID)) : [];
  await audit.recordChanges([
    ...changed.map((entry) => ({
      actor,
      subject: 'synonym' as const,
      subjectId: entry.objectID,
      action: before.has(entry.objectID) ? ('update' as const) : ('create' as const),
      before: before.get(entry.objectID) ?? null,
      after: entry,
    })),
    ...removed.map((old) => ({
      actor,
      subject: 'synonym' as const,
      subjectId: old.objectID,
      action: 'delete' as const,
      before: old,
      after: null,
    })),
  ]);
  return { imported: entries.length, removed: removed.length };
}
