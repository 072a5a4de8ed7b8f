import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { liteClient } from 'algoliasearch/lite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withRecommendationsApart } from './recommend-client.ts';

/** A listening stand-in for a search host: answers every call with `status` and `body`, noting the paths. */
async function host(status: number, body: unknown): Promise<{ port: number; paths: string[] }> {
  const paths: string[] = [];
  const server: Server = createServer((request, response) => {
    paths.push((request.url ?? '').split('?')[0] ?? '');
    request.resume();
    request.on('end', () => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, paths };
}

const servers: Server[] = [];

/** A recommended item's id (trending-facet answers have none; these tests ask for items). */
const objectIdOf = (hit: object) => ('objectID' in hit ? hit.objectID : undefined);
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
  vi.restoreAllMocks();
});

const clientOf = (port: number) =>
  liteClient('app', 'key', {
    hosts: [{ url: '127.0.0.1', port, protocol: 'http', accept: 'readWrite' }],
  });

const trendingRequest = {
  requests: [
    {
      indexName: 'products',
      model: 'trending-items' as const,
      threshold: 0,
      maxRecommendations: 4,
    },
  ],
};

describe('a listing client with its recommendations apart', () => {
  it('asks the recommendations client for recommendations and the search client for searches', async () => {
    const search = await host(200, {
      results: [{ hits: [{ objectID: 'from-search' }], nbHits: 1 }],
    });
    const recommend = await host(200, { results: [{ hits: [{ objectID: 'trending-1' }] }] });
    const client = withRecommendationsApart(clientOf(search.port), clientOf(recommend.port));

    const recommendations = await client.getRecommendations(trendingRequest);
    const searched = await client.search({ requests: [{ indexName: 'products', query: 'bag' }] });

    expect(recommendations.results[0]?.hits.map(objectIdOf)).toEqual(['trending-1']);
    expect(recommend.paths).toEqual(['/1/indexes/*/recommendations']);
    expect(search.paths).toEqual(['/1/indexes/*/queries']);
    expect(searched.results).toHaveLength(1);
  });

  it('answers empty rows, without failing, when the recommendations cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const search = await host(200, { results: [] });
    const broken = await host(503, { message: 'Models are being built', status: 503 });
    const client = withRecommendationsApart(clientOf(search.port), clientOf(broken.port));

    const answer = await client.getRecommendations(trendingRequest);

    expect(answer.results).toHaveLength(1);
    expect(answer.results[0]?.hits).toEqual([]);
    expect(broken.paths.length).toBeGreaterThan(0);
    expect(search.paths).toEqual([]);
  });

  it('uses the search client for recommendations when the page has no recommendations client', async () => {
    const search = await host(200, { results: [{ hits: [{ objectID: 'trending-2' }] }] });
    const client = withRecommendationsApart(clientOf(search.port), null);

    const answer = await client.getRecommendations(trendingRequest);

    expect(answer.results[0]?.hits.map(objectIdOf)).toEqual(['trending-2']);
  });
});
