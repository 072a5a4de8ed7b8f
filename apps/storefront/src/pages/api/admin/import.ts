import type { NextApiRequest, NextApiResponse } from 'next';
import { handleAdminImport } from '../../../server/http/admin-import.ts';
import { getRuntime } from '../../../server/runtime.ts';

/** The handler streams the body itself: a catalogue of any size is read a record at a time. */
export const config = { api: { bodyParser: false } };

export default async function importRoute(request: NextApiRequest, response: NextApiResponse) {
  const runtime = getRuntime();
  const reply = await handleAdminImport(
    {
      method: request.method,
      url: request.url,
      headers: request.headers,
      // A refused import stops reading early; the rest is drained below, not reset.
      body: request.iterator({ destroyOnReturn: false }),
    },
    { adminKey: runtime.adminKey(), importCatalogue: runtime.importCatalogue },
  );
  for (const [name, value] of Object.entries(reply.headers ?? {})) response.setHeader(name, value);
  if (!request.readableEnded) request.resume();
  response.status(reply.status).json(reply.body);
}
