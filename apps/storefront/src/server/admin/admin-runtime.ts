import type { SearchAdminAccess } from '../search/search-admin-client.ts';
import type { AnalyticsAccess } from './analytics-api.ts';
import type { MerchantAuth } from './merchant-auth.ts';

/**
 * What the merchant pages need from the storefront process, kept on `globalThis` like the storefront runtime
 * (Next bundles pages apart from server.ts's modules; see runtime.ts).
 */
export interface AdminRuntime {
  readonly auth: MerchantAuth;
  /** Where and with which key the server reads the Analytics API, at request time (keys may appear later). */
  readonly analyticsAccess: () => AnalyticsAccess;
  /**
   * Where and with which keys the merchant console writes rules and synonyms (admin key) and previews the
   * shop's searches (search-only key), read at request time; `undefined` keys when none is known yet.
   */
  readonly consoleAccess: () => ConsoleSearchAccess;
  /** Waits after a wrong password (slows guessing; tests shorten it). */
  readonly failedLoginDelayMs: number;
  /** `TRUST_PROXY=1`: the sign-in throttle takes the client from `X-Forwarded-For` (see client-address.ts). */
  readonly trustProxy?: boolean;
}

export interface ConsoleSearchAccess extends Omit<SearchAdminAccess, 'adminKey'> {
  readonly adminKey: string | undefined;
  readonly searchKey: string | undefined;
}

const adminRuntimeKey = Symbol.for('vitrine.storefront.admin-runtime');

interface AdminRuntimeHolder {
  [adminRuntimeKey]?: AdminRuntime | undefined;
}

export function installAdminRuntime(runtime: AdminRuntime | undefined): void {
  (globalThis as AdminRuntimeHolder)[adminRuntimeKey] = runtime;
}

/** @throws when the storefront was not started by server.ts. */
export function getAdminRuntime(): AdminRuntime {
  const runtime = (globalThis as AdminRuntimeHolder)[adminRuntimeKey];
  if (!runtime) {
    throw new Error(
      'The merchant pages are not started: run the storefront with `tsx apps/storefront/server.ts`.',
    );
  }
  return runtime;
}
