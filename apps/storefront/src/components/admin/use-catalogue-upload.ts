import { useRef, useState } from 'react';
import type { ImportProgressReport } from '../../lib/admin/import-progress.ts';
import { isFinished } from '../../lib/admin/import-progress.ts';

/** What the import answered: the products imported, or why the file was refused. */
export interface ImportAnswer {
  /** English (for API clients); the page says `code` in its language when it knows it. */
  readonly message?: string;
  /** A code of `@vitrine/catalogue/record-reasons` or of `lib/admin/upload-problems.ts`. */
  readonly code?: string;
  readonly params?: unknown;
  readonly products?: number;
  readonly removed?: number;
  readonly search?: { readonly status?: string };
  readonly errors?: readonly ImportRecordProblem[];
}

export interface ImportRecordProblem {
  readonly position: number;
  readonly path: string;
  readonly reason: string;
  readonly code?: string;
  readonly params?: unknown;
}

export type UploadState =
  | { readonly kind: 'idle' }
  | {
      readonly kind: 'running';
      readonly fileName: string;
      readonly report: ImportProgressReport;
      readonly cancelling: boolean;
    }
  | {
      readonly kind: 'finished';
      readonly fileName: string;
      readonly report: ImportProgressReport;
      /** The import's answer; `null` when only the progress report tells how it ended (a cancel). */
      readonly answer: ImportAnswer | null;
      readonly ok: boolean;
      readonly cancelled: boolean;
    };

/** How often the console asks how far the import is. */
const pollEveryMs = 400;
const importPath = '/api/admin/catalogue/import';

/** An id the server files the upload's progress under (random; works on plain-HTTP origins too). */
function uploadId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function readReport(id: string): Promise<ImportProgressReport | null> {
  const response = await fetch(`${importPath}?progress=${id}`, { credentials: 'same-origin' });
  return response.ok ? ((await response.json()) as ImportProgressReport) : null;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a catalogue file to the console's import and follows it: the server's report of bytes read and
 * products written (polled while the upload runs), then the import's answer. `cancel` stops the upload;
 * the state then ends as the server tells it (cancelled, or imported if the whole file had already arrived).
 */
export function useCatalogueUpload() {
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);

  const start = async (file: File, replace: boolean) => {
    const id = uploadId();
    const controller = new AbortController();
    abort.current = controller;
    let report: ImportProgressReport = {
      phase: 'reading',
      bytesRead: 0,
      totalBytes: file.size,
      products: 0,
      elapsedMs: 0,
      index: null,
    };
    let settled = false;
    setState({ kind: 'running', fileName: file.name, report, cancelling: false });
    const follow = async () => {
      while (!settled) {
        await wait(pollEveryMs);
        const next = await readReport(id).catch(() => null);
        if (settled || !next) continue;
        report = next;
        setState((current) => (current.kind === 'running' ? { ...current, report } : current));
      }
    };
    void follow();
    const finish = (answer: ImportAnswer | null, ok: boolean, cancelled: boolean) => {
      settled = true;
      abort.current = null;
      setState({ kind: 'finished', fileName: file.name, report, answer, ok, cancelled });
    };
    const ndjson = /\.(ndjson|jsonl)$/i.test(file.name);
    const query = `progress=${id}${replace ? '&replace=1' : ''}`;
    try {
      const response = await fetch(`${importPath}?${query}`, {
        method: 'POST',
        headers: { 'content-type': ndjson ? 'application/x-ndjson' : 'application/json' },
        body: file,
        credentials: 'same-origin',
        signal: controller.signal,
      });
      const answer = (await response
        .json()
        .catch(() => ({ code: 'upload.failed' }))) as ImportAnswer;
      // The server's final report: how the index update ended (its counts, its rate), or that it refused.
      const final = await readReport(id).catch(() => null);
      if (final && isFinished(final.phase)) report = final;
      else if (response.ok) report = { ...report, phase: 'imported', bytesRead: file.size };
      finish(answer, response.ok, false);
    } catch (error) {
      if (!controller.signal.aborted) {
        const message = error instanceof Error ? error.message : String(error);
        finish({ message, code: 'upload.network' }, false, false);
        return;
      }
      // Cancelled: the server says how it ended (nothing applied, unless the whole file had arrived).
      for (let attempt = 0; attempt < 150; attempt += 1) {
        const final = await readReport(id).catch(() => null);
        if (final) report = final;
        if (final && isFinished(final.phase)) break;
        await wait(pollEveryMs);
      }
      finish(null, report.phase === 'imported', report.phase !== 'imported');
    }
  };

  const cancel = () => {
    setState((current) =>
      current.kind === 'running' ? { ...current, cancelling: true } : current,
    );
    abort.current?.abort();
  };

  return { state, start, cancel };
}
