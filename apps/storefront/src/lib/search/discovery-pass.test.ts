import type { LiteClient } from 'algoliasearch/lite';
import instantsearch from 'instantsearch.js';
import { connectHits, connectSearchBox } from 'instantsearch.js/es/connectors';
import { configure, index } from 'instantsearch.js/es/widgets';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import {
  DynamicWidgets,
  getServerState,
  Hits,
  InstantSearch,
  RefinementList,
  SearchBox,
} from 'react-instantsearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSearchService } from '../../../test/support/search-service.ts';
import { withDiscoveryPassUncounted } from './discovery-pass.ts';
import { createSearchClient } from './search-client.ts';

/**
 * What the merchant's analytics count of the searches a page makes: the server's client sends its first
 * `search` with analytics off (React InstantSearch's discovery pass) and counts it when it was the only one;
 * in the browser, the no-results page's relaxed offer is not counted and does not make the shopper's query
 * count twice (`repeat-answers.ts`). Run against the real search service, whose Analytics API says what the
 * merchant sees counted.
 */
const service = await startSearchService();
afterAll(() => service.close());

const indexName = 'discovery_pass';
const headers = {
  'x-algolia-application-id': 'vitrine',
  'x-algolia-api-key': service.adminKey,
  'content-type': 'application/json',
};

beforeAll(async () => {
  const records = [
    { objectID: 'duffle', name: 'Overnight Duffle', color: 'Black' },
    { objectID: 'tote', name: 'Canvas Tote', color: 'Beige' },
    { objectID: 'backpack', name: 'Trail Backpack', color: 'Black' },
  ];
  const response = await fetch(`${service.url}/1/indexes/${indexName}/batch`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      requests: records.map((body) => ({ action: 'updateObject', body })),
    }),
  });
  const { taskID } = (await response.json()) as { taskID: number };
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const task = await fetch(`${service.url}/1/indexes/${indexName}/task/${taskID}`, { headers });
    if (((await task.json()) as { status?: string }).status === 'published') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the records were not published');
});

/** How many searches of `query` the merchant's analytics counted on the test index. */
async function counted(query: string): Promise<number> {
  const response = await fetch(`${service.url}/2/searches?index=${indexName}&limit=1000`, {
    headers,
  });
  const { searches } = (await response.json()) as { searches: { search: string; count: number }[] };
  return searches.find((entry) => entry.search === query)?.count ?? 0;
}

function serverClient() {
  return withDiscoveryPassUncounted(
    createSearchClient({
      searchUrl: service.url,
      appId: 'vitrine',
      searchKey: service.adminKey,
      indexName,
    }),
  );
}

function page(query: string, twoPass: boolean, searchClient: LiteClient) {
  return h(
    InstantSearch,
    {
      searchClient,
      indexName,
      initialUiState: { [indexName]: { query } },
    },
    twoPass ? h(DynamicWidgets, { facets: ['*'], fallbackComponent: RefinementList }) : null,
    h(SearchBox),
    h(Hits),
  );
}

describe('the server-side search client of one getServerState', () => {
  it('counts a page rendered with a two-pass widget once', async () => {
    const discovery = serverClient();
    await getServerState(page('backpack', true, discovery.client), { renderToString });
    await discovery.countIfSinglePass();
    expect(await counted('backpack')).toBe(1);
  });

  it('counts a page without a two-pass widget once (its first search is the only one)', async () => {
    // getServerState renders twice only when a two-pass widget is mounted (`isTwoPassWidget`); otherwise the
    // first search, sent with analytics off, is the shopper's only one: countIfSinglePass sends it again.
    const discovery = serverClient();
    await getServerState(page('tote', false, discovery.client), { renderToString });
    await discovery.countIfSinglePass();
    expect(await counted('tote')).toBe(1);
  });

  it('keeps the parameters of a query sent as a params string (one of the client’s shapes)', async () => {
    const { results } = await serverClient().client.search({
      requests: [{ indexName, params: 'query=duffle&hitsPerPage=1' }],
    });
    expect(results[0]).toMatchObject({ query: 'duffle', nbHits: 1 });
    expect(await counted('duffle')).toBe(0);
  });
});

/** Resolves once `ready()` holds (checked every 20 ms, for at most 5 s). */
async function until(ready: () => boolean): Promise<void> {
  for (let waited = 0; !ready(); waited += 20) {
    if (waited > 5000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a search typed in the browser that finds nothing', () => {
  it('counts once when the relaxed offer mounts its index, and so does the next search that unmounts it', async () => {
    // The browser's client (no discovery-pass wrapper) and the widgets NoResults depends on. As in NoResults,
    // the relaxed `Index` (Configure analytics={false}) mounts once a query of several words found nothing:
    // mounting a widget makes InstantSearch search every index again, the shopper's query included.
    const search = instantsearch({
      searchClient: createSearchClient({
        searchUrl: service.url,
        appId: 'vitrine',
        searchKey: service.adminKey,
        indexName,
      }),
      indexName,
    });
    let refine: (query: string) => void = () => undefined;
    let relaxedHits = -1;
    let offered = false;
    let shownQuery: string | undefined;
    const relaxed = index({ indexName, indexId: 'relaxed' }).addWidgets([
      configure({ removeWordsIfNoResults: 'lastWords', hitsPerPage: 8, page: 0, analytics: false }),
      connectHits(({ results }) => {
        if (results && !results.__isArtificial) relaxedHits = results.nbHits;
      })({}),
    ]);
    search.addWidgets([
      connectSearchBox(({ refine: set }) => {
        refine = set;
      })({}),
      connectHits(({ results }) => {
        if (results && !results.__isArtificial) shownQuery = results.query;
        const severalWords = (results?.query ?? '').trim().split(/\s+/).length > 1;
        if (results && results.nbHits === 0 && severalWords && !offered) {
          offered = true;
          search.addWidgets([relaxed]);
        }
        // NoResults unmounts (and its relaxed Index with it) once a search finds something.
        if (results && results.nbHits > 0 && offered) {
          offered = false;
          search.removeWidgets([relaxed]);
        }
      })({}),
    ]);
    // Every search InstantSearch scheduled has been answered.
    const settled = async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      await until(() => search.status === 'idle');
    };
    search.start();
    try {
      await until(() => shownQuery === '');
      refine('duffle zqxw');
      await until(() => relaxedHits >= 0);
      expect(relaxedHits).toBe(1);
      await settled();
      expect.soft(await counted('duffle zqxw')).toBe(1);
      refine('canvas tote');
      await until(() => shownQuery === 'canvas tote' && !offered);
      await settled();
      expect.soft(await counted('canvas tote')).toBe(1);
    } finally {
      search.dispose();
    }
  });
});
