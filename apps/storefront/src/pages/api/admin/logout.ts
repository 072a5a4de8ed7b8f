import type { NextApiRequest, NextApiResponse } from 'next';
import { getAdminRuntime } from '../../../server/admin/admin-runtime.ts';
import { handleLogout } from '../../../server/admin/login-http.ts';
import { sendReply } from '../../../server/commerce/commerce-route.ts';
import { withParsedBody } from '../../../server/http/request-body.ts';
import { getRuntime } from '../../../server/runtime.ts';

/** withParsedBody reads the body: its errors are JSON, like every other answer. */
export const config = { api: { bodyParser: false } };

export default withParsedBody(
  4 * 1024,
  function logoutRoute(request: NextApiRequest, response: NextApiResponse, body: unknown) {
    const reply = handleLogout(
      {
        method: request.method,
        headers: request.headers,
        body,
        client: request.socket.remoteAddress ?? 'unknown',
      },
      { auth: getAdminRuntime().auth, publicOrigin: getRuntime().publicOrigin, now: Date.now() },
    );
    sendReply(response, reply);
  },
);
