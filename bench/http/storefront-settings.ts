import { productIndexSettings, replicaSettings } from '@vitrine/catalogue';
import { algoliasearch, type SearchClient } from 'algoliasearch';
import { benchKeys, type ServiceProcess } from './service-process.ts';

/** The official client with the bench's admin key, pointed at a service the bench started. */
export function adminClient(service: ServiceProcess): SearchClient {
  const url = new URL(service.url);
  return algoliasearch(benchKeys.appId, benchKeys.adminKey, {
    hosts: [{ url: url.hostname, port: Number(url.port), protocol: 'http', accept: 'readWrite' }],
    // A stalled service (the thing measured) must not make the client give up: no timeout short of 10 minutes.
    timeouts: { connect: 600_000, read: 600_000, write: 600_000 },
  });
}

/** The storefront's `products` settings and its four sort replicas' rankings, each waited for. */
export async function setStorefrontSettings(client: SearchClient): Promise<void> {
  const settings = await client.setSettings({
    indexName: 'products',
    indexSettings: productIndexSettings as never,
  });
  await client.waitForTask({ indexName: 'products', taskID: settings.taskID });
  for (const [indexName, own] of Object.entries(replicaSettings)) {
    const task = await client.setSettings({ indexName, indexSettings: { ranking: own.ranking } });
    await client.waitForTask({ indexName, taskID: task.taskID });
  }
}
