import { resolve } from 'node:path';

/** Repository root (scripts/ lives one level below it). */
export const repoRoot = resolve(import.meta.dirname, '../..');

export interface StackConfig {
  readonly port: number;
  readonly searchPort: number;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly searchUrl: string;
  readonly publicSearchUrl: string;
}

/** Reads the documented environment variables (README "Environment") with their defaults. */
export function readStackConfig(env: NodeJS.ProcessEnv = process.env): StackConfig {
  const port = Number(env['PORT'] ?? 3000);
  const searchPort = Number(env['SEARCH_PORT'] ?? 7070);
  for (const [name, value] of [
    ['PORT', port],
    ['SEARCH_PORT', searchPort],
  ] as const) {
    if (!Number.isInteger(value) || value <= 0 || value > 65_535) {
      throw new Error(`${name} must be a port number between 1 and 65535`);
    }
  }
  const searchUrl = env['SEARCH_URL'] ?? `http://localhost:${searchPort}`;
  return {
    port,
    searchPort,
    dataDir: resolve(repoRoot, env['VITRINE_DATA_DIR'] ?? '.data'),
    databaseUrl: env['DATABASE_URL'] || undefined,
    searchUrl,
    publicSearchUrl: env['PUBLIC_SEARCH_URL'] ?? searchUrl,
  };
}

/** The file the search service writes on start: where it listens and its keys (mode 0600). */
export interface SearchServiceInfo {
  readonly url: string;
  readonly appId: string;
  readonly adminKey: string;
  readonly searchKey: string;
}

export const searchServiceInfoFile = (dataDir: string): string =>
  resolve(dataDir, 'search-service.json');
