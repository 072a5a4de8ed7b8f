/**
 * What a second client sees while the service indexes: it loops on a shopper's search on `products` (the
 * storefront's facets, 20 hits), `GET /1/health`, `GET /1/indexes` and a task status, one request at a time,
 * each timed from sending to the last byte of the answer.
 */
import { storefrontFacets } from '../engine/storefront-shape/storefront-records.ts';
import { benchKeys } from './service-process.ts';

export interface AdminProbe {
  /** Latencies in ms, one per request answered. */
  readonly search: number[];
  readonly health: number[];
  readonly indexes: number[];
  readonly task: number[];
  /** Requests that failed (closed connections) and were sent again. */
  failures: number;
}

const queries = ['jacket', 'yoga pants', 'hoodie', 'tee', 'short', 'bag', 'pull', 'veste'];

/** Probes `url` until `work` settles; returns the latencies and rethrows `work`'s error. */
export async function probeWhile(url: string, work: () => Promise<unknown>): Promise<AdminProbe> {
  const probe: AdminProbe = { search: [], health: [], indexes: [], task: [], failures: 0 };
  let done = false;
  const working = work().finally(() => {
    done = true;
  });
  const admin = {
    'x-algolia-application-id': benchKeys.appId,
    'x-algolia-api-key': benchKeys.adminKey,
  };
  // A connection the server closed meanwhile (its keep-alive timer fires when a stalled event loop resumes)
  // fails the request: it is counted and sent again, the time of both attempts counted.
  const timed = async (into: number[], path: string, init: RequestInit = {}) => {
    const started = performance.now();
    for (let attempt = 0; ; attempt += 1) {
      try {
        const response = await fetch(`${url}${path}`, init);
        await response.arrayBuffer();
        break;
      } catch (error) {
        probe.failures += 1;
        if (attempt > 3) throw error;
      }
    }
    into.push(performance.now() - started);
  };
  const probing = (async () => {
    for (let round = 0; !done; round += 1) {
      const query = queries[round % queries.length] ?? '';
      await timed(probe.search, '/1/indexes/products/query', {
        method: 'POST',
        headers: {
          'x-algolia-application-id': benchKeys.appId,
          'x-algolia-api-key': benchKeys.searchKey,
        },
        body: JSON.stringify({ query, hitsPerPage: 20, facets: storefrontFacets }),
      });
      await timed(probe.health, '/1/health');
      await timed(probe.indexes, '/1/indexes', { headers: admin });
      await timed(probe.task, '/1/indexes/products/task/1', { headers: admin });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  await working;
  await probing;
  return probe;
}
