import type { NextApiRequest, NextApiResponse } from 'next';
import { getAdminRuntime } from '../../../server/admin/admin-runtime.ts';
import { clientAddress } from '../../../server/admin/client-address.ts';
import { handleLogin } from '../../../server/admin/login-http.ts';
import { getRuntime } from '../../../server/runtime.ts';

export const config = { api: { bodyParser: { sizeLimit: '4kb' } } };

export default async function loginRoute(request: NextApiRequest, response: NextApiResponse) {
  const admin = getAdminRuntime();
  const reply = await handleLogin(
    {
      method: request.method,
      headers: request.headers,
      body: request.body,
      client: clientAddress(
        request.socket.remoteAddress,
        request.headers,
        admin.trustProxy ?? false,
      ),
    },
    {
      auth: admin.auth,
      publicOrigin: getRuntime().publicOrigin,
      now: Date.now(),
      delay: () => new Promise((resolve) => setTimeout(resolve, admin.failedLoginDelayMs)),
    },
  );
  for (const [name, value] of Object.entries(reply.headers ?? {})) response.setHeader(name, value);
  response.status(reply.status).json(reply.body);
}
