import type { NextApiRequest, NextApiResponse } from 'next';
import { getAdminRuntime } from '../../../server/admin/admin-runtime.ts';
import { handleLogout } from '../../../server/admin/login-http.ts';
import { getRuntime } from '../../../server/runtime.ts';

export const config = { api: { bodyParser: { sizeLimit: '4kb' } } };

export default function logoutRoute(request: NextApiRequest, response: NextApiResponse) {
  const reply = handleLogout(
    {
      method: request.method,
      headers: request.headers,
      body: request.body,
      client: request.socket.remoteAddress ?? 'unknown',
    },
    { auth: getAdminRuntime().auth, publicOrigin: getRuntime().publicOrigin, now: Date.now() },
  );
  for (const [name, value] of Object.entries(reply.headers ?? {})) response.setHeader(name, value);
  response.status(reply.status).json(reply.body);
}
