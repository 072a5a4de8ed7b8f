import type { ImportPhase, ImportProgressReport } from '../../lib/admin/import-progress.ts';
import type { IndexSyncProgress } from '../search/sync-search-index.ts';

/** What one upload has done so far, updated by the import as it goes. */
export interface ImportTracker {
  /** Counts the bytes of the file as the import reads them. */
  count(chunks: AsyncIterable<Uint8Array | string>): AsyncGenerator<Uint8Array | string>;
  products(written: number): void;
  /** The search index update's progress (after each page it sent). */
  indexed(progress: IndexSyncProgress): void;
  /** The end state; `indexed: false` when the store's changes are applied but the index update failed. */
  phase(phase: ImportPhase, outcome?: { readonly indexed: boolean }): void;
}

interface Entry {
  readonly sessionId: string;
  readonly started: number;
  phase: ImportPhase;
  bytesRead: number;
  products: number;
  finished: number | null;
  readonly totalBytes: number | null;
  index: (IndexSyncProgress & { readonly started: number }) | null;
  indexed: boolean | undefined;
}

/** How long a finished import's report stays readable (a console that cancelled reads how it ended). */
const keptAfterEndMs = 5 * 60_000;
/** More uploads than this at once is not a merchant: the oldest finished ones are forgotten first. */
const maxEntries = 100;

/**
 * The progress of the console's uploads, by the id the console chose for each (`?progress=<id>`), readable
 * by the session that started it only. In memory: the storefront is one process, and a report is only
 * useful while its upload runs and shortly after.
 * @param clock - milliseconds now (tests pass their own).
 */
export function createImportProgressRegistry(clock: () => number = Date.now) {
  const entries = new Map<string, Entry>();
  const forgetOld = () => {
    const now = clock();
    for (const [id, entry] of entries) {
      if (entry.finished !== null && now - entry.finished > keptAfterEndMs) entries.delete(id);
    }
    for (const [id, entry] of entries) {
      if (entries.size <= maxEntries) break;
      if (entry.finished !== null) entries.delete(id);
    }
  };
  return {
    /** Starts tracking an upload; `undefined` when the id is taken (another upload, or a replay). */
    start(id: string, sessionId: string, totalBytes: number | null): ImportTracker | undefined {
      forgetOld();
      if (entries.has(id) || entries.size >= maxEntries) return undefined;
      const entry: Entry = {
        sessionId,
        started: clock(),
        phase: 'reading',
        bytesRead: 0,
        products: 0,
        finished: null,
        totalBytes,
        index: null,
        indexed: undefined,
      };
      entries.set(id, entry);
      return {
        async *count(chunks) {
          for await (const chunk of chunks) {
            entry.bytesRead += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
            yield chunk;
          }
        },
        products(written) {
          entry.products = written;
        },
        indexed(progress) {
          entry.index = { ...progress, started: entry.index?.started ?? clock() };
        },
        phase(phase, outcome) {
          if (entry.finished !== null) return;
          entry.phase = phase;
          if (outcome) entry.indexed = outcome.indexed;
          if (phase === 'indexing') entry.bytesRead = entry.totalBytes ?? entry.bytesRead;
          if (phase !== 'reading' && phase !== 'indexing') entry.finished = clock();
        },
      };
    },
    /** The report of an upload of this session; `undefined` for an unknown id or another session's. */
    report(id: string, sessionId: string): ImportProgressReport | undefined {
      const entry = entries.get(id);
      if (!entry || entry.sessionId !== sessionId) return undefined;
      const end = entry.finished ?? clock();
      const index = entry.index;
      return {
        phase: entry.phase,
        bytesRead: entry.bytesRead,
        totalBytes: entry.totalBytes,
        products: entry.products,
        elapsedMs: end - entry.started,
        index: index && {
          products: index.products,
          total: index.total,
          elapsedMs: end - index.started,
        },
        ...(entry.indexed === undefined ? {} : { indexed: entry.indexed }),
      };
    },
  };
}

export type ImportProgressRegistry = ReturnType<typeof createImportProgressRegistry>;
