import type { IncomingHttpHeaders } from 'node:http';
import type { NextApiRequest, NextApiResponse } from 'next';
import type { ImportPhase } from '../../lib/admin/import-progress.ts';
import { sendReply } from '../commerce/commerce-route.ts';
import { handleAdminImport, type JsonReply } from '../http/admin-import.ts';
import { getRuntime } from '../runtime.ts';
import { getAdminRuntime } from './admin-runtime.ts';
import {
  type ConsoleActor,
  ConsoleInputError,
  handleConsoleRequest,
  queryParam,
} from './console-http.ts';
import {
  createImportProgressRegistry,
  type ImportProgressRegistry,
  type ImportTracker,
} from './import-progress-registry.ts';

const registryKey = Symbol.for('vitrine.storefront.import-progress');

/** One registry per process (kept on `globalThis`: a route module may be loaded again in development). */
function progressRegistry(): ImportProgressRegistry {
  const holder = globalThis as { [registryKey]?: ImportProgressRegistry };
  holder[registryKey] ??= createImportProgressRegistry();
  return holder[registryKey];
}

const noStore = { 'cache-control': 'no-store' };

/** The id the console gives an upload to follow it (`crypto.randomUUID()`). */
function progressId(value: string | undefined): string {
  if (value === undefined || !/^[A-Za-z0-9-]{8,64}$/.test(value)) {
    throw new ConsoleInputError('progress: an id of 8 to 64 letters, digits or "-"');
  }
  return value;
}

function contentLength(headers: IncomingHttpHeaders): number | null {
  const length = Number(headers['content-length']);
  return Number.isSafeInteger(length) && length >= 0 ? length : null;
}

function phaseOf(status: number): ImportPhase {
  if (status === 200) return 'imported';
  return status === 400 || status === 409 || status === 415 ? 'refused' : 'failed';
}

/**
 * `POST /api/admin/catalogue/import[?replace=1][&progress=<id>]`: a catalogue file from the console, behind the
 * merchant session and the origin check, handed to the shop's own import endpoint (`handleAdminImport`:
 * streamed, validated, the same per-record error report as the CLI) with the admin key the browser never
 * sees. With `progress`, `GET /api/admin/catalogue/import?progress=<id>` reports how far it is
 * (`ImportProgressReport`) while it runs and for a few minutes after. An upload that stops before the end of
 * the file (the merchant cancelled, the connection dropped) applies nothing: the file is written in one
 * transaction, committed only after its last record.
 */
export async function catalogueImportRoute(
  request: NextApiRequest,
  response: NextApiResponse,
): Promise<void> {
  const registry = progressRegistry();
  const reply = await handleConsoleRequest(
    { method: request.method, headers: request.headers, query: request.query, body: undefined },
    { auth: getAdminRuntime().auth, now: Date.now() },
    {
      GET: async (consoleRequest, actor) => {
        const report = registry.report(
          progressId(queryParam(consoleRequest, 'progress')),
          actor.sessionId,
        );
        if (!report) throw new ConsoleInputError('No such upload', 404);
        return { status: 200, headers: noStore, body: report };
      },
      POST: async (consoleRequest, actor) => {
        const id = queryParam(consoleRequest, 'progress');
        const tracker =
          id === undefined
            ? undefined
            : registry.start(progressId(id), actor.sessionId, contentLength(request.headers));
        if (id !== undefined && !tracker) {
          throw new ConsoleInputError(
            'This upload is already under way',
            409,
            'upload.alreadyRunning',
          );
        }
        try {
          const imported = await importFile(request, actor, tracker);
          // A body that stopped before its end (the merchant cancelled, the connection dropped) is refused
          // as unreadable, the transaction rolled back: the report says it was cancelled.
          tracker?.phase(
            request.readableAborted ? 'cancelled' : phaseOf(imported.status),
            imported.status === 200 ? { indexed: indexUpdated(imported.body) } : undefined,
          );
          return imported;
        } catch (error) {
          tracker?.phase(request.readableAborted ? 'cancelled' : 'failed');
          throw error;
        }
      },
    },
  );
  if (!request.readableEnded && !request.destroyed) request.resume();
  if (!response.destroyed) sendReply(response, reply);
}

/** Whether an import's answer says the search index holds its changes (not `pending`: it catches up later). */
function indexUpdated(body: unknown): boolean {
  const search = (body as { search?: { status?: unknown } } | null)?.search;
  return search?.status !== 'pending';
}

async function importFile(
  request: NextApiRequest,
  actor: ConsoleActor,
  tracker: ImportTracker | undefined,
): Promise<JsonReply> {
  const runtime = getRuntime();
  const adminKey = runtime.adminKey();
  const body = request.iterator({ destroyOnReturn: false });
  const imported = await handleAdminImport(
    {
      method: request.method,
      url: request.url,
      headers: { ...request.headers, authorization: `Bearer ${adminKey ?? ''}` },
      body: tracker ? tracker.count(body) : body,
    },
    {
      adminKey,
      importCatalogue: (source, options) =>
        runtime.importCatalogue(source, {
          ...options,
          onProgress: (products) => tracker?.products(products),
          onWritten: () => tracker?.phase('indexing'),
          onIndexProgress: (progress) => tracker?.indexed(progress),
        }),
    },
  );
  if (imported.status === 200) {
    await runtime.store.recordChanges([
      {
        actor: actor.name,
        subject: 'product',
        subjectId: 'catalogue file',
        action: 'update',
        before: null,
        after: imported.body,
      },
    ]);
  }
  return imported;
}
