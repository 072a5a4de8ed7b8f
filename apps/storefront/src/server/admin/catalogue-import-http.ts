import type { NextApiRequest, NextApiResponse } from 'next';
import { sendReply } from '../commerce/commerce-route.ts';
import { handleAdminImport } from '../http/admin-import.ts';
import { getRuntime } from '../runtime.ts';
import { getAdminRuntime } from './admin-runtime.ts';
import { handleConsoleRequest } from './console-http.ts';

/**
 * `POST /api/admin/catalogue/import`: a catalogue file from the console, behind the merchant session and
 * the origin check, handed to the shop's own import endpoint (`handleAdminImport`: streamed, validated, the
 * same per-record error report as the CLI) with the admin key the browser never sees.
 */
export async function catalogueImportRoute(
  request: NextApiRequest,
  response: NextApiResponse,
): Promise<void> {
  const runtime = getRuntime();
  const adminKey = runtime.adminKey();
  const reply = await handleConsoleRequest(
    { method: request.method, headers: request.headers, query: request.query, body: undefined },
    { auth: getAdminRuntime().auth, now: Date.now() },
    {
      POST: async (_request, actor) => {
        const imported = await handleAdminImport(
          {
            method: request.method,
            url: request.url,
            headers: { ...request.headers, authorization: `Bearer ${adminKey ?? ''}` },
            body: request.iterator({ destroyOnReturn: false }),
          },
          { adminKey, importCatalogue: runtime.importCatalogue },
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
      },
    },
  );
  if (!request.readableEnded) request.resume();
  sendReply(response, reply);
}
