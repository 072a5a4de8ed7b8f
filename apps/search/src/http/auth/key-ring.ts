import type { ApiKey } from './api-key.ts';
import {
  type DecodedSecuredKey,
  decodeSecuredApiKey,
  isSignedBy,
  parseRestrictions,
  type SecuredRestrictions,
} from './secured-api-key.ts';

/** Most secured keys a ring remembers as verified; the cache is dropped whole when full. */
const securedCacheSize = 10_000;

export interface ResolvedSecuredKey {
  readonly parent: ApiKey;
  readonly restrictions: SecuredRestrictions;
}

/**
 * The live set of API keys: the admin key, the search-only key and keys made with the keys API. Lookups are
 * in memory; the keys API writes to the store first, then here.
 */
export class KeyRing {
  readonly #keys = new Map<string, ApiKey>();
  readonly #securedCache = new Map<string, { parent: string; restrictions: SecuredRestrictions }>();

  constructor(keys: Iterable<ApiKey>) {
    for (const key of keys) this.#keys.set(key.value, key);
  }

  get(value: string): ApiKey | undefined {
    return this.#keys.get(value);
  }

  /** Every key but the admin key, oldest first. */
  list(): ApiKey[] {
    return [...this.#keys.values()].filter((key) => key.kind !== 'admin');
  }

  put(key: ApiKey): void {
    this.#keys.set(key.value, key);
    this.#securedCache.clear();
  }

  delete(value: string): void {
    this.#keys.delete(value);
    this.#securedCache.clear();
  }

  /**
   * Finds the non-admin key that signed a secured key and parses its restrictions; `undefined` when the key is
   * not a secured key of this ring (bad encoding, tampered restrictions, unknown or admin parent).
   * @throws SearchApiError 403 when the signature is valid but the restrictions are empty or malformed.
   */
  resolveSecured(value: string): ResolvedSecuredKey | undefined {
    const cached = this.#securedCache.get(value);
    if (cached) {
      const parent = this.#keys.get(cached.parent);
      return parent ? { parent, restrictions: cached.restrictions } : undefined;
    }
    const decoded = decodeSecuredApiKey(value);
    if (!decoded) return undefined;
    const parent = this.#findSigner(decoded);
    if (!parent) return undefined;
    const restrictions = parseRestrictions(decoded.restrictions);
    if (this.#securedCache.size >= securedCacheSize) this.#securedCache.clear();
    this.#securedCache.set(value, { parent: parent.value, restrictions });
    return { parent, restrictions };
  }

  #findSigner(decoded: DecodedSecuredKey): ApiKey | undefined {
    for (const key of this.#keys.values()) {
      // A secured key can never be derived from the admin key (docs/api.md §7.2).
      if (key.kind !== 'admin' && isSignedBy(decoded, key.value)) return key;
    }
    return undefined;
  }
}
