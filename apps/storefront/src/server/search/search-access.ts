import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { SearchEnvironment } from '../config.ts';
import type { Logger } from '../logging/logger.ts';

/** The file the search service writes in the data folder when it starts, so other apps can find it. */
export const searchServiceFileName = 'search-service.json';

const searchServiceFileSchema = z.object({
  url: z.string().min(1),
  appId: z.string().min(1),
  adminKey: z.string().min(1),
  searchKey: z.string().min(1),
});

export type SearchServiceFile = z.infer<typeof searchServiceFileSchema>;

/** Where and how the storefront reaches search, after merging environment, service file and defaults. */
export interface SearchAccess {
  /** Origin for server-side calls; `null` means hosted Algolia. */
  readonly url: string | null;
  /** Origin for browsers; `null` means hosted Algolia. */
  readonly publicUrl: string | null;
  readonly appId: string;
  readonly adminKey: string | undefined;
  readonly searchKey: string | undefined;
}

export const defaultSearchUrl = 'http://localhost:7070';
export const defaultAppId = 'vitrine';

/**
 * Merges the environment (first), the search service's file (second) and defaults (last).
 * Hosted Algolia's own hosts are used with `SEARCH_URL=algolia`, or when `ALGOLIA_APP_ID` is set and
 * `SEARCH_URL` is not: then the `ALGOLIA_*` keys apply and the local search service's file is ignored.
 */
export function resolveSearchAccess(
  env: SearchEnvironment,
  file: SearchServiceFile | undefined,
): SearchAccess {
  const hosted = env.url === undefined && env.algolia?.appId !== undefined;
  const local = hosted ? undefined : file;
  const url = hosted ? null : originOrAlgolia(env.url ?? local?.url ?? defaultSearchUrl);
  return {
    url,
    publicUrl: env.publicUrl === undefined ? url : originOrAlgolia(env.publicUrl),
    appId: env.appId ?? env.algolia?.appId ?? local?.appId ?? defaultAppId,
    adminKey: env.adminKey ?? (hosted ? env.algolia?.adminKey : local?.adminKey),
    searchKey: env.searchKey ?? (hosted ? env.algolia?.searchKey : local?.searchKey),
  };
}

/**
 * Reads `<dataDir>/search-service.json`.
 * @returns `undefined` when the file does not exist (the search service has not started yet).
 * @throws when the file exists but is not the expected JSON.
 */
export function readSearchServiceFile(dataDir: string): SearchServiceFile | undefined {
  const path = join(dataDir, searchServiceFileName);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`Could not read ${path}`, { cause: error });
  }
  try {
    return searchServiceFileSchema.parse(JSON.parse(text));
  } catch (error) {
    throw new Error(
      `${path} is not a valid search service file ({url, appId, adminKey, searchKey})`,
      {
        cause: error,
      },
    );
  }
}

/**
 * A reader of the current search access that re-reads the service file only when it changes, so keys
 * written by a search service started after the storefront are picked up without a restart. A malformed
 * file is reported once (per change) and treated as absent: pages keep rendering, and the index sync keeps
 * warning that it has no admin key.
 */
export function createSearchAccessReader(
  env: SearchEnvironment,
  dataDir: string,
  logger: Logger,
): () => SearchAccess {
  let cachedStamp: number | undefined;
  let cached = resolveSearchAccess(env, undefined);
  return () => {
    const stamp = fileStamp(join(dataDir, searchServiceFileName));
    if (stamp === cachedStamp) return cached;
    cachedStamp = stamp;
    let file: SearchServiceFile | undefined;
    try {
      file = readSearchServiceFile(dataDir);
    } catch (error) {
      logger.error('Ignoring the search service file', error);
    }
    cached = resolveSearchAccess(env, file);
    return cached;
  };
}

function fileStamp(path: string): number | undefined {
  try {
    const stats = statSync(path);
    return stats.mtimeMs + stats.size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function originOrAlgolia(value: string): string | null {
  return value.toLowerCase() === 'algolia' ? null : value.replace(/\/+$/, '');
}
