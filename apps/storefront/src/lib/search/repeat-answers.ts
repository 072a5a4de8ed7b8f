import type { LiteClient } from 'algoliasearch/lite';

type SearchResults = Awaited<ReturnType<LiteClient['search']>>['results'];

/**
 * The search client, answering from memory any query identical to one of the previous call's. React
 * InstantSearch searches every index again when a widget mounts or unmounts: when the no-results page's
 * relaxed offer appears (and again when it goes), the shopper's own query was sent a second time, and counted
 * twice in the merchant's analytics. A repeated query keeps its answer, `queryID` included: it is the same
 * search. Only the previous call is remembered, so a query the shopper makes again is sent again.
 */
export function withRepeatsAnswered(client: LiteClient): LiteClient {
  let previous: { readonly keys: readonly string[]; readonly results: SearchResults } | undefined;
  return {
    ...client,
    async search(requests, options) {
      // InstantSearch sends a list of queries; any other call goes through unchanged.
      if (!Array.isArray(requests) || options !== undefined)
        return client.search(requests, options);
      const known = previous;
      const keys = requests.map((request) => JSON.stringify(request));
      const reused = keys.map((key) => known?.keys.indexOf(key) ?? -1);
      const toSend = requests.filter((_, position) => reused[position] === -1);
      const sent = toSend.length > 0 ? (await client.search(toSend)).results : [];
      let next = 0;
      const results = reused.map((at) =>
        at === -1 || known === undefined ? sent[next++] : known.results[at],
      ) as SearchResults;
      previous = { keys, results };
      return { results };
    },
  } as LiteClient;
}
