/**
 * Shared setup of the Query Suggestions contract tests: the official v5 clients (search and Query Suggestions)
 * pointed at a listening test server, a small bilingual catalogue, and a wait for a configuration's build.
 */
import { algoliasearch } from 'algoliasearch';
import { adminKey, appId } from '../../support/test-app.ts';
import { hostsOf, type TestServer } from '../../support/test-server.ts';

export function clientsFor(server: TestServer, apiKey: string = adminKey) {
  const hosts = hostsOf(server);
  const search = algoliasearch(appId, apiKey, { hosts });
  // The v5 client takes the hosts of the clients it initialises under `options`.
  const suggestions = search.initQuerySuggestions({ region: 'eu', options: { hosts } });
  return { search, suggestions, hosts };
}

export type Clients = ReturnType<typeof clientsFor>;

const product = (objectID: string, name: string, nameFr: string, category: string) => ({
  objectID,
  name,
  nameFr,
  categories: { lvl0: category },
});

/** Four jackets, three hoodies, three belts, in English and French. */
export const catalogue = [
  product('j1', 'Juno Jacket', 'Veste Juno', 'Jackets'),
  product('j2', 'Nadia Jacket', 'Veste Nadia', 'Jackets'),
  product('j3', 'Stellar Jacket', 'Veste Stellar', 'Jackets'),
  product('j4', 'Olivia Leather Jacket', 'Veste Olivia', 'Jackets'),
  product('h1', 'Mach Hoodie', 'Sweat Mach', 'Hoodies'),
  product('h2', 'Marco Hoodie', 'Sweat Marco', 'Hoodies'),
  product('h3', 'Ajax Hoodie', 'Sweat Ajax', 'Hoodies'),
  product('b1', 'Canvas Belt', 'Ceinture Toile', 'Accessories'),
  product('b2', 'Braided Belt', 'Ceinture Tressée', 'Accessories'),
  product('b3', 'Suede Belt', 'Ceinture Daim', 'Accessories'),
];

/** Saves the catalogue into `products` with its settings, and waits for both. */
export async function seedProducts({ search }: Clients): Promise<void> {
  const settings = await search.setSettings({
    indexName: 'products',
    indexSettings: {
      searchableAttributes: ['name', 'nameFr'],
      attributesForFaceting: ['categories.lvl0'],
      ignorePlurals: true,
    },
  });
  await search.waitForTask({ indexName: 'products', taskID: settings.taskID });
  for (const saved of await search.saveObjects({ indexName: 'products', objects: catalogue }))
    await search.waitForTask({ indexName: 'products', taskID: saved.taskID });
}

/** Polls the configuration's status until a build started after `since` has finished. */
export async function waitForBuild(
  { suggestions }: Clients,
  indexName: string,
  since: Date,
): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const status = await suggestions.getConfigStatus({ indexName });
    const builtAt = status.lastBuiltAt ? Date.parse(status.lastBuiltAt) : 0;
    if (!status.isRunning && builtAt >= since.getTime()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The build of ${indexName} did not finish`);
}
