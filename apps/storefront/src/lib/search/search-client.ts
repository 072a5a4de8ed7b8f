import { createMemoryCache } from '@algolia/client-common';
import { type LiteClient, liteClient } from 'algoliasearch/lite';
import type { PublicConfig } from '../site/public-config.ts';
import { withRepeatsAnswered } from './repeat-answers.ts';

/** A host entry of the official client (`Host` in `@algolia/client-common`). */
export interface SearchHost {
  readonly url: string;
  readonly port?: number;
  readonly protocol: 'http' | 'https';
  readonly accept: 'readWrite';
}

/** What the official lite client is created with; `hosts` absent means Algolia's own hosts. */
export interface SearchClientOptions {
  readonly appId: string;
  readonly apiKey: string;
  readonly hosts?: readonly SearchHost[];
}

/** The search service cannot be reached without a search-only key; the page shows its error state. */
export class MissingSearchKeyError extends Error {
  override readonly name = 'MissingSearchKeyError';
}

/**
 * The lite client's options for a search configuration: our search service's origin becomes the only
 * host (`http://localhost:7070` → `{ url: 'localhost', port: 7070, protocol: 'http' }`; a path prefix
 * behind a proxy is kept, `https://shop.example/search-api` → `{ url: 'shop.example/search-api' }`);
 * `searchUrl: null` keeps Algolia's hosts (`{appId}-dsn.algolia.net`, …) for hosted Algolia.
 * @throws MissingSearchKeyError when no search-only key is known yet.
 */
export function searchClientOptions(config: PublicConfig): SearchClientOptions {
  if (!config.searchKey) {
    throw new MissingSearchKeyError(
      'No search-only key: start the search service or set VITRINE_SEARCH_KEY / ALGOLIA_SEARCH_KEY',
    );
  }
  const base = { appId: config.appId, apiKey: config.searchKey };
  return config.searchUrl === null ? base : { ...base, hosts: [searchHost(config.searchUrl)] };
}

/**
 * The official lite client (search, facet search, recommendations) for a search configuration. Its hosts'
 * state (which host is down, for the retry strategy) is kept in memory for the page's life: the browser
 * build's default also keeps it in localStorage, read after a `setTimeout(0)` before every request, which
 * made each keystroke's search wait for the next free task, behind the frame and React's renders (bench/web).
 * A query repeated from the previous call is answered from memory (`repeat-answers.ts`).
 */
export function createSearchClient(config: PublicConfig): LiteClient {
  const { appId, apiKey, hosts } = searchClientOptions(config);
  const hostsCache = createMemoryCache();
  return withRepeatsAnswered(
    hosts
      ? liteClient(appId, apiKey, {
          hosts: hosts.map((host) => ({ ...host })),
          hostsCache,
          timeouts: oneHostTimeouts,
        })
      : liteClient(appId, apiKey, { hostsCache }),
  );
}

/**
 * The lite client's defaults (1 s to the response's headers, 2 s to read it) suit Algolia's several hosts: a
 * slow one is abandoned for the next. Our search service is the only host, so an abandoned search is asked
 * again of the same busy service, and after two the shopper gets an error instead of results that were
 * seconds away (seen just after a start on a loaded machine). Up to 3 s to the headers (the browser's
 * `connect`), 5 s to read (Node's).
 */
export const oneHostTimeouts = { connect: 3_000, read: 5_000, write: 30_000 };

function searchHost(origin: string): SearchHost {
  const parsed = new URL(origin);
  const protocol = parsed.protocol.replace(/:$/, '');
  if (protocol !== 'http' && protocol !== 'https') {
    throw new Error(`The search URL must start with http:// or https://, got ${origin}`);
  }
  const prefix = parsed.pathname.replace(/\/+$/, '');
  if (prefix && parsed.port) {
    // The client writes `url:port/path`: a path prefix only fits a host on its default port.
    throw new Error(`A search URL with a path cannot also name a port, got ${origin}`);
  }
  const host = { url: `${parsed.hostname}${prefix}`, protocol, accept: 'readWrite' } as const;
  return parsed.port ? { ...host, port: Number(parsed.port) } : host;
}
