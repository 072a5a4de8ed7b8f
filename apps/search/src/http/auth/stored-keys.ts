import { randomBytes } from 'node:crypto';
import { parseKeyAttributes } from '../../protocol/api-key-wire.ts';
import type { StoredKey } from '../../store/search-store.ts';
import { type ApiKey, aclOf } from './api-key.ts';

/** A new key value: 32 lowercase hex characters, like Algolia's. */
export function generateApiKeyValue(): string {
  return randomBytes(16).toString('hex');
}

/** The row for a key: its attributes as the JSON body. */
export function toStoredKey(key: ApiKey): StoredKey {
  const { value, kind, createdAt, ...attributes } = key;
  return { value, kind, createdAt, body: attributes };
}

/** A key read back from the store (bodies were validated when written). */
export function fromStoredKey(stored: StoredKey): ApiKey {
  return {
    ...parseKeyAttributes(stored.body),
    value: stored.value,
    kind: stored.kind,
    createdAt: stored.createdAt,
  };
}

/** The service's own keys, built from configuration: admin (everything) and search-only. */
export function serviceKeys(
  adminKey: string,
  searchKey: string,
  searchKeyIndexes: readonly string[],
): ApiKey[] {
  const epoch = new Date(0);
  const base = {
    referers: [],
    validity: 0,
    maxHitsPerQuery: 0,
    maxQueriesPerIPPerHour: 0,
    queryParameters: '',
  };
  return [
    {
      ...base,
      value: adminKey,
      kind: 'admin',
      acl: aclOf('admin'),
      description: 'Admin API key',
      indexes: [],
      createdAt: epoch,
    },
    {
      ...base,
      value: searchKey,
      kind: 'search',
      acl: ['search'],
      description: 'Search-only API key',
      indexes: searchKeyIndexes,
      createdAt: epoch,
    },
  ];
}
