import type { SearchStore, StoredKeyKind } from '../../store/search-store.ts';
import { generateApiKeyValue } from './stored-keys.ts';

export interface ServiceKeyValues {
  readonly adminKey: string;
  readonly searchKey: string;
}

/**
 * The admin and search-only key values: from configuration when given, else the ones stored by a previous
 * start, else new random ones, stored so the next start reuses them.
 */
export async function resolveServiceKeys(
  store: SearchStore,
  configured: { readonly adminKey: string | undefined; readonly searchKey: string | undefined },
  now: () => Date = () => new Date(),
): Promise<ServiceKeyValues> {
  const stored = await store.loadKeys();
  const pick = async (kind: StoredKeyKind, value: string | undefined): Promise<string> => {
    if (value) return value;
    const found = stored.find((key) => key.kind === kind);
    if (found) return found.value;
    const generated = generateApiKeyValue();
    await store.commit(
      [{ kind: 'putKey', key: { value: generated, kind, body: {}, createdAt: now() } }],
      undefined,
      now(),
    );
    return generated;
  };
  return {
    adminKey: await pick('admin', configured.adminKey),
    searchKey: await pick('search', configured.searchKey),
  };
}
