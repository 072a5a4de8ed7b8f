import { type Algoliasearch, algoliasearch } from 'algoliasearch';

/** A host entry of the official client (`Host` in `@algolia/client-common`). */
export interface SearchHost {
  readonly url: string;
  readonly port?: number;
  readonly protocol: 'http' | 'https';
  readonly accept: 'readWrite';
}

/**
 * The client's `hosts` for a search-service origin: `http://localhost:7070` →
 * `[{ url: 'localhost', port: 7070, protocol: 'http', accept: 'readWrite' }]`.
 * @throws when `origin` is not an http(s) URL.
 */
export function searchHosts(origin: string): SearchHost[] {
  const parsed = new URL(origin);
  const protocol = parsed.protocol.replace(/:$/, '');
  if (protocol !== 'http' && protocol !== 'https') {
    throw new Error(`The search service URL must start with http:// or https://, got ${origin}`);
  }
  const host = { url: parsed.hostname, protocol, accept: 'readWrite' } as const;
  return [parsed.port ? { ...host, port: Number(parsed.port) } : host];
}

export interface SearchAdminAccess {
  /** Search-service origin; `null` for hosted Algolia's default hosts. */
  readonly url: string | null;
  readonly appId: string;
  readonly adminKey: string;
}

/** The official full client with write rights, pointed at our search service (or hosted Algolia). */
export function createSearchAdminClient(access: SearchAdminAccess): Algoliasearch {
  if (access.url === null) return algoliasearch(access.appId, access.adminKey);
  return algoliasearch(access.appId, access.adminKey, {
    hosts: searchHosts(access.url).map((host) => ({ ...host })),
    timeouts: adminTimeouts,
  });
}

/**
 * Much longer than the client's defaults (2 s to the response's headers, despite the name `connect`; 5 s to
 * read; 30 s to write): the index sync runs in the background, and at 20,000 products the search service
 * answers a full push's final `move` (records copied to the replicas) after more than 15 s. With the
 * defaults the move happened but the sync saw a timeout, never wrote the settings version, and pushed
 * everything again. A service that is down still fails at once (connection refused).
 */
const adminTimeouts = { connect: 120_000, read: 120_000, write: 300_000 };
