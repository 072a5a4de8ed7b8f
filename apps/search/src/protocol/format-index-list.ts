/** `GET /1/indexes` (docs/api.md §2.8): one page of index descriptions. */
import { readInteger } from './read-param.ts';

/** What the list shows about one index. */
export interface IndexDescription {
  readonly name: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  /** Number of records. */
  readonly entries: number;
  /** Bytes of the records as minified JSON. */
  readonly dataSize: number;
  /** `dataSize` plus settings, synonyms and rules as JSON (Algolia's binary index size has no equivalent here). */
  readonly fileSize: number;
  /** Duration of the last record or settings build, in ms. */
  readonly lastBuildMS: number;
  readonly primary: string | undefined;
  readonly replicas: readonly string[];
  readonly virtual: boolean;
}

/** Which page of the index list to return. */
export interface ListPage {
  /** 0-based; `undefined` = every index in one page. */
  readonly page: number | undefined;
  readonly hitsPerPage: number;
}

/** Reads `page` and `hitsPerPage` (default 100, at most 1,000) from the query string. */
export function parseListPage(query: { page?: string; hitsPerPage?: string }): ListPage {
  return {
    page: query.page === undefined ? undefined : readInteger(query.page, 'page', 0, 1_000_000),
    hitsPerPage:
      query.hitsPerPage === undefined
        ? 100
        : readInteger(query.hitsPerPage, 'hitsPerPage', 1, 1000),
  };
}

/**
 * Formats the index list, sorted by name.
 * → `{ items: [{ name, createdAt, updatedAt, entries, dataSize, fileSize, lastBuildTimeS, numberOfPendingTasks,
 * pendingTask, primary?, replicas?, virtual? }], nbPages }`.
 */
export function formatIndexList(
  indices: readonly IndexDescription[],
  page: ListPage,
): Record<string, unknown> {
  const sorted = [...indices].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const pageSize = page.page === undefined ? Math.max(1, sorted.length) : page.hitsPerPage;
  const start = (page.page ?? 0) * pageSize;
  return {
    items: sorted.slice(start, start + pageSize).map(describe),
    nbPages: Math.ceil(sorted.length / pageSize),
  };
}

function describe(index: IndexDescription): Record<string, unknown> {
  return {
    name: index.name,
    createdAt: index.createdAt.toISOString(),
    updatedAt: index.updatedAt.toISOString(),
    entries: index.entries,
    dataSize: index.dataSize,
    fileSize: index.fileSize,
    lastBuildTimeS: Math.round(index.lastBuildMS / 1000),
    // Writes are applied before their task id is handed out: no task is ever pending.
    numberOfPendingTasks: 0,
    pendingTask: false,
    ...(index.primary === undefined ? {} : { primary: index.primary }),
    ...(index.replicas.length > 0 ? { replicas: index.replicas } : {}),
    ...(index.virtual ? { virtual: true } : {}),
  };
}
