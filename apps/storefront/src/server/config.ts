import { isAbsolute, resolve } from 'node:path';

/** Search settings as given in the environment; unset values are filled from the search service's file. */
export interface SearchEnvironment {
  /** `SEARCH_URL`: origin of the search service, or `algolia` for hosted Algolia. */
  readonly url: string | undefined;
  /** `PUBLIC_SEARCH_URL`: the origin browsers use (defaults to the search URL). */
  readonly publicUrl: string | undefined;
  readonly appId: string | undefined;
  readonly adminKey: string | undefined;
  readonly searchKey: string | undefined;
  /**
   * `ALGOLIA_APP_ID`, `ALGOLIA_SEARCH_KEY`, `ALGOLIA_ADMIN_KEY`: hosted Algolia. With an application id and
   * no `SEARCH_URL`, the storefront (server and browsers) uses Algolia's own hosts.
   */
  readonly algolia?: {
    readonly appId: string | undefined;
    readonly searchKey: string | undefined;
    readonly adminKey: string | undefined;
  };
}

/** A configuration value the storefront cannot use; its message says which and why. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export interface StorefrontConfig {
  readonly dev: boolean;
  readonly port: number;
  /** Interface to listen on; all interfaces when unset. */
  readonly hostname: string | undefined;
  /** Absolute folder holding `storefront/` (PGlite) and the search service's `search-service.json`. */
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  /** `PUBLIC_URL`: the site's public origin for absolute links; taken from each request when unset. */
  readonly publicUrl: string | undefined;
  readonly search: SearchEnvironment;
  readonly merchant: MerchantEnvironment;
}

/** The merchant's analytics page (`/admin/analytics`). */
export interface MerchantEnvironment {
  /** `MERCHANT_PASSWORD`; generated on first start and kept in `<dataDir>/storefront/` when unset. */
  readonly password: string | undefined;
  /**
   * `ANALYTICS_URL`: origin of the Analytics API. Defaults to the search service (which serves `/2/*`), or
   * `https://analytics.algolia.com` with hosted Algolia (set `https://analytics.de.algolia.com` for the EU region).
   */
  readonly analyticsUrl: string | undefined;
  /**
   * `TRUST_PROXY=1`: the storefront runs behind a reverse proxy, so the sign-in throttle takes the client's
   * address from the last `X-Forwarded-For` entry instead of the socket (which would be the proxy's).
   */
  readonly trustProxy: boolean;
}

/** The environment variables the storefront reads, among others (`process.env` fits). */
export interface Environment {
  readonly [name: string]: string | undefined;
  readonly PORT?: string | undefined;
  readonly HOST?: string | undefined;
  readonly VITRINE_DATA_DIR?: string | undefined;
  readonly DATABASE_URL?: string | undefined;
  readonly PUBLIC_URL?: string | undefined;
  readonly SEARCH_URL?: string | undefined;
  readonly PUBLIC_SEARCH_URL?: string | undefined;
  readonly VITRINE_APP_ID?: string | undefined;
  readonly VITRINE_ADMIN_KEY?: string | undefined;
  readonly VITRINE_SEARCH_KEY?: string | undefined;
  readonly ALGOLIA_APP_ID?: string | undefined;
  readonly ALGOLIA_SEARCH_KEY?: string | undefined;
  readonly ALGOLIA_ADMIN_KEY?: string | undefined;
  readonly MERCHANT_PASSWORD?: string | undefined;
  readonly ANALYTICS_URL?: string | undefined;
  readonly TRUST_PROXY?: string | undefined;
}

/**
 * Reads the storefront's configuration. Every value has a default, so `tsx server.ts` runs with none set.
 * @param env - `process.env`: PORT (3000), HOST, VITRINE_DATA_DIR (`.data`, relative paths against the
 *   repository root so that every app finds the same folder), DATABASE_URL, PUBLIC_URL, SEARCH_URL,
 *   PUBLIC_SEARCH_URL, VITRINE_APP_ID, VITRINE_ADMIN_KEY, VITRINE_SEARCH_KEY, ALGOLIA_APP_ID,
 *   ALGOLIA_SEARCH_KEY, ALGOLIA_ADMIN_KEY, MERCHANT_PASSWORD (at least 12 characters), ANALYTICS_URL, TRUST_PROXY (`1` or `0`).
 * @param args - command-line arguments; `--dev` runs Next in development mode.
 * @throws ConfigError on a PORT that is not a port number, a MERCHANT_PASSWORD shorter than 12 characters
 *   or a TRUST_PROXY other than `1`/`0`.
 */
export function readStorefrontConfig(
  env: Environment,
  args: readonly string[],
  repoRoot: string,
): StorefrontConfig {
  const dataDir = present(env.VITRINE_DATA_DIR) ?? '.data';
  return {
    dev: args.includes('--dev'),
    port: parsePort(present(env.PORT) ?? '3000'),
    hostname: present(env.HOST),
    dataDir: isAbsolute(dataDir) ? dataDir : resolve(repoRoot, dataDir),
    databaseUrl: present(env.DATABASE_URL),
    publicUrl: present(env.PUBLIC_URL)?.replace(/\/+$/, ''),
    search: {
      url: present(env.SEARCH_URL),
      publicUrl: present(env.PUBLIC_SEARCH_URL),
      appId: present(env.VITRINE_APP_ID),
      adminKey: present(env.VITRINE_ADMIN_KEY),
      searchKey: present(env.VITRINE_SEARCH_KEY),
      algolia: {
        appId: present(env.ALGOLIA_APP_ID),
        searchKey: present(env.ALGOLIA_SEARCH_KEY),
        adminKey: present(env.ALGOLIA_ADMIN_KEY),
      },
    },
    merchant: {
      // A password is taken as given: spaces may be part of it.
      password: parseMerchantPassword(env.MERCHANT_PASSWORD || undefined),
      trustProxy: parseTrustProxy(env.TRUST_PROXY),
      analyticsUrl: present(env.ANALYTICS_URL)?.replace(/\/+$/, ''),
    },
  };
}

function present(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** The shortest `MERCHANT_PASSWORD` accepted: the sign-in page is on the open internet. */
export const minMerchantPasswordLength = 12;

function parseMerchantPassword(value: string | undefined): string | undefined {
  if (value !== undefined && [...value].length < minMerchantPasswordLength) {
    throw new ConfigError(
      `MERCHANT_PASSWORD must be at least ${minMerchantPasswordLength} characters long, got ${[...value].length}; unset it to have one generated`,
    );
  }
  return value;
}

function parseTrustProxy(value: string | undefined): boolean {
  const given = present(value);
  if (given === undefined || given === '0') return false;
  if (given === '1') return true;
  throw new ConfigError(`TRUST_PROXY must be 1 (behind a reverse proxy) or 0, got "${given}"`);
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ConfigError(`PORT must be a port number between 0 and 65535, got "${value}"`);
  }
  return port;
}
