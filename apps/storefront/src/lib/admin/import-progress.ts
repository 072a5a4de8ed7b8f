/**
 * A catalogue upload's progress as the console's server reports it (`GET /api/admin/catalogue/import?progress=…`)
 * and what the console's progress bar shows of it.
 */

/**
 * Where an import is: `reading` (the file arrives, is checked and written in one transaction: cancelling
 * still applies nothing), `indexing` (committed; the search index is being brought up to date), then an end
 * state: `imported`, `refused` (a bad record or an unreadable file: nothing applied), `cancelled` (the upload
 * stopped before the end of the file: nothing applied) or `failed`.
 */
export type ImportPhase = 'reading' | 'indexing' | 'imported' | 'refused' | 'cancelled' | 'failed';

export interface ImportProgressReport {
  readonly phase: ImportPhase;
  /** Bytes of the file the server has read (and checked). */
  readonly bytesRead: number;
  /** The file's size (`Content-Length`), `null` when the upload did not say. */
  readonly totalBytes: number | null;
  /** Products checked and written so far (uncommitted until `indexing`). */
  readonly products: number;
  /** Since the server started reading the file. */
  readonly elapsedMs: number;
  /** The search index update after the commit; `null` until it has counted what it has to send. */
  readonly index: IndexProgress | null;
  /** At the end: `false` when the store's changes are applied but the search index could not be updated. */
  readonly indexed?: boolean;
}

export interface IndexProgress {
  /** Products whose records the search index holds so far. */
  readonly products: number;
  /** Products it has to send (those the import changed, or the whole catalogue for a full push). */
  readonly total: number;
  /** Since the index update started. */
  readonly elapsedMs: number;
}

export interface ImportEstimate {
  /** 0–100: the share of the file read; 100 once it is all read. */
  readonly percent: number;
  readonly productsPerSecond: number;
  /** `null` until it can be told (nothing read yet, or no size known). */
  readonly secondsLeft: number | null;
}

/**
 * The bar's figures from a report: the share of the file read, products written per second since the start,
 * and the time left at the reading rate so far (as `npm run import` shows them).
 * `{bytesRead: 250, totalBytes: 1000, products: 100, elapsedMs: 2000}` → 25 %, 50 products/s, 6 s left.
 */
export function estimateImport(report: ImportProgressReport): ImportEstimate {
  const seconds = report.elapsedMs / 1000;
  const total = report.totalBytes;
  const done = report.phase !== 'reading';
  const percent =
    done || total === null || total === 0
      ? done
        ? 100
        : 0
      : Math.min(100, Math.floor((report.bytesRead / total) * 100));
  const secondsLeft = done
    ? 0
    : total === null || report.bytesRead === 0 || seconds === 0
      ? null
      : (seconds * (total - report.bytesRead)) / report.bytesRead;
  return {
    percent,
    productsPerSecond: seconds > 0 ? Math.round(report.products / seconds) : 0,
    secondsLeft,
  };
}

/**
 * The index bar's figures: the share of the products sent to the search index, products per second since
 * the update started, and the time left at that rate. `null` while the update has not counted its work yet.
 * `{products: 500, total: 2000, elapsedMs: 5000}` → 25 %, 100 products/s, 15 s left.
 */
export function estimateIndexing(report: ImportProgressReport): ImportEstimate | null {
  const index = report.index;
  if (report.phase === 'imported') {
    return { percent: 100, productsPerSecond: index ? rate(index) : 0, secondsLeft: 0 };
  }
  if (!index) return null;
  const seconds = index.elapsedMs / 1000;
  const percent = index.total === 0 ? 100 : Math.floor((index.products / index.total) * 100);
  return {
    percent,
    productsPerSecond: rate(index),
    secondsLeft:
      index.products >= index.total
        ? 0
        : index.products === 0 || seconds === 0
          ? null
          : (seconds * (index.total - index.products)) / index.products,
  };
}

function rate(index: IndexProgress): number {
  return index.elapsedMs > 0 ? Math.round(index.products / (index.elapsedMs / 1000)) : 0;
}

/** Whether the phase is an end state (nothing more will change). */
export function isFinished(phase: ImportPhase): boolean {
  return phase !== 'reading' && phase !== 'indexing';
}
