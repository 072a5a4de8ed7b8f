import type { NextApiRequest, NextApiResponse } from 'next';
import { getAdminRuntime } from '../../../server/admin/admin-runtime.ts';
import { clientAddress } from '../../../server/admin/client-address.ts';
import { handleLogin } from '../../../server/admin/login-http.ts';
import { sendReply } from '../../../server/commerce/commerce-route.ts';
import { withParsedBody } from '../../../server/http/request-body.ts';
import { getRuntime } from '../../../server/runtime.ts';

/** withParsedBody reads the body: its errors are JSON, like every other answer. */
export const config = { api: { bodyParser: false } };

export default withParsedBody(
  4 * 1024,
  async function loginRoute(request: NextApiRequest, response: NextApiResponse, body: unknown) {
    const admin = getAdminRuntime();
    const reply = await handleLogin(
      {
        method: request.method,
        headers: request.headers,
        body,
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
    sendReply(response, reply);
  },
);
