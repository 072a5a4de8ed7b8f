import type { NextApiRequest, NextApiResponse } from 'next';
import { handleAdminImport, maxImportBytes } from '../../../server/http/admin-import.ts';
import { readBody } from '../../../server/http/read-body.ts';
import { getRuntime } from '../../../server/runtime.ts';

/** The handler reads the body itself: its size limit, and a JSON error shaped like every other answer. */
export const config = { api: { bodyParser: false } };

export default async function importRoute(request: NextApiRequest, response: NextApiResponse) {
  const runtime = getRuntime();
  const reply = await handleAdminImport(
    {
      method: request.method,
      headers: request.headers,
      readBody: () => readBody(request, maxImportBytes),
    },
    { adminKey: runtime.adminKey(), importCatalogue: runtime.importCatalogue },
  );
  for (const [name, value] of Object.entries(reply.headers ?? {})) response.setHeader(name, value);
  response.status(reply.status).json(reply.body);
}
