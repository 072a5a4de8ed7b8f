import type { StorefrontConfig } from '../config.ts';
import type { SearchAccess } from '../search/search-access.ts';
import { type AdminRuntime, installAdminRuntime } from './admin-runtime.ts';
import { createMerchantAuth } from './merchant-auth.ts';
import { fileSessionGenerations, loadMerchantCredentials } from './merchant-credentials.ts';

/** Hosted Algolia's Analytics API (US region); EU shops set `ANALYTICS_URL=https://analytics.de.algolia.com`. */
export const hostedAnalyticsUrl = 'https://analytics.algolia.com';

/**
 * Sets up the merchant pages: the password (generated and kept on first start when `MERCHANT_PASSWORD` is
 * unset, and the operator told where), the session signing, and where the Analytics API is read.
 * @returns where the password comes from (for the start-up message) and a function that uninstalls it.
 */
export function startAdmin(
  config: StorefrontConfig,
  readAccess: () => SearchAccess,
  options: { readonly failedLoginDelayMs?: number } = {},
): { passwordSource: string; stop: () => void } {
  const credentials = loadMerchantCredentials(config.dataDir, config.merchant.password);
  const runtime: AdminRuntime = {
    auth: createMerchantAuth({
      ...credentials,
      generations: fileSessionGenerations(credentials),
    }),
    trustProxy: config.merchant.trustProxy,
    analyticsAccess: () => {
      const access = readAccess();
      return {
        url: config.merchant.analyticsUrl ?? access.url ?? hostedAnalyticsUrl,
        appId: access.appId,
        apiKey: access.adminKey,
      };
    },
    consoleAccess: () => {
      const access = readAccess();
      return {
        url: access.url,
        appId: access.appId,
        adminKey: access.adminKey,
        searchKey: access.searchKey,
      };
    },
    failedLoginDelayMs: options.failedLoginDelayMs ?? 1000,
  };
  installAdminRuntime(runtime);
  return {
    passwordSource: credentials.generated ? `in ${credentials.file}` : 'from MERCHANT_PASSWORD',
    stop: () => installAdminRuntime(undefined),
  };
}
