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
  });
}
