/**
 * Puts the catalogue seeds and the two Query Suggestions configurations on the search service: the seeds of
 * each language replace the seed index's records (replaceAllObjects: the builder never reads half a push),
 * then each configuration is created, or updated (which rebuilds its index with the new seeds), then the
 * catalogue's fingerprint is written in the English seed index's `userData`, last: a set-up cut short is done
 * again. With the fingerprint already there and both configurations present it writes nothing.
 */
import type { Algoliasearch } from 'algoliasearch';
import type { CommerceStore } from '../../store/commerce-store.ts';
import { nextTurn } from '../../store/next-turn.ts';
import { SeedCounter, type SeedLanguage } from './catalogue-seeds.ts';
import { querySeedIndices, suggestionsConfig } from './suggestions-configs.ts';

type QuerySuggestionsClient = ReturnType<Algoliasearch['initQuerySuggestions']>;

export type SeedStore = Pick<CommerceStore, 'readProductNames' | 'listCategories'>;

/** Products read at a time: their brand and names only. */
const pageSize = 1000;
const languages: readonly SeedLanguage[] = ['en', 'fr'];

/**
 * Reads the whole catalogue's brands and names a page at a time and counts its seeds. Between two pages the
 * event loop gets a turn: PGlite answers on this thread, and pages wait for nothing else.
 */
export async function countSeeds(store: SeedStore): Promise<SeedCounter> {
  const counter = new SeedCounter();
  counter.addCategories(await store.listCategories());
  for (let after: string | undefined; ; ) {
    const page = await store.readProductNames({ after, limit: pageSize });
    for (const product of page) if (product.published) counter.addProduct(product);
    const last = page.at(-1);
    if (!last || page.length < pageSize) break;
    after = last.id;
    await nextTurn();
  }
  return counter;
}

export type SetUpResult =
  | { readonly status: 'unchanged' }
  /** Seeds pushed per language. */
  | { readonly status: 'set up'; readonly seeds: Readonly<Record<SeedLanguage, number>> };

export async function setUpQuerySuggestions(
  search: Pick<Algoliasearch, 'replaceAllObjects' | 'getSettings' | 'setSettings' | 'waitForTask'>,
  suggestions: Pick<QuerySuggestionsClient, 'getAllConfigs' | 'createConfig' | 'updateConfig'>,
  store: SeedStore,
  fingerprint: string,
): Promise<SetUpResult> {
  const existing = new Set(
    (await suggestions.getAllConfigs()).map((config) => config['indexName']),
  );
  const configured = languages.every((language) =>
    existing.has(suggestionsConfig(language).indexName),
  );
  if (configured && (await seededFingerprint(search)) === fingerprint)
    return { status: 'unchanged' };
  const counter = await countSeeds(store);
  const seeds = { en: 0, fr: 0 };
  for (const language of languages) {
    const objects = counter.seeds(language);
    await search.replaceAllObjects({ indexName: querySeedIndices[language], objects });
    seeds[language] = objects.length;
  }
  for (const language of languages) {
    const { indexName, ...configuration } = suggestionsConfig(language);
    if (existing.has(indexName)) await suggestions.updateConfig({ indexName, configuration });
    else await suggestions.createConfig({ indexName, ...configuration });
  }
  const { taskID } = await search.setSettings({
    indexName: querySeedIndices.en,
    indexSettings: { userData: { catalogueFingerprint: fingerprint } },
  });
  await search.waitForTask({ indexName: querySeedIndices.en, taskID });
  return { status: 'set up', seeds };
}

/** The fingerprint of the catalogue the seeds were last counted from; `undefined` before the first set-up. */
async function seededFingerprint(search: Pick<Algoliasearch, 'getSettings'>): Promise<unknown> {
  try {
    const { userData } = await search.getSettings({ indexName: querySeedIndices.en });
    return (userData as { catalogueFingerprint?: unknown } | undefined)?.catalogueFingerprint;
  } catch (error) {
    if ((error as { status?: unknown }).status === 404) return undefined;
    throw error;
  }
}
